import Testing

@testable import Stagger

/// A lane animation reports a failure by lane and quantity; each caller names it: pairs
/// and components as "<lane name><suffix>", lists by the item's quantity alone. The
/// expected names are the ones the public errors document.
@Suite struct LaneFailureTests {
    static let quantities: [(LaneQuantity, suffix: String)] = [
        (.value, ""), (.target, " target"), (.span, " span"), (.velocity, " velocity"), (.delay, " delay")
    ]

    /// Matched pairs and components: the lane's name, then the quantity; a value that is
    /// not finite is a non-finite component, one float32 cannot hold a range error.
    @Test func animatableErrorsNameTheLaneThenTheQuantity() {
        for (quantity, suffix) in Self.quantities {
            let name = "pair 2 anchorY\(suffix)"
            #expect(
                AnimatableError(.nonFinite(lane: 7, quantity, value: .infinity), laneName: { "pair \($0 / 3) anchorY" })
                    == .nonFiniteComponent(name: name, value: .infinity))
            #expect(
                AnimatableError(.exceedsFloat32(lane: 7, quantity, value: 1e39), laneName: { "pair \($0 / 3) anchorY" })
                    == .curve(.exceedsFloat32Range(name: name, value: 1e39)))
        }
        #expect(AnimatableError(.invalidTime(.nan), laneName: { _ in "" }) == .invalidTime(.nan))
        #expect(
            AnimatableError(.kernel(.curve(.invalidDuration(-1))), laneName: { _ in "" })
                == .curve(.invalidDuration(-1)))
    }

    /// Lists: an item's value is its appearance, its target and the span to it its
    /// target; not finite is `invalidAppearance`, beyond float32 the same range error as
    /// for pairs (the Errors article's rule); a start offset float32 cannot hold makes the
    /// operation's time invalid.
    @Test func staggerErrorsNameTheItemsQuantity() {
        let names: [(LaneQuantity, String)] = [
            (.value, "appearance"), (.target, "target"), (.span, "target"), (.velocity, "velocity")
        ]
        for (quantity, name) in names {
            #expect(
                StaggerError(.nonFinite(lane: 3, quantity, value: .nan), at: 0)
                    == .invalidAppearance(name: name, value: .nan))
            #expect(
                StaggerError(.exceedsFloat32(lane: 3, quantity, value: 1e39), at: 0)
                    == .curve(.exceedsFloat32Range(name: name, value: 1e39)))
        }
        #expect(StaggerError(.nonFinite(lane: 3, .delay, value: .infinity), at: 4e38) == .invalidTime(4e38))
        #expect(StaggerError(.exceedsFloat32(lane: 3, .delay, value: 1e39), at: 4e38) == .invalidTime(4e38))
        #expect(StaggerError(.invalidTime(.infinity), at: 0) == .invalidTime(.infinity))
        #expect(StaggerError(.kernel(.time(1e39)), at: 0) == .invalidTime(1e39))
    }
}

import Testing

@testable import Stagger

/// Two changes at one timestamp (a tap that moves a row and hides the list, a state
/// set twice): the second sees the first's motion as moving, with its velocity, so the
/// pair of changes is the second alone when the first changed nothing. Expected values:
/// the second change made alone (one transition, the motion the tests of interruption
/// check against the published curves), and for the list the figure, 0.4795 at
/// 0.15 s.
@Suite struct SameInstantTransitionTests {
    static let times = [0.1, 0.1001, 0.12, 0.15, 0.2, 0.35, 0.6, 1.2]

    @Test(arguments: [Curve.snappy, .bouncy, .easeInOut, .easeOut])
    func aListMovedThenHiddenAtOneInstant(curve: Curve) throws {
        var list = try StaggeredList(count: 5, config: StaggerConfig(spread: .each(0.03), curve: curve))
        try list.show(at: 0)
        var alone = list
        try alone.hide(at: 0.1)
        // Row 0 is already heading to 1: the move changes nothing.
        try list.move(item: 0, to: 1, at: 0.1)
        try list.hide(at: 0.1)
        // The hide alone keeps a spring list's motions as float32 figures (as the kernel
        // samples them), the move's lanes keep them in Double: they agree to float32's
        // precision.
        let tolerance = SpringListMotion.covers(curve) ? 1e-6 : 1e-12
        for time in Self.times {
            for row in 0..<5 {
                let both = try list.appearance(of: row, at: time), one = try alone.appearance(of: row, at: time)
                #expect(abs(both - one) <= tolerance, "\(curve) row \(row) at \(time): \(both) vs \(one)")
            }
        }
        if curve == .snappy {
            #expect(abs(try list.appearance(of: 0, at: 0.15) - 0.4795) <= 5e-5)
        }
        // The kernel's frame agrees with the reference.
        var frame = list.makeFrame()
        try list.sample(at: 0.15, into: &frame)
        for row in 0..<5 {
            #expect(abs(Double(frame.appearance[row]) - (try alone.appearance(of: row, at: 0.15))) <= 2e-5)
        }
    }

    @Test func aListShownThenHiddenAtOneInstantIsTheHide() throws {
        var list = try StaggeredList(count: 4, config: StaggerConfig(spread: .each(0.05), curve: .snappy))
        try list.show(at: 0)
        var alone = list
        try alone.hide(at: 0.2)
        try list.show(at: 0.2)
        try list.hide(at: 0.2)
        for time in Self.times where time >= 0.2 {
            for row in 0..<4 {
                #expect(abs(try list.appearance(of: row, at: time) - alone.appearance(of: row, at: time)) <= 1e-9)
            }
        }
    }

    @Test func aComponentSetTwiceAtOneInstant() throws {
        let (a, b, _) = try ComponentStateTests.states()
        var animator = ComponentAnimator(state: a)
        try animator.transition(to: b, at: 0)
        var alone = animator
        try alone.transition(to: a, at: 0.1)
        try animator.transition(to: b, at: 0.1)
        try animator.transition(to: a, at: 0.1)
        for time in Self.times {
            let both = try animator.value("frame", of: "card", at: time, as: LayoutRect.self)
            let one = try alone.value("frame", of: "card", at: time, as: LayoutRect.self)
            #expect(abs(both.minY - one.minY) <= 1e-9 && abs(both.height - one.height) <= 1e-9, "at \(time)")
        }
        let velocity = try animator.velocity("frame", of: "card", at: 0.1)
        #expect(velocity.contains { abs($0) > 1 }, "\(velocity)")
    }

    @Test func aPairGroupRetargetedThenReversedAtOneInstant() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 300, y: 40, width: 60, height: 20))
        var group = try MatchedPairGroup(
            [try MatchedPair(source: a, destination: b), try MatchedPair(source: b, destination: a)],
            curves: MatchedCurves(.snappy), stagger: try StaggerConfig(spread: .each(0.05)))
        try group.start(at: 0)
        var alone = group
        try alone.reverse(at: 0.1)
        try group.retarget([b, a], at: 0.1)  // the destinations it already has
        try group.reverse(at: 0.1)
        for time in Self.times {
            for pair in 0..<2 {
                let both = try group.state(ofPair: pair, at: time), one = try alone.state(ofPair: pair, at: time)
                #expect(abs(both.frame.minX - one.frame.minX) <= 1e-9, "pair \(pair) at \(time)")
                #expect(abs(both.frame.width - one.frame.width) <= 1e-9, "pair \(pair) at \(time)")
            }
        }
    }
}

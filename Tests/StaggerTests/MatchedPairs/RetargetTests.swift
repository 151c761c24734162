import Stagger
import Testing

/// A retarget gives the pairs new destinations mid-flight. Everything a group derives
/// from its pairs' ends (the lanes of both ends, the scrub lanes, each pair's decoding
/// record) must then be what a group made with those destinations derives: the
/// expected values come from that group's initialiser, which lays the ends out afresh,
/// an independent path from the retarget's rewrite of the group's own buffers.
@Suite struct RetargetTests {
    /// Seven pairs whose ends depend on their destinations in every way a layout has:
    /// position only, size only, aspect kept, relative corners, an arc, a dissolve, a
    /// half-transparent destination with a shadow.
    static func pairs(destinations: [MatchedGeometry]) throws -> [MatchedPair] {
        let options = [
            MatchedPairOptions(),
            MatchedPairOptions(properties: .position),
            MatchedPairOptions(properties: .size, anchor: try RelativePoint(x: 0, y: 1)),
            MatchedPairOptions(preservesAspectRatio: true),
            MatchedPairOptions(properties: .size, preservesAspectRatio: true, cornerRadius: .relativeToBox),
            MatchedPairOptions(crossFade: .dissolve, arc: 0.6),
            MatchedPairOptions(cornerRadius: .relativeToBox, arc: -1)
        ]
        return try options.indices.map { i in
            let source = try MatchedGeometry(
                frame: LayoutRect(x: Double(i) * 30, y: 500, width: 24, height: 36), cornerRadii: CornerRadii(4),
                color: RGBAColor(red: 0.9, green: 0.2, blue: 0.1))
            return try MatchedPair(source: source, destination: destinations[i], options: options[i])
        }
    }

    /// Destinations `scale` sets apart: each a different box, radius, colour and opacity.
    static func destinations(_ scale: Double) throws -> [MatchedGeometry] {
        try (0..<7).map { i in
            let x = Double(i) * 50 * scale
            return try MatchedGeometry(
                frame: LayoutRect(x: x, y: 40 * scale, width: 80 * scale, height: 45 + 10 * Double(i)),
                cornerRadii: CornerRadii(2 * scale), opacity: i == 6 ? 0.5 : 1,
                color: RGBAColor(red: 0.1, green: 0.2 * scale, blue: 0.9),
                shadow: i % 2 == 0
                    ? try Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.3), radius: 8) : nil)
        }
    }

    static let curves = MatchedCurves(try! .easing(.easeInOutCubic, duration: 0.4))
    static let stagger = try! StaggerConfig(spread: .each(0.05))

    /// `group` shows what a group made with `destinations` shows when scrubbed (the
    /// Double reference and the kernel's frame, decoded) at several progresses.
    static func expectScrubsLikeAFreshGroup(
        _ group: MatchedPairGroup, destinations: [MatchedGeometry], _ comment: Comment
    ) throws {
        let fresh = try MatchedPairGroup(try pairs(destinations: destinations), curves: curves, stagger: stagger)
        #expect(group.pairs == fresh.pairs, comment)
        var frame = group.makeFrame(), freshFrame = fresh.makeFrame()
        var states: [MatchedPairState] = [], freshStates: [MatchedPairState] = []
        for progress in [0, 0.3, 0.7, 1] {
            for i in group.pairs.indices {
                #expect(
                    try group.state(ofPair: i, atProgress: progress) == fresh.state(ofPair: i, atProgress: progress),
                    "\(comment) pair \(i) at \(progress)")
            }
            try group.sample(atProgress: progress, into: &frame)
            try fresh.sample(atProgress: progress, into: &freshFrame)
            #expect(frame.values == freshFrame.values, "\(comment) at \(progress)")
            try group.states(in: frame, into: &states)
            try fresh.states(in: freshFrame, into: &freshStates)
            #expect(states == freshStates, "\(comment) decoded at \(progress)")
        }
    }

    /// Two retargets in flight (the second writes the buffers the first left), a copy
    /// taken between them: each group scrubs, decodes and reverses as one made with its
    /// destinations, and the copy keeps the first retarget's.
    @Test func aRetargetedGroupIsOneMadeWithItsDestinations() throws {
        let first = try Self.destinations(1), second = try Self.destinations(2)
        var group = try MatchedPairGroup(
            try Self.pairs(destinations: try Self.destinations(0.5)), curves: Self.curves, stagger: Self.stagger)
        try group.start(at: 0)
        try group.retarget(first, at: 0.1)
        let copy = group
        try group.retarget(second, at: 0.2)
        try Self.expectScrubsLikeAFreshGroup(group, destinations: second, "after two retargets")
        try Self.expectScrubsLikeAFreshGroup(copy, destinations: first, "the copy")
        // At rest the group is where its new destinations are; a reverse takes it to the
        // source box the new destinations give (a fresh group at rest shows it). The
        // motions' layers add up to the ends within rounding.
        let fresh = try MatchedPairGroup(
            try Self.pairs(destinations: second), curves: Self.curves, stagger: Self.stagger)
        for i in group.pairs.indices {
            Self.expectClose(
                try group.state(ofPair: i, at: 5), try fresh.state(ofPair: i, atProgress: 1), "pair \(i) arrived")
        }
        try group.reverse(at: 5)
        for i in group.pairs.indices {
            Self.expectClose(try group.state(ofPair: i, at: 10), try fresh.state(ofPair: i, at: 0), "pair \(i) back")
        }
    }

    /// The box, corners, opacities and colours of two states agree within 1e-9 of their size.
    static func expectClose(_ a: MatchedPairState, _ b: MatchedPairState, _ comment: Comment) {
        let pairs = [
            (a.frame.minX, b.frame.minX), (a.frame.minY, b.frame.minY), (a.frame.width, b.frame.width),
            (a.frame.height, b.frame.height),
            (a.cornerRadii.horizontal.topLeading, b.cornerRadii.horizontal.topLeading),
            (a.cornerRadii.vertical.bottomTrailing, b.cornerRadii.vertical.bottomTrailing), (a.opacity, b.opacity),
            (a.incomingOpacity, b.incomingOpacity), (a.outgoingOpacity, b.outgoingOpacity),
            (a.color.red, b.color.red), (a.color.green, b.color.green), (a.color.alpha, b.color.alpha),
            (a.shadow.color.alpha, b.shadow.color.alpha), (a.shadow.radius, b.shadow.radius)
        ]
        for (k, (x, y)) in pairs.enumerated() {
            #expect(abs(x - y) <= 1e-9 * max(1, abs(y)), "\(comment): field \(k) \(x) vs \(y)")
        }
    }

    /// A destination whose lanes overflow (a far anchor times a huge box) is refused,
    /// named, with nothing changed; the next retarget goes through.
    @Test func aDestinationThatOverflowsChangesNothing() throws {
        var pair = try MatchedPair(
            source: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10)),
            destination: try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10)))
        // 1e30 widths from the anchor: within float32 on a box of 10, past Double on one
        // of 1e300.
        pair.options.anchor = try RelativePoint(x: 1e30, y: 0)
        var group = try MatchedPairGroup([pair, pair], curves: Self.curves)
        try group.start(at: 0)
        try group.retarget([pair.destination, pair.destination], at: 0.1)
        let before = group
        let huge = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 1e300, height: 10))
        #expect(throws: AnimatableError.nonFiniteComponent(name: "pair 1 destination anchorX", value: .infinity)) {
            try group.retarget([pair.destination, huge], at: 0.2)
        }
        #expect(group.pairs == before.pairs)
        for i in 0..<2 {
            #expect(
                try group.laneValues(ofPair: i, at: 0.3).map(\.value)
                    == before.laneValues(ofPair: i, at: 0.3).map(\.value))
            #expect(try group.state(ofPair: i, atProgress: 0.5) == before.state(ofPair: i, atProgress: 0.5))
        }
        let moved = try MatchedGeometry(frame: LayoutRect(x: 100, y: 50, width: 10, height: 10))
        try group.retarget([moved, moved], at: 0.2)
        #expect(group.pairs.map(\.destination) == [moved, moved])
        #expect(try group.state(ofPair: 1, at: 10).frame.minY == 50)
    }

    /// Scrub lanes that a retarget's ends do not fit (a span from one end of float32's
    /// range to the other, where the engine's own move from where the pair is fits) are
    /// dropped, so that scrubbing throws what a group made with those ends throws; the
    /// next retarget makes them afresh.

    /// A retarget names its new destinations' overflow first, even where the source end
    /// overflows too: with the position only moving, the source shows the destination's
    /// size, so a destination 1e300 wide under an anchor at 1e30 widths puts the source
    /// box at 1e31 − 1e330 = −∞ (its anchor lane −∞ + ∞, NaN) and the destination's
    /// anchor at +∞.
    @Test func aRetargetNamesTheDestinationFirst() throws {
        var pair = try MatchedPair(
            source: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10)),
            destination: try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10)),
            options: MatchedPairOptions(properties: .position))
        pair.options.anchor = try RelativePoint(x: 1e30, y: 0)
        var group = try MatchedPairGroup([pair, pair], curves: Self.curves)
        try group.start(at: 0)
        let huge = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 1e300, height: 10))
        #expect(throws: AnimatableError.nonFiniteComponent(name: "pair 1 destination anchorX", value: .infinity)) {
            try group.retarget([pair.destination, huge], at: 0.2)
        }
    }
    @Test func scrubLanesThatNoLongerFitComeBack() throws {
        let curves = MatchedCurves(try .easing(.easeInOutCubic, duration: 0.4))
        let source = try MatchedGeometry(frame: LayoutRect(x: -3e38, y: 0, width: 10, height: 10))
        let home = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let far = try MatchedGeometry(frame: LayoutRect(x: 3e38, y: 0, width: 10, height: 10))
        var group = try MatchedPairGroup([try MatchedPair(source: source, destination: home)], curves: curves)
        try group.start(at: 0)
        // At rest at x = 0: the move to 3e38 fits float32, the scrub from -3e38 does not.
        try group.retarget([far], at: 10)
        let unfit = try MatchedPairGroup([try MatchedPair(source: source, destination: far)], curves: curves)
        var frame = group.makeFrame()
        var expected: AnimatableError?
        do { try unfit.sample(atProgress: 0.5, into: &frame) } catch { expected = error }
        let refusal = try #require(expected)
        #expect(throws: refusal) { try group.sample(atProgress: 0.5, into: &frame) }
        let back = try MatchedGeometry(frame: LayoutRect(x: 200, y: 0, width: 10, height: 10))
        try group.retarget([back], at: 20)
        let fitting = try MatchedPairGroup([try MatchedPair(source: source, destination: back)], curves: curves)
        var fittingFrame = fitting.makeFrame()
        for progress in [0, 0.5, 1] {
            try group.sample(atProgress: progress, into: &frame)
            try fitting.sample(atProgress: progress, into: &fittingFrame)
            #expect(frame.values == fittingFrame.values, "at \(progress)")
        }
    }
}

import Stagger
import Testing

/// A group whose pairs are all at rest starts each from where the last transition sent
/// it, exactly, and a start from rest it has made before is the same motion again (the
/// group takes it back instead of writing every lane): figures by hand from linear
/// motions, and a spring's from its curve's own value.
@Suite struct StartFromRestTests {
    /// Two pairs 10 points square at x = 0 and 200, flying `shift` points right.
    static func pairs(shift: Double = 100) throws -> [MatchedPair] {
        try [0.0, 200].map { x in
            try MatchedPair(
                source: MatchedGeometry(frame: LayoutRect(x: x, y: 0, width: 10, height: 10)),
                destination: MatchedGeometry(frame: LayoutRect(x: x + shift, y: 0, width: 10, height: 10)))
        }
    }

    /// Linear over 1 s, pair 1 half a second after pair 0.
    static func linearGroup() throws -> MatchedPairGroup {
        try MatchedPairGroup(
            pairs(), curves: MatchedCurves(try .easing(.linear, duration: 1)),
            stagger: try StaggerConfig(spread: .each(0.5)))
    }

    /// Pair `index`'s x at `time`, by the Double reference and from a kernel frame.
    static func x(_ group: MatchedPairGroup, pair index: Int, at time: Double) throws -> (
        reference: Double, frame: Double
    ) {
        var frame = group.makeFrame()
        try group.sample(at: time, into: &frame)
        return (
            try group.state(ofPair: index, at: time).frame.origin.x,
            try group.state(ofPair: index, in: frame).frame.origin.x
        )
    }

    static func expectX(
        _ group: MatchedPairGroup, pair index: Int, at time: Double, _ expected: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let x = try Self.x(group, pair: index, at: time)
        #expect(abs(x.reference - expected) < 1e-9, "reference at \(time)", sourceLocation: sourceLocation)
        #expect(abs(x.frame - expected) < 1e-3, "frame at \(time)", sourceLocation: sourceLocation)
    }

    /// Open, close, open again, each from rest: every start is the first one again,
    /// shifted in time. Pair 0 runs 0 → 100 over the first second after each start, pair
    /// 1 (delay 0.5) 200 → 300 over the next; a close runs them back in the same order.
    @Test func startingAgainFromRestRepeatsTheMotion() throws {
        var group = try Self.linearGroup()
        for start in [0.0, 20, 40] {
            try group.start(at: start)
            try Self.expectX(group, pair: 0, at: start + 0.25, 25)
            try Self.expectX(group, pair: 1, at: start + 0.25, 200)
            try Self.expectX(group, pair: 1, at: start + 0.75, 225)
            #expect(group.settleTime == start + 1.5)
            try group.reverse(at: start + 10)
            try Self.expectX(group, pair: 0, at: start + 10.5, 50)
            try Self.expectX(group, pair: 1, at: start + 10.5, 300)
            try Self.expectX(group, pair: 1, at: start + 11, 250)
            #expect(group.settleTime == start + 11.5)
            // Each pair comes to rest once per motion, also in the one taken back.
            let settled = try group.pairsSettling(after: start, through: start + 12)
            #expect(settled.map(\.index) == [0, 1, 0, 1])
            #expect(settled.map(\.time) == [start + 1, start + 1.5, start + 11, start + 11.5])
        }
    }

    /// A retarget at rest moves the destinations: the next starts from rest are new
    /// motions, not the ones made for the old destinations. Destinations 200 points
    /// right of the sources from 20 s on.
    @Test func aRetargetMakesNewMotionsFromRest() throws {
        var group = try Self.linearGroup()
        try group.start(at: 0)
        try group.reverse(at: 10)
        let farther = try Self.pairs(shift: 200).map(\.destination)
        try group.retarget(farther, at: 20)
        try Self.expectX(group, pair: 0, at: 20.5, 100)
        // Back from x = 200 (not the old destination, 100).
        try group.reverse(at: 30)
        try Self.expectX(group, pair: 0, at: 30.5, 100)
        try Self.expectX(group, pair: 1, at: 31, 300)
        try group.start(at: 40)
        try Self.expectX(group, pair: 0, at: 40.5, 100)
        try Self.expectX(group, pair: 1, at: 41, 300)
        // The same way back as at 30 s.
        try group.reverse(at: 50)
        try Self.expectX(group, pair: 0, at: 50.25, 150)
        try Self.expectX(group, pair: 1, at: 50.5, 400)
        try Self.expectX(group, pair: 1, at: 51, 300)
    }

    /// A pair that moves only its position shows the destination's size at its source
    /// too: 10 × 10 at (0, 0) to 20 × 20 at (100, 0) starts as a 20 × 20 box about the
    /// source's centre (5, 5). Retargeted to 40 × 40, its way back ends as a 40 × 40 box
    /// about (5, 5), at (−15, −15), and scrubbing to progress 0 shows the same box.
    @Test func aRetargetMovesTheSourceEndOfAPositionOnlyPair() throws {
        let pair = try MatchedPair(
            source: MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10)),
            destination: MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 20, height: 20)),
            options: MatchedPairOptions(properties: .position))
        var group = try MatchedPairGroup([pair], curves: MatchedCurves(try .easing(.linear, duration: 1)))
        #expect(try group.state(ofPair: 0, at: 0).frame == (try LayoutRect(x: -5, y: -5, width: 20, height: 20)))
        try group.start(at: 0)
        try group.retarget([try MatchedGeometry(frame: LayoutRect(x: 200, y: 0, width: 40, height: 40))], at: 5)
        try group.reverse(at: 10)
        let back = try LayoutRect(x: -15, y: -15, width: 40, height: 40)
        #expect(try group.state(ofPair: 0, at: 12).frame == back)
        #expect(try group.state(ofPair: 0, atProgress: 0).frame == back)
    }

    /// Reduced motion jumps the frames (the geometry's reduced curve) and spreads the
    /// stagger over at most its maximum; turned off again, the full motion returns.
    @Test func reducedMotionAtRestThenFullMotionAgain() throws {
        var group = try Self.linearGroup()
        try group.start(at: 0)
        try group.reverse(at: 10)
        group.reducedMotion = .system(isEnabled: true)
        try group.start(at: 20)
        // Pair 0 jumps at once; pair 1 waits at most the reduced spread.
        try Self.expectX(group, pair: 0, at: 20.01, 100)
        try group.reverse(at: 30)
        try Self.expectX(group, pair: 0, at: 30.01, 0)
        group.reducedMotion = .system(isEnabled: false)
        try group.start(at: 40)
        try Self.expectX(group, pair: 0, at: 40.25, 25)
        try Self.expectX(group, pair: 1, at: 40.75, 225)
        try group.reverse(at: 50)
        try Self.expectX(group, pair: 0, at: 50.5, 50)
    }

    /// A spring at rest is where it was sent, exactly: what it has left within its
    /// settling tolerance is let go. The way back from 100 to 0 is then the spring's own
    /// curve, x = 100 − 100 · bouncy(t), and again so after a second open and close.
    @Test func aSpringAtRestStartsFromItsTarget() throws {
        var group = try MatchedPairGroup(Self.pairs(), curves: MatchedCurves(.bouncy))
        for start in [0.0, 20] {
            try group.start(at: start)
            #expect(group.settleTime < start + 10)
            try group.reverse(at: start + 10)
            #expect(try Self.x(group, pair: 0, at: start + 10).reference == 100)
            for t in [0.05, 0.2, 0.6] {
                let expected = 100 - 100 * (try Curve.bouncy.value(at: t))
                try Self.expectX(group, pair: 0, at: start + 10 + t, expected)
                try Self.expectX(group, pair: 1, at: start + 10 + t, expected + 200)
            }
        }
    }
}

import Stagger
import Testing

/// A pair group is a value: a copy keeps the motion it had whatever the original does
/// next, and the other way round (the group's storage is shared until one changes).
@Suite struct GroupCopyTests {
    /// Two pairs flying 100 points right (x 0 → 100, 200 → 300), linear over 1 s, no
    /// stagger. The copy, taken after the start, runs on: x = 75 at 0.75 s. The original,
    /// reversed at 0.5 s, adds the way back on top (additive easing): 0.75 of the way
    /// there minus 0.25 of the way back, x = 50; it settles at 1.5 s, the copy at 1.
    @Test func aCopyKeepsItsMotion() throws {
        let pairs = try [0.0, 200].map { x in
            try MatchedPair(
                source: MatchedGeometry(frame: LayoutRect(x: x, y: 0, width: 10, height: 10)),
                destination: MatchedGeometry(frame: LayoutRect(x: x + 100, y: 0, width: 10, height: 10)))
        }
        var group = try MatchedPairGroup(pairs, curves: MatchedCurves(try .easing(.linear, duration: 1)))
        try group.start(at: 0)
        var copy = group
        try group.reverse(at: 0.5)
        for (i, start) in [0.0, 200].enumerated() {
            #expect(abs(try copy.state(ofPair: i, at: 0.75).frame.origin.x - (start + 75)) < 1e-9)
            #expect(abs(try group.state(ofPair: i, at: 0.75).frame.origin.x - (start + 50)) < 1e-9)
        }
        #expect(copy.settleTime == 1)
        #expect(group.settleTime == 1.5)
        // The kernel's frames too (float32 lanes).
        var copyFrame = copy.makeFrame(), frame = group.makeFrame()
        try copy.sample(at: 0.75, into: &copyFrame)
        try group.sample(at: 0.75, into: &frame)
        #expect(abs(try copy.state(ofPair: 1, in: copyFrame).frame.origin.x - 275) < 1e-3)
        #expect(abs(try group.state(ofPair: 1, in: frame).frame.origin.x - 250) < 1e-3)
        // Now the copy changes: the original does not.
        try copy.reverse(at: 0.75)
        #expect(abs(try group.state(ofPair: 0, at: 0.75).frame.origin.x - 50) < 1e-9)
        #expect(group.settleTime == 1.5)
        #expect(abs(try copy.state(ofPair: 0, at: 0.75).frame.origin.x - 75) < 1e-9)
        #expect(copy.settleTime == 1.75)
    }

    /// A way back set on a copy is the copy's: the original reverses on its own curves.
    /// Linear over 1 s there, 0.5 s back on the copy: each reverses at 1 (at rest at x =
    /// 100) and reaches the source at 2 and at 1.5.
    @Test func aCopysWayBackIsItsOwn() throws {
        let pair = try MatchedPair(
            source: MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10)),
            destination: MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10)))
        var group = try MatchedPairGroup([pair], curves: MatchedCurves(try .easing(.linear, duration: 1)))
        try group.start(at: 0)
        var copy = group
        copy.reverseCurves = MatchedCurves(try .easing(.linear, duration: 0.5))
        #expect(group.reverseCurves == nil)
        try group.reverse(at: 1)
        try copy.reverse(at: 1)
        #expect(group.settleTime == 2)
        #expect(copy.settleTime == 1.5)
        #expect(abs(try group.state(ofPair: 0, at: 1.25).frame.origin.x - 75) < 1e-9)
        #expect(abs(try copy.state(ofPair: 0, at: 1.25).frame.origin.x - 50) < 1e-9)
    }
}

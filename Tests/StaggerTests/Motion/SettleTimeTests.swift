import PropertyBased
import Testing

@testable import Stagger

/// When lanes come to rest, found in blocks and columns (`settleTime`, `isAtRest(at:)`,
/// `columnSettleTimes(into:)`, which a tap on a pair group reads instead of asking lane
/// by lane): the latest of the start and every lane's `end(ofLane:)`, to the bit, with
/// one plane or with layers on top of it.
@Suite(.shrinking(false)) struct SettleTimeTests {
    /// Four lanes started at 1 s with delays 0, 0.1, 0.2 and 0.3 s: lanes 0 and 1 run
    /// an easing of 0.4 s, lanes 2 and 3 one of 0.25 s, so they end at 1.4, 1.5, 1.45
    /// and 1.55 s; in two columns (lanes 0 and 2, lanes 1 and 3) at 1.45 and 1.55 s.
    @Test func oneMotionWorkedByHand() throws {
        var engine = try AddedLayerTests.engine(values: [0, 0, 0, 0])
        try engine.restart(at: 1, targets: .each([1, 1, 1, 1]), delays: [0, 0.1, 0.2, 0.3], keeping: .movingLanes)
        #expect(abs(engine.settleTime - 1.55) <= 1e-12)
        var columns = [Double](repeating: .nan, count: 2)
        let latest = columns.withUnsafeMutableBufferPointer { engine.columnSettleTimes(into: $0) }
        #expect(abs(columns[0] - 1.45) <= 1e-12 && abs(columns[1] - 1.55) <= 1e-12)
        #expect(latest == engine.settleTime)
        #expect(!engine.isAtRest(at: 0.5))
        #expect(!engine.isAtRest(at: 1.5))
        #expect(engine.isAtRest(at: 1.56))
    }

    /// One plane (a restart from rest that writes every plane), worked by hand as
    /// above: the loop of a single plane.
    @Test func onePlaneWorkedByHand() throws {
        var engine = try AddedLayerTests.engine(values: [0, 0, 0, 0])
        try engine.restart(
            at: 1, targets: .each([1, 1, 1, 1]), delays: [0, 0.1, 0.2, 0.3], keeping: .movingLanes, addsLayer: false)
        #expect(engine.planes.count == 1)
        var columns = [Double](repeating: .nan, count: 2)
        let latest = columns.withUnsafeMutableBufferPointer { engine.columnSettleTimes(into: $0) }
        #expect(abs(columns[0] - 1.45) <= 1e-12 && abs(columns[1] - 1.55) <= 1e-12)
        #expect(abs(latest - 1.55) <= 1e-12 && latest == engine.settleTime)
    }

    /// One to four planes in one to all columns, lanes of different depths among them
    /// (taps that add a layer while lanes move, and taps that write every plane again,
    /// folding finished motions, in a random order): every figure is the lane-by-lane
    /// maximum, bit for bit, and at rest means past every end.
    @Test func layersGiveTheLaneByLaneEnds() async {
        let inputs = zip(
            Gen.int(in: 1...40), Gen.int(in: 1...3), Gen.double(in: 0.02...0.3).array(of: 0...4),
            Gen.int(in: 0...1_000_000))
        await checkProperty(count: 80, input: inputs) { columns, rows, gaps, seed in
            var random = SplitMix(seed: UInt64(seed))
            let count = 2 * columns * rows
            var engine = try AddedLayerTests.engine(values: (0..<count).map { _ in random.next(in: -10...10) })
            var time = 1.0
            func tap() throws {
                let targets = (0..<count).map { _ in random.next(in: -10...10) }
                let delays = (0..<count).map { _ in random.next(in: 0...0.3) }
                let addsLayer = random.next(in: 0...1) < 0.7
                try engine.restart(
                    at: time, targets: .each(targets), delays: delays, keeping: .movingLanes, addsLayer: addsLayer)
            }
            try tap()
            for gap in gaps {
                time += gap
                try tap()
            }
            let ends = (0..<count).map { engine.end(ofLane: $0) }
            let latest = ends.reduce(engine.start, Swift.max)
            #expect(engine.settleTime == latest, "\(engine.planes.count) planes")
            for width in [1, columns, 2 * columns, count] where count % width == 0 {
                var found = [Double](repeating: .nan, count: width)
                let all = found.withUnsafeMutableBufferPointer { engine.columnSettleTimes(into: $0) }
                let expected = (0..<width).map { c in
                    stride(from: c, to: count, by: width).map { ends[$0] }.reduce(engine.start, Swift.max)
                }
                #expect(found == expected, "\(engine.planes.count) planes, \(width) columns")
                #expect(all == latest)
            }
            #expect(engine.isAtRest(at: latest))
            #expect(!engine.isAtRest(at: latest.nextDown))
        }
    }

    /// A pair group of 150 pairs (blocks of 64, 64 and 22 pairs), easeInOutCubic 0.4 s,
    /// staggered over 0.25 s in order and started at 1 s: pair i comes to rest at
    /// 1 + 0.25 · i / 149 + 0.4 s, worked by hand. Frames every 10 ms hear of each pair
    /// once, at that time; the group settles with the last, at 1.65 s.
    @Test func aFrameLoopHearsOfEveryPairOnce() throws {
        let n = 150
        var group = try MatchedPairGroup(
            Array(
                repeating: try MatchedPair(source: AllocationTests.card, destination: AllocationTests.detail), count: n),
            curves: MatchedCurves(try .easing(.easeInOutCubic, duration: 0.4)),
            stagger: try StaggerConfig(spread: .amount(0.25)))
        try group.start(at: 1)
        var heard = [Double?](repeating: nil, count: n)
        var previous = 1.0
        for frame in 1...80 {
            let time = 1 + Double(frame) * 0.01
            for (pair, at) in try group.pairsSettling(after: previous, through: time) {
                #expect(heard[pair] == nil, "pair \(pair) heard twice")
                heard[pair] = at
            }
            previous = time
        }
        for pair in 0..<n {
            let expected = 1 + 0.25 * Double(pair) / Double(n - 1) + 0.4
            #expect(abs((heard[pair] ?? .nan) - expected) < 1e-6, "pair \(pair)")
            #expect(try group.settleTime(ofPair: pair) == heard[pair])
        }
        #expect(abs(group.settleTime - 1.65) < 1e-6)
        // The pass of the pairs' rests gives the group's settle time on the way (a
        // frame loop reads it from there), none before the earliest end.
        #expect(group.forEachPairSettling(after: 1.6, through: 1.7) { _, _ in } == group.settleTime)
        #expect(group.forEachPairSettling(after: 1.0, through: 1.1) { _, _ in } == nil)
    }
}

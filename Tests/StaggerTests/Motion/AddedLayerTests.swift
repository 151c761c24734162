import PropertyBased
import Testing

@testable import Stagger

/// A restart of easing lanes adds one plane on top of the motions in flight
/// (`addLayer`) where the engine used to write every plane again, folding finished
/// motions (`setMotion`, still the path of springs, decays and a fifth motion). The two
/// must be one motion: the same values, velocities, ends and moving lanes at every time,
/// tap after tap, and the same float32 samples on every backend. The rewrite is the
/// path the published definitions were first checked against (AdditiveEasingTests works
/// them by hand).
@Suite(.shrinking(false)) struct AddedLayerTests {
    /// Two easings of their own durations over `n` lanes, the kernel's too.
    static func engine(values: [Double]) throws -> LaneAnimation {
        let split = values.count / 2
        return try LaneAnimation(
            kernelValues: values,
            segments: [
                .init(lanes: 0..<split, curve: try .easing(.easeInOutCubic, duration: 0.4)),
                .init(lanes: split..<values.count, curve: try .easing(.easeOut, duration: 0.25))
            ])
    }

    /// Both engines' lanes agree at `time`: value and velocity to rounding, whether
    /// they move, and when they end.
    static func expectSame(_ layered: LaneAnimation, _ rewritten: LaneAnimation, at time: Double, _ note: String) {
        for lane in 0..<layered.laneCount {
            let a = layered.reference(lane: lane, at: time), b = rewritten.reference(lane: lane, at: time)
            #expect(abs(a.value - b.value) <= 1e-9 * (1 + abs(b.value)), "\(note) lane \(lane) at \(time)")
            #expect(abs(a.velocity - b.velocity) <= 1e-8 * (1 + abs(b.velocity)), "\(note) lane \(lane) at \(time)")
            #expect(layered.isMoving(lane: lane, at: time) == rewritten.isMoving(lane: lane, at: time))
            #expect(abs(layered.end(ofLane: lane) - rewritten.end(ofLane: lane)) <= 1e-12)
        }
    }

    static func samples(_ engine: LaneAnimation, at time: Double, backend: Backend) throws -> [Float] {
        var values = [Float](repeating: 0, count: engine.laneCount), velocities = values
        try values.withUnsafeMutableBufferPointer { values in
            try velocities.withUnsafeMutableBufferPointer { velocities in
                try engine.sample(
                    at: time, values: values.baseAddress!, velocities: velocities.baseAddress!, backend: backend)
            }
        }
        return values + velocities
    }

    /// Up to five taps, each sending every lane to new targets with new delays (the
    /// lanes moving at the tap carry on at once), after a start from rest: the first
    /// three add layers, a fourth or fifth rewrites (every plane in use) on both.
    @Test func layersGiveTheRewritesMotion() async {
        let inputs = zip(
            Gen.double(in: -100...100).array(of: 2...24), Gen.double(in: 0.02...0.3).array(of: 1...5),
            Gen.int(in: 0...1_000_000))
        await checkProperty(count: 60, input: inputs) { values, gaps, seed in
            var random = SplitMix(seed: UInt64(seed))
            var layered = try Self.engine(values: values)
            var rewritten = layered
            var time = 1.0
            var targets = values.map { _ in random.next(in: -100...100) }
            var delays = values.map { _ in random.next(in: 0...0.3) }
            try layered.restart(at: time, targets: .each(targets), delays: delays, keeping: .movingLanes)
            try rewritten.restart(
                at: time, targets: .each(targets), delays: delays, keeping: .movingLanes, addsLayer: false)
            for gap in gaps {
                time += gap
                targets = values.map { _ in random.next(in: -100...100) }
                delays = values.map { _ in random.next(in: 0...0.3) }
                try layered.restart(at: time, targets: .each(targets), delays: delays, keeping: .movingLanes)
                try rewritten.restart(
                    at: time, targets: .each(targets), delays: delays, keeping: .movingLanes, addsLayer: false)
                // The bound a caller skips its pass of rests by: no lane ends before it,
                // and the rewrite, which writes every lane's end, finds the soonest.
                let ends = (0..<values.count).map { layered.end(ofLane: $0) }
                #expect(layered.earliestEnd <= ends.min()!)
                let rewrittenEnds = (0..<values.count).map { rewritten.end(ofLane: $0) }
                #expect(rewritten.earliestEnd <= rewrittenEnds.min()!)
                #expect(rewritten.earliestEnd >= rewrittenEnds.min()! - 1e-12)
                for t in [time, time + 0.01, time + 0.13, time + 0.31, time + 0.72] {
                    Self.expectSame(layered, rewritten, at: t, "tap at \(time)")
                }
            }
            #expect(abs(layered.settleTime - rewritten.settleTime) <= 1e-12)
            for backend in testedBackends {
                for t in [time + 0.05, time + 0.2] {
                    let a = try Self.samples(layered, at: t, backend: backend)
                    let b = try Self.samples(rewritten, at: t, backend: backend)
                    for k in a.indices {
                        #expect(abs(a[k] - b[k]) <= 1e-4 * (1 + abs(b[k])), "\(backend) \(k) at \(t)")
                    }
                }
            }
        }
    }

    /// A layer refuses what the rewrite refuses, naming the same lane and figure, and
    /// changes nothing: a target float32 cannot hold (1e39, past its largest finite
    /// value, about 3.4e38), one that is not finite, a delay that is not finite, for a
    /// lane that carries on (4, moving) and one that waits (9, its delay 0.45 s not yet
    /// over at 0.2 s).
    @Test func aLayerRefusesWhatTheRewriteRefuses() throws {
        let n = 10
        let values = (0..<n).map { Double($0) }
        var engine = try Self.engine(values: values)
        try engine.restart(
            at: 0, targets: .each(values.map { $0 + 100 }), delays: (0..<n).map { 0.05 * Double($0) },
            keeping: .movingLanes)
        for (lane, target, delay) in [
            (4, 1e39, 0.0), (9, 1e39, 0.0), (4, Double.infinity, 0.0), (9, -Double.nan, 0.0), (9, 1.0, Double.infinity)
        ] {
            var targets = values, delays = [Double](repeating: 0, count: n)
            targets[lane] = target
            delays[lane] = delay
            var layered = engine, rewritten = engine
            var failures: [LaneFailure?] = [nil, nil]
            do { try layered.restart(at: 0.2, targets: .each(targets), delays: delays, keeping: .movingLanes) } catch {
                failures[0] = error
            }
            do {
                try rewritten.restart(
                    at: 0.2, targets: .each(targets), delays: delays, keeping: .movingLanes, addsLayer: false)
            } catch { failures[1] = error }
            #expect(failures[0] != nil, "lane \(lane) to \(target) after \(delay)")
            // Described, not compared: a NaN figure is not equal to itself.
            #expect("\(failures[0]!)" == "\(failures[1].map { "\($0)" } ?? "none")", "lane \(lane) to \(target)")
            #expect(layered.planes.count == engine.planes.count && layered.kernel == engine.kernel)
            #expect(layered.planes[0].to == engine.planes[0].to && layered.depth == engine.depth)
            // The plane the refused layer had taken is taken again, clean.
            let zeros = [Double](repeating: 0, count: n)
            try layered.restart(at: 0.2, targets: .each(values), delays: zeros, keeping: .movingLanes)
            try rewritten.restart(
                at: 0.2, targets: .each(values), delays: zeros, keeping: .movingLanes, addsLayer: false)
            for t in [0.2, 0.3, 0.5, 0.9] { Self.expectSame(layered, rewritten, at: t, "after a refusal") }
        }
    }

    /// A hide mid-stagger: lanes still waiting are sent to the value they hold, so they
    /// go nowhere, and stay a single motion (a later curve change keeps what is left of
    /// their delay), on both paths; a second change at the same instant carries on the
    /// lanes that move and none of those.
    @Test func lanesHeldStillGoNowhere() throws {
        let n = 8
        let values = [Double](repeating: 0, count: n)
        var engine = try Self.engine(values: values)
        try engine.restart(
            at: 0, targets: .all(1), delays: (0..<n).map { 0.1 * Double($0) }, keeping: .movingLanes)
        var layered = engine, rewritten = engine
        // At 0.25 lanes 0-2 move; 3-7 wait at 0 and are sent to 0.
        let zeros = [Double](repeating: 0, count: n)
        try layered.restart(at: 0.25, targets: .all(0), delays: zeros, keeping: .movingLanes)
        try rewritten.restart(at: 0.25, targets: .all(0), delays: zeros, keeping: .movingLanes, addsLayer: false)
        for lane in 0..<n {
            #expect(layered.goesNowhere(lane: lane) == (lane >= 3), "lane \(lane)")
            #expect(layered.goesNowhere(lane: lane) == rewritten.goesNowhere(lane: lane), "lane \(lane)")
            #expect(layered.hasOneMotion(lane: lane) == rewritten.hasOneMotion(lane: lane), "lane \(lane)")
            #expect(layered.isMoving(lane: lane, at: 0.25) == rewritten.isMoving(lane: lane, at: 0.25))
        }
        Self.expectSame(layered, rewritten, at: 0.3, "held still")
        // Under another curve at 0.26, waiting lanes keep what is left of their delay.
        let curve = try Curve.easing(.linear, duration: 0.2)
        let a = try StaggeredList.rerun(layered, under: curve, at: 0.26)
        let b = try StaggeredList.rerun(rewritten, under: curve, at: 0.26)
        for lane in 0..<n {
            #expect(abs(a.begin(ofLane: lane) - b.begin(ofLane: lane)) <= 1e-12, "lane \(lane)")
            #expect(abs(a.end(ofLane: lane) - b.end(ofLane: lane)) <= 1e-12, "lane \(lane)")
        }
    }

    /// The card opened from rest (a named motion), closed mid-flight while the last
    /// lanes still wait for their delays (their base rewritten to hold them), closed
    /// again, then opened from rest once more: the named motion comes back whole, the
    /// motion a fresh engine starts from rest, to the bit.
    @Test func aNamedMotionComesBackFromUnderItsLayers() throws {
        let n = 12
        let source = (0..<n).map { Double($0) * 10 }, destination = (0..<n).map { Double($0) * 10 + 300 }
        func fill(_ delays: inout [Double]) { for lane in 0..<n { delays[lane] = 0.03 * Double(lane) } }
        var engine = try Self.engine(values: source)
        try engine.startFromRest(at: 0, values: source, targets: destination, name: 7, delays: fill)
        for tap in [0.1, 0.2] {
            let delays = [Double](repeating: 0, count: n)
            try engine.restart(at: tap, targets: .each(source), delays: delays, keeping: .movingLanes)
            #expect(engine.planes.count > 1, "a layer at \(tap)")
        }
        // Lanes 4 and on waited at the first tap: held at their source in plane 0.
        #expect(engine.planes[0].to[n - 1] == source[n - 1])
        try engine.startFromRest(at: 10, values: source, targets: destination, name: 7, delays: fill)
        var fresh = try Self.engine(values: source)
        try fresh.startFromRest(at: 10, values: source, targets: destination, name: 7, delays: fill)
        #expect(engine.planes.count == 1 && engine.depth.allSatisfy { $0 == 1 })
        #expect(engine.planes[0].offsets == fresh.planes[0].offsets)
        #expect(engine.planes[0].from == fresh.planes[0].from && engine.planes[0].to == fresh.planes[0].to)
        #expect(engine.start == 10 && engine.kernel == fresh.kernel && engine.segmentDepth == fresh.segmentDepth)
        #expect(engine.motionName == 7)
        // Taken back, it knows its earliest end as the fresh start does: lane 0's, no
        // delay and 0.4 s (the easeOut lanes wait 0.18 s or more for 0.25 s), 10.4 s,
        // a few units in the last place under.
        for known in [engine, fresh] { #expect(known.earliestEnd <= 10.4 && known.earliestEnd >= 10.4 - 1e-9) }
        // Another motion, then this one again from the spare buffers: the same bound.
        try engine.startFromRest(at: 20, values: destination, targets: source, name: 8, delays: fill)
        try engine.startFromRest(at: 30, values: source, targets: destination, name: 7, delays: fill)
        #expect(engine.motionName == 7 && engine.planes[0].to == fresh.planes[0].to)
        #expect(engine.earliestEnd <= 30.4 && engine.earliestEnd >= 30.4 - 1e-9)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): the same figures from the same seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}

import PropertyBased
import Testing

@testable import Stagger

/// `LaneAnimation(kernelMotion:...)` writes a list's uniform motion as lanes in one
/// pass; it must be the engine the general path builds (lanes at rest, then
/// `setMotion`), lane by lane, in Double and in the kernel's float32 samples, and refuse
/// what that path refuses, naming the same lane.
@Suite(.shrinking(false)) struct LaneAnimationTests {
    static let curves: [Curve] = [
        try! .easing(.easeOutCubic, duration: 0.3), .snappy, try! .spring(duration: 0.4, bounce: 0.3), .decay
    ]

    /// The general path: lanes at rest at `from`, then every lane set moving.
    static func twoStep(start: Double, from: Double, to: Double, delays: [Double], curve: Curve) throws(LaneFailure)
        -> LaneAnimation
    {
        var engine = try LaneAnimation(
            kernelValues: [Double](repeating: from, count: delays.count),
            segments: [LaneAnimation.Segment(lanes: 0..<delays.count, curve: curve)])
        try engine.setMotion(
            start: start, current: { _, _ in (from, .nan) }, targets: .all(to), delay: { lane, _ in delays[lane] })
        return engine
    }

    @Test func oneMotionPerLaneIsTheGeneralPathsEngine() async {
        let inputs = zip(
            Gen.int(in: 0...3), Gen.double(in: -50...50), Gen.double(in: -50...50),
            Gen.double(in: 0...0.6).array(of: 0...40))
        await checkProperty(count: 100, input: inputs) { curveIndex, from, to, delays in
            let curve = Self.curves[curveIndex]
            let start = 2.5
            let direct = try LaneAnimation(kernelMotion: start, from: from, to: to, delays: delays, curve: curve)
            let general = try Self.twoStep(start: start, from: from, to: to, delays: delays, curve: curve)
            #expect(direct.laneCount == delays.count)
            #expect(direct.settleTime == general.settleTime)
            // The general path finds the soonest end of every lane's motion (springs'
            // settling bounds and decays' too): no lane ends before it.
            if let soonest = (0..<delays.count).map({ general.end(ofLane: $0) }).min() {
                #expect(general.earliestEnd <= soonest && general.earliestEnd >= soonest - 1e-12)
            }
            for lane in 0..<delays.count {
                #expect(direct.end(ofLane: lane) == general.end(ofLane: lane))
                #expect(direct.goesNowhere(lane: lane) == general.goesNowhere(lane: lane))
                for time in [start - 1, start + 0.05, start + 0.3, start + 0.7, start + 3] {
                    let a = direct.reference(lane: lane, at: time), b = general.reference(lane: lane, at: time)
                    #expect(a.value == b.value && a.velocity == b.velocity, "lane \(lane) at \(time)")
                    #expect(direct.isMoving(lane: lane, at: time) == general.isMoving(lane: lane, at: time))
                }
            }
            for time in [start + 0.1, start + 0.45] {
                var a = [Float](repeating: 0, count: delays.count), b = a
                var va = a, vb = a
                try a.withUnsafeMutableBufferPointer { values in
                    try va.withUnsafeMutableBufferPointer { velocities in
                        try direct.sample(
                            at: time, values: values.baseAddress!, velocities: velocities.baseAddress!,
                            backend: .scalar)
                    }
                }
                try b.withUnsafeMutableBufferPointer { values in
                    try vb.withUnsafeMutableBufferPointer { velocities in
                        try general.sample(
                            at: time, values: values.baseAddress!, velocities: velocities.baseAddress!,
                            backend: .scalar)
                    }
                }
                #expect(a.map(\.bitPattern) == b.map(\.bitPattern) && va.map(\.bitPattern) == vb.map(\.bitPattern))
            }
        }
    }

    /// Bad input is refused lane by lane in setMotion's order, the first lane at fault
    /// named with its quantity: Double's failures (``LaneFailure/nonFinite(lane:_:value:)``)
    /// before float32's. Where the general path's at-rest lanes can hold the start
    /// value, it names the same failure.
    @Test func badInputNamesTheLaneAtFault() {
        let cases: [(from: Double, to: Double, delays: [Double], expected: LaneFailure)] = [
            (0, 1, [0, 0.1, -.infinity, .infinity], .nonFinite(lane: 2, .delay, value: -.infinity)),
            (0, 1, [.infinity, 0.1], .nonFinite(lane: 0, .delay, value: .infinity)),
            (-.infinity, 1, [0, 0.1], .nonFinite(lane: 0, .value, value: -.infinity)),
            (0, -.infinity, [0], .nonFinite(lane: 0, .target, value: -.infinity)),
            (-1e308, 1e308, [0, 0], .nonFinite(lane: 0, .span, value: .infinity)),
            (0, 1e300, [0], .exceedsFloat32(lane: 0, .target, value: 1e300)),
            (0, 1, [0, 1e39], .exceedsFloat32(lane: 1, .delay, value: 1e39))
        ]
        for (from, to, delays, expected) in cases {
            for curve in Self.curves {
                #expect(throws: expected) {
                    try LaneAnimation(kernelMotion: 0, from: from, to: to, delays: delays, curve: curve)
                }
                if Float(from).isFinite {
                    #expect(throws: expected) {
                        try Self.twoStep(start: 0, from: from, to: to, delays: delays, curve: curve)
                    }
                }
            }
        }
    }
}

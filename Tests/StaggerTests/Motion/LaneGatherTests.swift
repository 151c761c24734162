import Testing

@testable import Stagger

/// An engine's lanes gathered into new rows (a layout change that adds items) carry each
/// kept lane's motions exactly, layers included, and hold the new lanes at rest; every
/// lane's value at once (`values(at:into:)`) is what the reference gives lane by lane.
@Suite struct LaneGatherTests {
    /// Three rows of four lanes (a spring row, two easing rows), started from rest with
    /// a delay per position and interrupted twice mid-flight: springs carry their
    /// velocity, easings stack layers.
    static func interrupted() throws -> LaneAnimation {
        var engine = try LaneAnimation(
            kernelValues: (0..<12).map { Double($0) * 10 },
            segments: [
                .init(lanes: 0..<4, curve: .snappy),
                .init(lanes: 4..<12, curve: try .easing(.easeInOutCubic, duration: 0.4))
            ])
        let delays = [0, 0.05, 0.1, 0.15]
        try engine.restart(
            at: 0, targets: .each((0..<12).map { Double($0) * 10 + 100 }), delays: delays,
            keeping: .each([-1, -1, -1, -1]))
        try engine.restart(
            at: 0.1, targets: .each((0..<12).map { Double($0) * -5 }), delays: delays, keeping: .each([0, 1, -1, -1]))
        try engine.restart(at: 0.2, targets: .each((0..<12).map { Double($0) }), delays: delays, keeping: .movingLanes)
        return engine
    }

    /// Lanes kept at new places [2, −1, 0] of each row: lane (row, j) of the gathered
    /// engine is lane (row, carried[j]) of the old one at every time, bit for bit, in
    /// Double and in the kernel's frame on every backend; the new lane (j = 1) rests at
    /// its value (row · 100 + 7) and does not move.
    @Test func keptLanesKeepTheirMotionsExactly() throws {
        let engine = try Self.interrupted()
        #expect(engine.planes.count > 1, "the easing lanes hold layers")
        let carried = [2, -1, 0]
        let values = (0..<9).map { Double($0 / 3) * 100 + 7 }
        let gathered = try engine.gathered(
            rows: 3, carried: carried, values: values,
            segments: [
                .init(lanes: 0..<3, curve: engine.segments[0].curve),
                .init(lanes: 3..<9, curve: engine.segments[1].curve)
            ])
        #expect(gathered.lastTransition == 0.2 && gathered.laneCount == 9)
        for time in [0.2, 0.21, 0.3, 0.45, 0.8, 3] {
            for row in 0..<3 {
                for j in 0..<3 {
                    let now = gathered.reference(lane: row * 3 + j, at: time)
                    if carried[j] < 0 {
                        #expect(now.value == values[row * 3 + j] && now.velocity == 0)
                        #expect(!gathered.isMoving(lane: row * 3 + j, at: time))
                    } else {
                        let old = engine.reference(lane: row * 4 + carried[j], at: time)
                        #expect(now == old, "row \(row) lane \(j) at \(time)")
                        #expect(gathered.end(ofLane: row * 3 + j) == engine.end(ofLane: row * 4 + carried[j]))
                    }
                }
            }
            for backend in testedBackends {
                let before = try AddedLayerTests.samples(engine, at: time, backend: backend)
                let after = try AddedLayerTests.samples(gathered, at: time, backend: backend)
                for row in 0..<3 {
                    for j in 0..<3 where carried[j] >= 0 {
                        #expect(after[row * 3 + j] == before[row * 4 + carried[j]], "\(backend) at \(time)")
                        #expect(after[9 + row * 3 + j] == before[12 + row * 4 + carried[j]], "\(backend) velocity")
                    }
                    #expect(after[row * 3 + 1] == Float(values[row * 3 + 1]))
                }
            }
        }
    }

    /// Every lane's value at once agrees with the reference lane by lane: spring lanes
    /// (the kernel's double-precision states) within a few units in the last place of
    /// the motion's scale, easing lanes exactly (the same evaluation).
    @Test func everyLaneAtOnceIsTheReference() throws {
        let engine = try Self.interrupted()
        var values = [Double](repeating: .nan, count: engine.laneCount)
        for time in [0.0, 0.2, 0.23, 0.31, 0.5, 2] {
            values.withUnsafeMutableBufferPointer { engine.values(at: time, into: $0) }
            for lane in 0..<engine.laneCount {
                let reference = engine.reference(lane: lane, at: time).value
                // A few units in the last place of the motion's scale (every value and
                // span here is within 256).
                let tolerance = lane < 4 ? 8 * Double(256).ulp : 0
                #expect(abs(values[lane] - reference) <= tolerance, "lane \(lane) at \(time)")
            }
        }
    }
}

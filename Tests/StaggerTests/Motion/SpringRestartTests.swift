import PropertyBased
import Testing

@testable import Stagger

/// Spring lanes restarted a segment at a time in the kernel (`ci_restart_spring_lanes`)
/// against the lane by lane path they replace (the engine's states and bounds from
/// `ci_spring_states` and `ci_spring_settling`, whose own tests hold them to the
/// published closed forms): the same motion, bit for bit, tap after tap, whatever lanes
/// carry on; and the errors that name a lane, the same.
@Suite(.shrinking(false)) struct SpringRestartTests {
    /// Three springs and an easing over lanes split in four, as a pair group's
    /// properties.
    static func engine(values: [Double]) throws -> LaneAnimation {
        let n = values.count, a = n / 4, b = n / 2, c = 3 * n / 4
        return try LaneAnimation(
            kernelValues: values,
            segments: [
                .init(lanes: 0..<a, curve: .bouncy), .init(lanes: a..<b, curve: .smooth),
                .init(lanes: b..<c, curve: try .easing(.easeInOutCubic, duration: 0.4)),
                .init(lanes: c..<n, curve: try .spring(Spring(response: 0.4, dampingFraction: 0.7), initialVelocity: 2))
            ])
    }

    /// Whether two engines hold the same motion, bit for bit.
    static func same(_ a: LaneAnimation, _ b: LaneAnimation) -> Bool {
        func bits(_ x: [Double]) -> [UInt64] { x.map(\.bitPattern) }
        return a.planes.count == b.planes.count
            && zip(a.planes, b.planes).allSatisfy {
                bits($0.offsets) == bits($1.offsets) && bits($0.from) == bits($1.from) && bits($0.to) == bits($1.to)
            }
            && a.depth == b.depth && bits(a.velocity) == bits(b.velocity) && bits(a.durations) == bits(b.durations)
            && a.kernel == b.kernel && a.earliestEnd.bitPattern == b.earliestEnd.bitPattern
    }

    /// A start from rest, then up to five taps, each to new targets with new delays,
    /// lanes carrying their motion on by a random flag each (as a pair group's moving
    /// pairs) or every moving lane (a list's rule).
    @Test func aBatchedRestartIsTheLaneByLaneOne() async {
        let inputs = zip(
            Gen.double(in: -100...100).array(of: 4...80), Gen.double(in: 0.01...0.5).array(of: 1...5),
            Gen.int(in: 0...1_000_000))
        await checkProperty(count: 60, input: inputs) { values, gaps, seed in
            var random = SplitMix(seed: UInt64(seed))
            var batched = try Self.engine(values: values)
            var laneByLane = batched
            var time = 1.0
            let delays = values.map { _ in random.next(in: 0...0.3) }
            try batched.restart(at: time, targets: .each(values.map { -$0 }), delays: delays, keeping: .movingLanes)
            try laneByLane.restart(
                at: time, targets: .each(values.map { -$0 }), delays: delays, keeping: .movingLanes,
                batchesSprings: false)
            #expect(Self.same(batched, laneByLane), "the start from rest")
            for (k, gap) in gaps.enumerated() {
                time += gap
                let targets = values.map { _ in random.next(in: -100...100) }
                let delays = values.map { _ in random.next(in: 0...0.3) }
                let carried: LaneAnimation.Carried =
                    k % 2 == 0 ? .movingLanes : .each(values.map { _ in random.next(in: 0...1) < 0.5 ? -1 : 0 })
                try batched.restart(at: time, targets: .each(targets), delays: delays, keeping: carried)
                try laneByLane.restart(
                    at: time, targets: .each(targets), delays: delays, keeping: carried, batchesSprings: false)
                #expect(Self.same(batched, laneByLane), "tap \(k) at \(time)")
            }
        }
    }

    /// Rows of lanes that repeat (a pair group's corners: the lanes of a pair a row
    /// apart, often moving alike), carried by a flag per row position and with delays
    /// per row position, as a pair group restarts them: the kernel then takes a bound
    /// from the lane a row before where it can, and the motion is still the lane by
    /// lane one, bit for bit; some rows differ, in their values or their targets.
    @Test func aRestartOfRowsThatRepeatIsTheLaneByLaneOne() async {
        let inputs = zip(
            Gen.double(in: -100...100).array(of: 1...12), Gen.int(in: 4...9), Gen.int(in: 0...1_000_000))
        await checkProperty(count: 40, input: inputs) { row, rows, seed in
            var random = SplitMix(seed: UInt64(seed))
            let r = row.count
            // Each row the one before, or now and then one of its own.
            var values: [Double] = [], targets: [Double] = []
            for _ in 0..<rows {
                let own = random.next(in: 0...1) < 0.2
                values += row.map { own ? $0 + random.next(in: -1...1) : $0 }
                targets += row.map { random.next(in: 0...1) < 0.15 ? random.next(in: -100...100) : -$0 }
            }
            var batched = try Self.engine(values: values)
            let delays = (0..<r).map { _ in random.next(in: 0...0.2) }
            try batched.restart(at: 1, targets: .each(values.map { -$0 }), delays: delays, keeping: .movingLanes)
            var laneByLane = batched
            let flags = (0..<r).map { random.next(in: 0...1) < 0.8 ? $0 : -1 }
            let later = (0..<r).map { _ in random.next(in: 0...0.3) }
            let time = 1 + random.next(in: 0.05...0.3)
            try batched.restart(at: time, targets: .each(targets), delays: later, keeping: .each(flags))
            try laneByLane.restart(
                at: time, targets: .each(targets), delays: later, keeping: .each(flags), batchesSprings: false)
            #expect(Self.same(batched, laneByLane), "rows of \(r), \(rows) of them")
        }
    }

    /// Lanes started from states given (a pair group's release: a value each, and a
    /// velocity for the lanes whose pair has started, NaN for the others, which wait
    /// their delay), in rows that repeat now and then: the kernel's pass from the states
    /// is the lane by lane path, bit for bit.
    @Test func aStartFromGivenStatesIsTheLaneByLaneOne() async {
        let inputs = zip(
            Gen.double(in: -100...100).array(of: 1...12), Gen.int(in: 1...6), Gen.int(in: 0...1_000_000))
        await checkProperty(count: 40, input: inputs) { row, rows, seed in
            var random = SplitMix(seed: UInt64(seed))
            let r = row.count
            // Per pair (row position): started, with its delay.
            let started = (0..<r).map { _ in random.next(in: 0...1) < 0.7 }
            let rowDelays = (0..<r).map { started[$0] ? 0 : random.next(in: 0...0.3) }
            var values: [Double] = [], velocities: [Double] = [], targets: [Double] = []
            for _ in 0..<rows {
                let own = random.next(in: 0...1) < 0.3
                for j in 0..<r {
                    values.append(own ? row[j] + random.next(in: -1...1) : row[j])
                    velocities.append(started[j] ? (own ? random.next(in: -500...500) : 40 - row[j]) : .nan)
                    targets.append(random.next(in: 0...1) < 0.15 ? random.next(in: -100...100) : 2 * row[j])
                }
            }
            let delays = (0..<rows).flatMap { _ in rowDelays }
            var batched = try Self.engine(values: values)
            var laneByLane = batched
            try batched.setMotion(
                start: 2, current: { lane, _ in (values[lane], velocities[lane]) }, targets: .each(targets),
                delay: { lane, _ in delays[lane] }, batchedDelays: delays, carriedRows: rows > 1 ? r : 0,
                givenStates: (values, velocities))
            try laneByLane.setMotion(
                start: 2, current: { lane, _ in (values[lane], velocities[lane]) }, targets: .each(targets),
                delay: { lane, _ in delays[lane] })
            #expect(Self.same(batched, laneByLane), "rows of \(r), \(rows) of them")
        }
    }

    /// A start from rest (spring segments in one kernel pass from the values, easing
    /// segments written in bulk) is the lane by lane path's motion, bit for bit, some
    /// lanes going nowhere.
    @Test func aStartFromRestIsTheLaneByLaneOne() async {
        let inputs = zip(Gen.double(in: -100...100).array(of: 4...80), Gen.int(in: 0...1_000_000))
        await checkProperty(count: 40, input: inputs) { values, seed in
            var random = SplitMix(seed: UInt64(seed))
            let targets = values.map { random.next(in: 0...1) < 0.2 ? $0 : random.next(in: -100...100) }
            let delays = values.map { _ in random.next(in: 0...0.3) }
            var batched = try Self.engine(values: values)
            var laneByLane = batched
            try batched.startFromRest(at: 2, values: values, targets: targets, name: nil) {
                $0 = delays
            }
            try laneByLane.setMotion(
                start: 2, current: { lane, _ in (values[lane], .nan) }, targets: .each(targets),
                delay: { lane, _ in delays[lane] })
            laneByLane.name(nil, startedAt: 2, soonest: laneByLane.earliestEnd - 2)
            #expect(Self.same(batched, laneByLane))
        }
    }

    /// A state given that is not finite is named as the lane by lane path names it: the
    /// first such lane in the order lanes are written (segment by segment), under an
    /// easing or a spring; and nothing changes.
    @Test(arguments: [10, 2])
    func aBadStateGivenIsNamedAsBefore(badLane: Int) throws {
        // 16 lanes: 0..<4 bouncy, 4..<8 smooth, 8..<12 an easing, 12..<16 a spring.
        var values = (0..<16).map(Double.init)
        values[badLane] = .infinity
        values[13] = -.infinity
        let velocities = (0..<16).map { $0 % 2 == 0 ? 1.5 : .nan }
        let delays = (0..<16).map { $0 % 2 == 0 ? 0 : 0.1 }
        let engine = try Self.engine(values: (0..<16).map(Double.init))
        var batched = engine, laneByLane = engine
        let expected = LaneFailure.nonFinite(lane: badLane, .value, value: .infinity)
        #expect(throws: expected) {
            try batched.setMotion(
                start: 1, current: { lane, _ in (values[lane], velocities[lane]) }, targets: .all(3),
                delay: { lane, _ in delays[lane] }, batchedDelays: delays, carriedRows: 4,
                givenStates: (values, velocities))
        }
        #expect(throws: expected) {
            try laneByLane.setMotion(
                start: 1, current: { lane, _ in (values[lane], velocities[lane]) }, targets: .all(3),
                delay: { lane, _ in delays[lane] })
        }
        #expect(Self.same(batched, engine))
    }

    /// One target for every lane (a list's items as lanes), delays per row.
    @Test func oneTargetAndDelaysPerRow() throws {
        let values = (0..<40).map { Double($0) / 40 }
        var batched = try Self.engine(values: values)
        try batched.restart(at: 0, targets: .all(1), delays: [0, 0.05, 0.1, 0.15], keeping: .movingLanes)
        var laneByLane = batched
        try batched.restart(at: 0.12, targets: .all(0), delays: [0.1, 0, 0.05, 0.2], keeping: .movingLanes)
        try laneByLane.restart(
            at: 0.12, targets: .all(0), delays: [0.1, 0, 0.05, 0.2], keeping: .movingLanes, batchesSprings: false)
        #expect(Self.same(batched, laneByLane))
    }

    /// A bound the kernel's search cannot finish (a span of the least positive double
    /// under `smooth`, critically damped: the same lane the settling kernel's tests leave
    /// to the reference) is the reference's, as in the lane by lane path; the other
    /// lanes keep the pass's.
    @Test func aBoundTheSearchLeavesIsTheReferences() throws {
        var batched = try LaneAnimation(
            kernelValues: [0, 0, 0, 0], segments: [.init(lanes: 0..<4, curve: .smooth)])
        var laneByLane = batched
        let targets = [Double.leastNonzeroMagnitude, 1, -2, 0.5]
        // Every lane carried on (a pair group's moving pairs): each from rest at 0.
        try batched.restart(at: 1, targets: .each(targets), delays: [0], keeping: .each([0]))
        try laneByLane.restart(
            at: 1, targets: .each(targets), delays: [0], keeping: .each([0]), batchesSprings: false)
        #expect(Self.same(batched, laneByLane))
        let reference = try Spring.smooth.settlingDuration(target: .leastNonzeroMagnitude, initialVelocity: 0)
        #expect(batched.durations[0] == reference)
        let one = try Spring.smooth.settlingDuration(target: 1, initialVelocity: 0)
        #expect(abs(batched.durations[1] - one) <= 4 * one.ulp)
    }

    /// A target that is not finite is named as the lane by lane path names it: the
    /// first such lane, as a target; and nothing changes.
    @Test func aBadTargetIsNamedAsBefore() throws {
        let values = (0..<16).map(Double.init)
        var batched = try Self.engine(values: values)
        try batched.restart(at: 0, targets: .all(1), delays: [0], keeping: .movingLanes)
        var targets = values
        targets[2] = -.infinity
        targets[1] = .infinity
        var laneByLane = batched
        let before = batched
        #expect(throws: LaneFailure.nonFinite(lane: 1, .target, value: .infinity)) {
            try batched.restart(at: 0.1, targets: .each(targets), delays: [0], keeping: .movingLanes)
        }
        #expect(throws: LaneFailure.nonFinite(lane: 1, .target, value: .infinity)) {
            try laneByLane.restart(
                at: 0.1, targets: .each(targets), delays: [0], keeping: .movingLanes, batchesSprings: false)
        }
        // Nothing changed.
        #expect(Self.same(batched, before))
    }
}

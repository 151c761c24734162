import Foundation
import PropertyBased
import Stagger
import Testing

/// Sampling a timeline: the Double reference from the definitions, the kernel against
/// it, and path independence.
@Suite(.shrinking(false)) struct TimelineSamplingTests {
    @Test func stateFollowsTheDefinitions() throws {
        let ease = try Curve.easeOut(duration: 0.4)
        let timeline = try Timeline([
            .step("fade", ease, keepsAlive: false),
            .step("pop", .bouncy, at: .withPrevious(offset: 0.1)),
            .step("jump", ease, duration: 0, at: .at(0.25))
        ])
        let state = try timeline.state(at: 0.3)
        let fade = try #require(state["fade"])
        #expect(fade.phase == .active)
        #expect(abs(fade.progress - 0.75) < 1e-12)
        // ease-out = cubic-bezier(0, 0, 0.58, 1) at progress 0.75.
        #expect(abs(fade.value - (try CubicBezier(0, 0, 0.58, 1).value(at: 0.75))) < 1e-12)
        let pop = try #require(state["pop"])
        #expect(pop.phase == .active && abs(pop.elapsed - 0.2) < 1e-12)
        #expect(abs(pop.value - (try Spring.bouncy.value(target: 1, time: 0.2))) < 1e-12)
        #expect(abs(pop.progress - 0.2 / Spring.bouncy.settlingDuration) < 1e-12)
        #expect(state["jump"]?.phase == .finished && state["jump"]?.value == 1)
        #expect(try timeline.state(at: 0.2)["jump"]?.phase == .pending)
        // Finished without keepsAlive: hidden; with it: still shown.
        let later = try timeline.state(at: 0.45)
        #expect(later["fade"]?.phase == .finished && later["fade"]?.isVisible == false)
        #expect(later["jump"]?.isVisible == true)
        #expect(try timeline.state(at: -1)["fade"]?.phase == .pending)
        #expect(state["nobody"] == nil)
    }

    @Test func aLaterStepOfTheSameTargetGovernsIt() throws {
        let ease = try Curve.linear(duration: 1)
        let timeline = try Timeline([.step("card", ease), .step("card", ease, at: .afterPrevious(gap: 1))])
        #expect(try abs(timeline.state(at: 0.5)["card"]!.value - 0.5) < 1e-12)
        #expect(try timeline.state(at: 1.5)["card"]!.phase == .finished)
        #expect(try abs(timeline.state(at: 2.25)["card"]!.value - 0.25) < 1e-12)
    }

    /// One target animated twice (0 … 1 and 2 … 3), played there and back: a reversed
    /// pass is governed by the step that started latest in the schedule it follows.
    @Test func aRepeatedTargetInAReversedPassFollowsThatPassSchedule() throws {
        let line = try Curve.linear(duration: 1)
        let children: [TimelineChild] = [.step("card", line), .step("card", line, at: .afterPrevious(gap: 1))]
        let contiguous = try Timeline(children, options: .init(repeats: .times(1), yoyo: true, reversing: .contiguous))
        // Contiguous, 0.5 s into the reversed pass (local 2.5): the second step is
        // halfway back; at local 1.5 the first step's end holds; at 0.5 it is halfway.
        #expect(try abs(contiguous.state(at: 3.5)["card"]!.value - 0.5) < 1e-12)
        #expect(try contiguous.state(at: 3.5)["card"]!.phase == .active)
        #expect(try contiguous.state(at: 4.5)["card"]!.value == 1)
        #expect(try abs(contiguous.state(at: 5.75)["card"]!.value - 0.25) < 1e-12)
        // Sequential: the second step replays first (3 … 4), then the first (5 … 6).
        let sequential = try Timeline(children, options: .init(repeats: .times(1), yoyo: true, reversing: .sequential))
        #expect(try abs(sequential.state(at: 3.25)["card"]!.value - 0.25) < 1e-12)
        #expect(try sequential.state(at: 4.5)["card"]!.value == 1)
        #expect(try abs(sequential.state(at: 5.75)["card"]!.value - 0.75) < 1e-12)
    }

    /// `steps(4, jump-start)` is at 1/4 from progress 0, but a step holds 0 until it
    /// starts, in the reference and in the kernel alike.
    @Test func aJumpStartEasingHoldsZeroBeforeItsStep() throws {
        let jumps = try Curve.easing(try .steps(4, .jumpStart), duration: 1)
        let timeline = try Timeline([.step("a", try .linear(duration: 1)), .step("s", jumps)])
        var values = [Float](repeating: .nan, count: timeline.stepCount)
        let s = timeline.steps(of: "s")[0]
        for (t, expected) in [(0.5, 0.0), (1.0, 0.25), (1.5, 0.75)] {
            #expect(try timeline.state(at: t)["s"]!.value == expected, "t = \(t)")
            try timeline.sample(at: t, into: &values)
            #expect(values[s] == Float(expected), "t = \(t)")
        }
    }

    /// A 10,000-child timeline of several curves, jumps, springs with velocity, a decay
    /// and a yoyo repeat, so every group and both reversing schedules reach the kernel.
    static func bigTimeline(reversing: Timeline.ReversingMode) throws -> Timeline {
        let curves: [Curve] = [
            try .easeOut(duration: 0.3), .snappy, try .easing(.easeInOutBack, duration: 0.5),
            try .spring(response: 0.4, dampingFraction: 1.3, initialVelocity: 2), try .decay(frictionRate: 8), .smooth
        ]
        var children: [TimelineChild] = []
        for (index, curve) in curves.enumerated() {
            let config = try StaggerConfig(spread: .amount(0.6), curve: curve)
            children.append(.staggered("list\(index)", count: 1_600, config: config, at: .withPrevious(offset: 0.2)))
        }
        children.append(.staggered("jumps", count: 400, config: try StaggerConfig(spread: .amount(1)), duration: 0))
        return try Timeline(
            children, options: .init(repeats: .times(2), repeatDelay: 0.1, yoyo: true, reversing: reversing))
    }

    /// Tolerance for one step: the kernel's bound plus what rounding the pass-local time
    /// and the start to float32 (2⁻²⁴ relative each) moves the curve.
    static func tolerance(_ step: Timeline.ScheduledStep, elapsed: Double, local: Double) -> Double {
        let timeError = (abs(local) + step.start + 1) * 0x1p-22
        switch step.curve.kind {
        case .easing(let easing, let duration):
            let p = min(max(elapsed / duration, 0), 1)
            let slope = max(
                abs(easing.slope(at: p)), abs(easing.slope(at: min(p + 1e-3, 1))),
                abs(easing.slope(at: max(p - 1e-3, 0))))
            return 2e-6 + (slope + 1) / duration * timeError
        case .spring(let spring, let velocity):
            let omega = spring.angularFrequency
            return 1e-5 * max(1, abs(velocity) / omega) + (omega + abs(velocity)) * 2 * timeError
        case .decay(let decay):
            return 1e-6 + decay.frictionRate * 2 * timeError
        }
    }

    @Test(arguments: testedBackends)
    func kernelMatchesTheReferenceOnTenThousandChildren(backend: Backend) throws {
        for mode in Timeline.ReversingMode.allCases {
            let timeline = try Self.bigTimeline(reversing: mode)
            #expect(timeline.stepCount == 10_000)
            var values = [Float](repeating: .nan, count: timeline.stepCount)
            let d = timeline.duration, period = d + 0.1
            // Inside each pass (the second one reversed), in a repeat delay, after the end.
            for t in [-0.5, 0.37 * d, period + 0.61 * d, d + 0.05, 2 * period + 0.2 * d, 10 * period] {
                try timeline.sample(at: t, into: &values, backend: backend)
                let state = try timeline.state(at: t)
                var worst = 0.0
                for (i, step) in timeline.scheduledSteps.enumerated() {
                    let reference = state.steps[i]
                    let error = abs(Double(values[i]) - reference.value)
                    let bound = Self.tolerance(step, elapsed: reference.elapsed, local: t)
                    worst = max(worst, error / bound)
                    if error > bound {
                        Issue.record("\(backend) \(mode) \(step.id) at \(t): \(values[i]) vs \(reference.value)")
                        break
                    }
                }
                #expect(worst <= 1)
            }
        }
    }

    /// Children with passes of their own and groups that turn back together, in every
    /// kind of pass: the kernel agrees with the reference at times across every pass.
    @Test(arguments: testedBackends)
    func repeatingChildrenSampleAsTheirReference(backend: Backend) throws {
        for timeline in TimelineEventTests.timelines.dropFirst(4) {
            var values = [Float](repeating: .nan, count: timeline.stepCount)
            for k in 0...80 {
                let t = Double(k) / 80 * (timeline.totalDuration + 0.2) - 0.1
                try timeline.sample(at: t, into: &values, backend: backend)
                let state = try timeline.state(at: t)
                for (i, step) in state.steps.enumerated() {
                    #expect(abs(Double(values[i]) - step.value) <= 1e-4, "\(backend) \(step.id) at \(t)")
                }
            }
        }
    }

    @Test func sampleRejectsBadBuffersAndTimes() throws {
        let timeline = try Timeline([.step("a", .snappy)])
        var short = [Float]()
        #expect(throws: TimelineError.bufferMismatch(expected: 1, actual: 0)) {
            try timeline.sample(at: 0, into: &short)
        }
        var values = [Float](repeating: 0, count: 1)
        #expect(throws: TimelineError.invalidTime(child: "time", value: .nan)) {
            try timeline.sample(at: .nan, into: &values)
        }
    }

    /// Sampling at t does not depend on how t was reached: frames with pauses, speed
    /// changes and reversals reach the time that the clock intervals say (each interval
    /// while playing times the speed, signed by the direction), and a seek straight to
    /// that time gives the same state as the timeline at it.
    @Test func stateIsIndependentOfThePath() async throws {
        let timeline = try Timeline(
            [
                .step("a", try .easeInOut(duration: 0.4)),
                .group([.step("b", .bouncy), .step("c", .snappy, at: .at(0.1))]),
                .step("d", try .linear(duration: 0.3))
            ], options: .init(repeats: .times(1), repeatDelay: 0.2, yoyo: true))
        let middle = timeline.totalDuration / 2
        // At most 20 intervals of 0.05 s at speed ≤ 1.5 move 1.5 s, less than half the
        // timeline: the walk from the middle never reaches an end, where time clamps.
        try #require(middle > 1.5)
        await checkProperty(count: 60, input: Gen.double(in: 0.001...0.05).array(of: 1...20), Gen.int(in: 0...1000)) {
            steps, seed in
            var player = TimelinePlayer(timeline)
            var clock = 5.0
            try player.seek(to: middle, at: clock, reportsEvents: false)
            try player.resume(at: clock)
            // The independent account of time: what each clock interval adds.
            var expected = middle, speed = 1.0, direction = 1.0, paused = false
            for (i, step) in steps.enumerated() {
                clock += step
                if !paused { expected += step * speed * direction }
                switch (seed + i * 7) % 9 {
                case 0: try player.pause(at: clock); paused = true
                case 1: try player.resume(at: clock); paused = false
                case 2:
                    speed = 0.5 + Double((seed + i) % 3) * 0.5
                    try player.setSpeed(speed, at: clock)
                case 3: try player.reverse(at: clock); direction = -direction
                default: _ = try player.update(at: clock)
                }
            }
            let reached = try player.time(at: clock)
            #expect(abs(reached - expected) < 1e-9, "\(reached) vs \(expected)")
            var seeker = TimelinePlayer(timeline)
            try seeker.seek(to: reached, at: 0)
            #expect(try seeker.state(at: 0) == timeline.state(at: reached))
            // The played state is the timeline's at the independently summed time.
            let played = try player.state(at: clock), summed = try timeline.state(at: expected)
            for (p, q) in zip(played.steps, summed.steps) {
                #expect(p.phase == q.phase && abs(p.value - q.value) < 1e-6, "\(p.id)")
            }
        }
    }
}

/// Steps with their own ends (GSAP's fromTo tweens) and values in the order the children
/// were written (issue 21).
@Suite struct TimelineStepEndsTests {
    /// a and c share a curve, b comes between them: the output keeps a, b, c.
    @Test(arguments: testedBackends)
    func valuesComeInDocumentOrder(backend: Backend) throws {
        let timeline = try Timeline([
            .step("a", try .easeInOut(duration: 1)),
            .step("b", try .linear(duration: 1), at: .at(0)),
            .step("c", try .easeInOut(duration: 1), at: .at(0))
        ])
        #expect(timeline.scheduledSteps.map(\.id) == ["a", "b", "c"])
        #expect(try timeline.state(at: 0.25).steps.map(\.id) == ["a", "b", "c"])
        var values = [Float](repeating: -1, count: 3)
        try timeline.sample(at: 0.25, into: &values, backend: backend)
        // linear: 0.25; CSS ease-in-out (0.42, 0, 0.58, 1) at x = 0.25 is below 0.25.
        #expect(abs(values[1] - 0.25) < 1e-6)
        #expect(values[0] < 0.2 && values[0] == values[2])
    }

    /// A step from 400 to 0 over 2 s, linear: 300 at 0.5 s; 400 before it starts.
    @Test(arguments: testedBackends)
    func stepsMoveBetweenTheirOwnEnds(backend: Backend) throws {
        let timeline = try Timeline([
            .step("card.y", try .linear(duration: 2), from: 400, to: 0, at: .at(1)),
            .step("jump", .linear, from: -5, to: 7, duration: 0, at: .at(1))
        ])
        var values = [Float](repeating: 0, count: 2)
        for (t, y, jump) in [(0.0, 400.0, -5.0), (1.5, 300, 7), (2.0, 200, 7), (4.0, 0, 7)] {
            let state = try timeline.state(at: t)
            #expect(abs(state.steps[0].value - y) < 1e-9, "at \(t)")
            #expect(state.steps[1].value == jump)
            try timeline.sample(at: t, into: &values, backend: backend)
            #expect(abs(Double(values[0]) - y) < 1e-3, "kernel at \(t): \(values[0])")
            #expect(Double(values[1]) == jump)
        }
    }

    /// A critically damped spring (ζ = 1, ω = 2π/0.5) from 10 to 20: 10 + 10 · (1 − (1 + ωt) e^(−ωt)),
    /// and a staggered list from 1 to 0.
    @Test(arguments: testedBackends)
    func springsAndListsUseTheEnds(backend: Backend) throws {
        let timeline = try Timeline([
            .step("s", try .spring(response: 0.5, dampingFraction: 1), from: 10, to: 20),
            .staggered(
                "row", count: 3, config: try StaggerConfig(delayIncrement: 0.1, curve: try .linear(duration: 1)),
                from: 1, to: 0, at: .at(0))
        ])
        let omega = 2 * Double.pi / 0.5
        var values = [Float](repeating: 0, count: 4)
        for t in [0.05, 0.2, 0.5] {
            let expected = 10 + 10 * (1 - (1 + omega * t) * exp(-omega * t))
            let state = try timeline.state(at: t)
            #expect(abs(state["s"]!.value - expected) < 1e-9, "at \(t)")
            try timeline.sample(at: t, into: &values, backend: backend)
            #expect(abs(Double(values[0]) - expected) < 2e-4)
            for row in 0..<3 {
                let rowExpected = 1 - min(max((t - 0.1 * Double(row)) / 1, 0), 1)
                #expect(abs(state["row[\(row)]"]!.value - rowExpected) < 1e-9)
                #expect(abs(Double(values[1 + row]) - rowExpected) < 1e-5)
            }
        }
    }

    @Test func endsMustBeFiniteInFloat32() throws {
        #expect(throws: TimelineError.invalidValue(child: "x", value: .nan)) {
            _ = try Timeline([.step("x", .snappy, from: .nan)])
        }
        #expect(throws: TimelineError.invalidValue(child: "x", value: 1e39)) {
            _ = try Timeline([.step("x", .snappy, to: 1e39)])
        }
        #expect(throws: TimelineError.invalidValue(child: "x", value: 6e38)) {
            _ = try Timeline([.step("x", .snappy, from: -3e38, to: 3e38)])
        }
        // A decay starts at k times its span: 3e38 x k does not fit float32 (k > 1.13).
        let decay = try Curve.decay(frictionRate: 4)
        #expect(throws: TimelineError.invalidValue(child: "x", value: 3e38 * 4)) {
            _ = try Timeline([.step("x", decay, from: 0, to: 3e38)])
        }
    }
}

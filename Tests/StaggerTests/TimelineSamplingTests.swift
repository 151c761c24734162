import PropertyBased
import Stagger
import Testing

/// Sampling a timeline: the Double reference from the definitions, the kernel against
/// it, and path independence.
@Suite struct TimelineSamplingTests {
    @Test func stateFollowsTheDefinitions() throws {
        let ease = try Curve.easeOut(duration: 0.4)
        let timeline = try Timeline([
            .step("fade", ease, keepAlive: false),
            .step("pop", .bouncy, at: .withPrevious(offset: 0.1)),
            .step("jump", ease, duration: 0, at: .at(0.25)),
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
        // Finished without keepAlive: hidden; with it: still shown.
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

    /// A 10,000-child timeline of several curves, jumps, springs with velocity and a
    /// yoyo repeat, so every group and both reversing schedules reach the kernel.
    static func bigTimeline(reversing: Timeline.ReversingMode) throws -> Timeline {
        let curves: [Curve] = [
            try .easeOut(duration: 0.3), .snappy, try .easing(.easeInOutBack, duration: 0.5),
            try .spring(response: 0.4, dampingFraction: 1.3, initialVelocity: 2), .linear, .smooth,
        ]
        var children: [TimelineChild] = []
        for (index, curve) in curves.enumerated() {
            let config = try StaggerConfig(spread: .amount(0.6), curve: curve)
            children.append(.staggered("list\(index)", count: 1_600, config: config, at: .withPrevious(offset: 0.2)))
        }
        children.append(.staggered("jumps", count: 400, config: try StaggerConfig(spread: .amount(1)), duration: 0))
        return try Timeline(children, options: .init(repeats: .times(2), repeatDelay: 0.1, yoyo: true, reversing: reversing))
    }

    /// Tolerance for one step: the kernel's bound plus what rounding the pass-local time
    /// and the start to float32 (2⁻²⁴ relative each) moves the curve.
    static func tolerance(_ step: Timeline.ScheduledStep, elapsed: Double, local: Double) -> Double {
        let timeError = (abs(local) + step.start + 1) * 0x1p-22
        switch step.curve.kind {
        case .easing(let easing, let duration):
            let p = min(max(elapsed / duration, 0), 1)
            let slope = max(abs(easing.slope(at: p)), abs(easing.slope(at: min(p + 1e-3, 1))), abs(easing.slope(at: max(p - 1e-3, 0))))
            return 2e-6 + (slope + 1) / duration * timeError
        case .spring(let spring, let velocity):
            let omega = spring.angularFrequency
            return 1e-5 * max(1, abs(velocity) / omega) + (omega + abs(velocity)) * 2 * timeError
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

    @Test func sampleRejectsBadBuffersAndTimes() throws {
        let timeline = try Timeline([.step("a", .snappy)])
        var short = [Float]()
        #expect(throws: TimelineError.bufferMismatch(expected: 1, actual: 0)) { try timeline.sample(at: 0, into: &short) }
        var values = [Float](repeating: 0, count: 1)
        #expect(throws: TimelineError.invalidTime(child: "time", value: .nan)) { try timeline.sample(at: .nan, into: &values) }
    }

    /// Sampling at t does not depend on how t was reached: frames with pauses, speed
    /// changes and reversals, then a seek to the same time, give the same state.
    @Test func stateIsIndependentOfThePath() async throws {
        let timeline = try Timeline([
            .step("a", try .easeInOut(duration: 0.4)),
            .group([.step("b", .bouncy), .step("c", .snappy, at: .at(0.1))]),
            .step("d", try .linear(duration: 0.3)),
        ], options: .init(repeats: .times(1), repeatDelay: 0.2, yoyo: true))
        await propertyCheck(count: 60, input: Gen.double(in: 0.001...0.3).array(of: 1...30), Gen.int(in: 0...1000)) { steps, seed in
            var player = TimelinePlayer(timeline)
            var clock = 5.0
            player.play(at: clock)
            for (i, step) in steps.enumerated() {
                clock += step
                switch (seed + i * 7) % 9 {
                case 0: player.pause(at: clock)
                case 1: player.resume(at: clock)
                case 2: try player.setSpeed(0.5 + Double((seed + i) % 4), at: clock)
                case 3: player.reverse(at: clock)
                default: _ = try player.update(at: clock)
                }
            }
            let reached = player.time(at: clock)
            let played = try player.state(at: clock)
            var seeker = TimelinePlayer(timeline)
            try seeker.seek(to: reached, at: 0)
            let sought = try seeker.state(at: 0)
            let direct = try timeline.state(at: reached)
            #expect(played == direct)
            #expect(sought == direct || reached == -.infinity)
        }
    }
}

import Stagger
import Testing

/// Step sequences, nested groups and sequences with their reversing modes, and flat
/// choreographies behave as the articles describe them.
@Suite struct TimelineParityTests {
    // MARK: MatchedSequencer

    @Test func matchedSequencerWaitsForTheRealDuration() throws {
        let sequence = try MatchedSequence([
            MatchedStep("hero", kind: .matched, curve: .snappy),
            MatchedStep("title", kind: .transition, curve: try .easeOut(duration: 0.25), delay: 0.1),
            MatchedStep("badge", kind: .transition, curve: .bouncy, keepsAlive: false)
        ])
        let steps = sequence.timeline.scheduledSteps
        func start(_ id: String) -> Double { steps[sequence.timeline.steps(of: id)[0]].start }
        // Not 600 ms: the snappy spring's settling duration, then the delay.
        let snappy = Spring.snappy.settlingDuration
        #expect(abs(start("title") - (snappy + 0.1)) < 1e-12)
        #expect(abs(start("badge") - (snappy + 0.35)) < 1e-12)
        #expect(try !sequence.isDestinationActive("hero", at: -0.01))
        #expect(try sequence.isDestinationActive("hero", at: 0.01))
        #expect(try !sequence.isPresent("title", at: snappy) && sequence.isPresent("title", at: snappy + 0.2))
        // keepsAlive false: the badge is shown while it animates, then goes.
        let end = sequence.timeline.duration
        #expect(try sequence.timeline.state(at: end - 0.01).isVisible("badge"))
        #expect(try !sequence.timeline.state(at: end).isVisible("badge"))

        var player = TimelinePlayer(sequence.timeline)
        try player.play(at: 0)
        _ = try player.update(at: 0.5)
        #expect(player.isRunning)
        _ = try player.update(at: end)
        #expect(!player.isRunning)
    }

    /// Speed and reduced motion, as every other animating type has them: a time scale of
    /// 2 halves every start and duration; reduced, each step is the fade of at most
    /// ReducedMotion.fadeDuration and the next one waits for it, not for the spring.
    @Test func matchedSequenceTakesTimeScaleAndReducedMotion() throws {
        let steps = [
            MatchedStep("hero", kind: .matched, curve: .snappy),
            MatchedStep("title", kind: .transition, curve: try .easeOut(duration: 0.25), delay: 0.1)
        ]
        let normal = try MatchedSequence(steps)
        let fast = try MatchedSequence(steps, timeScale: 2)
        for (a, b) in zip(normal.timeline.scheduledSteps, fast.timeline.scheduledSteps) {
            #expect(abs(b.start - a.start / 2) < 1e-12 && abs(b.duration - a.duration / 2) < 1e-12)
        }
        let reduced = try MatchedSequence(steps, reducedMotion: .always)
        let scheduled = reduced.timeline.scheduledSteps
        #expect(scheduled.map(\.duration) == [ReducedMotion.fadeDuration, ReducedMotion.fadeDuration])
        #expect(abs(scheduled[1].start - (ReducedMotion.fadeDuration + 0.1)) < 1e-12)
        #expect(throws: TimelineError.invalidTimeScale(0)) { try MatchedSequence(steps, timeScale: 0) }
    }

    @Test func stepsThatDoNotWaitRunAsAConcurrentBatch() throws {
        let sequence = try MatchedSequence([
            MatchedStep("a", curve: .smooth, waitsForCompletion: false),
            MatchedStep("b", curve: .smooth, waitsForCompletion: false),
            MatchedStep("c", curve: .smooth),
            MatchedStep("d", curve: .smooth)
        ])
        let starts = sequence.timeline.scheduledSteps.map(\.start)
        #expect(starts == [0, 0, 0, Spring.smooth.settlingDuration])
        // reversed: the batches back to front, each whole; animates false: the end state
        // at once.
        let reversed = try MatchedSequence(sequence.steps, reversed: true)
        // d starts at once; the batch a, b, c starts together when d has settled.
        func start(_ id: String) -> Double {
            reversed.timeline.scheduledSteps[reversed.timeline.steps(of: id)[0]].start
        }
        #expect(start("d") == 0)
        let settled = Spring.smooth.settlingDuration
        #expect(start("a") == settled && start("b") == settled && start("c") == settled)
        let jump = try MatchedSequence(sequence.steps, animates: false)
        #expect(jump.timeline.duration == 0)
        let state = try jump.timeline.state(at: 0)
        #expect(state.steps.allSatisfy { $0.phase == .finished && $0.value == 1 })
        #expect(try jump.isPresent("d", at: 0))
    }

    /// Reversing keeps batches whole (issue 21's second wrong behaviour): `title` (after
    /// 0.05 s), then `chipA` and `chipB` together, reversed, runs `chipA` and `chipB`
    /// together at once, then `title` 0.05 s after the longer of them has settled.
    @Test func reversingKeepsBatchesWhole() throws {
        let steps = [
            MatchedStep("title", curve: .smooth, delay: 0.05),
            MatchedStep("chipA", curve: .snappy, waitsForCompletion: false),
            MatchedStep("chipB", curve: .smooth)
        ]
        let reversed = try MatchedSequence(steps, reversed: true)
        func start(_ id: String) -> Double {
            reversed.timeline.scheduledSteps[reversed.timeline.steps(of: id)[0]].start
        }
        #expect(start("chipA") == 0 && start("chipB") == 0)
        let batchEnd = max(Spring.snappy.settlingDuration, Spring.smooth.settlingDuration)
        #expect(abs(start("title") - (batchEnd + 0.05)) < 1e-12)
        // Presence toggles follow the running order.
        #expect(try reversed.isPresent("chipA", at: 0.01) && !reversed.isPresent("title", at: batchEnd))
    }

    /// The step after a batch waits for the batch's longest step: here the first one,
    /// not the last one given.
    @Test func aStepAfterABatchWaitsForItsLongestStep() throws {
        let long = Spring.snappy.settlingDuration, short = Spring.smooth.settlingDuration
        try #require(long > short)
        let sequence = try MatchedSequence([
            MatchedStep("long", curve: .snappy, waitsForCompletion: false),
            MatchedStep("short", curve: .smooth),
            MatchedStep("next", curve: .smooth, delay: 0.125)
        ])
        func start(_ id: String) -> Double {
            sequence.timeline.scheduledSteps[sequence.timeline.steps(of: id)[0]].start
        }
        #expect(start("long") == 0 && start("short") == 0)
        #expect(abs(start("next") - (long + 0.125)) < 1e-12)
        #expect(try !sequence.isPresent("next", at: short + 0.125))
    }

    // MARK: MotionMachine

    @Test func motionMachineGroupsSequencesRepeatAndReverse() throws {
        let move = try Curve.easing(.easeInOutQuad, duration: 1)
        // A sequence of a group (x and y together) then a fade; played there and back twice.
        let children: [TimelineChild] = [
            .sequence(
                [
                    .group([.step("x", move), .step("y", move)], name: "move"),
                    .step("fade", try .linear(duration: 0.5))
                ], name: "motion")
        ]
        for mode in Timeline.ReversingMode.allCases {
            let machine = try Timeline(children, options: .init(repeats: .times(3), yoyo: true, reversing: mode))
            #expect(machine.totalDuration == 6)
            var player = TimelinePlayer(machine)
            try player.play(at: 0)
            var events: [TimelinePlayer.Event] = []
            for frame in 1...70 { events += try player.update(at: Double(frame) * 0.1) }
            let timelineEvents = events.compactMap { if case .timeline(let e) = $0 { e } else { nil } }
            #expect(timelineEvents.filter { $0.kind == .repeated }.count == 3)
            #expect(timelineEvents.filter { $0.kind == .reversed }.count == 3)
            // Each pass: the sequence reports its two steps completed, the timeline (a
            // sequence too) its one child.
            let steps = timelineEvents.filter { if case .stepCompleted = $0.kind { true } else { false } }
            #expect(steps.count == 4 * 3, "\(mode)")
            #expect(events.last == .completed && !player.isRunning)
            // In the reversed pass (1.5 … 3) both modes meet the fade first and the group
            // second, each completed when it has played (fade at 2, group at 3); the
            // sequential replay plays them forward, the contiguous one backward.
            let reversedPass = try machine.events(from: 1.5, to: 3)
                .filter { $0.child == "motion" && $0.kind != .completed && $0.kind != .started }
            #expect(reversedPass.map(\.kind) == [.stepCompleted(step: 1), .stepCompleted(step: 0)], "\(mode)")
            #expect(reversedPass.map(\.time) == [2, 3], "\(mode)")
            let direction: TimelineDirection = mode == .sequential ? .forward : .backward
            #expect(reversedPass.allSatisfy { $0.direction == direction }, "\(mode)")
            // 0.1 s into the reversed pass: sequential replays the fade from its start
            // (0.1 of 0.5 s); contiguous plays it back from its end (0.4 of 0.5 s).
            let fade = try machine.state(at: 1.5 + 0.1)["fade"]!
            #expect(abs(fade.value - (mode == .sequential ? 0.2 : 0.8)) < 1e-12, "\(mode)")
            let x = try machine.state(at: 1.5 + 0.75)["x"]!
            // Sequential replays x forward from 0.25 s in; contiguous plays it back from 0.75 s.
            let expected = try Easing.easeInOutQuad.value(at: mode == .sequential ? 0.25 : 0.75)
            #expect(abs(x.value - expected) < 1e-12, "\(mode)")
        }
    }

    // MARK: Flat choreographies

    @Test func animationSequencePresets() throws {
        let card = AnimationSequence.cardReveal
        #expect(card.steps.map(\.id) == ["background", "icon", "title", "content", "actions"])
        // The card reveal's delays and durations: background 0 / 0.2 s, icon 0.1 / 0.3,
        // title 0.15 / 0.25, content 0.2 / 0.3, actions 0.3 / 0.25.
        #expect(card.isActive("background", at: 0.05) && !card.isActive("icon", at: 0.05))
        #expect(card.isActive("icon", at: 0.2) && card.isActive("title", at: 0.2) && card.isActive("content", at: 0.2))
        #expect(!card.isActive("background", at: 0.2))  // delay + duration is exclusive
        #expect(card.isActive("actions", at: 0.5) && !card.isActive("actions", at: 0.55))
        #expect(abs(card.duration - 0.55) < 1e-12)
        let list = try AnimationSequence.rowByRow(count: 20, each: 0.05)
        #expect(list.isActive("row[3]", at: 0.16) && !list.isActive("row[4]", at: 0.16))
        #expect(abs(list.duration - (19 * 0.05 + 0.3)) < 1e-12)
        // No moment, so nothing is running then.
        #expect(!card.isActive("background", at: .nan))
        // Two steps of one id, (0 s, 1 s) and (0.2 s, 0.2 s): active while either runs.
        let overlapping = try AnimationSequence([
            .init("fade", delay: 0, duration: 1), .init("fade", delay: 0.2, duration: 0.2)
        ])
        #expect(overlapping.isActive("fade", at: 0.5) && overlapping.isActive("fade", at: 0.3))
        #expect(!overlapping.isActive("fade", at: 1))
        // `each` is a stagger's spread, and its error says so.
        #expect(throws: TimelineError.stagger(child: "row", .invalidSpread(.infinity))) {
            try AnimationSequence.rowByRow(count: 3, each: .infinity)
        }
        #expect(throws: TimelineError.stagger(child: "row", .invalidSpread(-0.5))) {
            try AnimationSequence.rowByRow(count: 3, each: -0.5)
        }
        #expect(throws: TimelineError.stagger(child: "row", .tooManyItems(count: Int.max, maximum: 1 << 23))) {
            try AnimationSequence.rowByRow(count: Int.max)
        }
    }
}

/// MotionMachine's count of status events for a reversing motion repeated once: two
/// cycles there and back, so `reversed` twice and `repeated` once, read from Stagger's
/// pass events as the MotionMachine article says (odd new passes turn back, even ones
/// start a cycle).
@Suite struct MotionMachineStatusCountTests {
    @Test func aReversingMotionRepeatedOnce() throws {
        let timeline = try Timeline(
            [.step("x", try .easing(.linear, duration: 1))], options: .init(repeats: .times(3), yoyo: true))
        let events = try timeline.events(from: -.infinity, to: 10)
        let passes = events.filter { $0.kind == .repeated || $0.kind == .reversed }
        // Stagger: three boundaries, each a repeated and a reversed.
        #expect(passes.filter { $0.kind == .repeated }.count == 3 && passes.filter { $0.kind == .reversed }.count == 3)
        let turnsBack = passes.filter { $0.kind == .reversed && $0.iteration % 2 == 1 }
        let newCycles = passes.filter { $0.kind == .repeated && $0.iteration % 2 == 0 }
        #expect(turnsBack.map(\.time) == [1, 3] && newCycles.map(\.time) == [2], "\(passes)")
    }
}

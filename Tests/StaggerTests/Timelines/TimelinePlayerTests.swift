import Stagger
import Testing

/// The player over a caller's clock: pause, resume, speed, reverse, completion.
@Suite struct TimelinePlayerTests {
    let timeline = try! Timeline([.step("a", try! .linear(duration: 1)), .step("b", try! .linear(duration: 1))])

    @Test func pauseResumeAndSpeedMoveTimeAsTheClockSays() throws {
        var player = TimelinePlayer(timeline)
        #expect(!player.isRunning)
        try player.play(at: 10)
        #expect(player.isRunning)
        _ = try player.update(at: 10.25)
        #expect(try abs(player.time(at: 10.25) - 0.25) < 1e-12)
        try player.pause(at: 10.5)
        #expect(try abs(player.time(at: 99) - 0.5) < 1e-12)  // held however long the pause
        try player.resume(at: 20)
        try player.setSpeed(2, at: 20.25)  // 0.75 so far
        #expect(try abs(player.time(at: 20.5) - 1.25) < 1e-12)
        #expect(throws: TimelineError.invalidTimeScale(0)) { try player.setSpeed(0, at: 21) }
        #expect(throws: TimelineError.invalidTimeScale(-1)) { try player.setSpeed(-1, at: 21) }
        let events = try player.update(at: 21)
        #expect(events.contains(.completed) && player.status == .finished && !player.isRunning)
        #expect(events.contains { if case .timeline(let e) = $0 { e.kind == .finished } else { false } })
    }

    @Test func statusEventsComeInOrder() throws {
        var player = TimelinePlayer(timeline)
        try player.play(at: 0)
        var events = try player.update(at: 0.1)
        try player.pause(at: 0.2)
        try player.resume(at: 0.3)
        events += try player.update(at: 5)
        let status = events.filter {
            if case .timeline = $0 { false } else if case .updated = $0 { false } else { true }
        }
        #expect(status == [.started, .paused, .resumed, .completed])
        let names = events.compactMap { if case .timeline(let e) = $0, e.kind == .started { e.child } else { nil } }
        #expect(names == ["timeline", "a", "b"])
    }

    @Test func reversingMidFlightRunsTimeBackAndTwiceRestores() throws {
        var player = TimelinePlayer(timeline)
        try player.play(at: 0)
        _ = try player.update(at: 1.5)  // b halfway
        let before = try player.state(at: 1.5)
        try player.reverse(at: 1.5)
        let back = try player.update(at: 1.75)
        #expect(back.contains(.reversed))
        #expect(try abs(player.time(at: 1.75) - 1.25) < 1e-12)
        #expect(try abs(player.state(at: 1.75)["b"]!.value - 0.25) < 1e-12)
        // Reversing twice at the same moment changes nothing.
        var twice = player
        try twice.reverse(at: 1.75)
        try twice.reverse(at: 1.75)
        #expect(try twice.state(at: 2) == player.state(at: 2))
        // Back past b's start: b is pending again, reported once, backward.
        let crossing = try player.update(at: 2.5)
        let b = crossing.compactMap { if case .timeline(let e) = $0, e.child == "b" { e } else { nil } }
        #expect(b.count == 1 && b[0].kind == .started && b[0].direction == .backward)
        #expect(try player.state(at: 2.5)["b"]!.phase == .pending)
        _ = try player.update(at: 10)
        #expect(player.status == .finished)
        #expect(before["b"]!.phase == .active)
    }

    /// A seek reports every moment it crosses once, in the order crossed, with the way
    /// it was crossed. Worked by hand: three items staggered over half a second (starts
    /// 0, 0.25, 0.5), each 0.3 s long (ends 0.3, 0.55, 0.8).
    @Test func aSeekReportsWhatItCrossesInOrder() throws {
        let config = try StaggerConfig(spread: .amount(0.5), curve: .easeOut(duration: 0.3))
        let timeline = try Timeline([.staggered("g", count: 3, config: config)])
        var player = TimelinePlayer(timeline)
        try player.play(at: 0)
        _ = try player.update(at: 0.9)
        #expect(player.status == .finished)
        func crossed(_ events: [TimelinePlayer.Event]) -> [String] {
            events.compactMap {
                guard case .timeline(let e) = $0 else { return nil }
                return "\(e.kind) \(e.child) \((e.time * 100).rounded() / 100) \(e.direction)"
            }
        }
        // Back from the end to 0.26: the end's five moments last first, then g[1]'s end,
        // g[2]'s start and g[0]'s end; g[1]'s start (0.25) is not crossed.
        try player.seek(to: 0.26, at: 1)
        #expect(
            crossed(try player.update(at: 1)) == [
                "finished  0.8 backward", "completed timeline 0.8 backward",
                "stepCompleted(step: 0) timeline 0.8 backward", "completed g 0.8 backward",
                "completed g[2] 0.8 backward", "completed g[1] 0.55 backward", "started g[2] 0.5 backward",
                "completed g[0] 0.3 backward"
            ])
        // Forward again to 0.6.
        try player.seek(to: 0.6, at: 2)
        #expect(
            crossed(try player.update(at: 2)) == [
                "completed g[0] 0.3 forward", "started g[2] 0.5 forward", "completed g[1] 0.55 forward"
            ])
        // The same as the timeline's own list for each span.
        #expect(
            try timeline.events(from: 0.8, to: 0.26).map(\.child) == [
                "", "timeline", "timeline", "g", "g[2]", "g[1]", "g[2]", "g[0]"
            ])
    }

    /// Whatever the timeline (repeating, yoyo, a child that repeats, reversed passes
    /// contiguous or sequential) and whichever way a seek or a reversed player goes,
    /// the player reports exactly what ``Timeline/events(from:to:)`` lists between the
    /// times it passes, in that order.
    @Test func aPlayerReportsWhatTheTimelineLists() throws {
        let line = try Curve.linear(duration: 1)
        let inner = try Timeline([.step("i", line)], options: .init(repeats: .times(2), yoyo: true))
        let children: [TimelineChild] = [
            .step("a", line), .staggered("g", count: 3, config: try StaggerConfig(spread: .amount(0.5))),
            .timeline(inner, name: "nested")
        ]
        let timelines = [
            try Timeline(children),
            try Timeline(children, options: .init(repeats: .times(2), repeatDelay: 0.25, yoyo: true)),
            try Timeline(children, options: .init(repeats: .times(1), yoyo: true, reversing: .sequential))
        ]
        for timeline in timelines {
            var player = TimelinePlayer(timeline)
            try player.play(at: 0)
            var reported = -Double.infinity
            var clock = 0.0
            // Played forward, seeks back and forth across passes, played in reverse. A
            // call's events are the timeline's over each stretch it passes: up to the
            // time the clock has reached, to a seek's target, and past the start when a
            // reversed player completes there (−∞).
            for step in 0..<12 {
                clock += 0.7
                let before = try player.time(at: clock)
                var expected = try timeline.events(from: reported, to: before)
                var reached = before
                if step % 4 == 1 {
                    reached = timeline.totalDuration * Double(step % 5) / 5
                    try player.seek(to: reached, at: clock)
                    expected += try timeline.events(from: before, to: reached)
                } else if step == 6 {
                    try player.reverse(at: clock)
                }
                let events = try player.update(at: clock).compactMap { event -> TimelineEvent? in
                    if case .timeline(let e) = event { e } else { nil }
                }
                let after = try player.time(at: clock)
                expected += try timeline.events(from: reached, to: after)
                #expect(events == expected, "\(timeline) step \(step)")
                reported = after
            }
        }
    }

    @Test func completionIsLogicalOrAtRest() throws {
        let spring = try Timeline([.step("s", .bouncy)])
        var logical = TimelinePlayer(spring, completion: .logical)
        var rest = TimelinePlayer(spring, completion: .atRest)
        try logical.play(at: 0)
        try rest.play(at: 0)
        let settle = Spring.bouncy.settlingDuration
        let rested = try Spring.bouncy.settlingDuration(epsilon: 1e-5)
        #expect(abs(spring.duration - settle) < 1e-12 && abs(spring.restDuration - rested) < 1e-12)
        _ = try logical.update(at: settle + 0.01)
        _ = try rest.update(at: settle + 0.01)
        #expect(!logical.isRunning && rest.isRunning)
        // Still settling after the logical end: the value keeps following the spring.
        let t = settle + 0.01
        #expect(try abs(rest.state(at: t)["s"]!.value - Spring.bouncy.value(time: t)) < 1e-12)
        #expect(try rest.update(at: rested + 0.01).contains(.completed))
        #expect(!rest.isRunning)
    }

    @Test func repeatsForeverKeepRunning() throws {
        let forever = try Timeline(
            [.step("a", try .linear(duration: 0.5))], options: .init(repeats: .forever, repeatDelay: 0.5))
        var player = TimelinePlayer(forever)
        try player.play(at: 0)
        let events = try player.update(at: 100.25)
        #expect(player.isRunning)
        #expect(events.filter { if case .timeline(let e) = $0 { e.kind == .repeated } else { false } }.count == 100)
        #expect(try abs(player.state(at: 100.25)["a"]!.value - 0.5) < 1e-9)
        #expect(try player.state(at: 100.75)["a"]!.phase == .finished)  // the repeat delay holds the end
    }

    @Test func badClocksThrowAndLeaveThePlayerAsItWas() throws {
        var player = TimelinePlayer(timeline)
        #expect(throws: TimelineError.invalidTime(child: "clock", value: .nan)) { try player.play(at: .nan) }
        #expect(player.status == .idle)
        try player.play(at: 0)
        _ = try player.update(at: 0.5)
        for clock in [Double.nan, .infinity, -.infinity] {
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) { try player.time(at: clock) }
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) { try player.update(at: clock) }
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) { try player.pause(at: clock) }
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) { try player.reverse(at: clock) }
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) {
                try player.setSpeed(2, at: clock)
            }
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) {
                try player.seek(to: 1, at: clock)
            }
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) { try player.stop(at: clock) }
            #expect(throws: TimelineError.invalidTime(child: "clock", value: clock)) { try player.state(at: clock) }
        }
        // Nothing moved: still playing forward at speed 1 from 0.5 at clock 0.5.
        #expect(player.status == .playing && !player.isReversed && player.speed == 1)
        #expect(try player.time(at: 0.75) == 0.75)
        try player.pause(at: 1)
        #expect(throws: TimelineError.invalidTime(child: "clock", value: .nan)) { try player.resume(at: .nan) }
        #expect(player.status == .paused)
    }

    @Test func foreverTimelinesHaveNoEndToSeekOrPlayBackFrom() throws {
        let forever = try Timeline([.step("a", try .linear(duration: 0.5))], options: .init(repeats: .forever))
        var player = TimelinePlayer(forever)
        #expect(throws: TimelineError.invalidTime(child: "seek", value: .infinity)) {
            try player.seek(to: .infinity, at: 0)
        }
        try player.reverse(at: 0)
        #expect(throws: TimelineError.invalidTime(child: "play", value: .infinity)) { try player.play(at: 0) }
        // A finite timeline clamps +∞ to its end.
        var finite = TimelinePlayer(timeline)
        try finite.seek(to: .infinity, at: 0)
        #expect(try finite.time(at: 0) == 2)
    }

    /// A jump over more passes than a query may list throws and changes nothing; a
    /// seek without events moves on.
    @Test func aHugeJumpOnAForeverTimelineThrowsInsteadOfHanging() throws {
        let forever = try Timeline([.step("a", try .linear(duration: 0.5))], options: .init(repeats: .forever))
        var player = TimelinePlayer(forever)
        try player.play(at: 0)
        #expect(throws: TimelineError.tooManyPasses(count: 2_000_001, maximum: Timeline.maximumPassesPerQuery)) {
            try player.update(at: 1e6)
        }
        #expect(player.isRunning)
        try player.seek(to: 1e6 + 0.25, at: 1e6, reportsEvents: false)
        try player.resume(at: 1e6)
        let events = try player.update(at: 1e6 + 0.5)
        let kinds = events.compactMap { if case .timeline(let e) = $0 { e.kind } else { nil } }
        #expect(kinds == [.completed, .stepCompleted(step: 0), .completed, .repeated, .started, .started])
    }

    /// A timeline that ends where it starts completes as soon as it plays, and still
    /// reports each child's start and completion, in order.
    @Test func playingAZeroDurationTimelineReportsItsEvents() throws {
        let ease = try Curve.easeOut(duration: 0.3)
        let jumps = try Timeline([.step("a", ease, duration: 0), .step("b", ease, duration: 0)])
        var player = TimelinePlayer(jumps)
        try player.play(at: 0)
        #expect(player.status == .finished)
        let events = try player.update(at: 0)
        let expected: [String] = [
            "started", "started timeline", "started a", "completed a", "stepCompleted(step: 0) timeline",
            "started b", "completed b", "stepCompleted(step: 1) timeline", "completed timeline", "finished ",
            "completed"
        ]
        let described = events.map { event -> String in
            switch event {
            case .timeline(let e): "\(e.kind) \(e.child)"
            default: "\(event)"
            }
        }
        #expect(described == expected)
    }
}

/// Player events read as words, and the per-frame update can be turned off (issue 21).
@Suite struct TimelinePlayerEventTests {
    @Test func eventsPrintReadablyAndUpdatesAreOptional() throws {
        #expect(TimelinePlayer.Event.started.description == "started")
        #expect(TimelinePlayer.Event.updated(0.5).description == "updated to 0.5 s")
        let timeline = try Timeline([.step("fade", try .easing(.linear, duration: 1))])
        var player = TimelinePlayer(timeline)
        player.reportsUpdates = false
        try player.play(at: 0)
        let events = try player.update(at: 0.5)
        #expect(!events.contains { if case .updated = $0 { true } else { false } })
        #expect(events.first == .started)
        var chatty = TimelinePlayer(timeline)
        try chatty.play(at: 0)
        #expect(try chatty.update(at: 0.5).contains(.updated(0.5)))
    }
}

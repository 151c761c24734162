import Stagger
import Testing

/// The player over a caller's clock: pause, resume, speed, reverse, completion.
@Suite struct TimelinePlayerTests {
    let timeline = try! Timeline([.step("a", try! .linear(duration: 1)), .step("b", try! .linear(duration: 1))])

    @Test func pauseResumeAndSpeedMoveTimeAsTheClockSays() throws {
        var player = TimelinePlayer(timeline)
        #expect(!player.isRunning)
        player.play(at: 10)
        #expect(player.isRunning)
        _ = try player.update(at: 10.25)
        #expect(abs(player.time(at: 10.25) - 0.25) < 1e-12)
        player.pause(at: 10.5)
        #expect(abs(player.time(at: 99) - 0.5) < 1e-12)  // held however long the pause
        player.resume(at: 20)
        try player.setSpeed(2, at: 20.25)                // 0.75 so far
        #expect(abs(player.time(at: 20.5) - 1.25) < 1e-12)
        #expect(throws: TimelineError.invalidTimeScale(0)) { try player.setSpeed(0, at: 21) }
        #expect(throws: TimelineError.invalidTimeScale(-1)) { try player.setSpeed(-1, at: 21) }
        let events = try player.update(at: 21)
        #expect(events.contains(.completed) && player.status == .finished && !player.isRunning)
        #expect(events.contains { if case .timeline(let e) = $0 { e.kind == .finished } else { false } })
    }

    @Test func statusEventsComeInOrder() throws {
        var player = TimelinePlayer(timeline)
        player.play(at: 0)
        var events = try player.update(at: 0.1)
        player.pause(at: 0.2)
        player.resume(at: 0.3)
        events += try player.update(at: 5)
        let status = events.filter { if case .timeline = $0 { false } else if case .updated = $0 { false } else { true } }
        #expect(status == [.started, .paused, .resumed, .completed])
        let names = events.compactMap { if case .timeline(let e) = $0, e.kind == .started { e.child } else { nil } }
        #expect(names == ["timeline", "a", "b"])
    }

    @Test func reversingMidFlightRunsTimeBackAndTwiceRestores() throws {
        var player = TimelinePlayer(timeline)
        player.play(at: 0)
        _ = try player.update(at: 1.5)                    // b halfway
        let before = try player.state(at: 1.5)
        player.reverse(at: 1.5)
        let back = try player.update(at: 1.75)
        #expect(back.contains(.reversed))
        #expect(abs(player.time(at: 1.75) - 1.25) < 1e-12)
        #expect(try abs(player.state(at: 1.75)["b"]!.value - 0.25) < 1e-12)
        // Reversing twice at the same moment changes nothing.
        var twice = player
        twice.reverse(at: 1.75)
        twice.reverse(at: 1.75)
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

    @Test func completionIsLogicalOrAtRest() throws {
        let spring = try Timeline([.step("s", .bouncy)])
        var logical = TimelinePlayer(spring, completion: .logical)
        var rest = TimelinePlayer(spring, completion: .atRest)
        logical.play(at: 0)
        rest.play(at: 0)
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
        let forever = try Timeline([.step("a", try .linear(duration: 0.5))], options: .init(repeats: .forever, repeatDelay: 0.5))
        var player = TimelinePlayer(forever)
        player.play(at: 0)
        let events = try player.update(at: 100.25)
        #expect(player.isRunning)
        #expect(events.filter { if case .timeline(let e) = $0 { e.kind == .repeated } else { false } }.count == 100)
        #expect(try abs(player.state(at: 100.25)["a"]!.value - 0.5) < 1e-9)
        #expect(try player.state(at: 100.75)["a"]!.phase == .finished)  // the repeat delay holds the end
    }
}

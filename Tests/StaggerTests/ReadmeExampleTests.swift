import Stagger
import Testing

/// The README's examples, so that they keep compiling and doing what they say.
@Suite struct ReadmeExampleTests {
    @Test func curveExample() throws {
        let curve = try Curve.spring(duration: 0.5, bounce: 0.3)
        var opacity = [Float](repeating: 0, count: 10_000)
        try curve.sampleStaggered(at: 0.4, baseDelay: 0, delayIncrement: 0.03, into: &opacity)
        let exact = try curve.value(at: 0.4)
        #expect(abs(Double(opacity[0]) - exact) < 1e-5)
        // Row 14 started at 0.42 s: still waiting at 0.4 s.
        #expect(opacity[14] == 0)
    }

    @Test func staggeredListExample() throws {
        let tapped = 9, now = 100.0
        let config = try StaggerConfig(
            spread: .each(0.03), curve: .snappy, from: .index(tapped),
            grid: .init(columns: 4, rows: 250), maxDelay: 0.6)
        var list = try StaggeredList(count: 1_000, config: config)
        try list.show(at: now)
        var frame = list.makeFrame()
        try list.sample(at: now + 0.1, into: &frame)
        // The tapped cell leads (no delay); the far corner waits.
        #expect(abs(Double(frame.values(ofTrack: 0)[tapped]) - (try Curve.snappy.value(at: 0.1))) < 1e-5)
        #expect(frame.values(ofTrack: 0)[999] == 0)
        try list.hide(at: now + 0.2)
        try list.sample(at: now + 0.2, into: &frame)
        // No jump at the hide: the tapped cell is where the show had it.
        #expect(abs(Double(frame.appearance[tapped]) - (try Curve.snappy.value(at: 0.2))) < 1e-5)
    }
}

/// The README's timeline example.
@Suite struct ReadmeTimelineExampleTests {
    @Test func timelineExample() throws {
        let reveal = try Timeline([
            .step("background", .easeOut),
            .group([.step("icon", .snappy), .step("title", .snappy)], at: .afterPrevious(gap: 0.05)),
            .staggered("row", count: 20, config: .fast, at: .withPrevious(offset: 0.1))
        ])
        let state = try reveal.state(at: 0.4)
        // The background (easeOut, 0.35 s) is done by 0.4 s; the icon started at 0.4 s.
        #expect(!state.isActive("background"))
        // In (0.3, 0.4]: the background ends at its duration (SwiftUI's easeOut, 0.35 s);
        // the group starts 0.05 s later with both its steps; the rows start 0.1 s after
        // the group (0.5 s), outside the interval.
        let events = try reveal.events(from: 0.3, to: 0.4)
        let end = Curve.easeOut.duration
        #expect(events.contains { $0.kind == .completed && $0.child == "background" && abs($0.time - end) < 1e-12 })
        for id in ["icon", "title"] {
            #expect(events.contains { $0.kind == .started && $0.child == id && abs($0.time - (end + 0.05)) < 1e-12 })
        }
        #expect(!events.contains { $0.child.hasPrefix("row") })
        #expect(events.allSatisfy { $0.time > 0.3 && $0.time <= 0.4 })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
        var player = TimelinePlayer(reveal)
        try player.play(at: 10)
        #expect(player.isRunning)
    }
}

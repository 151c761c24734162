import Foundation
import Stagger
import Testing

/// Children that repeat on their own and groups that turn back together: MotionMachine's
/// per-motion repeats, `syncsChildMotions` and sequential reversing, GSAP's per-tween
/// `repeat` / `yoyo`. Every expected value is worked by hand from the linear or
/// ease-in-out-quad definition; the kernel is held to the same figures on every backend.
@Suite struct TimelineRepeatingChildTests {
    static let linear = try! Curve.linear(duration: 1)

    /// The value of target `id` at `t` from the reference and from the kernel on every
    /// backend, each within `tolerance` of `expected`.
    func expectValue(
        _ timeline: Timeline, _ id: String, at t: Double, _ expected: Double, tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let state = try timeline.state(at: t)
        let reference = try #require(state[id], sourceLocation: sourceLocation)
        #expect(
            abs(reference.value - expected) <= tolerance, "\(id) at \(t): \(reference.value)",
            sourceLocation: sourceLocation)
        // The governing step of `id` is the one whose state the subscript returned.
        let index = try #require(
            timeline.steps(of: id).first { state.steps[$0] == reference }, sourceLocation: sourceLocation)
        var values = [Float](repeating: .nan, count: timeline.stepCount)
        for backend in testedBackends {
            try timeline.sample(at: t, into: &values, backend: backend)
            #expect(
                abs(Double(values[index]) - expected) <= max(tolerance, 2e-5) * max(1, abs(expected)),
                "\(backend) \(id) at \(t): \(values[index])", sourceLocation: sourceLocation)
        }
    }

    // MARK: A group that turns back together (issue: MotionMachine's syncsChildMotions)

    /// x (0 → 200, ease-in-out-quad, 1 s) and w (1.2 s) in a group, there and back.
    /// Turning back together, both start back at 1.2 s: x at 1.3 s is
    /// 200 (1 − easeInOutQuad(0.1)) = 200 (1 − 2 · 0.1²) = 196. Mirrored (contiguous),
    /// x waits until 1.4 s and is still at 200.
    @Test func aGroupsChildrenTurnBackTogether() throws {
        let quad = try Curve.easing(.easeInOutQuad, duration: 1)
        let group: [TimelineChild] = [
            .group([.step("x", quad, to: 200), .step("w", quad, to: 100, duration: 1.2)], name: "move")
        ]
        let together = try Timeline(group, options: .init(repeats: .times(1), yoyo: true, reversing: .together))
        let mirrored = try Timeline(group, options: .init(repeats: .times(1), yoyo: true, reversing: .contiguous))
        #expect(together.totalDuration == 2.4)
        try expectValue(together, "x", at: 1.3, 196)
        try expectValue(mirrored, "x", at: 1.3, 200)
        // x back at 0.1 of its way from its start: 200 · 2 · 0.1² = 4 at 2.1 s, home at 2.2 s.
        try expectValue(together, "x", at: 2.1, 4)
        try expectValue(together, "x", at: 2.3, 0)
        // w turns back at 1.2 in both: at 1.3 s its forward time is 1.1 of 1.2, progress
        // 11/12, and easeInOutQuad(p ≥ ½) = 1 − (2 − 2p)²/2 = 1 − (1/6)²/2 = 71/72.
        try expectValue(together, "w", at: 1.3, 100 * 71 / 72)
        try expectValue(mirrored, "w", at: 1.3, 100 * 71 / 72)
        // Events: going back, x is crossed back to its start at 2.2 s (mirrored: 2.4 s),
        // and x's completion is crossed back as the pass turns (mirrored: at 1.4 s).
        let back = try together.events(from: 1.2, to: 2.4).filter { $0.child == "x" }
        #expect(back.map(\.kind) == [.completed, .started])
        #expect(back.allSatisfy { $0.direction == .backward })
        #expect(zip(back.map(\.time), [1.2, 2.2]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(back)")
        let mirroredBack = try mirrored.events(from: 1.2, to: 2.4).filter { $0.child == "x" }
        #expect(zip(mirroredBack.map(\.time), [1.4, 2.4]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(mirroredBack)")
    }

    /// A sequence inside a group that turns back together plays back last step first,
    /// from the moment the pass turns: a, b (0.5 s each) beside c (2 s); turned at 2 s,
    /// b goes back over 2 ... 2.5 s and a over 2.5 ... 3 s.
    @Test func aSequenceInsideATogetherGroupStillPlaysBackLastFirst() throws {
        let half = try Curve.linear(duration: 0.5)
        let timeline = try Timeline(
            [.group([.sequence([.step("a", half), .step("b", half)]), .step("c", try .linear(duration: 2))])],
            options: .init(repeats: .times(1), yoyo: true, reversing: .together))
        try expectValue(timeline, "b", at: 2.25, 0.5)
        try expectValue(timeline, "a", at: 2.25, 1)
        try expectValue(timeline, "a", at: 2.75, 0.5)
        try expectValue(timeline, "c", at: 2.75, 0.625)
    }

    // MARK: Repeat and yoyo on one child

    /// a (0 → 100, linear 1 s) there and back in a slot of 2 s, then b (linear 0.5 s).
    @Test func aChildRepeatsAndReversesInItsOwnSlot() throws {
        let timeline = try Timeline([
            .step("a", Self.linear, to: 100).repeating(.times(1), yoyo: true),
            .step("b", try .linear(duration: 0.5))
        ])
        #expect(timeline.duration == 2.5)
        try expectValue(timeline, "a", at: 0.5, 50)
        try expectValue(timeline, "a", at: 1.25, 75)
        try expectValue(timeline, "a", at: 2, 0)
        try expectValue(timeline, "b", at: 1.9, 0)
        try expectValue(timeline, "b", at: 2.25, 0.5)
        // The slot (node "a", a nested timeline of one step) starts once, reports its
        // step completed in each pass (going back: when it is back at its start),
        // reverses at 1 s and completes at 2 s; the step inside starts forward and is
        // crossed back to its start.
        let events = try timeline.events(from: -.infinity, to: 3)
        let slot = try #require(events.first { $0.child == "a" && $0.kind == .started }?.node)
        let slotEvents = events.filter { $0.node == slot }
        #expect(
            slotEvents.map(\.kind) == [
                .started, .stepCompleted(step: 0), .repeated, .reversed, .stepCompleted(step: 0), .completed
            ], "\(slotEvents)")
        #expect(slotEvents.map(\.time) == [0, 1, 1, 1, 2, 2])
        #expect(slotEvents[2].iteration == 1)
        let step = events.filter { $0.child == "a" && $0.node != slot }
        #expect(step.map(\.kind) == [.started, .completed, .completed, .started])
        #expect(step.map(\.direction) == [.forward, .forward, .backward, .backward])
        #expect(step.map(\.time) == [0, 1, 1, 2])
    }

    /// Three passes of 1 s with 0.5 s between them hold the end meanwhile: a slot of
    /// 1 + 0.5 + 1 + 0.5 + 1 = 4 s.
    @Test func aRepeatDelayHoldsTheChildsEnd() throws {
        let timeline = try Timeline([
            .step("a", Self.linear, to: 100).repeating(.times(2), repeatDelay: 0.5), .step("b", Self.linear)
        ])
        #expect(timeline.duration == 5)
        try expectValue(timeline, "a", at: 1.25, 100)
        try expectValue(timeline, "a", at: 1.75, 25)
        try expectValue(timeline, "a", at: 3.5, 50)
        try expectValue(timeline, "b", at: 4.5, 0.5)
        let repeats = try timeline.events(from: -.infinity, to: 6).filter { $0.kind == .repeated }
        #expect(repeats.map(\.time) == [1.5, 3])
        #expect(repeats.map(\.iteration) == [1, 2])
    }

    /// A repeating child inside a timeline that repeats, yoyos, speeds up or is nested.
    @Test func aRepeatingChildInsideReversedFasterAndNestedTimelines() throws {
        let child: [TimelineChild] = [.step("a", Self.linear, to: 100).repeating(.times(1))]
        // Two passes of a forward (slot 2 s); the outer timeline there and back.
        let contiguous = try Timeline(child, options: .init(repeats: .times(1), yoyo: true))
        // 0.25 s into the outer reversed pass: the slot at 1.75 s, its second pass at
        // 0.75: 75. Sequential replays the slot forward: 0.25 s, 25.
        try expectValue(contiguous, "a", at: 2.25, 75)
        let sequential = try Timeline(child, options: .init(repeats: .times(1), yoyo: true, reversing: .sequential))
        try expectValue(sequential, "a", at: 2.25, 25)
        // Twice as fast: the slot lasts 1 s, 0.25 s is 0.5 s of the child: 50.
        let fast = try Timeline(child, options: .init(timeScale: 2))
        #expect(fast.duration == 1)
        try expectValue(fast, "a", at: 0.25, 50)
        try expectValue(fast, "a", at: 0.75, 50)
        // The same slot inside a timeline nested once more, after a 1 s step.
        let nested = try Timeline([.step("lead", Self.linear), .timeline(try Timeline(child), name: "inner")])
        #expect(nested.duration == 3)
        try expectValue(nested, "a", at: 2.5, 50)
        // A repeating nested timeline holding a repeating child: 2 × 2 passes, 4 s.
        let twice = try Timeline([.timeline(try Timeline(child, options: .init(repeats: .times(1))), name: "r")])
        #expect(twice.duration == 4)
        try expectValue(twice, "a", at: 3.25, 25)
    }

    // MARK: MotionMachine's sequential reversing (its four-circle example)

    /// Four circles in a sequence, each down 60 and back up (two passes of 0.5 s, linear);
    /// then the sequence replays them 3, 2, 1, 0. Every circle is back at 0 at the turn
    /// and at the end, and nothing jumps.
    @Test func fourCirclesGoDownAndUpThenReplayInReverseOrder() throws {
        let half = try Curve.linear(duration: 0.5)
        let circles: [TimelineChild] = (0..<4).map {
            .step("circle\($0)", half, to: 60).repeating(.times(1), yoyo: true)
        }
        let timeline = try Timeline(circles, options: .init(repeats: .times(1), yoyo: true, reversing: .sequential))
        #expect(timeline.totalDuration == 8)
        try expectValue(timeline, "circle1", at: 1.25, 30)
        try expectValue(timeline, "circle1", at: 1.5, 60)
        try expectValue(timeline, "circle1", at: 1.75, 30)
        // Replayed: circle 3 first (4 ... 5 s), circle 0 last (7 ... 8 s).
        try expectValue(timeline, "circle3", at: 4.25, 30)
        try expectValue(timeline, "circle3", at: 4.5, 60)
        try expectValue(timeline, "circle0", at: 4.5, 0)
        try expectValue(timeline, "circle0", at: 7.5, 60)
        for t in [4.0, 8.0, 9.0] {
            for i in 0..<4 { try expectValue(timeline, "circle\(i)", at: t, 0) }
        }
        // No jump: 60 in 0.5 s is 120 per second, so no frame of 1 ms moves more than 0.12.
        var previous = try timeline.state(at: 0).steps.map(\.value)
        for frame in 1...8_000 {
            let values = try timeline.state(at: Double(frame) / 1000).steps.map(\.value)
            let step = zip(values, previous).map { abs($0 - $1) }.max()!
            #expect(step <= 0.12 + 1e-9, "a jump at \(Double(frame) / 1000) s")
            previous = values
        }
        let replay = try timeline.events(from: 4, to: 8).filter { $0.kind == .started && $0.child.hasPrefix("circle") }
        #expect(replay.map(\.child).removingAdjacentDuplicates() == ["circle3", "circle2", "circle1", "circle0"])
    }

    @Test func aChildThatRepeatsForeverIsRefusedNamingIt() throws {
        #expect(throws: TimelineError.repeatsForever(child: "spin")) {
            try Timeline([.step("spin", Self.linear).repeating(.forever)])
        }
        #expect(throws: TimelineError.invalidRepeat(count: -1, delay: 0)) {
            try Timeline([.step("spin", Self.linear).repeating(.times(-1))])
        }
        #expect(throws: TimelineError.invalidRepeat(count: 1, delay: -0.5)) {
            try Timeline([.step("spin", Self.linear).repeating(.times(1), repeatDelay: -0.5)])
        }
    }
}

extension Array where Element: Equatable {
    fileprivate func removingAdjacentDuplicates() -> [Element] {
        var out: [Element] = []
        for element in self where out.last != element { out.append(element) }
        return out
    }
}

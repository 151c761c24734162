import PropertyBased
import Stagger
import Testing

/// Events: their order from the definitions, and exactly once for any cutting of time.
@Suite(.shrinking(false)) struct TimelineEventTests {
    struct Simple: Equatable, CustomStringConvertible {
        let kind: TimelineEvent.Kind
        let child: String
        let time: Double
        let direction: TimelineDirection
        var description: String { "\(kind) \(child) @\(time) \(direction)" }
    }

    func simple(_ events: [TimelineEvent]) -> [Simple] {
        events.map { Simple(kind: $0.kind, child: $0.child, time: $0.time, direction: $0.direction) }
    }

    @Test func aSequenceReportsStartsCompletionsAndStepsInOrder() throws {
        let timeline = try Timeline([
            .sequence([.step("a", try .linear(duration: 0.25)), .step("b", try .linear(duration: 0.5))], name: "seq")
        ])
        let all = simple(try timeline.events(from: -.infinity, to: 1))
        let expected: [Simple] = [
            .init(kind: .started, child: "timeline", time: 0, direction: .forward),
            .init(kind: .started, child: "seq", time: 0, direction: .forward),
            .init(kind: .started, child: "a", time: 0, direction: .forward),
            .init(kind: .completed, child: "a", time: 0.25, direction: .forward),
            .init(kind: .stepCompleted(step: 0), child: "seq", time: 0.25, direction: .forward),
            .init(kind: .started, child: "b", time: 0.25, direction: .forward),
            .init(kind: .completed, child: "b", time: 0.75, direction: .forward),
            .init(kind: .stepCompleted(step: 1), child: "seq", time: 0.75, direction: .forward),
            .init(kind: .completed, child: "seq", time: 0.75, direction: .forward),
            // The timeline itself is a sequence: its one child completed.
            .init(kind: .stepCompleted(step: 0), child: "timeline", time: 0.75, direction: .forward),
            .init(kind: .completed, child: "timeline", time: 0.75, direction: .forward),
            .init(kind: .finished, child: "", time: 0.75, direction: .forward)
        ]
        #expect(all == expected)
        // Going back lists the same moments in reverse, crossed backward.
        let back = simple(try timeline.events(from: 1, to: -.infinity))
        #expect(back.map(\.time) == expected.reversed().map(\.time))
        #expect(back.allSatisfy { $0.direction == .backward })
        // A frame that ends exactly on a boundary includes it; the next one does not repeat it.
        #expect(simple(try timeline.events(from: 0.1, to: 0.25)).map(\.child) == ["a", "seq", "b"])
        #expect(try timeline.events(from: 0.25, to: 0.3).isEmpty)
    }

    /// A zero-length step at the very end: at t = 1 the step before it completes (it took
    /// time), then the jump starts and completes, and only then its containers complete.
    @Test func aTrailingJumpCompletesBeforeItsContainers() throws {
        let timeline = try Timeline([
            .step("a", try .linear(duration: 1)), .step("z", try .linear(duration: 1), duration: 0)
        ])
        let expected: [Simple] = [
            .init(kind: .started, child: "timeline", time: 0, direction: .forward),
            .init(kind: .started, child: "a", time: 0, direction: .forward),
            .init(kind: .completed, child: "a", time: 1, direction: .forward),
            .init(kind: .stepCompleted(step: 0), child: "timeline", time: 1, direction: .forward),
            .init(kind: .started, child: "z", time: 1, direction: .forward),
            .init(kind: .completed, child: "z", time: 1, direction: .forward),
            .init(kind: .stepCompleted(step: 1), child: "timeline", time: 1, direction: .forward),
            .init(kind: .completed, child: "timeline", time: 1, direction: .forward),
            .init(kind: .finished, child: "", time: 1, direction: .forward)
        ]
        #expect(simple(try timeline.events(from: -.infinity, to: 2)) == expected)
        // Going back: the same moments, last first.
        let back = simple(try timeline.events(from: 2, to: -.infinity))
        #expect(back.map(\.child) == expected.reversed().map(\.child))
        #expect(back.map(\.kind) == expected.reversed().map(\.kind))
    }

    /// A list of zero-length items inside a nested timeline: every item starts and then
    /// completes, in item order, before the list, the nested timeline and the whole one.
    @Test func aZeroLengthListReportsEachItemStartedThenCompleted() throws {
        let inner = try Timeline([
            .staggered("row", count: 2, config: try StaggerConfig(delayIncrement: 0), duration: 0)
        ])
        let timeline = try Timeline([.step("a", try .linear(duration: 1)), .timeline(inner, name: "inner")])
        let expected: [Simple] = [
            .init(kind: .completed, child: "a", time: 1, direction: .forward),
            .init(kind: .stepCompleted(step: 0), child: "timeline", time: 1, direction: .forward),
            .init(kind: .started, child: "inner", time: 1, direction: .forward),
            .init(kind: .started, child: "row", time: 1, direction: .forward),
            .init(kind: .started, child: "row[0]", time: 1, direction: .forward),
            .init(kind: .completed, child: "row[0]", time: 1, direction: .forward),
            .init(kind: .started, child: "row[1]", time: 1, direction: .forward),
            .init(kind: .completed, child: "row[1]", time: 1, direction: .forward),
            .init(kind: .completed, child: "row", time: 1, direction: .forward),
            .init(kind: .stepCompleted(step: 0), child: "inner", time: 1, direction: .forward),
            .init(kind: .completed, child: "inner", time: 1, direction: .forward),
            .init(kind: .stepCompleted(step: 1), child: "timeline", time: 1, direction: .forward),
            .init(kind: .completed, child: "timeline", time: 1, direction: .forward),
            .init(kind: .finished, child: "", time: 1, direction: .forward)
        ]
        #expect(simple(try timeline.events(from: 0.5, to: 1)) == expected)
        // The nested timeline on its own: the same order (its root is named "timeline").
        let alone = simple(try inner.events(from: -.infinity, to: 0)).map(\.child)
        #expect(alone == ["timeline", "row", "row[0]", "row[0]", "row[1]", "row[1]", "row", "timeline", "timeline", ""])
    }

    /// Four passes with no delay at time scale 1.7, cut exactly at each pass start
    /// k · D: 3 · D − 2 · D rounds below D, so measured from its own start the frame
    /// ending at pass 3's start falls short of pass 2's end; that end must still be
    /// reported in that frame (the next frame starts in pass 3).
    @Test func framesCutAtPassStartsKeepEveryPassEnd() throws {
        let timeline = try Timeline(
            [.step("a", try .linear(duration: 1), duration: 0.1), .step("b", try .linear(duration: 1), duration: 0.4)],
            options: .init(timeScale: 1.7, repeats: .times(3)))
        let d = 0.5 / 1.7
        #expect(timeline.duration == d)
        #expect(3 * d - 2 * d < d)  // the rounding this test is about
        var expected: [(TimelineEvent.Kind, String, Int, Double)] = []
        for k in 0..<4 {
            let start = Double(k) * d
            if k > 0 { expected.append((.repeated, "", k, start)) }
            expected += [
                (.started, "timeline", k, start), (.started, "a", k, start),
                (.completed, "a", k, start + 0.1 / 1.7), (.stepCompleted(step: 0), "timeline", k, start + 0.1 / 1.7),
                (.started, "b", k, start + 0.1 / 1.7), (.completed, "b", k, start + d),
                (.stepCompleted(step: 1), "timeline", k, start + d), (.completed, "timeline", k, start + d)
            ]
        }
        expected.append((.finished, "", 3, 4 * d))
        let cuts = [-Double.infinity, d, 2 * d, 3 * d, 4 * d + 1]
        var joined: [TimelineEvent] = []
        for (a, b) in zip(cuts, cuts.dropFirst()) { joined += try timeline.events(from: a, to: b) }
        #expect(joined.count == expected.count)
        for (event, want) in zip(joined, expected) {
            #expect(event.kind == want.0 && event.child == want.1 && event.iteration == want.2, "\(event)")
            #expect(abs(event.time - want.3) < 1e-12, "\(event)")
        }
    }

    /// Sequential reversing reverses a sequence's order, not its groups: the group's
    /// children start together again, each playing forward.
    @Test func sequentialReversingReplaysAGroupForwardTogether() throws {
        let children: [TimelineChild] = [
            .sequence(
                [
                    .group(
                        [.step("x", try .linear(duration: 1)), .step("y", try .linear(duration: 0.5))], name: "move"),
                    .step("fade", try .linear(duration: 0.5))
                ], name: "motion")
        ]
        let timeline = try Timeline(children, options: .init(repeats: .times(1), yoyo: true, reversing: .sequential))
        // Pass 1 starts at 1.5: fade 1.5 … 2, then x 2 … 3 and y 2 … 2.5, both from 0.
        let state = try timeline.state(at: 2.25)
        #expect(abs(state["x"]!.value - 0.25) < 1e-12 && abs(state["y"]!.value - 0.5) < 1e-12)
        #expect(try timeline.state(at: 1.75)["y"]!.phase == .pending)
        let starts = try timeline.events(from: 1.6, to: 3).filter { $0.kind == .started }
        #expect(starts.map(\.child) == ["move", "x", "y"] && starts.allSatisfy { $0.time == 2 })
        let steps = try timeline.events(from: 1.5, to: 3).filter { $0.child == "motion" && $0.kind != .completed }
        #expect(steps.map(\.kind) == [.stepCompleted(step: 1), .stepCompleted(step: 0)])
        #expect(steps.map(\.time) == [2, 3] && steps.allSatisfy { $0.direction == .forward })
    }

    @Test func queriesOverTooManyPassesThrowInsteadOfHanging() throws {
        let forever = try Timeline([.step("a", try .linear(duration: 0.5))], options: .init(repeats: .forever))
        #expect(throws: TimelineError.tooManyPasses(count: 2_000_001, maximum: Timeline.maximumPassesPerQuery)) {
            try forever.events(from: 0, to: 1e6)
        }
        // The backward query crosses the same passes.
        #expect(throws: TimelineError.tooManyPasses(count: 2_000_001, maximum: 100_000)) {
            try forever.events(from: 1e6, to: 0)
        }
        // 1,000 passes are fine: one repeated event per new pass.
        #expect(try forever.events(from: 0.25, to: 500.25).filter { $0.kind == .repeated }.count == 1000)
        let many = try Timeline(
            [.step("a", try .linear(duration: 0.5))], options: .init(repeats: .times(1_000_000_000_000)))
        #expect(throws: TimelineError.tooManyPasses(count: 1_000_000_000_001, maximum: 100_000)) {
            try many.events(from: -.infinity, to: many.totalDuration)
        }
        // State needs no pass-by-pass walk: far out it answers at once.
        #expect(try forever.state(at: 1e15 + 0.25)["a"]!.phase == .active)
    }

    @Test func repeatsAndYoyoReportPasses() throws {
        let line = try Curve.linear(duration: 1)
        let timeline = try Timeline(
            [.step("a", line)], options: .init(repeats: .times(2), repeatDelay: 0.5, yoyo: true))
        #expect(timeline.totalDuration == 4)
        let events = try timeline.events(from: -.infinity, to: 10)
        let passes = events.filter { $0.kind == .repeated }.map(\.time)
        #expect(passes == [1.5, 3])
        #expect(events.filter { $0.kind == .reversed }.count == 2)
        // The second pass plays backward: "a" is crossed back from its end to its start.
        let second = events.filter { $0.iteration == 1 && $0.child == "a" }
        #expect(second.map(\.kind) == [.completed, .started] && second.allSatisfy { $0.direction == .backward })
        #expect(second.map(\.time) == [1.5, 2.5])
        #expect(events.last?.kind == .finished && events.last?.time == 4)
        // Halfway through the reversed pass the value has come back halfway.
        #expect(try abs(timeline.state(at: 2.25)["a"]!.value - 0.25) < 1e-12)
    }

    @Test func sequentialReversingReplaysStepsForwardInReverseOrder() throws {
        let line = try Curve.linear(duration: 1)
        let steps: [TimelineChild] = [.step("a", line), .step("b", try .linear(duration: 2))]
        let sequential = try Timeline(steps, options: .init(repeats: .times(1), yoyo: true, reversing: .sequential))
        let contiguous = try Timeline(steps, options: .init(repeats: .times(1), yoyo: true, reversing: .contiguous))
        // 0.5 s into the reversed pass: sequential replays b forward (0.5 of 2 s);
        // contiguous plays b backward from its end (1.5 of 2 s).
        #expect(try abs(sequential.state(at: 3.5)["b"]!.value - 0.25) < 1e-12)
        #expect(try abs(contiguous.state(at: 3.5)["b"]!.value - 0.75) < 1e-12)
        let replay = try sequential.events(from: 2.9, to: 6).filter { $0.kind == .started && $0.child != "timeline" }
        #expect(replay.map(\.child) == ["b", "a"], "\(replay)")
        #expect(replay.map(\.time) == [3, 5])
        #expect(replay.allSatisfy { $0.direction == .forward })
    }

    static let timelines: [Timeline] = {
        let ease = try! Curve.easeOut(duration: 0.3)
        let children: [TimelineChild] = [
            .step("a", ease),
            .group(
                [
                    .step("b", .snappy), .step("c", ease, duration: 0),
                    .sequence([.step("d", ease), .step("e", ease)], name: "inner")
                ], name: "g"),
            .staggered("row", count: 12, config: try! StaggerConfig(spread: .each(0.02), curve: ease)),
            .step("z", ease, duration: 0, at: .afterPrevious(gap: 0.1))
        ]
        let repeatingChildren: [TimelineChild] = [
            .step("a", ease).repeating(.times(2), yoyo: true),
            .group(
                [
                    .step("b", .snappy).repeating(.times(1), repeatDelay: 0.05),
                    .sequence([.step("d", ease), .step("e", ease)], name: "inner")
                        .repeating(.times(1), yoyo: true, reversing: .sequential),
                    .timeline(try! Timeline(children, options: .init(repeats: .times(1), yoyo: true)), name: "nested")
                ], name: "g"),
            .step("z", ease, duration: 0, at: .afterPrevious(gap: 0.1))
        ]
        return [
            try! Timeline(children),
            try! Timeline(children, options: .init(repeats: .times(2), repeatDelay: 0.25, yoyo: true)),
            try! Timeline(
                children, options: .init(timeScale: 1.7, repeats: .times(1), yoyo: true, reversing: .sequential)),
            // No repeat delay, so rounding of pass starts matters; contiguous reversals.
            try! Timeline(children, options: .init(timeScale: 1.7, repeats: .times(3), yoyo: true)),
            // Groups that turn back together.
            try! Timeline(children, options: .init(repeats: .times(2), yoyo: true, reversing: .together)),
            // Children with passes of their own inside every kind of reversed pass.
            try! Timeline(repeatingChildren, options: .init(repeats: .times(2), repeatDelay: 0.1, yoyo: true)),
            try! Timeline(
                repeatingChildren,
                options: .init(timeScale: 1.3, repeats: .times(1), yoyo: true, reversing: .sequential)),
            try! Timeline(repeatingChildren, options: .init(repeats: .times(1), yoyo: true, reversing: .together))
        ]
    }()

    /// Any cutting of [start, end] into frames reports every event exactly once, in order.
    @Test(arguments: timelines.indices)
    func everyEventExactlyOnceForAnyFrames(which: Int) async throws {
        let timeline = Self.timelines[which]
        let end = timeline.totalDuration + 0.5
        let whole = try timeline.events(from: -.infinity, to: end)
        // Each moment once: no duplicate (kind, node, pass, time, direction); a child with
        // passes of its own crosses its nodes once per pass of its own.
        let keys = whole.map { "\($0.kind)|\($0.node)|\($0.iteration)|\($0.time)|\($0.direction)" }
        #expect(Set(keys).count == keys.count)
        #expect(zip(whole, whole.dropFirst()).allSatisfy { $0.time <= $1.time })
        await checkProperty(count: 60, input: Gen.double(in: -0.2...(end + 0.2)).array(of: 0...25), Gen.bool) {
            cuts, exact in
            // Some frames land exactly on event times, where off-by-one errors hide.
            var points = cuts
            if exact {
                let period = timeline.duration + timeline.options.repeatDelay
                let passes: Int = { if case .times(let n) = timeline.options.repeats { n + 1 } else { 1 } }()
                points += whole.prefix(8).map(\.time) + (1..<passes).map { Double($0) * period }
            }
            let frames = [-Double.infinity] + points.sorted() + [end]
            var joined: [TimelineEvent] = []
            for (a, b) in zip(frames, frames.dropFirst()) { joined += try timeline.events(from: a, to: b) }
            #expect(joined == whole)
        }
    }

    /// Over a random walk of frame times (jumps, pauses, reversals) the frames report
    /// exactly what the monotone runs between turning points report, and for a single
    /// pass each child's net starts match its state at the end.
    @Test(arguments: timelines.indices)
    func randomWalksReportEachCrossingOnce(which: Int) async throws {
        let timeline = Self.timelines[which]
        let end = timeline.totalDuration + 0.3
        await checkProperty(count: 50, input: Gen.double(in: -0.8...0.8).array(of: 1...30), Gen.int(in: 0...5)) {
            moves, jump in
            var times: [Double] = [-.infinity, 0]
            for (i, move) in moves.enumerated() {
                let big = i % 6 == jump ? move * 4 : move  // occasional large jumps
                times.append(min(max(times.last! + big, -0.1), end))
            }
            var framed: [TimelineEvent] = []
            for (a, b) in zip(times, times.dropFirst()) { framed += try timeline.events(from: a, to: b) }
            // Turning points only.
            var turns = [times[0]]
            for i in 1..<times.count {
                if times[i] == turns.last! { continue }
                if turns.count >= 2 {
                    let previous = turns[turns.count - 1] - turns[turns.count - 2]
                    if (times[i] - turns.last!) * previous > 0 { turns[turns.count - 1] = times[i]; continue }
                }
                turns.append(times[i])
            }
            var runs: [TimelineEvent] = []
            for (a, b) in zip(turns, turns.dropFirst()) { runs += try timeline.events(from: a, to: b) }
            #expect(framed == runs)
            if which == 0 {
                let final = try timeline.state(at: times.last!)
                for (i, step) in timeline.scheduledSteps.enumerated() {
                    let mine = framed.filter { $0.child == step.id && $0.kind == .started }
                    let net =
                        mine.filter { $0.direction == .forward }.count - mine.filter { $0.direction == .backward }.count
                    #expect(net == (final.steps[i].phase == .pending ? 0 : 1), "\(step.id)")
                }
            }
        }
    }
}

import Stagger
import Testing

/// Building timelines: positions, labels, nesting, staggered lists, time scale, and the
/// build-time errors.
@Suite struct TimelineModelTests {
    let ease = try! Curve.easeOut(duration: 0.3)

    func start(_ timeline: Timeline, _ id: String) -> Double {
        timeline.scheduledSteps[timeline.steps(of: id)[0]].start
    }

    @Test func positionsPlaceChildrenByName() throws {
        let timeline = try Timeline([
            .step("a", ease),  // 0 … 0.3
            .step("b", ease, duration: 0.5, at: .afterPrevious(gap: 0.1)),  // 0.4 … 0.9
            .step("c", ease, at: .withPrevious(offset: 0.05)),  // 0.45 … 0.75
            .step("d", ease, at: .at(2)),  // 2 … 2.3
            .step("e", ease, at: .label("mark", offset: -0.1), label: "e-start"),
            .label("mark", at: .at(1))
        ])
        #expect(start(timeline, "a") == 0)
        #expect(abs(start(timeline, "b") - 0.4) < 1e-12)
        #expect(abs(start(timeline, "c") - 0.45) < 1e-12)
        #expect(start(timeline, "d") == 2)
        #expect(abs(start(timeline, "e") - 0.9) < 1e-12)  // a forward reference to a label
        #expect(timeline.time(ofLabel: "e-start") == start(timeline, "e"))
        #expect(abs(timeline.duration - 2.3) < 1e-12)
        // An easing step given a duration is stretched over it.
        let b = timeline.scheduledSteps[timeline.steps(of: "b")[0]]
        #expect(b.duration == 0.5 && b.curve.duration == 0.5)
    }

    @Test func groupsAndSequencesNestToAnyDepth() throws {
        // background, then icon and title together, then content, then actions.
        let timeline = try Timeline([
            .step("background", ease),
            .group([.step("icon", .snappy), .step("title", ease, duration: 0.2)]),
            .sequence([.step("content", ease), .group([.step("actions", ease, at: .at(0.1))])])
        ])
        let snappy = Curve.snappy.duration
        #expect(abs(start(timeline, "icon") - 0.3) < 1e-12)
        #expect(abs(start(timeline, "title") - 0.3) < 1e-12)
        // The group ends with its longest child: the spring's settling duration.
        #expect(abs(start(timeline, "content") - (0.3 + max(snappy, 0.2))) < 1e-12)
        #expect(abs(start(timeline, "actions") - (0.6 + snappy + 0.1)) < 1e-12)
        #expect(abs(timeline.duration - (0.6 + snappy + 0.4)) < 1e-12)
    }

    @Test func staggeredListExpandsToItsDelays() throws {
        var config = try StaggerConfig(spread: .each(0.05), curve: ease)
        config.from = .center
        let timeline = try Timeline([.step("header", ease), .staggered("row", count: 5, config: config)])
        for i in 0..<5 {
            let expected = 0.3 + 0.05 * abs(Double(i) - 2)  // anime.js-style center distances
            #expect(abs(start(timeline, "row[\(i)]") - expected) < 1e-12)
        }
        #expect(abs(timeline.duration - (0.3 + 0.1 + 0.3)) < 1e-12)
    }

    @Test func timeScaleAndNestedTimelinesScaleEverything() throws {
        let inner = try Timeline([.step("x", ease), .step("y", .smooth)], options: .init(timeScale: 2))
        #expect(abs(inner.duration - (0.3 + Curve.smooth.duration) / 2) < 1e-12)
        // A spring played twice as fast reaches at t what the original reaches at 2t.
        let state = try inner.state(at: 0.15 + 0.1)
        let y = try #require(state["y"])
        #expect(abs(y.value - (try Curve.smooth.value(at: 0.2))) < 1e-9)
        let outer = try Timeline([.step("a", ease), .timeline(inner, name: "inner")])
        #expect(abs(start(outer, "y") - (0.3 + 0.15)) < 1e-12)
        #expect(abs(outer.duration - (0.3 + inner.duration)) < 1e-12)
    }

    @Test func badInputFailsAtBuildTime() throws {
        #expect(throws: TimelineError.negativeDuration(child: "a", duration: -1)) {
            try Timeline([.step("a", ease, duration: -1)])
        }
        #expect(throws: TimelineError.negativeGap(child: "b", gap: -0.1)) {
            try Timeline([.step("a", ease), .step("b", ease, at: .afterPrevious(gap: -0.1))])
        }
        #expect(throws: TimelineError.unknownLabel("nowhere")) {
            try Timeline([.step("a", ease, at: .label("nowhere"))])
        }
        #expect(throws: TimelineError.labelCycle(["p", "q"])) {
            try Timeline([
                .step("a", ease, at: .label("q"), label: "p"),
                .step("b", ease, at: .label("p"), label: "q")
            ])
        }
        #expect(throws: TimelineError.duplicateLabel("p")) {
            try Timeline([.label("p"), .label("p")])
        }
        #expect(throws: TimelineError.invalidTime(child: "a", value: .nan)) {
            try Timeline([.step("a", ease, at: .at(.nan))])
        }
        #expect(throws: TimelineError.invalidTime(child: "a", value: .nan)) {
            try Timeline([.step("a", ease, duration: .nan)])
        }
        for scale in [0, -1, Double.nan, .infinity] {
            #expect(throws: TimelineError.invalidTimeScale(scale)) {
                try Timeline([.step("a", ease)], options: .init(timeScale: scale))
            }
        }
        #expect(throws: TimelineError.startsBeforeZero(child: "a", start: -0.5)) {
            try Timeline([.step("a", ease, at: .withPrevious(offset: -0.5))])
        }
        let undamped = try Curve.interpolatingSpring(stiffness: 100, damping: 0)
        #expect(throws: TimelineError.infiniteDuration(child: "a")) { try Timeline([.step("a", undamped)]) }
        #expect(throws: TimelineError.invalidRepeat(count: -2, delay: 0)) {
            try Timeline([.step("a", ease)], options: .init(repeats: .times(-2)))
        }
        let forever = try Timeline([.step("a", ease)], options: .init(repeats: .forever))
        #expect(throws: TimelineError.repeatsForever(child: "r")) { try Timeline([.timeline(forever, name: "r")]) }
        #expect(throws: TimelineError.invalidTime(child: "time", value: .nan)) {
            try Timeline([.step("a", ease)]).state(at: .nan)
        }
    }

    /// A child never starts before its container: a negative offset, an earlier label or
    /// a negative base delay is a build error naming the child and both times.
    @Test func childrenCannotStartBeforeTheirContainer() throws {
        let half = try Curve.linear(duration: 0.5)
        #expect(throws: TimelineError.startsBeforeContainer(child: "b", start: 0.25, containerStart: 0.5)) {
            try Timeline([.step("a", half), .group([.step("b", half, at: .withPrevious(offset: -0.25))])])
        }
        #expect(throws: TimelineError.startsBeforeContainer(child: "b", start: 0.25, containerStart: 0.5)) {
            try Timeline([
                .step("a", half), .label("early", at: .at(0.25)), .group([.step("b", half, at: .label("early"))])
            ])
        }
        // A negative base delay is refused by the config itself, as lists refuse it; one
        // set on the public var afterwards, where the timeline is built.
        #expect(throws: StaggerError.invalidBaseDelay(-0.25)) {
            try StaggerConfig(baseDelay: -0.25, delayIncrement: 0.125, curve: half)
        }
        var early = try StaggerConfig(delayIncrement: 0.125, curve: half)
        early.baseDelay = -0.25
        #expect(throws: TimelineError.stagger(child: "row", .invalidBaseDelay(-0.25))) {
            try Timeline([.step("a", half), .staggered("row", count: 2, config: early)])
        }
        #expect(throws: StaggerError.invalidBaseDelay(-0.25)) { try StaggeredList(count: 2, config: early) }
        // A label itself may lie before its container (it is only a time), and a child
        // at the container's start is fine.
        let fine = try Timeline([
            .step("a", half), .group([.label("back", at: .at(-0.25)), .step("b", half, at: .at(0))])
        ])
        #expect(fine.time(ofLabel: "back") == 0.25 && start(fine, "b") == 0.5)
    }

    @Test func hugeListsAndTimeScalesFailAtBuildTime() throws {
        // Refused before a node is made for any item (this would not fit in memory).
        #expect(throws: TimelineError.stagger(child: "row", .tooManyItems(count: Int.max, maximum: 1 << 23))) {
            try Timeline([.staggered("row", count: Int.max, config: .standard)])
        }
        // A spring 1e200 times faster has a stiffness beyond Double, and a scale of
        // 2^-1063 (about 1e-320) makes a second last beyond Double: the time scale is named.
        #expect(throws: TimelineError.invalidTimeScale(1e200)) {
            try Timeline([.step("s", .snappy)], options: .init(timeScale: 1e200))
        }
        #expect(throws: TimelineError.invalidTimeScale(0x1p-1063)) {
            try Timeline([.step("s", try .easing(.linear, duration: 1))], options: .init(timeScale: 0x1p-1063))
        }
        // Two steps of 1e308 s end beyond Double: the second is named.
        let long = try Curve.easing(.linear, duration: 1e308)
        #expect(throws: TimelineError.invalidTime(child: "b", value: .infinity)) {
            try Timeline([.step("a", long), .step("b", long)])
        }
    }
}

/// Values that print readably (issue 16), not as nested structs.
@Suite struct ReadableDescriptionTests {
    @Test func statesAndFramesPrintReadably() throws {
        let timeline = try Timeline([.step("fade", try .easing(.linear, duration: 1))])
        let state = try timeline.state(at: 0.25)
        #expect(state.description == "timeline at 0.25 s, pass 0:\n  fade active 0.25 (value 0.25)")
        var list = try StaggeredList(
            count: 3, config: try StaggerConfig(spread: .each(0.1), curve: try .easing(.linear, duration: 1)))
        try list.show(at: 0)
        var frame = list.makeFrame()
        try list.sample(at: 0.5, into: &frame)
        // Linear: opacity 0.5, 0.4, 0.3; offset 20 (1 - a); scale 0.95 + 0.05 a.
        #expect(
            frame.description.hasPrefix(
                "StaggerFrame of 3 items, 3 tracks\n  opacity: 0.5, 0.4, 0.3\n  offsetY: 10.0, 12.0, 14.0"), "\(frame)")
    }
}

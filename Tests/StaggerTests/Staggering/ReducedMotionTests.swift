import Stagger
import Testing

/// Reduced motion, from its written rules (``ReducedMotion``): transforms jump as the
/// item starts, opacity and colour fade over 0.2 s on easeInOut, staggers keep their
/// order within 0.1 s, nothing bounces. Expected values are computed here from those
/// rules and CSS's easeInOut, cubic-bezier(0.42, 0, 0.58, 1), solved by bisection.
@Suite struct ReducedMotionTests {
    /// CSS easeInOut at progress p: x(t) = p solved by bisection on the Bernstein form.
    static func easeInOut(_ p: Double) -> Double {
        let p = min(max(p, 0), 1)
        func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(0.42, 0.58, mid) < p { low = mid } else { high = mid }
        }
        return bezier(0, 1, (low + high) / 2)
    }

    /// The fade's value `elapsed` seconds after an item's start.
    static func fade(_ elapsed: Double) -> Double { elapsed <= 0 ? 0 : easeInOut(elapsed / 0.2) }

    @Test func policyResolvesTheSetting() {
        #expect(ReducedMotion.system(isEnabled: true).isReduced)
        #expect(!ReducedMotion.system(isEnabled: false).isReduced)
        #expect(ReducedMotion.always.isReduced && !ReducedMotion.never.isReduced)
    }

    /// A list of 10 rows 0.05 s apart on the bouncy spring: reduced, the 0.45 s spread
    /// becomes 0.1 s (row i starts at i/90 s), opacity fades over 0.2 s, the offset
    /// (20 → 0) and the scale (0.95 → 1) jump as the row starts, and nothing overshoots.
    @Test(arguments: testedBackends)
    func listFadesOpacityAndJumpsTransforms(backend: Backend) throws {
        var list = try StaggeredList(count: 10, config: try StaggerConfig(spread: .each(0.05), curve: .bouncy))
        list.reducedMotion = .always
        try list.show(at: 0)
        #expect(abs(list.settlingDuration - 0.3) < 1e-6)
        var frame = list.makeFrame()
        for time in [0.005, 0.04, 0.0731, 0.15, 0.2, 0.25, 0.31, 0.5] {
            try list.sample(at: time, into: &frame, backend: backend)
            for i in 0..<10 {
                let start = Double(i) / 90
                guard abs(time - start) > 1e-5 else { continue }  // float32 start times
                let started = time > start
                let opacity = Self.fade(time - start)
                #expect(abs(Double(frame.values[i]) - opacity) <= 2e-5, "row \(i) opacity at \(time)")
                #expect(frame.values[10 + i] == (started ? 0 : 20), "row \(i) offset at \(time)")
                #expect(frame.values[20 + i] == (started ? 1 : 0.95), "row \(i) scale at \(time)")
                #expect(frame.appearance[i] <= 1, "row \(i) overshoots at \(time)")
                #expect(abs(try list.appearance(of: i, at: time) - opacity) <= 1e-6)
            }
        }
        // Hiding, reduced: reversed order (row 9 first) in 0.1 s, the same rules.
        try list.hide(at: 1)
        for time in [1.02, 1.08, 1.2] {
            try list.sample(at: time, into: &frame, backend: backend)
            for i in 0..<10 {
                let start = 1 + Double(9 - i) / 90
                guard abs(time - start) > 1e-5 else { continue }
                let started = time > start
                #expect(
                    abs(Double(frame.values[i]) - (1 - Self.fade(time - start))) <= 2e-5, "row \(i) hiding at \(time)")
                #expect(frame.values[10 + i] == (started ? 20 : 0), "row \(i) offset hiding at \(time)")
            }
        }
    }

    /// A stagger already within 0.1 s keeps its delays; full motion is unchanged.
    @Test func shortStaggersAndFullMotionAreKept() throws {
        var short = try StaggeredList(count: 5, config: try StaggerConfig(spread: .each(0.02), curve: .snappy))
        short.reducedMotion = .always
        try short.show(at: 0)
        #expect(abs(short.settlingDuration - (0.08 + 0.2)) < 1e-6)
        var frame = short.makeFrame()
        try short.sample(at: 0.05, into: &frame)
        // Row 2 starts at 0.04 s, row 3 at 0.06 s.
        #expect(abs(Double(frame.values[2]) - Self.fade(0.01)) <= 2e-5 && frame.values[3] == 0)

        // Six rows from the edges are 0, 1, 2, 2, 1, 0 rows from them: 0.1 s in all at
        // 0.05 s per row, within the limit, so kept (not scaled as a 0.125 s spread).
        var edges = try StaggeredList(
            count: 6, config: try StaggerConfig(spread: .each(0.05), curve: .snappy, from: .edges))
        edges.reducedMotion = .always
        try edges.show(at: 0)
        #expect(abs(edges.settlingDuration - (0.1 + 0.2)) < 1e-6)

        let config = try StaggerConfig(spread: .each(0.05), curve: .bouncy)
        var full = try StaggeredList(count: 50, config: config)
        full.reducedMotion = .system(isEnabled: false)
        var plain = try StaggeredList(count: 50, config: config)
        try full.show(at: 0)
        try plain.show(at: 0)
        var a = full.makeFrame(), b = plain.makeFrame()
        try full.sample(at: 0.7, into: &a)
        try plain.sample(at: 0.7, into: &b)
        #expect(a.values == b.values && a.appearance == b.appearance)
    }

    /// A card flying to full screen on the bouncy spring, reduced: from the start the
    /// frame is the destination's, and the progress (which drives the cross-fade,
    /// opacity and colour) follows the fade; three cards 0.2 s apart start within 0.1 s.
    @Test(arguments: testedBackends)
    func pairGroupJumpsGeometryAndFadesAppearance(backend: Backend) throws {
        let cardFrame = try LayoutRect(x: 16, y: 400, width: 160, height: 100)
        let detailFrame = try LayoutRect(x: 0, y: 0, width: 390, height: 600)
        let pair = try MatchedPair(
            source: try MatchedGeometry(frame: cardFrame, color: try RGBAColor(red: 0.9, green: 0.9, blue: 0.1)),
            destination: try MatchedGeometry(frame: detailFrame, color: try RGBAColor(red: 0.05, green: 0.2, blue: 1)))
        var group = try MatchedPairGroup(
            Array(repeating: pair, count: 3), curves: MatchedCurves(.bouncy),
            stagger: try StaggerConfig(spread: .each(0.2)))
        group.reducedMotion = .always
        try group.start(at: 0)
        // The 0.4 s spread becomes 0.1 s: pair i starts at 0.05 i; the last settles at 0.1 + 0.2.
        #expect(abs(group.settleTime - 0.3) < 1e-9)
        var frame = group.makeFrame()
        for time in [0.01, 0.07, 0.12, 0.26, 0.4] {
            try group.sample(at: time, into: &frame, backend: backend)
            for i in 0..<3 {
                let start = 0.05 * Double(i)
                guard abs(time - start) > 1e-5 else { continue }
                let decoded = try group.state(ofPair: i, in: frame)
                let reference = try group.state(ofPair: i, at: time)
                let expectedFrame = time > start ? detailFrame : cardFrame
                for (a, b) in [
                    (decoded.frame.minX, expectedFrame.minX), (decoded.frame.minY, expectedFrame.minY),
                    (decoded.frame.width, expectedFrame.width), (decoded.frame.height, expectedFrame.height)
                ] {
                    #expect(abs(a - b) <= 1e-3, "pair \(i) frame at \(time): \(decoded.frame)")
                }
                #expect(reference.frame == expectedFrame, "pair \(i) reference frame at \(time)")
                let progress = Self.fade(time - start)
                #expect(abs(decoded.progress - progress) <= 2e-5, "pair \(i) progress at \(time)")
                #expect(abs(reference.progress - progress) <= 1e-9)
            }
        }
        // Reversing mid-fade, reduced: the frame jumps back at once (a moving pair
        // starts at once); the progress turns back as interrupted easings do in a
        // group, additively: the fade in flight runs on and a fade of the change
        // (1 -> 0) starts at 0.12 s.
        try group.reverse(at: 0.12)
        let back = try group.state(ofPair: 0, at: 0.13)
        #expect(back.frame == cardFrame)
        #expect(abs(back.progress - (Self.fade(0.13) - Self.fade(0.01))) <= 1e-9)
    }

    /// A timeline built under reduced motion: every step runs the fade over at most
    /// 0.2 s (a 0.1 s step keeps its length), the 0.4 s stagger becomes 0.1 s, and the
    /// children after them move up.
    @Test func timelineStepsFadeAndStaggersShrink() throws {
        let children: [TimelineChild] = [
            .step("a", .bouncy),
            .step("b", try .easeOut(duration: 0.1), at: .afterPrevious(gap: 0.05)),
            .staggered(
                "row", count: 5, config: try StaggerConfig(spread: .each(0.1), curve: .snappy), at: .afterPrevious())
        ]
        let timeline = try Timeline(children, options: Timeline.Options(reducedMotion: .always))
        // a: 0 to 0.2; b: 0.25 to 0.35 (its 0.1 s); row i: 0.35 + 0.025 i, for 0.2 s.
        #expect(abs(timeline.totalDuration - (0.35 + 0.1 + 0.2)) < 1e-9)
        for time in [0.1, 0.3, 0.4, 0.5] {
            let state = try timeline.state(at: time)
            #expect(abs(try #require(state["a"]).value - Self.fade(time)) < 1e-9, "a at \(time)")
            #expect(abs(try #require(state["b"]).value - Self.easeInOut((time - 0.25) / 0.1)) < 1e-9, "b at \(time)")
            for i in 0..<5 {
                let row = try #require(state["row[\(i)]"])
                #expect(abs(row.value - Self.fade(time - 0.35 - 0.025 * Double(i))) < 1e-9, "row \(i) at \(time)")
            }
        }
        // Full motion is the timeline as written.
        let full = try Timeline(children, options: Timeline.Options(reducedMotion: .system(isEnabled: false)))
        #expect(full.totalDuration == (try Timeline(children)).totalDuration)
    }

    /// A component, reduced: the card's frame jumps as it starts, the title's opacity
    /// fades, and the title's 0.3 s delay becomes 0.1 s (the longest delay, scaled to
    /// the reduced spread). Events still come once per element.
    @Test func componentFramesJumpAndOpacityFades() throws {
        let (collapsed, expanded, _) = try ComponentStateTests.states()
        var animator = ComponentAnimator(state: collapsed)
        animator.reducedMotion = .always
        let transition = ComponentTransition(
            try ElementTiming(curve: .bouncy),
            elements: ["title": try ElementTiming(curve: .easing(.linear, duration: 0.5), delay: 0.3)])
        try animator.transition(to: expanded, at: 1, using: transition)
        let expandedFrame = try expanded.value("frame", of: "card", as: LayoutRect.self)
        #expect(try animator.value("frame", of: "card", at: 1.001, as: LayoutRect.self) == expandedFrame)
        #expect(try animator.value("opacity", of: "title", at: 1.05, as: Double.self) == 0)
        for elapsed in [0.03, 0.1, 0.19] {
            let opacity = try animator.value("opacity", of: "title", at: 1.1 + elapsed, as: Double.self)
            #expect(abs(opacity - Self.fade(elapsed)) < 1e-9, "title after \(elapsed) s")
        }
        #expect(animator.isComplete(at: 1.3 + 1e-9) && !animator.isComplete(at: 1.29))
        let events = try animator.events(from: 0, to: 2)
        #expect(events.filter { $0.kind == .elementStarted("title") }.map(\.time) == [1.1])
        #expect(events.filter { $0.kind == .elementFinished("card") }.count == 1)
    }

    /// A pair group keeps its stagger's base delay under reduced motion, as lists do:
    /// base 0.5 s, pairs 0.2 s apart, so pair i starts at 0.5 + 0.05 i.
    @Test func pairGroupKeepsTheBaseDelay() throws {
        let cell = try LayoutRect(x: 0, y: 0, width: 10, height: 10)
        let screen = try LayoutRect(x: 100, y: 0, width: 10, height: 10)
        let pair = try MatchedPair(
            source: try MatchedGeometry(frame: cell), destination: try MatchedGeometry(frame: screen))
        var group = try MatchedPairGroup(
            Array(repeating: pair, count: 3), curves: MatchedCurves(.snappy),
            stagger: try StaggerConfig(baseDelay: 0.5, spread: .each(0.2)))
        group.reducedMotion = .always
        try group.start(at: 0)
        for i in 0..<3 {
            let start = 0.5 + 0.05 * Double(i)
            #expect(try group.state(ofPair: i, at: start - 0.01).frame == cell, "pair \(i) before its start")
            #expect(try group.state(ofPair: i, at: start + 0.01).frame == screen, "pair \(i) after its start")
        }
    }

    /// An empty list has nothing to move, reduced or not.
    @Test func anEmptyListSettlesAtOnce() throws {
        var list = try StaggeredList(count: 0, config: .standard)
        try list.show(at: 1)
        #expect(list.settlingDuration == 0 && list.isComplete(at: 1))
    }
}

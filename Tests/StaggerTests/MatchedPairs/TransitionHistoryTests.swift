import Stagger
import Testing

/// What a list and a component animator answer for a time before their last transition
/// (issue 21, item 6): the motion that transition set up, not the history it replaced,
/// while a component animator's events keep every transition. Expected values from the
/// linear curve and the springs' definitions, not from the library.
@Suite struct TransitionHistoryTests {
    /// A list: an item that was moving and restarts from its value (a hide on another
    /// curve) holds the value it had when the hide began; one carried on additively (a
    /// hide on the same easing) still shows the old motion under the new one, whose
    /// layer has not begun, as a component animator's easing does; an item that never
    /// started stays hidden.
    @Test(arguments: testedBackends)
    func listAnswersEarlierTimesFromItsLastTransition(backend: Backend) throws {
        let config = try StaggerConfig(delayIncrement: 0.3, curve: try .linear(duration: 1))
        var list = try StaggeredList(count: 3, config: config)
        try list.show(at: 0)
        // Showing, by the definition: item i at (t - 0.3 i) / 1, clamped.
        func shown(_ i: Int, _ t: Double) -> Double { min(max(t - 0.3 * Double(i), 0), 1) }
        #expect(abs(try list.appearance(of: 0, at: 0.25) - 0.25) <= 1e-12)
        #expect(try list.appearance(of: 1, at: 0.25) == 0)
        var restarted = list
        restarted.hideCurve = try .linear(duration: 2)
        try restarted.hide(at: 0.5)
        try list.hide(at: 0.5)
        // At the hide item 0 was at 0.5, item 1 at 0.2, item 2 (delay 0.6) had not started.
        let atHide = [0.5, 0.2, 0.0]
        var frame = list.makeFrame(), restartedFrame = restarted.makeFrame()
        for t in [0.0, 0.25, 0.5] {
            try list.sample(at: t, into: &frame, backend: backend)
            try restarted.sample(at: t, into: &restartedFrame, backend: backend)
            for i in 0..<3 {
                let carried = i < 2 ? shown(i, t) : 0
                #expect(abs(try list.appearance(of: i, at: t) - carried) <= 1e-12, "item \(i) at \(t)")
                #expect(abs(Double(frame.appearance[i]) - carried) <= 1e-6, "item \(i) at \(t)")
                let reference = try restarted.appearance(of: i, at: t)
                #expect(abs(reference - atHide[i]) <= 1e-12, "restarted item \(i) at \(t): \(reference)")
                #expect(
                    abs(Double(restartedFrame.appearance[i]) - atHide[i]) <= 1e-6, "restarted item \(i) at \(t)")
            }
        }
        // From the hide on, the moving items go back at once: additively over the
        // curve's second (the show runs on, minus (t - 0.5) / 1), or from their value
        // over the hide curve's two seconds.
        #expect(abs(try list.appearance(of: 0, at: 0.75) - (0.75 - 0.25)) <= 1e-12)
        #expect(abs(try list.appearance(of: 1, at: 0.75) - (0.45 - 0.25)) <= 1e-12)
        #expect(abs(try restarted.appearance(of: 0, at: 0.75) - 0.5 * (1 - 0.25 / 2)) <= 1e-12)
    }

    /// A component animator: a spring interrupted at `cut` holds its value at `cut` for
    /// earlier times; an easing carried on by the same curve still shows the old motion
    /// under the new one (the new layer has not begun); the events of the interrupted
    /// transition are still reported.
    @Test func componentAnimatorAnswersEarlierTimesFromItsLastTransition() throws {
        var a = ComponentState("a"), b = ComponentState("b"), c = ComponentState("c")
        try a.set("x", of: "dot", to: 0.0)
        try b.set("x", of: "dot", to: 200.0)
        try c.set("x", of: "dot", to: -50.0)
        let cut = 0.2

        let spring = ComponentTransition(try ElementTiming(curve: .bouncy))
        var sprung = ComponentAnimator(state: a)
        try sprung.transition(to: b, at: 0, using: spring)
        let atCut: Double = try sprung.value("x", of: "dot", at: cut)
        let before: Double = try sprung.value("x", of: "dot", at: 0.1)
        #expect(before != atCut, "the dot was moving")
        try sprung.transition(to: c, at: cut, using: spring)
        for t in [0.0, 0.1, cut] {
            #expect(try sprung.value("x", of: "dot", at: t, as: Double.self) == atCut, "at \(t)")
        }
        let events = try sprung.events(from: -1, to: cut)
        #expect(events.first == ComponentEvent(time: 0, kind: .willTransition(from: "a", to: "b")))
        #expect(events.contains(ComponentEvent(time: cut, kind: .interrupted(from: "a", to: "b"))))

        let linear = ComponentTransition(try ElementTiming(curve: .linear(duration: 0.4)))
        var eased = ComponentAnimator(state: a)
        try eased.transition(to: b, at: 0, using: linear)
        try eased.transition(to: c, at: cut, using: linear)
        // The carried motion, 200 t / 0.4, alone before the cut.
        for t in [0.05, 0.1, 0.15] {
            #expect(abs(try eased.value("x", of: "dot", at: t, as: Double.self) - 200 * t / 0.4) <= 1e-9, "at \(t)")
        }
    }
}

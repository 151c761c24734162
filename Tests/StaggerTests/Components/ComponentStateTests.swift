import Stagger
import Testing

/// Component states: per-element curves and delays, hooks as events, interruption.
@Suite struct ComponentStateTests {
    static func states() throws -> (ComponentState, ComponentState, ComponentState) {
        var a = ComponentState("collapsed")
        try a.set("frame", of: "card", to: try LayoutRect(x: 0, y: 100, width: 100, height: 60))
        try a.set("opacity", of: "title", to: 0.0)
        var b = ComponentState("expanded")
        try b.set("frame", of: "card", to: try LayoutRect(x: 0, y: 0, width: 300, height: 400))
        try b.set("opacity", of: "title", to: 1.0)
        var c = ComponentState("dismissed")
        try c.set("frame", of: "card", to: try LayoutRect(x: 0, y: 800, width: 100, height: 60))
        try c.set("opacity", of: "title", to: 0.0)
        return (a, b, c)
    }

    /// An element's property names come sorted whatever order they were set in, each
    /// once: set again, a name keeps its place (the animator lays lanes out in this order).
    @Test func propertyNamesAreSortedAndUnique() throws {
        var values = AnimatableValues()
        #expect(values.propertyNames.isEmpty)
        for name in ["zIndex", "opacity", "scale", "blur", "offset"] { try values.set(name, to: 1.0) }
        try values.set("opacity", to: 0.5)
        try values.set("blur", to: 2.0)
        #expect(values.propertyNames == ["blur", "offset", "opacity", "scale", "zIndex"])
        #expect(try values.value("opacity", as: Double.self) == 0.5)
        // Equal contents set in another order are equal values.
        var other = AnimatableValues()
        for name in ["offset", "blur", "zIndex", "scale", "opacity"] { try other.set(name, to: 1.0) }
        try other.set("opacity", to: 0.5)
        try other.set("blur", to: 2.0)
        #expect(other == values)
    }

    /// Each element runs its own curve after its own delay: the title fades linearly
    /// over 0.2 s after 0.1 s; the card runs an ease-out over 0.4 s at once.
    @Test func elementsRunTheirOwnCurvesAndDelays() throws {
        let (a, b, _) = try Self.states()
        var animator = ComponentAnimator(state: a)
        let transition = ComponentTransition(
            try ElementTiming(curve: .easing(.easeOutCubic, duration: 0.4)),
            elements: ["title": try ElementTiming(curve: .easing(.linear, duration: 0.2), delay: 0.1)])
        try animator.transition(to: b, at: 1, using: transition)
        #expect(try animator.value("opacity", of: "title", at: 1.05, as: Double.self) == 0)
        #expect(abs(try animator.value("opacity", of: "title", at: 1.2, as: Double.self) - 0.5) < 1e-12)
        // easeOutCubic at 0.5: 1 − 0.5³ = 0.875 of the way from 100 to 0 (y), 60 to 400 (height).
        let frame = try animator.value("frame", of: "card", at: 1.2, as: LayoutRect.self)
        #expect(abs(frame.minY - 12.5) < 1e-9)
        #expect(abs(frame.height - (60 + 340 * 0.875)) < 1e-9)
        #expect(
            try animator.value("frame", of: "card", at: 2, as: LayoutRect.self)
                == (try b.value("frame", of: "card", as: LayoutRect.self)))
        #expect(animator.isComplete(at: 1.41) && !animator.isComplete(at: 1.39))
    }

    /// Hooks are events, reported once per interval (t0, t1], in order.
    @Test func hooksAreEvents() throws {
        let (a, b, _) = try Self.states()
        var animator = ComponentAnimator(state: a)
        let transition = ComponentTransition(
            try ElementTiming(curve: .easing(.linear, duration: 0.4)),
            elements: ["title": try ElementTiming(curve: .easing(.linear, duration: 0.2), delay: 0.1)])
        try animator.transition(to: b, at: 1, using: transition)
        let all = try animator.events(from: 0, to: 3)
        #expect(
            all == [
                ComponentEvent(time: 1, kind: .willTransition(from: "collapsed", to: "expanded")),
                ComponentEvent(time: 1, kind: .elementStarted("card")),
                // Start + delay (+ duration), as the delays add up in binary.
                ComponentEvent(time: 1 + 0.1, kind: .elementStarted("title")),
                ComponentEvent(time: 1 + 0.1 + 0.2, kind: .elementFinished("title")),
                ComponentEvent(time: 1.4, kind: .elementFinished("card")),
                ComponentEvent(time: 1.4, kind: .didTransition(from: "collapsed", to: "expanded"))
            ])
        // Cutting the interval anywhere reports every event exactly once.
        let pieces =
            try animator.events(from: 0, to: 1.1) + animator.events(from: 1.1, to: 1.35)
            + animator.events(from: 1.35, to: 3)
        #expect(pieces == all)
        #expect(try animator.events(from: 3, to: 0) == all.reversed())
        #expect(throws: AnimatableError.invalidTime(.nan)) { try animator.events(from: .nan, to: 1) }
    }

    /// Interrupting A → B with → C mid-flight starts from the current value and
    /// velocity (springs), reports the interruption, and never the after hook of A → B.
    @Test func interruptionKeepsValueAndVelocity() throws {
        let (a, b, c) = try Self.states()
        var animator = ComponentAnimator(state: a)
        try animator.transition(to: b, at: 0, using: ComponentTransition(try ElementTiming(curve: .bouncy)))
        let cut = 0.12
        let frameBefore = try animator.value("frame", of: "card", at: cut, as: LayoutRect.self)
        let velocityBefore = try animator.velocity("frame", of: "card", at: cut)
        let expanding = animator
        try animator.transition(
            to: c, at: cut, using: ComponentTransition(try ElementTiming(curve: .snappy, delay: 0.3)))
        // Across the cut: the central difference of the value just before (old motion)
        // and just after (new motion) is the reported velocity, up to the curvature
        // term h·|Δa|/4; a jump or a lost velocity would miss by far more.
        let h = 1e-6
        let justBefore = try expanding.value("frame", of: "card", at: cut - h, as: LayoutRect.self).components
        let justAfter = try animator.value("frame", of: "card", at: cut + h, as: LayoutRect.self).components
        let velocityNow = try animator.velocity("frame", of: "card", at: cut)
        // Each side's acceleration from its own motion only (mixing the two would let
        // a velocity jump excuse itself).
        let oldSide = (
            try expanding.velocity("frame", of: "card", at: cut - h),
            try expanding.velocity("frame", of: "card", at: cut)
        )
        let newSide = (velocityNow, try animator.velocity("frame", of: "card", at: cut + h))
        for k in velocityNow.indices {
            let slope = (justAfter[k] - justBefore[k]) / (2 * h)
            let accelerations = abs(oldSide.1[k] - oldSide.0[k]) / h + abs(newSide.1[k] - newSide.0[k]) / h
            #expect(
                abs(slope - velocityNow[k]) <= 1e-4 * max(1, abs(velocityNow[k])) + h * accelerations / 2,
                "component \(k)")
        }
        let frameAfter = try animator.value("frame", of: "card", at: cut, as: LayoutRect.self)
        let velocityAfter = try animator.velocity("frame", of: "card", at: cut)
        #expect(velocityBefore.contains { abs($0) > 100 }, "the card was moving")
        for (x, y) in zip(frameBefore.components, frameAfter.components) { #expect(abs(x - y) <= 1e-5) }
        for (x, y) in zip(velocityBefore, velocityAfter) { #expect(abs(x - y) <= 1e-5) }
        // The moving card did not wait for the delay: it is still moving right after.
        let soon = try animator.value("frame", of: "card", at: cut + 0.01, as: LayoutRect.self)
        #expect(abs(soon.minY - frameAfter.minY) > 0.1)
        let events = try animator.events(from: -1, to: 10)
        #expect(events.contains(ComponentEvent(time: cut, kind: .interrupted(from: "collapsed", to: "expanded"))))
        #expect(!events.contains { $0.kind == .didTransition(from: "collapsed", to: "expanded") })
        #expect(events.contains { $0.kind == .didTransition(from: "expanded", to: "dismissed") })
        let end = try animator.value("frame", of: "card", at: 10, as: LayoutRect.self)
        #expect(abs(end.minY - 800) < 1)
    }

    /// An element with no properties still gets its own events, under its own name
    /// (its empty lane range starts where the next element's does).
    @Test func elementWithoutPropertiesIsNamedInEvents() throws {
        let (a, b, _) = try Self.states()
        // The component's own state holds the empty element (a transition only adds
        // the properties its target sets).
        let withEmpty = ComponentState(
            "collapsed", elements: a.elements.merging(["a-empty": AnimatableValues()]) { x, _ in x })
        var animator = ComponentAnimator(state: withEmpty)
        try animator.transition(
            to: b, at: -1, using: ComponentTransition(try ElementTiming(curve: .easing(.linear, duration: 0.5))))
        let events = try animator.events(from: -2, to: 5)
        let started = events.compactMap { event -> String? in
            if case .elementStarted(let name) = event.kind { return name }
            return nil
        }
        #expect(started.sorted() == ["a-empty", "card", "title"])
    }

    /// A lane that overflows is named by its element, property and component (lanes of
    /// other elements before it do not shift the component's number).
    @Test func anOverflowNamesTheComponent() throws {
        var from = ComponentState("from"), to = ComponentState("to")
        try from.set("opacity", of: "a", to: 0.0)
        try to.set("opacity", of: "a", to: 1.0)
        try from.set("position", of: "card", to: LayoutPoint(x: 0, y: -1.7e308))
        try to.set("position", of: "card", to: LayoutPoint(x: 10, y: 1.7e308))
        var animator = ComponentAnimator(state: from)
        #expect(throws: AnimatableError.nonFiniteComponent(name: "card.position component 1 span", value: .infinity)) {
            try animator.transition(to: to, at: 0)
        }
        // Nothing changed: the animator still rests where it was.
        #expect(try animator.value("opacity", of: "a", at: 1, as: Double.self) == 0)
    }

    @Test func badInputIsRejected() throws {
        let (a, _, _) = try Self.states()
        var state = a
        #expect(throws: AnimatableError.negativeValue(name: "width", value: -1)) {
            try state.set("frame", of: "card", to: LayoutSize(unchecked: -1, 1))
        }
        var wrongType = ComponentState("wrong")
        try wrongType.set("frame", of: "card", to: 3.0)
        var animator = ComponentAnimator(state: a)
        #expect(throws: AnimatableError.typeMismatch(property: "card.frame")) {
            try animator.transition(to: wrongType, at: 0)
        }
        #expect(throws: AnimatableError.typeMismatch(property: "card.frame")) {
            try animator.value("frame", of: "card", at: 0, as: Double.self)
        }
        #expect(throws: AnimatableError.unknownElement("nobody.frame")) {
            try animator.value("frame", of: "nobody", at: 0, as: LayoutRect.self)
        }
        #expect(throws: AnimatableError.timeRunsBackward(time: -1, latest: 1)) {
            try animator.transition(to: a, at: 1)
            try animator.transition(to: a, at: -1)
        }
        #expect(throws: AnimatableError.negativeValue(name: "delay", value: -0.5)) { try ElementTiming(delay: -0.5) }
    }
}

private extension LayoutSize {
    /// A size that skips validation, to reach AnimatableValues' own check.
    init(unchecked width: Double, _ height: Double) {
        self.init(components: [width, height][...])
    }
}

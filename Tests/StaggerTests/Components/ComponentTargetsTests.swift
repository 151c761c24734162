import Stagger
import Testing

/// What a transition's target sets, whatever it covers: every property (the merged
/// state is the target), a few (the others keep their targets and motions), or new
/// elements and properties (they appear at their target at once, the rest carry on).
/// Linear easings over 1 s, so every figure is worked by hand.
@Suite struct ComponentTargetsTests {
    @Test func targetsMergeWhateverTheTargetCovers() throws {
        let linear = ComponentTransition(try ElementTiming(curve: .easing(.linear, duration: 1)))
        var hidden = ComponentState("hidden"), shown = ComponentState("shown")
        try hidden.set("opacity", of: "a", to: 0.0)
        try hidden.set("offset", of: "a", to: 0.0)
        try hidden.set("opacity", of: "b", to: 0.0)
        try shown.set("opacity", of: "a", to: 1.0)
        try shown.set("offset", of: "a", to: 20.0)
        try shown.set("opacity", of: "b", to: 1.0)
        var animator = ComponentAnimator(state: hidden)

        // Every property: the state becomes the target.
        try animator.transition(to: shown, at: 0, using: linear)
        #expect(animator.state == shown)
        #expect(try animator.value("opacity", of: "a", at: 0.5, as: Double.self) == 0.5)
        #expect(try animator.value("offset", of: "a", at: 0.5, as: Double.self) == 10)

        // One property of one element at 0.5: b turns back (additively: 0 -> 1 from 0,
        // plus 0 -> -1 from 0.5), a runs on to its targets untouched.
        var fadeB = ComponentState("fade b")
        try fadeB.set("opacity", of: "b", to: 0.0)
        try animator.transition(to: fadeB, at: 0.5, using: linear)
        #expect(try animator.value("opacity", of: "b", at: 1.0, as: Double.self) == 1 - 0.5)
        #expect(try animator.value("opacity", of: "b", at: 1.5, as: Double.self) == 0)
        #expect(try animator.value("opacity", of: "a", at: 0.75, as: Double.self) == 0.75)
        #expect(try animator.value("offset", of: "a", at: 2, as: Double.self) == 20)
        #expect(try animator.state.value("opacity", of: "a", as: Double.self) == 1)
        #expect(try animator.state.value("opacity", of: "b", as: Double.self) == 0)
        #expect(animator.state.name == "fade b")

        // A new element and a new property of a known one at 1.0: both at their target
        // at once; b carries on (1 + (-1) x 0.75 at 1.25).
        var more = ComponentState("more")
        try more.set("opacity", of: "c", to: 1.0)
        try more.set("scale", of: "a", to: 2.0)
        try animator.transition(to: more, at: 1.0, using: linear)
        #expect(try animator.value("opacity", of: "c", at: 1.0, as: Double.self) == 1)
        #expect(try animator.value("scale", of: "a", at: 1.1, as: Double.self) == 2)
        #expect(try animator.value("opacity", of: "b", at: 1.25, as: Double.self) == 0.25)
        #expect(try animator.value("opacity", of: "a", at: 1.25, as: Double.self) == 1)
        #expect(try animator.value("offset", of: "a", at: 1.25, as: Double.self) == 20)

        // Back to `shown`, which does not mention c or scale: they keep their targets.
        try animator.transition(to: shown, at: 2, using: linear)
        #expect(try animator.value("opacity", of: "b", at: 2.5, as: Double.self) == 0.5)
        #expect(try animator.value("opacity", of: "c", at: 2.5, as: Double.self) == 1)
        #expect(try animator.value("scale", of: "a", at: 2.5, as: Double.self) == 2)
        #expect(try animator.state.value("scale", of: "a", as: Double.self) == 2)

        // A type the component already holds another way is refused, naming it, and
        // nothing changes.
        var wrong = ComponentState("wrong")
        try wrong.set("opacity", of: "a", to: try LayoutPoint(x: 1, y: 2))
        #expect(throws: AnimatableError.typeMismatch(property: "a.opacity")) {
            try animator.transition(to: wrong, at: 3, using: linear)
        }
        #expect(animator.state.name == "shown")
        #expect(try animator.value("opacity", of: "b", at: 3, as: Double.self) == 1)
    }
}

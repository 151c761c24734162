import Testing

@testable import Stagger

/// Under reduced motion a component property fades or jumps: what the transition says of
/// it by name, else a colour or a name with opacity or alpha in it fades and anything
/// else jumps. The fade is easeInOut over ReducedMotion.fadeDuration: half way at half
/// its duration.
@Suite struct ReducedMotionByNameTests {
    func values(_ transition: ComponentTransition) throws -> (fade: Double, offset: Double, alpha: Double) {
        var from = ComponentState("a"), to = ComponentState("b")
        for (name, value) in [("labelFade", 1.0), ("offset", 10.0), ("labelAlpha", 1.0)] {
            try from.set(name, of: "x", to: 0.0)
            try to.set(name, of: "x", to: value)
        }
        var animator = ComponentAnimator(state: from)
        animator.reducedMotion = .always
        try animator.transition(to: to, at: 0, using: transition)
        let half = ReducedMotion.fadeDuration / 2
        return (
            try animator.value("labelFade", of: "x", at: half), try animator.value("offset", of: "x", at: half),
            try animator.value("labelAlpha", of: "x", at: half)
        )
    }

    @Test func aPropertySaysWhatItIs() throws {
        let told = try values(ComponentTransition(reducedMotion: ["labelFade": .fade, "labelAlpha": .jump]))
        #expect(abs(told.fade - 0.5) <= 1e-12 && told.offset == 10 && told.alpha == 1)
        let byName = try values(ComponentTransition())
        #expect(byName.fade == 1 && byName.offset == 10 && abs(byName.alpha - 0.5) <= 1e-12)
    }

    /// The name says it in any case, anywhere in the name; a near miss does not.
    @Test(arguments: [
        ("opacity", true), ("OPACITY", true), ("labelOpacity", true), ("Opacity2", true), ("fillAlpha", true),
        ("ALPHAmask", true), ("opacit", false), ("alph", false), ("o p a c i t y", false), ("offset", false),
        ("", false), ("opacité", false)
    ])
    func aNameSaysFractionInAnyCase(name: String, isFraction: Bool) {
        #expect(ComponentAnimator.isFraction(name, type: ObjectIdentifier(Double.self)) == isFraction)
        #expect(ComponentAnimator.isFraction(name, type: ObjectIdentifier(RGBAColor.self)))
    }
}

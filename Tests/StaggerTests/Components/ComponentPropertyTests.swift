import Stagger
import Testing

/// Typed properties (issue 21): reads need no annotation and give what the string forms
/// give; a property read as another type is refused.
@Suite struct ComponentPropertyTests {
    static let offset = ComponentProperty<Double>("offset", of: "card")
    static let tint = ComponentProperty<RGBAColor>("tint", of: "card")

    @Test func typedFormsMatchTheStringForms() throws {
        var rest = ComponentState("rest")
        try rest.set(Self.offset, to: 0)
        try rest.set(Self.tint, to: .white)
        var raised = ComponentState("raised")
        try raised.set(Self.offset, to: 40)
        try raised.set(Self.tint, to: RGBAColor(rgb: 0x3366FF))
        #expect(try raised.value(Self.offset) == 40)
        var animator = ComponentAnimator(state: rest)
        try animator.transition(to: raised, at: 0)
        for t in [0.0, 0.1, 0.3, 2] {
            let y = try animator.value(Self.offset, at: t)
            let named: Double = try animator.value("offset", of: "card", at: t)
            #expect(y == named)
            #expect(
                try animator.value(Self.tint, at: t) == animator.value("tint", of: "card", at: t, as: RGBAColor.self))
            #expect(try animator.velocity(Self.offset, at: t) == animator.velocity("offset", of: "card", at: t))
        }
        // A spring (the default timing) ends on its target.
        #expect(abs(try animator.value(Self.offset, at: 5) - 40) < 0.05)
        try animator.release(Self.offset, from: 10, velocity: [100], at: 1)
        #expect(try animator.value(Self.offset, at: 1) == 10)
    }

    @Test func anotherTypeIsRefused() throws {
        var rest = ComponentState("rest")
        try rest.set(Self.offset, to: 0)
        let asPoint = ComponentProperty<LayoutPoint>("offset", of: "card")
        #expect(throws: AnimatableError.typeMismatch(property: "offset")) { _ = try rest.value(asPoint) }
        let animator = ComponentAnimator(state: rest)
        #expect(throws: AnimatableError.typeMismatch(property: "card.offset")) {
            _ = try animator.value(asPoint, at: 0)
        }
    }
}

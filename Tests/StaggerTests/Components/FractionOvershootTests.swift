import Testing

@testable import Stagger

/// Colours and opacities never leave 0…1, on lists, pairs and components alike, and a
/// value the library returns is one it accepts back: a label going blue to red on
/// `.bouncy` overshoots red by 4.6 % unclipped, and `ComponentState.set` refused the
/// 1.034 it was handed.
@Suite struct FractionOvershootTests {
    @Test func aComponentsColourAndOpacityStayWithinZeroAndOne() throws {
        var from = ComponentState("blue"), to = ComponentState("red")
        try from.set("color", of: "label", to: try RGBAColor(red: 0, green: 0, blue: 1, alpha: 1))
        try to.set("color", of: "label", to: try RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
        try from.set("labelOpacity", of: "label", to: 0.0)
        try to.set("labelOpacity", of: "label", to: 1.0)
        try from.set("offset", of: "label", to: 0.0)
        try to.set("offset", of: "label", to: 1.0)
        var animator = ComponentAnimator(state: from)
        try animator.transition(to: to, at: 0, using: ComponentTransition(try ElementTiming(curve: .bouncy)))
        var overshoot = 0.0, reachedRed = false
        for step in 0...300 {
            let time = Double(step) / 200
            let color: RGBAColor = try animator.value("color", of: "label", at: time)
            let opacity: Double = try animator.value("labelOpacity", of: "label", at: time)
            let offset: Double = try animator.value("offset", of: "label", at: time)
            for channel in [color.red, color.green, color.blue, color.alpha, opacity] {
                #expect((0...1).contains(channel), "at \(time): \(color), opacity \(opacity)")
            }
            reachedRed = reachedRed || color.red == 1
            overshoot = max(overshoot, offset - 1)
            // What the library returns, it accepts back.
            var state = ComponentState("now")
            try state.set("color", of: "label", to: color)
            try state.set("labelOpacity", of: "label", to: opacity)
        }
        // The same spring on a property that is not a fraction follows the overshoot.
        #expect(overshoot > 0.03 && reachedRed)
    }
}

import Foundation
import Stagger

/// The curve families `bench` times first: each curve evaluated over its own duration,
/// by the kernel and by the Swift reference.
enum CurveFamily {
    /// One benchmark row: a curve evaluated over its own duration.
    struct Scenario: Sendable {
        /// The row's label.
        let name: String
        /// The name `bench --scenario` selects it by: short, lowercase, no spaces.
        let key: String
        let curve: Curve
        var staggered = false
    }

    static func scenarios() throws -> [Scenario] {
        [
            Scenario(name: "linear", key: "linear", curve: try .easing(.linear, duration: 1)),
            Scenario(name: "easeInOutSine", key: "sine", curve: try .easing(.easeInOutSine, duration: 1)),
            Scenario(name: "easeInOutCubic", key: "cubic", curve: try .easing(.easeInOutCubic, duration: 1)),
            Scenario(name: "easeInOutExpo", key: "expo", curve: try .easing(.easeInOutExpo, duration: 1)),
            Scenario(name: "easeInOutCirc", key: "circ", curve: try .easing(.easeInOutCirc, duration: 1)),
            Scenario(name: "easeInOutBack", key: "back", curve: try .easing(.easeInOutBack, duration: 1)),
            Scenario(name: "easeOutElastic", key: "elastic", curve: try .easing(.easeOutElastic, duration: 1)),
            Scenario(name: "easeOutBounce", key: "bounce", curve: try .easing(.easeOutBounce, duration: 1)),
            Scenario(name: "cubicBezier(ease)", key: "bezier", curve: try .easing(.ease, duration: 1)),
            Scenario(name: "steps(10)", key: "steps", curve: try .easing(.steps(10), duration: 1)),
            Scenario(name: "spring bouncy", key: "spring-bouncy", curve: .bouncy),
            Scenario(name: "spring smooth", key: "spring-smooth", curve: .smooth),
            Scenario(
                name: "spring over-damped", key: "spring-overdamped",
                curve: try .spring(response: 0.5, dampingFraction: 1.6)),
            Scenario(name: "stagger spring", key: "stagger-pass-spring", curve: .snappy, staggered: true),
            Scenario(
                name: "stagger easeOutCubic", key: "stagger-pass-easing",
                curve: try .easing(.easeOutCubic, duration: 0.35), staggered: true)
        ]
    }
}

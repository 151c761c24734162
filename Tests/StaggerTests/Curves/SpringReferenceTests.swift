import RealModule
import Testing

@testable import Stagger

// Expected values come from DefinitionsAndSources.md §1 (SwiftUI's published mappings and examples),
// from an RK4 integration written here, or from the critical closed form and its
// first-order expansion derived in the comments; never from the code under test.

/// Classical RK4 on m·x'' = −k·(x − Δ) − c·x', x(0) = 0, x'(0) = v₀, calling `visit(t, x, v)`
/// at t = 0 and then every `every` steps until `end`.
private func integrate(
    _ spring: Spring, target delta: Double, initialVelocity v0: Double,
    until end: Double, step h: Double, every: Int,
    _ visit: (Double, Double, Double) throws -> Void
) rethrows {
    let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
    func acceleration(_ x: Double, _ v: Double) -> Double { (-k * (x - delta) - c * v) / m }
    var x = 0.0
    var v = v0
    try visit(0, x, v)
    let steps = Int((end / h).rounded(.up))
    for i in 1...steps {
        let a1 = acceleration(x, v)
        let (x2, v2) = (x + h / 2 * v, v + h / 2 * a1)
        let a2 = acceleration(x2, v2)
        let (x3, v3) = (x + h / 2 * v2, v + h / 2 * a2)
        let a3 = acceleration(x3, v3)
        let (x4, v4) = (x + h * v3, v + h * a3)
        let a4 = acceleration(x4, v4)
        x += h / 6 * (v + 2 * v2 + 2 * v3 + v4)
        v += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
        if i % every == 0 { try visit(Double(i) * h, x, v) }
    }
}

/// The fastest rate in the motion (ω₀, or |r₂| = ω₀(ζ + √(ζ² − 1)) when over-damped).
private func fastestRate(_ spring: Spring) -> Double {
    let zeta = spring.dampingFraction
    let w = spring.angularFrequency
    return zeta > 1 ? w * (zeta + (zeta * zeta - 1).squareRoot()) : w
}

/// The slowest decay rate (λ = ζω₀, or |r₁| = ω₀(ζ − √(ζ² − 1)) when over-damped).
private func slowestDecay(_ spring: Spring) -> Double {
    let zeta = spring.dampingFraction
    let w = spring.angularFrequency
    return zeta > 1 ? w / (zeta + (zeta * zeta - 1).squareRoot()) : zeta * w
}

/// The natural size of the motion: max(|Δ|, |v₀|/ω₀).
private func scale(_ spring: Spring, _ delta: Double, _ v0: Double) -> Double {
    max(abs(delta), abs(v0) / spring.angularFrequency)
}

@Suite("Spring parameterisations")
struct SpringParameterTests {
    // Apple: (duration 0.5, bounce 0.3) ↔ (mass 1, stiffness 157.9, damping 17.6), one decimal.
    @Test func appleDurationBounceExample() throws {
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
        // And back: the rounded coefficients give the duration and bounce to two decimals.
        let rounded = try Spring(mass: 1, stiffness: 157.9, damping: 17.6)
        #expect(abs(rounded.duration - 0.5) < 0.005)
        #expect(abs(rounded.bounce - 0.3) < 0.005)
    }

    // Apple: (mass 1, stiffness 100, damping 10) ↔ (duration 0.63, bounce 0.5), two decimals.
    // By hand: ω₀ = 10, response = 2π/10 = 0.6283; ζ = 10/(2·10) = 0.5, bounce = 1 − 0.5.
    @Test func appleMassStiffnessDampingExample() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.63) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 1e-15)
        #expect(abs(spring.angularFrequency - 10) < 1e-14)
        #expect(abs(spring.decayRate - 5) < 1e-14)
        // And back from the rounded figures: k = (2π/0.63)² ≈ 99.5, c = 4π·0.5/0.63 ≈ 9.97.
        let rounded = try Spring(duration: 0.63, bounce: 0.5)
        #expect(abs(rounded.stiffness - 100) < 1)
        #expect(abs(rounded.damping - 10) < 0.1)
    }

    @Test("SwiftUI mappings: k = (2π/r)², c = 4πζ/r; bounce ↔ ζ both ways")
    func mappings() throws {
        let spring = try Spring(response: 0.8, dampingFraction: 0.6)
        #expect(abs(spring.stiffness - (2 * Double.pi / 0.8) * (2 * Double.pi / 0.8)) < 1e-12)
        #expect(abs(spring.damping - 4 * Double.pi * 0.6 / 0.8) < 1e-12)
        #expect(abs(spring.response - 0.8) < 1e-14)
        #expect(abs(spring.dampingFraction - 0.6) < 1e-14)
        // ζ = c/(2√(km)) for a non-unit mass: c = 6, k = 9, m = 4 → 6/(2·6) = 0.5; response 2π/√(9/4).
        let heavy = try Spring(mass: 4, stiffness: 9, damping: 6)
        #expect(abs(heavy.dampingFraction - 0.5) < 1e-15)
        #expect(abs(heavy.response - 2 * Double.pi / 1.5) < 1e-14)
        // Negative bounce: ζ = 1/(1 + b); b = −0.5 → ζ = 2; inverse 1/ζ − 1 = −0.5.
        let over = try Spring(duration: 1, bounce: -0.5)
        #expect(abs(over.dampingFraction - 2) < 1e-14)
        #expect(abs(over.bounce - -0.5) < 1e-14)
        let under = try Spring(duration: 1, bounce: 0.4)
        #expect(abs(under.dampingFraction - 0.6) < 1e-14)
        #expect(abs(under.bounce - 0.4) < 1e-14)
    }

    @Test("presets and the default spring")
    func presets() throws {
        let cases: [(Spring, Double, Double)] = [
            (.smooth, 0.5, 1), (.snappy, 0.5, 0.85), (.bouncy, 0.5, 0.7),
            (.interactive, 0.15, 0.86), (Spring(), 0.5, 0.825)
        ]
        for (spring, response, zeta) in cases {
            #expect(abs(spring.response - response) < 1e-14)
            #expect(abs(spring.dampingFraction - zeta) < 1e-14)
            #expect(spring.mass == 1)
        }
        #expect(try Spring.smooth() == .smooth)
        #expect(try Spring.snappy() == .snappy)
        #expect(try Spring.bouncy() == .bouncy)
        let extra = try Spring.snappy(duration: 1, extraBounce: 0.1)
        #expect(abs(extra.bounce - 0.25) < 1e-14)
        #expect(abs(extra.duration - 1) < 1e-14)
        #expect(abs(try Spring.bouncy(extraBounce: -0.5).bounce - -0.2) < 1e-14)
    }
}

@Suite("Spring motion")
struct SpringMotionTests {
    private static let zetas = [0.05, 0.5, 0.999, 1, 1.001, 3]
    private static let responses = [0.05, 1, 5]

    @Test("value and velocity match an RK4 integration", arguments: zetas)
    func matchesRK4(zeta: Double) throws {
        for response in Self.responses {
            let spring = try Spring(response: response, dampingFraction: zeta)
            for (delta, v0) in [(1.0, 0.0), (1, -3), (-2, 7)] {
                // ω·h ≤ 0.003 keeps RK4's phase and amplitude error far below 1e-9 over the run.
                let h = min(1e-3, 0.003 / fastestRate(spring))
                // Stop once the slowest mode has decayed by e^−40; the rest is at rest.
                let end = min(10, 40 / slowestDecay(spring))
                let size = scale(spring, delta, v0)
                var worst = 0.0
                var worstVelocity = 0.0
                try integrate(spring, target: delta, initialVelocity: v0, until: end, step: h, every: 97) { t, x, v in
                    let value = try spring.value(target: delta, initialVelocity: v0, time: t)
                    let velocity = try spring.velocity(target: delta, initialVelocity: v0, time: t)
                    worst = max(worst, abs(value - x) / size)
                    worstVelocity = max(worstVelocity, abs(velocity - v) / (size * fastestRate(spring)))
                }
                // RK4 itself is good to ~1e-12 here; 1e-10 leaves room and still proves 1e-9.
                #expect(worst < 1e-10, "ζ \(zeta) r \(response) Δ \(delta) v₀ \(v0)")
                #expect(worstVelocity < 1e-10, "ζ \(zeta) r \(response) Δ \(delta) v₀ \(v0)")
            }
        }
    }

    // Critical form, with ω₀ fixed and λ = ζω₀, s = ω_d² = ω₀²(1 − ζ²):
    //   x = Δ − e^(−λt)[Δ·C + (λΔ − v₀)·S], C = 1 − s t²/2 + O(s²), S = t − s t³/6 + O(s²)
    // (C and S are cos(√s t) and sin(√s t)/√s, or cosh and sinh/√−s, expanded in s).
    // At ζ = 1: x₀ = Δ − E·F, E = e^(−ω₀t), F = Δ + (ω₀Δ − v₀)t. With ∂λ/∂ζ = ω₀, ∂s/∂ζ = −2ω₀²:
    //   ∂x/∂ζ = ω₀t·E·F − E·[Δω₀²t² + ω₀Δt + (ω₀Δ − v₀)ω₀²t³/3].
    // So x(1 + δ) = x₀ + δ·∂x/∂ζ + O(δ²), the O(δ²) term below 1e-11 for |δ| ≤ 1e-6.
    private static func nearCritical(
        omega w: Double, delta d: Double, target: Double, velocity v0: Double, time t: Double
    ) -> Double {
        let e = (-w * t).exponential
        let f = target + (w * target - v0) * t
        let critical = target - e * f
        let derivative =
            w * t * e * f
            - e * (target * w * w * t * t + w * target * t + (w * target - v0) * w * w * t * t * t / 3)
        return critical + d * derivative
    }

    @Test(
        "near ζ = 1 the closed forms match the critical form plus its first-order correction",
        arguments: [1e-6, -1e-6, 1e-9, -1e-9, 1e-12, -1e-12, 0])
    func nearCriticalDamping(offset: Double) throws {
        for response in Self.responses {
            let spring = try Spring(response: response, dampingFraction: 1 + offset)
            let w = spring.angularFrequency
            let d = spring.dampingFraction - 1
            for (target, v0) in [(1.0, 0.0), (1, -3), (-2, 7)] {
                let size = scale(spring, target, v0)
                for t in stride(from: 0.0, through: 10, by: 0.0137) {
                    let expected = Self.nearCritical(omega: w, delta: d, target: target, velocity: v0, time: t)
                    let value = try spring.value(target: target, initialVelocity: v0, time: t)
                    #expect(abs(value - expected) <= 1e-10 * size, "δ \(offset) r \(response) t \(t)")
                }
            }
        }
    }

    @Test("exactly critical springs use the critical closed form")
    func exactlyCritical() throws {
        // smooth is duration 0.5, bounce 0: ζ = 1, ω₀ = 4π. x = 1 − e^(−ω₀t)(1 + ω₀t).
        let w = 4 * Double.pi
        for t in stride(from: 0.0, through: 3, by: 0.01) {
            let expected = 1 - (-w * t).exponential * (1 + w * t)
            #expect(abs(try Spring.smooth.value(time: t) - expected) < 1e-13)
            // x' = ω₀²t·e^(−ω₀t)
            let velocity = w * w * t * (-w * t).exponential
            #expect(abs(try Spring.smooth.velocity(time: t) - velocity) < 1e-11)
        }
    }

    @Test("velocity matches a central difference of value")
    func velocityMatchesDifference() throws {
        let springs = try [
            Spring(), .snappy, .bouncy, .smooth, .interactive,
            Spring(response: 2, dampingFraction: 0.1), Spring(duration: 0.3, bounce: -0.6),
            Spring(mass: 2, stiffness: 50, damping: 3)
        ]
        for spring in springs {
            let h = 1e-4 / fastestRate(spring)
            for (target, v0) in [(1.0, 0.0), (-3, 12)] {
                let size = scale(spring, target, v0) * fastestRate(spring)
                for t in stride(from: 0.001, through: 3, by: 0.0731) {
                    let ahead = try spring.value(target: target, initialVelocity: v0, time: t + h)
                    let behind = try spring.value(target: target, initialVelocity: v0, time: t - h)
                    let velocity = try spring.velocity(target: target, initialVelocity: v0, time: t)
                    #expect(abs(velocity - (ahead - behind) / (2 * h)) <= 1e-7 * size)
                }
            }
        }
    }

    @Test("start conditions; negative time is clamped to 0")
    func startConditions() throws {
        for spring in [Spring.smooth, .snappy, try Spring(duration: 1, bounce: -0.5)] {
            #expect(try spring.value(target: 3, initialVelocity: 2, time: 0) == 0)
            #expect(abs(try spring.velocity(target: 3, initialVelocity: 2, time: 0) - 2) < 1e-14)
            #expect(try spring.value(target: 3, initialVelocity: 2, time: -5) == 0)
            #expect(abs(try spring.velocity(target: 3, initialVelocity: 2, time: -5) - 2) < 1e-14)
            #expect(try spring.value(target: 3, time: 1e6) == 3)
            #expect(try spring.velocity(target: 3, time: 1e300) == 0)
        }
    }
}

@Suite("Spring settling")
struct SpringSettlingTests {
    /// Checks that |x − Δ| ≤ ε·|Δ| (ε absolute for Δ = 0) on a dense grid from the settling time to 20 s.
    private static func staysSettled(_ spring: Spring, target: Double, velocity v0: Double, epsilon: Double = 0.001)
        throws
    {
        let settle = try spring.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon)
        #expect(settle.isFinite && settle >= 0)
        let bound = target == 0 ? epsilon : epsilon * abs(target)
        var times = (0..<200).map { settle + Double($0) * 1e-5 }
        times += stride(from: settle, through: 20, by: 0.002)
        for t in times {
            let offset = abs(try spring.value(target: target, initialVelocity: v0, time: t) - target)
            if offset > bound {
                Issue.record(
                    "ζ \(spring.dampingFraction) r \(spring.response) Δ \(target) v₀ \(v0): \(offset) at \(t) > \(bound), settle \(settle)"
                )
                return
            }
        }
    }

    @Test("presets read as SwiftUI's figures")
    func presetFigures() {
        // REFERENCE §1: about 0.88 s for snappy and 1.05 s for bouncy. By hand for bouncy:
        // λ = 0.7·4π = 8.796; ln((8.796 + 1)/0.001)/8.796 = 9.190/8.796 = 1.0447 s, which is
        // "about 1.05" but rounds to 1.04, so it is checked to ±0.01.
        #expect(abs(Spring.snappy.settlingDuration - 0.88) < 0.005)
        #expect(abs(Spring.bouncy.settlingDuration - 1.05) < 0.01)
        // smooth is critical: e^(−u)(1 + u) = 0.001 at u = ω₀T ≈ 9.2334, so T ≈ 0.7348 s.
        #expect(abs(Spring.smooth.settlingDuration - 9.2334 / (4 * Double.pi)) < 1e-4)
    }

    @Test("presets stay within ε after settlingDuration")
    func presetsStaySettled() throws {
        for spring in [Spring.smooth, .snappy, .bouncy, .interactive, Spring()] {
            try Self.staysSettled(spring, target: 1, velocity: 0)
            try Self.staysSettled(spring, target: 1, velocity: -4)
        }
    }

    @Test(
        "a sweep of springs stays within ε after settlingDuration",
        arguments: [0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999_999, 1, 1.000_001, 1.01, 1.5, 2, 3])
    func sweepStaysSettled(zeta: Double) throws {
        for response in [0.2, 0.5, 1] {
            let spring = try Spring(response: response, dampingFraction: zeta)
            for (target, v0) in [(1.0, 0.0), (1, 5), (1, -10), (-2, 3), (0, 4)] {
                try Self.staysSettled(spring, target: target, velocity: v0)
            }
        }
    }

    @Test("the critical bound is tight: just before it the spring is still outside ε")
    func criticalIsTight() throws {
        let settle = Spring.smooth.settlingDuration
        #expect(abs(try Spring.smooth.value(time: settle * (1 - 1e-6)) - 1) > 0.001)
    }

    @Test("edge cases")
    func edgeCases() throws {
        #expect(try Spring.snappy.settlingDuration(target: 0, initialVelocity: 0) == 0)
        #expect(try Spring.snappy.settlingDuration(epsilon: 2) == 0)
        let undamped = try Spring(stiffness: 10, damping: 0)
        #expect(undamped.settlingDuration == .infinity)
        #expect(throws: CurveError.invalidParameter(name: "target", value: .nan)) {
            try Spring.snappy.settlingDuration(target: .nan)
        }
        #expect(throws: CurveError.invalidParameter(name: "epsilon", value: 0)) {
            try Spring.snappy.settlingDuration(epsilon: 0)
        }
        #expect(throws: CurveError.invalidParameter(name: "initialVelocity", value: .infinity)) {
            try Spring.snappy.settlingDuration(initialVelocity: .infinity)
        }
        // Scaling the target scales the motion, so the relative settling time is unchanged.
        let unit = try Spring.bouncy.settlingDuration(target: 1, initialVelocity: 2)
        let scaled = try Spring.bouncy.settlingDuration(target: 50, initialVelocity: 100)
        #expect(abs(unit - scaled) < 1e-9)
    }
}

@Suite("Spring curves")
struct SpringCurveTests {
    @Test func factories() throws {
        #expect(Curve.spring.kind == .spring(Spring(), initialVelocity: 0))
        #expect(try Curve.spring() == .spring)
        #expect(try Curve.spring(duration: 0.5, bounce: 0.3) == .bouncy)
        #expect(try Curve.spring(.snappy, initialVelocity: 0) == .snappy)
        #expect(try Curve.smooth() == .smooth)
        #expect(try Curve.snappy(duration: 1).kind == .spring(try Spring.snappy(duration: 1), initialVelocity: 0))
        #expect(
            try Curve.bouncy(extraBounce: 0.1).kind == .spring(try Spring.bouncy(extraBounce: 0.1), initialVelocity: 0))
        #expect(Curve.interactiveSpring().kind == .spring(.interactive, initialVelocity: 0))
        let physical = try Curve.interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 2)
        #expect(physical.description == "spring(mass: 1.0, stiffness: 100.0, damping: 10.0, initialVelocity: 2.0)")
        #expect(physical.duration == (try Spring(stiffness: 100, damping: 10).settlingDuration(initialVelocity: 2)))
        #expect(try physical.value(at: 0.3) == Spring(stiffness: 100, damping: 10).value(initialVelocity: 2, time: 0.3))
        #expect(
            try physical.velocity(at: 0.3)
                == Spring(stiffness: 100, damping: 10).velocity(initialVelocity: 2, time: 0.3))
        #expect(Curve.snappy.duration == Spring.snappy.settlingDuration)
    }
}

@Suite("Spring errors")
struct SpringErrorTests {
    @Test func constructionErrors() {
        #expect(throws: CurveError.invalidParameter(name: "mass", value: 0)) {
            try Spring(mass: 0, stiffness: 1, damping: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "mass", value: .nan)) {
            try Spring(mass: .nan, stiffness: 1, damping: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "stiffness", value: -1)) {
            try Spring(stiffness: -1, damping: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "stiffness", value: .infinity)) {
            try Spring(stiffness: .infinity, damping: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "damping", value: -0.1)) {
            try Spring(stiffness: 1, damping: -0.1)
        }
        #expect(throws: CurveError.invalidParameter(name: "damping", value: .nan)) {
            try Spring(stiffness: 1, damping: .nan)
        }
        #expect(throws: CurveError.invalidParameter(name: "response", value: 0)) {
            try Spring(response: 0, dampingFraction: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "response", value: -.infinity)) {
            try Spring(response: -.infinity, dampingFraction: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "dampingFraction", value: -1)) {
            try Spring(response: 1, dampingFraction: -1)
        }
        #expect(throws: CurveError.invalidParameter(name: "dampingFraction", value: .infinity)) {
            try Spring(response: 1, dampingFraction: .infinity)
        }
        #expect(throws: CurveError.invalidParameter(name: "duration", value: -1)) { try Spring(duration: -1) }
        #expect(throws: CurveError.invalidParameter(name: "duration", value: .nan)) {
            try Spring.smooth(duration: .nan)
        }
        #expect(throws: CurveError.invalidParameter(name: "bounce", value: 1)) {
            try Spring(duration: 1, bounce: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "bounce", value: -1)) {
            try Spring(duration: 1, bounce: -1)
        }
        #expect(throws: CurveError.invalidParameter(name: "bounce", value: .nan)) {
            try Spring(duration: 1, bounce: .nan)
        }
        // extraBounce is reported as the summed bounce: 0.3 + 0.8.
        #expect(throws: CurveError.invalidParameter(name: "bounce", value: 0.3 + 0.8)) {
            try Spring.bouncy(extraBounce: 0.8)
        }
        #expect(throws: CurveError.invalidParameter(name: "bounce", value: 0.15 + 0.85)) {
            try Curve.snappy(extraBounce: 0.85)
        }
        // Coefficients that overflow Double are rejected at construction.
        #expect(throws: CurveError.invalidParameter(name: "response", value: 1e-200)) {
            try Spring(response: 1e-200, dampingFraction: 1)
        }
        #expect(throws: CurveError.invalidParameter(name: "stiffness", value: 1e300)) {
            try Spring(mass: 1e-10, stiffness: 1e300, damping: 1)
        }
    }

    @Test func curveErrors() {
        #expect(throws: CurveError.invalidParameter(name: "response", value: -2)) {
            try Curve.spring(response: -2)
        }
        #expect(throws: CurveError.invalidParameter(name: "initialVelocity", value: .nan)) {
            try Curve.spring(initialVelocity: .nan)
        }
        #expect(throws: CurveError.invalidParameter(name: "initialVelocity", value: .infinity)) {
            try Curve.spring(.bouncy, initialVelocity: .infinity)
        }
        #expect(throws: CurveError.invalidParameter(name: "duration", value: 0)) { try Curve.spring(duration: 0) }
        #expect(throws: CurveError.invalidParameter(name: "stiffness", value: 0)) {
            try Curve.interpolatingSpring(stiffness: 0, damping: 1)
        }
        #expect(throws: CurveError.nonFiniteInput(.nan)) { try Curve.spring.value(at: .nan) }
        #expect(throws: CurveError.nonFiniteInput(.infinity)) { try Curve.bouncy.velocity(at: .infinity) }
    }

    @Test func evaluationErrors() {
        #expect(throws: CurveError.nonFiniteInput(.nan)) { try Spring.snappy.value(time: .nan) }
        #expect(throws: CurveError.nonFiniteInput(-.infinity)) { try Spring.snappy.velocity(time: -.infinity) }
        #expect(throws: CurveError.invalidParameter(name: "target", value: .nan)) {
            try Spring.snappy.value(target: .nan, time: 0)
        }
        #expect(throws: CurveError.invalidParameter(name: "initialVelocity", value: -.infinity)) {
            try Spring.snappy.velocity(initialVelocity: -.infinity, time: 0)
        }
    }
}

private extension Double {
    /// e^self, spelled as a property so the closed forms above read left to right.
    var exponential: Double { Double.exp(self) }
}

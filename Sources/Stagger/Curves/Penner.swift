import RealModule

/// Robert Penner's easing equations exactly as easings.net publishes them, and their derivatives.
///
/// Inputs are progress values already clamped to [0, 1]. The formulas are transcribed
/// term for term (including the 1.525 factor of back in-out) so that they can be checked
/// against the published text; only the endpoints are pinned, see ``value(_:_:_:)``.
enum Penner {
    /// Back overshoot constant: gives a 10% overshoot for in and out.
    static let s = 1.70158
    /// `s + 1`, the cubic coefficient of back in and out.
    static let s3 = s + 1
    /// Back in-out overshoot constant: `s · 1.525`, a 10% overshoot over half the span.
    static let s2 = s * 1.525
    /// Elastic in/out angular step: 2π/3 per tenth of progress.
    static let c4 = 2 * Double.pi / 3
    /// Elastic in-out angular step: 2π/4.5 per twentieth of progress.
    static let c5 = 2 * Double.pi / 4.5
    /// Bounce parabola scale.
    static let bounceN = 7.5625
    /// Bounce segment divisor.
    static let bounceD = 2.75

    /// The eased value at progress `p` in [0, 1].
    ///
    /// Progress 0 and 1 return exactly 0 and 1: several formulas miss by an ulp there in
    /// Double (1 − cos(π/2) rounds to 0.9999999999999999 because π/2 is not representable),
    /// and an animation must land on its endpoints.
    static func value(_ family: EasingFamily, _ direction: EasingDirection, _ p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        switch family {
        case .sine:
            switch direction {
            case .in: return 1 - .cos(p * .pi / 2)
            case .out: return .sin(p * .pi / 2)
            case .inOut: return -(.cos(.pi * p) - 1) / 2
            }
        case .quad: return power(2, direction, p)
        case .cubic: return power(3, direction, p)
        case .quart: return power(4, direction, p)
        case .quint: return power(5, direction, p)
        case .expo:
            switch direction {
            case .in: return .exp2(10 * p - 10)
            case .out: return 1 - .exp2(-10 * p)
            case .inOut:
                return p < 0.5 ? .exp2(20 * p - 10) / 2 : (2 - .exp2(-20 * p + 10)) / 2
            }
        case .circ:
            switch direction {
            case .in: return 1 - .sqrt(1 - p * p)
            case .out: return .sqrt(1 - (p - 1) * (p - 1))
            case .inOut:
                if p < 0.5 { return (1 - .sqrt(1 - 4 * p * p)) / 2 }
                let q = -2 * p + 2
                return (.sqrt(1 - q * q) + 1) / 2
            }
        case .back:
            switch direction {
            case .in: return s3 * p * p * p - s * p * p
            case .out:
                let q = p - 1
                return 1 + s3 * q * q * q + s * q * q
            case .inOut:
                if p < 0.5 {
                    let q = 2 * p
                    return q * q * ((s2 + 1) * q - s2) / 2
                }
                let q = 2 * p - 2
                return (q * q * ((s2 + 1) * q + s2) + 2) / 2
            }
        case .elastic:
            switch direction {
            case .in: return -.exp2(10 * p - 10) * .sin((10 * p - 10.75) * c4)
            case .out: return .exp2(-10 * p) * .sin((10 * p - 0.75) * c4) + 1
            case .inOut:
                let angle = (20 * p - 11.125) * c5
                return p < 0.5
                    ? -(.exp2(20 * p - 10) * .sin(angle)) / 2
                    : .exp2(-20 * p + 10) * .sin(angle) / 2 + 1
            }
        case .bounce:
            switch direction {
            case .in: return 1 - bounceOut(1 - p)
            case .out: return bounceOut(p)
            case .inOut:
                return p < 0.5 ? (1 - bounceOut(1 - 2 * p)) / 2 : (1 + bounceOut(2 * p - 1)) / 2
            }
        }
    }

    /// The derivative d value / d progress at `p` in [0, 1], from the same formulas.
    ///
    /// At 0 and 1 it is the one-sided derivative from inside the interval. Where the exact
    /// derivative is infinite (circ at its vertical tangents) it returns
    /// ``CubicBezier/steepSlope`` so that tolerances scaled by it stay finite.
    static func slope(_ family: EasingFamily, _ direction: EasingDirection, _ p: Double) -> Double {
        let ln2 = Double.log(2)
        switch family {
        case .sine:
            switch direction {
            case .in: return .pi / 2 * .sin(p * .pi / 2)
            case .out: return .pi / 2 * .cos(p * .pi / 2)
            case .inOut: return .pi / 2 * .sin(.pi * p)
            }
        case .quad: return powerSlope(2, direction, p)
        case .cubic: return powerSlope(3, direction, p)
        case .quart: return powerSlope(4, direction, p)
        case .quint: return powerSlope(5, direction, p)
        case .expo:
            switch direction {
            case .in: return 10 * ln2 * .exp2(10 * p - 10)
            case .out: return 10 * ln2 * .exp2(-10 * p)
            case .inOut:
                return p < 0.5 ? 10 * ln2 * .exp2(20 * p - 10) : 10 * ln2 * .exp2(-20 * p + 10)
            }
        case .circ:
            switch direction {
            case .in: return steep(p, .sqrt(1 - p * p))
            case .out: return steep(1 - p, .sqrt(1 - (p - 1) * (p - 1)))
            case .inOut:
                if p < 0.5 { return steep(2 * p, .sqrt(1 - 4 * p * p)) }
                let q = -2 * p + 2
                return steep(q, .sqrt(1 - q * q))
            }
        case .back:
            switch direction {
            case .in: return 3 * s3 * p * p - 2 * s * p
            case .out:
                let q = p - 1
                return 3 * s3 * q * q + 2 * s * q
            case .inOut:
                // d/dp of f(2p) or f(2p − 2) is 2·f'(q); the 1/2 in each formula cancels it.
                let q = p < 0.5 ? 2 * p : 2 * p - 2
                return p < 0.5
                    ? 3 * (s2 + 1) * q * q - 2 * s2 * q
                    : 3 * (s2 + 1) * q * q + 2 * s2 * q
            }
        case .elastic:
            switch direction {
            case .in:
                let angle = (10 * p - 10.75) * c4
                return -.exp2(10 * p - 10) * (10 * ln2 * .sin(angle) + 10 * c4 * .cos(angle))
            case .out:
                let angle = (10 * p - 0.75) * c4
                return .exp2(-10 * p) * (-10 * ln2 * .sin(angle) + 10 * c4 * .cos(angle))
            case .inOut:
                let angle = (20 * p - 11.125) * c5
                return p < 0.5
                    ? -.exp2(20 * p - 10) * (20 * ln2 * .sin(angle) + 20 * c5 * .cos(angle)) / 2
                    : .exp2(-20 * p + 10) * (-20 * ln2 * .sin(angle) + 20 * c5 * .cos(angle)) / 2
            }
        case .bounce:
            switch direction {
            case .in: return bounceOutSlope(1 - p)
            case .out: return bounceOutSlope(p)
            case .inOut: return p < 0.5 ? bounceOutSlope(1 - 2 * p) : bounceOutSlope(2 * p - 1)
            }
        }
    }

    /// `x / root`, the derivative of a circle arc, capped where the tangent turns vertical.
    private static func steep(_ x: Double, _ root: Double) -> Double {
        root > 0 ? Swift.min(x / root, CubicBezier.steepSlope) : CubicBezier.steepSlope
    }

    /// The power-n family: in pⁿ, out 1 − (1 − p)ⁿ, in-out as published.
    private static func power(_ n: Int, _ direction: EasingDirection, _ p: Double) -> Double {
        switch direction {
        case .in: return pow(p, n)
        case .out: return 1 - pow(1 - p, n)
        case .inOut: return p < 0.5 ? pow(2, n - 1) * pow(p, n) : 1 - pow(-2 * p + 2, n) / 2
        }
    }

    /// Derivative of ``power(_:_:_:)``.
    private static func powerSlope(_ n: Int, _ direction: EasingDirection, _ p: Double) -> Double {
        let k = Double(n)
        switch direction {
        case .in: return k * pow(p, n - 1)
        case .out: return k * pow(1 - p, n - 1)
        case .inOut:
            return p < 0.5 ? pow(2, n - 1) * k * pow(p, n - 1) : k * pow(-2 * p + 2, n - 1)
        }
    }

    /// Integer power by repeated multiplication: exact for the small n used here where the
    /// product is representable, and independent of any library `pow` rounding.
    private static func pow(_ x: Double, _ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= x }
        return result
    }

    /// The published bounce-out: four parabolas of decreasing height.
    private static func bounceOut(_ p: Double) -> Double {
        let n = bounceN, d = bounceD
        if p < 1 / d { return n * p * p }
        if p < 2 / d {
            let q = p - 1.5 / d
            return n * q * q + 0.75
        }
        if p < 2.5 / d {
            let q = p - 2.25 / d
            return n * q * q + 0.9375
        }
        let q = p - 2.625 / d
        return n * q * q + 0.984375
    }

    /// Derivative of ``bounceOut(_:)``: 2n(p − centre) on each arc.
    private static func bounceOutSlope(_ p: Double) -> Double {
        let n = bounceN, d = bounceD
        if p < 1 / d { return 2 * n * p }
        if p < 2 / d { return 2 * n * (p - 1.5 / d) }
        if p < 2.5 / d { return 2 * n * (p - 2.25 / d) }
        return 2 * n * (p - 2.625 / d)
    }
}

import RealModule

extension Spring {
    /// Seconds until the spring is guaranteed to stay within 0.1% of its target, for target 1
    /// and no initial velocity. See ``settlingDuration(target:initialVelocity:epsilon:)``.
    public var settlingDuration: Double {
        validatedSettlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001)
    }

    /// Seconds after which |value − target| ≤ ε·|target| holds for all later times.
    ///
    /// The figure is a guarantee, from bounds on the closed-form error term:
    /// - ζ < 1: the larger of SwiftUI's reconstructed figure −ln(ε/(|λΔ − v₀| + |Δ|))/λ
    ///   (which makes `snappy` ≈ 0.88 s and `bouncy` ≈ 1.04 s read as in SwiftUI) and a
    ///   guaranteed bound: the earlier of the exact envelope e^(−λt)(|Δ| + |λΔ − v₀|/ω_d)
    ///   and e^(−λt)(|Δ| + |λΔ − v₀|·t) (from |sin ω_d t| ≤ ω_d t) falling to ε·|Δ|.
    ///   The second bound keeps the figure continuous as ζ → 1, where 1/ω_d diverges.
    /// - ζ = 1: where e^(−λt)(|Δ| + |λΔ − v₀|·t), after its maximum, falls to ε·|Δ|.
    ///   For `smooth` that is 0.735 s, the exact crossing; SwiftUI reports about 0.80 s
    ///   from its own search. **Ours**: the exact figure.
    /// - ζ > 1: the earlier of where |A|e^(r₁t) + |B|e^(r₂t) (the triangle inequality on
    ///   the two modes) and e^(r₁t)(|Δ| + |v₀ + r₂Δ|·t) (tight near ζ = 1) fall to ε·|Δ|.
    ///
    /// Crossings without a closed form are found to the last double: Newton's method for
    /// the linear-times-exponential bound (bisection as its fallback), bisection for the
    /// two modes.
    /// The bounds aim 1e-9 (relative) inside the tolerance so that rounding in evaluating
    /// the spring cannot take a value the bound puts exactly on it past it.
    ///
    /// - Parameters:
    ///   - target: Δ in value units; when it is 0, ε is used as an absolute bound instead.
    ///   - initialVelocity: v₀ in value units per second.
    ///   - epsilon: The relative tolerance ε, finite and > 0; defaults to 0.001.
    /// - Returns: 0 when the bounds already hold from the start (for example target 0 and
    ///   no velocity); +∞ for an undamped spring (damping 0) that has somewhere to go.
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` when target or
    ///   initialVelocity is not finite, or epsilon is not finite and > 0.
    public func settlingDuration(
        target: Double = 1, initialVelocity: Double = 0, epsilon: Double = 0.001
    ) throws(CurveError) -> Double {
        guard target.isFinite else { throw .invalidParameter(name: "target", value: target) }
        guard initialVelocity.isFinite else {
            throw .invalidParameter(name: "initialVelocity", value: initialVelocity)
        }
        guard epsilon.isFinite, epsilon > 0 else {
            throw .invalidParameter(name: "epsilon", value: epsilon)
        }
        return validatedSettlingDuration(target: target, initialVelocity: initialVelocity, epsilon: epsilon)
    }

    /// ``settlingDuration(target:initialVelocity:epsilon:)`` for arguments already checked.
    func validatedSettlingDuration(target: Double, initialVelocity: Double, epsilon: Double) -> Double {
        let delta = target
        let v0 = initialVelocity
        if delta == 0 && v0 == 0 { return 0 }
        let tolerance = delta == 0 ? epsilon : epsilon * Swift.abs(delta)
        let aim = tolerance * (1 - 1e-9)
        let lambda = decayRate
        if lambda == 0 { return .infinity }
        let s = dampedFrequencySquared
        let start = Swift.abs(delta)

        if s >= 0 {
            let lead = Swift.abs(lambda * delta - v0)
            if s == 0 {
                return Self.crossingOfLinearTimesExponential(rate: lambda, constant: start, slope: lead, level: aim)
            }
            let omegaD = Double.sqrt(s)
            let envelopeRatio = (start + lead / omegaD) / aim
            let swiftUIRatio = (lead + start) / tolerance
            let swiftUI = Double.log(swiftUIRatio) / lambda
            // The answer is max(swiftUI, min(envelope, linear)), or 0 when that minimum
            // is. Starting outside the tolerance, linear and envelope are both positive,
            // so an envelope at or below SwiftUI's figure (compared before the logarithm,
            // which keeps the order) decides it without the crossing's search: most
            // underdamped springs, whose ω_d exceeds 1 rad/s.
            if start > aim && envelopeRatio <= swiftUIRatio && swiftUIRatio >= 1 { return swiftUI }
            let envelope = Swift.max(0, Double.log(envelopeRatio) / lambda)
            let linear = Self.crossingOfLinearTimesExponential(rate: lambda, constant: start, slope: lead, level: aim)
            let guaranteed = Swift.min(envelope, linear)
            if guaranteed == 0 { return 0 }
            return Swift.max(swiftUI, guaranteed)
        }

        let gamma = Double.sqrt(-s)
        let r2 = -(lambda + gamma)
        let r1 = -(stiffness / mass) / (lambda + gamma)
        let a = Swift.abs(v0 + r2 * delta) / (2 * gamma)
        let b = Swift.abs(v0 + r1 * delta) / (2 * gamma)
        let modes: Double
        if a + b <= aim {
            modes = 0
        } else {
            modes = Self.lastCrossing(from: 0, scale: -1 / r1) { t in
                a * Double.exp(r1 * t) + b * Double.exp(r2 * t) > aim
            }
        }
        let linear = Self.crossingOfLinearTimesExponential(
            rate: -r1, constant: start, slope: Swift.abs(v0 + r2 * delta), level: aim)
        return Swift.min(modes, linear)
    }

    /// The time after which e^(−ρt)·(c₀ + c₁t) stays at or below `level`; 0 if it never exceeds it.
    ///
    /// The function rises to one maximum at t = 1/ρ − c₀/c₁ (or starts there when that is
    /// negative) and falls after it, so the crossing after the maximum is the last one.
    private static func crossingOfLinearTimesExponential(
        rate: Double, constant: Double, slope: Double, level: Double
    ) -> Double {
        let peak = slope > rate * constant ? 1 / rate - constant / slope : 0
        // Compared in logarithms so that a huge slope·t cannot meet a vanishing exponential as ∞·0.
        let logLevel = Double.log(level)
        func excess(_ t: Double) -> Double { -rate * t + Double.log(constant + slope * t) - logLevel }
        func above(_ t: Double) -> Bool { excess(t) > 0 }
        // The maximum is at least the value at 0, `constant`: twice the level leaves
        // rounding no way to put it below (a transition of many spring lanes solves one
        // crossing per lane, so each logarithm saved counts).
        guard constant > 2 * level || above(peak) else { return 0 }
        // Newton's method from a time right of the crossing: the log-excess is concave
        // and falls after the peak, so each step stays right of the crossing and the
        // steps converge in a few logs (bisection took about 60). The start: ρt/2 ≤
        // e^(ρt/2 − 1) bounds c₀ + c₁t by (c₀ + 2c₁/(eρ))·e^(ρt/2), so the function is at
        // or below `level` from t = (2/ρ)·ln((c₀ + 2c₁/(eρ))/level) on; doubling from the
        // peak is the fallback where that is not finite or not right of the peak.
        var t = 2 / rate * Double.log((constant + 2 * slope / (2.718281828459045 * rate)) / level)
        if !(t.isFinite && t > peak) {
            var step = 1 / rate
            t = peak + step
            var doublings = 0
            while above(t) {
                step *= 2
                t = peak + step
                doublings += 1
                if doublings > 1_100 || !t.isFinite { return .infinity }
            }
        }
        var excessAtT = excess(t)
        for _ in 0..<64 {
            let next = t - excessAtT / (-rate + slope / (constant + slope * t))
            guard next < t, next > peak else { break }
            t = next
            excessAtT = excess(t)
        }
        // To the least double from which `above` is false (rounding near the crossing
        // may leave Newton an ulp or two either side); bisection if that is not near.
        var nudges = 0
        while excessAtT > 0 {
            t = t.nextUp
            excessAtT = excess(t)
            nudges += 1
            if nudges > 64 { return lastCrossing(from: peak, scale: 1 / rate, above: above) }
        }
        while t.nextDown > peak, !above(t.nextDown) {
            t = t.nextDown
            nudges += 1
            if nudges > 128 { return lastCrossing(from: peak, scale: 1 / rate, above: above) }
        }
        return t
    }

    /// The least time t ≥ `start` (to bisection precision, rounded up) from which `above`
    /// stays false, for a predicate that is true up to one crossing and false after it.
    ///
    /// Brackets the crossing by doubling the distance from `start` (first step `scale`),
    /// then bisects. Returns +∞ when no bracket is found within Double's range.
    private static func lastCrossing(from start: Double, scale: Double, above: (Double) -> Bool) -> Double {
        var lo = start
        var step = scale
        var hi = start + step
        var doublings = 0
        while above(hi) {
            lo = hi
            step *= 2
            hi = start + step
            doublings += 1
            if doublings > 1_100 || !hi.isFinite { return .infinity }
        }
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if above(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}

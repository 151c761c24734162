import RealModule

/// A damped harmonic spring, m·x'' = −k·(x − Δ) − c·x', described the way SwiftUI describes it.
///
/// Stores mass m, stiffness k and damping c; the `response`/`dampingFraction` and
/// `duration`/`bounce` forms are converted with SwiftUI's published mappings (mass 1).
/// Evaluation (value, velocity, settling) is in Double and lives in extensions.
public struct Spring: Sendable, Hashable {
    /// The mass m (arbitrary consistent units); finite and > 0. 1 for the response and duration forms.
    public let mass: Double
    /// The stiffness k (force per unit displacement); finite and > 0.
    public let stiffness: Double
    /// The damping coefficient c (force per unit velocity); finite and ≥ 0 (0 never settles).
    public let damping: Double

    /// Creates a spring from its physical coefficients.
    ///
    /// - Parameters:
    ///   - mass: m, finite and > 0; defaults to 1.
    ///   - stiffness: k, finite and > 0.
    ///   - damping: c, finite and ≥ 0.
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming the first bad
    ///   parameter, also when k/m or c/m overflow or underflow so far that the motion
    ///   cannot be evaluated in Double.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(CurveError) {
        guard mass.isFinite, mass > 0 else { throw .invalidParameter(name: "mass", value: mass) }
        guard stiffness.isFinite, stiffness > 0, Self.usableStiffness(stiffness / mass) else {
            throw .invalidParameter(name: "stiffness", value: stiffness)
        }
        guard damping.isFinite, damping >= 0, Self.usableDecay(damping / (2 * mass)) else {
            throw .invalidParameter(name: "damping", value: damping)
        }
        self.init(uncheckedMass: mass, stiffness: stiffness, damping: damping)
    }

    /// Creates a unit-mass spring from SwiftUI's response and damping fraction:
    /// k = (2π/response)², c = 4π·dampingFraction/response.
    ///
    /// - Parameters:
    ///   - response: The undamped period 2π/ω₀ in seconds; finite and > 0.
    ///   - dampingFraction: ζ, the damping ratio; finite and ≥ 0 (< 1 oscillates, 1 is
    ///     critical, > 1 is over-damped).
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming `response` or
    ///   `dampingFraction`, also when the resulting coefficients leave Double's range.
    public init(response: Double, dampingFraction: Double) throws(CurveError) {
        guard response.isFinite, response > 0 else {
            throw .invalidParameter(name: "response", value: response)
        }
        guard dampingFraction.isFinite, dampingFraction >= 0 else {
            throw .invalidParameter(name: "dampingFraction", value: dampingFraction)
        }
        let (k, c) = Self.coefficients(response: response, dampingFraction: dampingFraction)
        guard k.isFinite, Self.usableStiffness(k) else {
            throw .invalidParameter(name: "response", value: response)
        }
        guard c.isFinite, Self.usableDecay(c / 2) else {
            throw .invalidParameter(name: "dampingFraction", value: dampingFraction)
        }
        self.init(uncheckedMass: 1, stiffness: k, damping: c)
    }

    /// Creates a unit-mass spring from SwiftUI's perceptual duration and bounce:
    /// response = duration; dampingFraction = 1 − bounce for bounce ≥ 0, 1/(1 + bounce) below.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration (the response) in seconds; finite and > 0.
    ///   - bounce: In the open interval (−1, 1): 0 is critically damped, positive values
    ///     oscillate, negative values are over-damped. Defaults to 0.
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming `duration` or
    ///   `bounce`.
    public init(duration: Double, bounce: Double = 0) throws(CurveError) {
        guard duration.isFinite, duration > 0 else {
            throw .invalidParameter(name: "duration", value: duration)
        }
        guard bounce.isFinite, bounce > -1, bounce < 1 else {
            throw .invalidParameter(name: "bounce", value: bounce)
        }
        let zeta = Self.dampingFraction(bounce: bounce)
        let (k, c) = Self.coefficients(response: duration, dampingFraction: zeta)
        guard k.isFinite, Self.usableStiffness(k), c.isFinite, Self.usableDecay(c / 2) else {
            throw .invalidParameter(name: "duration", value: duration)
        }
        self.init(uncheckedMass: 1, stiffness: k, damping: c)
    }

    /// SwiftUI's default spring: response 0.5 s, dampingFraction 0.825 (slightly under-damped).
    public init() {
        let (k, c) = Self.coefficients(response: 0.5, dampingFraction: 0.825)
        self.init(uncheckedMass: 1, stiffness: k, damping: c)
    }

    /// Stores coefficients that the caller has already validated.
    private init(uncheckedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Builds a preset from constants known to be valid.
    private init(presetDuration duration: Double, bounce: Double) {
        let (k, c) = Self.coefficients(response: duration, dampingFraction: Self.dampingFraction(bounce: bounce))
        self.init(uncheckedMass: 1, stiffness: k, damping: c)
    }

    /// SwiftUI's mapping to unit-mass coefficients: k = (2π/r)², c = 4π·ζ/r.
    ///
    /// Written so that ζ = 1 gives c = 2·(2π/r) exactly and c²/4 == k in Double: the
    /// evaluation then recognises the spring as exactly critical.
    private static func coefficients(response: Double, dampingFraction: Double) -> (k: Double, c: Double) {
        let w = 2 * Double.pi / response
        return (w * w, 4 * Double.pi * dampingFraction / response)
    }

    /// SwiftUI's bounce → damping fraction: ζ = 1 − b for b ≥ 0, 1/(1 + b) for b < 0.
    private static func dampingFraction(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// ω₀² = k/m must be a positive finite Double for the motion to be evaluated.
    private static func usableStiffness(_ omegaSquared: Double) -> Bool {
        omegaSquared.isFinite && omegaSquared > 0
    }

    /// λ = c/2m must be finite with a finite square, which the evaluation forms.
    private static func usableDecay(_ lambda: Double) -> Bool {
        (lambda * lambda).isFinite
    }

    // MARK: - Derived parameters

    /// ω₀ = √(k/m), the undamped angular frequency in radians per second.
    public var angularFrequency: Double { Double.sqrt(stiffness / mass) }

    /// λ = ζ·ω₀ = c/2m, the exponential decay rate of the motion's envelope, per second.
    public var decayRate: Double { damping / (2 * mass) }

    /// The response 2π/ω₀ in seconds: the period the spring would have without damping.
    public var response: Double { 2 * Double.pi / angularFrequency }

    /// The damping fraction ζ = c / (2√(k·m)): < 1 oscillates, 1 is critical, > 1 is over-damped.
    public var dampingFraction: Double { decayRate / angularFrequency }

    /// SwiftUI's perceptual duration in seconds; equal to ``response``.
    public var duration: Double { response }

    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1; in (−1, 1].
    public var bounce: Double {
        let zeta = dampingFraction
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    // MARK: - Presets

    /// SwiftUI's `smooth`: duration 0.5 s, bounce 0 (critically damped, no overshoot).
    public static let smooth = Spring(presetDuration: 0.5, bounce: 0)
    /// SwiftUI's `snappy`: duration 0.5 s, bounce 0.15 (a slight overshoot).
    public static let snappy = Spring(presetDuration: 0.5, bounce: 0.15)
    /// SwiftUI's `bouncy`: duration 0.5 s, bounce 0.3 (a visible overshoot).
    public static let bouncy = Spring(presetDuration: 0.5, bounce: 0.3)
    /// SwiftUI's `interactiveSpring()`: response 0.15 s, dampingFraction 0.86, for tracking a finger.
    public static let interactive = Spring(presetResponse: 0.15, dampingFraction: 0.86)

    /// Builds a response-form preset from constants known to be valid.
    private init(presetResponse response: Double, dampingFraction: Double) {
        let (k, c) = Self.coefficients(response: response, dampingFraction: dampingFraction)
        self.init(uncheckedMass: 1, stiffness: k, damping: c)
    }

    /// A `smooth` spring (base bounce 0) with its duration and extra bounce changed.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and > 0; defaults to 0.5.
    ///   - extraBounce: Added to the base bounce 0; the sum must lie in (−1, 1).
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming `duration`, or
    ///   `bounce` with the summed bounce.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws(CurveError) -> Spring {
        try Spring(duration: duration, bounce: 0 + extraBounce)
    }

    /// A `snappy` spring (base bounce 0.15) with its duration and extra bounce changed.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and > 0; defaults to 0.5.
    ///   - extraBounce: Added to the base bounce 0.15; the sum must lie in (−1, 1).
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming `duration`, or
    ///   `bounce` with the summed bounce.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws(CurveError) -> Spring {
        try Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A `bouncy` spring (base bounce 0.3) with its duration and extra bounce changed.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and > 0; defaults to 0.5.
    ///   - extraBounce: Added to the base bounce 0.3; the sum must lie in (−1, 1).
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming `duration`, or
    ///   `bounce` with the summed bounce.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws(CurveError) -> Spring {
        try Spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// SwiftUI's `interactiveSpring(duration:extraBounce:)`: ``interactive`` (duration
    /// 0.15 s; dampingFraction 0.86 is bounce 0.14) with its duration and extra bounce
    /// changed.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and > 0; defaults to 0.15.
    ///   - extraBounce: Added to the base bounce 0.14; the sum must lie in (−1, 1).
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming `duration`, or
    ///   `bounce` with the summed bounce.
    public static func interactive(duration: Double = 0.15, extraBounce: Double = 0) throws(CurveError) -> Spring {
        try Spring(duration: duration, bounce: 0.14 + extraBounce)
    }
}

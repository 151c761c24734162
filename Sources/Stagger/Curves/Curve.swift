/// A timing curve: maps elapsed time in seconds to a value moving from 0 to 1.
///
/// An ``Easing`` stretched over a fixed duration, a ``Spring`` (with an initial
/// velocity) that runs until it settles, or a ``DecayCurve`` (a fling under friction)
/// that runs until it comes to rest. Spellings follow SwiftUI's animation factories.
public struct Curve: Sendable, Hashable, CustomStringConvertible {
    /// What drives a curve.
    public enum Kind: Sendable, Hashable {
        /// An easing played over `duration` seconds (finite, > 0).
        case easing(Easing, duration: Double)
        /// A spring toward 1 starting with `initialVelocity` (value units per second, finite).
        case spring(Spring, initialVelocity: Double)
        /// A fling under friction toward 1: value 1 − e^(−kt), velocity k·e^(−kt), so
        /// its initial velocity is k (k = the decay's ``DecayCurve/frictionRate``).
        case decay(DecayCurve)
    }

    /// What drives this curve.
    public let kind: Kind

    /// Wraps a kind whose parts the caller has validated.
    init(kind: Kind) {
        self.kind = kind
    }

    // MARK: - Easing curves

    /// SwiftUI's default easing duration, in seconds.
    static let defaultDuration = 0.35

    /// Linear over 0.35 s.
    public static let linear = Curve(kind: .easing(.linear, duration: defaultDuration))
    /// CSS/SwiftUI ease-in, `cubic-bezier(0.42, 0, 1, 1)`, over 0.35 s.
    public static let easeIn = Curve(kind: .easing(.easeIn, duration: defaultDuration))
    /// CSS/SwiftUI ease-out, `cubic-bezier(0, 0, 0.58, 1)`, over 0.35 s.
    public static let easeOut = Curve(kind: .easing(.easeOut, duration: defaultDuration))
    /// CSS/SwiftUI ease-in-out, `cubic-bezier(0.42, 0, 0.58, 1)`, over 0.35 s.
    public static let easeInOut = Curve(kind: .easing(.easeInOut, duration: defaultDuration))

    /// Linear over `duration` seconds.
    ///
    /// - Throws: ``CurveError/invalidDuration(_:)`` unless duration is finite and > 0.
    public static func linear(duration: Double) throws(CurveError) -> Curve {
        try easing(.linear, duration: duration)
    }

    /// Ease-in, `cubic-bezier(0.42, 0, 1, 1)`, over `duration` seconds.
    ///
    /// - Throws: ``CurveError/invalidDuration(_:)`` unless duration is finite and > 0.
    public static func easeIn(duration: Double) throws(CurveError) -> Curve {
        try easing(.easeIn, duration: duration)
    }

    /// Ease-out, `cubic-bezier(0, 0, 0.58, 1)`, over `duration` seconds.
    ///
    /// - Throws: ``CurveError/invalidDuration(_:)`` unless duration is finite and > 0.
    public static func easeOut(duration: Double) throws(CurveError) -> Curve {
        try easing(.easeOut, duration: duration)
    }

    /// Ease-in-out, `cubic-bezier(0.42, 0, 0.58, 1)`, over `duration` seconds.
    ///
    /// - Throws: ``CurveError/invalidDuration(_:)`` unless duration is finite and > 0.
    public static func easeInOut(duration: Double) throws(CurveError) -> Curve {
        try easing(.easeInOut, duration: duration)
    }

    /// A CSS `cubic-bezier(x1, y1, x2, y2)` over `duration` seconds (default 0.35).
    ///
    /// - Throws: ``CurveError/controlPointOutOfRange(name:value:)`` for a bad control
    ///   point (x1, x2 outside [0, 1] or anything non-finite);
    ///   ``CurveError/invalidDuration(_:)`` unless duration is finite and > 0.
    public static func timingCurve(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, duration: Double = 0.35
    ) throws(CurveError) -> Curve {
        try easing(Easing.cubicBezier(x1, y1, x2, y2), duration: duration)
    }

    /// Any easing over `duration` seconds.
    ///
    /// - Throws: ``CurveError/invalidDuration(_:)`` unless duration is finite and > 0.
    public static func easing(_ easing: Easing, duration: Double) throws(CurveError) -> Curve {
        guard duration.isFinite, duration > 0 else { throw .invalidDuration(duration) }
        return Curve(kind: .easing(easing, duration: duration))
    }

    // MARK: - Spring curves

    /// SwiftUI's default spring: response 0.5 s, dampingFraction 0.825, no initial velocity.
    public static let spring = Curve(kind: .spring(Spring(), initialVelocity: 0))

    /// A spring from SwiftUI's response (seconds) and damping fraction.
    ///
    /// - Parameters:
    ///   - response: Seconds, finite and > 0; defaults to 0.5.
    ///   - dampingFraction: ζ, finite and ≥ 0; defaults to 0.825.
    ///   - initialVelocity: Value units (the 0 → 1 span) per second, finite; defaults to 0.
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming the bad parameter.
    public static func spring(
        response: Double = 0.5, dampingFraction: Double = 0.825, initialVelocity: Double = 0
    ) throws(CurveError) -> Curve {
        try spring(Spring(response: response, dampingFraction: dampingFraction), initialVelocity: initialVelocity)
    }

    /// A spring from SwiftUI's perceptual duration (seconds) and bounce.
    ///
    /// - Parameters:
    ///   - duration: Seconds, finite and > 0.
    ///   - bounce: In (−1, 1); defaults to 0 (critically damped).
    ///   - initialVelocity: Value units (the 0 → 1 span) per second, finite; defaults to 0.
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming the bad parameter.
    public static func spring(
        duration: Double, bounce: Double = 0, initialVelocity: Double = 0
    ) throws(CurveError) -> Curve {
        try spring(Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity)
    }

    /// A spring from physical coefficients.
    ///
    /// - Parameters:
    ///   - mass: m, finite and > 0; defaults to 1.
    ///   - stiffness: k, finite and > 0.
    ///   - damping: c, finite and ≥ 0.
    ///   - initialVelocity: Value units (the 0 → 1 span) per second, finite; defaults to 0.
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming the bad parameter.
    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) throws(CurveError) -> Curve {
        try spring(Spring(mass: mass, stiffness: stiffness, damping: damping), initialVelocity: initialVelocity)
    }

    /// A curve driven by an existing spring.
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - initialVelocity: Value units (the 0 → 1 span) per second, finite; defaults to 0.
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming
    ///   `initialVelocity` when it is not finite.
    public static func spring(_ spring: Spring, initialVelocity: Double = 0) throws(CurveError) -> Curve {
        guard initialVelocity.isFinite else {
            throw .invalidParameter(name: "initialVelocity", value: initialVelocity)
        }
        return Curve(kind: .spring(spring, initialVelocity: initialVelocity))
    }

    /// SwiftUI's `smooth` spring: duration 0.5 s, bounce 0.
    public static let smooth = Curve(kind: .spring(.smooth, initialVelocity: 0))
    /// SwiftUI's `snappy` spring: duration 0.5 s, bounce 0.15.
    public static let snappy = Curve(kind: .spring(.snappy, initialVelocity: 0))
    /// SwiftUI's `bouncy` spring: duration 0.5 s, bounce 0.3.
    public static let bouncy = Curve(kind: .spring(.bouncy, initialVelocity: 0))

    /// A `smooth` spring (base bounce 0) with its duration and extra bounce changed.
    ///
    /// - Throws: As ``Spring/smooth(duration:extraBounce:)``.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws(CurveError) -> Curve {
        Curve(kind: .spring(try Spring.smooth(duration: duration, extraBounce: extraBounce), initialVelocity: 0))
    }

    /// A `snappy` spring (base bounce 0.15) with its duration and extra bounce changed.
    ///
    /// - Throws: As ``Spring/snappy(duration:extraBounce:)``.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws(CurveError) -> Curve {
        Curve(kind: .spring(try Spring.snappy(duration: duration, extraBounce: extraBounce), initialVelocity: 0))
    }

    /// A `bouncy` spring (base bounce 0.3) with its duration and extra bounce changed.
    ///
    /// - Throws: As ``Spring/bouncy(duration:extraBounce:)``.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws(CurveError) -> Curve {
        Curve(kind: .spring(try Spring.bouncy(duration: duration, extraBounce: extraBounce), initialVelocity: 0))
    }

    /// SwiftUI's `interactiveSpring()`: response 0.15 s, dampingFraction 0.86.
    public static func interactiveSpring() -> Curve {
        Curve(kind: .spring(.interactive, initialVelocity: 0))
    }

    /// SwiftUI's `interactiveSpring(duration:extraBounce:)`: the interactive spring
    /// (bounce 0.14) with its duration and extra bounce changed.
    ///
    /// - Throws: As ``Spring/interactive(duration:extraBounce:)``.
    public static func interactiveSpring(duration: Double, extraBounce: Double = 0) throws(CurveError) -> Curve {
        Curve(kind: .spring(try Spring.interactive(duration: duration, extraBounce: extraBounce), initialVelocity: 0))
    }

    /// SwiftUI's `interpolatingSpring(duration:bounce:initialVelocity:)` and, with its
    /// defaults, `interpolatingSpring` (duration 0.5 s, bounce 0). A curve has no
    /// blending to differ in, so it is ``spring(duration:bounce:initialVelocity:)``.
    ///
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` naming the bad parameter.
    public static func interpolatingSpring(
        duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    ) throws(CurveError) -> Curve {
        try spring(duration: duration, bounce: bounce, initialVelocity: initialVelocity)
    }

    // MARK: - Decay curves

    /// UIScrollView's normal deceleration (0.998 per millisecond, k ≈ 2.002/s) as a
    /// curve: settles (within 0.1%) in about 3.45 s.
    public static let decay = Curve(kind: .decay(.normal))

    /// UIScrollView's fast deceleration (0.99 per millisecond, k ≈ 10.05/s) as a curve:
    /// settles (within 0.1%) in about 0.69 s.
    public static let fastDecay = Curve(kind: .decay(.fast))

    /// A curve driven by an existing decay (``DecayCurve/normal``, ``DecayCurve/fast`` or
    /// your own): 0 → 1 as 1 − e^(−kt), ``duration`` ln(1000)/k.
    public static func decay(_ decay: DecayCurve) -> Curve {
        Curve(kind: .decay(decay))
    }

    /// A decay with friction rate `k` per second (the velocity falls by a factor e every
    /// 1/k s): 0 → 1 as 1 − e^(−kt).
    ///
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` named
    ///   `"frictionRate"` unless k is finite and > 0.
    public static func decay(frictionRate k: Double) throws(CurveError) -> Curve {
        Curve(kind: .decay(try DecayCurve(frictionRate: k)))
    }

    /// A decay from a deceleration rate per millisecond, as UIScrollView's
    /// `decelerationRate` (0.998 normal, 0.99 fast): k = −1000·ln(rate).
    ///
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` named
    ///   `"decelerationRate"` unless 0 < rate < 1.
    public static func decay(decelerationRatePerMillisecond rate: Double) throws(CurveError) -> Curve {
        Curve(kind: .decay(try DecayCurve(decelerationRatePerMillisecond: rate)))
    }

    // MARK: - Reshaping (shared by timelines and lists)

    /// The initial velocity in value units (the 0 → 1 span) per second: a spring's own,
    /// a decay's friction rate, 0 for an easing (it starts from rest by definition).
    var initialVelocity: Double {
        switch kind {
        case .easing: 0
        case .spring(_, let velocity): velocity
        case .decay(let decay): decay.frictionRate
        }
    }

    /// The curve made to occupy `duration` seconds: an easing is stretched over it; a
    /// spring keeps its own time (its physics fix when it settles). A duration of 0 or
    /// the easing's own leaves the curve as it is (a jump needs no curve).
    ///
    /// - Throws: ``CurveError/invalidDuration(_:)`` for an infinite duration (callers
    ///   check durations first; NaN is theirs to reject too).
    func stretched(to duration: Double) throws(CurveError) -> Curve {
        guard case .easing(let easing, let own) = kind, duration > 0, duration != own else { return self }
        return try .easing(easing, duration: duration)
    }

    /// The curve played `scale` times faster (scale finite and > 0): an easing over
    /// duration / scale; a spring with ω₀ · scale (stiffness · scale², damping · scale,
    /// the same damping fraction) and initial velocity · scale; a decay with its friction
    /// rate · scale; so that its value at t equals the original's at t · scale.
    ///
    /// - Throws: ``CurveError`` when the faster curve does not fit a Double (a huge scale
    ///   overflows the stiffness, a tiny one underflows the duration to 0).
    func spedUp(by scale: Double) throws(CurveError) -> Curve {
        if scale == 1 { return self }
        switch kind {
        case .easing(let easing, let duration):
            return try .easing(easing, duration: duration / scale)
        case .spring(let spring, let velocity):
            let faster = try Spring(
                mass: spring.mass, stiffness: spring.stiffness * scale * scale,
                damping: spring.damping * scale)
            return try .spring(faster, initialVelocity: velocity * scale)
        case .decay(let decay):
            return try .decay(frictionRate: decay.frictionRate * scale)
        }
    }

    // MARK: - Evaluation

    /// How long the curve runs, in seconds: the easing's duration, the spring's
    /// ``Spring/settlingDuration(target:initialVelocity:epsilon:)`` for target 1, its
    /// initial velocity and ε = 0.001 (+∞ for an undamped spring), or the decay's
    /// ``DecayCurve/settlingDuration(epsilon:)`` for the same ε: ln(1000)/k, after which
    /// the value stays within 0.001 of 1.
    public var duration: Double {
        switch kind {
        case .easing(_, let duration):
            return duration
        case .spring(let spring, let initialVelocity):
            // A Curve's velocity was checked finite when it was built.
            return spring.validatedSettlingDuration(
                target: 1, initialVelocity: initialVelocity, epsilon: 0.001)
        case .decay(let decay):
            return decay.validatedSettlingDuration(epsilon: 0.001)
        }
    }

    /// The value at `time` seconds after the start, nominally moving from 0 to 1.
    ///
    /// Easings: progress = time/duration clamped to [0, 1], then the easing; before the
    /// start (time < 0) every curve is 0, also one that jumps at its start (`steps` with
    /// jump-start or jump-both, a `linear()` whose first output is not 0, which show
    /// their first value from time 0 on, as CSS's before phase gives for steps); 1 after
    /// the end. Springs: ``Spring/value(target:initialVelocity:time:)``
    /// toward 1, with negative times clamped to 0. Decays: 1 − e^(−kt), negative times
    /// clamped to 0.
    ///
    /// - Throws: ``CurveError/nonFiniteInput(_:)`` for a NaN or infinite time.
    public func value(at time: Double) throws(CurveError) -> Double {
        guard time.isFinite else { throw .nonFiniteInput(time) }
        switch kind {
        case .easing(let easing, let duration):
            // An item holds its start until it starts, whatever its curve does at 0.
            guard time >= 0 else { return 0 }
            return try easing.value(at: Self.progress(time, duration))
        case .spring(let spring, let initialVelocity):
            return try spring.value(target: 1, initialVelocity: initialVelocity, time: time)
        case .decay(let decay):
            return decay.motion(distance: 1, time: time).value
        }
    }

    /// The rate of change of ``value(at:)`` at `time` seconds, in value units per second.
    ///
    /// Springs: the analytic velocity. Decays: k·e^(−kt) (k at and before the start,
    /// where the value is about to move). Easings: slope/duration strictly inside
    /// (0, duration) and 0 elsewhere, where the value is held (and at the two ends, where
    /// the held side and the moving side disagree).
    ///
    /// - Throws: ``CurveError/nonFiniteInput(_:)`` for a NaN or infinite time.
    public func velocity(at time: Double) throws(CurveError) -> Double {
        guard time.isFinite else { throw .nonFiniteInput(time) }
        switch kind {
        case .easing(let easing, let duration):
            guard time > 0, time < duration else { return 0 }
            return easing.slope(at: Self.progress(time, duration)) / duration
        case .spring(let spring, let initialVelocity):
            return try spring.velocity(target: 1, initialVelocity: initialVelocity, time: time)
        case .decay(let decay):
            return decay.motion(distance: 1, time: time).velocity
        }
    }

    /// time/duration clamped to [0, 1]; an overflowing quotient clamps to 1.
    private static func progress(_ time: Double, _ duration: Double) -> Double {
        Swift.min(Swift.max(time / duration, 0), 1)
    }

    /// A form the CLI parses back: the easing's description (the duration is not part of
    /// it); a preset's name (`snappy`, `interactiveSpring`, `fastDecay`, ...); else
    /// `spring(mass: m, stiffness: k, damping: c, initialVelocity: v)` or
    /// `decay(frictionRate: k)`.
    public var description: String {
        switch kind {
        case .easing(let easing, _):
            return easing.description
        case .spring(let spring, let initialVelocity):
            // A preset by its name, as a person writes it (and as it parses back).
            let presets: [(Spring, String)] = [
                (Spring(), "spring"), (.smooth, "smooth"), (.snappy, "snappy"), (.bouncy, "bouncy"),
                (.interactive, "interactiveSpring")
            ]
            if initialVelocity == 0, let name = presets.first(where: { $0.0 == spring })?.1 { return name }
            return "spring(mass: \(spring.mass), stiffness: \(spring.stiffness), "
                + "damping: \(spring.damping), initialVelocity: \(initialVelocity))"
        case .decay(let decay):
            if decay == .normal { return "decay" }
            if decay == .fast { return "fastDecay" }
            return "decay(frictionRate: \(decay.frictionRate))"
        }
    }
}

import RealModule

/// A fling that slows down by friction: velocity decays exponentially, v(t) = v₀·e^(−kt),
/// so the value travels x(t) = v₀·(1 − e^(−kt))/k and comes to rest at exactly v₀/k,
/// known the moment the finger lifts (where a flung list will stop, so it can be
/// snapped to a row before it gets there).
///
/// Parameterised by the friction rate k per second. UIScrollView and pop describe the
/// same motion by a deceleration rate d per millisecond (the velocity is multiplied by
/// d every millisecond: 0.998 normal, 0.99 fast): k = −1000·ln d.
///
/// As a ``Curve`` (``Curve/decay(_:)``) it is normalised like a spring: it moves 0 → 1
/// as 1 − e^(−kt), so a lane moving from `from` to `to` starts at velocity
/// k·(to − from); a fling of velocity v₀ from `from` is the lane toward
/// ``target(from:initialVelocity:)``, from + v₀/k. Evaluated here in Double; through the
/// SIMD kernel by ``evaluate(initialVelocity:times:into:velocities:backend:)`` and
/// wherever a ``Curve`` is sampled.
public struct DecayCurve: Sendable, Hashable {
    /// The friction rate k, per second (> 0): the velocity falls by a factor e every 1/k s.
    public let frictionRate: Double

    /// A decay with friction rate `k` per second.
    ///
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` named
    ///   `"frictionRate"` unless k is finite and > 0.
    public init(frictionRate k: Double) throws(CurveError) {
        guard k.isFinite, k > 0 else { throw .invalidParameter(name: "frictionRate", value: k) }
        frictionRate = k
    }

    /// A decay from a deceleration rate per millisecond, as UIScrollView's
    /// `decelerationRate` and pop's `deceleration`: k = −1000·ln(rate).
    ///
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` named
    ///   `"decelerationRate"` unless 0 < rate < 1.
    public init(decelerationRatePerMillisecond rate: Double) throws(CurveError) {
        guard rate.isFinite, rate > 0, rate < 1 else {
            throw .invalidParameter(name: "decelerationRate", value: rate)
        }
        frictionRate = -1000 * Double.log(rate)
    }

    /// UIScrollView's normal deceleration: 0.998 per millisecond (k ≈ 2.002/s).
    public static let normal = DecayCurve(unchecked: -1000 * Double.log(0.998))
    /// UIScrollView's fast deceleration: 0.99 per millisecond (k ≈ 10.05/s).
    public static let fast = DecayCurve(unchecked: -1000 * Double.log(0.99))

    private init(unchecked k: Double) { frictionRate = k }

    /// The deceleration rate per millisecond, e^(−k/1000), for comparison with UIKit.
    public var decelerationRatePerMillisecond: Double { Double.exp(-frictionRate / 1000) }

    /// Distance travelled after `time` seconds from an initial velocity `v0` (value units
    /// per second): v₀·(1 − e^(−kt))/k. Negative times are clamped to 0.
    ///
    /// - Throws: ``CurveError/nonFiniteInput(_:)`` for a NaN or infinite time,
    ///   ``CurveError/nonFiniteValue(name:value:)`` (`initial velocity`) for such a velocity;
    ///   ``CurveError/resultOverflow(name:value:)`` (the velocity) when the distance
    ///   overflows Double (a huge velocity against a tiny friction rate).
    public func value(initialVelocity v0: Double, time: Double) throws(CurveError) -> Double {
        try check(v0, time)
        let t = Swift.max(time, 0)
        // 1 − e^(−kt) from expm1: exact for small kt, where the plain difference cancels.
        return try finite(-v0 * Double.expMinusOne(-frictionRate * t) / frictionRate, "value", v0)
    }

    /// Velocity after `time` seconds, v₀·e^(−kt), value units per second.
    ///
    /// - Throws: as ``value(initialVelocity:time:)``.
    public func velocity(initialVelocity v0: Double, time: Double) throws(CurveError) -> Double {
        try check(v0, time)
        return v0 * Double.exp(-frictionRate * Swift.max(time, 0))
    }

    /// Seconds after which the motion stays within `epsilon` (relative) of its resting
    /// point, for any launch: the remaining distance is e^(−kt) of the whole, so this is
    /// ln(1/ε)/k (0 for ε ≥ 1). The same definition as ``Spring/settlingDuration(target:initialVelocity:epsilon:)``:
    /// |value − target| ≤ ε·|target| from then on, exactly at the crossing here (the
    /// remaining distance only shrinks). ``Curve/duration`` of a decay is this with
    /// ε = 0.001: ln(1000)/k ≈ 6.91/k s (3.45 s for ``normal``, 0.69 s for ``fast``).
    ///
    /// - Throws: ``CurveError/invalidParameter(name:value:)`` named `epsilon`
    ///   unless ε is finite and > 0 (the rule a spring's tolerance follows).
    public func settlingDuration(epsilon: Double = 0.001) throws(CurveError) -> Double {
        guard epsilon.isFinite, epsilon > 0 else { throw .invalidParameter(name: "epsilon", value: epsilon) }
        return validatedSettlingDuration(epsilon: epsilon)
    }

    /// ``settlingDuration(epsilon:)`` for a tolerance already checked.
    func validatedSettlingDuration(epsilon: Double) -> Double {
        Swift.max(0, -Double.log(epsilon) / frictionRate)
    }

    /// A move of `distance` normalised like a spring's: value −distance·(e^(−kt) − 1),
    /// velocity distance·k·e^(−kt), at `time` seconds (negative times count as 0). No
    /// checks: callers pass finite values.
    func motion(distance: Double, time: Double) -> (value: Double, velocity: Double) {
        let t = Swift.max(time, 0)
        // 1 − e^(−kt) from expm1: exact for small kt, where the plain difference cancels.
        return (
            -distance * Double.expMinusOne(-frictionRate * t), distance * frictionRate * Double.exp(-frictionRate * t)
        )
    }

    /// Where a fling launched from `value` at `v0` (value units per second) comes to
    /// rest: value + v₀/k. A lane running ``Curve/decay(_:)`` from `value` to this target
    /// starts at exactly v₀ (its initial velocity is k times its span).
    ///
    /// - Throws: ``CurveError/nonFiniteValue(name:value:)`` (`value` or
    ///   `initial velocity`) for a NaN or infinite value or velocity; ``CurveError/resultOverflow(name:value:)`` (the velocity) when the
    ///   target overflows Double.
    public func target(from value: Double, initialVelocity v0: Double) throws(CurveError) -> Double {
        guard value.isFinite else { throw .nonFiniteValue(name: "value", value: value) }
        return try finite(value + restingDistance(initialVelocity: v0), "target", v0)
    }

    /// Where the motion comes to rest, relative to its start: v₀/k.
    ///
    /// - Throws: ``CurveError/nonFiniteValue(name:value:)`` (`initial velocity`) for a NaN
    ///   or infinite velocity;
    ///   ``CurveError/resultOverflow(name:value:)`` (the velocity) when v₀/k overflows
    ///   Double (a tiny or subnormal friction rate).
    public func restingDistance(initialVelocity v0: Double) throws(CurveError) -> Double {
        guard v0.isFinite else { throw .nonFiniteValue(name: "initial velocity", value: v0) }
        return try finite(v0 / frictionRate, "restingDistance", v0)
    }

    /// The initial velocity that comes to rest exactly `distance` away: k·distance (how
    /// to snap a fling to a page: project, pick the page, then fling toward it).
    ///
    /// - Throws: ``CurveError/nonFiniteValue(name:value:)`` (`distance`) for a NaN or
    ///   infinite distance;
    ///   ``CurveError/resultOverflow(name:value:)`` (the distance) when k·distance
    ///   overflows Double.
    public func initialVelocity(toTravel distance: Double) throws(CurveError) -> Double {
        guard distance.isFinite else { throw .nonFiniteValue(name: "distance", value: distance) }
        return try finite(distance * frictionRate, "initialVelocity", distance)
    }

    /// Seconds until the remaining distance |v₀|·e^(−kt)/k falls to `tolerance`
    /// (value units, default 0.5: half a point): ln(|v₀|/(k·tolerance))/k, 0 when it is
    /// already within.
    ///
    /// - Throws: ``CurveError/nonFiniteValue(name:value:)`` (`initial velocity`) for a
    ///   non-finite velocity;
    ///   ``CurveError/invalidParameter(name:value:)`` (`tolerance`) for a tolerance that
    ///   is not finite and > 0;
    ///   ``CurveError/resultOverflow(name:value:)`` (the velocity) when the distance or
    ///   the duration overflows Double.
    public func duration(initialVelocity v0: Double, tolerance: Double = 0.5) throws(CurveError) -> Double {
        guard v0.isFinite else { throw .nonFiniteValue(name: "initial velocity", value: v0) }
        guard tolerance.isFinite, tolerance > 0 else { throw .invalidParameter(name: "tolerance", value: tolerance) }
        let remaining = try finite(Swift.abs(v0) / frictionRate, "restingDistance", v0)
        guard remaining > tolerance else { return 0 }
        // remaining / tolerance may overflow for a tiny tolerance: subtract the logs.
        return try finite((Double.log(remaining) - Double.log(tolerance)) / frictionRate, "duration", v0)
    }

    /// `value` when finite; otherwise the overflow of `name`, computed from `input`.
    func finite(_ value: Double, _ name: String, _ input: Double) throws(CurveError) -> Double {
        guard value.isFinite else { throw .resultOverflow(name: name, value: input) }
        return value
    }

    private func check(_ v0: Double, _ time: Double) throws(CurveError) {
        guard v0.isFinite else { throw .nonFiniteValue(name: "initial velocity", value: v0) }
        guard time.isFinite else { throw .nonFiniteInput(time) }
    }
}

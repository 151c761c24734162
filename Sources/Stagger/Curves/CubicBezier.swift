import RealModule

/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function (CSS Easing Level 2).
///
/// The curve runs from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2). Because
/// x1 and x2 lie in [0, 1], x(t) never decreases, so every progress maps to one value.
/// y1 and y2 are free: values outside [0, 1] overshoot.
public struct CubicBezier: Sendable, Hashable {
    /// Horizontal coordinate of the first control point, in [0, 1].
    public let x1: Double
    /// Vertical coordinate of the first control point; any finite value.
    public let y1: Double
    /// Horizontal coordinate of the second control point, in [0, 1].
    public let x2: Double
    /// Vertical coordinate of the second control point; any finite value.
    public let y2: Double

    /// Creates a cubic-bezier timing function from its two control points.
    ///
    /// - Throws: ``CurveError/controlPointOutOfRange(name:value:)`` naming the first bad
    ///   coordinate when x1 or x2 lies outside [0, 1] or any coordinate is not finite.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(CurveError) {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
            throw .controlPointOutOfRange(name: name, value: value)
        }
        if !(0...1).contains(x1) { throw .controlPointOutOfRange(name: "x1", value: x1) }
        if !(0...1).contains(x2) { throw .controlPointOutOfRange(name: "x2", value: x2) }
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The output value at an input progress.
    ///
    /// Solves x(t) = progress for the curve parameter t in Double (bisection bracket with
    /// safeguarded Newton steps) and returns y(t); the result is within about 1e-14 of the
    /// exact curve, times the local ``slope(at:)`` where that exceeds 1. Progress 0 and 1
    /// give exactly 0 and 1. Outside [0, 1] the curve continues along its end tangents as
    /// CSS specifies. NaN gives NaN; ±infinity gives an infinite or constant value.
    public func value(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        // A flat tangent stays flat even at ±infinity, where the product would be 0·∞ = NaN.
        if progress <= 0 {
            let slope = startTangentSlope
            return progress == 0 || slope == 0 ? 0 : progress * slope
        }
        if progress >= 1 {
            let slope = endTangentSlope
            return progress == 1 || slope == 0 ? 1 : 1 + (progress - 1) * slope
        }
        // Control points on the diagonal make y(t) = x(t): the identity, exactly.
        if x1 == y1 && x2 == y2 { return progress }
        return y(solve(progress))
    }

    /// The derivative dy/dx of the curve at an input progress (output units per unit of progress).
    ///
    /// Where dx/dt vanishes the slope is the limit of the derivative ratio; where that limit
    /// is infinite (dx/dt = 0 but dy/dt ≠ 0) it returns ±``CubicBezier/steepSlope``, a large finite
    /// number, so that tolerances scaled by it stay finite. Outside [0, 1] it is the
    /// tangent slope the extension uses. NaN gives NaN.
    public func slope(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        if progress < 0 { return startTangentSlope }
        if progress > 1 { return endTangentSlope }
        if x1 == y1 && x2 == y2 { return 1 }
        let t = progress == 0 ? 0 : (progress == 1 ? 1 : solve(progress))
        // L'Hôpital: where dx/dt vanishes, compare the first derivative orders that do not.
        let xs = [dx(t), ddx(t), dddx]
        let ys = [dy(t), ddy(t), dddy]
        for (xd, yd) in zip(xs, ys) {
            if xd != 0 {
                let ratio = yd / xd
                return Swift.min(Swift.max(ratio, -Self.steepSlope), Self.steepSlope)
            }
            if yd != 0 {
                return yd > 0 ? Self.steepSlope : -Self.steepSlope
            }
        }
        return 0
    }

    /// The magnitude ``slope(at:)`` reports for a vertical tangent: about 1.3e154, large
    /// enough to mean "unbounded" yet small enough to square or scale without overflowing.
    public static let steepSlope: Double = Double.greatestFiniteMagnitude.squareRoot()

    // MARK: - Parametric form

    // Power-basis coefficients: x(t) = ((ax·t + bx)·t + cx)·t, the same for y.
    // Horner's form costs fewer roundings than the Bernstein form.
    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    /// x(t) for the curve parameter t.
    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y(t) for the curve parameter t.
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    /// dx/dt.
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    /// dy/dt.
    func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }
    /// d²x/dt².
    func ddx(_ t: Double) -> Double { 6 * ax * t + 2 * bx }
    /// d²y/dt².
    func ddy(_ t: Double) -> Double { 6 * ay * t + 2 * by }
    /// d³x/dt³ (constant).
    var dddx: Double { 6 * ax }
    /// d³y/dt³ (constant).
    var dddy: Double { 6 * ay }

    /// The parameter t in [0, 1] with x(t) = progress, for progress in (0, 1).
    ///
    /// Newton converges quadratically where dx/dt is healthy; the bracket catches the steps
    /// that a flat x(t) (dx/dt near 0 at an end, or mid-curve when x1 = 1 and x2 = 0)
    /// would throw out of range, and falls back to halving there.
    func solve(_ progress: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        var t = progress
        // Enough halvings to reach the smallest subnormal, so even absurdly small inputs converge.
        for _ in 0..<1_100 {
            let error = x(t) - progress
            if error == 0 { return t }
            if error < 0 { lo = t } else { hi = t }
            let derivative = dx(t)
            var next = derivative > 0 ? t - error / derivative : .nan
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            // Stop once the step no longer moves t by more than rounding can resolve.
            if Swift.abs(next - t) <= 2 * t.ulp || hi - lo <= 2 * hi.ulp { return next }
            t = next
        }
        return t
    }

    /// Slope of the straight extension for progress < 0: towards P1, or P2 if P1 sits on P0.
    private var startTangentSlope: Double {
        if x1 > 0 { return y1 / x1 }
        if x2 > 0 { return y2 / x2 }
        return 0
    }

    /// Slope of the straight extension for progress > 1: from P2, or P1 if P2 sits on P3.
    private var endTangentSlope: Double {
        if x2 < 1 { return (y2 - 1) / (x2 - 1) }
        if x1 < 1 { return (y1 - 1) / (x1 - 1) }
        return 0
    }
}

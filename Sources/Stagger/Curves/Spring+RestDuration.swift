extension Spring {
    /// The moment the spring comes to rest for good: the last time |value − target|
    /// equals ε·|target| (ε when the target is 0); it stays within from then on.
    ///
    /// ``settlingDuration(target:initialVelocity:epsilon:)`` is a guarantee from bounds
    /// (for an under-damped spring at least SwiftUI's conservative figure, which is what
    /// SwiftUI waits for); this is the exact crossing, never later: for stiffness 170 and
    /// damping 15 (mass 1), 0.9475 s where the settling duration is 1.206 s. Found from the
    /// error's extrema (where the velocity is 0, π/ω_d apart when it oscillates), the last
    /// one outside the tolerance bisected to its crossing to the last double.
    ///
    /// - Parameters: as ``settlingDuration(target:initialVelocity:epsilon:)``.
    /// - Returns: seconds, 0 when the spring starts within the tolerance and stays there;
    ///   +∞ for an undamped spring that has somewhere to go.
    /// - Throws: as ``settlingDuration(target:initialVelocity:epsilon:)``.
    public func restDuration(target: Double = 1, initialVelocity: Double = 0, epsilon: Double = 0.001)
        throws(CurveError)
        -> Double
    {
        let bound = try settlingDuration(target: target, initialVelocity: initialVelocity, epsilon: epsilon)
        guard bound.isFinite, bound > 0 else { return bound }
        let tolerance = target == 0 ? epsilon : epsilon * Swift.abs(target)
        func outside(_ t: Double) -> Bool {
            Swift.abs(motion(delta: target, initialVelocity: initialVelocity, time: t).value - target) > tolerance
        }
        func velocity(_ t: Double) -> Double {
            motion(delta: target, initialVelocity: initialVelocity, time: t).velocity
        }
        // The last time in [lo, hi] where `holds` is true, for a predicate true at lo and
        // false at hi with one change between (bisection to the last double).
        func lastTrue(_ holds: (Double) -> Bool, from lo: Double, to hi: Double) -> Double {
            var (lo, hi) = (lo, hi)
            while true {
                let mid = lo + (hi - lo) / 2
                if mid <= lo || mid >= hi { return hi }
                if holds(mid) { lo = mid } else { hi = mid }
            }
        }
        // The error's extrema in [0, bound): t = 0 and the velocity's zeros after it.
        var extrema = [0.0]
        let s = dampedFrequencySquared
        let v0 = velocity(0)
        if s > 0 {
            // v(t + π/ω_d) = −e^(−λπ/ω_d) v(t): the zeros are π/ω_d apart, one in (0, π/ω_d]
            // unless v(0) = 0.
            let half = Double.pi / s.squareRoot()
            var zero = 0.0
            if v0 != 0 { zero = lastTrue({ (velocity($0) > 0) == (v0 > 0) }, from: 0, to: half) }
            var k = zero == 0 ? 1.0 : 0.0
            while zero + k * half < bound {
                extrema.append(zero + k * half)
                k += 1
            }
        } else {
            // Critically or over-damped: the velocity changes sign at most once.
            let start = v0 != 0 ? 0 : Swift.min(bound, 1e-9)
            let first = velocity(start)
            if first != 0, (velocity(bound) > 0) != (first > 0) {
                extrema.append(lastTrue({ (velocity($0) > 0) == (first > 0) }, from: start, to: bound))
            }
        }
        // Between an extremum and the next, |error| falls to 0 then rises to at most the
        // next extremum's, so the last extremum outside the tolerance holds the crossing.
        for (i, t) in extrema.enumerated().reversed() where outside(t) {
            let next = i + 1 < extrema.count ? extrema[i + 1] : bound
            return lastTrue(outside, from: t, to: next)
        }
        return 0
    }
}

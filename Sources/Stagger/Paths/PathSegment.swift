import RealModule

/// One drawn piece of a motion path, with the table that turns a length travelled along
/// it into its curve parameter.
///
/// Lines, cubic Bézier curves (quadratic ones are raised to cubic, which draws the same
/// curve) and elliptical arcs, each a function of a parameter t in 0…1. The arc length
/// of a curve has no closed form, so it is integrated: the segment is split, half by
/// half, until Gauss–Legendre quadrature of its speed on each piece agrees with the sum
/// over the piece's two halves to within 1e-13 of the segment's control-polygon length.
/// The pieces' ends and the lengths up to them are the table; a length inside a piece
/// is turned into t by Newton's method on the same quadrature, kept inside the piece.
struct PathSegment: Sendable, Hashable {
    enum Shape: Sendable, Hashable {
        case line(SIMD2<Double>, SIMD2<Double>)
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        case arc(EllipticalArc)
    }

    let shape: Shape
    /// The curve parameters that split the segment into pieces, 0 first and 1 last.
    let breaks: [Double]
    /// The length from the segment's start to each break: 0 first, ``length`` last.
    let lengths: [Double]

    /// The segment's length, in the path data's units.
    var length: Double { lengths[lengths.count - 1] }

    init(_ shape: Shape) {
        self.shape = shape
        switch shape {
        case .line(let a, let b):
            breaks = [0, 1]
            lengths = [0, Self.distance(a, b)]
        case .cubic(let p0, let p1, let p2, let p3):
            let scale = Self.distance(p0, p1) + Self.distance(p1, p2) + Self.distance(p2, p3)
            (breaks, lengths) = Self.table(scale: scale) { Self.length(of: Self.cubicDerivative(p0, p1, p2, p3, $0)) }
        case .arc(let arc):
            (breaks, lengths) = Self.table(scale: arc.scale) { arc.speed(at: $0) }
        }
    }

    // MARK: - Points and directions

    /// The point at parameter `t` (0…1).
    func point(at t: Double) -> SIMD2<Double> {
        switch shape {
        case .line(let a, let b):
            return a + (b - a) * t
        case .cubic(let p0, let p1, let p2, let p3):
            let s = 1 - t
            return p0 * (s * s * s) + p1 * (3 * s * s * t) + p2 * (3 * s * t * t) + p3 * (t * t * t)
        case .arc(let arc):
            return arc.point(at: t)
        }
    }

    /// A vector pointing the way the segment runs at parameter `t`: its derivative, or,
    /// where that vanishes (a cubic whose control point sits on its end), the direction
    /// it leaves in: toward the next control point that differs at t = 0, from the last
    /// that differs at t = 1, its second derivative in between. Zero only for a segment
    /// of no length.
    func direction(at t: Double) -> SIMD2<Double> {
        switch shape {
        case .line(let a, let b):
            return b - a
        case .cubic(let p0, let p1, let p2, let p3):
            let d = Self.cubicDerivative(p0, p1, p2, p3, t)
            if d != .zero { return d }
            if t <= 0 { return [p1 - p0, p2 - p0, p3 - p0].first { $0 != .zero } ?? .zero }
            if t >= 1 { return [p3 - p2, p3 - p1, p3 - p0].first { $0 != .zero } ?? .zero }
            return (p2 - p1 * 2 + p0) * (1 - t) + (p3 - p2 * 2 + p1) * t
        case .arc(let arc):
            return arc.derivative(at: t)
        }
    }

    // MARK: - Length to parameter

    /// The parameter at which the length travelled from the segment's start is `s`
    /// (clamped to 0…``length``).
    func parameter(atLength s: Double) -> Double {
        let total = length
        guard total > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= total { return 1 }
        if case .line = shape { return s / total }
        // The piece holding s: the last break whose length is at most s.
        var low = 0, high = lengths.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if lengths[middle] <= s { low = middle } else { high = middle }
        }
        let a = breaks[low], b = breaks[high]
        let goal = s - lengths[low]
        let pieceLength = lengths[high] - lengths[low]
        guard pieceLength > 0 else { return a }
        // Newton's method on F(t) = ∫ₐᵗ speed − goal, from the linear guess, kept in a
        // bracket that shrinks with every step (a step that leaves it bisects instead).
        var lower = a, upper = b
        var t = a + (b - a) * (goal / pieceLength)
        for _ in 0..<60 {
            let excess = integral(from: a, to: t) - goal
            if excess > 0 { upper = t } else { lower = t }
            let speed = self.speed(at: t)
            var next = speed > 0 ? t - excess / speed : .nan
            if !(next > lower && next < upper) { next = (lower + upper) / 2 }
            // Converged: a step of a few ulps of 1 (t is in 0...1). Newton from one side
            // leaves the other end of the bracket where it was, and its last steps can
            // flip between two neighbouring doubles: the step's size decides, not the
            // bracket's or an exact repeat.
            if abs(next - t) <= 4 * Double.ulpOfOne || upper - lower <= 4 * Double.ulpOfOne { return next }
            t = next
        }
        return t
    }

    /// The speed |dP/dt| at parameter `t`.
    func speed(at t: Double) -> Double {
        switch shape {
        case .line(let a, let b): Self.distance(a, b)
        case .cubic(let p0, let p1, let p2, let p3): Self.length(of: Self.cubicDerivative(p0, p1, p2, p3, t))
        case .arc(let arc): arc.speed(at: t)
        }
    }

    /// The length from parameter `a` to `b` inside one piece of the table (where the
    /// quadrature is as accurate as on the whole piece).
    private func integral(from a: Double, to b: Double) -> Double {
        GaussLegendre.integrate(from: a, to: b) { speed(at: $0) }
    }

    // MARK: - Building the table

    /// Breaks and cumulative lengths for a speed over 0…1, split until each piece's
    /// quadrature agrees with its halves' to 1e-13 of `scale` (or 2⁻²⁴ of the parameter
    /// range, where a cusp makes the speed a kink that quadrature converges to slowly).
    private static func table(
        scale: Double, speed: (Double) -> Double
    ) -> (breaks: [Double], lengths: [Double]) {
        var breaks = [0.0], lengths = [0.0]
        let tolerance = 1e-13 * scale
        func split(_ a: Double, _ b: Double, whole: Double, depth: Int) {
            let middle = (a + b) / 2
            let left = GaussLegendre.integrate(from: a, to: middle, speed)
            let right = GaussLegendre.integrate(from: middle, to: b, speed)
            if depth >= 24 || abs(left + right - whole) <= tolerance {
                breaks.append(middle)
                lengths.append(lengths[lengths.count - 1] + left)
                breaks.append(b)
                lengths.append(lengths[lengths.count - 1] + right)
                return
            }
            split(a, middle, whole: left, depth: depth + 1)
            split(middle, b, whole: right, depth: depth + 1)
        }
        split(0, 1, whole: GaussLegendre.integrate(from: 0, to: 1, speed), depth: 0)
        return (breaks, lengths)
    }

    static func cubicDerivative(
        _ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, _ t: Double
    ) -> SIMD2<Double> {
        let s = 1 - t
        return ((p1 - p0) * (s * s) + (p2 - p1) * (2 * s * t) + (p3 - p2) * (t * t)) * 3
    }

    static func length(of v: SIMD2<Double>) -> Double { norm(v.x, v.y) }

    /// √(a² + b²): by the square root where the squares neither overflow nor underflow
    /// to 0 (the quadratures' speeds, evaluated tens of times a point), else `hypot`.
    static func norm(_ a: Double, _ b: Double) -> Double {
        let root = (a * a + b * b).squareRoot()
        if root.isFinite, root >= 0x1p-500 || (a == 0 && b == 0) { return root }
        return Double.hypot(a, b)
    }

    /// The straight distance from `a` to `b` (`hypot`: a line's length, once per line).
    static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { Double.hypot(b.x - a.x, b.y - a.y) }
}

/// Gauss–Legendre quadrature with ten nodes: exact for polynomials up to degree 19, the
/// arc-length integrals' rule. The nodes are the roots of the Legendre polynomial P₁₀,
/// found once by Newton's method from Chebyshev's estimates, and the weights are
/// 2 / ((1 − x²) P₁₀′(x)²) (Abramowitz and Stegun 25.4.29): computed here, not copied
/// from a table.
enum GaussLegendre {
    static let order = 10
    static let rule: [(node: Double, weight: Double)] = {
        let n = order
        var rule: [(Double, Double)] = []
        for i in 1...n {
            var x = Double.cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                // P_n(x) and P_n'(x) by the three-term recurrence.
                var p0 = 1.0, p1 = x
                for k in 2...n {
                    let p2 = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)
                    (p0, p1) = (p1, p2)
                }
                derivative = Double(n) * (x * p1 - p0) / (x * x - 1)
                let step = p1 / derivative
                x -= step
                if abs(step) <= 1e-17 { break }
            }
            rule.append((x, 2 / ((1 - x * x) * derivative * derivative)))
        }
        return rule
    }()

    /// ∫ₐᵇ f.
    static func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let half = (b - a) / 2, middle = (a + b) / 2
        var sum = 0.0
        for (node, weight) in rule { sum += weight * f(middle + half * node) }
        return sum * half
    }
}

/// A motion path as the kernel reads it: rows in order of distance, each holding x, y
/// and the direction of travel as cubics in the row's local coordinate, and buckets
/// that take a distance to a row near it (see `ci_path` in cinterp.h).
///
/// Each segment is split, half by half, until the cubics through its points at 0, 1/3,
/// 2/3 and 1 of a piece agree with the Double reference at 1/6, 1/2 and 5/6 of it to
/// within 1e-7 of the path's length (positions) and 1e-4 degrees (angles), or the piece
/// is 2⁻¹⁶ of its segment (where a cusp turns the direction round at a point, which no
/// cubic follows). Rows start at segment boundaries, so corners stay sharp. A straight
/// segment is one row; a circle's quarter, a handful.
struct PathTable: Sendable {
    /// ``rowWidth`` floats per row: start, 1 / length, then x, y and angle, four
    /// coefficients each.
    private(set) var rows: [Float] = []
    private(set) var buckets: [UInt32] = []
    private(set) var bucketScale: Float = 0
    /// A coordinate or coefficient float32 cannot hold (the first found), if any: the
    /// kernel cannot sample this path then, the reference still can.
    private(set) var beyondFloat32: Double?

    static let rowWidth = 14
    static let positionTolerance = 1e-7
    static let angleTolerance = 1e-4
    static let deepestSplit = 16

    /// The table of the segments that have length, starting at `starts` along a path of
    /// `length` (> 0); empty for a path of no length.
    init(segments: [PathSegment], starts: [Double], length: Double) {
        guard length > 0 else { return }
        var rowStarts: [Double] = []
        let tolerance = Self.positionTolerance * length
        for (segment, start) in zip(segments, starts) where segment.length > 0 {
            if case .line(let a, let b) = segment.shape {
                // Exact as it is: a straight line at one heading.
                let angle = MotionPath.degrees(b - a)
                append(
                    start: start, length: segment.length, x: [a.x, b.x - a.x, 0, 0], y: [a.y, b.y - a.y, 0, 0],
                    angle: [angle, 0, 0, 0])
                rowStarts.append(start)
                continue
            }
            fit(
                segment, from: 0, to: segment.length, start: start, tolerance: tolerance, depth: 0,
                rowStarts: &rowStarts)
        }
        // About two buckets a row, each naming the row that holds its first distance.
        let count = Swift.min(Swift.max(2 * rowStarts.count, 1), 1 << 22)
        buckets = [UInt32](repeating: 0, count: count)
        var row = 0
        for b in 0..<count {
            let distance = Double(b) * length / Double(count)
            while row + 1 < rowStarts.count, rowStarts[row + 1] <= distance { row += 1 }
            buckets[b] = UInt32(row)
        }
        bucketScale = Float(Double(count) / length)
    }

    /// The reference's point on `segment` at `s` along it: x, y and the angle in degrees.
    private static func sample(_ segment: PathSegment, at s: Double) -> SIMD3<Double> {
        let t = segment.parameter(atLength: s)
        let p = segment.point(at: t)
        return SIMD3(p.x, p.y, MotionPath.degrees(segment.direction(at: t)))
    }

    /// Rows for the piece of `segment` from `a` to `b` along it, split until they fit.
    /// `known` holds the reference at 0, 1/3, 2/3 and 1 of the piece when the caller
    /// has it: a half's four points are its parent's at 0, 1/6, 1/3, 1/2 (or 1/2, 2/3,
    /// 5/6, 1), so a split costs three new samples, not seven.
    private mutating func fit(
        _ segment: PathSegment, from a: Double, to b: Double, start: Double, tolerance: Double, depth: Int,
        known: [SIMD3<Double>]? = nil, rowStarts: inout [Double]
    ) {
        let raw = known ?? (0...3).map { Self.sample(segment, at: a + (b - a) * Double($0) / 3) }
        var v = raw
        // The angles made continuous from the first (a turn of more than 180° between
        // neighbours is taken the short way round).
        for j in 1...3 {
            while v[j].z - v[j - 1].z > 180 { v[j].z -= 360 }
            while v[j].z - v[j - 1].z < -180 { v[j].z += 360 }
        }
        // The cubic through four values at u = 0, 1/3, 2/3, 1, from its forward
        // differences: with w = 3u, v0 + Δ1 w + Δ2 w(w − 1)/2 + Δ3 w(w − 1)(w − 2)/6.
        let d1 = v[1] - v[0], d2 = v[2] - 2 * v[1] + v[0], d3 = v[3] - 3 * v[2] + 3 * v[1] - v[0]
        let c1 = 3 * (d1 - d2 / 2 + d3 / 3), c2 = 9 * (d2 - d3) / 2, c3 = 4.5 * d3
        func value(_ u: Double) -> SIMD3<Double> { v[0] + u * (c1 + u * (c2 + u * c3)) }
        if depth < Self.deepestSplit {
            // The reference between the fitted points, at 1/6, 1/2 and 5/6.
            let checks = [1.0 / 6, 0.5, 5.0 / 6].map { Self.sample(segment, at: a + (b - a) * $0) }
            var fits = true
            for (u, exact) in zip([1.0 / 6, 0.5, 5.0 / 6], checks) {
                let fitted = value(u)
                var turn = (fitted.z - exact.z).truncatingRemainder(dividingBy: 360)
                if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
                if !(abs(fitted.x - exact.x) <= tolerance && abs(fitted.y - exact.y) <= tolerance
                    && abs(turn) <= Self.angleTolerance)
                {
                    fits = false
                }
            }
            if !fits {
                let middle = (a + b) / 2
                fit(
                    segment, from: a, to: middle, start: start, tolerance: tolerance, depth: depth + 1,
                    known: [raw[0], checks[0], raw[1], checks[1]], rowStarts: &rowStarts)
                fit(
                    segment, from: middle, to: b, start: start, tolerance: tolerance, depth: depth + 1,
                    known: [checks[1], raw[2], checks[2], raw[3]], rowStarts: &rowStarts)
                return
            }
        }
        append(
            start: start + a, length: b - a, x: [v[0].x, c1.x, c2.x, c3.x], y: [v[0].y, c1.y, c2.y, c3.y],
            angle: [v[0].z, c1.z, c2.z, c3.z])
        rowStarts.append(start + a)
    }

    private mutating func append(start: Double, length: Double, x: [Double], y: [Double], angle: [Double]) {
        func narrowed(_ value: Double) -> Float {
            let float = Float(value)
            if !float.isFinite, beyondFloat32 == nil { beyondFloat32 = value }
            return float
        }
        rows.append(narrowed(start))
        // A piece too short for float32's reciprocal is a point: u stays 0 on it.
        let inverse = Float(1 / length)
        rows.append(inverse.isFinite ? inverse : 0)
        for c in x + y + angle { rows.append(narrowed(c)) }
    }

    var rowCount: Int { rows.count / Self.rowWidth }
}

import RealModule

/// A path that items travel along at constant speed, read from SVG path data: what
/// GSAP's MotionPath, anime.js's `createMotionPath` and CSS `offset-path` move elements
/// along.
///
/// Positions are found by arc length, so a progress is the fraction of the length
/// travelled: an easing driving the progress paces the motion, whatever the spacing of
/// the path's control points. The angle at each point is the direction of travel
/// (CSS `offset-rotate: auto`).
///
/// ```swift
/// let path = try MotionPath("M0 0 L300 0 L300 400")
/// path.length                                // 700
/// let p = try path.point(atProgress: 0.5)    // x 300, y 50, angle 90 (heading down)
/// ```
///
/// Distances beyond the ends follow CSS Motion Path's rule ("Calculating the computed
/// distance along a path"): a path whose last subpath is closed (ends with `Z`) wraps
/// around, so that a progress of 1.25 is a quarter of the way round again; any other
/// path holds its ends, so that an easing that overshoots (back, elastic, a bouncy
/// spring) rests at the end for the overshoot. A path of no length stands at its first
/// point, heading 0. A moveto inside the path is a jump that takes no length.
///
/// Accuracy: lines and circular arcs exactly (to rounding); cubic and quadratic curves
/// and elliptical arcs by adaptive Gauss–Legendre quadrature, each piece split until it
/// agrees with its halves to 1e-13 of the segment's size (an estimate, not a bound: the
/// tests hold a parabola's length to 1e-11 of its closed form, other curves to chord
/// sums of 2¹⁸ to 2²⁰ chords). Reading costs O(segments), each curved one its
/// arc-length table and the kernel's fit: 0.4 to 1.6 ms for the curves of the
/// benchmarks on a Sapphire Rapids VM, microseconds for lines; read a path once.
/// ``point(atDistance:)`` is O(log segments) plus a few quadratures, 1 to 3 µs on a
/// curve; for many items a frame, ``points(atProgress:into:backend:)`` runs the SIMD
/// kernel instead. Paths are equal when their path data is, as text.
public struct MotionPath: Sendable, Hashable, CustomStringConvertible {
    /// The SVG path data the path was read from, as given.
    public let pathData: String
    /// The path's length, in the path data's units: the sum of its segments' arc
    /// lengths (movetos take none).
    public let length: Double
    /// Whether the path's last subpath ends with `Z`: then distances wrap around.
    public let isClosed: Bool

    private let segments: [PathSegment]
    /// The distance from the path's start to each segment's start.
    private let starts: [Double]
    let firstPoint: SIMD2<Double>
    /// The kernel's table (empty for a path of no length).
    let table: PathTable

    /// Most segments a path holds: 2²⁰ (a segment is drawn by one command's argument
    /// set; its arc-length table is kept with it).
    public static let maximumSegmentCount = 1 << 20

    /// Reads SVG path data (`M`, `L`, `H`, `V`, `C`, `S`, `Q`, `T`, `A`, `Z`, absolute
    /// and relative, as SVG 2's grammar for path data allows them).
    ///
    /// - Throws: ``MotionPathError/empty``, ``MotionPathError/missingMoveTo(found:offset:)``,
    ///   ``MotionPathError/unexpectedCharacter(_:offset:)``,
    ///   ``MotionPathError/missingNumber(command:offset:)``,
    ///   ``MotionPathError/invalidArcFlag(found:offset:)``,
    ///   ``MotionPathError/numberOutOfRange(_:offset:)``,
    ///   ``MotionPathError/nonFiniteGeometry(command:offset:)`` (coordinates or a length
    ///   beyond Double's range), ``MotionPathError/tooManySegments(count:maximum:)``.
    /// - Complexity: O(n) in the path data's length.
    public init(_ pathData: String) throws(MotionPathError) {
        var reader = PathDataReader(pathData)
        try reader.read()
        var starts: [Double] = []
        starts.reserveCapacity(reader.segments.count)
        var total = 0.0
        for (segment, command, offset) in reader.segments {
            starts.append(total)
            total += segment.length
            guard total.isFinite else { throw .nonFiniteGeometry(command: command, offset: offset) }
        }
        self.pathData = pathData
        segments = reader.segments.map(\.segment)
        self.starts = starts
        length = total
        isClosed = reader.endsClosed
        firstPoint = reader.firstPoint
        table = PathTable(segments: segments, starts: starts, length: total)
    }

    /// The point `progress` of the way along the path (0 its start, 1 its end): at the
    /// distance `progress` × ``length``, by the rule for distances beyond the ends
    /// (see the type's discussion).
    ///
    /// - Throws: ``MotionPathError/nonFiniteInput(_:)`` for a NaN or infinite progress.
    public func point(atProgress progress: Double) throws(MotionPathError) -> MotionPathPoint {
        guard progress.isFinite else { throw .nonFiniteInput(progress) }
        // Wrapped in progress, not distance: a huge progress times the length may
        // overflow where its fraction does not.
        var wrapped = isClosed ? progress - progress.rounded(.down) : Swift.min(Swift.max(progress, 0), 1)
        // Just below a whole number the fraction rounds up to 1: that is the start again.
        if isClosed, wrapped >= 1 { wrapped = 0 }
        return point(resolvedDistance: wrapped * length)
    }

    /// The point `distance` along the path from its start (path units; wrapped round a
    /// closed path, held at the ends of an open one).
    ///
    /// - Throws: ``MotionPathError/nonFiniteInput(_:)`` for a NaN or infinite distance.
    /// - Complexity: O(log segments).
    public func point(atDistance distance: Double) throws(MotionPathError) -> MotionPathPoint {
        guard distance.isFinite else { throw .nonFiniteInput(distance) }
        guard length > 0 else { return point(resolvedDistance: 0) }
        if isClosed {
            var wrapped = distance.truncatingRemainder(dividingBy: length)
            if wrapped < 0 { wrapped += length }
            return point(resolvedDistance: wrapped < length ? wrapped : 0)
        }
        return point(resolvedDistance: Swift.min(Swift.max(distance, 0), length))
    }

    /// The point at a distance already in 0…``length``. At a distance where one
    /// segment ends and another starts, the one that starts (its direction is where
    /// the item heads next), except at the path's very end.
    private func point(resolvedDistance d: Double) -> MotionPathPoint {
        guard length > 0 else { return MotionPathPoint(x: firstPoint.x, y: firstPoint.y, angle: 0) }
        // The last segment with length that starts at or before d.
        var low = 0, high = segments.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= d { low = middle } else { high = middle }
        }
        var k = low
        while k > 0, segments[k].length == 0 || starts[k] > d { k -= 1 }
        while segments[k].length == 0 { k += 1 }
        // From the path's end backwards: the last segment with length, at its end.
        if d >= length {
            k = segments.count - 1
            while segments[k].length == 0 { k -= 1 }
        }
        let segment = segments[k]
        // At the end, the last segment's end exactly (d − start may round below its length).
        let t = d >= length ? 1 : segment.parameter(atLength: d - starts[k])
        let position = segment.point(at: t)
        let direction = segment.direction(at: t)
        return MotionPathPoint(x: position.x, y: position.y, angle: Self.degrees(direction))
    }

    /// The direction of `v` in degrees, in (−180, 180] (−0 and −180 folded in).
    static func degrees(_ v: SIMD2<Double>) -> Double {
        var angle = Double.atan2(y: v.y, x: v.x) * 180 / .pi
        if angle <= -180 { angle = 180 }
        return angle == 0 ? 0 : angle
    }

    /// `MotionPath("M0 0 L300 0 L300 400"), length 700`: the path data and the length
    /// (to four significant digits).
    public var description: String {
        "MotionPath(\"\(pathData)\"), length \(length.readable)\(isClosed ? ", closed" : "")"
    }

    /// Paths are equal when their path data is (everything else follows from it).
    public static func == (lhs: MotionPath, rhs: MotionPath) -> Bool { lhs.pathData == rhs.pathData }

    /// Hashes the path data.
    public func hash(into hasher: inout Hasher) { hasher.combine(pathData) }
}

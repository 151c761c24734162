/// A CSS `linear()` easing (CSS Easing Level 2): straight segments through points, the
/// form in which a web team receives any curve, springs included.
///
/// Build it from CSS stops (``init(stops:)``, or ``Curve/init(parsing:duration:)`` with
/// the CSS text `linear(0, 0.25 75%, 1)`), which the specification's rules turn into
/// points, or from points directly (``init(points:)``):
///
/// ```swift
/// let slowStart = try Easing.linear([.init(0), .init(0.25, at: 0.75), .init(1)])
/// try slowStart.value(at: 0.5)   // 0.1667: a quarter of the way in three quarters of the time
/// ```
///
/// As an ``Easing`` it clamps progress to [0, 1] like every easing; ``value(at:)`` of this
/// type follows the specification for any input, extending the end segments.
public struct PiecewiseLinear: Sendable, Hashable, CustomStringConvertible {
    /// One point of the curve: at progress `input` the value is `output`.
    public struct Point: Sendable, Hashable {
        /// Progress, a fraction (CSS's `75%` is 0.75); finite.
        public var input: Double
        /// The value there; finite, any sign (outside [0, 1] the curve overshoots).
        public var output: Double

        /// A point at progress `input` with value `output`.
        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// One CSS stop: an output with no, one or two input positions.
    public struct Stop: Sendable, Hashable {
        /// The value at the stop.
        public var output: Double
        /// Its input positions as fractions (CSS's `25% 75%` is [0.25, 0.75]): none (placed
        /// evenly between its neighbours), one, or two (two points with the same output).
        public var inputs: [Double]

        /// A stop of value `output` at the given positions (fractions of the progress).
        public init(_ output: Double, at inputs: Double...) {
            self.output = output
            self.inputs = inputs
        }
    }

    /// Most points a curve holds (the kernel reads them in order for every vector). The
    /// kernel's own limit, restated here because curves sit below the kernel
    /// (KernelInputTests holds the two equal).
    public static let maximumPointCount = 1024

    /// The points, in the specification's canonical form: every input set, inputs never
    /// decreasing.
    public let points: [Point]

    /// The points in float32, interleaved (input, output), for the kernel.
    let kernelPoints: KernelPoints

    /// A curve through `points` as they are (the canonical form ``points`` gives back).
    ///
    /// - Throws: ``CurveError/linearPointCount(_:)`` for fewer than 2 or more than
    ///   ``maximumPointCount`` points; ``CurveError/nonFiniteLinearPoint(index:value:)``
    ///   for an input or output that is NaN or infinite;
    ///   ``CurveError/decreasingLinearInput(index:input:previous:)`` for an input below
    ///   the one before it.
    public init(points: [Point]) throws(CurveError) {
        guard (2...Self.maximumPointCount).contains(points.count) else { throw .linearPointCount(points.count) }
        for (index, point) in points.enumerated() {
            for value in [point.input, point.output] where !value.isFinite {
                throw .nonFiniteLinearPoint(index: index, value: value)
            }
            if index > 0, point.input < points[index - 1].input {
                throw .decreasingLinearInput(index: index, input: point.input, previous: points[index - 1].input)
            }
        }
        self.points = points
        kernelPoints = KernelPoints(points)
    }

    /// A curve from CSS stops, canonicalised as the specification's "create a linear
    /// easing function" does: a first stop without a position is at 0, a last one at 1
    /// (or the largest position before it); a position below the largest one before it
    /// is raised to it; runs of stops without positions are spread evenly between their
    /// neighbours.
    ///
    /// - Throws: ``CurveError/linearPointCount(_:)`` for fewer than 2 stops or more than
    ///   ``maximumPointCount`` points; ``CurveError/linearStopPositions(index:count:)`` for
    ///   a stop with more than two positions;
    ///   ``CurveError/nonFiniteLinearPoint(index:value:)`` (the index of the stop) for an
    ///   output or position that is NaN or infinite.
    public init(stops: [Stop]) throws(CurveError) {
        guard stops.count >= 2 else { throw .linearPointCount(stops.count) }
        var inputs: [Double?] = []
        var outputs: [Double] = []
        var largest = -Double.infinity
        for (index, stop) in stops.enumerated() {
            guard stop.inputs.count <= 2 else { throw .linearStopPositions(index: index, count: stop.inputs.count) }
            for value in [stop.output] + stop.inputs where !value.isFinite {
                throw .nonFiniteLinearPoint(index: index, value: value)
            }
            if stop.inputs.isEmpty {
                let input: Double? = index == 0 ? 0 : index == stops.count - 1 ? Swift.max(1, largest) : nil
                if let input { largest = Swift.max(largest, input) }
                inputs.append(input)
                outputs.append(stop.output)
            }
            for position in stop.inputs {
                largest = Swift.max(position, largest)
                inputs.append(largest)
                outputs.append(stop.output)
            }
        }
        guard outputs.count <= Self.maximumPointCount else { throw .linearPointCount(outputs.count) }
        // Runs without an input, evenly between the inputs around them (the first and last
        // points always have one).
        var k = 0
        while k < inputs.count {
            guard inputs[k] == nil else { k += 1; continue }
            var end = k
            while inputs[end] == nil { end += 1 }
            let before = inputs[k - 1]!, after = inputs[end]!
            let gaps = Double(end - k + 1)
            for j in k..<end { inputs[j] = before + (after - before) * Double(j - k + 1) / gaps }
            k = end
        }
        try self.init(points: zip(inputs, outputs).map { Point(input: $0!, output: $1) })
    }

    /// The value at `progress`, by the specification's output algorithm: on the segment
    /// from the last point whose input is at most `progress` (the first segment before
    /// the first point, the last one at or past the last point), extended beyond the
    /// ends; a segment whose two inputs are equal gives its second output. Exact to a
    /// few ulps (one subtraction, division, multiplication and addition). NaN gives NaN.
    public func value(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        let (a, b) = segment(at: progress)
        guard a.input != b.input else { return b.output }
        return a.output + (progress - a.input) / (b.input - a.input) * (b.output - a.output)
    }

    /// The slope d value / d progress at `progress`: that of the segment ``value(at:)``
    /// uses (0 on a segment whose inputs are equal). NaN gives NaN.
    public func slope(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        let (a, b) = segment(at: progress)
        guard a.input != b.input else { return 0 }
        return (b.output - a.output) / (b.input - a.input)
    }

    /// The two points of the segment that covers `progress`.
    private func segment(at progress: Double) -> (Point, Point) {
        // The last point whose input is at most `progress`, by bisection (inputs never
        // decrease), kept below the last index so that a next point exists.
        var low = 0, high = points.count - 1
        while low + 1 < high {
            let middle = (low + high) / 2
            if points[middle].input <= progress { low = middle } else { high = middle }
        }
        return (points[low], points[low + 1])
    }

    /// The CSS text, as the specification serialises it: every point with its input as
    /// a percentage, `linear(0 0%, 0.25 50%, 1 100%)`; it parses back to an equal curve.
    public var description: String {
        "linear(" + points.map { "\(Self.number($0.output)) \(Self.percentage($0.input))%" }.joined(separator: ", ")
            + ")"
    }

    /// `value`'s shortest text, without the `.0` of a whole number (CSS writes `1`).
    private static func number(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `fraction` as a percentage whose text reads back (as `text` × 10⁻²) to exactly
    /// `fraction`: the decimal point of its shortest form moved two places.
    static func percentage(_ fraction: Double) -> String {
        let text = fraction.description
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...])
        {
            return "\(text[..<e])e\(exponent + 2)"
        }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts[0]
        var fractional = parts.count > 1 ? String(parts[1]) : ""
        while fractional.count < 2 { fractional += "0" }
        var integer = String(whole + fractional.prefix(2))
        var rest = String(fractional.dropFirst(2))
        while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
        while rest.hasSuffix("0") { rest.removeLast() }
        return (negative ? "-" : "") + integer + (rest.isEmpty ? "" : "." + rest)
    }

    /// Two curves are equal when their points are.
    public static func == (lhs: PiecewiseLinear, rhs: PiecewiseLinear) -> Bool { lhs.points == rhs.points }

    /// Hashes the points.
    public func hash(into hasher: inout Hasher) { hasher.combine(points) }
}

/// A curve's points in float32, interleaved (input, output), in memory the kernel reads
/// for the length of a call: the descriptor points into it, so it lives as long as the
/// ``PiecewiseLinear`` that owns it (every kernel call site holds that value across the
/// call). Written once in `init`, read-only after, hence safe to share.
final class KernelPoints: @unchecked Sendable {
    let base: UnsafeMutablePointer<Float>
    let count: Int

    init(_ points: [PiecewiseLinear.Point]) {
        count = points.count
        base = .allocate(capacity: 2 * points.count)
        for (k, point) in points.enumerated() {
            base[2 * k] = Float(point.input)
            base[2 * k + 1] = Float(point.output)
        }
    }

    deinit { base.deallocate() }
}

import RealModule

extension Curve {
    /// Progress values the approximation is built on (and held to `maximumError` at):
    /// every 0.01 %, so that each input prints as a short percentage.
    static let approximationSampleCount = 10_000

    /// The curve as a CSS `linear()` easing and the seconds it runs over, within
    /// `maximumError` of the curve: how a design system hands the same spring to a web
    /// team (`transition: transform 0.88s linear(...)`).
    ///
    /// A move of 0 → 1 over time t maps to progress t / duration, where duration is an
    /// easing's own, and for a spring or decay its settling duration at half of
    /// `maximumError`: from then on it stays within that of 1, so the easing can end
    /// exactly at (1, 1). The other points are on the curve at inputs that are whole
    /// hundredths of a percent, their outputs rounded to the decimals that keep within
    /// 1 % of `maximumError` (5 for 0.001), so the CSS text stays short. Each segment
    /// reaches as far as it can while every one of those 10,001 progress values stays
    /// within 0.9 `maximumError` (the rest is room for the rounding and for the curve
    /// between them), so no point can be dropped without leaving that bound. `steps()`
    /// come out exact (two points at each jump), a `linear()` as it is.
    ///
    /// ```swift
    /// let (easing, duration) = try Curve.snappy.linearApproximation()
    /// // "transition: transform \(duration)s \(easing)"
    /// ```
    ///
    /// - Parameter maximumError: The largest distance allowed between the easing and
    ///   the curve, as a fraction of the move; finite and > 0 (default 0.001).
    /// - Throws: ``CurveError/invalidMaximumError(_:)`` for a maximum error that is not
    ///   finite and > 0; ``CurveError/linearPointCount(_:)`` (the count it would take)
    ///   when the bound needs more than ``PiecewiseLinear/maximumPointCount`` points;
    ///   ``CurveError/invalidParameter(name:value:)`` for a spring without damping
    ///   (it never settles).
    public func linearApproximation(maximumError: Double = 0.001) throws(CurveError)
        -> (easing: PiecewiseLinear, duration: Double)
    {
        guard maximumError.isFinite, maximumError > 0 else { throw .invalidMaximumError(maximumError) }
        let duration: Double
        let value: (Double) -> Double
        var corners: [Double] = []
        switch kind {
        case .easing(let easing, let easingDuration):
            switch easing.kind {
            case .piecewiseLinear(let curve): return (curve, easingDuration)
            case .steps(let count, let position): return (try Self.exactSteps(count, position), easingDuration)
            default: break
            }
            duration = easingDuration
            value = { (try? easing.value(at: $0)) ?? 0 }
            corners = Self.corners(of: easing)
        case .spring(let spring, let initialVelocity):
            duration = spring.validatedSettlingDuration(
                target: 1, initialVelocity: initialVelocity, epsilon: maximumError / 2)
            guard duration.isFinite else { throw .invalidParameter(name: "damping", value: spring.damping) }
            value = {
                $0 >= 1 ? 1 : spring.motion(delta: 1, initialVelocity: initialVelocity, time: $0 * duration).value
            }
        case .decay(let decay):
            duration = decay.validatedSettlingDuration(epsilon: maximumError / 2)
            value = { $0 >= 1 ? 1 : decay.motion(distance: 1, time: $0 * duration).value }
        }
        // A corner between two samples would leave the chords across it up to half a
        // sample's width times the change of slope (3e-4 for easeOutBounce): corners
        // are samples too.
        let n = Self.approximationSampleCount
        let inputs = Set((0...n).map { Double($0) / Double(n) } + corners).sorted()
        let samples = inputs.map(value)
        let vertices = Self.vertices(at: inputs, through: samples, within: 0.9 * maximumError)
        guard vertices.count <= PiecewiseLinear.maximumPointCount else { throw .linearPointCount(vertices.count) }
        // The fewest decimals whose rounding (half a unit of the last) is within 1 %.
        let decimals = Swift.max(0, Int((-Double.log10(0.02 * maximumError)).rounded(.up)))
        let unit = Double.pow(10, Double(decimals))
        let points = vertices.map {
            PiecewiseLinear.Point(input: inputs[$0], output: (samples[$0] * unit).rounded() / unit)
        }
        return (try PiecewiseLinear(points: points), duration)
    }

    /// Where an easing's slope jumps: Penner's bounce, whose parabolas meet at
    /// 1/2.75, 2/2.75 and 2.5/2.75 of its out form (mirrored and halved for in and
    /// in-out).
    private static func corners(of easing: Easing) -> [Double] {
        guard case .penner(.bounce, let direction) = easing.kind else { return [] }
        let out = [1, 2, 2.5].map { $0 / Penner.bounceD }
        switch direction {
        case .out: return out
        case .in: return out.map { 1 - $0 }
        case .inOut: return out.map { (1 - $0) / 2 } + out.map { (1 + $0) / 2 }
        }
    }

    /// The sample indices a polyline through (`inputs`, `samples`) (first and last
    /// included) keeps: from each kept sample the farthest one whose chord passes
    /// within `error` of every sample between. The chords that do form a cone of slopes
    /// that narrows with each sample, so the scan is linear.
    private static func vertices(at inputs: [Double], through samples: [Double], within error: Double) -> [Int] {
        var kept = [0]
        var start = 0
        while start < samples.count - 1 {
            var low = -Double.infinity, high = Double.infinity
            var reach = start + 1
            var j = start + 1
            while j < samples.count {
                let run = inputs[j] - inputs[start]
                let slope = (samples[j] - samples[start]) / run
                if slope >= low && slope <= high { reach = j }
                low = Swift.max(low, (samples[j] - error - samples[start]) / run)
                high = Swift.min(high, (samples[j] + error - samples[start]) / run)
                if low > high { break }
                j += 1
            }
            kept.append(reach)
            start = reach
        }
        return kept
    }

    /// `steps(count, position)` as `linear()` points: each level, and two points at one
    /// input at every jump (the later wins there, as at a step's edge). Level k, held
    /// from k/count, is clamp(k + offset, 0, jumps) / jumps as CSS defines it.
    private static func exactSteps(_ count: Int, _ position: StepPosition) throws(CurveError) -> PiecewiseLinear {
        let offset = position == .jumpStart || position == .jumpBoth ? 1 : 0
        let jumps: Int
        switch position {
        case .jumpStart, .jumpEnd: jumps = count
        case .jumpNone: jumps = count - 1
        case .jumpBoth: jumps = count + 1
        }
        func level(_ k: Int) -> Double { Double(Swift.min(Swift.max(k + offset, 0), jumps)) / Double(jumps) }
        guard 2 * count + 1 <= PiecewiseLinear.maximumPointCount else { throw .linearPointCount(2 * count + 1) }
        var points = [PiecewiseLinear.Point(input: 0, output: level(0))]
        for k in 1...count where level(k) != level(k - 1) {
            let edge = Double(k) / Double(count)
            points.append(PiecewiseLinear.Point(input: edge, output: level(k - 1)))
            points.append(PiecewiseLinear.Point(input: edge, output: level(k)))
        }
        if points.count == 1 { points.append(PiecewiseLinear.Point(input: 1, output: level(count))) }
        return try PiecewiseLinear(points: points)
    }
}

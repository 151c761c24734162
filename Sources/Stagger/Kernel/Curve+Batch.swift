internal import CInterp

extension Curve {
    /// Evaluates the curve at many times through the SIMD kernel, in float32.
    ///
    /// Easing curves map time / duration, clamped to [0, 1], through their easing (0
    /// before the start, as ``value(at:)``); springs take seconds (moving 0 → 1 with
    /// their initial velocity).
    ///
    /// - Throws: ``CurveError/bufferMismatch(expected:actual:)`` when the counts
    ///   differ (nothing written); ``CurveError/nonFiniteInput(_:)`` naming the first
    ///   NaN or infinite time; ``CurveError/invalidDuration(_:)`` when the duration
    ///   underflows float32; ``CurveError/exceedsFloat32Range(name:value:)`` when a curve
    ///   parameter does not fit float32; ``CurveError/unsupportedBackend(_:)``.
    ///
    /// Accuracy as ``Easing/evaluate(_:into:backend:)-(UnsafeBufferPointer<Float>,_,_)``
    /// and ``Spring/evaluate(target:initialVelocity:times:into:velocities:backend:)-(_,_,UnsafeBufferPointer<Float>,_,_,_)``.
    /// O(n), no allocation.
    public func evaluate(
        times: UnsafeBufferPointer<Float>,
        into values: UnsafeMutableBufferPointer<Float>,
        backend: Backend? = nil
    ) throws(CurveError) {
        try checkLengths(input: times.count, output: values.count)
        var (curve, duration) = try kernelDescriptor()
        try Curve.checkKernelDuration(duration)
        let status = ci_over_time(
            backend?.cValue ?? CI_BACKEND_AUTO, &curve, duration, times.baseAddress,
            values.baseAddress, times.count)
        try checkKernelStatus(status, backend: backend, input: times, invalidCurve: rangeError)
    }

    /// Evaluates the curve at many times into `values` (same count); see
    /// ``evaluate(times:into:backend:)``.
    public func evaluate(
        times: [Float], into values: inout [Float], backend: Backend? = nil
    ) throws(CurveError) {
        try times.withUnsafeBufferPointer { (input) throws(CurveError) in
            try values.withUnsafeMutableBufferPointer { (output) throws(CurveError) in
                try evaluate(times: input, into: output, backend: backend)
            }
        }
    }

    /// The staggered pass: item i starts at `baseDelay + i · delayIncrement` seconds and
    /// `values[i]` receives the curve's value at `time` for that item: as
    /// ``value(at:)`` at the item's elapsed time (the start value before it starts;
    /// easings hold 1 after their duration; springs keep settling).
    ///
    /// The delay is never stored: the kernel computes it from the index, with
    /// i · delayIncrement split exactly, so the rounding of an item's elapsed time stays
    /// relative to `time` minus the earliest delay (the last item's for a negative
    /// increment) and to the elapsed time, however long the list.
    ///
    /// - Parameters:
    ///   - time: seconds since the stagger began.
    ///   - baseDelay: delay of item 0, in seconds (may be negative).
    ///   - delayIncrement: extra delay per item, in seconds (may be negative).
    ///   - values: one value per item; at most ``StaggeredList/maximumCount`` (2²³)
    ///     items, the one limit of every staggered pass.
    ///   - backend: the instruction-set path, or `nil` for ``Backend/active``.
    /// - Throws: ``CurveError/nonFiniteInput(_:)`` when `time`, `baseDelay` or
    ///   `delayIncrement` is NaN or infinite; ``CurveError/exceedsFloat32Range(name:value:)``
    ///   when one of them does not fit float32; ``CurveError/tooManyItems(count:maximum:)``
    ///   for more than 2²³ items; ``CurveError/invalidDuration(_:)`` when the duration
    ///   underflows float32; ``CurveError/exceedsFloat32Range(name:value:)`` when a curve
    ///   parameter does not fit float32; ``CurveError/unsupportedBackend(_:)``.
    public func sampleStaggered(
        at time: Double,
        baseDelay: Double,
        delayIncrement: Double,
        into values: UnsafeMutableBufferPointer<Float>,
        backend: Backend? = nil
    ) throws(CurveError) {
        guard time.isFinite else { throw .nonFiniteInput(time) }
        guard baseDelay.isFinite else { throw .nonFiniteInput(baseDelay) }
        guard delayIncrement.isFinite else { throw .nonFiniteInput(delayIncrement) }
        try Curve.checkKernelSeconds(time)
        try Curve.checkKernelSeconds(baseDelay)
        try Curve.checkKernelSeconds(delayIncrement)
        try Curve.checkKernelSeconds(time - baseDelay)
        let limit = KernelLimits.staggeredItems
        if values.count > limit { throw .tooManyItems(count: values.count, maximum: limit) }
        // base + i · increment as a list's closed-form delays; a negative increment is
        // the same line seen from the last item, which keeps the stagger part (slope
        // times distance from the origin) non-negative, as a list's is.
        let last = Double(max(values.count - 1, 0))
        let falling = delayIncrement < 0
        var list = ci_list_delays()
        list.base_delay = falling ? baseDelay + last * delayIncrement : baseDelay
        list.slope = abs(delayIncrement)
        list.origin = falling ? last : 0
        list.max_delay = .infinity
        list.window_end = Double(limit)
        list.outside = Int32(CI_OUTSIDE_WINDOW_EDGE.rawValue)
        try runStagger(at: time, list: list, delays: nil, into: values, backend: backend)
    }

    /// The staggered pass with explicit delays: `values[i]` receives the curve's value
    /// at `time` for an item that starts at `delays[i]` seconds.
    ///
    /// - Throws: ``CurveError/bufferMismatch(expected:actual:)`` when the counts
    ///   differ (nothing written); ``CurveError/nonFiniteInput(_:)`` for a NaN or
    ///   infinite `time` (nothing written) or delay (named; other values written);
    ///   ``CurveError/invalidDuration(_:)``; ``CurveError/exceedsFloat32Range(name:value:)``
    ///   when `time` or a curve parameter does not fit float32;
    ///   ``CurveError/unsupportedBackend(_:)``.
    public func sampleStaggered(
        at time: Double,
        delays: UnsafeBufferPointer<Float>,
        into values: UnsafeMutableBufferPointer<Float>,
        backend: Backend? = nil
    ) throws(CurveError) {
        guard time.isFinite else { throw .nonFiniteInput(time) }
        try Curve.checkKernelSeconds(time)
        try checkLengths(input: delays.count, output: values.count)
        try runStagger(at: time, list: nil, delays: delays, into: values, backend: backend)
    }

    /// Array form of ``sampleStaggered(at:baseDelay:delayIncrement:into:backend:)``.
    public func sampleStaggered(
        at time: Double, baseDelay: Double, delayIncrement: Double,
        into values: inout [Float], backend: Backend? = nil
    ) throws(CurveError) {
        try values.withUnsafeMutableBufferPointer { (output) throws(CurveError) in
            try sampleStaggered(
                at: time, baseDelay: baseDelay, delayIncrement: delayIncrement,
                into: output, backend: backend)
        }
    }

    /// Array form of ``sampleStaggered(at:delays:into:backend:)``.
    public func sampleStaggered(
        at time: Double, delays: [Float], into values: inout [Float], backend: Backend? = nil
    ) throws(CurveError) {
        try delays.withUnsafeBufferPointer { (input) throws(CurveError) in
            try values.withUnsafeMutableBufferPointer { (output) throws(CurveError) in
                try sampleStaggered(at: time, delays: input, into: output, backend: backend)
            }
        }
    }

    /// The staggered pass through the one way into the kernel's sampling (``KernelPass``),
    /// its failures named as a curve's.
    private func runStagger(
        at time: Double, list: ci_list_delays?, delays: UnsafeBufferPointer<Float>?,
        into values: UnsafeMutableBufferPointer<Float>, backend: Backend?
    ) throws(CurveError) {
        try Curve.checkKernelDuration(try kernelDescriptor().duration)
        let pass: KernelPass
        do { pass = try KernelPass(curve: self, listDelays: list) } catch { throw CurveError(error) }
        do throws(KernelPass.Failure) {
            try pass.sample(
                at: time, start: 0, lanes: .uniform(from: 0, to: 1, delays: delays?.baseAddress), count: values.count,
                values: values.baseAddress, velocities: nil, backend: backend)
        } catch {
            // A delay the kernel found not finite is named; the rest as the pass says.
            if case .delays = error, let bad = delays?.first(where: { !$0.isFinite }) {
                throw .nonFiniteInput(Double(bad))
            }
            throw CurveError(error)
        }
    }

    /// Seconds the kernel holds in float32.
    private static func checkKernelSeconds(_ seconds: Double) throws(CurveError) {
        if !Float(seconds).isFinite { throw .exceedsFloat32Range(name: "time", value: seconds) }
    }

    /// The kernel divides in float32: a duration valid in Double may round to 0 or ∞.
    private static func checkKernelDuration(_ duration: Double) throws(CurveError) {
        let rounded = Float(duration)
        if !(rounded > 0) || !rounded.isFinite { throw .invalidDuration(duration) }
    }
}

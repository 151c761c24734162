internal import CInterp

extension Curve {
    /// Evaluates the curve at many times through the SIMD kernel, in float32.
    ///
    /// Easing curves map time / duration, clamped to [0, 1], through their easing;
    /// springs take seconds (moving 0 → 1 with their initial velocity).
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
        try runStagger(
            ci_stagger(time: time, duration: 0, base_delay: baseDelay, increment: delayIncrement),
            delays: nil, into: values, backend: backend)
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
        try runStagger(
            ci_stagger(time: time, duration: 0, base_delay: 0, increment: 0),
            delays: delays, into: values, backend: backend)
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

    private func runStagger(
        _ parameters: ci_stagger,
        delays: UnsafeBufferPointer<Float>?,
        into values: UnsafeMutableBufferPointer<Float>,
        backend: Backend?
    ) throws(CurveError) {
        var (curve, duration) = try kernelDescriptor()
        try Curve.checkKernelDuration(duration)
        var stagger = parameters
        stagger.duration = duration
        let status = ci_stagger_progress(
            backend?.cValue ?? CI_BACKEND_AUTO, &curve, &stagger, delays?.baseAddress,
            values.baseAddress, values.count)
        try checkKernelStatus(status, backend: backend, input: delays, invalidCurve: rangeError)
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

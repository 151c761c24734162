internal import CInterp

extension Easing {
    /// Eases every progress value through the SIMD kernel, in float32.
    ///
    /// - Parameters:
    ///   - progress: progress values; each is clamped to [0, 1] first.
    ///   - values: receives the eased values; same count as `progress`. It may be the
    ///     same memory as `progress` (in-place).
    ///   - backend: the instruction-set path, or `nil` for ``Backend/active``.
    /// - Throws: ``CurveError/bufferMismatch(expected:actual:)`` when the counts
    ///   differ (nothing written); ``CurveError/nonFiniteInput(_:)`` naming the first
    ///   NaN or infinite progress (the other values are written, that lane's is not
    ///   meaningful); ``CurveError/exceedsFloat32Range(name:value:)`` when a control
    ///   point overflows float32 arithmetic; ``CurveError/unsupportedBackend(_:)``.
    ///
    /// Accuracy: within 2e-6 of ``value(at:)`` at the same float32 input, plus
    /// |``slope(at:)``| · 2⁻²³ where the curve is steep. O(n), no allocation.
    public func evaluate(
        _ progress: UnsafeBufferPointer<Float>,
        into values: UnsafeMutableBufferPointer<Float>,
        backend: Backend? = nil
    ) throws(CurveError) {
        try checkLengths(input: progress.count, output: values.count)
        var curve = kernelDescriptor
        let status = ci_ease(
            backend?.cValue ?? CI_BACKEND_AUTO, &curve, progress.baseAddress,
            values.baseAddress, progress.count)
        try checkKernelStatus(status, backend: backend, input: progress, invalidCurve: rangeError)
    }

    /// Eases every progress value through the SIMD kernel into `values` (same count);
    /// see ``evaluate(_:into:backend:)``.
    public func evaluate(
        _ progress: [Float], into values: inout [Float], backend: Backend? = nil
    ) throws(CurveError) {
        try progress.withUnsafeBufferPointer { (input) throws(CurveError) in
            try values.withUnsafeMutableBufferPointer { (output) throws(CurveError) in
                try evaluate(input, into: output, backend: backend)
            }
        }
    }
}

internal import CInterp

extension DecayCurve {
    /// Evaluates a fling at many times through the SIMD kernel, in float32: the value
    /// travelled, v₀·(1 − e^(−kt))/k, into `values` and, when `velocities` is not empty,
    /// the velocity v₀·e^(−kt). Negative times count as 0.
    ///
    /// - Parameters:
    ///   - v0: The initial velocity, value units per second.
    ///   - times: Seconds since the fling started.
    ///   - values: One value per time.
    ///   - velocities: One velocity per time, or empty to skip them.
    ///   - backend: The instruction-set path, or `nil` for ``Backend/active``.
    /// - Throws: ``CurveError/bufferMismatch(expected:actual:)`` when an output's
    ///   count differs (nothing written); ``CurveError/nonFiniteValue(name:value:)`` for a
    ///   bad velocity (nothing written); ``CurveError/nonFiniteInput(_:)`` naming the first
    ///   NaN or infinite time (the other
    ///   values written); ``CurveError/resultOverflow(name:value:)`` (the velocity) when
    ///   the resting distance or the velocity does not fit Float (nothing written);
    ///   ``CurveError/exceedsFloat32Range(name:value:)`` when the friction rate does not
    ///   fit float32; ``CurveError/unsupportedBackend(_:)``.
    ///
    /// Accuracy: within 1e-6 · max(1, |v₀/k|) of ``value(initialVelocity:time:)`` for any
    /// time (velocity: the same bound times k). O(n), no allocation.
    public func evaluate(
        initialVelocity v0: Double, times: [Float], into values: inout [Float], velocities: inout [Float],
        backend: Backend? = nil
    ) throws(CurveError) {
        try checkLengths(input: times.count, output: values.count)
        if !velocities.isEmpty { try checkLengths(input: times.count, output: velocities.count) }
        guard v0.isFinite else { throw .nonFiniteValue(name: "initial velocity", value: v0) }
        // Every value lies between 0 and the resting distance, and every velocity
        // between 0 and v₀: if those fit Float, every output does.
        let rest = try finite(v0 / frictionRate, "restingDistance", v0)
        guard Float(rest).isFinite else { throw .resultOverflow(name: "restingDistance (Float)", value: v0) }
        guard Float(v0).isFinite else { throw .resultOverflow(name: "velocity (Float)", value: v0) }
        var curve = try kernelDescriptor(distance: rest)
        let records = !velocities.isEmpty
        let status = times.withUnsafeBufferPointer { input in
            values.withUnsafeMutableBufferPointer { output in
                velocities.withUnsafeMutableBufferPointer { rates in
                    ci_spring(
                        backend?.cValue ?? CI_BACKEND_AUTO, &curve, input.baseAddress, output.baseAddress,
                        records ? rates.baseAddress : nil, input.count)
                }
            }
        }
        try times.withUnsafeBufferPointer { (input) throws(CurveError) in
            try checkKernelStatus(status, backend: backend, input: input, invalidCurve: rangeError)
        }
    }
}

internal import CInterp

extension Spring {
    /// Evaluates the spring at many times through the SIMD kernel, in float32.
    ///
    /// The spring moves from 0 toward `target`, starting with `initialVelocity`
    /// (value units per second). Negative times are clamped to 0.
    ///
    /// - Parameters:
    ///   - target: where the spring comes to rest, in value units (it starts at 0).
    ///   - initialVelocity: value units per second at time 0.
    ///   - times: seconds since the spring started.
    ///   - values: receives the value at each time, or `nil` to skip values.
    ///   - velocities: receives the velocity (units per second), or `nil`.
    ///   - backend: the instruction-set path, or `nil` for ``Backend/active``.
    /// - Throws: ``CurveError/bufferMismatch(expected:actual:)`` when an output's
    ///   count differs from `times` (nothing written); ``CurveError/nonFiniteInput(_:)``
    ///   naming the first NaN or infinite time; ``CurveError/exceedsFloat32Range(name:value:)``
    ///   when a parameter, or a constant derived from them, does not fit float32;
    ///   ``CurveError/unsupportedBackend(_:)``.
    ///
    /// Accuracy: within 1e-5 · max(1, |target|, |initialVelocity| / ω₀) of
    /// ``value(target:initialVelocity:time:)`` for t ≤ 10 s, damping fraction 0.05…3 and
    /// response 0.05…5 s (velocity: the same bound times ω₀). O(n), no allocation.
    public func evaluate(
        target: Double = 1,
        initialVelocity: Double = 0,
        times: UnsafeBufferPointer<Float>,
        into values: UnsafeMutableBufferPointer<Float>?,
        velocities: UnsafeMutableBufferPointer<Float>? = nil,
        backend: Backend? = nil
    ) throws(CurveError) {
        if let values { try checkLengths(input: times.count, output: values.count) }
        if let velocities { try checkLengths(input: times.count, output: velocities.count) }
        guard values != nil || velocities != nil else { return }
        var curve = try kernelDescriptor(target: target, initialVelocity: initialVelocity)
        let status = ci_spring(
            backend?.cValue ?? CI_BACKEND_AUTO, &curve, times.baseAddress,
            values?.baseAddress, velocities?.baseAddress, times.count)
        try checkKernelStatus(
            status, backend: backend, input: times,
            invalidCurve: .exceedsFloat32Range(name: "spring", value: stiffness))
    }

    /// Evaluates values and velocities at many times into arrays of the same count; see
    /// ``evaluate(target:initialVelocity:times:into:velocities:backend:)-(_,_,UnsafeBufferPointer<Float>,_,_,_)``.
    public func evaluate(
        target: Double = 1,
        initialVelocity: Double = 0,
        times: [Float],
        into values: inout [Float],
        velocities: inout [Float],
        backend: Backend? = nil
    ) throws(CurveError) {
        try times.withUnsafeBufferPointer { (input) throws(CurveError) in
            try values.withUnsafeMutableBufferPointer { (valueBuffer) throws(CurveError) in
                try velocities.withUnsafeMutableBufferPointer { (velocityBuffer) throws(CurveError) in
                    try evaluate(
                        target: target, initialVelocity: initialVelocity, times: input,
                        into: valueBuffer, velocities: velocityBuffer, backend: backend)
                }
            }
        }
    }
}

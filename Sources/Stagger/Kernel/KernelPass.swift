internal import CInterp

/// One kernel pass over lanes with per-item state (``ci_sample`` with the item source):
/// lane i starts `offsets[i]` seconds after `start` and moves from `from[i]` to `to[i]`
/// (springs with initial velocity `velocity[i]`) under `curve`; shared by the lanes of
/// matched pairs and component states over time, group scrubbing and timeline steps.
struct ItemPass {
    var curve: Curve
    var offsets: UnsafePointer<Float>
    var from: UnsafePointer<Float>
    var to: UnsafePointer<Float>
    var velocity: UnsafePointer<Float>
    var count: Int

    /// What a pass can refuse, before each caller names it in its own error type.
    enum Failure: Error {
        /// The curve cannot run in the kernel (its range, its easing duration, the backend).
        case curve(CurveError)
        /// The time, or its distance from the start, does not fit float32.
        case time(Double)
    }

    /// Writes (or, with `accumulate`, adds) every lane's value at `time` (seconds on the
    /// caller's clock) to `values` and, when given, its velocity to `velocities` (0
    /// for easings: the kernel's rule). The one place that builds an item-source request
    /// and reads its status.
    ///
    /// - Throws: ``Failure/curve(_:)`` with ``CurveError/invalidDuration(_:)`` for an
    ///   easing duration float32 rounds to 0, or the curve's range error, or an
    ///   unsupported backend; ``Failure/time(_:)`` for a time (or its distance from
    ///   `start`) float32 cannot hold. The lanes themselves were checked to fit float32
    ///   by the caller. No allocation.
    func sample(
        at time: Double, start: Double, values: UnsafeMutablePointer<Float>,
        velocities: UnsafeMutablePointer<Float>?, accumulate: Bool, backend: Backend?
    ) throws(Failure) {
        var described: (curve: ci_curve, duration: Double)
        do { described = try curve.kernelDescriptor() } catch { throw .curve(error) }
        var request = ci_sample_request()
        request.time = time
        request.start = start
        request.duration = described.duration
        request.item_start = offsets
        request.item_from = from
        request.item_to = to
        request.item_velocity = velocity
        request.accumulate = accumulate ? 1 : 0
        let status = ci_sample(
            backend?.cValue ?? CI_BACKEND_AUTO, &described.curve, &request, nil, 0, nil, values, velocities, count)
        if status == CI_ERR_INVALID_PARAMETER {
            // Every lane value, target, span, velocity and delay was checked to fit
            // float32 by the caller; the request's own fields remain: an easing duration
            // float32 rounds to 0, or a time (or its distance from the start) float32
            // cannot hold.
            if case .easing(_, let d) = curve.kind, !(Float(d) > 0) { throw .curve(.invalidDuration(d)) }
            throw .time(time)
        }
        do {
            try checkKernelStatus(status, backend: backend, input: nil, invalidCurve: curve.rangeError)
        } catch {
            throw .curve(error)
        }
    }

    /// ``sample(at:start:values:velocities:accumulate:backend:)`` for matched pairs and
    /// component states: failures as ``AnimatableError/curve(_:)`` and
    /// ``AnimatableError/invalidTime(_:)``.
    func run(
        at time: Double, start: Double, values: UnsafeMutablePointer<Float>,
        velocities: UnsafeMutablePointer<Float>?, accumulate: Bool, backend: Backend?
    ) throws(AnimatableError) {
        do {
            try sample(
                at: time, start: start, values: values, velocities: velocities, accumulate: accumulate,
                backend: backend)
        } catch {
            switch error {
            case .curve(let error): throw .curve(error)
            case .time(let time): throw .invalidTime(time)
            }
        }
    }
}

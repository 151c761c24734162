internal import CInterp

// The bridge from Stagger's value types to the kernel's plain C descriptors, and from
// its status codes back to CurveError. Every batch entry point goes through here.

extension Easing {
    /// The kernel descriptor; easings are validated when built, so it is always valid.
    var kernelDescriptor: ci_curve {
        var curve = ci_curve()
        switch kind {
        case .linear:
            curve.kind = Int32(CI_CURVE_LINEAR.rawValue)
        case .penner(let family, let direction):
            curve.kind = Int32(family.kernelKind.rawValue)
            curve.direction = Int32(direction.kernelDirection.rawValue)
        case .cubicBezier(let bezier):
            curve.kind = Int32(CI_CURVE_CUBIC_BEZIER.rawValue)
            curve.params = (Float(bezier.x1), Float(bezier.y1), Float(bezier.x2), Float(bezier.y2))
        case .steps(let count, let position):
            curve.kind = Int32(CI_CURVE_STEPS.rawValue)
            curve.steps = Int32(clamping: count)
            curve.step_position = Int32(position.kernelPosition.rawValue)
        case .piecewiseLinear(let piecewise):
            // Points into storage the easing owns: every caller holds the easing (through
            // self or a parameter) until the kernel returns.
            curve.kind = Int32(CI_CURVE_PIECEWISE_LINEAR.rawValue)
            curve.points = UnsafePointer(piecewise.kernelPoints.base)
            curve.point_count = Int32(piecewise.kernelPoints.count)
        }
        return curve
    }
}

extension EasingFamily {
    var kernelKind: ci_curve_kind {
        switch self {
        case .sine: CI_CURVE_SINE
        case .quad: CI_CURVE_QUAD
        case .cubic: CI_CURVE_CUBIC
        case .quart: CI_CURVE_QUART
        case .quint: CI_CURVE_QUINT
        case .expo: CI_CURVE_EXPO
        case .circ: CI_CURVE_CIRC
        case .back: CI_CURVE_BACK
        case .elastic: CI_CURVE_ELASTIC
        case .bounce: CI_CURVE_BOUNCE
        }
    }
}

extension EasingDirection {
    var kernelDirection: ci_direction {
        switch self {
        case .in: CI_EASE_IN
        case .out: CI_EASE_OUT
        case .inOut: CI_EASE_IN_OUT
        }
    }
}

extension StepPosition {
    var kernelPosition: ci_step_position {
        switch self {
        case .jumpStart: CI_JUMP_START
        case .jumpEnd: CI_JUMP_END
        case .jumpNone: CI_JUMP_NONE
        case .jumpBoth: CI_JUMP_BOTH
        }
    }
}

extension Spring {
    /// The kernel descriptor for a move of `target` from 0 with `initialVelocity`.
    /// Throws ``CurveError/exceedsFloat32Range(name:value:)`` when a parameter does not
    /// fit float32, the kernel's precision (the kernel itself refuses constants derived
    /// from them that overflow, reported the same way by the batch calls).
    func kernelDescriptor(target: Double, initialVelocity: Double) throws(CurveError) -> ci_curve {
        try checkFitsFloat("angularFrequency", angularFrequency, nonZero: true)
        try checkFitsFloat("dampingFraction", dampingFraction)
        try checkFitsFloat("target", target)
        try checkFitsFloat("initialVelocity", initialVelocity)
        var curve = ci_curve()
        curve.kind = Int32(CI_CURVE_SPRING.rawValue)
        curve.params = (
            Float(angularFrequency), Float(dampingFraction), Float(target), Float(initialVelocity)
        )
        return curve
    }
}

extension DecayCurve {
    /// The kernel descriptor for a move of `distance` from 0 (initial velocity
    /// k·distance). Throws ``CurveError/exceedsFloat32Range(name:value:)`` when the
    /// friction rate, the distance or the initial velocity does not fit float32.
    func kernelDescriptor(distance: Double) throws(CurveError) -> ci_curve {
        try checkFitsFloat("frictionRate", frictionRate, nonZero: true)
        try checkFitsFloat("target", distance)
        try checkFitsFloat("initialVelocity", frictionRate * distance)
        var curve = ci_curve()
        curve.kind = Int32(CI_CURVE_DECAY.rawValue)
        curve.params = (Float(frictionRate), 0, Float(distance), 0)
        return curve
    }

    /// How a kernel refusal of this decay is reported.
    var rangeError: CurveError { .exceedsFloat32Range(name: "decay", value: frictionRate) }
}

/// Throws ``CurveError/exceedsFloat32Range(name:value:)`` unless `value` rounds to a
/// finite float (and, with `nonZero`, a non-zero one).
private func checkFitsFloat(_ name: String, _ value: Double, nonZero: Bool = false) throws(CurveError) {
    let rounded = Float(value)
    guard rounded.isFinite, !nonZero || rounded != 0 else {
        throw .exceedsFloat32Range(name: name, value: value)
    }
}

extension Easing {
    /// How a kernel refusal of this easing is reported: only control points large
    /// enough to overflow float32 arithmetic get there.
    var rangeError: CurveError {
        if case .cubicBezier(let bezier) = kind {
            return .exceedsFloat32Range(name: "cubicBezier", value: max(abs(bezier.y1), abs(bezier.y2)))
        }
        if case .piecewiseLinear(let curve) = kind {
            let largest = curve.points.map { max(abs($0.input), abs($0.output)) }.max() ?? 0
            return .exceedsFloat32Range(name: "linear() point", value: largest)
        }
        return .exceedsFloat32Range(name: description, value: 0)
    }
}

extension Curve {
    /// How a kernel refusal of this curve is reported.
    var rangeError: CurveError {
        switch kind {
        case .easing(let easing, _): easing.rangeError
        case .spring(let spring, _): .exceedsFloat32Range(name: "spring", value: spring.stiffness)
        case .decay(let decay): decay.rangeError
        }
    }

    /// The kernel descriptor and the easing duration (1 for springs and decays, which
    /// ignore it).
    func kernelDescriptor() throws(CurveError) -> (curve: ci_curve, duration: Double) {
        switch kind {
        case .easing(let easing, let duration):
            return (easing.kernelDescriptor, duration)
        case .spring(let spring, let initialVelocity):
            return (try spring.kernelDescriptor(target: 1, initialVelocity: initialVelocity), 1)
        case .decay(let decay):
            return (try decay.kernelDescriptor(distance: 1), 1)
        }
    }
}

/// Turns a kernel status into a CurveError. `input` is scanned only when the kernel
/// reports a non-finite value, to name it; `invalidCurve` is what a curve the kernel
/// refuses (a constant overflowing float32) is reported as.
func checkKernelStatus(
    _ status: ci_status, backend: Backend?, input: UnsafeBufferPointer<Float>?,
    invalidCurve: @autoclosure () -> CurveError
) throws(CurveError) {
    switch status {
    case CI_OK:
        return
    case CI_ERR_NONFINITE_INPUT:
        let bad = input?.first(where: { !$0.isFinite }).map(Double.init) ?? .nan
        throw .nonFiniteInput(bad)
    case CI_ERR_UNSUPPORTED_BACKEND:
        throw .unsupportedBackend(backend?.rawValue ?? "auto")
    case CI_ERR_INVALID_CURVE:
        throw invalidCurve()
    default:
        // Swift checks what it can first; the kernel also refuses parameters whose
        // float32 arithmetic would overflow (a delay increment so large that the
        // exact product split overflows, say). Those surface here, never as a trap.
        throw .exceedsFloat32Range(name: "time or delay parameters", value: 0)
    }
}

/// Throws unless `output` has exactly as many elements as `input`.
func checkLengths(input: Int, output: Int) throws(CurveError) {
    if input != output { throw .bufferMismatch(expected: input, actual: output) }
}

/// An error raised when a curve, easing or spring is built or evaluated with input it cannot use.
///
/// Every case carries the offending value so a caller can report it. Two errors are equal
/// when their cases and payloads are equal, with a NaN payload equal to a NaN payload
/// (the synthesised comparison would make `nonFiniteInput(.nan)` unequal to itself).
public enum CurveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A time (seconds) or progress value was NaN or infinite; the payload is that value.
    case nonFiniteInput(Double)

    /// A quantity other than a time or progress (a velocity, a distance, a value) was NaN
    /// or infinite.
    ///
    /// - Parameters:
    ///   - name: What it is, for example `"initial velocity"` or `"distance"`.
    ///   - value: The rejected value.
    case nonFiniteValue(name: String, value: Double)

    /// A duration (seconds) was not finite or not greater than 0; the payload is that duration.
    case invalidDuration(Double)

    /// A caller-provided output buffer does not have as many elements as the input.
    ///
    /// - Parameters:
    ///   - expected: The element count the operation needs.
    ///   - actual: The element count the buffer has.
    case bufferMismatch(expected: Int, actual: Int)

    /// A cubic-bezier control point is unusable: `x1` or `x2` outside [0, 1], or any of
    /// `x1`, `y1`, `x2`, `y2` not finite.
    ///
    /// - Parameters:
    ///   - name: `"x1"`, `"y1"`, `"x2"` or `"y2"`.
    ///   - value: The rejected coordinate.
    case controlPointOutOfRange(name: String, value: Double)

    /// A step count is out of range for its position: below 1 (below 2 for `jump-none`,
    /// which needs two flat segments to reach both 0 and 1) or above 2²⁰.
    ///
    /// - Parameters:
    ///   - count: The rejected step count.
    ///   - position: The jump position it was given with.
    case invalidStepCount(count: Int, position: StepPosition)

    /// A spring or decay parameter is unusable: a non-positive or non-finite mass,
    /// stiffness, response or duration; a negative or non-finite damping or
    /// dampingFraction; a bounce outside the open interval (-1, 1); a non-finite target
    /// or initial velocity; a friction rate, deceleration rate, settling epsilon or
    /// resting tolerance outside its range.
    ///
    /// - Parameters:
    ///   - name: The parameter's label, for example `"stiffness"` or `"bounce"`.
    ///   - value: The rejected value.
    case invalidParameter(name: String, value: Double)

    /// The requested compute backend is not available; the payload names it.
    case unsupportedBackend(String)

    /// A curve's text form could not be read; the payload says what is wrong and where.
    case malformedDescription(String)

    /// A value valid in Double does not fit float32, the precision of the SIMD path: it, or a constant
    /// derived from it, overflows (a stiffness of 1e80, a control point of 2e38, a time
    /// of 1e300 s). The Double reference (`value(at:)`) still accepts it.
    ///
    /// - Parameters:
    ///   - name: What does not fit, for example `"time"`, `"angularFrequency"` or `"spring"`.
    ///   - value: The value, or the parameter it was derived from.
    case exceedsFloat32Range(name: String, value: Double)

    /// More items than a staggered pass handles (``StaggeredList/maximumCount``, 2²³).
    case tooManyItems(count: Int, maximum: Int)

    /// A result that does not fit in Double although its inputs are finite (a decay's
    /// resting distance v₀/k for a tiny friction rate k).
    ///
    /// - Parameters:
    ///   - name: The result, for example `"restingDistance"`.
    ///   - value: The input it was computed from.
    case resultOverflow(name: String, value: Double)

    /// A CSS `linear()` curve with fewer than 2 points or more than
    /// ``PiecewiseLinear/maximumPointCount``; the payload is the count.
    case linearPointCount(Int)

    /// A CSS `linear()` stop with more than two input positions.
    ///
    /// - Parameters:
    ///   - index: The stop, counted from 0.
    ///   - count: Its number of positions.
    case linearStopPositions(index: Int, count: Int)

    /// A CSS `linear()` output or input position that is NaN or infinite.
    ///
    /// - Parameters:
    ///   - index: The point (or, for stops, the stop), counted from 0.
    ///   - value: The rejected number.
    case nonFiniteLinearPoint(index: Int, value: Double)

    /// A `linear()` point whose input is below the one before it (points given as they
    /// are never decrease; CSS stops are raised instead).
    ///
    /// - Parameters:
    ///   - index: The point, counted from 0.
    ///   - input: Its input.
    ///   - previous: The input of the point before it.
    case decreasingLinearInput(index: Int, input: Double, previous: Double)

    /// A largest error allowed (a fraction of the move) that is not finite and > 0.
    case invalidMaximumError(Double)

    /// One sentence naming the problem and the offending value.
    public var description: String {
        switch self {
        case .nonFiniteInput(let value):
            return "Expected a finite time or progress, but got \(value)."
        case .nonFiniteValue(let name, let value):
            return "The \(name) must be a finite number, but got \(value)."
        case .invalidDuration(let value):
            return "A duration must be finite and greater than 0 seconds, but got \(value)."
        case .bufferMismatch(let expected, let actual):
            return "The output buffer must hold \(expected) elements, but it holds \(actual)."
        case .controlPointOutOfRange(let name, let value):
            return "Cubic-bezier control point \(name) = \(value) is out of range: "
                + "x1 and x2 must lie in [0, 1] and every control point must be finite."
        case .invalidStepCount(let count, let position):
            return "steps(\(count), \(position.rawValue)) is invalid: \(position.rawValue) takes "
                + "\(position.minimumStepCount) to \(StepPosition.maximumStepCount) steps."
        case .invalidParameter("epsilon", let value):
            // Springs and decays share the rule, so the sentence names neither.
            return
                "The settling tolerance epsilon = \(value) is invalid: it \(Self.rule(forSpringParameter: "epsilon"))."
        case .invalidParameter(let name, let value):
            let kind = ["decelerationRate", "frictionRate", "tolerance"].contains(name) ? "Decay" : "Spring"
            return "\(kind) parameter \(name) = \(value) is invalid: it \(Self.rule(forSpringParameter: name))."
        case .unsupportedBackend(let name):
            return "The compute backend \"\(name)\" is not supported here."
        case .malformedDescription(let message):
            return "Malformed curve: \(message)."
        case .exceedsFloat32Range(let name, let value):
            return "\(name) = \(value) does not fit the float32 kernel (it or a value derived from it overflows)."
        case .tooManyItems(let count, let limit):
            return "\(count) items is more than the \(limit) one staggered pass handles."
        case .resultOverflow(let name, let value):
            return "\(name) computed from \(value) overflows Double."
        case .invalidMaximumError(let value):
            return "A maximum error must be finite and greater than 0 (a fraction of the move), but got \(value)."
        case .linearPointCount(let count):
            return "linear() takes 2 to \(PiecewiseLinear.maximumPointCount) points, but got \(count)."
        case .linearStopPositions(let index, let count):
            return "linear() stop \(index) has \(count) positions; a stop takes at most 2."
        case .nonFiniteLinearPoint(let index, let value):
            return "linear() point \(index) has the value \(value); every output and position must be finite."
        case .decreasingLinearInput(let index, let input, let previous):
            return
                "linear() point \(index) has input \(input), below the previous point's \(previous): inputs must not decrease."
        }
    }

    /// The validity rule for a named spring parameter, phrased to follow "it".
    private static func rule(forSpringParameter name: String) -> String {
        switch name {
        case "epsilon":
            return "must be finite and greater than 0 (a fraction of the distance)"
        case "tolerance":
            return "must be finite and greater than 0 (value units)"
        case "mass", "stiffness", "response", "duration":
            return "must be finite and greater than 0"
        case "damping", "dampingFraction":
            return "must be finite and not negative"
        case "bounce":
            return "must lie strictly between -1 and 1"
        case "target", "initialVelocity":
            return "must be finite"
        case "decelerationRate":
            return "must lie strictly between 0 and 1 (per millisecond; UIScrollView's normal rate is 0.998)"
        case "frictionRate":
            return "must be finite and greater than 0 (per second)"
        default:
            return "is outside the range a spring accepts"
        }
    }

    /// Case by case, with NaN payloads equal so that an error always equals itself.
    public static func == (lhs: CurveError, rhs: CurveError) -> Bool { errorsAreEqual(lhs, rhs) }
}

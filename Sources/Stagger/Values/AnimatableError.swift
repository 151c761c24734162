/// An error raised when an animatable value, a matched pair or a component state is
/// built from input it cannot use.
///
/// Every case names what was wrong and carries the offending value. Two errors are
/// equal when their cases and payloads are equal, with NaN payloads equal to each other
/// (so that `nonFiniteComponent(…, .nan)` equals itself).
public enum AnimatableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A component is NaN or infinite.
    ///
    /// - Parameters:
    ///   - name: The component, for example `"width"` or `"red"`.
    ///   - value: The rejected value.
    case nonFiniteComponent(name: String, value: Double)
    /// A value that must not be negative is: a width or height (a size, a rect or a
    /// corner radius), or an element's delay.
    case negativeValue(name: String, value: Double)
    /// A value that must be greater than 0 (a scale) is 0 or negative.
    case notPositive(name: String, value: Double)
    /// A value outside its range: a colour channel, an opacity or a fade's progress
    /// outside 0…1, or a matched pair's `arc` outside −1…1 (the message states which).
    case outOfRange(name: String, value: Double)
    /// A component buffer with the wrong number of components for its type.
    case componentCountMismatch(expected: Int, actual: Int)
    /// A property read or written as a type other than the one it holds.
    case typeMismatch(property: String)
    /// A pair, element or property that the animation does not hold.
    case unknownElement(String)
    /// An element given twice where each must be once: an ID in one layout of a
    /// ``LayoutTransition`` (named with both positions).
    case duplicateElement(String)
    /// A time that is NaN or infinite, in seconds.
    case invalidTime(Double)
    /// A change stamped more than ``TimeOrder/tolerance`` before the latest one (`latest`),
    /// in seconds: the one rule of ``TimeOrder``.
    case timeRunsBackward(time: Double, latest: Double)
    /// A pair count below 0 or above the limit of a group (``MatchedPairGroup/maximumCount``).
    case invalidPairCount(count: Int, maximum: Int)
    /// The curve or spring driving the values could not be used (see the wrapped error).
    case curve(CurveError)
    /// The stagger could not be used (see the wrapped error).
    case stagger(StaggerError)

    /// One sentence naming the problem and the offending value.
    public var description: String {
        switch self {
        case .nonFiniteComponent(let name, let value):
            return "\(name) must be finite, but got \(value)."
        case .negativeValue(let name, let value):
            return "\(name) must not be negative, but got \(value)."
        case .notPositive(let name, let value):
            return "\(name) must be greater than 0, but got \(value)."
        case .outOfRange(let name, let value):
            // The one value with another range: how far a pair's path bows, either way.
            let range = name == "arc" ? "-1...1" : "0...1"
            return "\(name) must lie in \(range), but got \(value)."
        case .componentCountMismatch(let expected, let actual):
            return "Expected \(expected) components, but got \(actual)."
        case .typeMismatch(let property):
            return "Property \(property) holds a value of another type."
        case .unknownElement(let name):
            return "No element or property named \(name)."
        case .duplicateElement(let name):
            return "\(name) is given twice; each must be given once."
        case .invalidTime(let value):
            return "Expected a finite time in seconds, but got \(value)."
        case .timeRunsBackward(let time, let latest):
            return timeRunsBackwardMessage(time: time, latest: latest)
        case .invalidPairCount(let count, let limit):
            return "A pair count must lie in 0...\(limit), but got \(count)."
        case .curve(let error):
            return error.description
        case .stagger(let error):
            return error.description
        }
    }

    /// Case by case, with NaN payloads equal so that an error always equals itself.
    public static func == (lhs: AnimatableError, rhs: AnimatableError) -> Bool { errorsAreEqual(lhs, rhs) }
}

/// Throws ``AnimatableError/nonFiniteComponent(name:value:)`` unless `value` is finite.
/// The name is built only when it is needed: callers check thousands of lanes per
/// transition, and formatting every lane's name cost more than the transition itself.
@inline(__always)
func requireFinite(_ value: Double, _ name: @autoclosure () -> String) throws(AnimatableError) {
    guard value.isFinite else { throw .nonFiniteComponent(name: name(), value: value) }
}

/// Throws unless `value` is finite and ≥ 0.
@inline(__always)
func requireNonNegative(_ value: Double, _ name: @autoclosure () -> String) throws(AnimatableError) {
    try requireFinite(value, name())
    guard value >= 0 else { throw .negativeValue(name: name(), value: value) }
}

/// Throws unless `value` is finite and in 0…1.
@inline(__always)
func requireUnit(_ value: Double, _ name: String) throws(AnimatableError) {
    try requireFinite(value, name)
    guard value >= 0, value <= 1 else { throw .outOfRange(name: name, value: value) }
}

extension AnimatableError {
    /// A pass's failure, named for matched pairs and component states.
    init(_ failure: KernelPass.Failure) {
        if case .time(let time) = failure { self = .invalidTime(time) } else { self = .curve(CurveError(failure)) }
    }
}

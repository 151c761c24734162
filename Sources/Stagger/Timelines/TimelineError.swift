/// An error raised when a ``Timeline`` is built, sampled or played with input it cannot use.
///
/// Every case names the offending child, label or value so that a caller can report it.
/// Equality treats two NaN payloads as equal, so that equality stays reflexive.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A step or list whose duration (seconds) is negative; the payload names the child.
    case negativeDuration(child: String, duration: Double)
    /// A step whose duration is infinite (an undamped spring never settles) and that was
    /// given no explicit duration.
    case infiniteDuration(child: String)
    /// A gap (seconds) after the previous child that is negative.
    case negativeGap(child: String, gap: Double)
    /// A time, offset, gap or duration that is NaN or infinite, in seconds.
    case invalidTime(child: String, value: Double)
    /// A player's clock stamped more than ``TimeOrder/tolerance`` before the latest one
    /// (`latest`), in seconds: the one rule of ``TimeOrder``.
    case timeRunsBackward(time: Double, latest: Double)
    /// A child positioned at a label no child defines.
    case unknownLabel(String)
    /// Two children defining the same label.
    case duplicateLabel(String)
    /// Labels whose positions depend on each other in a cycle; the payload lists them.
    case labelCycle([String])
    /// A child that would start before the timeline's time 0 (a negative offset).
    case startsBeforeZero(child: String, start: Double)
    /// A child that would start before the container holding it (a negative offset, a
    /// label earlier than the container, a staggered list's negative base delay): a
    /// container's span holds its children, so that its events enclose theirs. Times in
    /// seconds of the timeline, before its time scale.
    case startsBeforeContainer(child: String, start: Double, containerStart: Double)
    /// One query that would cross more passes of a repeating timeline than `limit`
    /// (``Timeline/maximumPassesPerQuery``): listing every event of that many passes
    /// would not end in useful time or memory.
    case tooManyPasses(count: Int, maximum: Int)
    /// A value (a keyframe's target, the distance to it or a velocity; a step's ends or
    /// span) that is not finite, or that overflows once combined with the previous one
    /// (a step's: beyond float32).
    case invalidValue(child: String, value: Double)
    /// A time scale or playback speed that is not finite and > 0, or a time scale that
    /// pushes a time or curve of the timeline out of range.
    case invalidTimeScale(Double)
    /// A repeat count below 0, or a repeat delay that is negative or not finite.
    case invalidRepeat(count: Int, delay: Double)
    /// A nested timeline that repeats forever: a child needs an end, so nest it with a
    /// number of repeats, or repeat the outer timeline forever.
    case repeatsForever(child: String)
    /// An output buffer whose length is not the number of steps.
    case bufferMismatch(expected: Int, actual: Int)
    /// A step's curve could not be used (see the wrapped error).
    case curve(child: String, CurveError)
    /// A staggered list could not be expanded (see the wrapped error).
    case stagger(child: String, StaggerError)

    /// One sentence naming the problem and the offending value.
    public var description: String {
        switch self {
        case .negativeDuration(let child, let duration):
            return "\(child): a duration must not be negative, but got \(duration) s."
        case .infiniteDuration(let child):
            return "\(child): the curve never settles (infinite duration); give the step a duration."
        case .negativeGap(let child, let gap):
            return "\(child): a gap after the previous child must not be negative, but got \(gap) s."
        case .invalidTime(let child, let value):
            return "\(child): expected a finite time in seconds, but got \(value)."
        case .timeRunsBackward(let time, let latest):
            return timeRunsBackwardMessage(time: time, latest: latest)
        case .unknownLabel(let name):
            return "No child defines the label \"\(name)\"."
        case .duplicateLabel(let name):
            return "The label \"\(name)\" is defined more than once."
        case .labelCycle(let names):
            return
                "The labels \(names.map { "\"\($0)\"" }.joined(separator: ", ")) are positioned relative to each other in a cycle."
        case .startsBeforeZero(let child, let start):
            return "\(child) would start at \(start) s, before the timeline's start."
        case .startsBeforeContainer(let child, let start, let containerStart):
            return "\(child) would start at \(start) s, before its container's start at \(containerStart) s."
        case .tooManyPasses(let count, let limit):
            return
                "One query would cross \(count) passes, more than the \(limit) allowed; query shorter spans (a player can seek without reporting events)."
        case .invalidValue(let child, let value):
            return "\(child): expected a finite value (within float32's range for a step's ends), but got \(value)."
        case .invalidTimeScale(let value):
            return "A time scale or speed must be finite and greater than 0, and keep every time and curve "
                + "of the timeline within range (1e-320 makes durations overflow, 1e300 a spring's stiffness), "
                + "but got \(value)."
        case .invalidRepeat(let count, let delay):
            return "A repeat needs a count ≥ 0 and a finite delay ≥ 0, but got \(count) and \(delay) s."
        case .repeatsForever(let child):
            return "\(child): a nested timeline cannot repeat forever; give it a number of repeats, "
                + "or repeat the outer timeline forever."
        case .bufferMismatch(let expected, let actual):
            return "Expected \(expected) output values, but the buffer holds \(actual)."
        case .curve(let child, let error):
            return "\(child): \(error.description)"
        case .stagger(let child, let error):
            return "\(child): \(error.description)"
        }
    }

    /// Case by case, with NaN payloads equal so that an error always equals itself.
    public static func == (lhs: TimelineError, rhs: TimelineError) -> Bool { errorsAreEqual(lhs, rhs) }
}

extension TimelineError {
    /// A pass's failure over the steps of `child`, named for timelines.
    init(_ failure: KernelPass.Failure, child: String) {
        switch failure {
        case .curve(let error): self = .curve(child: child, error)
        case .time(let time): self = .invalidTime(child: "time", value: time)
        case .delays(let time): self = .invalidTime(child: child, value: time)
        }
    }
}

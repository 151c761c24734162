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
    case tooManyPasses(count: Int, limit: Int)
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

    /// Compares case by case, with NaN payloads equal.
    public static func == (lhs: TimelineError, rhs: TimelineError) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
        switch (lhs, rhs) {
        case let (.negativeDuration(c1, d1), .negativeDuration(c2, d2)): return c1 == c2 && same(d1, d2)
        case let (.infiniteDuration(a), .infiniteDuration(b)): return a == b
        case let (.negativeGap(c1, g1), .negativeGap(c2, g2)): return c1 == c2 && same(g1, g2)
        case let (.invalidTime(c1, v1), .invalidTime(c2, v2)): return c1 == c2 && same(v1, v2)
        case let (.timeRunsBackward(t1, l1), .timeRunsBackward(t2, l2)): return same(t1, t2) && same(l1, l2)
        case let (.unknownLabel(a), .unknownLabel(b)): return a == b
        case let (.duplicateLabel(a), .duplicateLabel(b)): return a == b
        case let (.labelCycle(a), .labelCycle(b)): return a == b
        case let (.startsBeforeZero(c1, s1), .startsBeforeZero(c2, s2)): return c1 == c2 && same(s1, s2)
        case let (.startsBeforeContainer(c1, s1, p1), .startsBeforeContainer(c2, s2, p2)):
            return c1 == c2 && same(s1, s2) && same(p1, p2)
        case let (.tooManyPasses(c1, l1), .tooManyPasses(c2, l2)): return c1 == c2 && l1 == l2
        case let (.invalidValue(c1, v1), .invalidValue(c2, v2)): return c1 == c2 && same(v1, v2)
        case let (.invalidTimeScale(a), .invalidTimeScale(b)): return same(a, b)
        case let (.invalidRepeat(c1, d1), .invalidRepeat(c2, d2)): return c1 == c2 && same(d1, d2)
        case let (.repeatsForever(a), .repeatsForever(b)): return a == b
        case let (.bufferMismatch(e1, a1), .bufferMismatch(e2, a2)): return e1 == e2 && a1 == a2
        case let (.curve(c1, e1), .curve(c2, e2)): return c1 == c2 && e1 == e2
        case let (.stagger(c1, e1), .stagger(c2, e2)): return c1 == c2 && e1 == e2
        default: return false
        }
    }
}

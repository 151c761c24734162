/// One child of a ``Timeline``: a step, a group, a sequence, a staggered list, a nested
/// timeline or a label, with where it starts.
///
/// Children are plain values built with the static factories and nested to any depth:
///
/// ```swift
/// let reveal = try Timeline([
///     .step("background", .smooth),
///     .group([.step("icon", .snappy), .step("title", .snappy)]),
///     .step("content", .easeOut(duration: 0.3), at: .afterPrevious(gap: 0.05)),
/// ])
/// ```
public struct TimelineChild: Sendable {
    /// What the child is.
    indirect enum Content: Sendable {
        case step(id: String, curve: Curve, duration: Double?, keepsAlive: Bool, ends: StepEnds, reverseEasing: Easing?)
        case group(name: String?, [TimelineChild])
        case sequence(name: String?, [TimelineChild])
        case staggered(
            id: String, count: Int, config: StaggerConfig, duration: Double?, keepsAlive: Bool, ends: StepEnds,
            reverseEasing: Easing?)
        case timeline(name: String?, Timeline)
        /// A child with passes of its own, built into a nested timeline with the
        /// timeline around it.
        case repeated(TimelineChild, Timeline.Options)
        case label(String)
    }

    let content: Content
    /// Where it starts; `nil` for its container's default (after the previous child in a
    /// sequence, `.at(0)`, the group's start, in a group).
    let position: TimelinePosition?
    /// A label naming this child's start, or `nil`.
    let label: String?

    /// A step: the target `id` moves from `from` to `to` (0 to 1 unless given) along
    /// `curve`.
    ///
    /// ```swift
    /// .step("card.y", .smooth, from: 400, to: 0)   // as a GSAP fromTo tween
    /// ```
    ///
    /// - Parameters:
    ///   - id: The target, in the caller's words (a view, a layer, a property).
    ///   - curve: The motion; a spring keeps its own time, an easing is stretched over
    ///     the step's duration.
    ///   - from: The value before and as the step starts, finite (float32 for
    ///     ``Timeline/sample(at:into:backend:)-(_,UnsafeMutableBufferPointer<Float>,_)``).
    ///   - to: The value it moves to, finite; building the timeline throws
    ///     ``TimelineError/invalidValue(child:value:)`` for either end not finite or
    ///     beyond float32, or a span that overflows.
    ///   - duration: Seconds the step occupies (finite, ≥ 0; 0 jumps to the end), or `nil`
    ///     for the curve's own duration (a spring's settling duration).
    ///   - keepsAlive: Whether the target stays visible once the step has finished.
    ///   - reverseEasing: The easing the step runs on its way back, in the reversed
    ///     passes of a yoyo timeline (``Timeline/ReversingMode/contiguous``), from `to`
    ///     back to `from` over the same time (GSAP's `yoyoEase`, MotionMachine's
    ///     `reverseEasing`); `nil` (the default) plays the forward motion backwards.
    ///     Forward passes and sequential reversed passes, which replay steps forward,
    ///     do not use it; under reduced motion the fade runs both ways (the reduced
    ///     motion of the timeline the step is built into: a nested ``Timeline`` keeps
    ///     its own options). A spring or decay given a slot shorter than its settling
    ///     goes back from where it is at the slot's end.
    ///   - position: Where it starts; `nil` for the container's default.
    ///   - label: A label naming its start.
    public static func step(
        _ id: String, _ curve: Curve, from: Double = 0, to: Double = 1, duration: Double? = nil,
        keepsAlive: Bool = true, reverseEasing: Easing? = nil, at position: TimelinePosition? = nil,
        label: String? = nil
    ) -> TimelineChild {
        TimelineChild(
            content: .step(
                id: id, curve: curve, duration: duration, keepsAlive: keepsAlive, ends: StepEnds(from: from, to: to),
                reverseEasing: reverseEasing),
            position: position, label: label)
    }

    /// Children that run in parallel: each starts at the group's start unless given a
    /// position; the group ends when its last child ends.
    public static func group(
        _ children: [TimelineChild], name: String? = nil, at position: TimelinePosition? = nil,
        label: String? = nil
    ) -> TimelineChild {
        TimelineChild(content: .group(name: name, children), position: position, label: label)
    }

    /// Children that run in series: each starts when the previous one ends unless given a
    /// position. Its children's completions are reported as step-completed events.
    public static func sequence(
        _ children: [TimelineChild], name: String? = nil, at position: TimelinePosition? = nil,
        label: String? = nil
    ) -> TimelineChild {
        TimelineChild(content: .sequence(name: name, children), position: position, label: label)
    }

    /// A staggered list: `count` steps with ids `"id[0]"`, `"id[1]"`, ..., item i starting
    /// `config.delay(for: i, of: count)` seconds after the list starts and running
    /// `config.curve` for `duration` seconds (`nil`: the curve's own duration), each from
    /// `from` to `to`, and back with `reverseEasing` in a yoyo's reversed passes (as
    /// ``step(_:_:from:to:duration:keepsAlive:reverseEasing:at:label:)``).
    ///
    /// Building the timeline throws ``TimelineError/stagger(child:_:)`` for a config that
    /// does not fit `count` or for more than 2²³ items (a list's limit), and
    /// ``TimelineError/startsBeforeContainer(child:start:containerStart:)`` for a negative
    /// base delay (an item cannot start before its list).
    public static func staggered(
        _ id: String, count: Int, config: StaggerConfig, from: Double = 0, to: Double = 1, duration: Double? = nil,
        keepsAlive: Bool = true, reverseEasing: Easing? = nil, at position: TimelinePosition? = nil,
        label: String? = nil
    ) -> TimelineChild {
        TimelineChild(
            content: .staggered(
                id: id, count: count, config: config, duration: duration, keepsAlive: keepsAlive,
                ends: StepEnds(from: from, to: to), reverseEasing: reverseEasing),
            position: position, label: label)
    }

    /// A whole timeline placed as one child: its schedule (scaled by its time scale) is
    /// kept, its labels stay inside it.
    ///
    /// A timeline that repeats (a number of times; building throws
    /// ``TimelineError/repeatsForever(child:)`` for `.forever`) plays all its passes
    /// within its slot, which lasts its ``Timeline/totalDuration``: its yoyo, repeat
    /// delay and reversing mode apply to its passes only. A reversed pass of the
    /// timeline around it plays those passes back; a sequential one replays them
    /// forward. See ``repeating(_:repeatDelay:yoyo:reversing:)`` for one child.
    public static func timeline(
        _ timeline: Timeline, name: String? = nil, at position: TimelinePosition? = nil,
        label: String? = nil
    ) -> TimelineChild {
        TimelineChild(content: .timeline(name: name, timeline), position: position, label: label)
    }

    /// This child with passes of its own: it plays `1 + n` times for `.times(n)`, with
    /// `repeatDelay` seconds (finite, ≥ 0) between passes and, with `yoyo`, every other pass
    /// in reverse, all within one slot of the timeline around it (GSAP's per-tween
    /// `repeat`, `repeatDelay` and `yoyo`, MotionMachine's per-motion `repeats` and
    /// `reverses`).
    ///
    /// ```swift
    /// // y goes down 60 and back up: two passes of 0.5 s, one slot of 1 s.
    /// .step("circle", .easeInOut(duration: 0.5), to: 60).repeating(.times(1), yoyo: true)
    /// ```
    ///
    /// It becomes a nested ``Timeline`` of this one child, named as the child, with
    /// these options (see ``timeline(_:name:at:label:)``); its position and label stay
    /// with the slot. Events report the child's start and completion in each pass, and
    /// the slot's (named the same, another node) once, with its passes' `repeated` and
    /// `reversed`. Building the timeline throws ``TimelineError/repeatsForever(child:)``
    /// for `.forever`, and ``TimelineError/invalidRepeat(count:delay:)`` for a negative
    /// count or a bad delay.
    public func repeating(
        _ repeats: Timeline.Repeats, repeatDelay: Double = 0, yoyo: Bool = false,
        reversing: Timeline.ReversingMode = .contiguous
    ) -> TimelineChild {
        let inner = TimelineChild(content: content, position: nil, label: nil)
        let options = Timeline.Options(repeats: repeats, repeatDelay: repeatDelay, yoyo: yoyo, reversing: reversing)
        return TimelineChild(content: .repeated(inner, options), position: position, label: label)
    }

    /// A label at the current position: the end of the previous child (the container's
    /// start for a first child), or `position`.
    public static func label(_ name: String, at position: TimelinePosition? = nil) -> TimelineChild {
        TimelineChild(content: .label(name), position: position, label: nil)
    }
}

/// The two values a step moves between.
struct StepEnds: Sendable, Hashable {
    var from: Double
    var to: Double

    /// 0 to 1: a step's progress.
    static let unit = StepEnds(from: 0, to: 1)
}

extension TimelineChild {
    /// The child under reduced motion (see ``Timeline/Options/reducedMotion``): every
    /// step and staggered item runs the fade over at most its fade duration, staggers
    /// are scaled into the reduced spread; structure, positions and labels are kept.
    ///
    /// - Throws: ``TimelineError/stagger(child:_:)`` for a staggered child whose config
    ///   does not fit its count.
    func reducedForMotion() throws(TimelineError) -> TimelineChild {
        func shortened(_ duration: Double?, _ curve: Curve) -> Double {
            Swift.min(duration ?? curve.duration, ReducedMotion.fadeDuration)
        }
        let reduced: Content
        switch content {
        case .step(let id, let curve, let duration, let keepsAlive, let ends, _):
            reduced = .step(
                id: id, curve: ReducedMotion.fade, duration: shortened(duration, curve), keepsAlive: keepsAlive,
                ends: ends,
                reverseEasing: nil)
        case .group(let name, let children):
            var mapped: [TimelineChild] = []
            for child in children { mapped.append(try child.reducedForMotion()) }
            reduced = .group(name: name, mapped)
        case .sequence(let name, let children):
            var mapped: [TimelineChild] = []
            for child in children { mapped.append(try child.reducedForMotion()) }
            reduced = .sequence(name: name, mapped)
        case .staggered(let id, let count, let config, let duration, let keepsAlive, let ends, _):
            let scaled: StaggerConfig
            do { scaled = try config.reducedForMotion(count: Swift.max(count, 0)) } catch {
                throw .stagger(child: id, error)
            }
            reduced = .staggered(
                id: id, count: count, config: scaled, duration: shortened(duration, config.curve),
                keepsAlive: keepsAlive,
                ends: ends, reverseEasing: nil)
        case .repeated(let child, let options):
            reduced = .repeated(try child.reducedForMotion(), options)
        case .timeline, .label:
            reduced = content
        }
        return TimelineChild(content: reduced, position: position, label: label)
    }
}

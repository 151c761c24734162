/// A whole choreography as one value: every child's start, duration and curve, compiled
/// once into flat arrays and answered at any time t as a pure function of t.
///
/// ``state(at:)`` says, for every step, whether it is pending, active or finished, how
/// far along it is, its eased value and whether its target is visible;
/// ``events(from:to:)`` lists in time order what happened between two times, each event
/// exactly once however time is cut into frames; ``sample(at:into:backend:)-(_,UnsafeMutableBufferPointer<Float>,_)`` computes
/// every step's value in a few kernel calls (one per run of steps sharing a curve).
/// Nothing depends on timers: a ``TimelinePlayer`` maps a caller's clock onto the timeline's time.
///
/// ```swift
/// let card = try Timeline([
///     .step("background", .easeOut(duration: 0.3)),
///     .group([.step("icon", .snappy), .step("title", .snappy)]),
///     .step("content", try .easeOut(duration: 0.25)),
///     .step("actions", .smooth, at: .withPrevious(offset: 0.1)),
/// ])
/// let state = try card.state(at: 0.4)
/// state["title"]?.phase          // .active
/// ```
///
/// Times are seconds of the timeline: its ``Options-swift.struct/timeScale`` is already
/// applied (a time scale of 2 halves every start and duration).
public struct Timeline: Sendable {
    /// How a reversed pass of a yoyo plays (MotionMachine's reversing modes).
    public enum ReversingMode: String, Sendable, Hashable, CaseIterable {
        /// A sequence's children replay forward, in reverse order (the last one first);
        /// a group's children still start together and play forward.
        case sequential
        /// Each step plays backwards, in reverse order: the pass mirrors the forward one.
        case contiguous
        /// Each step plays backwards as in ``contiguous``, but the children of a group
        /// turn back together, as the pass turns, instead of each waiting for its mirror
        /// image: a group of a 1 s and a 1.2 s step, reversed at 1.2 s, plays the first
        /// back over 1.2 ... 2.2 s, not 1.4 ... 2.4 s (MotionMachine's
        /// `reverses(syncsChildMotions: true)`). Sequences still play their children
        /// back last one first, and a staggered list's items turn back in reverse order.
        case together
    }

    /// How often the timeline plays.
    public enum Repeats: Sendable, Hashable {
        /// Once.
        case never
        /// Once, then `n` more times (n ≥ 0).
        case times(Int)
        /// Without end.
        case forever
    }

    /// Playback options fixed when the timeline is built.
    public struct Options: Sendable, Hashable {
        /// Speed factor, finite and > 0: 2 plays twice as fast (springs included).
        public var timeScale: Double
        /// How often it plays.
        public var repeats: Repeats
        /// Seconds (finite, ≥ 0, after the time scale) between the end of one pass and
        /// the start of the next; the end state is held meanwhile.
        public var repeatDelay: Double
        /// Whether every other pass plays in reverse.
        public var yoyo: Bool
        /// How reversed passes play.
        public var reversing: ReversingMode
        /// Whether motion is reduced (see ``ReducedMotion``). A step does not say what
        /// it animates, so under reduced motion every step and staggered item runs
        /// ``ReducedMotion/fade`` over at most ``ReducedMotion/fadeDuration`` seconds
        /// (shorter steps keep their length), staggers spread over at most
        /// ``ReducedMotion/maximumSpread`` seconds, and later children move up
        /// accordingly; gaps, offsets and labels keep their values, and a nested
        /// ``Timeline`` keeps the options it was built with. An app that maps a step to
        /// a transform should jump it once the step has started.
        public var reducedMotion: ReducedMotion

        /// Options; the defaults play once at normal speed, in full motion.
        public init(
            timeScale: Double = 1, repeats: Repeats = .never, repeatDelay: Double = 0,
            yoyo: Bool = false, reversing: ReversingMode = .contiguous,
            reducedMotion: ReducedMotion = .system(isEnabled: false)
        ) {
            self.timeScale = timeScale
            self.repeats = repeats
            self.repeatDelay = repeatDelay
            self.yoyo = yoyo
            self.reversing = reversing
            self.reducedMotion = reducedMotion
        }

        /// Passes in all: repeats + 1, `Int.max` for forever.
        var passes: Int {
            switch repeats {
            case .never: 1
            case .times(let n): n == Int.max ? Int.max : n + 1
            case .forever: Int.max
            }
        }
    }

    /// A step as scheduled: when it starts and how long it runs, in timeline seconds.
    public struct ScheduledStep: Sendable, Hashable {
        /// The target's id (`"id[i]"` for items of a staggered list).
        public let id: String
        /// Seconds from the timeline's start to the step's start, ≥ 0.
        public let start: Double
        /// Seconds the step runs (its logical duration; 0 for a jump).
        public let duration: Double
        /// Seconds from the timeline's start to the step's logical end (start + duration,
        /// rounded once, the same figure events use).
        public let end: Double
        /// The curve, rescaled to timeline seconds (an easing over ``duration``).
        public let curve: Curve
        /// Whether the target stays visible after the step has finished.
        public let keepsAlive: Bool
        /// The value the step moves from (0 unless the child gave one).
        public let from: Double
        /// The value the step moves to (1 unless the child gave one).
        public let to: Double
        /// The easing of its way back in a yoyo's contiguous reversed passes, or `nil`
        /// to play the forward motion backwards.
        public let reverseEasing: Easing?
    }

    /// The options the timeline was built with.
    public let options: Options
    /// Seconds of one pass: when the last child ends (logically: springs at their
    /// settling duration).
    public let duration: Double
    /// Seconds of one pass until every spring and decay is at rest (within 1e-5 of its
    /// target), ≥ ``duration``.
    public let restDuration: Double

    // The compiled form: structure for events, flat arrays for sampling.
    let nodes: [TimelineNode]
    let steps: [ScheduledStep]
    /// The node of each step.
    let stepNodes: [Int]
    /// Runs of steps sharing one curve (and duration), one kernel call each.
    let curveGroups: [CurveGroup]
    /// Runs of steps sharing a way back (see `TimelinePlan.reverseGroups`).
    let reverseGroups: [CurveGroup]
    /// The kernel pass of each of ``curveGroups`` and of ``reverseGroups`` (`nil` for
    /// jumps), made once with the timeline.
    let curvePasses: [KernelPass?]
    let reversePasses: [KernelPass?]
    /// Step indices per id, by start time.
    let stepsByID: [String: [Int]]
    /// Label name to time.
    let labels: [String: Double]
    /// Every boundary of one forward pass, in event order.
    let boundaries: [TimelineBoundary]
    /// The same for a sequential reversed pass (a sequence's children replayed forward
    /// in reverse order; see `TimelinePlan.layOutMirrored`).
    let mirroredBoundaries: [TimelineBoundary]
    /// The boundaries of a contiguous reversed pass, in forward order: read backward.
    let reversedBoundaries: [TimelineBoundary]
    /// Per step: its start and end in a sequential reversed pass.
    let mirroredStarts: [Double]
    let mirroredEnds: [Double]
    /// ``restDuration`` for a sequential reversed pass, whose springs start elsewhere.
    let mirroredRestDuration: Double
    /// Per step: how much later it runs in the schedule a ``ReversingMode/together``
    /// reversed pass reads backward (each group's children end with the group); empty
    /// for other timelines.
    let alignedShifts: [Double]
    /// The boundaries of that schedule, read backward like ``reversedBoundaries``.
    let alignedBoundaries: [TimelineBoundary]
    /// The children that repeat on their own (nested timelines with passes of their
    /// own), each played by its timeline within its slot.
    let repeatingChildren: [RepeatingChild]
    /// Every step's figures for the kernel, one lane per step (see ``KernelColumn``).
    let kernelLanes: LaneStore

    /// The columns of ``kernelLanes``.
    enum KernelColumn: Int, CaseIterable {
        /// The step's start (seconds of the pass), in a forward, a mirrored and a
        /// together-reversed (aligned) pass.
        case starts, mirroredStarts, alignedStarts
        /// Its ends, and its initial velocity (a spring's own, scaled to the span).
        case from, to, velocity
        /// Minus its end, the start of its way back on a time axis that runs backwards
        /// (the kernel's time is then minus the pass-local time), in a forward and an
        /// aligned pass.
        case negatedEnds, alignedNegatedEnds
        /// The value its way back starts from (see `wayBackStart(_:)`).
        case wayBackStarts
    }

    /// The number of steps (every item of a staggered list counts).
    public var stepCount: Int { steps.count }

    /// Every step as scheduled, in the order the children were written (a staggered
    /// list's items in index order): the order of ``TimelineState/steps`` and of
    /// ``sample(at:into:backend:)-(_,UnsafeMutableBufferPointer<Float>,_)``'s output.
    public var scheduledSteps: [ScheduledStep] { steps }

    /// Seconds from the start to the end of the last pass: passes · duration plus the
    /// repeat delays between them; +∞ when it repeats forever.
    public var totalDuration: Double {
        let passes = options.passes
        if passes == Int.max { return duration == 0 && options.repeatDelay == 0 ? 0 : .infinity }
        return Double(passes) * duration + Double(passes - 1) * options.repeatDelay
    }

    /// The time of a label, in timeline seconds, or `nil` when no child defines it.
    public func time(ofLabel name: String) -> Double? { labels[name] }

    /// The indices (into ``scheduledSteps``) of the steps of target `id`, by start time.
    public func steps(of id: String) -> [Int] { stepsByID[id] ?? [] }

    /// The names of the timeline's children as events report them, by node index.
    public func childName(_ node: Int) -> String? {
        nodes.indices.contains(node) ? nodes[node].name : nil
    }
}

/// One run of steps in ``Timeline/steps`` that share a curve: one kernel call.
struct CurveGroup: Sendable {
    /// The curve, or `nil` for steps of duration 0 (jumps, computed without the kernel)
    /// and for a repeating child's steps.
    let curve: Curve?
    let range: Range<Int>
    /// The index in ``Timeline/repeatingChildren`` of the child whose steps these are,
    /// sampled by its own timeline; `nil` for steps of this timeline.
    var repeatingChild: Int? = nil
}

/// A node of the compiled tree: a step, a container or a label marker.
struct TimelineNode: Sendable {
    enum Kind: Sendable, Equatable {
        case step(Int)
        case group
        case sequence
        case list
        case timeline
        case marker
    }

    var kind: Kind
    var name: String
    var parent: Int
    var depth: Int
    /// Its index among its parent's children.
    var indexInParent: Int
    var children: [Int] = []
    var start = 0.0
    var end = 0.0
    /// The last node of its subtree in pre-order (itself for a leaf).
    var lastDescendant = 0
    /// Its position and last descendant in the pre-order with children reversed (the
    /// event order of a sequential reversed pass).
    var mirrorOrder = 0
    var mirrorLastDescendant = 0
    /// Its span in a sequential reversed pass, in pass-local seconds.
    var mirrorStart = 0.0
    var mirrorEnd = 0.0
    /// How much later it runs in the schedule a `together` reversed pass reads backward.
    var alignShift = 0.0
}

/// A point where something happens in one pass, with its place in event order.
struct TimelineBoundary: Sendable {
    enum Kind: Sendable, Equatable {
        case started
        case completed
        case stepCompleted(Int)
    }

    let time: Double
    /// Tie-breakers at equal times: see `Timeline.eventKey`.
    let phase: Int
    let order: Int
    let tie: Int
    let kind: Kind
    let node: Int

    func precedes(_ other: TimelineBoundary) -> Bool {
        (time, phase, order, tie) < (other.time, other.phase, other.order, other.tie)
    }
}

extension Timeline: CustomStringConvertible {
    /// The size and the schedule (figures to four significant digits): `Timeline of 12
    /// steps, 1.35 s a pass, 2 passes (2.7 s), yoyo`.
    public var description: String {
        let passes = options.passes
        let count = passes == Int.max ? "repeating forever" : "\(passes) pass\(passes == 1 ? "" : "es")"
        return "Timeline of \(stepCount) steps, \(duration.readable) s a pass, \(count) "
            + "(\(totalDuration.readable) s)\(options.yoyo ? ", yoyo" : "")"
    }
}

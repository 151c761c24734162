/// A flat choreography: named steps, each with its own delay from the sequence's start,
/// duration and curve, all on one ``Timeline``.
public struct AnimationSequence: Sendable {
    /// One step: an element, when it starts, how long it runs and how.
    public struct Step: Sendable, Hashable {
        /// The element it animates.
        public var id: String
        /// Seconds from the sequence's start to the step's start, finite and ≥ 0.
        public var delay: Double
        /// Seconds the step runs, finite and ≥ 0.
        public var duration: Double
        /// The easing over that duration (a spring keeps its own time).
        public var curve: Curve

        /// A step; the curve defaults to ease-out.
        public init(_ id: String, delay: Double, duration: Double, curve: Curve = .easeOut) {
            self.id = id
            self.delay = delay
            self.duration = duration
            self.curve = curve
        }
    }

    /// The steps, in the order given.
    public let steps: [Step]
    /// The compiled schedule.
    public let timeline: Timeline

    /// A sequence of steps, each placed at its delay.
    ///
    /// - Throws: ``TimelineError`` for a negative or non-finite delay or duration.
    public init(_ steps: [Step]) throws(TimelineError) {
        self.steps = steps
        var children: [TimelineChild] = []
        for step in steps {
            guard step.delay.isFinite else { throw .invalidTime(child: step.id, value: step.delay) }
            guard step.delay >= 0 else { throw .startsBeforeZero(child: step.id, start: step.delay) }
            children.append(.step(step.id, step.curve, duration: step.duration, at: .at(step.delay)))
        }
        timeline = try Timeline(children)
    }

    /// Seconds until the last step ends.
    public var duration: Double { timeline.duration }

    /// Whether a step of `id` is running at `time` seconds: delay ≤ time < delay +
    /// duration for any of its steps (two steps of one id may overlap: one from 0 s for
    /// 1 s and one from 0.2 s for 0.2 s keep it active from 0 to 1 s).
    ///
    /// `false` for an id no step animates and for a NaN time (no moment, so nothing
    /// runs then): the plan's signature does not throw, where ``Timeline/state(at:)``
    /// would reject NaN.
    public func isActive(_ id: String, at time: Double) -> Bool {
        guard !time.isNaN else { return false }
        // Phases only, no curve to evaluate (the timeline does not repeat).
        let scheduled = timeline.scheduledSteps
        return timeline.steps(of: id).contains { scheduled[$0].start <= time && time < scheduled[$0].end }
    }

    /// A card appearing part by part, all ease-out (delay / duration, seconds): the
    /// background (0 / 0.2), the icon (0.1 / 0.3), the title (0.15 / 0.25), the content
    /// (0.2 / 0.3), the actions (0.3 / 0.25); done after 0.55 s.
    public static let cardReveal: AnimationSequence = {
        // Constant, valid input: building it cannot throw.
        try! AnimationSequence([
            Step("background", delay: 0, duration: 0.2),
            Step("icon", delay: 0.1, duration: 0.3),
            Step("title", delay: 0.15, duration: 0.25),
            Step("content", delay: 0.2, duration: 0.3),
            Step("actions", delay: 0.3, duration: 0.25)
        ])
    }()

    /// A list appearing row by row: `"row[i]"` starts at i · `each` seconds and runs
    /// `duration` seconds of ease-out.
    ///
    /// - Throws: ``TimelineError/stagger(child:_:)`` for a negative count or more than
    ///   2²³ rows (a staggered list's limit), or wrapping ``StaggerError/invalidSpread(_:)``
    ///   for an `each` that is negative or not finite; the errors of ``init(_:)`` for a
    ///   bad duration.
    public static func rowByRow(count: Int, each: Double = 0.05, duration: Double = 0.3) throws(TimelineError)
        -> AnimationSequence
    {
        guard count >= 0 else { throw .stagger(child: "row", .negativeCount(count)) }
        let limit = StaggeredList.maximumCount
        guard count <= limit else { throw .stagger(child: "row", .tooManyItems(count: count, maximum: limit)) }
        // `each` is a stagger's spread between starts, not a gap after a row ends.
        guard each.isFinite, each >= 0 else { throw .stagger(child: "row", .invalidSpread(each)) }
        return try AnimationSequence(
            (0..<count).map { Step("row[\($0)]", delay: Double($0) * each, duration: duration) })
    }
}

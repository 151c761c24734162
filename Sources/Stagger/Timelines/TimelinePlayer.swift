/// Plays a ``Timeline`` against a clock the caller owns: play, pause, resume, stop,
/// seek, speed, reverse mid-flight; repeats, repeat delays and yoyo come from the
/// timeline's options.
///
/// A value with mutating methods that each take the clock time in seconds (any
/// monotonic clock: a display link's timestamp, `CACurrentMediaTime()`, a test's
/// numbers). Nothing runs between calls: ``update(at:)`` reports everything since the
/// previous call, so a dropped frame or a long jump still reports every event once.
///
/// ```swift
/// var player = TimelinePlayer(card)
/// try player.play(at: now)
/// // every frame:
/// for event in try player.update(at: now) { handle(event) }
/// let state = try player.state(at: now)
/// ```
public struct TimelinePlayer: Sendable {
    /// When playback counts as complete (SwiftUI's two completion criteria).
    public enum Completion: String, Sendable, Hashable, CaseIterable {
        /// At the timeline's logical end: every child's duration (springs at their
        /// settling duration).
        case logical
        /// When every spring is at rest (within 1e-5 of its target): after
        /// ``Timeline/restDuration`` in the last pass.
        case atRest
    }

    /// What the player is doing.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Not started, or stopped.
        case idle
        /// Time is moving.
        case playing
        /// Held by ``pause(at:)``.
        case paused
        /// Reached the end of its travel (the end, or the start when reversed).
        case finished
    }

    /// What ``update(at:)`` reports: MotionMachine's status events and the timeline's own.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// ``play(at:)`` started playback.
        case started
        /// ``stop(at:)`` stopped it.
        case stopped
        /// ``pause(at:)`` held it.
        case paused
        /// ``resume(at:)`` released it.
        case resumed
        /// ``reverse(at:)`` turned it around.
        case reversed
        /// A frame was played; the payload is the timeline time reached, in seconds.
        case updated(Double)
        /// Playback completed (see ``Completion``).
        case completed
        /// A timeline event (child started or completed, step completed, pass repeated or
        /// reversed, whole timeline finished).
        case timeline(TimelineEvent)

        /// The event in a few words: `started`, `updated to 0.5 s`, or the timeline
        /// event's own description.
        public var description: String {
            switch self {
            case .started: "started"
            case .stopped: "stopped"
            case .paused: "paused"
            case .resumed: "resumed"
            case .reversed: "reversed"
            case .updated(let time): "updated to \(time) s"
            case .completed: "completed"
            case .timeline(let event): event.description
            }
        }
    }

    /// The timeline played.
    public let timeline: Timeline
    /// When playback counts as complete.
    public let completion: Completion
    /// What the player is doing.
    public private(set) var status: Status = .idle
    /// Timeline seconds per clock second, finite and > 0.
    public private(set) var speed: Double = 1
    /// Whether time runs backward.
    public private(set) var isReversed = false
    /// Whether ``update(at:)`` reports ``Event/updated(_:)`` on every playing frame
    /// (true by default); a frame loop that reads the time itself can turn it off.
    public var reportsUpdates = true

    /// Timeline time at `anchorClock`; −∞ before the start.
    private var anchorTime = -Double.infinity
    private var anchorClock = 0.0
    /// The latest clock a call was given (−∞ before the first): clocks come in time
    /// order (``TimeOrder``).
    private var latestClock = -Double.infinity
    /// The timeline time up to which events have been reported.
    private var reported = -Double.infinity
    private var pending: [Event] = []

    /// Whether ``update(at:)`` has status events to report (a play, pause or stop since
    /// the last update).
    var hasPendingEvents: Bool { !pending.isEmpty }

    /// A player at rest before the timeline's start.
    public init(_ timeline: Timeline, completion: Completion = .logical) {
        self.timeline = timeline
        self.completion = completion
    }

    /// Whether time is moving (playing and not yet complete).
    public var isRunning: Bool { status == .playing }

    /// Where playback ends going forward, in timeline seconds (+∞ when it repeats forever).
    public var endTime: Double {
        completion == .atRest ? timeline.restEnd : timeline.totalDuration
    }

    /// The timeline time at clock time `clock` (−∞ before the start).
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` (child `"clock"`) for a clock
    ///   that is not finite, or that lies so far ahead that a forever repeating timeline's
    ///   time overflows.
    public func time(at clock: Double) throws(TimelineError) -> Double {
        // A question, not a change: any finite clock (TimeOrder).
        guard clock.isFinite else { throw .invalidTime(child: "clock", value: clock) }
        guard status == .playing else { return anchorTime }
        let moved = (clock - anchorClock) * speed
        let time = min(max(anchorTime + (isReversed ? -moved : moved), 0), endTime)
        guard time.isFinite else { throw .invalidTime(child: "clock", value: clock) }
        return time
    }

    /// The timeline's state at clock time `clock`.
    ///
    /// - Throws: the errors of ``time(at:)`` and of ``Timeline/state(at:)``.
    public func state(at clock: Double) throws(TimelineError) -> TimelineState {
        try timeline.state(at: time(at: clock))
    }

    // Every mutating method below works on a copy and commits it only at the end, so
    // that one that throws leaves the player exactly as it was.

    /// Starts from the beginning (from the end when reversed) at clock time `clock`.
    ///
    /// A timeline whose end is its start (every child of zero length) completes at
    /// once; its events are still reported, by the next ``update(at:)``.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a clock that is not
    ///   finite, or when playing reversed a timeline that repeats forever (it has no
    ///   end to start from); ``TimelineError/tooManyPasses(count:maximum:)`` as
    ///   ``update(at:)``.
    public mutating func play(at clock: Double) throws(TimelineError) {
        let clock = try accepted(clock)
        var next = self
        next.latestClock = clock
        let start = isReversed ? endTime : 0
        guard start.isFinite else { throw .invalidTime(child: "play", value: start) }
        if isReversed && next.reported == -.infinity { next.reported = start }
        if !isReversed { next.reported = -.infinity }
        next.anchorTime = start
        next.anchorClock = clock
        next.status = .playing
        next.pending.append(.started)
        try next.checkCompletion()
        self = next
    }

    /// Holds time where it is.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a clock that is not
    ///   finite; the errors of ``update(at:)`` for the events up to `clock`.
    public mutating func pause(at clock: Double) throws(TimelineError) {
        let clock = try accepted(clock)
        guard status == .playing else {
            latestClock = clock
            return
        }
        var next = self
        next.latestClock = clock
        try next.advance(to: clock)
        if next.status == .playing {
            next.status = .paused
            next.pending.append(.paused)
        }
        self = next
    }

    /// Lets time move again from where it was paused.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a clock that is not finite.
    public mutating func resume(at clock: Double) throws(TimelineError) {
        let clock = try accepted(clock)
        latestClock = clock
        guard status == .paused else { return }
        anchorClock = clock
        status = .playing
        pending.append(.resumed)
    }

    /// Stops and returns before the start, without reporting the children it passes.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a clock that is not finite.
    public mutating func stop(at clock: Double) throws(TimelineError) {
        let clock = try accepted(clock)
        latestClock = clock
        anchorTime = -.infinity
        anchorClock = clock
        reported = -.infinity
        status = .idle
        pending.append(.stopped)
    }

    /// Jumps to timeline time `time` (clamped to [0, ``endTime``]), keeping the status
    /// (a finished player becomes paused there).
    ///
    /// - Parameters:
    ///   - time: the timeline time to show, in seconds.
    ///   - clock: the caller's clock now, in seconds (as given to ``update(at:)``).
    ///   - reportsEvents: Whether the events between the last reported time and the new
    ///     time are reported (by default they are, so that listeners stay consistent).
    ///     `false` skips them all, including those played since the last
    ///     ``update(at:)``: the way past a jump of more than
    ///     ``Timeline/maximumPassesPerQuery`` passes.
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time, a clock that
    ///   is not finite, or +∞ on a timeline that repeats forever (it has no end to clamp
    ///   to); ``TimelineError/tooManyPasses(count:maximum:)`` when the events to report
    ///   span more passes than a query may.
    public mutating func seek(to time: Double, at clock: Double, reportsEvents: Bool = true) throws(TimelineError) {
        guard !time.isNaN else { throw .invalidTime(child: "seek", value: time) }
        let clock = try accepted(clock)
        let target = min(max(time, 0), endTime)
        guard target.isFinite else { throw .invalidTime(child: "seek", value: time) }
        var next = self
        next.latestClock = clock
        if reportsEvents {
            try next.advance(to: clock)
            try next.report(to: target)
        } else {
            // Nothing between the last report and the target is listed, not even the
            // stretch played up to `clock`: that is what lets a seek skip a jump too
            // long to report.
            next.reported = target
        }
        next.anchorTime = target
        next.anchorClock = clock
        if next.status == .finished || next.status == .idle { next.status = .paused }
        self = next
    }

    /// Turns playback around where it is, mid-flight; a finished player plays back.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a clock that is not
    ///   finite; the errors of ``update(at:)`` for the events up to `clock`.
    public mutating func reverse(at clock: Double) throws(TimelineError) {
        let clock = try accepted(clock)
        var next = self
        next.latestClock = clock
        try next.advance(to: clock)
        next.isReversed.toggle()
        next.anchorClock = clock
        if next.anchorTime == -.infinity { next.anchorTime = 0 }
        if next.status == .finished { next.status = .playing }
        next.pending.append(.reversed)
        if next.status == .playing { try next.checkCompletion() }
        self = next
    }

    /// Changes the speed from clock time `clock` on.
    ///
    /// - Throws: ``TimelineError/invalidTimeScale(_:)`` unless `speed` is finite and > 0;
    ///   ``TimelineError/invalidTime(child:value:)`` for a clock that is not finite; the
    ///   errors of ``update(at:)`` for the events up to `clock`.
    public mutating func setSpeed(_ speed: Double, at clock: Double) throws(TimelineError) {
        guard speed.isFinite, speed > 0 else { throw .invalidTimeScale(speed) }
        let clock = try accepted(clock)
        var next = self
        next.latestClock = clock
        try next.advance(to: clock)
        next.speed = speed
        self = next
    }

    /// Advances to clock time `clock` and returns everything since the last call, in
    /// order: status events and timeline events.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a clock that is not
    ///   finite, ``TimelineError/timeRunsBackward(time:latest:)`` for one more than
    ///   ``TimeOrder/tolerance`` before the latest call's (every call that takes a clock
    ///   refuses it alike); ``TimelineError/tooManyPasses(count:maximum:)`` when the clock jumped over
    ///   more passes than one query may list (the player is left as it was: seek
    ///   without reporting events to move on).
    public mutating func update(at clock: Double) throws(TimelineError) -> [Event] {
        let clock = try accepted(clock)
        var next = self
        next.latestClock = clock
        let wasPlaying = next.status == .playing
        try next.advance(to: clock)
        if !reportsUpdates {
            // Nothing to add.
        } else if wasPlaying, let last = next.pending.lastIndex(of: .completed) {
            next.pending.insert(.updated(next.anchorTime), at: last)
        } else if wasPlaying {
            next.pending.append(.updated(next.anchorTime))
        }
        let events = next.pending
        next.pending.removeAll()
        self = next
        return events
    }

    // MARK: - Internals

    /// The clock a call stamped `clock` acts at, by the one rule of ``TimeOrder``: NaN
    /// and infinite clocks are refused (time would become NaN from them), and so is one
    /// more than ``TimeOrder/tolerance`` before the latest call's; one within it acts at
    /// the latest call's clock. Each call stores what this returns once it succeeds.
    private func accepted(_ clock: Double) throws(TimelineError) -> Double {
        try TimeOrder.accept(
            clock, after: latestClock, nonFinite: { TimelineError.invalidTime(child: "clock", value: $0) },
            runsBackward: TimelineError.timeRunsBackward)
    }

    /// Moves time to `clock` when playing, reporting what it crosses.
    private mutating func advance(to clock: Double) throws(TimelineError) {
        guard status == .playing else { return }
        let time = try self.time(at: clock)
        try report(to: time)
        anchorTime = time
        anchorClock = clock
        try checkCompletion()
    }

    /// Reports the timeline events from the last reported time to `time`.
    private mutating func report(to time: Double) throws(TimelineError) {
        // Moved into the pending list one at a time from the end, in order: a mapped
        // copy appended by the generic path copied each event twice and released it
        // twice (most of a seek across thousands of children). Room made once, at least
        // doubling, so that many small reports stay linear.
        var events = try timeline.eventsLastFirst(from: reported, to: time)
        let needed = pending.count + events.count
        if pending.capacity < needed { pending.reserveCapacity(Swift.max(needed, 2 * pending.capacity)) }
        while let event = events.popLast() { pending.append(.timeline(event)) }
        reported = time
    }

    /// Finishes at the end of travel: the end going forward (every event up to it
    /// reported first, so that a timeline ending where it starts still reports its
    /// children); going backward, the start, and then before it (children starting at
    /// 0 are crossed back too).
    private mutating func checkCompletion() throws(TimelineError) {
        if !isReversed && anchorTime >= endTime {
            try report(to: endTime)
            status = .finished
            pending.append(.completed)
        } else if isReversed && anchorTime <= 0 {
            try report(to: -.infinity)
            anchorTime = -.infinity
            status = .finished
            pending.append(.completed)
        }
    }
}

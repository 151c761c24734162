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
/// player.play(at: now)
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
    public enum Event: Sendable, Hashable {
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

    /// Timeline time at `anchorClock`; −∞ before the start.
    private var anchorTime = -Double.infinity
    private var anchorClock = 0.0
    /// The timeline time up to which events have been reported.
    private var reported = -Double.infinity
    private var pending: [Event] = []

    /// A player at rest before the timeline's start.
    public init(_ timeline: Timeline, completion: Completion = .logical) {
        self.timeline = timeline
        self.completion = completion
    }

    /// Whether time is moving (playing and not yet complete).
    public var isRunning: Bool { status == .playing }

    /// Where playback ends going forward, in timeline seconds (+∞ when it repeats forever).
    public var endTime: Double {
        let total = timeline.totalDuration
        guard completion == .atRest, total.isFinite else { return total }
        let last = timeline.options.passes - 1
        let backward = timeline.isReversed(pass: last) && timeline.options.reversing == .contiguous
        return backward ? total : total + (timeline.restDuration - timeline.duration)
    }

    /// The timeline time at clock time `clock` (−∞ before the start).
    public func time(at clock: Double) -> Double {
        guard status == .playing else { return anchorTime }
        let moved = (clock - anchorClock) * speed
        let time = anchorTime + (isReversed ? -moved : moved)
        return min(max(time, 0), endTime)
    }

    /// The timeline's state at clock time `clock`.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN clock.
    public func state(at clock: Double) throws(TimelineError) -> TimelineState {
        guard !clock.isNaN else { throw .invalidTime(child: "clock", value: clock) }
        return try timeline.state(at: time(at: clock))
    }

    /// Starts from the beginning (from the end when reversed) at clock time `clock`.
    public mutating func play(at clock: Double) {
        let start = isReversed ? endTime : 0
        if isReversed && reported == -.infinity { reported = start }
        if !isReversed { reported = -.infinity }
        anchorTime = start
        anchorClock = clock
        status = .playing
        pending.append(.started)
        checkCompletion()
    }

    /// Holds time where it is.
    public mutating func pause(at clock: Double) {
        guard status == .playing else { return }
        advance(to: clock)
        guard status == .playing else { return }
        status = .paused
        pending.append(.paused)
    }

    /// Lets time move again from where it was paused.
    public mutating func resume(at clock: Double) {
        guard status == .paused else { return }
        anchorClock = clock
        status = .playing
        pending.append(.resumed)
    }

    /// Stops and returns before the start, without reporting the children it passes.
    public mutating func stop(at clock: Double) {
        anchorTime = -.infinity
        anchorClock = clock
        reported = -.infinity
        status = .idle
        pending.append(.stopped)
    }

    /// Jumps to timeline time `time` (clamped to [0, ``endTime``]), keeping the status
    /// (a finished player becomes paused there).
    ///
    /// - Parameter reportsEvents: Whether the events between the old and the new time
    ///   are reported (by default they are, so that listeners stay consistent).
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time.
    public mutating func seek(to time: Double, at clock: Double, reportsEvents: Bool = true) throws(TimelineError) {
        guard !time.isNaN else { throw .invalidTime(child: "seek", value: time) }
        advance(to: clock)
        let target = min(max(time, 0), endTime)
        if reportsEvents { report(to: target) } else { reported = target }
        anchorTime = target
        anchorClock = clock
        if status == .finished { status = .paused }
        if status == .idle { status = .paused }
    }

    /// Turns playback around where it is, mid-flight; a finished player plays back.
    public mutating func reverse(at clock: Double) {
        advance(to: clock)
        isReversed.toggle()
        anchorClock = clock
        if anchorTime == -.infinity { anchorTime = 0 }
        if status == .finished { status = .playing }
        pending.append(.reversed)
        if status == .playing { checkCompletion() }
    }

    /// Changes the speed from clock time `clock` on.
    ///
    /// - Throws: ``TimelineError/invalidTimeScale(_:)`` unless `speed` is finite and > 0.
    public mutating func setSpeed(_ speed: Double, at clock: Double) throws(TimelineError) {
        guard speed.isFinite, speed > 0 else { throw .invalidTimeScale(speed) }
        advance(to: clock)
        self.speed = speed
    }

    /// Advances to clock time `clock` and returns everything since the last call, in
    /// order: status events and timeline events.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN clock.
    public mutating func update(at clock: Double) throws(TimelineError) -> [Event] {
        guard !clock.isNaN else { throw .invalidTime(child: "clock", value: clock) }
        let wasPlaying = status == .playing
        advance(to: clock)
        if wasPlaying, let last = pending.lastIndex(of: .completed) {
            pending.insert(.updated(anchorTime), at: last)
        } else if wasPlaying {
            pending.append(.updated(anchorTime))
        }
        defer { pending.removeAll() }
        return pending
    }

    // MARK: - Internals

    /// Moves time to `clock` when playing, reporting what it crosses.
    private mutating func advance(to clock: Double) {
        guard status == .playing else { return }
        let time = self.time(at: clock)
        report(to: time)
        anchorTime = time
        anchorClock = clock
        checkCompletion()
    }

    /// Reports the timeline events from the last reported time to `time`.
    private mutating func report(to time: Double) {
        if let events = try? timeline.events(from: reported, to: time) {
            pending.append(contentsOf: events.map(Event.timeline))
        }
        reported = time
    }

    /// Finishes at the end of travel: the end going forward; going backward, the start,
    /// and then before it (children starting at 0 are crossed back too).
    private mutating func checkCompletion() {
        if !isReversed && anchorTime >= endTime {
            status = .finished
            pending.append(.completed)
        } else if isReversed && anchorTime <= 0 {
            report(to: -.infinity)
            anchorTime = -.infinity
            status = .finished
            pending.append(.completed)
        }
    }
}

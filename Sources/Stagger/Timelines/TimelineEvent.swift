/// Which way time crossed an event's moment.
public enum TimelineDirection: String, Sendable, Hashable, CaseIterable {
    /// Forward through the schedule: a step started or completed.
    case forward
    /// Backward: a step returned before its completion or before its start (a reversed
    /// pass, a player playing in reverse, a seek back).
    case backward
}

/// Something that happened at one moment of a timeline, as ``Timeline/events(from:to:)``
/// reports it.
public struct TimelineEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A child (step, group, sequence, list, nested timeline, or the whole timeline
        /// as node 0) reached its start.
        case started
        /// A child reached its end.
        case completed
        /// A sequence's step (child index `step`) reached its end.
        case stepCompleted(step: Int)
        /// A new pass began (``iteration`` is its index, ≥ 1).
        case repeated
        /// A new pass began that plays in the other direction (yoyo).
        case reversed
        /// The last pass ended: the whole timeline is complete.
        case finished
    }

    /// What happened.
    public let kind: Kind
    /// Its name: the step id or the container's name; `""` for ``Kind-swift.enum/repeated``,
    /// ``Kind-swift.enum/reversed`` and ``Kind-swift.enum/finished``.
    public let child: String
    /// The node index of the child (see ``Timeline/childName(_:)``), −1 for whole-timeline events.
    public let node: Int
    /// When, in timeline seconds.
    public let time: Double
    /// The pass it belongs to.
    public let iteration: Int
    /// Which way time crossed it.
    public let direction: TimelineDirection

    /// For example `"completed title @0.42 (pass 0, forward)"`.
    public var description: String {
        "\(kind) \(child) @\(time) (pass \(iteration), \(direction.rawValue))"
    }

    /// The same event crossed the other way, made from this one (its name moved, not
    /// copied).
    consuming func flipped() -> TimelineEvent {
        TimelineEvent(
            kind: kind, child: child, node: node, time: time, iteration: iteration,
            direction: direction == .forward ? .backward : .forward)
    }
}

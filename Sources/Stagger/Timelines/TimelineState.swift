/// Where one step of a timeline is at a moment.
public struct TimelineStepState: Sendable, Hashable {
    /// Where a step is in its run.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// It has not started (its elapsed time is negative).
        case pending
        /// It has started and not reached its duration.
        case active
        /// It has run its duration (a jump finishes the moment it starts).
        case finished
    }

    /// The target's id.
    public let id: String
    /// Pending, active or finished.
    public let phase: Phase
    /// Seconds since the step started: negative before it, may exceed its duration.
    public let elapsed: Double
    /// Elapsed time over duration, clamped to [0, 1] (0 or 1 for a jump).
    public let progress: Double
    /// The value: the step's `from` plus its span times the eased progress, 0 → 1 unless
    /// the step gave its own ends (springs may overshoot and keep settling after the
    /// step's logical end).
    public let value: Double
    /// Whether the target is shown: once started, while active, and after finishing
    /// when the step keeps it alive.
    public let isVisible: Bool
}

/// Every step of a timeline at one time: what ``Timeline/state(at:)`` returns.
public struct TimelineState: Sendable, Hashable {
    /// The time asked about, in timeline seconds.
    public let time: Double
    /// The pass it falls in (0 for the first; the last pass after the end).
    public let iteration: Int
    /// Whether that pass plays in reverse (a yoyo's odd passes).
    public let isReversedPass: Bool
    /// Every step, in the order of ``Timeline/scheduledSteps``.
    public let steps: [TimelineStepState]
    let stepsByID: [String: [Int]]

    /// The state of target `id`: the latest of its steps to have started in the
    /// schedule the pass follows, or the next to start when none has; `nil` for an id
    /// no step animates.
    ///
    /// "Latest to start" is the smallest elapsed time among the steps that are not
    /// pending, which holds in every kind of pass: a forward one, a contiguous reversed
    /// one (the forward schedule with time running back) and a sequential reversed one
    /// (the mirrored schedule, where a sequence's later steps start first). Ties go to
    /// the step later in the forward order.
    public subscript(id: String) -> TimelineStepState? {
        guard let indices = stepsByID[id], var best = indices.first else { return nil }
        var started = false
        for index in indices {
            let step = steps[index]
            let isStarted = step.phase != .pending
            if isStarted && !started {
                best = index
                started = true
            } else if isStarted == started {
                // Started: the latest start wins; pending: the nearest start wins.
                let current = steps[best].elapsed
                if started ? step.elapsed <= current : step.elapsed > current { best = index }
            }
        }
        return steps[best]
    }

    /// Whether target `id` is animating now (its governing step is active).
    public func isActive(_ id: String) -> Bool { self[id]?.phase == .active }

    /// Whether target `id` is shown now by its governing step (see
    /// ``TimelineStepState/isVisible``). A matched sequence's views are inserted and
    /// removed instead: ask ``MatchedSequence/isPresent(_:at:initially:)``.
    public func isVisible(_ id: String) -> Bool { self[id]?.isVisible ?? false }
}

extension TimelineStepState: CustomStringConvertible {
    /// One line: `title active 0.4 (value 0.78)`, with `, hidden` when not visible.
    public var description: String {
        let progress = (self.progress * 100).rounded() / 100, value = (self.value * 100).rounded() / 100
        return "\(id) \(phase.rawValue) \(progress) (value \(value))\(isVisible ? "" : ", hidden")"
    }
}

extension TimelineState: CustomStringConvertible {
    /// The time and pass, then a line per step (see ``TimelineStepState/description``).
    public var description: String {
        let pass = "pass \(iteration)\(isReversedPass ? ", reversed" : "")"
        return (["timeline at \(time) s, \(pass):"] + steps.map { "  " + $0.description }).joined(separator: "\n")
    }
}

/// One step of a ``MatchedSequence``: MatchedSequencer's step, timed by its curve (see
/// ``Completion``) instead of a fixed 600 ms.
public struct MatchedStep: Sendable, Hashable {
    /// What a step does to its target.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Flips which of a source/destination pair is the active (matched) one.
        case matched
        /// Inserts the target's view, or removes it if present.
        case transition
    }

    /// The target (a matched pair's id or a view's id).
    public var id: String
    /// What the step does.
    public var kind: Kind
    /// The animation.
    public var curve: Curve
    /// Seconds (finite, ≥ 0) to wait before the step, after the previous step's start
    /// (it did not wait) or end (it waited).
    public var delay: Double
    /// Whether the target stays visible after its step (see ``TimelineStepState/isVisible``).
    public var keepsAlive: Bool
    /// Whether the next step waits for this one to finish; `false` lets the following
    /// steps with delay 0 run with it as a concurrent batch.
    public var waitsForCompletion: Bool
    /// When the step counts as finished: the end of its timeline step, which the next one
    /// waits for when ``waitsForCompletion`` is set.
    public var completion: Completion

    /// When a step counts as finished.
    public enum Completion: String, Sendable, Hashable, CaseIterable {
        /// After ``Curve/duration``: an easing's duration, or a spring's settling
        /// duration, the conservative figure SwiftUI's own completion waits for (1.206 s
        /// for stiffness 170, damping 15).
        case logical
        /// When the curve has come to rest for good, within 0.001 of its target: a
        /// spring's ``Spring/restDuration(target:initialVelocity:epsilon:)`` (0.9475 s for
        /// that spring); an easing's or a decay's duration, as with `logical`.
        case atRest
    }

    /// A step; by default a transition on the default spring that the next step waits for
    /// until its settling duration has passed.
    public init(
        _ id: String, kind: Kind = .transition, curve: Curve = .spring, delay: Double = 0,
        keepsAlive: Bool = true, waitsForCompletion: Bool = true, completion: Completion = .logical
    ) {
        self.id = id
        self.kind = kind
        self.curve = curve
        self.delay = delay
        self.keepsAlive = keepsAlive
        self.waitsForCompletion = waitsForCompletion
        self.completion = completion
    }

    /// The step's duration in the timeline when it animates: `nil` for the curve's own
    /// (``Curve/duration``), or its rest duration (``Completion/atRest``).
    func animatedDuration() throws(TimelineError) -> Double? {
        guard completion == .atRest, case .spring(let spring, let velocity) = curve.kind else { return nil }
        do { return try spring.restDuration(target: 1, initialVelocity: velocity) } catch {
            throw .curve(child: id, error)
        }
    }
}

/// MatchedSequencer's model as a timeline: steps run one after another (or in concurrent
/// batches), each waiting for the previous step's real duration (a spring's settling
/// duration), not a fixed 600 ms; a step after a batch waits for the batch's longest step.
/// A batch of two or more steps is a group named `"batch"` in the timeline's events.
///
/// Play it with a ``TimelinePlayer`` over ``timeline`` (its `isRunning` is the
/// sequencer's), and ask which side of a matched pair is active, or whether a view is
/// present, at any time.
public struct MatchedSequence: Sendable {
    /// The steps, in the order given.
    public let steps: [MatchedStep]
    /// Whether the steps run back to front: batch by batch, each batch whole (its steps
    /// together, with the delays inside it) after its own delay, so `a`, `b` (not
    /// waiting), `c` reversed runs `b` and `c` together, then `a`.
    public let isReversed: Bool
    /// Whether the steps animate; `false` jumps straight to the end state at time 0.
    public let animates: Bool
    /// The compiled schedule: one timeline step per matched step, in running order.
    public let timeline: Timeline
    /// The steps in running order: the batches back to front when reversed.
    private let runningOrder: [MatchedStep]

    /// Builds the schedule.
    ///
    /// - Parameters:
    ///   - steps: The steps, in the order given.
    ///   - reversed: Whether the batches run back to front (see ``isReversed``).
    ///   - animates: `false` jumps to the end state at time 0 (see ``animates``).
    ///   - timeScale: Speed factor, finite and > 0 (2 runs every step and delay twice as
    ///     fast, springs included), as ``Timeline/Options-swift.struct/timeScale``.
    ///   - reducedMotion: Whether motion is reduced: each step then runs the fade of
    ///     ``Timeline/Options-swift.struct/reducedMotion`` over at most
    ///     ``ReducedMotion/fadeDuration`` seconds, and later steps move up.
    /// - Throws: ``TimelineError/negativeGap(child:gap:)`` for a negative delay,
    ///   ``TimelineError/invalidTime(child:value:)``
    ///   for a non-finite delay, ``TimelineError/infiniteDuration(child:)`` for an
    ///   undamped spring, ``TimelineError/invalidTimeScale(_:)`` for a time scale that is
    ///   not finite and > 0.
    public init(
        _ steps: [MatchedStep], reversed: Bool = false, animates: Bool = true, timeScale: Double = 1,
        reducedMotion: ReducedMotion = .system(isEnabled: false)
    ) throws(TimelineError) {
        self.steps = steps
        self.isReversed = reversed
        self.animates = animates
        // Batches, in the order given: a step that does not wait lets the next one start
        // with it, so a run of such steps (and the step closing it) runs concurrently.
        var batches: [ArraySlice<MatchedStep>] = []
        var first = 0
        while first < steps.count {
            var last = first
            while last + 1 < steps.count && !steps[last].waitsForCompletion { last += 1 }
            batches.append(steps[first...last])
            first = last + 1
        }
        // Reversed, the batches run back to front, each whole: its steps still together,
        // with the delays between them, after its own delay.
        let running = reversed ? Array(batches.reversed()) : batches
        runningOrder = running.flatMap { $0 }
        // The step after a batch waits for the whole batch, that is for its longest step,
        // not merely for the last one given: each batch of two or more is a group, which
        // ends with its longest child.
        var children: [TimelineChild] = []
        for batch in running {
            var members: [TimelineChild] = []
            var batchDelay = 0.0
            for (i, step) in zip(batch.indices, batch) {
                // Without animation every step is a jump with no delay: the end state at 0.
                let delay = animates ? step.delay : 0
                guard delay.isFinite else { throw .invalidTime(child: step.id, value: delay) }
                guard delay >= 0 else { throw .negativeGap(child: step.id, gap: delay) }
                // Inside a batch a delay counts from the previous step's start.
                if i == batch.startIndex { batchDelay = delay }
                let position: TimelinePosition? =
                    batch.count == 1 ? nil : i == batch.startIndex ? .at(0) : .withPrevious(offset: delay)
                members.append(
                    .step(
                        step.id, step.curve, duration: animates ? try step.animatedDuration() : 0,
                        keepsAlive: step.keepsAlive, at: position))
            }
            // The first batch's delay counts from the sequence's start, a later one's from
            // the end of the batch before it.
            let position: TimelinePosition = children.isEmpty ? .at(batchDelay) : .afterPrevious(gap: batchDelay)
            if let step = batch.first, batch.count == 1 {
                children.append(
                    .step(
                        step.id, step.curve, duration: animates ? try step.animatedDuration() : 0,
                        keepsAlive: step.keepsAlive, at: position))
            } else {
                children.append(.group(members, name: "batch", at: position))
            }
        }
        timeline = try Timeline(children, options: .init(timeScale: timeScale, reducedMotion: reducedMotion))
    }

    /// Whether the destination of the matched pair `id` is the active one at `time`
    /// (seconds): `initially` flipped once per matched step on `id` that has started.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time.
    public func isDestinationActive(_ id: String, at time: Double, initially: Bool = false) throws(TimelineError)
        -> Bool
    {
        try toggled(id, kind: .matched, at: time, initially: initially)
    }

    /// Whether the view `id` is present at `time` (seconds): `initially` flipped once
    /// per transition step on `id` that has started.
    ///
    /// Presence is whether the view is in the hierarchy at all (as SwiftUI's `if`: each
    /// transition step inserts or removes it). It is a different question from
    /// ``TimelineState/isVisible(_:)``, which says whether one timeline step shows its
    /// target, from that step's phase and `keepsAlive`; so it keeps its own name.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time.
    public func isPresent(_ id: String, at time: Double, initially: Bool = false) throws(TimelineError) -> Bool {
        try toggled(id, kind: .transition, at: time, initially: initially)
    }

    private func toggled(_ id: String, kind wanted: MatchedStep.Kind, at time: Double, initially: Bool)
        throws(TimelineError) -> Bool
    {
        guard !time.isNaN else { throw .invalidTime(child: "time", value: time) }
        let order = runningOrder
        // Timeline steps of one id keep the running order (by start, then document order).
        let starts = timeline.steps(of: id).map { timeline.scheduledSteps[$0].start }
        let kinds = order.filter { $0.id == id }.map(\.kind)
        var state = initially
        for (start, kind) in zip(starts, kinds) where kind == wanted && start <= time { state.toggle() }
        return state
    }
}

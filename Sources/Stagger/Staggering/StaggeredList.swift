/// Every item of a list or grid, appearing and disappearing in a stagger, sampled at any
/// time in one kernel pass.
///
/// A pure function of time: ``show(at:)``, ``hide(at:)``, ``insert(_:before:at:)`` and
/// ``remove(items:at:)`` record what happens when, and ``sample(at:into:backend:threads:)``
/// answers for any time from the last transition on, in any order, with no timers.
///
/// A transition replaces the motion: an earlier time is answered by the new motion (an
/// item that restarted from its value holds it; one whose easing carries on additively
/// shows the motion in flight, the new layer not yet begun), not by the history it
/// replaced. Keeping that history would keep every transition's per-item buffers (for
/// 10,000 items, 720 kB or more a tap) for times a frame loop never asks about;
/// and a display link whose timestamp trails a tap by part of a frame gets the new
/// motion's start, not an error. Changes themselves come in time order, by the rule of
/// ``TimeOrder``: a hide stamped before the last show by more than
/// ``TimeOrder/tolerance`` is refused. Each item has an *appearance*,
/// 0 hidden and 1 shown, driven by the config's curve after the item's delay; every
/// ``StaggerTrack`` maps it to a property (opacity, offset, scale, ...).
///
/// ```swift
/// var list = try StaggeredList(count: 10_000, config: .standard)
/// try list.show(at: 0)
/// var frame = list.makeFrame()
/// try list.sample(at: 0.25, into: &frame)   // frame.values(ofTrack: 0): opacities
/// ```
///
/// Interruptions keep motion continuous, by one rule for every per-item motion in the
/// package (matched pairs and component states run the lane engine; a list runs it too,
/// or a compact form of its motion under one easing or one spring that follows the
/// same rule). An item
/// still moving when ``show(at:)``, ``hide(at:)`` or ``move(item:to:at:)`` sends it
/// somewhere else starts toward the new target at once:
/// - under a spring, from its current value **and velocity**;
/// - under the easing it was already running, additively, as in SwiftUI and Core
///   Animation: the motion in flight runs on to its end and the change of target is
///   added on top by the curve from the tap, value(t) = old(t) + (new target − old
///   target)·curve(t − tap). The value is continuous; so is the velocity for curves
///   that start flat (``Curve/easeIn``, ``Curve/easeInOut``, and the sine, quad, cubic,
///   quart, quint, circ and back `in` and `inOut` curves), while a curve that starts
///   steep (easeOut-like, bounce) adds its own start slope times the change. Up to four
///   such motions overlap in an item; one more freezes an earlier one at its value
///   (in a list that only shows and hides, the oldest interruption's: see the
///   Staggering article);
/// - under another easing (a ``hideCurve``, a changed ``config``) or a decay, from its
///   current value.
///
/// Items at rest get the new stagger (a hide in reverse order by default). Inserting or
/// removing items leaves the others on their trajectories. The Staggering article
/// restates the rule, which is the engine's own (documented where it is implemented).
public struct StaggeredList: Sendable {
    /// The order in which a hide runs.
    public enum HideOrder: String, Sendable, Hashable, CaseIterable {
        /// The last item to appear is the first to go (what users of every peer ask for).
        case reversed
        /// The same order as showing.
        case sameAsShow
    }

    /// How items are staggered and the curve they run; changes apply from the next
    /// transition (``show(at:)``, ``hide(at:)``, ``insert(_:before:at:)``,
    /// ``move(item:to:at:)``, ``release(item:from:velocity:toward:at:)``).
    public var config: StaggerConfig
    /// The properties every item animates (at most ``StaggerFrame/maximumTrackCount``;
    /// sampling throws beyond); ``makeFrame(recordsAppearance:)`` sizes a frame for them.
    public var tracks: [StaggerTrack]
    /// The order of hides.
    public var hideOrder: HideOrder = .reversed
    /// The curve items run as they hide (MotionMachine's `reverseEasing`: a quick
    /// ease-in on the way out after a bouncy entrance), from the next hide; `nil` runs
    /// ``config``'s curve both ways. Items still moving when a hide starts turn back by
    /// the list's interruption rule (see the type's discussion): a spring hide takes
    /// their value and velocity; an easing hide is additive only when the show ran the
    /// same easing (so with `nil`), and otherwise starts from their value. Reduced
    /// motion fades either way.
    public var hideCurve: Curve?
    /// Whether motion is reduced, from the next transition: transforms jump, opacity
    /// fades in ``ReducedMotion/fadeDuration`` seconds, the stagger spreads over at most
    /// ``ReducedMotion/maximumSpread`` seconds (see ``ReducedMotion``). Pass the
    /// device's setting as `.system(isEnabled:)`; off by default. A transition in full
    /// motion right after a reduced one, while items are still fading, starts every
    /// track from the fade's value (a jumped transform steps back to it).
    public var reducedMotion: ReducedMotion = .system(isEnabled: false)
    /// The number of items.
    public internal(set) var count: Int

    /// Most items a list holds, and the one limit of every staggered pass (a grid, a
    /// delay pass, a curve's staggered sampling): 2²³, so that grid cells stay exact in
    /// float32.
    public static let maximumCount = KernelLimits.staggeredItems
    /// Whether the last transition was a show.
    public internal(set) var isShown = false

    /// When the last transition started, on the caller's clock: the time a uniform
    /// source's delays count from (a lane animation keeps its own start).
    var start: Double = 0
    var motion: Motion
    /// The time of the latest change (show, hide, insert, move, release), −∞ before the
    /// first: changes come in time order (``TimeOrder``).
    var latestChange = -Double.infinity
    /// Each item's time of coming to rest in a motion that a later transition replaced
    /// (−∞ for none; empty until some item has one): a tap between two frames replaces
    /// the motion an item settled in since the previous frame, and the next frame must
    /// still hear of it. One time per item, the latest, so that the memory stays
    /// O(count) however many transitions come.
    var earlierRests: [Double] = []
    /// A uniform motion (its start and motion) that a transition replaced once every
    /// item had come to rest in it: it stands for each item's earlier rest (which
    /// supersedes ``earlierRests``, then empty) without a time per item, so that a tap
    /// on a list at rest costs O(1). A later change that needs times per item
    /// materializes it into ``earlierRests`` (``materializeSettledMotion()``).
    var settledMotion: (start: Double, motion: Motion)?

    /// A list of `count` hidden items.
    ///
    /// - Throws: ``StaggerError`` when the config does not fit `count` items (see
    ///   ``StaggerConfig/delay(for:of:)``), or for more than 2²³ items;
    ///   ``StaggerError/invalidTrack(name:field:value:)`` for a track whose ends are not
    ///   finite (``StaggerTrack/validate()``).
    public init(count: Int, config: StaggerConfig, tracks: [StaggerTrack] = StaggerTrack.appearance)
        throws(StaggerError)
    {
        try config.validate(count: count)
        guard count <= Self.maximumCount else { throw .tooManyItems(count: count, maximum: Self.maximumCount) }
        guard tracks.count <= StaggerFrame.maximumTrackCount else {
            throw .tooManyTracks(count: tracks.count, maximum: StaggerFrame.maximumTrackCount)
        }
        for track in tracks { try track.validate() }
        self.count = count
        self.config = config
        self.tracks = tracks
        motion = try Motion(.closedForm(from: 0, to: 0, config: config), curve: config.curve, count: count)
    }

    /// When every item is at rest, on the caller's clock: the last transition's time
    /// plus ``settlingDuration`` (as ``MatchedPairGroup/settleTime``).
    public var settleTime: Double { start + motion.settlingOffset }

    // MARK: - Transitions

    /// Starts showing every item at `time` (seconds on the caller's clock), staggered by
    /// the config, with the config's curve (the motion keeps it until the next
    /// transition, whatever later happens to ``config``).
    ///
    /// Items still moving start toward 1 at once, by the list's one interruption rule
    /// (see the type's discussion): a spring from its value and velocity, an easing by
    /// adding the change of target to the motion in flight when it runs the same
    /// easing (from its value otherwise). Items at rest, including those that never
    /// started, wait for their delay.
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a non-finite time;
    ///   ``StaggerError/timeRunsBackward(time:latest:)`` for one more than
    ///   ``TimeOrder/tolerance`` before the latest change (one within it is taken at the
    ///   latest change's time); the config's errors. The list is unchanged when it throws.
    public mutating func show(at time: Double) throws(StaggerError) {
        let time = try changeTime(time)
        try transition(to: 1, at: time, reversed: false)
        isShown = true
        latestChange = time
    }

    /// Starts hiding every item at `time`, in ``hideOrder``, with ``hideCurve`` or the
    /// config's curve; items still moving turn back by the same rule as in ``show(at:)``.
    ///
    /// - Throws: as ``show(at:)``. The list is unchanged when it throws.
    public mutating func hide(at time: Double) throws(StaggerError) {
        let time = try changeTime(time)
        try transition(to: 0, at: time, reversed: hideOrder == .reversed)
        isShown = false
        latestChange = time
    }

    /// The time at which a change stamped `time` takes effect, by the one rule of
    /// ``TimeOrder``: itself, or the latest change's time when it trails that by at most
    /// ``TimeOrder/tolerance``.
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a NaN or infinite time;
    ///   ``StaggerError/timeRunsBackward(time:latest:)`` for one further back.
    func changeTime(_ time: Double) throws(StaggerError) -> Double {
        try TimeOrder.accept(
            time, after: latestChange, nonFinite: StaggerError.invalidTime, runsBackward: StaggerError.timeRunsBackward)
    }

    /// Computes the new motion first and assigns it last, so that a throw leaves the
    /// list as it was.
    mutating func transition(to target: Float, at time: Double, reversed: Bool) throws(StaggerError) {
        var order = config
        if reversed { order.isReversed.toggle() }
        if target == 0, let hideCurve { order.curve = hideCurve }
        try order.validate(count: count)
        let isReduced = reducedMotion.isReduced
        if isReduced { order = try order.reducedForMotion(count: count) }
        let curve = order.curve

        // An easing or a spring interrupted by itself keeps a compact form; while items
        // are still moving it also answers for a list none of whose items has started
        // (each starts afresh from its value), without the search for a common rest value.
        let isCompact =
            !isReduced && !motion.isReduced && curve == motion.curve && time > latestChange
            && (InterruptedListMotion.covers(curve) || SpringListMotion.covers(curve)) && !motion.isLanes
        var delaysInFlight: [Double]?
        if !(isCompact && time < settleTime), let restValue = try uniformRestValue(at: time, delays: &delaysInFlight) {
            let source: Motion.Source
            if order.listDelays(count: count) != nil {
                source = .closedForm(from: restValue, to: target, config: order)
            } else {
                source = .delays(from: restValue, to: target, delays: try order.delays(count: count))
            }
            let next = try Motion(source, curve: curve, count: count, isReduced: isReduced, since: time)
            // Every item came to rest in a uniform motion that moved them: the motion
            // stands for their rests (no time per item, no pass over the items).
            let replaced = (start: start, motion: motion)
            let allSettled = motion.movesUniformly && time >= settleTime
            let rests = allSettled ? [] : try restsBefore(time)
            start = time
            motion = next
            if allSettled {
                settledMotion = replaced
                earlierRests = []
            } else {
                try record(rests)
            }
            return
        }

        if isCompact {
            if SpringListMotion.covers(curve) {
                try interruptSprings(toward: target, at: time, order: order)
            } else {
                try interrupt(toward: target, at: time, order: order)
            }
            return
        }
        // Some items are moving: every item becomes a lane of the engine, whose rule
        // carries the moving ones on at once; the others start from their value after
        // their delay. Nothing per item but the engine's own buffers: the delays go
        // into the buffer the engine keeps for them, the target is one for all.
        let passes = try Motion.passes(curve: curve, isReduced: isReduced)
        let rests = try restsBefore(time)
        var (engine, wasTaken) = try takeLanes(delays: delaysInFlight)
        var delays = engine.delayBuffer(count: count)
        do throws(StaggerError) {
            try order.referenceDelays(into: &delays)
        } catch {
            if wasTaken { motion.source = .lanes(engine) }
            throw error
        }
        let segments = Self.segments(of: engine, running: curve, count: count)
        do throws(LaneFailure) {
            // In place (the engine's own buffers, uniquely referenced once taken out of
            // the list); restart changes nothing when it throws.
            try engine.restart(
                at: time, targets: .all(Double(target)), delays: delays, keeping: .movingLanes, segments: segments)
        } catch {
            if wasTaken { motion.source = .lanes(engine) }
            throw StaggerError(error, at: time)
        }
        start = time
        motion = Motion(lanes: engine, curve: curve, isReduced: isReduced, since: time, passes: passes)
        try record(rests)
    }

    /// A transition of a list whose easing is interrupted by itself, in the compact form
    /// (see ``InterruptedListMotion``): the uniform motion in flight becomes its base
    /// the first time; items not moving start after `order`'s delays.
    private mutating func interrupt(toward target: Float, at time: Double, order: StaggerConfig) throws(StaggerError) {
        let passes = try Motion.passes(curve: order.curve, isReduced: false)
        // A uniform motion's rests come from the delays its compact form keeps (below),
        // rather than from a pass of their own.
        var rests: [(index: Int, time: Double)] = []
        if case .interrupted = motion.source { rests = try restsBefore(time) }
        let count = self.count
        var interrupted: InterruptedListMotion
        var wasTaken = false
        switch motion.source {
        case .closedForm(let from, let to, let base):
            interrupted = try InterruptedListMotion(
                count: count, curve: motion.curve, from: from, to: to, start: start, order: base,
                delays: { (buffer) throws(StaggerError) in try base.delays(count: count, into: buffer) },
                interruptedAt: time)
        case .delays(let from, let to, let delays):
            interrupted = try InterruptedListMotion(
                count: count, curve: motion.curve, from: from, to: to, start: start, order: nil,
                delays: { buffer in _ = buffer.update(fromContentsOf: delays) }, interruptedAt: time)
        case .interrupted(let current):
            // Taken out, so that the interruption writes its columns in place.
            interrupted = current
            motion.source = .delays(from: 0, to: 0, delays: [])
            wasTaken = true
        case .lanes, .springs:
            preconditionFailure("an easing's motion")
        }
        if !wasTaken, time > start {
            // What restsBefore(time) finds for the uniform motion: the items whose delay
            // (float32, as sampled) plus the duration ends by `time`.
            interrupted.forEachRest(after: -.infinity, through: time) { rests.append(($0, $1)) }
        }
        do throws(StaggerError) {
            try interrupted.interrupt(at: time, toward: target) { (buffer) throws(StaggerError) in
                try order.delays(count: count, into: buffer)
            }
        } catch {
            // The same motions (at most with spare columns): put back if taken out.
            if wasTaken { motion.source = .interrupted(interrupted) }
            throw error
        }
        start = time
        motion = Motion(interrupted: interrupted, curve: motion.curve, since: time, passes: passes)
        try record(rests)
    }

    /// A transition of a list whose spring is interrupted by itself, in the compact form
    /// (see ``SpringListMotion``): the uniform motion in flight becomes per-item motions
    /// the first time; items not moving start after `order`'s delays.
    private mutating func interruptSprings(toward target: Float, at time: Double, order: StaggerConfig)
        throws(StaggerError)
    {
        let passes = try Motion.passes(curve: order.curve, isReduced: false)
        let count = self.count
        var springs: SpringListMotion
        var wasTaken = false
        // The rests the interruption replaces, from the motion's own figures.
        var rests: [(index: Int, time: Double)] = []
        switch motion.source {
        case .closedForm(let from, let to, let base):
            springs = try SpringListMotion(
                count: count, curve: motion.curve, from: from, to: to, start: start,
                delays: { (buffer) throws(StaggerError) in try base.delays(count: count, into: buffer) })
            if from != to { springs.forEachUniformRest(through: time) { rests.append(($0, $1)) } }
        case .delays(let from, let to, let delays):
            springs = try SpringListMotion(
                count: count, curve: motion.curve, from: from, to: to, start: start,
                delays: { buffer in _ = buffer.update(fromContentsOf: delays) })
            if from != to { springs.forEachUniformRest(through: time) { rests.append(($0, $1)) } }
        case .springs(let current):
            rests = try restsBefore(time)
            // Taken out, so that the interruption writes its columns in place.
            springs = current
            motion.source = .delays(from: 0, to: 0, delays: [])
            wasTaken = true
        case .lanes, .interrupted:
            preconditionFailure("a spring's motion")
        }
        do throws(StaggerError) {
            try springs.interrupt(at: time, toward: target) { (buffer) throws(StaggerError) in
                try order.delays(count: count, into: buffer)
            }
        } catch {
            if wasTaken { motion.source = .springs(springs) }
            throw error
        }
        start = time
        motion = Motion(springs: springs, curve: motion.curve, since: time, passes: passes)
        try record(rests)
    }

    /// The segments a transition of `engine`'s `count` lanes under `curve` passes to
    /// ``LaneAnimation/restart(at:targets:delays:keeping:segments:)``: `nil` when
    /// `engine` runs that curve already (so that no array is made for each tap), else
    /// the one segment of every lane.
    static func segments(of engine: LaneAnimation, running curve: Curve, count: Int) -> [LaneAnimation.Segment]? {
        if engine.segments.count == 1, engine.segments[0].lanes == 0..<count, engine.segments[0].curve == curve {
            return nil
        }
        return [LaneAnimation.Segment(lanes: 0..<count, curve: curve)]
    }

    /// Each item's delay under a uniform source, in seconds after ``start`` (Double:
    /// the reference's figures, float32's as stored); empty for lanes.
    func uniformDelays() throws(StaggerError) -> [Double] {
        switch motion.source {
        case .closedForm(_, _, let order): try order.referenceDelays(count: count)
        case .delays(_, _, let delays): delays.map(Double.init)
        case .lanes, .interrupted, .springs: []
        }
    }

    /// The motion in flight as a lane animation: its own, or a uniform source's items
    /// as lanes (each from `from` to `to` after its delay from ``start``, the delays
    /// the reference uses, by the motion's curve); `delays`, when given, are that
    /// source's ``uniformDelays()``, already found.
    func lanes(delays known: [Double]? = nil) throws(StaggerError) -> LaneAnimation {
        let from: Float, to: Float
        switch motion.source {
        case .lanes(let engine):
            return engine
        case .interrupted(let interrupted):
            do throws(LaneFailure) {
                return try interrupted.lanes(curve: motion.curve)
            } catch {
                throw StaggerError(error, at: start)
            }
        case .springs(let springs):
            do throws(LaneFailure) {
                return try springs.lanes(curve: motion.curve)
            } catch {
                throw StaggerError(error, at: start)
            }
        case .closedForm(let f, let t, _), .delays(let f, let t, _):
            (from, to) = (f, t)
        }
        let delays: [Double]
        if let known { delays = known } else { delays = try uniformDelays() }
        do throws(LaneFailure) {
            return try LaneAnimation(
                kernelMotion: start, from: Double(from), to: Double(to), delays: delays, curve: motion.curve)
        } catch {
            throw StaggerError(error, at: start)
        }
    }

    /// ``lanes(delays:)``, taken out of the list when the motion holds one (the list
    /// keeps a placeholder source), so that a transition writes its buffers in place; a
    /// caller that throws puts it back (`wasTaken`).
    mutating func takeLanes(delays: [Double]?) throws(StaggerError) -> (engine: LaneAnimation, wasTaken: Bool) {
        guard case .lanes(let engine) = motion.source else { return (try lanes(delays: delays), false) }
        motion.source = .delays(from: 0, to: 0, delays: [])
        return (engine, true)
    }

    /// `engine`'s lanes run by `curve` from `time` on, each keeping its course as far
    /// as the new curve allows (the list's config changed since the last transition):
    /// a lane still waiting keeps its start and endpoints, a moving one goes on toward
    /// its target from its value (and velocity, from spring to spring), a lane at rest
    /// stays there.
    ///
    /// - Throws: the engine's errors.
    static func rerun(
        _ engine: LaneAnimation, under curve: Curve, at time: Double
    ) throws(LaneFailure) -> LaneAnimation {
        let n = engine.laneCount
        var targets = [Double](repeating: 0, count: n), delays = targets
        for lane in 0..<n {
            targets[lane] = engine.target(ofLane: lane)
            let waiting = engine.begin(ofLane: lane) - time
            if !engine.isMoving(lane: lane, at: time), engine.hasOneMotion(lane: lane), waiting > 0 {
                delays[lane] = waiting
            }
        }
        var next = engine
        try next.restart(
            at: time, targets: .each(targets), delays: delays,
            keeping: .movingLanes,
            segments: [LaneAnimation.Segment(lanes: 0..<n, curve: curve)])
        return next
    }

    // MARK: - Queries

    /// Whether every item is at rest at `time` (springs: past their settling duration).
    public func isComplete(at time: Double) -> Bool { time >= settleTime }

    /// Seconds from the last transition until every item is at rest (a timeline's
    /// ``Timeline/totalDuration`` is something else: all its passes).
    public var settlingDuration: Double { motion.settlingOffset }

    /// Item `index`'s appearance at `time`, in Double: the reference the kernel pass is
    /// tested against (per-item offsets are the stored float32 values).
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``, ``StaggerError/invalidTime(_:)``.
    public func appearance(of index: Int, at time: Double) throws(StaggerError) -> Double {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        let curve = motion.curve
        func value(at elapsed: Double) throws(StaggerError) -> Double {
            do { return try curve.value(at: elapsed) } catch { throw .curve(error) }
        }
        switch motion.source {
        case .closedForm(let from, let to, let order):
            let elapsed = time - start - (try order.delay(for: index, of: count))
            return Double(from) + Double(to - from) * (try value(at: elapsed))
        case .delays(let from, let to, let delays):
            let elapsed = time - start - Double(delays[index])
            return Double(from) + Double(to - from) * (try value(at: elapsed))
        case .lanes(let engine):
            return engine.reference(lane: index, at: time).value
        case .interrupted(let interrupted):
            return interrupted.value(ofItem: index, at: time)
        case .springs(let springs):
            return springs.value(ofItem: index, at: time)
        }
    }
}

extension StaggeredList: CustomStringConvertible {
    /// The size, the last transition and its motion (figures to four significant
    /// digits): `StaggeredList of 10000 items, shown at 0 s by easeOutCubic (0.3 s), at
    /// rest after 1.27 s; 3 tracks: opacity, offsetY, scale`.
    public var description: String {
        let state = isShown ? "shown" : "hidden"
        let reduced = motion.isReduced ? ", reduced motion" : ""
        let curve = "\(motion.curve) (\(motion.curve.duration.readable) s)"
        return "StaggeredList of \(count) items, \(state) at \(start.readable) s by \(curve)\(reduced), "
            + "at rest after \(settleTime.readable) s; \(tracks.count) tracks: "
            + tracks.map(\.name).joined(separator: ", ")
    }
}

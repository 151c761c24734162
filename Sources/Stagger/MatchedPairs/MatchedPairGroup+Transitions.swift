// A pair group's transitions (start, reverse, retarget, release) and the one path the first
// three share, `move`: the type's discussion states their rule.

extension MatchedPairGroup {
    /// Starts every pair toward its destination at `time` (seconds on the caller's clock).
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a NaN or infinite time;
    ///   ``AnimatableError/timeRunsBackward(time:latest:)`` for one more than
    ///   ``TimeOrder/tolerance`` before the last transition (time runs forward; rebuild
    ///   the group to rewind);
    ///   ``AnimatableError/curve(_:)`` wrapping ``CurveError/exceedsFloat32Range(name:value:)``
    ///   for a lane (value, velocity, delay) float32 cannot hold. Nothing changes on a
    ///   throw.
    public mutating func start(at time: Double) throws(AnimatableError) {
        try move(to: destinationLanes, toward: .destination, at: time, curves: curves)
        isAtDestination = true
    }

    /// Starts every pair back toward its source at `time`.
    ///
    /// - Throws: as ``start(at:)``.
    public mutating func reverse(at time: Double) throws(AnimatableError) {
        try move(to: sourceLanes, toward: .source, at: time, curves: reverseCurves ?? curves)
        isAtDestination = false
    }

    /// Gives the pairs new destinations (the layout changed mid-flight) and heads there
    /// from `time`, keeping every lane's value, and its velocity where a spring or an
    /// easing drives it (see the type's discussion). A pair that moves only its position
    /// or its size, or keeps its aspect, shows the new destination's size or aspect at
    /// its source too: a later ``reverse(at:)`` and scrubbing go back to that box.
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)`` unless
    ///   there is one geometry per pair; a geometry's own errors; as ``start(at:)``.
    ///   Everything is checked before anything changes: on a throw the group keeps its
    ///   old destinations and motion.
    public mutating func retarget(_ destinations: [MatchedGeometry], at time: Double) throws(AnimatableError) {
        let n = pairs.count
        guard destinations.count == n else {
            throw .componentCountMismatch(expected: n, actual: destinations.count)
        }
        // The pairs' sources and options were checked when they entered the group. (By
        // pointer: an array's iterator allocated per element in a debug build.)
        try destinations.withUnsafeBufferPointer { (destinations) throws(AnimatableError) in
            for i in 0..<n { try destinations[i].validate() }
        }
        makeUnique()
        // Both ends laid out in the buffers the last retarget left (fresh memory, and a
        // copy of every pair to lay out, were most of a retarget), swapped in once
        // nothing can throw. The source end too: a pair that moves only its position,
        // only its size or keeps its aspect shows the destination's size (or aspect) at
        // its source.
        let laneCount = n * MatchedPair.laneCount
        var retargetedLanes = LaneAnimation.Spare.reused(&storage.spareDestinationLanes, count: laneCount)
        var retargetedSource = LaneAnimation.Spare.reused(&storage.spareSourceLanes, count: laneCount)
        try Self.layout(pairs, destinations: destinations, source: &retargetedSource, destination: &retargetedLanes)
        try move(to: retargetedLanes, toward: nil, at: time, curves: curves)
        // In place, through pointers (an array element's modify accessor allocated its
        // frame per call in a debug build).
        pairs.withUnsafeMutableBufferPointer { pairs in
            destinations.withUnsafeBufferPointer { destinations in
                for i in 0..<n { pairs[i].destination = destinations[i] }
            }
        }
        storage.layoutGeneration &+= 1
        storage.decodings.withUnsafeMutableBufferPointer { decodings in
            pairs.withUnsafeBufferPointer { pairs in
                for i in 0..<n { decodings[i].record = MatchedPairDecoding(pairs[i]) }
            }
        }
        swap(&storage.sourceLanes, &retargetedSource)
        swap(&storage.destinationLanes, &retargetedLanes)
        storage.spareSourceLanes = retargetedSource
        storage.spareDestinationLanes = retargetedLanes
        isAtDestination = true
        updateScrubLanes()
    }

    /// A group of `pairs` at rest at their sources, but for pair j where `carried[j]` is
    /// not −1: its lanes carry on the motions of this group's pair `carried[j]`, exactly
    /// (their values, velocities, layers and ends), and its rests carry over. Curves,
    /// the way back and reduced motion are this group's; the stagger (by place in
    /// `pairs`) is `stagger`.
    /// A transition of the result then carries those pairs on at once, by the rule of an
    /// interruption, and starts the others after their delays: a layout change that
    /// adds items keeps every item that stays in its value and velocity.
    ///
    /// - Throws: as ``init(_:curves:stagger:)`` for `pairs`.
    func regrouped(
        _ pairs: [MatchedPair], carrying carried: [Int], stagger: StaggerConfig?
    ) throws(AnimatableError) -> MatchedPairGroup {
        precondition(carried.count == pairs.count)
        let engine = self.engine
        var next = try MatchedPairGroup(pairs, curves: curves, stagger: stagger) {
            (sourceLanes, segments) throws(LaneFailure) in
            // The engine's curves (reduced, or the way back, until the next transition),
            // on the new rows.
            var gathered = segments
            for k in gathered.indices { gathered[k].curve = engine.segments[k].curve }
            return try engine.gathered(
                rows: MatchedPair.laneCount, carried: carried, values: sourceLanes, segments: gathered)
        }
        next.reducedMotion = reducedMotion
        next.reverseCurves = reverseCurves
        if !earlierRests.isEmpty {
            next.storage.earlierRests = carried.map { $0 >= 0 ? earlierRests[$0] : -.infinity }
        }
        return next
    }

    /// Hands a scrub over to the curves, as when a finger that was dragging the
    /// transition lets go: from `time`, every pair continues from where scrub `progress`
    /// shows it (``state(ofPair:atProgress:)``), moving as the drag moved it, toward `end`.
    ///
    /// `progressVelocity` is the drag's speed at release in progress per second
    /// (positive toward the destination). A lane its spring drives starts with the
    /// velocity the scrub gives it at that speed, d(lane)/d(progress) · progressVelocity,
    /// so both value and velocity are continuous at the release (a flick carries on, then
    /// settles); an easing lane starts from its value at rest (an easing takes no initial
    /// velocity), and a decay lane from its value at k times its new span.
    ///
    /// Pairs the scrub has set moving start at once. Pairs it has not started yet stay
    /// at their source when heading there, and otherwise wait the rest of their delay,
    /// as if the drag had been the clock, so the stagger carries on. Under
    /// ``reducedMotion`` the release runs the reduced curves (geometry jumps, appearance
    /// fades).
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a NaN or infinite time;
    ///   ``AnimatableError/timeRunsBackward(time:latest:)`` for one more than
    ///   ``TimeOrder/tolerance`` before the last transition;
    ///   ``AnimatableError/nonFiniteComponent(name:value:)``
    ///   (named `progress` or `progress velocity`) for a NaN or infinite progress or
    ///   velocity, or a lane whose velocity overflows; the errors of
    ///   ``state(ofPair:atProgress:)`` and ``start(at:)``. Nothing changes on a throw.
    public mutating func release(
        fromProgress progress: Double, velocity progressVelocity: Double, toward end: End, at time: Double
    ) throws(AnimatableError) {
        let time = try changeTime(time)
        let scrubbed = try scrubTime(progress)
        guard progressVelocity.isFinite else {
            throw .nonFiniteComponent(name: "progress velocity", value: progressVelocity)
        }
        let n = pairs.count
        // Locals read once: every read through the storage is an exclusivity check.
        let source = sourceLanes, destination = destinationLanes, delays = self.delays
        // The delays into the buffer the engine keeps for them (every lane written), the
        // lanes' states and the curves' figures into the group's: changed in place once
        // the storage is this group's.
        makeUnique()
        var values = LaneAnimation.Spare.reused(&storage.releaseValues, count: source.count)
        var velocities = LaneAnimation.Spare.reused(&storage.releaseVelocities, count: source.count)
        defer {
            storage.releaseValues = values
            storage.releaseVelocities = velocities
        }
        var figures = LaneAnimation.Spare.reused(&storage.releaseFigures, count: 3 * n)
        defer { storage.releaseFigures = figures }
        var laneDelays = storage.engine.delayBuffer(count: source.count)
        // Under reduced motion what is left of the stagger is scaled as a transition
        // scales it (the base delay kept).
        let (base, scale) = delayScale
        let reached = scrubbed <= base ? scrubbed : base + (scrubbed - base) * scale
        let duration = scrubDuration
        try laneDelays.withUnsafeMutableBufferPointer { (laneDelays) throws(AnimatableError) in
            try values.withUnsafeMutableBufferPointer { (values) throws(AnimatableError) in
                try velocities.withUnsafeMutableBufferPointer { (velocities) throws(AnimatableError) in
                    try figures.withUnsafeMutableBufferPointer { (figures) throws(AnimatableError) in
                        try source.withUnsafeBufferPointer { (source) throws(AnimatableError) in
                            try destination.withUnsafeBufferPointer { (destination) throws(AnimatableError) in
                                try delays.withUnsafeBufferPointer { (delays) throws(AnimatableError) in
                                    // Each pair's wait when it has not started: the rest of its
                                    // delay heading to the destination (or none, staying at its
                                    // source heading back).
                                    for pair in 0..<n {
                                        figures[2 * n + pair] =
                                            end == .destination ? base + (delays[pair] - base) * scale - reached : 0
                                    }
                                    var figured: Curve?
                                    // Row by row (lane-major: lane l·n + i is pair i's): a curve per
                                    // row and no division per lane.
                                    for row in 0..<MatchedPair.laneCount {
                                        let curve = curves[MatchedLane(rawValue: row)!.part]
                                        if curve != figured {
                                            // Each pair's curve value and slope at its elapsed time
                                            // (finite: the scrubbed time and the delays are), in one
                                            // evaluation: Curve.value(at:) and, once started,
                                            // Curve.velocity(at:). Once per curve, not per lane: the
                                            // rows of one property, or of all when one curve drives
                                            // them, share them.
                                            for pair in 0..<n {
                                                (figures[pair], figures[n + pair]) = LaneAnimation.motion(
                                                    of: curve, from: 0, to: 1, velocity: curve.initialVelocity,
                                                    elapsed: scrubbed - delays[pair])
                                            }
                                            figured = curve
                                        }
                                        try Self.releaseRow(
                                            row, pairs: n, figures: UnsafeBufferPointer(figures), scrubbed: scrubbed,
                                            delays: delays, source: source, destination: destination,
                                            rate: (duration, progressVelocity), values: values,
                                            velocities: velocities, laneDelays: laneDelays)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let reduced = reducedMotion.isReduced
        let ahead = end == .source ? reverseCurves ?? curves : curves
        let wanted = reduced ? Self.reducedCurves : ahead
        let targets = end == .destination ? destination : source
        let rests = newRests(before: time).rests
        // Spring lanes start from these states in one kernel pass (whether a lane has
        // started, and so has a velocity, is its pair's: it repeats with the rows).
        let given = (values: values, velocities: velocities)
        do throws(LaneFailure) {
            if Self.segmentsMatch(engine.segments, wanted, pairCount: n) {
                // In place, into the buffers of the motion before last, as a start or a
                // reverse: fresh memory was most of a release's cost. setMotion changes
                // nothing when it throws. (Moved out of an optional: a constant passed
                // on was copied, and every buffer it shared was copied again on write.)
                var spare: LaneAnimation.Spare? = storage.engine.takeSpare()
                try storage.engine.setMotion(
                    start: time, current: { lane, _ in (values[lane], velocities[lane]) }, targets: .each(targets),
                    delay: { lane, _ in laneDelays[lane] }, batchedDelays: laneDelays, carriedRows: n,
                    givenStates: given, reusing: spare.take()!)
                storage.engine.spare.delays = laneDelays
            } else {
                var next = try LaneAnimation(kernelValues: values, segments: Self.segments(wanted, pairCount: n))
                try next.setMotion(
                    start: time, current: { lane, _ in (values[lane], velocities[lane]) }, targets: .each(targets),
                    delay: { lane, _ in laneDelays[lane] }, batchedDelays: laneDelays, carriedRows: n,
                    givenStates: given)
                storage.engine = next
            }
        } catch {
            throw Self.named(error, pairCount: n)
        }
        keepRests(rests)
        isAtDestination = end == .destination
    }

    /// One row of a release's lanes (lane-major: lane `row`·n + i is pair i's): each
    /// lane's value where the scrub shows it; a pair the scrub has started gets its
    /// velocity (per second of the scrubbed motion, times its seconds per unit of
    /// progress, times the drag's speed) and no delay, one not started NaN (the curve's
    /// own start) and its wait (`figures[2n + i]`). `figures` holds each pair's curve
    /// value and slope (`figures[i]`, `figures[n + i]`).
    ///
    /// Without a branch per lane (one overflow test for the row), so that the compiler
    /// vectorises it; a row whose velocity overflows is walked again to name the lane.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for the first lane
    ///   whose velocity overflows.
    private static func releaseRow(
        _ row: Int, pairs n: Int, figures: UnsafeBufferPointer<Double>, scrubbed: Double,
        delays: UnsafeBufferPointer<Double>, source: UnsafeBufferPointer<Double>,
        destination: UnsafeBufferPointer<Double>, rate: (duration: Double, progressVelocity: Double),
        values: UnsafeMutableBufferPointer<Double>, velocities: UnsafeMutableBufferPointer<Double>,
        laneDelays: UnsafeMutableBufferPointer<Double>
    ) throws(AnimatableError) {
        guard n > 0 else { return }
        // Each column from its row's start, indexed by pair alone: no checked index
        // arithmetic in the loop (an overflow check per lane kept it from vectorising).
        let first = row * n
        let y = figures.baseAddress!, slope = y + n, wait = y + 2 * n
        let from = source.baseAddress! + first, to = destination.baseAddress! + first
        let value = values.baseAddress! + first, velocity = velocities.baseAddress! + first
        let delay = laneDelays.baseAddress! + first
        // Every lane as if started (a select per lane was compiled as a branch), then
        // the pairs not started yet put back to wait, whatever their figures gave. The
        // overflow test only sends the row to the walk that names a lane, which skips
        // those pairs.
        var overflow: UInt32 = 0
        for pair in 0..<n {
            value[pair] = (1 - y[pair]) * from[pair] + y[pair] * to[pair]
            let v = (to[pair] - from[pair]) * slope[pair] * rate.duration * rate.progressVelocity
            velocity[pair] = v
            delay[pair] = 0
            overflow |= v.nonFiniteBit
        }
        for pair in 0..<n where !(scrubbed - delays[pair] > 0) {
            velocity[pair] = .nan
            delay[pair] = wait[pair]
        }
        guard overflow & 0x8000_0000 != 0 else { return }
        for pair in 0..<n where scrubbed - delays[pair] > 0 && !velocities[first + pair].isFinite {
            throw named(.nonFinite(lane: first + pair, .velocity, value: velocities[first + pair]), pairCount: n)
        }
    }

    /// The base delay and the factor a transition scales the rest of each pair's delay
    /// by: 1, or under reduced motion whatever keeps the stagger within
    /// ``ReducedMotion/maximumSpread`` (the same order; the base delay kept, as lists
    /// keep theirs).
    private var delayScale: (base: Double, scale: Double) {
        let base = stagger?.baseDelay ?? 0
        let spread = largestDelay - base
        let scale =
            reducedMotion.isReduced && spread > ReducedMotion.maximumSpread ? ReducedMotion.maximumSpread / spread : 1
        return (base, scale)
    }

    /// Sends every lane toward `targets` (the lanes of `end`, or a retarget's when `nil`)
    /// from `time` by the rule of the type's discussion.
    private mutating func move(
        to targets: [Double], toward end: End?, at time: Double, curves: MatchedCurves
    ) throws(AnimatableError) {
        let time = try changeTime(time)
        let n = pairs.count
        // Per lane, in buffers the group keeps from one transition to the next (the
        // delays' is the engine's), changed in place once the storage is this group's.
        makeUnique()
        let (rests, knownAtRest) = newRests(before: time)
        let wanted = reducedMotion.isReduced ? Self.reducedCurves : curves
        let segments =
            Self.segmentsMatch(engine.segments, wanted, pairCount: n) ? nil : Self.segments(wanted, pairCount: n)
        // Whether every pair is at rest: what the pass of rests found when it ran (a tap
        // from rest), else found a block of lanes at a time up to the first block with
        // one still moving.
        if segments == nil, !lastTransition.isFinite || knownAtRest ?? engine.isAtRest(at: time) {
            // Every pair at rest, at the lanes the last transition sent it to, exactly (a
            // spring's last motion within its settling tolerance is let go, as a list's
            // is): each starts from there after its delay. The same ends, curves and
            // delays make the same motion, which the engine may still hold from before.
            var name: Int?
            if let end {
                name =
                    layoutGeneration &* 8 + (isAtDestination ? 1 : 0) + (end == .destination ? 2 : 0)
                    + (reducedMotion.isReduced ? 4 : 0)
            }
            let values = isAtDestination ? destinationLanes : sourceLanes
            let delays = self.delays, scaled = delayScale
            do throws(LaneFailure) {
                try storage.engine.startFromRest(at: time, values: values, targets: targets, name: name) {
                    Self.fill(&$0, delays: delays, scaled: scaled, moving: nil)
                }
            } catch {
                throw Self.named(error, pairCount: n)
            }
            keepRests(rests)
            return
        }
        // One flag and one delay per pair: the engine reads the lanes of a pair (one
        // per row, lane-major) from its pair's.
        var pairDelays = LaneAnimation.Spare.reused(&storage.pairDelayBuffer, count: n)
        var moving = LaneAnimation.Spare.reused(&storage.movingPairBuffer, count: n)
        Self.fill(&moving, engine: engine, at: time)
        Self.fill(&pairDelays, delays: delays, scaled: delayScale, moving: moving)
        // In place: restart changes nothing when it throws, and writing the engine's
        // own spare buffers (rather than a copy's) maps no fresh memory. The segments
        // only when the curves change (a reduced transition, a way back of its own).
        do throws(LaneFailure) {
            try storage.engine.restart(
                at: time, targets: .each(targets), delays: pairDelays, keeping: .each(moving), segments: segments)
        } catch {
            throw Self.named(error, pairCount: n)
        }
        keepRests(rests)
        storage.movingPairBuffer = moving
        storage.pairDelayBuffer = pairDelays
    }

    /// A tap's moving pairs: a pair counts as moving when any of its lanes is (lane-major:
    /// lane l·n + i is pair i's); all its lanes then keep their motion, and it starts at
    /// once (i). Pairs at rest wait for their delay and restart (−1). (The engine as an
    /// argument: read once, not through the storage per lane.)
    private static func fill(_ moving: inout [Int], engine: LaneAnimation, at time: Double) {
        let n = moving.count
        moving.withUnsafeMutableBufferPointer { moving in
            moving.update(repeating: -1)
            for row in 0..<MatchedPair.laneCount {
                for pair in 0..<n where moving[pair] < 0 {
                    if engine.isMoving(lane: row * n + pair, at: time) { moving[pair] = pair }
                }
            }
        }
    }

    /// A tap's delays, one per pair (repeated for every row when `pairDelays` holds one
    /// per lane): each pair's delay, scaled as ``delayScale`` says, or 0 for a pair that
    /// `moving` (from the other `fill`) says is moving.
    private static func fill(
        _ pairDelays: inout [Double], delays: [Double], scaled: (base: Double, scale: Double), moving: [Int]?
    ) {
        let (base, scale) = scaled
        let n = delays.count
        pairDelays.withUnsafeMutableBufferPointer { pairDelays in
            for pair in 0..<n {
                let isMoving = moving.map { $0[pair] >= 0 } ?? false
                pairDelays[pair] = isMoving ? 0 : base + (delays[pair] - base) * scale
            }
            LaneAnimation.repeatFirstRow(pairDelays, rowLength: n)
        }
    }

    /// The time at which a change stamped `time` takes effect, by the one rule of
    /// ``TimeOrder``.
    func changeTime(_ time: Double) throws(AnimatableError) -> Double {
        try TimeOrder.accept(
            time, after: lastTransition, nonFinite: AnimatableError.invalidTime,
            runsBackward: AnimatableError.timeRunsBackward)
    }
}

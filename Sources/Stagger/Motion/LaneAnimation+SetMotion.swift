/// Writing a new motion for every lane (`setMotion`): the one path every transition that
/// does not add a layer takes, lane by lane or a segment at a time (spring segments in
/// one kernel pass, easing segments from given values in bulk).
extension LaneAnimation {
    /// Sets every lane moving from `current(lane, isCarried)` (value, and velocity, NaN
    /// for "the curve's own initial velocity") toward `targets` from `start` after
    /// `delay(lane, isCarried)` seconds; lane l continues the easing motions of lane
    /// `carried(l)` of `source` additively (see the type's discussion) when that is not
    /// −1 and both run the same easing (no lane carries without a `source`). `current`
    /// is asked only for the lanes that do not (lazily: callers may evaluate there),
    /// with whether `carried` named a lane; `carried` once per lane.
    ///
    /// `batchedDelays`, from a restart: `current` is each lane's own state in `source`
    /// at `start`, `carried` names a lane itself or none, and `delay` is
    /// `batchedDelays[lane]` for a lane that starts afresh. Spring segments (of a spring
    /// ``SpringRestart/covers(_:ownVelocity:ownDuration:)``, whose lanes hold one motion
    /// each, as every spring lane does) are then restarted in one kernel pass, with the
    /// bits of the lane by lane path. `carriedRows`, when not 0, says that `carried`
    /// repeats with rows of that many lanes (``SpringRestart`` then finds a bound once
    /// for lanes a row apart that move alike).
    ///
    /// `givenStates` with `batchedDelays`, from a release or a start from rest (no
    /// `source`): `current` is `(givenStates.values[lane], givenStates.velocities[lane])`
    /// (NaN for every lane when `velocities` is `nil`), and `delay` is
    /// `batchedDelays[lane]`, 0 for a lane given a velocity (not NaN). Spring segments
    /// are then restarted in one kernel pass from those states, a lane given a velocity
    /// carrying it on at once, with the bits of the lane by lane path; `carriedRows`
    /// says that whether a lane has a velocity repeats with the rows.
    ///
    /// Allocates nothing once the engine has run a transition of the same shape (lane
    /// count and layers): it writes the buffers of the motion before last (`spare`).
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` for a value, target, span,
    ///   velocity or delay that is not finite in Double; for a kernel animation,
    ///   ``LaneFailure/exceedsFloat32(lane:_:value:)`` for one float32 cannot hold.
    ///   Everything is checked before anything changes.
    mutating func setMotion(
        start time: Double, current: (_ lane: Int, _ isCarried: Bool) -> (value: Double, velocity: Double),
        targets: Targets, delay: (_ lane: Int, _ isCarried: Bool) -> Double, carrying source: LaneAnimation? = nil,
        carried: (Int) -> Int = { _ in -1 }, batchedDelays: [Double]? = nil, carriedRows: Int = 0,
        givenStates: (values: [Double], velocities: [Double]?)? = nil, reusing spare: consuming Spare = Spare()
    ) throws(LaneFailure) {
        let n = laneCount
        // Given states start lanes afresh or carry their own velocities on: nothing is
        // carried from a source. Read through pointers, so one figure per lane.
        precondition(givenStates == nil || source == nil, "states given and a motion to carry on")
        precondition(
            givenStates.map { $0.values.count == n && ($0.velocities?.count ?? n) == n } ?? true,
            "states given for other lanes than the engine's")
        precondition(batchedDelays.map { $0.count == n } ?? true, "delays for other lanes than the engine's")
        // Unwrapped once: unwrapping `source` per lane copied (retained) its arrays.
        // Without the layer pool, which the planes below may grow (a copy of `self`
        // that shared its buffer made the append copy it).
        var pool: [Plane] = []
        swap(&pool, &layerPool)
        let origin = source ?? self
        swap(&pool, &layerPool)
        // `carried` is asked once per lane, here, and its answers are kept in the new
        // durations buffer (lane numbers are exact in Double) until the loop below
        // overwrites each with the lane's duration: no buffer of their own. Meanwhile,
        // the additive layers the carrying lanes need (zero where a lane has none): each
        // at most one motion more than it had.
        var newDurations = Spare.reused(&spare.durations, count: n)
        var layerBound = 0
        if source != nil {
            newDurations.withUnsafeMutableBufferPointer { answers in
                for k in segments.indices {
                    let isEasing = if case .easing = segments[k].curve.kind { true } else { false }
                    var sameCurve = SameCurve(segments[k].curve)
                    for lane in segments[k].lanes {
                        let from = carried(lane)
                        answers[lane] = Double(from)
                        guard isEasing, from >= 0, sameCurve.holds(forLane: from, of: origin) else { continue }
                        layerBound = Swift.max(layerBound, Int(origin.depth[from]))
                    }
                }
            }
            layerBound = Swift.min(layerBound, Self.maximumLayers - 1)
        }
        var newPlanes = spare.takePlanes(1 + layerBound, lanes: n, pool: &layerPool)
        var newDepth = Spare.reused(&spare.depth, count: n)
        var newVelocity = Spare.reused(&spare.velocity, count: n)
        var newSegmentDepth = Spare.reused(&spare.segmentDepth, count: segments.count)
        newSegmentDepth.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
        let carries = source != nil
        // Seconds from `time` to the soonest end of a lane's new motion: easing lanes'
        // as they are written, the others' once their settling bounds are in.
        var soonest = Double.infinity
        // Through pointers: the loop writes up to fifteen arrays per lane, and array
        // subscripts checked uniqueness and bounds on every write (a third of a
        // transition's instructions, more with layers). Every index is within 0..<n, the
        // lanes the segments cover. Written flat so that the loop keeps its indentation.
        try Self.withPointers(to: &newPlanes) { (planes) throws(LaneFailure) in
            try newVelocity.withUnsafeMutableBufferPointer { (velocity) throws(LaneFailure) in
                try newDurations.withUnsafeMutableBufferPointer { (durations) throws(LaneFailure) in
                    try newDepth.withUnsafeMutableBufferPointer { (depth) throws(LaneFailure) in
                        // One buffer for every lane's carried layers, on the stack.
                        try withUnsafeTemporaryAllocation(of: Layer.self, capacity: Self.maximumLayers + 1) {
                            (layers) throws(LaneFailure) in
                            let layers = layers.baseAddress!
                            // Spring lanes' settling bounds, found a vector at a time.
                            try SettlingBatch.with { (settling) throws(LaneFailure) in
                                // Segment by segment, so that what depends only on the curve is found once.
                                for k in segments.indices {
                                    let curve = segments[k].curve
                                    var easingDuration: Double?
                                    // A spring's settling duration from rest with its own velocity scales with
                                    // the span (the tolerance is relative): one figure for every such lane.
                                    var ownDuration: Double?
                                    switch curve.kind {
                                    case .easing(_, let duration):
                                        easingDuration = duration
                                    case .spring:
                                        ownDuration = curve.duration
                                    case .decay:
                                        break
                                    }
                                    if let batchedDelays, carries || givenStates != nil,
                                        case .spring(let spring, let unit) = curve.kind,
                                        SpringRestart.covers(spring, ownVelocity: unit, ownDuration: curve.duration)
                                    {
                                        // Every lane's state (in `origin`, or given), its new motion and
                                        // bound at once.
                                        let lanes = segments[k].lanes
                                        let states: SpringRestart.States
                                        if let givenStates {
                                            // A lane given a velocity carries it on at once; NaN, its own.
                                            if let velocities = givenStates.velocities {
                                                for lane in lanes {
                                                    durations[lane] = velocities[lane].isNaN ? -1 : Double(lane)
                                                }
                                            } else {
                                                (durations.baseAddress! + lanes.lowerBound).update(
                                                    repeating: -1, count: lanes.count)
                                            }
                                            states = .given(
                                                values: givenStates.values, velocities: givenStates.velocities)
                                        } else {
                                            states = .motion(origin)
                                        }
                                        let end = try batchedDelays.withUnsafeBufferPointer {
                                            (delays) throws(LaneFailure) in
                                            try SpringRestart.restart(
                                                lanes: lanes, of: spring, ownVelocity: unit,
                                                ownDuration: curve.duration, at: time, from: states, targets: targets,
                                                delays: delays.baseAddress!, rowLength: carriedRows, into: planes[0],
                                                velocity: velocity.baseAddress!, durations: durations.baseAddress!)
                                        }
                                        soonest = Swift.min(soonest, end)
                                        (depth.baseAddress! + lanes.lowerBound).update(repeating: 1, count: lanes.count)
                                        continue
                                    }
                                    if let givenStates, let batchedDelays, let duration = easingDuration,
                                        let end = Self.startEasings(
                                            lanes: segments[k].lanes, from: givenStates.values, targets: targets,
                                            delays: batchedDelays, duration: duration, into: planes[0],
                                            depth: depth.baseAddress!, velocity: velocity.baseAddress!,
                                            durations: durations.baseAddress!)
                                    {
                                        // Easing lanes from given states: no lane carries a motion on.
                                        soonest = Swift.min(soonest, end)
                                        continue
                                    }
                                    var sameCurve = SameCurve(curve)
                                    for lane in segments[k].lanes {
                                        // What `carried` answered (kept in the durations buffer, above).
                                        let from = carries ? Int(durations[lane]) : -1
                                        let target = targets[lane], delay = delay(lane, from >= 0)
                                        if from >= 0, let duration = easingDuration,
                                            sameCurve.holds(forLane: from, of: origin)
                                        {
                                            // Carried on: its layers, not its value, say where it goes from.
                                            if !(target.isFinite && delay.isFinite) {
                                                try requireFinite(target, lane: lane, .target)
                                                try requireFinite(delay, lane: lane, .delay)
                                            }
                                            let layerCount = try origin.carriedLayers(
                                                of: from, at: time, curve: curve, duration: duration, target: target,
                                                into: layers, reportedAs: lane)
                                            let last = layerCount - 1
                                            planes[0].offsets[lane] = last == 0 ? delay : layers[0].start - time
                                            planes[0].from[lane] = layers[0].from
                                            planes[0].to[lane] = layers[0].to
                                            for p in 1..<layerCount {
                                                planes[p].offsets[lane] = p == last ? delay : layers[p].start - time
                                                planes[p].from[lane] = layers[p].from
                                                planes[p].to[lane] = layers[p].to
                                            }
                                            depth[lane] = UInt8(layerCount)
                                            velocity[lane] = 0
                                            durations[lane] = duration
                                            soonest = Swift.min(soonest, delay + duration)
                                            newSegmentDepth[k] = Swift.max(newSegmentDepth[k], layerCount)
                                            continue
                                        }
                                        let (value, startVelocity) = current(lane, from >= 0)
                                        if !(value.isFinite && target.isFinite && (target - value).isFinite
                                            && delay.isFinite)
                                        {
                                            try requireFinite(value, lane: lane, .value)
                                            try requireFinite(target, lane: lane, .target)
                                            try requireFinite(target - value, lane: lane, .span)
                                            try requireFinite(delay, lane: lane, .delay)
                                        }
                                        planes[0].offsets[lane] = delay
                                        planes[0].from[lane] = value
                                        planes[0].to[lane] = target
                                        depth[lane] = 1
                                        if let duration = easingDuration {
                                            velocity[lane] = 0
                                            durations[lane] = duration
                                            soonest = Swift.min(soonest, delay + duration)
                                            continue
                                        }
                                        let started = try Self.startVelocity(
                                            of: curve, from: value, to: target, velocity: startVelocity,
                                            ownDuration: ownDuration, lane: lane)
                                        velocity[lane] = started.velocity
                                        if let duration = started.duration {
                                            durations[lane] = duration
                                        } else if case .spring(let spring, _) = curve.kind {
                                            settling.add(
                                                lane: lane, target: target - value, velocity: started.velocity,
                                                of: spring, into: durations)
                                        }
                                    }
                                    settling.flush(into: durations)
                                    if easingDuration == nil {
                                        // One motion each (only easings carry layers).
                                        for lane in segments[k].lanes {
                                            soonest = Swift.min(soonest, planes[0].offsets[lane] + durations[lane])
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var planeCount = 1
        for k in newSegmentDepth.indices { planeCount = Swift.max(planeCount, newSegmentDepth[k]) }
        while newPlanes.count > planeCount { layerPool.append(newPlanes.removeLast()) }
        let newKernel: LaneStore?
        if kernel != nil {
            newKernel = try Self.kernelLanes(
                planes: newPlanes, velocity: newVelocity, reusing: &spare)
        } else {
            newKernel = nil
        }
        // What was the motion becomes the spare of the next transition.
        self.spare = motionAsSpare
        motionName = nil
        setEarliestEnd(time: time, soonest: soonest)
        kernel = newKernel
        // Every plane counts from this transition (set before the planes are stored:
        // setting them there would copy the array `newPlanes` still holds).
        for p in newPlanes.indices { newPlanes[p].start = time }
        planes = newPlanes
        lastTransition = time
        hasRestingDurations = false
        depth = newDepth
        velocity = newVelocity
        durations = newDurations
        segmentDepth = newSegmentDepth
    }

    /// Easing lanes `lanes` started afresh at once from `values` toward `targets` after
    /// `delays[lane]` seconds, for `duration` (a release's: no lane carries a motion on),
    /// written in bulk as the lane by lane loop writes each (plane 0's offset and ends,
    /// depth 1, velocity 0, the easing's duration). Returns the least delay plus
    /// `duration` (the least of each lane's sum: rounding keeps the order), or `nil`
    /// when some value, target, span or delay is not finite: the loop, which writes every
    /// lane again, then names the first.
    private static func startEasings(
        lanes: Range<Int>, from values: [Double], targets: Targets, delays: [Double], duration: Double,
        into plane: PlanePointers, depth: UnsafeMutablePointer<UInt8>, velocity: UnsafeMutablePointer<Double>,
        durations: UnsafeMutablePointer<Double>
    ) -> Double? {
        guard !lanes.isEmpty else { return .infinity }
        // x - x is 0 for every finite x, NaN otherwise: one sum tells.
        var check = 0.0, least = Double.infinity
        values.withUnsafeBufferPointer { values in
            delays.withUnsafeBufferPointer { delays in
                let (values, delays) = (values.baseAddress!, delays.baseAddress!)
                switch targets {
                case .all(let goal):
                    writeEasings(
                        lanes, values: values, delays: delays, into: plane, check: &check, least: &least
                    ) { _ in goal }
                case .each(let goals):
                    goals.withUnsafeBufferPointer { goals in
                        writeEasings(
                            lanes, values: values, delays: delays, into: plane, check: &check, least: &least
                        ) { goals[$0] }
                    }
                }
            }
        }
        guard check == 0 else { return nil }
        (depth + lanes.lowerBound).update(repeating: 1, count: lanes.count)
        (velocity + lanes.lowerBound).update(repeating: 0, count: lanes.count)
        (durations + lanes.lowerBound).update(repeating: duration, count: lanes.count)
        return least + duration
    }

    /// ``startEasings(lanes:from:targets:delays:duration:into:depth:velocity:durations:)``'s
    /// plane writes, adding each lane's finiteness check to `check` and its delay to the
    /// least in `least`. (A function of its own, not a local one: capturing the two sums
    /// allocated their boxes per call in a debug build.)
    private static func writeEasings(
        _ lanes: Range<Int>, values: UnsafePointer<Double>, delays: UnsafePointer<Double>, into plane: PlanePointers,
        check: inout Double, least: inout Double, target: (Int) -> Double
    ) {
        for lane in lanes {
            let value = values[lane], goal = target(lane), delay = delays[lane]
            let span = goal - value
            plane.offsets[lane] = delay
            plane.from[lane] = value
            plane.to[lane] = goal
            check += (value - value) + (goal - goal) + (span - span) + (delay - delay)
            least = Swift.min(least, delay)
        }
    }

    /// Whether lanes of a source engine run one curve (the new segment's, which carries
    /// them on only then), looked up once per run of lanes from one source segment:
    /// carried lanes come in runs, and a lane inside the last segment found needs no
    /// search.
    struct SameCurve {
        let curve: Curve
        /// The lanes of the source segment last found (none at first): kept here, so
        /// that a lane inside it reads no segment (reading one copied its curve, a
        /// retain and a release per lane).
        private var lanes = 0..<0
        private var sameCurve = false

        init(_ curve: Curve) { self.curve = curve }

        /// Whether lane `lane` of `source` runs ``curve``.
        mutating func holds(forLane lane: Int, of source: LaneAnimation) -> Bool {
            if !lanes.contains(lane) {
                let segment = source.segment(ofLane: lane)
                lanes = source.segments[segment].lanes
                sameCurve = source.segments[segment].curve == curve
            }
            return sameCurve
        }
    }
}

/// Starting lanes afresh, interrupting them, and handing them over from a caller who was
/// moving them: every change of a lane animation's motions but its lane count.
extension LaneAnimation {
    /// Starts every lane afresh at `time` toward `targets`, after `delays[lane]` seconds.
    ///
    /// Lanes whose `carried` entry is their own index (not −1) are interrupted (see the
    /// type's discussion:
    /// springs keep value and velocity, easings add the new motion to the ones in
    /// flight, decays restart from the value); the others start from their current
    /// value with the curve's own initial velocity scaled to their span.
    ///
    /// With `segments` (the same lanes, other curves: reduced motion), the new motion
    /// runs those curves; lanes whose curve changes go on from their current value.
    ///
    /// - Throws: as ``setMotion(start:current:targets:delays:carrying:carriedLanes:reusing:)``;
    ///   nothing changes on a throw.
    mutating func restart(
        at time: Double, targets: [Double], delays: [Double], keeping carried: [Int],
        segments newSegments: [Segment]? = nil
    ) throws(LaneFailure) {
        // Taken before `old` copies self, so that nothing else holds them.
        let spare = takeSpare()
        // `old`, not `self`, in the closures: capturing a mutating self copied it per call.
        let old = self
        if let newSegments, newSegments != segments {
            var next = LaneAnimation(
                values: (0..<laneCount).map { old.reference(lane: $0, at: time).value }, segments: newSegments)
            if kernel != nil {
                // So that setMotion makes float32 lanes for the kernel too.
                next.kernel = kernel
                next.passes = try Self.kernelPasses(newSegments)
            }
            next.lastTransition = lastTransition
            try next.setMotion(
                start: time,
                current: { lane in
                    let now = old.reference(lane: lane, at: time)
                    return (now.value, carried[lane] >= 0 ? now.velocity : .nan)
                },
                targets: targets, delays: delays, carrying: old, carriedLanes: carried)
            self = next
            return
        }
        // Values are evaluated lazily, lane by lane: a lane that carries its easing
        // motions on needs none (the interrupted easing lanes of a reverse mid-flight).
        try setMotion(
            start: time,
            current: { lane in
                let now = old.reference(lane: lane, at: time)
                return (now.value, carried[lane] >= 0 ? now.velocity : .nan)
            },
            targets: targets, delays: delays, carrying: old, carriedLanes: carried,
            reusing: consume spare)
    }

    /// Sets every lane moving from `current(lane)` (value, and velocity, NaN for "the
    /// curve's own initial velocity") toward `targets` from `start` after `delays`; lane
    /// l continues the easing motions of lane `carriedLanes[l]` of `source` additively
    /// (see the type's discussion) when that is not −1 and both run the same easing
    /// (no lane carries when `carriedLanes` is empty);
    /// `current` is asked only for the lanes that do not (lazily: callers may evaluate
    /// there).
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` for a value, target, span,
    ///   velocity or delay that is not finite in Double; for a kernel animation,
    ///   ``LaneFailure/exceedsFloat32(lane:_:value:)`` for one float32 cannot hold.
    ///   Everything is checked before anything changes.
    mutating func setMotion(
        start time: Double, current: (Int) -> (value: Double, velocity: Double), targets: [Double],
        delays: [Double], carrying source: LaneAnimation? = nil, carriedLanes: [Int] = [],
        reusing spare: consuming Spare = Spare()
    ) throws(LaneFailure) {
        let n = laneCount
        // Per segment, for an easing: which of the source's segments run it (their lanes
        // carry their motions on); empty where no lane carries.
        let carriesBySegment = segments.map { segment -> [Bool] in
            guard case .easing = segment.curve.kind, let source, !carriedLanes.isEmpty else { return [] }
            return source.segments.map { $0.curve == segment.curve }
        }
        let sourceSegments = source?.segmentOfLane ?? []
        // The base motions (every lane written below) and as many additive layers (zero
        // where a lane has none) as the carrying lanes may need, each at most one motion
        // more than it had; buffers of the motion before last where there are some.
        // Layers left unused are dropped after the loop.
        var layerBound = 0
        if let source {
            for k in segments.indices where !carriesBySegment[k].isEmpty {
                for lane in segments[k].lanes {
                    let carried = carriedLanes[lane]
                    if carried >= 0, carriesBySegment[k][sourceSegments[carried]] {
                        layerBound = Swift.max(layerBound, source.depth[carried])
                    }
                }
            }
            layerBound = Swift.min(layerBound, Self.maximumLayers - 1)
        }
        var newPlanes = [spare.plane(0, count: n, zeroed: false)]
        for p in 0..<layerBound { newPlanes.append(spare.plane(p + 1, count: n, zeroed: true)) }
        var newDepth = Spare.reused(&spare.depth, count: n)
        var newVelocity = Spare.reused(&spare.velocity, count: n)
        var newDurations = Spare.reused(&spare.durations, count: n)
        var newSegmentDepth = [Int](repeating: 1, count: segments.count)
        // One buffer for every lane's carried layers (at most maximumLayers + 1).
        let layers = UnsafeMutablePointer<Layer>.allocate(capacity: Self.maximumLayers + 1)
        defer { layers.deallocate() }
        // Unwrapped once: unwrapping `source` per lane copied (retained) its arrays.
        let origin = source ?? self
        // Through pointers: the loop writes up to fifteen arrays per lane, and array
        // subscripts checked uniqueness and bounds on every write (a third of a
        // transition's instructions, more with layers). Every index is within 0..<n, the
        // lanes the segments cover. Written flat so that the loop keeps its indentation.
        try Self.withPointers(to: &newPlanes) { (planes) throws(LaneFailure) in
            try newVelocity.withUnsafeMutableBufferPointer { (velocity) throws(LaneFailure) in
                try newDurations.withUnsafeMutableBufferPointer { (durations) throws(LaneFailure) in
                    try newDepth.withUnsafeMutableBufferPointer { (depth) throws(LaneFailure) in
                        // Segment by segment, so that what depends only on the curve is found once.
                        for k in segments.indices {
                            let curve = segments[k].curve
                            var easingDuration: Double?
                            let carries = carriesBySegment[k]
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
                            for lane in segments[k].lanes {
                                let target = targets[lane], delay = delays[lane]
                                if let duration = easingDuration, !carries.isEmpty,
                                    case let carried = carriedLanes[lane], carried >= 0,
                                    carries[sourceSegments[carried]]
                                {
                                    // Carried on: its layers, not its value, say where it goes from.
                                    if !(target.isFinite && delay.isFinite) {
                                        try requireFinite(target, lane: lane, .target)
                                        try requireFinite(delay, lane: lane, .delay)
                                    }
                                    durations[lane] = duration
                                    let layerCount = try origin.carriedLayers(
                                        of: carried, at: time, curve: curve, duration: duration, target: target,
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
                                    depth[lane] = layerCount
                                    velocity[lane] = 0
                                    durations[lane] = duration
                                    newSegmentDepth[k] = Swift.max(newSegmentDepth[k], layerCount)
                                    continue
                                }
                                let (value, startVelocity) = current(lane)
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
                                    continue
                                }
                                let started = try Self.startMotion(
                                    of: curve, from: value, to: target, velocity: startVelocity,
                                    ownDuration: ownDuration, lane: lane)
                                velocity[lane] = started.velocity
                                durations[lane] = started.duration
                            }
                        }
                    }
                }
            }
        }
        newPlanes.removeLast(newPlanes.count - (newSegmentDepth.max() ?? 1))
        let newKernel: LaneStore?
        if kernel != nil {
            newKernel = try Self.kernelLanes(
                planes: newPlanes, velocity: newVelocity, reusing: &spare)
        } else {
            newKernel = nil
        }
        // What was the motion becomes the spare of the next transition.
        self.spare = Spare(
            planes: planes, depth: depth, velocity: velocity, durations: durations, kernel: kernel)
        kernel = newKernel
        start = time
        lastTransition = time
        planes = newPlanes
        depth = newDepth
        velocity = newVelocity
        durations = newDurations
        segmentDepth = newSegmentDepth
    }

    /// A plane's buffers as pointers, for a loop that writes lane by lane.
    struct PlanePointers {
        let offsets: UnsafeMutablePointer<Double>
        let from: UnsafeMutablePointer<Double>
        let to: UnsafeMutablePointer<Double>
    }

    /// `body` given pointers into every plane of `planes`, in order (valid for the call).
    static func withPointers<E: Error>(
        to planes: inout [Plane], _ body: ([PlanePointers]) throws(E) -> Void
    ) throws(E) {
        // The last plane taken out, so that its buffers and the others' are distinct
        // variables while each is accessed; put back whatever happens.
        guard var plane = planes.popLast() else { return try body([]) }
        defer { planes.append(plane) }
        try withPointers(to: &planes) { (others) throws(E) in
            try plane.offsets.withUnsafeMutableBufferPointer { (offsets) throws(E) in
                try plane.from.withUnsafeMutableBufferPointer { (from) throws(E) in
                    try plane.to.withUnsafeMutableBufferPointer { (to) throws(E) in
                        let pointers = PlanePointers(
                            offsets: offsets.baseAddress!, from: from.baseAddress!, to: to.baseAddress!)
                        try body(others + [pointers])
                    }
                }
            }
        }
    }

    /// The initial velocity and duration of one fresh motion under `curve` from `value`
    /// to `target`: a spring takes `velocity` (NaN for its own, scaled to the span, whose
    /// settling duration is `ownDuration` when it moves: the curve's ``Curve/duration``); a
    /// decay cannot take one (its own is k times its span; as a spring's, its duration
    /// keeps it within 0.001 of the span from then on, 0 when it does not move); an
    /// easing runs from rest for its duration.
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` for a velocity that is not
    ///   finite.
    static func startMotion(
        of curve: Curve, from value: Double, to target: Double, velocity: Double, ownDuration: Double? = nil,
        lane: Int
    ) throws(LaneFailure) -> (velocity: Double, duration: Double) {
        switch curve.kind {
        case .easing(_, let duration):
            return (0, duration)
        case .spring(let spring, let unit):
            let v = velocity.isNaN ? (target - value) * unit : velocity
            try requireFinite(v, lane: lane, .velocity)
            if velocity.isNaN, target != value, let ownDuration { return (v, ownDuration) }
            return (v, spring.validatedSettlingDuration(target: target - value, initialVelocity: v, epsilon: 0.001))
        case .decay(let decay):
            let v = (target - value) * decay.frictionRate
            try requireFinite(v, lane: lane, .velocity)
            return (v, target == value ? 0 : decay.validatedSettlingDuration(epsilon: 0.001))
        }
    }

    /// Hands lanes over from a caller who was moving them (a drag released): from `time`
    /// each lane in `lanes` runs one fresh motion from `values[k]` at `velocities[k]`
    /// (per second; see ``startMotion(of:from:to:velocity:ownDuration:lane:)`` for what each curve
    /// does with it) to its target, at once; every other lane keeps its motions exactly.
    ///
    /// - Throws: ``LaneFailure/invalidTime(_:)`` for a NaN or infinite time or one
    ///   before the last transition; ``LaneFailure/nonFinite(lane:_:value:)`` for a
    ///   value, span or velocity that is not finite; for a kernel animation,
    ///   ``LaneFailure/exceedsFloat32(lane:_:value:)``.
    ///   Nothing changes on a throw.
    mutating func release(
        lanes: Range<Int>, values: [Double], velocities: [Double], at time: Double
    ) throws(LaneFailure) {
        guard time.isFinite, time >= lastTransition else { throw .invalidTime(time) }
        var next = self
        // Offsets count from the new start: the other lanes' trajectories are unchanged.
        let shift = time - start
        // Each lane's own motions only: layers a lane does not have stay all zero.
        for lane in 0..<laneCount {
            for p in 0..<depth[lane] { next.planes[p].offsets[lane] -= shift }
        }
        for (k, lane) in lanes.enumerated() {
            let target = self.target(ofLane: lane)
            try requireFinite(values[k], lane: lane, .value)
            try requireFinite(velocities[k], lane: lane, .velocity)
            try requireFinite(target - values[k], lane: lane, .span)
            let started = try Self.startMotion(
                of: curve(ofLane: lane), from: values[k], to: target, velocity: velocities[k], lane: lane)
            for p in next.planes.indices {
                (next.planes[p].offsets[lane], next.planes[p].from[lane], next.planes[p].to[lane]) =
                    p == 0 ? (0, values[k], target) : (0, 0, 0)
            }
            next.depth[lane] = 1
            next.velocity[lane] = started.velocity
            next.durations[lane] = started.duration
        }
        if kernel != nil {
            next.kernel = try Self.kernelLanes(planes: next.planes, velocity: next.velocity)
        }
        next.start = time
        next.lastTransition = time
        self = next
    }
}

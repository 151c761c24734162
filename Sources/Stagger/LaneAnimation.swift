internal import CInterp

/// The engine under matched pairs and component states: many scalar lanes, each moving
/// from its own value toward its own target with its own start offset and velocity,
/// grouped into contiguous ranges that share a curve.
///
/// The truth is kept in Double (so an interruption picks up the exact value and
/// velocity); float32 copies feed the kernel, one `ci_sample` call per range with the
/// per-item source, which is what a lane is to the kernel: an item.
struct LaneAnimation: Sendable {
    /// A run of lanes driven by one curve.
    struct Segment: Sendable {
        var lanes: Range<Int>
        var curve: Curve
    }

    /// Clock time the offsets count from, seconds.
    private(set) var start: Double = 0
    /// When the last transition started, seconds; −∞ before the first, so that a
    /// first transition may come at any finite time (a negative one included).
    private(set) var lastTransition = -Double.infinity
    /// Per lane: seconds after `start` before the lane moves.
    private(set) var offsets: [Double]
    private(set) var from: [Double]
    private(set) var to: [Double]
    /// Per lane: velocity at the lane's start, value units per second (springs).
    private(set) var velocity: [Double]
    /// Per lane: seconds from its start until it is at rest.
    private(set) var durations: [Double]
    let segments: [Segment]
    /// Which segment each lane belongs to.
    private let segmentOfLane: [Int]

    /// The float32 copies the kernel reads; `nil` for an animation evaluated only in
    /// Double (component states), whose lanes need not fit float32.
    private var kernel: KernelLanes?

    private struct KernelLanes: Sendable {
        var offsets: [Float]
        var from: [Float]
        var to: [Float]
        var velocity: [Float]
    }

    var laneCount: Int { from.count }

    /// Lanes at rest at `values` (finite), with segments covering 0..<values.count,
    /// evaluated in Double only (``reference(lane:at:)``; ``sample(at:values:velocities:backend:)``
    /// must not be called).
    init(values: [Double], segments: [Segment]) {
        let n = values.count
        self.segments = segments
        var owner = [Int](repeating: 0, count: n)
        for (k, segment) in segments.enumerated() { for lane in segment.lanes { owner[lane] = k } }
        segmentOfLane = owner
        offsets = [Double](repeating: 0, count: n)
        from = values
        to = values
        velocity = [Double](repeating: 0, count: n)
        durations = [Double](repeating: 0, count: n)
    }

    /// Lanes at rest at `values` that the kernel also samples.
    ///
    /// - Throws: ``AnimatableError/curve(_:)`` wrapping ``CurveError/exceedsKernelRange(name:value:)``
    ///   (named by `laneName`) for a value float32 cannot hold, checked once here
    ///   rather than failing every frame.
    init(kernelValues values: [Double], segments: [Segment], laneName: (Int) -> String) throws(AnimatableError) {
        self.init(values: values, segments: segments)
        kernel = try Self.kernelLanes(
            offsets: offsets, from: from, to: to, velocity: velocity, laneName: laneName)
    }

    /// The float32 copies of a motion, each value checked to fit.
    private static func kernelLanes(
        offsets: [Double], from: [Double], to: [Double], velocity: [Double], laneName: (Int) -> String
    ) throws(AnimatableError) -> KernelLanes {
        func narrow(_ values: [Double], _ what: String) throws(AnimatableError) -> [Float] {
            var result = [Float](repeating: 0, count: values.count)
            for (lane, value) in values.enumerated() {
                let narrowed = Float(value)
                guard narrowed.isFinite else {
                    throw .curve(.exceedsKernelRange(name: "\(laneName(lane))\(what)", value: value))
                }
                result[lane] = narrowed
            }
            return result
        }
        let kernel = KernelLanes(
            offsets: try narrow(offsets, " delay"), from: try narrow(from, ""), to: try narrow(to, " target"),
            velocity: try narrow(velocity, " velocity"))
        // The kernel computes to − from in float32: it must not overflow either.
        for lane in from.indices where !(kernel.to[lane] - kernel.from[lane]).isFinite {
            throw .curve(.exceedsKernelRange(name: "\(laneName(lane)) span", value: to[lane] - from[lane]))
        }
        return kernel
    }

    func curve(ofLane lane: Int) -> Curve { segments[segmentOfLane[lane]].curve }

    /// Lane `lane`'s value and velocity at `time` (seconds on the caller's clock), in
    /// Double: the reference the kernel pass is tested against.
    func reference(lane: Int, at time: Double) -> (value: Double, velocity: Double) {
        let elapsed = time - start - offsets[lane]
        let f = from[lane], span = to[lane] - f
        switch curve(ofLane: lane).kind {
        case .easing(let easing, let duration):
            // As Curve.value/velocity, without their re-validation per lane.
            let p = Swift.min(Swift.max(elapsed / duration, 0), 1)
            let y = (try? easing.value(at: p)) ?? 0
            let slope = elapsed > 0 && elapsed < duration ? easing.slope(at: p) / duration : 0
            return (f + span * y, span * slope)
        case .spring(let spring, _):
            // Waiting lanes hold still; at elapsed 0 the lane already has its velocity
            // (the kernel's rule too), so an interruption is continuous at its instant.
            guard elapsed >= 0 else { return (f, 0) }
            let motion = spring.motion(delta: span, initialVelocity: velocity[lane], time: elapsed)
            return (f + motion.value, motion.velocity)
        case .decay(let decay):
            // As a spring; its velocity follows from its span (k·span at the start).
            guard elapsed >= 0 else { return (f, 0) }
            let motion = decay.motion(distance: span, time: elapsed)
            return (f + motion.value, motion.velocity)
        }
    }

    /// When every lane is at rest, seconds on the caller's clock.
    var settleTime: Double {
        var latest = start
        for lane in 0..<laneCount { latest = Swift.max(latest, start + offsets[lane] + durations[lane]) }
        return latest
    }

    /// Whether lane `lane` has started and is not yet at rest at `time`.
    func isMoving(lane: Int, at time: Double) -> Bool {
        let elapsed = time - start - offsets[lane]
        return elapsed > 0 && elapsed < durations[lane]
    }

    /// Starts every lane afresh at `time` toward `targets`, after `delays[lane]` seconds.
    ///
    /// Lanes for which `keepsMotion` holds start from their current value **and
    /// velocity** (an interruption; the velocity only matters to springs, easings
    /// restart with their own shape); the others from their current value with the
    /// curve's own initial velocity scaled to their span.
    ///
    /// - Throws: as ``setMotion(start:current:targets:delays:laneName:)``; nothing
    ///   changes on a throw.
    mutating func restart(
        at time: Double, targets: [Double], delays: [Double], laneName: (Int) -> String,
        keepsMotion: (Int) -> Bool
    ) throws(AnimatableError) {
        var current: [(value: Double, velocity: Double)] = []
        current.reserveCapacity(laneCount)
        for lane in 0..<laneCount {
            let now = reference(lane: lane, at: time)
            current.append((now.value, keepsMotion(lane) ? now.velocity : .nan))
        }
        try setMotion(start: time, current: current, targets: targets, delays: delays, laneName: laneName)
    }

    /// Sets every lane moving from `current` (value, and velocity, NaN for "the curve's
    /// own initial velocity") toward `targets` from `start` after `delays`.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` (named by
    ///   `laneName`) for a value, target, span, velocity or delay that is not finite in
    ///   Double; for a kernel animation, ``AnimatableError/curve(_:)`` wrapping
    ///   ``CurveError/exceedsKernelRange(name:value:)`` for one float32 cannot hold.
    ///   Everything is checked before anything changes.
    mutating func setMotion(
        start time: Double, current: [(value: Double, velocity: Double)], targets: [Double], delays: [Double],
        laneName: (Int) -> String
    ) throws(AnimatableError) {
        let n = laneCount
        var newFrom = [Double](repeating: 0, count: n)
        var newVelocity = [Double](repeating: 0, count: n)
        var newDurations = [Double](repeating: 0, count: n)
        for lane in 0..<n {
            let value = current[lane].value, target = targets[lane]
            try requireFinite(value, laneName(lane))
            try requireFinite(target, "\(laneName(lane)) target")
            try requireFinite(target - value, "\(laneName(lane)) span")
            try requireFinite(delays[lane], "\(laneName(lane)) delay")
            let kind = curve(ofLane: lane).kind
            var v = 0.0
            if case .decay(let decay) = kind {
                // A decay cannot take a velocity: its own is k times its span.
                v = (target - value) * decay.frictionRate
            } else if !current[lane].velocity.isNaN {
                v = current[lane].velocity
            } else if case .spring(_, let unit) = kind {
                v = (target - value) * unit
            }
            try requireFinite(v, "\(laneName(lane)) velocity")
            newFrom[lane] = value
            newVelocity[lane] = v
            switch kind {
            case .easing(_, let duration):
                newDurations[lane] = duration
            case .spring(let spring, _):
                newDurations[lane] = spring.validatedSettlingDuration(
                    target: target - value, initialVelocity: v, epsilon: 0.001)
            case .decay(let decay):
                // As a spring's: within 0.001 of the span from then on (nothing to settle
                // when the lane does not move).
                newDurations[lane] = target == value ? 0 : decay.validatedSettlingDuration(epsilon: 0.001)
            }
        }
        if kernel != nil {
            kernel = try Self.kernelLanes(
                offsets: delays, from: newFrom, to: targets, velocity: newVelocity, laneName: laneName)
        }
        start = time
        lastTransition = time
        from = newFrom
        to = targets
        velocity = newVelocity
        offsets = delays
        durations = newDurations
    }

    /// Every lane's value (and velocity, when asked) at `time`, one kernel call per
    /// segment, in float32. Velocities are 0 for easing segments (the kernel's rule).
    func sample(
        at time: Double, values: UnsafeMutablePointer<Float>, velocities: UnsafeMutablePointer<Float>?,
        backend: Backend?
    ) throws(AnimatableError) {
        guard time.isFinite else { throw .invalidTime(time) }
        guard laneCount > 0, let kernel else { return }
        let backendValue = backend?.cValue ?? CI_BACKEND_AUTO
        // Indices, not `for segment in segments where ...`: that form allocated once
        // per segment per frame (measured by AllocationTests), this one does not.
        for index in segments.indices where !segments[index].lanes.isEmpty {
            let segment = segments[index]
            let described: (curve: ci_curve, duration: Double)
            do {
                described = try segment.curve.kernelDescriptor()
            } catch {
                throw .curve(error)
            }
            var curve = described.curve
            let duration = described.duration
            let lower = segment.lanes.lowerBound
            let status: ci_status = kernel.offsets.withUnsafeBufferPointer { offsets in
                kernel.from.withUnsafeBufferPointer { from in
                    kernel.to.withUnsafeBufferPointer { to in
                        kernel.velocity.withUnsafeBufferPointer { velocity in
                            var request = ci_sample_request()
                            request.time = time
                            request.start = start
                            request.duration = duration
                            request.item_start = offsets.baseAddress! + lower
                            request.item_from = from.baseAddress! + lower
                            request.item_to = to.baseAddress! + lower
                            request.item_velocity = velocity.baseAddress! + lower
                            return ci_sample(
                                backendValue, &curve, &request, nil, 0, nil, values + lower,
                                velocities.map { $0 + lower }, segment.lanes.count)
                        }
                    }
                }
            }
            if status == CI_ERR_INVALID_PARAMETER {
                // Every lane value, target, span, velocity and delay was checked to fit
                // float32 when the motion was set; the request's own fields remain: an
                // easing duration float32 rounds to 0, or a time (or its distance from
                // the last transition) float32 cannot hold.
                if case .easing(_, let d) = segment.curve.kind, !(Float(d) > 0) {
                    throw .curve(.invalidDuration(d))
                }
                throw .invalidTime(time)
            }
            do {
                try checkKernelStatus(status, backend: backend, input: nil, invalidCurve: segment.curve.rangeError)
            } catch {
                throw .curve(error)
            }
        }
    }
}

/// Lanes that come and go: inserting and removing runs of lanes, gathering rows of lanes
/// into new rows, and sending one lane to a new target while the others keep their
/// motions.
extension LaneAnimation {
    /// The segment lanes inserted before lane `index` join: the one holding lane
    /// `index`, else the last one ending there.
    func segment(insertingAt index: Int) -> Int {
        if let k = segments.firstIndex(where: { $0.lanes.contains(index) }) { return k }
        guard let k = segments.lastIndex(where: { $0.lanes.upperBound == index }) else {
            preconditionFailure("no segment holds or ends at lane \(index)")
        }
        return k
    }

    /// Inserts `added` lanes before lane `index`, into the segment holding it (the
    /// last one ending there when no segment holds it): each is at rest at 0 until
    /// `time + delays[r]`, then moves toward `target` (a spring at its own initial
    /// velocity scaled to the span, as from rest). Every other lane keeps its motions
    /// exactly: offsets still count from ``start``, which does not move.
    ///
    /// - Throws: ``LaneFailure/invalidTime(_:)`` for a NaN or infinite time;
    ///   ``LaneFailure/nonFinite(lane:_:value:)`` for a target, delay or velocity that
    ///   is not finite; for a kernel animation, ``LaneFailure/exceedsFloat32(lane:_:value:)``.
    ///   Nothing changes on a throw.
    mutating func insertLanes(
        _ added: Int, at index: Int, time: Double, target: Double, delays: [Double]
    ) throws(LaneFailure) {
        precondition(added >= 0 && (0...laneCount).contains(index) && delays.count == added)
        guard time.isFinite else { throw .invalidTime(time) }
        let k = segment(insertingAt: index)
        let curve = segments[k].curve
        var offsets = [Double](repeating: 0, count: added)
        var velocities = offsets, ends = offsets
        for r in 0..<added {
            offsets[r] = time - start + delays[r]
            try requireFinite(offsets[r], lane: index + r, .delay)
            try requireFinite(target, lane: index + r, .target)
            let started = try Self.startMotion(
                of: curve, from: 0, to: target, velocity: .nan, ownDuration: curve.duration, lane: index + r)
            velocities[r] = started.velocity
            ends[r] = started.duration
        }
        var next = self
        // The spare buffers no longer have the lane count: let them go.
        next.spare = Spare()
        let zeros = [Double](repeating: 0, count: added)
        for p in next.planes.indices {
            next.planes[p].offsets.insert(contentsOf: p == 0 ? offsets : zeros, at: index)
            next.planes[p].from.insert(contentsOf: zeros, at: index)
            next.planes[p].to.insert(contentsOf: p == 0 ? [Double](repeating: target, count: added) : zeros, at: index)
        }
        next.depth.insert(contentsOf: repeatElement(1 as UInt8, count: added), at: index)
        next.velocity.insert(contentsOf: velocities, at: index)
        next.durations.insert(contentsOf: ends, at: index)
        next.segments[k].lanes = segments[k].lanes.lowerBound..<segments[k].lanes.upperBound + added
        for later in k + 1..<segments.count {
            next.segments[later].lanes =
                segments[later].lanes.lowerBound + added..<segments[later].lanes.upperBound + added
        }
        if kernel != nil {
            next.kernel = try Self.kernelLanes(planes: next.planes, velocity: next.velocity)
        }
        next.lastTransition = time
        next.motionName = nil
        self = next
    }

    /// Removes lanes `range`; every other lane keeps its motions exactly.
    mutating func removeLanes(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= laneCount)
        spare = Spare()
        motionName = nil
        for p in planes.indices {
            planes[p].offsets.removeSubrange(range)
            planes[p].from.removeSubrange(range)
            planes[p].to.removeSubrange(range)
        }
        depth.removeSubrange(range)
        velocity.removeSubrange(range)
        durations.removeSubrange(range)
        kernel?.removeLanes(range)
        // Lanes before a bound that are removed move it down.
        func moved(_ bound: Int) -> Int { bound - Swift.max(0, Swift.min(range.upperBound, bound) - range.lowerBound) }
        for k in segments.indices {
            segments[k].lanes = moved(segments[k].lanes.lowerBound)..<moved(segments[k].lanes.upperBound)
        }
    }

    /// The lanes gathered into new rows: this engine's lanes are `rows` rows of equal
    /// length (a pair group's: one row per lane of a pair, one lane per pair), and lane
    /// j of every new row (of `carried.count`) is lane `carried[j]` of the same row
    /// here, with its motions exactly, or, where `carried[j]` is −1, a lane at rest at
    /// `values[row · carried.count + j]` (`values` holds one per new lane; its other
    /// elements are not read). `newSegments` cover the new lanes, each the rows of the
    /// segment here at its index, with the same curve. Offsets still count from the
    /// same ``start``, and the last transition is this one's.
    ///
    /// - Throws: ``LaneFailure/exceedsFloat32(lane:_:value:)`` for a value at rest that
    ///   float32 cannot hold (a kernel animation's); ``LaneFailure/kernel(_:)`` for a
    ///   curve the kernel cannot run.
    func gathered(
        rows: Int, carried: [Int], values: [Double], segments newSegments: [Segment]
    ) throws(LaneFailure) -> LaneAnimation {
        let m = carried.count, n = rows == 0 ? 0 : laneCount / rows
        precondition(rows * n == laneCount && values.count == rows * m && newSegments.count == segments.count)
        var next = LaneAnimation(values: values, segments: newSegments)
        // As many planes as here, each counting from its own start; a lane at rest has
        // nothing in the planes above the base.
        for p in planes.indices {
            if p > 0 { next.planes.append(Plane(count: values.count)) }
            next.planes[p].start = planes[p].start
        }
        for p in planes.indices {
            Self.gather(planes[p].offsets, into: &next.planes[p].offsets, rows: rows, carried: carried)
            Self.gather(planes[p].from, into: &next.planes[p].from, rows: rows, carried: carried)
            Self.gather(planes[p].to, into: &next.planes[p].to, rows: rows, carried: carried)
        }
        Self.gather(depth, into: &next.depth, rows: rows, carried: carried)
        Self.gather(velocity, into: &next.velocity, rows: rows, carried: carried)
        Self.gather(durations, into: &next.durations, rows: rows, carried: carried)
        next.segmentDepth = segmentDepth
        next.lastTransition = lastTransition
        if kernel != nil {
            next.kernel = try Self.kernelLanes(planes: next.planes, velocity: next.velocity)
            next.passes = try Self.kernelPasses(newSegments)
        }
        return next
    }

    /// Element j of each of `rows` rows of `target` set to element `carried[j]` of the
    /// same row of `source` (rows of `source.count / rows`), where that is not −1.
    private static func gather<T: BitwiseCopyable>(_ source: [T], into target: inout [T], rows: Int, carried: [Int]) {
        let n = rows == 0 ? 0 : source.count / rows, m = carried.count
        // Through pointers: a checked store per element, through the planes' array, was
        // most of the gathering.
        source.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                carried.withUnsafeBufferPointer { carried in
                    for row in 0..<rows {
                        for j in 0..<m where carried[j] >= 0 { target[row * m + j] = source[row * n + carried[j]] }
                    }
                }
            }
        }
    }

    /// Sends lane `lane` toward `target` from `time`, at once, by the rule of an
    /// interruption (see the type's discussion): a moving easing lane adds the change
    /// of target on top of its motions in flight, a moving spring lane starts from its
    /// value and velocity, a decay from its value, a lane at rest from its value (a
    /// spring at its own initial velocity scaled to the span). With `handOver`, one
    /// fresh motion from that value and velocity instead (a drag released: the rule of
    /// ``release(lanes:values:velocities:at:)``). Every other lane keeps its
    /// motions exactly: offsets still count from ``start``, which does not move, and
    /// `time` may come before the last transition (a list's rule: the new motion
    /// answers).
    ///
    /// - Throws: ``LaneFailure/invalidTime(_:)`` for a NaN or infinite time;
    ///   ``LaneFailure/nonFinite(lane:_:value:)`` for a value, target, span, velocity or
    ///   delay that is not finite; for a kernel animation,
    ///   ``LaneFailure/exceedsFloat32(lane:_:value:)``.
    ///   Nothing changes on a throw.
    mutating func send(
        lane: Int, to target: Double, at time: Double, handOver: (value: Double, velocity: Double)?
    ) throws(LaneFailure) {
        guard time.isFinite else { throw .invalidTime(time) }
        let curve = curve(ofLane: lane)
        // Offsets from the start of the plane each motion goes to (a plane this adds
        // counts from the base's start).
        func planeStart(_ p: Int) -> Double { p < planes.count ? planes[p].start : start }
        let sinceStart = time - start
        try requireFinite(sinceStart, lane: lane, .delay)
        try requireFinite(target, lane: lane, .target)
        // The lane's motions from now on, oldest first, with offsets from their planes' starts.
        var motions: [(offset: Double, from: Double, to: Double)] = []
        let laneVelocity: Double, laneDuration: Double
        if handOver == nil, case .easing(_, let duration) = curve.kind, isMoving(lane: lane, at: time) {
            try withUnsafeTemporaryAllocation(of: Layer.self, capacity: Self.maximumLayers + 1) {
                (layers) throws(LaneFailure) in
                let layers = layers.baseAddress!
                let count = try carriedLayers(
                    of: lane, at: time, curve: curve, duration: duration, target: target, into: layers,
                    reportedAs: lane)
                for p in 0..<count {
                    motions.append(
                        (
                            p == count - 1 ? time - planeStart(p) : layers[p].start - planeStart(p), layers[p].from,
                            layers[p].to
                        ))
                }
            }
            (laneVelocity, laneDuration) = (0, duration)
        } else {
            let now: (value: Double, velocity: Double)
            if let handOver {
                now = handOver
            } else {
                let current = reference(lane: lane, at: time)
                now = (current.value, isMoving(lane: lane, at: time) ? current.velocity : .nan)
            }
            try requireFinite(now.value, lane: lane, .value)
            if handOver != nil { try requireFinite(now.velocity, lane: lane, .velocity) }
            try requireFinite(target - now.value, lane: lane, .span)
            let started = try Self.startMotion(
                of: curve, from: now.value, to: target, velocity: now.velocity, ownDuration: curve.duration,
                lane: lane)
            motions = [(sinceStart, now.value, target)]
            (laneVelocity, laneDuration) = started
        }
        // Checked for the kernel before anything changes.
        if kernel != nil {
            func fits(_ value: Double, _ what: LaneQuantity) throws(LaneFailure) {
                guard Float(value).isFinite else { throw .exceedsFloat32(lane: lane, what, value: value) }
            }
            for motion in motions {
                try fits(motion.offset, .delay)
                try fits(motion.from, .value)
                try fits(motion.to, .target)
                // The kernel computes to − from in float32: it must not overflow either.
                if !(Float(motion.to) - Float(motion.from)).isFinite {
                    throw .exceedsFloat32(lane: lane, .span, value: motion.to - motion.from)
                }
            }
            try fits(laneVelocity, .velocity)
        }
        let n = laneCount
        while planes.count < motions.count {
            var plane = Plane(count: n)
            plane.start = start
            planes.append(plane)
            kernel?.appendColumns(3)
        }
        for p in 0..<Swift.max(Int(depth[lane]), motions.count) {
            let motion = p < motions.count ? motions[p] : (offset: 0.0, from: 0.0, to: 0.0)
            (planes[p].offsets[lane], planes[p].from[lane], planes[p].to[lane]) = motion
            if kernel != nil {
                kernel![KernelColumn.offsets(p), lane] = Float(motion.offset)
                kernel![KernelColumn.from(p), lane] = Float(motion.from)
                kernel![KernelColumn.to(p), lane] = Float(motion.to)
            }
        }
        motionName = nil
        depth[lane] = UInt8(motions.count)
        velocity[lane] = laneVelocity
        durations[lane] = laneDuration
        kernel?[KernelColumn.velocity, lane] = Float(laneVelocity)
        let k = segment(ofLane: lane)
        segmentDepth[k] = Swift.max(segmentDepth[k], motions.count)
        lastTransition = time
    }
}

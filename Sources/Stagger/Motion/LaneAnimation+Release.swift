/// Handing lanes over from a caller who was moving them: a drag released.
extension LaneAnimation {
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
        // Each lane's own motions only: layers a lane does not have stay all zero.
        for lane in 0..<laneCount {
            for p in 0..<Int(depth[lane]) { next.planes[p].offsets[lane] -= time - planes[p].start }
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
        next.motionName = nil
        self = next
    }
}

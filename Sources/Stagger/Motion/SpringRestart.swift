internal import CInterp

/// A restart of a segment of spring lanes in one kernel pass (`ci_restart_spring_lanes`):
/// each lane's state at the tap, its new motion and its settling bound, a vector of
/// lanes at a time in double, with the bits of the lane by lane path of
/// ``LaneAnimation/setMotion(start:current:targets:delay:carrying:carried:batchedDelays:carriedRows:givenStates:reusing:)``
/// (its states are `ci_spring_states`', its bounds `ci_spring_settling`'s).
enum SpringRestart {
    /// Whether the kernel's pass takes lanes of `spring` (a curve's own initial velocity
    /// per unit of span and settling duration given): under- or critically damped,
    /// damping (its states and settling bounds), oscillating at most 2,000 times its
    /// decay rate (so that a lane's phase stays within the states' range until its
    /// motion has decayed). ``SpringListMotion`` takes the same springs.
    static func covers(_ spring: Spring, ownVelocity: Double, ownDuration: Double) -> Bool {
        // The checks of the kernel's entry point, so that it never refuses what is passed.
        let rate = spring.decayRate, squared = spring.dampedFrequencySquared
        let undamped = spring.stiffness / spring.mass
        return rate > 0 && rate.isFinite && squared >= 0 && squared <= 4e6 * rate * rate && undamped > 0
            && undamped.isFinite && ownVelocity.isFinite && ownDuration.isFinite && ownDuration >= 0
    }

    /// Where a restart's lanes are at its time.
    enum States {
        /// Each lane's state in the motion in flight of this engine (one motion of the
        /// spring each, in plane 0), found by the kernel.
        case motion(LaneAnimation)
        /// Each lane's value and velocity, given (a drag let go): `values[lane]`,
        /// `velocities[lane]`; `nil` velocities for lanes at rest, none of which
        /// carries a motion on (a start from rest).
        case given(values: [Double], velocities: [Double]?)
    }

    /// Lanes `lanes` at `states` (each one motion of `spring`) restarted at
    /// `time` toward `targets`, into the new motion's buffers: a lane whose carried
    /// answer (in `durations`, read and overwritten) is not negative goes on from its
    /// value and velocity at once; any other starts from its value after `delays[lane]`
    /// at `ownVelocity` times its span, for `ownDuration` seconds when it moves. Returns
    /// the soonest offset plus duration.
    ///
    /// `rowLength`, when not 0, promises that whether a lane carries its motion on repeats
    /// with rows of that many lanes (lane l carries exactly when lane l − rowLength does:
    /// a pair group's pairs); a lane with the span and velocity of the lane a row before
    /// then takes that lane's bound instead of a search of its own (a pair's corners
    /// usually move alike). The bounds are the same either way.
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` for the first lane whose value,
    ///   target, span, delay or velocity is not finite, as the lane by lane path names it.
    static func restart(
        lanes: Range<Int>, of spring: Spring, ownVelocity: Double, ownDuration: Double, at time: Double,
        from states: States, targets: LaneAnimation.Targets, delays: UnsafePointer<Double>, rowLength: Int,
        into plane: LaneAnimation.PlanePointers, velocity: UnsafeMutablePointer<Double>,
        durations: UnsafeMutablePointer<Double>
    ) throws(LaneFailure) -> Double {
        guard !lanes.isEmpty else { return .infinity }
        let first = lanes.lowerBound, count = lanes.count
        // The promise `rowLength` makes (checked in debug builds only: a pass over the
        // lanes).
        assert(
            carriesRepeat(durations, lanes: lanes, rowLength: rowLength),
            "lanes carried on do not repeat with rows of \(rowLength)")
        var parameters = ci_spring_restart()
        parameters.spring = spring.stateParameters
        parameters.epsilon = SettlingBatch.epsilon
        parameters.time = time
        parameters.own_velocity = ownVelocity
        parameters.own_duration = ownDuration
        parameters.row = rowLength
        var soonest = Double.infinity, unsolved = 0
        // The states' arrays through pointers, then one call (no local function: one
        // that captured the figures allocated their boxes per call in a debug build).
        let status = withStates(states, first: first, into: &parameters) { parameters in
            withTargets(targets) { target, all in
                parameters.target = target.map { $0 + first }
                parameters.all_targets = all
                parameters.delay = delays + first
                parameters.carried = UnsafePointer(durations + first)
                return ci_restart_spring_lanes(
                    CI_BACKEND_AUTO, &parameters, plane.offsets + first, plane.from + first, plane.to + first,
                    velocity + first, durations + first, &soonest, &unsolved, count)
            }
        }
        if status == CI_ERR_NONFINITE_INPUT {
            // The first lane the lane by lane path would stop at, in its order of checks.
            for lane in lanes {
                let value = plane.from[lane], target = plane.to[lane]
                try requireFinite(value, lane: lane, .value)
                try requireFinite(target, lane: lane, .target)
                try requireFinite(target - value, lane: lane, .span)
                try requireFinite(plane.offsets[lane], lane: lane, .delay)
                try requireFinite(velocity[lane], lane: lane, .velocity)
            }
            preconditionFailure("ci_restart_spring_lanes reported a figure that is not finite, and none is")
        }
        // The spring and the figures were checked (covers(_:), the engine's own lanes).
        precondition(status == CI_OK || status == CI_ERR_NONFINITE_INPUT, "ci_restart_spring_lanes: \(status)")
        if unsolved > 0 {
            // Bounds the kernel's search could not finish: the reference's, then the ends.
            soonest = .infinity
            for lane in lanes {
                if durations[lane].isNaN {
                    durations[lane] = spring.validatedSettlingDuration(
                        target: plane.to[lane] - plane.from[lane], initialVelocity: velocity[lane],
                        epsilon: SettlingBatch.epsilon)
                }
                soonest = min(soonest, plane.offsets[lane] + durations[lane])
            }
        }
        return soonest
    }

    /// Whether lane l of `lanes` carries its motion on (its answer in `durations` not
    /// negative) exactly when lane l − `rowLength` does, for every such pair in `lanes`
    /// (by index: a closure per element allocated in a debug build).
    private static func carriesRepeat(
        _ durations: UnsafeMutablePointer<Double>, lanes: Range<Int>, rowLength: Int
    ) -> Bool {
        guard rowLength > 0, lanes.count > rowLength else { return true }
        for lane in (lanes.lowerBound + rowLength)..<lanes.upperBound
        where (durations[lane] >= 0) != (durations[lane - rowLength] >= 0) {
            return false
        }
        return true
    }

    /// `body` given `parameters` with the states' figures set, from lane `first` on.
    private static func withStates<R>(
        _ states: States, first: Int, into parameters: inout ci_spring_restart,
        _ body: (inout ci_spring_restart) -> R
    ) -> R {
        switch states {
        case .motion(let origin):
            parameters.start = origin.planes[0].start
            return origin.planes[0].offsets.withUnsafeBufferPointer { offsets in
                origin.planes[0].from.withUnsafeBufferPointer { from in
                    origin.planes[0].to.withUnsafeBufferPointer { to in
                        origin.velocity.withUnsafeBufferPointer { startVelocity in
                            parameters.offset = offsets.baseAddress! + first
                            parameters.from = from.baseAddress! + first
                            parameters.to = to.baseAddress! + first
                            parameters.velocity = startVelocity.baseAddress! + first
                            return body(&parameters)
                        }
                    }
                }
            }
        case .given(let values, let velocities):
            parameters.states_given = 1
            return values.withUnsafeBufferPointer { values in
                parameters.from = values.baseAddress! + first
                // No velocities: the pass loads one for every lane but uses it only for
                // the lanes that carry theirs on, and none does (the values stand in:
                // as many).
                guard let velocities else {
                    parameters.velocity = parameters.from
                    return body(&parameters)
                }
                return velocities.withUnsafeBufferPointer { velocities in
                    parameters.velocity = velocities.baseAddress! + first
                    return body(&parameters)
                }
            }
        }
    }

    /// `body` given the targets per lane (`nil` for one target, the second argument).
    private static func withTargets<R>(
        _ targets: LaneAnimation.Targets, _ body: (UnsafePointer<Double>?, Double) -> R
    ) -> R {
        switch targets {
        case .all(let target): body(nil, target)
        case .each(let targets): targets.withUnsafeBufferPointer { body($0.baseAddress, 0) }
        }
    }
}

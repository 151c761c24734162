internal import CInterp

/// The value and velocity of spring lanes at a transition's time, found by the kernel
/// a vector at a time (`ci_spring_states`, double precision, the reference's formulas)
/// for runs of up to ``capacity`` lanes, instead of an exponential, a sine and a cosine
/// after another in the lane loop.
///
/// Asked for lanes in order, as a transition walks them: a lane outside the run held
/// fills the next run from it. Lanes the kernel does not evaluate (an over-damped
/// spring, a lane with more than one motion, a phase past the kernel's range) take
/// ``LaneAnimation/reference(lane:at:segment:)``. Storage on the stack (``with(_:)``):
/// no allocation.
struct SpringStates {
    /// Lanes per kernel call: sixteen of the widest vector, in buffers of 1 KiB each
    /// (see ``SettlingBatch/capacity``).
    static let capacity = 128

    private let elapsed: UnsafeMutablePointer<Double>
    private let deltas: UnsafeMutablePointer<Double>
    private let startVelocities: UnsafeMutablePointer<Double>
    private let values: UnsafeMutablePointer<Double>
    private let velocities: UnsafeMutablePointer<Double>
    private var first = 0
    private var count = 0
    /// The last segment found not to run a spring.
    private var otherCurveSegment = -1

    /// `body` given an empty run, valid for the call.
    static func with<R, E: Error>(_ body: (inout SpringStates) throws(E) -> R) throws(E) -> R {
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (elapsed) throws(E) -> R in
            try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (deltas) throws(E) -> R in
                try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (starts) throws(E) -> R in
                    try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (values) throws(E) -> R in
                        try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) {
                            (velocities) throws(E) -> R in
                            var states = SpringStates(
                                elapsed: elapsed.baseAddress!, deltas: deltas.baseAddress!,
                                startVelocities: starts.baseAddress!, values: values.baseAddress!,
                                velocities: velocities.baseAddress!)
                            return try body(&states)
                        }
                    }
                }
            }
        }
    }

    private init(
        elapsed: UnsafeMutablePointer<Double>, deltas: UnsafeMutablePointer<Double>,
        startVelocities: UnsafeMutablePointer<Double>, values: UnsafeMutablePointer<Double>,
        velocities: UnsafeMutablePointer<Double>
    ) {
        self.elapsed = elapsed
        self.deltas = deltas
        self.startVelocities = startVelocities
        self.values = values
        self.velocities = velocities
    }

    /// Lane `lane` of segment `k` of `engine` at `time`: what
    /// ``LaneAnimation/reference(lane:at:segment:)`` gives, within a few units in the
    /// last place (the kernel's exponential, sine and cosine round apart from the C
    /// library's).
    mutating func state(
        ofLane lane: Int, segment k: Int, of engine: LaneAnimation, at time: Double
    ) -> (value: Double, velocity: Double) {
        if lane < first || lane >= first + count {
            // A run starts here if the segment runs a spring (asked once per run, and
            // once per segment that does not: an easing's lanes are asked one by one).
            if k == otherCurveSegment { return engine.reference(lane: lane, at: time, segment: k) }
            guard case .spring(let spring, _) = engine.segments[k].curve.kind else {
                otherCurveSegment = k
                return engine.reference(lane: lane, at: time, segment: k)
            }
            fill(from: lane, through: engine.segments[k].lanes.upperBound, of: engine, spring: spring, at: time)
        }
        let j = lane - first
        guard !values[j].isNaN else { return engine.reference(lane: lane, at: time, segment: k) }
        return (values[j], velocities[j])
    }

    /// Evaluates lanes `lane` up to `end` (at most ``capacity``), all of `spring`.
    private mutating func fill(
        from lane: Int, through end: Int, of engine: LaneAnimation, spring: Spring, at time: Double
    ) {
        first = lane
        count = Swift.min(Self.capacity, end - lane)
        let plane = engine.planes[0], depth = engine.depth, velocity = engine.velocity
        let sinceStart = time - engine.start
        for j in 0..<count {
            let l = lane + j
            // As the reference: the motion's span, its velocity, its time since it
            // started (time - start - offset, in that order); NaN leaves a lane of
            // several motions to the reference.
            elapsed[j] = depth[l] == 1 ? sinceStart - plane.offsets[l] : .nan
            deltas[j] = plane.to[l] - plane.from[l]
            startVelocities[j] = velocity[l]
        }
        var parameters = spring.stateParameters
        let status = ci_spring_states(
            CI_BACKEND_AUTO, &parameters, elapsed, deltas, startVelocities, values, velocities, count)
        // An over-damped spring is refused: every lane to the reference.
        if status == CI_ERR_INVALID_PARAMETER { values.update(repeating: .nan, count: count) }
        // From the lane's origin to its value (NaN stays NaN).
        for j in 0..<count { values[j] = plane.from[lane + j] + values[j] }
    }
}

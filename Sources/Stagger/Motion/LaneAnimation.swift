/// The one per-item motion engine, under staggered lists (once an insert, a removal, a
/// move, a release or a change of curve gives items motions of their own; shows and
/// hides under one easing or one spring keep compact forms of their own,
/// ``InterruptedListMotion`` and ``SpringListMotion``, by the same rule), matched pairs
/// and component states: many scalar lanes, each moving from its own value toward its own target with
/// its own start offset and velocity, grouped into contiguous ranges that share a curve.
///
/// The truth is kept in Double (so an interruption picks up the exact value and
/// velocity); float32 copies feed the kernel, one ``KernelPass`` call per range (its
/// additive layers in the same call) with the per-item source, which is what a lane is
/// to the kernel: an item.
///
/// Interrupting a moving lane keeps its value and velocity continuous, by one rule
/// (the public documentation restates it for lists, pairs and components: see the
/// Staggering and MatchedPairsAndComponentStates articles):
/// - spring lanes start a new spring from the current value **and velocity**;
/// - easing lanes are additive (SwiftUI's and Core Animation's behaviour): the motions
///   in flight keep running to their ends and the new one adds the change of target on
///   top, value(t) = old(t) + (new target − old target)·curve(t − t₀). The value is
///   continuous at the tap; the velocity is the old one plus the new curve's initial
///   slope times the change. That slope is 0 for easeIn, easeInOut and the sine, quad,
///   cubic, quart, quint, circ and back `in`/`inOut` curves, which are continuous in
///   velocity too; an easeOut-like curve and bounce in/inOut (slope 0.6875) add their
///   own start slope; expo and elastic `in`/`inOut` are 0 at the tap but jump to
///   about 2^-10 of the change just after it (Penner's definitions are discontinuous
///   at 0). Up to ``maximumLayers`` motions overlap in a lane; an interruption that
///   would make one more freezes the oldest still-moving one at its current value
///   (the value stays continuous, that motion's remaining velocity is dropped).
///   Motions that have finished are folded into the others, so layers only pile up
///   when interruptions come faster than the curve's duration;
/// - decay lanes start a new decay from the current value (their velocity is k times
///   their span: it cannot be carried over).
///
/// Split by concern: this file holds the storage and a lane's value (the reference);
/// `+Rest` says when lanes move and come to rest, `+Pointers` lends the planes' buffers
/// to passes over every lane, `+Spare` keeps the buffers of the motion before last,
/// `+Transitions` starts and interrupts motions (rewriting every plane), `+MotionStart`
/// says how one fresh motion starts under each curve, `+Release` hands lanes over from a
/// drag, `+AddedLayer` interrupts easing lanes by adding one plane over the ones in
/// flight (a tap on a big collection), `+Lanes` inserts, removes, gathers and sends
/// lanes, `+Layers` keeps easing lanes' motions in flight, `+Kernel` makes the float32
/// copies and runs the sampling pass. The storage is the engine's own: only those files
/// write it (it is internal because Swift's `private` ends at a file).
struct LaneAnimation: Sendable {
    /// A run of lanes driven by one curve.
    struct Segment: Sendable, Equatable {
        var lanes: Range<Int>
        var curve: Curve
    }

    /// Most motions that overlap in one easing lane (the base and three additive layers).
    static let maximumLayers = 4

    /// One motion of every lane: lane l moves from `from[l]` to `to[l]` starting
    /// `offsets[l]` seconds after the plane's ``start`` (negative for a motion that
    /// started at an earlier transition). Plane 0 holds every lane's base motion; plane
    /// p > 0 the p-th additive layer, from 0 to the change of target (from = to = 0,
    /// offset 0, in lanes with fewer layers: such a layer goes nowhere).
    struct Plane: Sendable {
        var offsets: [Double]
        var from: [Double]
        var to: [Double]
        /// Clock time the offsets count from, seconds: the transition that wrote the
        /// plane. A transition that adds a layer on top of the motions in flight
        /// (``addLayer(at:targets:delays:carried:)``) leaves the planes below it as they
        /// are, so planes may count from different times; each offset stays small (a
        /// delay, or the time since a recent transition), which float32 holds exactly
        /// enough.
        var start: Double = 0

        init(offsets: [Double], from: [Double], to: [Double], start: Double) {
            self.offsets = offsets
            self.from = from
            self.to = to
            self.start = start
        }

        /// Every motion from 0 to 0 at offset 0 (what a layer holds where a lane has none).
        mutating func clear() { Spare.clear(&offsets, &from, &to) }

        init(count: Int) {
            // Three buffers now rather than one shared and copied on the first write.
            offsets = [Double](repeating: 0, count: count)
            from = [Double](repeating: 0, count: count)
            to = [Double](repeating: 0, count: count)
        }
    }

    /// Clock time the base motions' offsets count from, seconds (plane 0's
    /// ``Plane/start``). Setting it makes every plane count from it: what a transition
    /// that writes every plane, with offsets from its own time, does.
    var start: Double {
        get { planes[0].start }
        set { for p in planes.indices { planes[p].start = newValue } }
    }
    /// When the last transition started, seconds; −∞ before the first, so that a
    /// first transition may come at any finite time (a negative one included).
    var lastTransition = -Double.infinity
    /// The motions, at least one plane.
    var planes: [Plane]
    /// Per lane: how many planes hold one of its motions, 1 to ``maximumLayers``: a byte
    /// each, not the 8 of an Int (a lane's figures are most of an interrupted list's
    /// memory).
    var depth: [UInt8]
    /// Per lane: velocity at the lane's start, value units per second (springs).
    var velocity: [Double]
    /// Per lane: seconds from the start of its latest motion until it is at rest.
    var durations: [Double]
    /// Whether some lanes may still hold the duration 0 of lanes at rest since the
    /// engine was made (``init(values:segments:)``), until a transition writes every
    /// lane's.
    var hasRestingDurations = false
    /// Contiguous runs in lane order, covering 0..<laneCount (some may be empty); a
    /// lane's segment is found from them (``segment(ofLane:)``) rather than stored per
    /// lane, which cost 8 bytes a lane.
    var segments: [Segment]
    /// Per segment: for an easing, its duration and its values at progress 0 and 1,
    /// where a motion rests before its start and after its end (most lanes of a
    /// transition from rest), so that the reference need not evaluate the curve there.
    let easingEnds: [(duration: Double, start: Double, end: Double)?]
    /// Per segment: how many planes its lanes use (kernel calls per frame).
    var segmentDepth: [Int]

    /// The float32 copies the kernel reads; `nil` for an animation evaluated only in
    /// Double (component states), whose lanes need not fit float32.
    /// Columns: every lane's velocity, then each plane's offsets, `from` and `to` (see
    /// ``KernelColumn``).
    var kernel: LaneStore?
    /// Each segment's kernel pass, made once with the lanes (empty without ``kernel``).
    var passes: [KernelPass] = []

    /// The columns of ``kernel``.
    enum KernelColumn {
        static let velocity = 0
        static func offsets(_ plane: Int) -> Int { 1 + 3 * plane }
        static func from(_ plane: Int) -> Int { 2 + 3 * plane }
        static func to(_ plane: Int) -> Int { 3 + 3 * plane }
        static func count(planes: Int) -> Int { 1 + 3 * planes }
    }

    var laneCount: Int { depth.count }

    /// When lane `lane`'s latest motion starts (its newest plane's), seconds on the
    /// caller's clock.
    func begin(ofLane lane: Int) -> Double {
        let newest = Int(depth[lane]) - 1
        return planes[newest].start + planes[newest].offsets[lane]
    }

    /// Seconds since lane `lane`'s motion in plane `p` started, at `time` (negative
    /// before it starts): `time - start - offset`, in that order, which every
    /// evaluation of a lane uses, so that they agree on the instant a motion starts.
    func elapsed(lane: Int, plane p: Int, at time: Double) -> Double {
        time - planes[p].start - planes[p].offsets[lane]
    }

    /// The buffers of the motion before the last transition, which the next transition
    /// of the same engine writes into: a transition of thousands of lanes then fills
    /// memory already mapped instead of fresh pages (whose faults were half its cost).
    /// Never read; empty after a copy has taken them or a transition threw.
    var spare = Spare()

    /// The caller's name for the motion in flight when it started every lane from rest
    /// (``startFromRest(at:values:targets:name:delays:)``), `nil` for any other: a later
    /// start from rest under the same name finds that motion in ``spare`` and takes it
    /// back whole. Every other change of the motion clears it.
    var motionName: Int? {
        // Whatever changes the motion changes this name (or sets it): a base under layers
        // is then no longer that named motion either.
        didSet {
            layeredBase.name = nil
            earliestEnd = -.infinity
        }
    }

    /// Seconds from the start of the named motion (``motionName``) to its earliest end
    /// (a little under, as ``earliestEnd``), −∞ unknown: a start that takes the motion
    /// back knows its earliest end from it. Read only while the motion has a name.
    var namedSoonest = -Double.infinity

    /// No lane's latest motion ends before this, seconds on the caller's clock: found by
    /// a transition that writes every lane's latest motion (one that adds a layer, one
    /// that writes every plane), −∞ (unknown) once anything else changes the motion. A
    /// caller that asks which lanes have come to rest by a time before it knows the
    /// answer without a pass.
    var earliestEnd = -Double.infinity

    /// ``earliestEnd`` for lanes whose soonest end is `time + soonest`: a few units in
    /// the last place under, since a lane's end sums the same figures in another order
    /// and must not round below the bound.
    mutating func setEarliestEnd(time: Double, soonest: Double) {
        let bound = time + soonest
        earliestEnd = bound.isFinite ? bound - 4 * bound.ulp : bound
    }

    /// Names the motion in flight, which started at `time` and whose lanes end no sooner
    /// than `soonest` seconds after it: the name, its soonest end and ``earliestEnd``
    /// together (naming resets the bound: see ``motionName``).
    mutating func name(_ name: Int?, startedAt time: Double, soonest: Double) {
        motionName = name
        namedSoonest = soonest
        setEarliestEnd(time: time, soonest: soonest)
    }

    /// The named motion plane 0 still holds under the layers that transitions added on
    /// top of it (``addLayer(at:targets:delays:carried:)``), with the base figures of the
    /// lanes they rewrote, so that a start from rest under that name takes it back by
    /// dropping the layers (a card opened, closed mid-flight, then opened again). Its
    /// name is `nil` once anything else changes the motion (its buffers are kept for
    /// the next).
    var layeredBase = LayeredBase()

    /// Layer planes no longer in use, kept for the next layer a transition adds (no
    /// allocation once a group has seen one).
    var layerPool: [Plane] = []

    /// A buffer for the moving lanes a layer carries on (a list's rule), kept so that
    /// a tap allocates none.
    var movingLanes: [Int] = []

    /// A buffer for the row positions of the lanes a layer holds at rest (those that
    /// carry nothing on), kept so that a tap allocates none.
    var restingPositions: [Int] = []

    /// Lanes at rest at `values` (finite), with segments covering 0..<values.count,
    /// evaluated in Double only (``reference(lane:at:)``; ``sample(at:values:velocities:backend:)``
    /// must not be called).
    init(values: [Double], segments: [Segment]) {
        let n = values.count
        self.segments = segments
        easingEnds = Self.easingEnds(of: segments)
        segmentDepth = [Int](repeating: 1, count: segments.count)
        // Buffers of their own (not `values`, the caller's, twice): the transition after
        // next writes them in place.
        var base = Plane(count: n)
        base.from.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: values) }
        base.to.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: values) }
        planes = [base]
        depth = [UInt8](repeating: 1, count: n)
        velocity = [Double](repeating: 0, count: n)
        durations = [Double](repeating: 0, count: n)
        hasRestingDurations = true
    }

    /// Per segment: an easing's duration and its values at progress 0 and 1.
    static func easingEnds(of segments: [Segment]) -> [(duration: Double, start: Double, end: Double)?] {
        segments.map { segment in
            guard case .easing(let easing, let duration) = segment.curve.kind,
                let start = try? easing.value(at: 0), let end = try? easing.value(at: 1)
            else { return nil }
            return (duration, start, end)
        }
    }

    /// Lanes that each run one motion of `curve` from `from` to `to`, lane l starting
    /// `delays[l]` seconds after `start` (a staggered list's items, all between the same
    /// endpoints), that the kernel also samples: what ``init(kernelValues:segments:)``
    /// followed by ``setMotion(start:current:targets:delays:carrying:carriedLanes:reusing:)``
    /// gives, written once (a spring from rest at its own initial velocity scaled to the
    /// span). `delays` becomes the offsets' buffer.
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` for a value, target, span or
    ///   delay that is not finite; ``LaneFailure/exceedsFloat32(lane:_:value:)`` for one
    ///   float32 cannot hold; ``LaneFailure/kernel(_:)`` for a curve the kernel cannot run.
    init(kernelMotion start: Double, from: Double, to: Double, delays: [Double], curve: Curve) throws(LaneFailure) {
        let n = delays.count
        var started = (velocity: 0.0, duration: 0.0)
        if n > 0 {
            // setMotion's checks in its order: lane 0's value, target, span, delay and
            // velocity, then the other lanes' delays (the rest is every lane's).
            try requireFinite(from, lane: 0, .value)
            try requireFinite(to, lane: 0, .target)
            try requireFinite(to - from, lane: 0, .span)
            try requireFinite(delays[0], lane: 0, .delay)
            started = try Self.startMotion(
                of: curve, from: from, to: to, velocity: .nan, ownDuration: curve.duration, lane: 0)
            if let lane = delays.firstIndex(where: { !$0.isFinite }) {
                throw .nonFinite(lane: lane, .delay, value: delays[lane])
            }
        }
        segments = [Segment(lanes: 0..<n, curve: curve)]
        easingEnds = Self.easingEnds(of: segments)
        segmentDepth = [1]
        planes = [
            Plane(
                offsets: delays, from: [Double](repeating: from, count: n), to: [Double](repeating: to, count: n),
                start: start)
        ]
        depth = [UInt8](repeating: 1, count: n)
        velocity = [Double](repeating: started.velocity, count: n)
        durations = [Double](repeating: started.duration, count: n)
        self.start = start
        lastTransition = start
        kernel = try Self.kernelLanes(planes: planes, velocity: velocity)
        passes = try Self.kernelPasses(segments)
    }

    /// Lanes at rest at `values` that the kernel also samples.
    ///
    /// - Throws: ``LaneFailure/exceedsFloat32(lane:_:value:)`` for a value float32
    ///   cannot hold, checked once here rather than failing every frame;
    ///   ``LaneFailure/kernel(_:)`` for a curve the kernel cannot run.
    init(kernelValues values: [Double], segments: [Segment]) throws(LaneFailure) {
        self.init(values: values, segments: segments)
        kernel = try Self.kernelLanes(planes: planes, velocity: velocity)
        passes = try Self.kernelPasses(segments)
    }

    /// Lanes running the easing motions in `planes` under `curve` (lane l's in planes
    /// 0..<depth[l], the others all zero), from `start`, the last transition at
    /// `lastTransition`, that the kernel also samples: an interrupted list's motions
    /// handed to the engine (see ``InterruptedListMotion/lanes(curve:)``).
    ///
    /// - Throws: ``LaneFailure/exceedsFloat32(lane:_:value:)`` for a figure float32
    ///   cannot hold; ``LaneFailure/kernel(_:)`` for a curve the kernel cannot run.
    init(
        easingPlanes planes: [Plane], depth: [UInt8], start: Double, lastTransition: Double, curve: Curve
    ) throws(LaneFailure) {
        let n = depth.count
        segments = [Segment(lanes: 0..<n, curve: curve)]
        easingEnds = Self.easingEnds(of: segments)
        segmentDepth = [planes.count]
        self.planes = planes
        self.depth = depth
        velocity = [Double](repeating: 0, count: n)
        durations = [Double](repeating: curve.duration, count: n)
        self.start = start
        self.lastTransition = lastTransition
        kernel = try Self.kernelLanes(planes: planes, velocity: velocity)
        passes = try Self.kernelPasses(segments)
    }

    /// Lanes each running one motion of the spring `curve` (lane l's in `plane`, with its
    /// initial velocity and settling duration), from `start`, the last transition then,
    /// that the kernel also samples: a spring list's motions handed to the engine (see
    /// ``SpringListMotion/lanes(curve:)``).
    ///
    /// - Throws: ``LaneFailure/exceedsFloat32(lane:_:value:)`` for a figure float32
    ///   cannot hold; ``LaneFailure/kernel(_:)`` for a curve the kernel cannot run.
    init(
        springPlane plane: Plane, velocity: [Double], durations: [Double], start: Double, curve: Curve
    ) throws(LaneFailure) {
        let n = velocity.count
        segments = [Segment(lanes: 0..<n, curve: curve)]
        easingEnds = Self.easingEnds(of: segments)
        segmentDepth = [1]
        planes = [plane]
        depth = [UInt8](repeating: 1, count: n)
        self.velocity = velocity
        self.durations = durations
        self.start = start
        lastTransition = start
        kernel = try Self.kernelLanes(planes: planes, velocity: velocity)
        passes = try Self.kernelPasses(segments)
    }

    func curve(ofLane lane: Int) -> Curve { segments[segment(ofLane: lane)].curve }

    /// The end of segment `k`'s lanes (its range's upper bound), read through a pointer
    /// (a segment read out of the array copies its curve).
    func segmentEnd(_ k: Int) -> Int {
        segments.withUnsafeBufferPointer { $0[k].lanes.upperBound }
    }

    /// The segment that holds lane `lane` (in 0..<laneCount): a binary search over
    /// the segments' ends, O(log segments), one comparison for the single segment of a
    /// list.
    func segment(ofLane lane: Int) -> Int {
        // Through a pointer: reading a segment out of the array copied its curve (a
        // retain and a release per step of the search).
        segments.withUnsafeBufferPointer { segments in
            var low = 0, high = segments.count - 1
            while low < high {
                let middle = (low + high) / 2
                if segments[middle].lanes.upperBound > lane { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// Lane `lane`'s value and velocity at `time` (seconds on the caller's clock), in
    /// Double: the reference the kernel pass is tested against.
    func reference(lane: Int, at time: Double) -> (value: Double, velocity: Double) {
        reference(lane: lane, at: time, segment: segment(ofLane: lane))
    }

    /// Every lane's value at `time`, into `values` (one per lane): what
    /// ``reference(lane:at:)`` gives lane by lane, spring lanes a run at a time by the
    /// kernel (``SpringStates``, within a few units in the last place). O(lanes), no
    /// allocation.
    func values(at time: Double, into values: UnsafeMutableBufferPointer<Double>) {
        precondition(values.count == laneCount)
        SpringStates.with { states in
            for k in segments.indices {
                for lane in segments[k].lanes {
                    values[lane] = states.state(ofLane: lane, segment: k, of: self, at: time).value
                }
            }
        }
    }

    /// The values and velocities of lanes `first`, `first + stride`, … (as many as
    /// `states` holds) at `time`, into `states`: one element of each row of `stride`
    /// lanes (a pair's lanes in a pair group). The reference, lane by lane; no
    /// allocation, and no copy of the engine (callers reach it in place through their
    /// storage).
    func reference(
        first: Int, stride: Int, at time: Double,
        into states: UnsafeMutableBufferPointer<(value: Double, velocity: Double)>
    ) {
        for r in states.indices { states[r] = reference(lane: first + r * stride, at: time) }
    }

    /// The same for a lane of segment `k` (found by the caller, which walks the lanes
    /// of a segment in order: no search per lane).
    func reference(lane: Int, at time: Double, segment k: Int) -> (value: Double, velocity: Double) {
        // A lane with one motion that goes nowhere is at its value whatever the curve
        // (the same figures the evaluation gives: from + 0 · y, 0 · slope).
        if depth[lane] == 1 {
            if velocity[lane] == 0, planes[0].from[lane] == planes[0].to[lane] { return (planes[0].from[lane], 0) }
            // One motion not started yet (a lane waiting out its delay, most of those a
            // tap reads) is at its start whatever the curve: the sum below gives
            // 0 + from (a zero as +0), slope 0.
            if elapsed(lane: lane, plane: 0, at: time) < 0 { return (0 + planes[0].from[lane], 0) }
        }
        let ends = easingEnds[k]
        var value = 0.0, rate = 0.0
        for p in 0..<Int(depth[lane]) {
            let elapsed = self.elapsed(lane: lane, plane: p, at: time)
            let f = planes[p].from[lane], g = planes[p].to[lane]
            if let ends, !(elapsed > 0 && elapsed < ends.duration) {
                // What motion(of:) gives an easing held at either end: slope 0 there
                // (and `from` before its start, whatever the curve is at progress 0).
                value += f + (g - f) * (elapsed < 0 ? 0 : elapsed == 0 ? ends.start : ends.end)
                rate += (g - f) * 0
                continue
            }
            let motion = Self.motion(
                of: segments[k].curve, from: f, to: g, velocity: velocity[lane], elapsed: elapsed)
            value += motion.value
            rate += motion.velocity
        }
        return (value, rate)
    }

    /// One motion's value and velocity `elapsed` seconds after it started.
    static func motion(
        of curve: Curve, from f: Double, to g: Double, velocity v: Double, elapsed: Double
    ) -> (value: Double, velocity: Double) {
        let span = g - f
        switch curve.kind {
        case .easing(let easing, let duration):
            // As Curve.value/velocity, without their re-validation per lane.
            let p = Swift.min(Swift.max(elapsed / duration, 0), 1)
            let y = elapsed < 0 ? 0 : (try? easing.value(at: p)) ?? 0
            let slope = elapsed > 0 && elapsed < duration ? easing.slope(at: p) / duration : 0
            return (f + span * y, span * slope)
        case .spring(let spring, _):
            // Waiting lanes hold still; at elapsed 0 the lane already has its velocity
            // (the kernel's rule too), so an interruption is continuous at its instant.
            guard elapsed >= 0 else { return (f, 0) }
            let motion = spring.motion(delta: span, initialVelocity: v, time: elapsed)
            return (f + motion.value, motion.velocity)
        case .decay(let decay):
            // As a spring; its velocity follows from its span (k·span at the start).
            guard elapsed >= 0 else { return (f, 0) }
            let motion = decay.motion(distance: span, time: elapsed)
            return (f + motion.value, motion.velocity)
        }
    }
}

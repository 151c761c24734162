/// The one per-item motion engine, under staggered lists (once a transition, an insert,
/// a removal or a move gives items motions of their own), matched pairs and component
/// states: many scalar lanes, each moving from its own value toward its own target with
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
struct LaneAnimation: Sendable {
    /// A run of lanes driven by one curve.
    struct Segment: Sendable, Equatable {
        var lanes: Range<Int>
        var curve: Curve
    }

    /// Most motions that overlap in one easing lane (the base and three additive layers).
    static let maximumLayers = 4

    /// One motion of every lane: lane l moves from `from[l]` to `to[l]` starting
    /// `offsets[l]` seconds after ``start`` (negative for a motion that started at an
    /// earlier transition). Plane 0 holds every lane's base motion; plane p > 0 the
    /// p-th additive layer, from 0 to the change of target (from = to = 0, offset 0, in
    /// lanes with fewer layers).
    struct Plane: Sendable {
        var offsets: [Double]
        var from: [Double]
        var to: [Double]

        init(offsets: [Double], from: [Double], to: [Double]) {
            self.offsets = offsets
            self.from = from
            self.to = to
        }

        init(count: Int) {
            // Three buffers now rather than one shared and copied on the first write.
            offsets = [Double](repeating: 0, count: count)
            from = [Double](repeating: 0, count: count)
            to = [Double](repeating: 0, count: count)
        }
    }

    /// Clock time the offsets count from, seconds.
    private(set) var start: Double = 0
    /// When the last transition started, seconds; −∞ before the first, so that a
    /// first transition may come at any finite time (a negative one included).
    private(set) var lastTransition = -Double.infinity
    /// The motions, at least one plane.
    private(set) var planes: [Plane]
    /// Per lane: how many planes hold one of its motions (≥ 1).
    private(set) var depth: [Int]
    /// Per lane: velocity at the lane's start, value units per second (springs).
    private(set) var velocity: [Double]
    /// Per lane: seconds from the start of its latest motion until it is at rest.
    private(set) var durations: [Double]
    private(set) var segments: [Segment]
    /// Which segment each lane belongs to.
    private var segmentOfLane: [Int]
    /// Per segment: for an easing, its duration and its values at progress 0 and 1,
    /// where a motion rests before its start and after its end (most lanes of a
    /// transition from rest), so that the reference need not evaluate the curve there.
    private let easingEnds: [(duration: Double, start: Double, end: Double)?]
    /// Per segment: how many planes its lanes use (kernel calls per frame).
    private var segmentDepth: [Int]

    /// The float32 copies the kernel reads; `nil` for an animation evaluated only in
    /// Double (component states), whose lanes need not fit float32.
    private var kernel: KernelLanes?
    /// Each segment's kernel pass, made once with the lanes (empty without ``kernel``).
    private var passes: [KernelPass] = []

    struct KernelPlane: Sendable {
        var offsets: [Float]
        var from: [Float]
        var to: [Float]
    }

    struct KernelLanes: Sendable {
        var planes: [KernelPlane]
        var velocity: [Float]
    }

    var laneCount: Int { depth.count }

    /// Lane `lane`'s seconds after ``start`` before its latest motion starts (its
    /// newest plane's offset).
    func offset(ofLane lane: Int) -> Double { planes[depth[lane] - 1].offsets[lane] }

    /// The buffers of the motion before the last transition, which the next transition
    /// of the same engine writes into: a transition of thousands of lanes then fills
    /// memory already mapped instead of fresh pages (whose faults were half its cost).
    /// Never read; empty after a copy has taken them or a transition threw.
    private var spare = Spare()

    struct Spare: Sendable {
        var planes: [Plane] = []
        var depth: [Int] = []
        var velocity: [Double] = []
        var durations: [Double] = []
        var kernelPlanes: [KernelPlane] = []
        var kernelVelocity: [Float] = []

        /// Plane `p`'s arrays (or fresh ones) of `count` lanes, zero-filled when `zeroed`
        /// (the layers, which hold 0 where a lane has none).
        mutating func plane(_ p: Int, count: Int, zeroed: Bool) -> Plane {
            guard p < planes.count, planes[p].from.count == count else { return Plane(count: count) }
            var plane = Plane(offsets: [], from: [], to: [])
            swap(&plane, &planes[p])
            if zeroed { Self.clear(&plane.offsets, &plane.from, &plane.to) }
            return plane
        }

        /// Fills three arrays with zeros (a memset each, not a checked store per element).
        static func clear<T: BitwiseCopyable & ExpressibleByIntegerLiteral>(
            _ a: inout [T], _ b: inout [T], _ c: inout [T]
        ) {
            a.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            b.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            c.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }

        mutating func kernelPlane(_ p: Int, count: Int, zeroed: Bool) -> KernelPlane {
            guard p < kernelPlanes.count, kernelPlanes[p].from.count == count else {
                return KernelPlane(
                    offsets: [Float](repeating: 0, count: count), from: [Float](repeating: 0, count: count),
                    to: [Float](repeating: 0, count: count))
            }
            var plane = KernelPlane(offsets: [], from: [], to: [])
            swap(&plane, &kernelPlanes[p])
            if zeroed { Self.clear(&plane.offsets, &plane.from, &plane.to) }
            return plane
        }

        /// `array` taken out (uniquely referenced) if it holds `count` elements, left as
        /// it is for the caller to write every one, else a fresh one of zeros.
        static func reused<T: AdditiveArithmetic>(_ array: inout [T], count: Int) -> [T] {
            guard array.count == count else { return [T](repeating: .zero, count: count) }
            var taken: [T] = []
            swap(&taken, &array)
            return taken
        }
    }

    /// Takes the spare buffers out (leaving none), so that they are uniquely referenced
    /// while a transition writes them.
    private mutating func takeSpare() -> Spare {
        var taken = Spare()
        swap(&taken, &spare)
        return taken
    }

    /// Lanes at rest at `values` (finite), with segments covering 0..<values.count,
    /// evaluated in Double only (``reference(lane:at:)``; ``sample(at:values:velocities:backend:)``
    /// must not be called).
    init(values: [Double], segments: [Segment]) {
        let n = values.count
        self.segments = segments
        var owner = [Int](repeating: 0, count: n)
        for (k, segment) in segments.enumerated() { for lane in segment.lanes { owner[lane] = k } }
        segmentOfLane = owner
        easingEnds = Self.easingEnds(of: segments)
        segmentDepth = [Int](repeating: 1, count: segments.count)
        // Buffers of their own (not `values`, the caller's, twice): the transition after
        // next writes them in place.
        var base = Plane(count: n)
        base.from.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: values) }
        base.to.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: values) }
        planes = [base]
        depth = [Int](repeating: 1, count: n)
        velocity = [Double](repeating: 0, count: n)
        durations = [Double](repeating: 0, count: n)
    }

    /// Per segment: an easing's duration and its values at progress 0 and 1.
    private static func easingEnds(of segments: [Segment]) -> [(duration: Double, start: Double, end: Double)?] {
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
        segmentOfLane = [Int](repeating: 0, count: n)
        easingEnds = Self.easingEnds(of: segments)
        segmentDepth = [1]
        planes = [
            Plane(
                offsets: delays, from: [Double](repeating: from, count: n), to: [Double](repeating: to, count: n))
        ]
        depth = [Int](repeating: 1, count: n)
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

    /// Each segment's kernel pass.
    ///
    /// - Throws: ``LaneFailure/kernel(_:)`` for a curve the kernel cannot run.
    private static func kernelPasses(_ segments: [Segment]) throws(LaneFailure) -> [KernelPass] {
        var passes: [KernelPass] = []
        for segment in segments {
            do { passes.append(try KernelPass(curve: segment.curve)) } catch { throw .kernel(error) }
        }
        return passes
    }

    /// The float32 copies of a motion, each value checked to fit.
    private static func kernelLanes(
        planes: [Plane], velocity: [Double]
    ) throws(LaneFailure) -> KernelLanes {
        var none = Spare()
        return try kernelLanes(planes: planes, velocity: velocity, reusing: &none)
    }

    /// The same, written into `spare`'s float32 buffers where they fit.
    private static func kernelLanes(
        planes: [Plane], velocity: [Double], reusing spare: inout Spare
    ) throws(LaneFailure) -> KernelLanes {
        // Every element is written: a reused buffer (of the right size) needs no clearing.
        func narrow(_ values: [Double], _ what: LaneQuantity, into result: inout [Float]) throws(LaneFailure) {
            if result.count != values.count { result = [Float](repeating: 0, count: values.count) }
            // Through pointers: one pass that checks nothing per element but the values.
            let fits = values.withUnsafeBufferPointer { source in
                result.withUnsafeMutableBufferPointer { target in
                    // An or of exponent tests rather than a chain of `&&`: the loop
                    // vectorises (one conversion and one compare per element).
                    var overflow: UInt32 = 0
                    for lane in 0..<source.count {
                        let narrowed = Float(source[lane])
                        target[lane] = narrowed
                        overflow |= narrowed.bitPattern & 0x7f80_0000 == 0x7f80_0000 ? 1 : 0
                    }
                    return overflow == 0
                }
            }
            guard fits else {
                let lane = values.firstIndex { !Float($0).isFinite }!
                throw .exceedsFloat32(lane: lane, what, value: values[lane])
            }
        }
        var kernelPlanes: [KernelPlane] = []
        for p in planes.indices {
            let plane = planes[p]
            var narrowed = spare.kernelPlane(p, count: plane.from.count, zeroed: false)
            try narrow(plane.offsets, .delay, into: &narrowed.offsets)
            try narrow(plane.from, .value, into: &narrowed.from)
            try narrow(plane.to, .target, into: &narrowed.to)
            // The kernel computes to − from in float32: it must not overflow either.
            let spansFit = narrowed.from.withUnsafeBufferPointer { from in
                narrowed.to.withUnsafeBufferPointer { to in
                    var overflow: UInt32 = 0
                    for lane in 0..<from.count {
                        overflow |= (to[lane] - from[lane]).bitPattern & 0x7f80_0000 == 0x7f80_0000 ? 1 : 0
                    }
                    return overflow == 0
                }
            }
            if !spansFit,
                let lane = plane.from.indices.first(where: { !(narrowed.to[$0] - narrowed.from[$0]).isFinite })
            {
                throw .exceedsFloat32(lane: lane, .span, value: plane.to[lane] - plane.from[lane])
            }
            kernelPlanes.append(narrowed)
        }
        var narrowedVelocity = Spare.reused(&spare.kernelVelocity, count: velocity.count)
        try narrow(velocity, .velocity, into: &narrowedVelocity)
        return KernelLanes(planes: kernelPlanes, velocity: narrowedVelocity)
    }

    func curve(ofLane lane: Int) -> Curve { segments[segmentOfLane[lane]].curve }

    /// Lane `lane`'s value and velocity at `time` (seconds on the caller's clock), in
    /// Double: the reference the kernel pass is tested against.
    func reference(lane: Int, at time: Double) -> (value: Double, velocity: Double) {
        // A lane with one motion that goes nowhere is at its value whatever the curve
        // (the same figures the evaluation gives: from + 0 · y, 0 · slope).
        if depth[lane] == 1, velocity[lane] == 0, planes[0].from[lane] == planes[0].to[lane] {
            return (planes[0].from[lane], 0)
        }
        let ends = easingEnds[segmentOfLane[lane]]
        var value = 0.0, rate = 0.0
        for p in 0..<depth[lane] {
            let elapsed = time - start - planes[p].offsets[lane]
            let f = planes[p].from[lane], g = planes[p].to[lane]
            if let ends, !(elapsed > 0 && elapsed < ends.duration) {
                // What motion(of:) gives an easing held at either end: slope 0 there.
                value += f + (g - f) * (elapsed <= 0 ? ends.start : ends.end)
                rate += (g - f) * 0
                continue
            }
            let motion = Self.motion(
                of: curve(ofLane: lane), from: f, to: g, velocity: velocity[lane], elapsed: elapsed)
            value += motion.value
            rate += motion.velocity
        }
        return (value, rate)
    }

    /// One motion's value and velocity `elapsed` seconds after it started.
    private static func motion(
        of curve: Curve, from f: Double, to g: Double, velocity v: Double, elapsed: Double
    ) -> (value: Double, velocity: Double) {
        let span = g - f
        switch curve.kind {
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
            let motion = spring.motion(delta: span, initialVelocity: v, time: elapsed)
            return (f + motion.value, motion.velocity)
        case .decay(let decay):
            // As a spring; its velocity follows from its span (k·span at the start).
            guard elapsed >= 0 else { return (f, 0) }
            let motion = decay.motion(distance: span, time: elapsed)
            return (f + motion.value, motion.velocity)
        }
    }

    /// When every lane is at rest, seconds on the caller's clock (a lane's latest
    /// motion ends last: earlier ones started before it with the same duration).
    var settleTime: Double {
        var latest = start
        for lane in 0..<laneCount { latest = Swift.max(latest, start + offset(ofLane: lane) + durations[lane]) }
        return latest
    }

    /// Whether lane `lane` has started and is not yet at rest at `time`: its latest
    /// motion, or an earlier one still running under it. A motion that a transition
    /// started at this very instant with no delay counts as moving (unless it goes
    /// nowhere): a second change at the same timestamp (a tap that moves a row and hides
    /// the list) then carries it on with its velocity, as it would a moment later,
    /// instead of stopping it to wait for a new delay.
    func isMoving(lane: Int, at time: Double) -> Bool {
        let elapsed = time - start - offset(ofLane: lane)
        if elapsed > 0 && elapsed < durations[lane] { return true }
        if elapsed == 0, time == lastTransition, durations[lane] > 0, !goesNowhere(lane: lane) { return true }
        for p in 0..<depth[lane] - 1 {
            let earlier = time - start - planes[p].offsets[lane]
            if earlier > 0 && earlier < durations[lane] { return true }
        }
        return false
    }

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
        let newKernel: KernelLanes?
        if kernel != nil {
            newKernel = try Self.kernelLanes(
                planes: newPlanes, velocity: newVelocity, reusing: &spare)
        } else {
            newKernel = nil
        }
        // What was the motion becomes the spare of the next transition.
        self.spare = Spare(
            planes: planes, depth: depth, velocity: velocity, durations: durations,
            kernelPlanes: kernel?.planes ?? [], kernelVelocity: kernel?.velocity ?? [])
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
    private struct PlanePointers {
        let offsets: UnsafeMutablePointer<Double>
        let from: UnsafeMutablePointer<Double>
        let to: UnsafeMutablePointer<Double>
    }

    /// `body` given pointers into every plane of `planes`, in order (valid for the call).
    private static func withPointers<E: Error>(
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
    private static func startMotion(
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

    /// Lane l's final target: its base motion's plus every additive layer's change.
    func target(ofLane lane: Int) -> Double {
        var target = 0.0
        for p in 0..<depth[lane] { target += planes[p].to[lane] }
        return target
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

    /// Whether lane `lane` has nowhere to go: one motion, from its value to the same
    /// value, from rest (a list's item that is hidden and stays hidden).
    func goesNowhere(lane: Int) -> Bool {
        depth[lane] == 1 && velocity[lane] == 0 && planes[0].from[lane] == planes[0].to[lane]
    }

    /// When lane `lane`'s latest motion ends, seconds on the caller's clock (its
    /// earlier motions, started before it with the same duration, end before it).
    func end(ofLane lane: Int) -> Double { start + offset(ofLane: lane) + durations[lane] }

    /// The segment lanes inserted before lane `index` join: the one holding lane
    /// `index`, else the last one ending there.
    private func segment(insertingAt index: Int) -> Int {
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
        next.depth.insert(contentsOf: repeatElement(1, count: added), at: index)
        next.velocity.insert(contentsOf: velocities, at: index)
        next.durations.insert(contentsOf: ends, at: index)
        next.segmentOfLane.insert(contentsOf: repeatElement(k, count: added), at: index)
        next.segments[k].lanes = segments[k].lanes.lowerBound..<segments[k].lanes.upperBound + added
        for later in k + 1..<segments.count {
            next.segments[later].lanes =
                segments[later].lanes.lowerBound + added..<segments[later].lanes.upperBound + added
        }
        if kernel != nil {
            next.kernel = try Self.kernelLanes(planes: next.planes, velocity: next.velocity)
        }
        next.lastTransition = time
        self = next
    }

    /// Removes lanes `range`; every other lane keeps its motions exactly.
    mutating func removeLanes(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= laneCount)
        spare = Spare()
        for p in planes.indices {
            planes[p].offsets.removeSubrange(range)
            planes[p].from.removeSubrange(range)
            planes[p].to.removeSubrange(range)
        }
        depth.removeSubrange(range)
        velocity.removeSubrange(range)
        durations.removeSubrange(range)
        segmentOfLane.removeSubrange(range)
        if kernel != nil {
            for p in kernel!.planes.indices {
                kernel!.planes[p].offsets.removeSubrange(range)
                kernel!.planes[p].from.removeSubrange(range)
                kernel!.planes[p].to.removeSubrange(range)
            }
            kernel!.velocity.removeSubrange(range)
        }
        // Lanes before a bound that are removed move it down.
        func moved(_ bound: Int) -> Int { bound - Swift.max(0, Swift.min(range.upperBound, bound) - range.lowerBound) }
        for k in segments.indices {
            segments[k].lanes = moved(segments[k].lanes.lowerBound)..<moved(segments[k].lanes.upperBound)
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
        let sinceStart = time - start
        try requireFinite(sinceStart, lane: lane, .delay)
        try requireFinite(target, lane: lane, .target)
        // The lane's motions from now on, oldest first, with offsets from `start`.
        var motions: [(offset: Double, from: Double, to: Double)] = []
        let laneVelocity: Double, laneDuration: Double
        if handOver == nil, case .easing(_, let duration) = curve.kind, isMoving(lane: lane, at: time) {
            let layers = UnsafeMutablePointer<Layer>.allocate(capacity: Self.maximumLayers + 1)
            defer { layers.deallocate() }
            let count = try carriedLayers(
                of: lane, at: time, curve: curve, duration: duration, target: target, into: layers, reportedAs: lane)
            for p in 0..<count {
                motions.append((p == count - 1 ? sinceStart : layers[p].start - start, layers[p].from, layers[p].to))
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
            planes.append(Plane(count: n))
            if kernel != nil {
                let zeros = [Float](repeating: 0, count: n)
                kernel!.planes.append(KernelPlane(offsets: zeros, from: zeros, to: zeros))
            }
        }
        for p in 0..<Swift.max(depth[lane], motions.count) {
            let motion = p < motions.count ? motions[p] : (offset: 0.0, from: 0.0, to: 0.0)
            (planes[p].offsets[lane], planes[p].from[lane], planes[p].to[lane]) = motion
            if kernel != nil {
                (kernel!.planes[p].offsets[lane], kernel!.planes[p].from[lane], kernel!.planes[p].to[lane]) = (
                    Float(motion.offset), Float(motion.from), Float(motion.to)
                )
            }
        }
        depth[lane] = motions.count
        velocity[lane] = laneVelocity
        durations[lane] = laneDuration
        kernel?.velocity[lane] = Float(laneVelocity)
        let k = segmentOfLane[lane]
        segmentDepth[k] = Swift.max(segmentDepth[k], motions.count)
        lastTransition = time
    }

    /// One motion of an easing lane in absolute time: from `from` to `to` starting at
    /// `start` seconds on the caller's clock.
    private struct Layer {
        var start: Double
        var from: Double
        var to: Double
    }

    /// Lane `lane`'s easing motions as they continue after an interruption at `time`
    /// toward `target`, oldest first, the new one last (whose start the caller sets):
    /// motions finished by `time` are folded (as their end values) into the oldest one
    /// still moving; with ``maximumLayers`` still moving, the oldest is frozen at its
    /// value at `time` and folded likewise; the new motion runs from 0 to what is left
    /// to reach `target`. With none still moving, one motion from the lane's value.
    ///
    /// `curve` is the lane's easing and `duration` its duration, which the caller has
    /// at hand (looking the curve up lane by lane copied it). The layers are written to
    /// `moving` (room for ``maximumLayers`` + 1, reused lane after lane, so that no lane
    /// allocates); returns how many.
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` (for lane `reported`)
    ///   when a folded end or the new span overflows.
    private func carriedLayers(
        of lane: Int, at time: Double, curve: Curve, duration: Double, target: Double,
        into moving: UnsafeMutablePointer<Layer>, reportedAs reported: Int
    ) throws(LaneFailure) -> Int {
        if depth[lane] == 1 {
            // The common case (a lane with one motion: every lane of a reverse after a
            // start), the loop below written out: the same sums, to the last bit.
            let begin = start + planes[0].offsets[lane]
            let from = planes[0].from[lane] + 0.0, to = planes[0].to[lane] + 0.0
            if time - begin >= duration {
                moving[0] = Layer(start: time, from: to, to: target)
                return 1
            }
            moving[0] = Layer(start: begin, from: from, to: to)
            let reached = 0.0 + to
            try requireFinite(reached, lane: reported, .target)
            try requireFinite(target - reached, lane: reported, .span)
            moving[1] = Layer(start: time, from: 0, to: target - reached)
            return 2
        }
        var count = 0
        var folded = 0.0
        for p in 0..<depth[lane] {
            let layer = Layer(
                start: start + planes[p].offsets[lane], from: planes[p].from[lane], to: planes[p].to[lane])
            if time - layer.start >= duration {
                folded += layer.to
            } else {
                moving[count] = layer
                count += 1
            }
        }
        var first = 0
        if count == Self.maximumLayers {
            let oldest = moving[0]
            folded +=
                Self.motion(of: curve, from: oldest.from, to: oldest.to, velocity: 0, elapsed: time - oldest.start)
                .value
            first = 1
        }
        guard count > first else {
            moving[0] = Layer(start: time, from: folded, to: target)
            return 1
        }
        if first == 1 { for p in 1..<count { moving[p - 1] = moving[p] } }
        count -= first
        moving[0].from += folded
        moving[0].to += folded
        var reached = 0.0
        for p in 0..<count { reached += moving[p].to }
        try requireFinite(reached, lane: reported, .target)
        try requireFinite(target - reached, lane: reported, .span)
        moving[count] = Layer(start: time, from: 0, to: target - reached)
        return count + 1
    }

    /// Every lane's value (and velocity, when asked) at `time`, one kernel call per
    /// segment and plane (the base motions written, additive layers added on), in
    /// float32. Velocities are 0 for easing segments (the kernel's rule).
    func sample(
        at time: Double, values: UnsafeMutablePointer<Float>, velocities: UnsafeMutablePointer<Float>?,
        backend: Backend?
    ) throws(LaneFailure) {
        guard time.isFinite else { throw .invalidTime(time) }
        do throws(KernelPass.Failure) {
            try sampleLanes(at: time, values: values, velocities: velocities, backend: backend)
        } catch {
            throw .kernel(error)
        }
    }

    /// The pass under ``sample(at:values:velocities:backend:)``, with what a staggered
    /// list adds: tracks every lane's value is mapped to (each track's `output` indexed
    /// by lane), `chunks` calls per segment run on as many cores (bit-identical whatever
    /// the split), and `override`, a pass of another curve run over the same motions
    /// instead of each segment's own (reduced motion's jump). One kernel call per
    /// segment: the base plane with the additive layers on it. `values` and `velocities`
    /// may be `nil`. No allocation.
    ///
    /// - Throws: the pass's ``KernelPass/Failure``, for the caller to name.
    func sampleLanes(
        at time: Double, values: UnsafeMutablePointer<Float>?, velocities: UnsafeMutablePointer<Float>?,
        tracks: UnsafeBufferPointer<KernelPass.Track> = UnsafeBufferPointer(start: nil, count: 0), chunks: Int = 1,
        override: KernelPass? = nil, backend: Backend?
    ) throws(KernelPass.Failure) {
        guard laneCount > 0, let kernel else { return }
        // Indices, not `for segment in segments where ...`: that form allocated once
        // per segment per frame (measured by AllocationTests), this one does not.
        for index in segments.indices where !segments[index].lanes.isEmpty {
            let segment = segments[index]
            let lower = segment.lanes.lowerBound
            let pass = override ?? passes[index]
            let base = kernel.planes[0]
            try Self.withTracks(tracks, from: lower) { (tracks) throws(KernelPass.Failure) in
                try withUnsafeTemporaryAllocation(of: KernelPass.Layer.self, capacity: Self.maximumLayers) {
                    (buffer) throws(KernelPass.Failure) in
                    try Self.withLayers(kernel.planes, from: 1, depth: segmentDepth[index], lower: lower, into: buffer)
                    {
                        (layers) throws(KernelPass.Failure) in
                        try base.offsets.withUnsafeBufferPointer { (offsets) throws(KernelPass.Failure) in
                            try base.from.withUnsafeBufferPointer { (from) throws(KernelPass.Failure) in
                                try base.to.withUnsafeBufferPointer { (to) throws(KernelPass.Failure) in
                                    try kernel.velocity.withUnsafeBufferPointer {
                                        (velocity) throws(KernelPass.Failure) in
                                        let lanes = KernelPass.Lanes.items(
                                            offsets: offsets.baseAddress! + lower, from: from.baseAddress! + lower,
                                            to: to.baseAddress! + lower, velocity: velocity.baseAddress! + lower,
                                            layers: layers)
                                        try pass.sample(
                                            at: time, start: start, lanes: lanes, count: segment.lanes.count,
                                            tracks: tracks, values: values.map { $0 + lower },
                                            velocities: velocities.map { $0 + lower }, chunks: chunks, backend: backend)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `body` given planes `p..<depth` of `planes` as the kernel's additive layers, each
    /// from lane `lower` on, written into `buffer` (room for ``maximumLayers`` − 1): the
    /// pointers are valid for the call only. No allocation.
    private static func withLayers<E: Error>(
        _ planes: [KernelPlane], from p: Int, depth: Int, lower: Int,
        into buffer: UnsafeMutableBufferPointer<KernelPass.Layer>,
        _ body: (UnsafeBufferPointer<KernelPass.Layer>) throws(E) -> Void
    ) throws(E) {
        guard p < depth else { return try body(UnsafeBufferPointer(rebasing: buffer[0..<depth - 1])) }
        try planes[p].offsets.withUnsafeBufferPointer { (offsets) throws(E) in
            try planes[p].to.withUnsafeBufferPointer { (to) throws(E) in
                buffer.initializeElement(
                    at: p - 1, to: KernelPass.Layer(offsets: offsets.baseAddress! + lower, to: to.baseAddress! + lower))
                try withLayers(planes, from: p + 1, depth: depth, lower: lower, into: buffer, body)
            }
        }
    }

    /// `body` given `tracks` with every output moved on by `lower` lanes (on the stack:
    /// no allocation), or `tracks` themselves when there is nothing to move.
    private static func withTracks<E: Error>(
        _ tracks: UnsafeBufferPointer<KernelPass.Track>, from lower: Int,
        _ body: (UnsafeBufferPointer<KernelPass.Track>) throws(E) -> Void
    ) throws(E) {
        guard lower != 0, !tracks.isEmpty else { return try body(tracks) }
        try withUnsafeTemporaryAllocation(of: KernelPass.Track.self, capacity: tracks.count) {
            (moved) throws(E) in
            for k in tracks.indices {
                moved.initializeElement(
                    at: k,
                    to: KernelPass.Track(from: tracks[k].from, to: tracks[k].to, output: tracks[k].output + lower))
            }
            try body(UnsafeBufferPointer(moved))
        }
    }
}

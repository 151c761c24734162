/// Many matched pairs animated together over time: thousands of thumbnails flying to a
/// new layout, each frame one kernel pass per curve.
///
/// A pure function of time, like ``StaggeredList``: ``start(at:)``, ``reverse(at:)``
/// and ``retarget(_:at:)`` record what happens when, and ``sample(at:into:backend:)``
/// (kernel) or ``state(ofPair:at:)`` (Double reference) answer for any time from the
/// last transition on. An earlier time is answered by the motion the latest transition
/// set up (see ``StaggeredList`` for why the replaced history is not kept).
///
/// ```swift
/// var group = try MatchedPairGroup([card], curves: MatchedCurves(.snappy))
/// try group.start(at: 0)                 // card → detail
/// try group.reverse(at: 0.15)            // a second tap mid-flight: back, smoothly
/// let now = try group.state(ofPair: 0, at: 0.2)
/// ```
///
/// Interruptions keep motion continuous: every pair still moving keeps its value in
/// every lane, and its velocity: a spring starts from the current value and velocity;
/// an easing is additive (SwiftUI's and Core Animation's behaviour: the motion in flight
/// runs on to its end and the new one adds the change of target on top, so the
/// velocity carries over, plus the new curve's initial slope times the change, which is
/// 0 for easeIn, easeInOut and the sine to quint, circ and back `in`/`inOut` curves (see
/// the exceptions in the lane engine's notes: bounce, expo, elastic); up to four motions
/// overlap per lane, a fifth interruption within one duration freezes the oldest); a
/// decay restarts from the current value at k times its new span. Pairs at rest get
/// the stagger delays again. Once every pair is at rest (from ``settleTime`` on), a
/// transition starts each from where the last one sent it, exactly (as a list does: what
/// a spring has left within its settling tolerance is let go), and a start from rest
/// the group has made before (a card opened and closed again) is taken back whole
/// rather than written lane by lane.
public struct MatchedPairGroup: Sendable {
    /// The most pairs a group (and its ``MatchedFrame``) holds: 2²⁵ values of
    /// ``MatchedPair/laneCount`` each, about 1.3 million pairs. A count beyond it throws
    /// ``AnimatableError/invalidPairCount(count:maximum:)`` instead of an allocation the
    /// process cannot make.
    public static let maximumCount = MatchedFrame.maximumValueCount / MatchedPair.laneCount

    /// The pairs, in order (their stagger index).
    public private(set) var pairs: [MatchedPair]
    /// The curve of each property.
    public let curves: MatchedCurves
    /// The curves the pairs run back to their sources (``reverse(at:)``, a release
    /// toward ``End/source``), from the next such transition: MotionMachine's
    /// `reverseEasing`, a quicker way back. `nil` runs ``curves`` both ways. A lane an
    /// easing drives carries its motion on only into the same curve; otherwise it
    /// starts from its value (and from its velocity when the way back is a spring).
    /// Scrubbing reads ``curves``.
    public var reverseCurves: MatchedCurves?
    /// Delays of each pair's start (the config's delays; its curve is not used: the
    /// curves come from ``curves``), or `nil` to start every pair together.
    public let stagger: StaggerConfig?
    /// Whether the pairs are heading to (or at) their destinations.
    public private(set) var isAtDestination = false

    /// One end of the pairs' transition: where ``release(fromProgress:velocity:toward:at:)``
    /// sends them.
    public enum End: Sendable, Hashable {
        /// Every pair's ``MatchedPair/source``.
        case source
        /// Every pair's ``MatchedPair/destination``.
        case destination
    }
    /// Whether motion is reduced, from the next transition: frames, sizes and corner
    /// radii jump as a pair starts, while opacity, colour, shadow and the cross-fade
    /// run ``ReducedMotion/fade``; the stagger spreads over at most
    /// ``ReducedMotion/maximumSpread`` seconds (see ``ReducedMotion``). Scrubbing
    /// keeps ``curves``. Pass the device's setting as `.system(isEnabled:)`; off by
    /// default.
    public var reducedMotion: ReducedMotion = .system(isEnabled: false)

    /// The lanes, buffers and per-pair records, behind one reference (see
    /// MatchedPairGroup+Storage.swift, which gives each its accessor).
    var storage: Storage

    /// The largest of ``delays``, found once (the base delay when there are none).
    private let largestDelay: Double
    /// Seconds of motion that a scrub's progress 0…1 spans (see
    /// ``state(ofPair:atProgress:)``): the longest of the curves' durations
    /// (``Curve/duration``: an easing's duration, a spring's or a decay's settling
    /// duration) plus the largest stagger delay. +∞ when a curve never settles (an
    /// undamped spring).
    public let scrubDuration: Double

    /// A group at rest at its sources.
    ///
    /// - Throws: ``AnimatableError/invalidPairCount(count:maximum:)`` for more than
    ///   ``MatchedPairGroup/maximumCount`` pairs; ``AnimatableError/stagger(_:)`` when the
    ///   stagger does not fit the pair count; a pair's own errors (its fields are
    ///   mutable, so each pair is checked again here, anchor included);
    ///   ``AnimatableError/nonFiniteComponent(name:value:)`` for a lane that overflows;
    ///   ``AnimatableError/curve(_:)`` wrapping ``CurveError/exceedsFloat32Range(name:value:)``
    ///   for a lane float32 cannot hold (a frame at x = 1e39), named by pair and lane.
    public init(_ pairs: [MatchedPair], curves: MatchedCurves, stagger: StaggerConfig? = nil) throws(AnimatableError) {
        let n = pairs.count
        guard n <= MatchedPairGroup.maximumCount else {
            throw .invalidPairCount(count: n, maximum: MatchedPairGroup.maximumCount)
        }
        for pair in pairs { try pair.validate() }
        self.pairs = pairs
        self.curves = curves
        self.stagger = stagger
        let delays: [Double]
        if let stagger {
            // The configuration is checked once for the count, not once per pair.
            do { delays = try stagger.referenceDelays(count: n) } catch { throw .stagger(error) }
        } else {
            delays = [Double](repeating: 0, count: n)
        }
        largestDelay = delays.max() ?? stagger?.baseDelay ?? 0
        let sourceLanes = try Self.layout(pairs, atDestination: false)
        let destinationLanes = try Self.layout(pairs, atDestination: true)
        let engine: LaneAnimation
        do throws(LaneFailure) {
            engine = try LaneAnimation(kernelValues: sourceLanes, segments: Self.segments(curves, pairCount: n))
        } catch {
            throw Self.named(error, pairCount: n)
        }
        storage = Storage(
            engine: engine, sourceLanes: sourceLanes, destinationLanes: destinationLanes,
            decodings: pairs.map(Decoding.init), delays: delays,
            scrubLanes: try? Self.scrubLanes(
                source: sourceLanes, destination: destinationLanes, curves: curves, delays: delays))
        scrubDuration = Self.scrubDuration(curves: curves, delays: delays)
    }

    /// The engine's lanes of each property, lane-major, with its curve.
    static func segments(_ curves: MatchedCurves, pairCount n: Int) -> [LaneAnimation.Segment] {
        MatchedCurves.Part.allCases.map { property in
            LaneAnimation.Segment(
                lanes: property.lanes.lowerBound * n..<property.lanes.upperBound * n, curve: curves[property])
        }
    }

    /// Whether `segments` are those of ``segments(_:pairCount:)`` for `curves` (without
    /// making them: a tap that keeps its curves allocates nothing).
    static func segmentsMatch(_ segments: [LaneAnimation.Segment], _ curves: MatchedCurves, pairCount n: Int) -> Bool {
        // By raw value, not allCases: that array was made on every call in a debug build.
        guard MatchedCurves.Part(rawValue: segments.count) == nil else { return false }
        for k in segments.indices {
            guard let property = MatchedCurves.Part(rawValue: k) else { return false }
            let lanes = property.lanes.lowerBound * n..<property.lanes.upperBound * n
            guard segments[k].lanes == lanes, segments[k].curve == curves[property] else { return false }
        }
        return true
    }

    /// The curves of a reduced transition: geometry jumps, appearance fades.
    static let reducedCurves = MatchedCurves(
        position: ReducedMotion.jump, size: ReducedMotion.jump, cornerRadius: ReducedMotion.jump,
        appearance: ReducedMotion.fade)

    /// Lane `lane` of the engine (lane-major) as "pair 3 anchorX".
    static func laneName(_ lane: Int, pairCount n: Int) -> String {
        "pair \(lane % n) \(MatchedLane.allCases[lane / n])"
    }

    /// The engine's failure with its lanes named as pairs' (``laneName(_:pairCount:)``).
    static func named(_ failure: LaneFailure, pairCount n: Int) -> AnimatableError {
        AnimatableError(failure, laneName: { laneName($0, pairCount: n) })
    }

    /// All pairs' lanes at one end, lane-major (struct of arrays).
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for a lane that
    ///   overflows, named by pair, end and lane.
    static func layout(_ pairs: [MatchedPair], atDestination: Bool) throws(AnimatableError) -> [Double] {
        let n = pairs.count
        var result = [Double](repeating: 0, count: n * MatchedPair.laneCount)
        for (i, pair) in pairs.enumerated() {
            do {
                try pair.forEachLane(atDestination: atDestination) { l, value in result[l * n + i] = value }
            } catch {
                if case .nonFiniteComponent(let name, let value) = error {
                    throw .nonFiniteComponent(name: "pair \(i) \(name)", value: value)
                }
                throw error
            }
        }
        return result
    }

    // MARK: - Transitions

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
    /// easing drives it (see the type's discussion).
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)`` unless
    ///   there is one geometry per pair; a geometry's own errors; as ``start(at:)``.
    ///   Everything is checked before anything changes: on a throw the group keeps its
    ///   old destinations and motion.
    public mutating func retarget(_ destinations: [MatchedGeometry], at time: Double) throws(AnimatableError) {
        guard destinations.count == pairs.count else {
            throw .componentCountMismatch(expected: pairs.count, actual: destinations.count)
        }
        var retargeted = pairs
        for i in retargeted.indices {
            retargeted[i].destination = destinations[i]
            try retargeted[i].validate()
        }
        let retargetedLanes = try Self.layout(retargeted, atDestination: true)
        try move(to: retargetedLanes, toward: nil, at: time, curves: curves)
        pairs = retargeted
        makeUnique()
        storage.layoutGeneration &+= 1
        storage.decodings = retargeted.map(Decoding.init)
        storage.destinationLanes = retargetedLanes
        isAtDestination = true
        storage.scrubLanes = try? Self.scrubLanes(
            source: sourceLanes, destination: retargetedLanes, curves: curves, delays: delays)
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
        var current: [(value: Double, velocity: Double)] = []
        current.reserveCapacity(source.count)
        // The delays into the buffer the engine keeps for them (every lane written),
        // changed in place once the storage is this group's.
        makeUnique()
        var laneDelays = storage.engine.delayBuffer(count: source.count)
        // Under reduced motion what is left of the stagger is scaled as a transition
        // scales it (the base delay kept).
        let (base, scale) = delayScale
        let reached = scrubbed <= base ? scrubbed : base + (scrubbed - base) * scale
        try laneDelays.withUnsafeMutableBufferPointer { (laneDelays) throws(AnimatableError) in
            // Row by row (lane-major: lane l·n + i is pair i's): a curve per row and no
            // division per lane.
            for row in 0..<MatchedPair.laneCount {
                let curve = curves[MatchedLane(rawValue: row)!.part]
                for pair in 0..<n {
                    let lane = row * n + pair
                    let elapsed = scrubbed - delays[pair]
                    // The curve's value and slope at `elapsed` (finite: the scrubbed time and
                    // the delays are) in one evaluation: Curve.value(at:) and, once started,
                    // Curve.velocity(at:), a spring's transcendentals computed once, not twice.
                    let (y, slope) = LaneAnimation.motion(
                        of: curve, from: 0, to: 1, velocity: curve.initialVelocity, elapsed: elapsed)
                    let value = (1 - y) * source[lane] + y * destination[lane]
                    guard elapsed > 0 else {
                        // Not started: it waits out its delay (or stays, heading back),
                        // with the curve's own start.
                        current.append((value, .nan))
                        laneDelays[lane] = end == .destination ? base + (delays[pair] - base) * scale - reached : 0
                        continue
                    }
                    // Per second of the scrubbed motion, times its seconds per unit of progress.
                    let velocity = (destination[lane] - source[lane]) * slope * scrubDuration * progressVelocity
                    guard velocity.isFinite else {
                        throw Self.named(.nonFinite(lane: lane, .velocity, value: velocity), pairCount: n)
                    }
                    current.append((value, velocity))
                    laneDelays[lane] = 0
                }
            }
        }
        let reduced = reducedMotion.isReduced
        let ahead = end == .source ? reverseCurves ?? curves : curves
        let segments = Self.segments(reduced ? Self.reducedCurves : ahead, pairCount: n)
        let targets = end == .destination ? destination : source
        let rests = newRests(before: time)
        do throws(LaneFailure) {
            if segments == engine.segments {
                // In place, into the buffers of the motion before last, as a start or a
                // reverse: fresh memory was most of a release's cost. setMotion changes
                // nothing when it throws.
                let spare = storage.engine.takeSpare()
                try storage.engine.setMotion(
                    start: time, current: { lane, _ in current[lane] }, targets: .each(targets),
                    delay: { lane, _ in laneDelays[lane] }, reusing: spare)
                storage.engine.spare.delays = laneDelays
            } else {
                var next = try LaneAnimation(kernelValues: current.map(\.value), segments: segments)
                try next.setMotion(
                    start: time, current: { lane, _ in current[lane] }, targets: .each(targets),
                    delay: { lane, _ in laneDelays[lane] })
                storage.engine = next
            }
        } catch {
            throw Self.named(error, pairCount: n)
        }
        keepRests(rests)
        isAtDestination = end == .destination
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
        let rests = newRests(before: time)
        let wanted = reducedMotion.isReduced ? Self.reducedCurves : curves
        let segments =
            Self.segmentsMatch(engine.segments, wanted, pairCount: n) ? nil : Self.segments(wanted, pairCount: n)
        if segments == nil, !lastTransition.isFinite || engine.isAtRest(at: time) {
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
        let laneCount = storage.engine.laneCount
        var laneDelays = storage.engine.delayBuffer(count: laneCount)
        var laneCarried = LaneAnimation.Spare.reused(&storage.laneCarriedBuffer, count: laneCount)
        Self.fill(&laneCarried, engine: engine, at: time)
        Self.fill(&laneDelays, delays: delays, scaled: delayScale, moving: laneCarried)
        // In place: restart changes nothing when it throws, and writing the engine's
        // own spare buffers (rather than a copy's) maps no fresh memory. The segments
        // only when the curves change (a reduced transition, a way back of its own).
        do throws(LaneFailure) {
            try storage.engine.restart(
                at: time, targets: .each(targets), delays: laneDelays, keeping: .each(laneCarried), segments: segments)
        } catch {
            throw Self.named(error, pairCount: n)
        }
        keepRests(rests)
        storage.laneCarriedBuffer = laneCarried
    }

    /// A tap's carried lanes (lane-major: lane l·n + i is pair i's): a pair counts as
    /// moving when any of its lanes is; all its lanes then keep their motion (each from
    /// itself, l), and it starts at once. Pairs at rest wait for their delay and restart
    /// (−1). (The engine as an argument: read once, not through the storage per lane.)
    private static func fill(_ laneCarried: inout [Int], engine: LaneAnimation, at time: Double) {
        let n = laneCarried.count / MatchedPair.laneCount
        laneCarried.withUnsafeMutableBufferPointer { laneCarried in
            for pair in 0..<n { laneCarried[pair] = -1 }
            for row in 0..<MatchedPair.laneCount {
                for pair in 0..<n where laneCarried[pair] < 0 {
                    if engine.isMoving(lane: row * n + pair, at: time) { laneCarried[pair] = pair }
                }
            }
            for row in 1..<MatchedPair.laneCount {
                for pair in 0..<n { laneCarried[row * n + pair] = laneCarried[pair] >= 0 ? row * n + pair : -1 }
            }
        }
    }

    /// A tap's per-lane delays (lane-major), filled row by row with no division per
    /// lane: each pair's delay, scaled as ``delayScale`` says, or 0 for a pair that
    /// `moving` (a carried-lanes buffer from the other `fill`) says is moving.
    private static func fill(
        _ laneDelays: inout [Double], delays: [Double], scaled: (base: Double, scale: Double), moving: [Int]?
    ) {
        let n = delays.count
        let (base, scale) = scaled
        laneDelays.withUnsafeMutableBufferPointer { laneDelays in
            for pair in 0..<n {
                let isMoving = moving.map { $0[pair] >= 0 } ?? false
                laneDelays[pair] = isMoving ? 0 : base + (delays[pair] - base) * scale
            }
            for row in 1..<MatchedPair.laneCount {
                _ = UnsafeMutableBufferPointer(rebasing: laneDelays[row * n..<(row + 1) * n]).update(
                    fromContentsOf: UnsafeBufferPointer(rebasing: laneDelays[0..<n]))
            }
        }
    }

    // MARK: - Queries

    /// The time at which a change stamped `time` takes effect, by the one rule of
    /// ``TimeOrder``.
    private func changeTime(_ time: Double) throws(AnimatableError) -> Double {
        try TimeOrder.accept(
            time, after: lastTransition, nonFinite: AnimatableError.invalidTime,
            runsBackward: AnimatableError.timeRunsBackward)
    }

    /// When the last transition started (−∞ before the first), seconds.
    var lastTransition: Double { engine.lastTransition }

    /// Whether the last transition moved anything (it takes time to settle).
    var hasMoved: Bool { lastTransition.isFinite && settleTime > lastTransition }

    /// Pair `index`'s state at `time`, in Double: the reference the kernel pass is
    /// tested against.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` for an index outside the pairs,
    ///   ``AnimatableError/invalidTime(_:)`` for a NaN or infinite time.
    public func state(ofPair index: Int, at time: Double) throws(AnimatableError) -> MatchedPairState {
        guard pairs.indices.contains(index) else { throw .unknownElement("pair \(index)") }
        guard time.isFinite else { throw .invalidTime(time) }
        let n = pairs.count
        return decodings[index].record.state(
            lanes: { engine.reference(lane: $0 * n + index, at: time).value }, crossFade: decodings[index].crossFade)
    }

    /// Pair `index`'s lane values and velocities (per second) at `time`, in Double,
    /// in ``MatchedLane`` order.
    ///
    /// - Throws: as ``state(ofPair:at:)``.
    public func laneValues(ofPair index: Int, at time: Double) throws(AnimatableError) -> [(
        value: Double, velocity: Double
    )] {
        guard pairs.indices.contains(index) else { throw .unknownElement("pair \(index)") }
        guard time.isFinite else { throw .invalidTime(time) }
        let n = pairs.count
        return (0..<MatchedPair.laneCount).map { engine.reference(lane: $0 * n + index, at: time) }
    }

    /// A frame sized for this group.
    public func makeFrame(recordsVelocity: Bool = true) -> MatchedFrame {
        // The initialiser held the pair count to the frame's limit.
        MatchedFrame(checkedPairCount: pairs.count, recordsVelocity: recordsVelocity)
    }

    /// Writes every lane of every pair at `time` into `frame`: one SIMD kernel call per
    /// property curve (one in all when a single curve drives every property), and one
    /// more per additive layer of interrupted easings.
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)`` when the
    ///   frame does not fit the group; ``AnimatableError/invalidTime(_:)`` for a NaN or
    ///   infinite time, or one float32 cannot hold relative to the last transition;
    ///   ``AnimatableError/curve(_:)`` for a curve the kernel cannot hold or an
    ///   unsupported backend.
    ///
    /// Accuracy: every lane within the kernel's bounds of ``laneValues(ofPair:at:)``
    /// (easings 2e-6 of the span plus the slope term; springs 1e-5 of
    /// max(1, |span|, |v₀|/ω₀)), plus float32 rounding of the lane's ends.
    /// O(pairs · lanes), no heap allocation (counted by AllocationTests).
    public func sample(at time: Double, into frame: inout MatchedFrame, backend: Backend? = nil) throws(AnimatableError)
    {
        let expected = pairs.count * MatchedPair.laneCount
        guard frame.pairCount == pairs.count, frame.values.count == expected,
            frame.velocities.isEmpty || frame.velocities.count == expected
        else { throw .componentCountMismatch(expected: expected, actual: frame.values.count) }
        let records = !frame.velocities.isEmpty
        try frame.values.withUnsafeMutableBufferPointer { (values) throws(AnimatableError) in
            try frame.velocities.withUnsafeMutableBufferPointer { (velocities) throws(AnimatableError) in
                guard let base = values.baseAddress else { return }
                do throws(LaneFailure) {
                    try engine.sample(
                        at: time, values: base, velocities: records ? velocities.baseAddress : nil, backend: backend)
                } catch {
                    throw Self.named(error, pairCount: pairs.count)
                }
            }
        }
    }
}

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
    public internal(set) var pairs: [MatchedPair]
    /// The curve of each property.
    public var curves: MatchedCurves { storage.curves }
    /// The curves the pairs run back to their sources (``reverse(at:)``, a release
    /// toward ``End/source``), from the next such transition: MotionMachine's
    /// `reverseEasing`, a quicker way back. `nil` runs ``curves`` both ways. A lane an
    /// easing drives carries its motion on only into the same curve; otherwise it
    /// starts from its value (and from its velocity when the way back is a spring).
    /// Scrubbing reads ``curves``.
    public var reverseCurves: MatchedCurves? {
        get { storage.reverseCurves }
        set {
            makeUnique()
            storage.reverseCurves = newValue
        }
    }
    /// Delays of each pair's start (the config's delays; its curve is not used: the
    /// curves come from ``curves``), or `nil` to start every pair together.
    public var stagger: StaggerConfig? { storage.stagger }
    /// Whether the pairs are heading to (or at) their destinations.
    public internal(set) var isAtDestination = false

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
    let largestDelay: Double
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
        try self.init(pairs, curves: curves, stagger: stagger) { (sourceLanes, segments) throws(LaneFailure) in
            try LaneAnimation(kernelValues: sourceLanes, segments: segments)
        }
    }

    /// The same with the lane engine `makeEngine` makes from the pairs' source lanes
    /// and the segments of `curves` (lanes at rest there, or motions carried over:
    /// ``regrouped(_:carrying:stagger:)``).
    init(
        _ pairs: [MatchedPair], curves: MatchedCurves, stagger: StaggerConfig?,
        engine makeEngine: (_ sourceLanes: [Double], _ segments: [LaneAnimation.Segment]) throws(LaneFailure) ->
            LaneAnimation
    ) throws(AnimatableError) {
        let n = pairs.count
        guard n <= MatchedPairGroup.maximumCount else {
            throw .invalidPairCount(count: n, maximum: MatchedPairGroup.maximumCount)
        }
        for pair in pairs { try pair.validate() }
        self.pairs = pairs
        let delays: [Double]
        if let stagger {
            // The configuration is checked once for the count, not once per pair.
            do { delays = try stagger.referenceDelays(count: n) } catch { throw .stagger(error) }
        } else {
            delays = [Double](repeating: 0, count: n)
        }
        largestDelay = delays.max() ?? stagger?.baseDelay ?? 0
        let (sourceLanes, destinationLanes) = try Self.layout(pairs)
        let engine: LaneAnimation
        do throws(LaneFailure) {
            engine = try makeEngine(sourceLanes, Self.segments(curves, pairCount: n))
        } catch {
            throw Self.named(error, pairCount: n)
        }
        storage = Storage(
            curves: curves, stagger: stagger, engine: engine, sourceLanes: sourceLanes,
            destinationLanes: destinationLanes, decodings: pairs.map(Decoding.init), delays: delays,
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

    /// All pairs' lanes at each end, lane-major (struct of arrays).
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for a lane that
    ///   overflows, named by pair, end and lane: the first at any pair's source, else
    ///   the first at a destination.
    static func layout(_ pairs: [MatchedPair]) throws(AnimatableError) -> (source: [Double], destination: [Double]) {
        var ends = (
            source: [Double](repeating: 0, count: pairs.count * MatchedPair.laneCount),
            destination: [Double](repeating: 0, count: pairs.count * MatchedPair.laneCount)
        )
        try layout(pairs, destinations: nil, source: &ends.source, destination: &ends.destination)
        return ends
    }

    /// The same into `source` and `destination` (every element written, their counts
    /// the lanes'), with `destinations` in place of the pairs' own when given (one per
    /// pair). A retarget's overflow is named destinations first: the first lane at any
    /// new destination, else the first at a source (whose box may follow the
    /// destination's size).
    static func layout(
        _ pairs: [MatchedPair], destinations: [MatchedGeometry]?, source: inout [Double], destination: inout [Double]
    ) throws(AnimatableError) {
        let n = pairs.count
        let destinationsFirst = destinations != nil
        var colors = MatchedPair.MixedColors()
        // The first overflow of the end checked second, thrown once no pair overflows
        // at the end checked first.
        var later: AnimatableError?
        func named(_ error: AnimatableError, pair i: Int) -> AnimatableError {
            guard case .nonFiniteComponent(let name, let value) = error else { return error }
            return .nonFiniteComponent(name: "pair \(i) \(name)", value: value)
        }
        // Through pointers, each pair read in place and once for both ends: a checked
        // array store per lane, a copy of every pair (retains included) and a second
        // read of the pairs were most of a retarget's layout.
        try source.withUnsafeMutableBufferPointer { (source) throws(AnimatableError) in
            try destination.withUnsafeMutableBufferPointer { (destination) throws(AnimatableError) in
                try pairs.withUnsafeBufferPointer { (pairs) throws(AnimatableError) in
                    try (destinations ?? []).withUnsafeBufferPointer { (destinations) throws(AnimatableError) in
                        for i in 0..<n {
                            let pair = pairs.baseAddress! + i
                            let overflow = MatchedPair.forEachLane(
                                source: pair.pointee.source,
                                destination: destinations.isEmpty ? pair.pointee.destination : destinations[i],
                                shape: MatchedPair.LaneShape(pair.pointee.options), colors: &colors
                            ) { l, from, to in
                                source[l * n + i] = from
                                destination[l * n + i] = to
                            }
                            let (first, second) =
                                destinationsFirst
                                ? (overflow.destination, overflow.source) : (overflow.source, overflow.destination)
                            if let first { throw named(first, pair: i) }
                            if later == nil, let second { later = named(second, pair: i) }
                        }
                    }
                }
            }
        }
        if let later { throw later }
    }

    // MARK: - Queries

    /// When the last transition started (−∞ before the first), seconds.
    var lastTransition: Double { storage.engine.lastTransition }

    /// Whether the last transition moved anything (it takes time to settle).
    var hasMoved: Bool { hasMoved(settlingAt: settleTime) }

    /// ``hasMoved`` for a caller that has ``settleTime`` already (a pass over every
    /// lane, which a frame loop need not make twice).
    func hasMoved(settlingAt settleTime: Double) -> Bool { lastTransition.isFinite && settleTime > lastTransition }

    /// Pair `index`'s state at `time`, in Double: the reference the kernel pass is
    /// tested against.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` for an index outside the pairs,
    ///   ``AnimatableError/invalidTime(_:)`` for a NaN or infinite time.
    public func state(ofPair index: Int, at time: Double) throws(AnimatableError) -> MatchedPairState {
        guard pairs.indices.contains(index) else { throw .unknownElement("pair \(index)") }
        guard time.isFinite else { throw .invalidTime(time) }
        // The pair's lanes found in place, through the storage: reading `engine` copies
        // it (a retain and a release per array), which cost more than the lanes.
        return withUnsafeTemporaryAllocation(
            of: (value: Double, velocity: Double).self, capacity: MatchedPair.laneCount
        ) { lanes in
            storage.engine.reference(first: index, stride: pairs.count, at: time, into: lanes)
            let decoding = decodings[index]
            return decoding.record.state(lanes: { lanes[$0].value }, crossFade: decoding.crossFade)
        }
    }

    /// Every pair's state at `time`, in pair order: what ``state(ofPair:at:)`` gives
    /// each, its spring lanes found a run at a time by the kernel (within a few units
    /// in the last place). O(pairs · lanes).
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a NaN or infinite time.
    func states(at time: Double) throws(AnimatableError) -> [MatchedPairState] {
        guard time.isFinite else { throw .invalidTime(time) }
        let n = pairs.count, engine = self.engine, decodings = self.decodings
        let (isShared, fade) = storage.crossFadeReadOnce
        var lanes = [Double](repeating: 0, count: engine.laneCount)
        lanes.withUnsafeMutableBufferPointer { engine.values(at: time, into: $0) }
        return lanes.withUnsafeBufferPointer { lanes in
            decodings.withUnsafeBufferPointer { decodings in
                (0..<n).map { i in
                    let record = decodings[i].record
                    if isShared { return record.state(lanes: { lanes[$0 * n + i] }, crossFade: fade) }
                    return record.state(lanes: { lanes[$0 * n + i] }, crossFade: decodings[i].crossFade)
                }
            }
        }
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
        var lanes = [(value: Double, velocity: Double)](repeating: (0, 0), count: MatchedPair.laneCount)
        lanes.withUnsafeMutableBufferPointer {
            storage.engine.reference(first: index, stride: pairs.count, at: time, into: $0)
        }
        return lanes
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

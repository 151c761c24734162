/// The float32 lanes a scrub reads, one kernel lane per pair: per lane row
/// (``MatchedLane``) its two ends and the initial velocity its curve gives it, each
/// pair's delay, and the kernel pass of each lane row.
struct ScrubLanes: Sendable {
    /// Columns ``from(_:)``, ``to(_:)`` and ``velocity(_:)`` of each row, then
    /// ``delays``.
    var store: LaneStore
    var passes: [KernelPass]

    static func from(_ row: Int) -> Int { row }
    static func to(_ row: Int) -> Int { MatchedPair.laneCount + row }
    static func velocity(_ row: Int) -> Int { 2 * MatchedPair.laneCount + row }
    static let delays = 3 * MatchedPair.laneCount
    static let columnCount = delays + 1
}

extension MatchedPairGroup {
    // MARK: - Scrubbing

    /// ``scrubDuration`` of a group with these curves and delays.
    static func scrubDuration(curves: MatchedCurves, delays: [Double]) -> Double {
        let longest = MatchedCurves.Part.allCases.map { curves[$0].duration }.max() ?? 0
        return longest + (delays.max() ?? 0)
    }

    /// Pair `index` at scrub `progress` (0 every pair at its source, 1 every pair at its
    /// destination), in Double: the reference ``sample(atProgress:into:backend:)`` is
    /// tested against.
    ///
    /// Scrubbing shows the transition from source to destination that ``start(at:)``
    /// would run from rest, with the group's own curves (any kind, one per property) and
    /// its stagger, at time t = progress · ``scrubDuration`` after its start: pair i's
    /// lanes are at `source + (destination − source) · curve.value(at: t − delayᵢ)`.
    /// So the stagger is mapped into progress: pair i starts moving at progress
    /// delayᵢ / T and its slowest property arrives at (delayᵢ + duration) / T; the last
    /// pair's at exactly 1 (easings then sit exactly on the destination; springs and
    /// decays within 0.001 of the span). Unlike ``state(ofPair:at:)`` it ignores the
    /// group's transitions so far. Progress is clamped to 0…1.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` for an index outside the pairs;
    ///   ``AnimatableError/nonFiniteComponent(name:value:)`` (named `progress`) for a NaN
    ///   or infinite progress;
    ///   ``AnimatableError/curve(_:)`` wrapping ``CurveError/invalidDuration(_:)`` when
    ///   a curve never settles (an infinite ``scrubDuration``);
    ///   ``AnimatableError/nonFiniteComponent(name:value:)`` for a lane that overflows.
    public func state(ofPair index: Int, atProgress progress: Double) throws(AnimatableError) -> MatchedPairState {
        guard pairs.indices.contains(index) else { throw .unknownElement("pair \(index)") }
        let time = try scrubTime(progress)
        let pair = pairs[index]
        let count = MatchedPair.laneCount
        return try withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) {
            (ends) throws(AnimatableError) in
            try pair.forEachLane { lane, source, destination in
                ends[lane] = source
                ends[count + lane] = destination
            }
            for lane in MatchedLane.allCases {
                let l = lane.rawValue
                let y: Double
                do throws(CurveError) { y = try curves[lane.part].value(at: time - delays[index]) } catch {
                    throw .curve(error)
                }
                // (1 − y)·a + y·b, as the kernel mixes: exactly b where y is 1.
                let value = (1 - y) * ends[l] + y * ends[count + l]
                guard value.isFinite else {
                    throw .nonFiniteComponent(name: "pair \(index) \(lane)", value: value)
                }
                ends[l] = value
            }
            return pair.state { ends[$0] }
        }
    }

    /// Writes every lane of every pair at scrub `progress` into `frame` (see
    /// ``state(ofPair:atProgress:)``): the kernel's sampling pass once per lane row
    /// (``MatchedLane``), each over every pair with that row's curve. Velocities, when
    /// the frame records them, are per second of the scrubbed motion (multiply by
    /// ``scrubDuration`` for per unit of progress; easings 0, the kernel's rule).
    ///
    /// - Throws: as ``state(ofPair:atProgress:)`` (but for the index), and
    ///   ``AnimatableError/componentCountMismatch(expected:actual:)`` for a frame of
    ///   another size; ``AnimatableError/curve(_:)`` wrapping
    ///   ``CurveError/exceedsFloat32Range(name:value:)`` for a lane end (or a spring's
    ///   initial velocity) float32 cannot hold, or a curve the kernel cannot hold.
    ///
    /// Accuracy: each lane within the kernel's bounds of ``state(ofPair:atProgress:)``
    /// (as ``sample(at:into:backend:)``). O(pairs · lanes), no heap allocation.
    public func sample(atProgress progress: Double, into frame: inout MatchedFrame, backend: Backend? = nil)
        throws(AnimatableError)
    {
        let n = pairs.count
        let expected = n * MatchedPair.laneCount
        guard frame.pairCount == n, frame.values.count == expected,
            frame.velocities.isEmpty || frame.velocities.count == expected
        else { throw .componentCountMismatch(expected: expected, actual: frame.values.count) }
        let time = try scrubTime(progress)
        guard n > 0 else { return }
        guard let lanes = scrubLanes else {
            // Report which lane does not fit (an error path: allocating is fine here).
            _ = try Self.scrubLanes(
                source: sourceLanes, destination: destinationLanes, curves: curves, delays: delays)
            return
        }
        let records = !frame.velocities.isEmpty
        try frame.values.withUnsafeMutableBufferPointer { (values) throws(AnimatableError) in
            try frame.velocities.withUnsafeMutableBufferPointer { (velocities) throws(AnimatableError) in
                try lanes.store.withColumns { (columns) throws(AnimatableError) in
                    // Indices, not `for lane in MatchedLane.allCases`: no iterator.
                    for l in 0..<MatchedPair.laneCount {
                        let row = l * n
                        let rowLanes = KernelPass.Lanes.items(
                            offsets: columns[ScrubLanes.delays], from: columns[ScrubLanes.from(l)],
                            to: columns[ScrubLanes.to(l)], velocity: columns[ScrubLanes.velocity(l)])
                        do throws(KernelPass.Failure) {
                            try lanes.passes[l].sample(
                                at: time, start: 0, lanes: rowLanes, count: n, values: values.baseAddress! + row,
                                velocities: records ? velocities.baseAddress! + row : nil, backend: backend)
                        } catch {
                            throw AnimatableError(error)
                        }
                    }
                }
            }
        }
    }

    /// Seconds into the scrubbed motion at `progress` (clamped to 0…1).
    ///
    /// At 1 every pair is at its destination, so the time goes 2⁻²⁰ of the span past
    /// the end: the last pair's longest lane ends exactly at the span, where the float32
    /// kernel's `time − delay` may round just short of its duration, and easings that
    /// jump just before their end (expo, elastic: by 2⁻¹⁰) would show it.
    func scrubTime(_ progress: Double) throws(AnimatableError) -> Double {
        guard progress.isFinite else { throw .nonFiniteComponent(name: "progress", value: progress) }
        let span = scrubDuration
        guard span.isFinite else { throw .curve(.invalidDuration(span)) }
        let clamped = Swift.min(Swift.max(progress, 0), 1)
        return clamped == 1 ? span * (1 + 0x1p-20) : clamped * span
    }

    /// The float32 scrub lanes of pairs laid out at `source` and `destination` (every
    /// lane of each end, lane-major, as ``layout(_:)`` gives them), each
    /// checked to fit.
    ///
    /// - Throws: ``AnimatableError/curve(_:)`` wrapping
    ///   ``CurveError/exceedsFloat32Range(name:value:)`` named by pair and lane.
    static func scrubLanes(
        source: [Double], destination: [Double], curves: MatchedCurves, delays: [Double]
    ) throws(AnimatableError) -> ScrubLanes {
        let n = delays.count
        var passes: [KernelPass] = []
        for l in 0..<MatchedPair.laneCount {
            do { passes.append(try KernelPass(curve: curves[MatchedLane(rawValue: l)!.part])) } catch {
                throw AnimatableError(error)
            }
        }
        var store = LaneStore(columns: ScrubLanes.columnCount, lanes: n)
        store.withMutableColumns { columns in
            for pair in 0..<n { columns[ScrubLanes.delays][pair] = Float(delays[pair]) }
        }
        try writeScrubEnds(into: &store, source: source, destination: destination, curves: curves)
        return ScrubLanes(store: store, passes: passes)
    }

    /// Writes every lane's float32 ends and scrub velocity (its span times its curve's
    /// initial velocity) into the scrub lanes' `store`, each checked to fit.
    ///
    /// - Throws: as ``scrubLanes(source:destination:curves:delays:)``; the columns are
    ///   partly written then.
    private static func writeScrubEnds(
        into store: inout LaneStore, source: [Double], destination: [Double], curves: MatchedCurves
    ) throws(AnimatableError) {
        let n = store.laneCount
        try source.withUnsafeBufferPointer { source throws(AnimatableError) in
            try destination.withUnsafeBufferPointer { destination throws(AnimatableError) in
                try store.withMutableColumns { (columns) throws(AnimatableError) in
                    // Row by row (lane-major: lane row · n + pair), no division per lane. Each
                    // row written first and checked once (``Float/nonFiniteBit``), so the loop
                    // vectorises; a row that does not fit is walked again to name its lane.
                    for row in 0..<MatchedPair.laneCount {
                        let unit = curves[MatchedLane(rawValue: row)!.part].initialVelocity
                        let from = columns[ScrubLanes.from(row)], to = columns[ScrubLanes.to(row)]
                        let velocities = columns[ScrubLanes.velocity(row)]
                        let first = row * n
                        var overflow: UInt32 = 0
                        for pair in 0..<n {
                            let lane = first + pair
                            let ends = (Float(source[lane]), Float(destination[lane]))
                            let velocity = Float((destination[lane] - source[lane]) * unit)
                            from[pair] = ends.0
                            to[pair] = ends.1
                            velocities[pair] = velocity
                            overflow |= ends.0.nonFiniteBit | ends.1.nonFiniteBit | (ends.1 - ends.0).nonFiniteBit
                            overflow |= velocity.nonFiniteBit
                        }
                        guard overflow & 0x8000_0000 != 0 else { continue }
                        for pair in 0..<n {
                            let lane = first + pair
                            let failure: LaneFailure
                            if !from[pair].isFinite {
                                failure = .exceedsFloat32(lane: lane, .value, value: source[lane])
                            } else if !(to[pair].isFinite && (to[pair] - from[pair]).isFinite) {
                                failure = .exceedsFloat32(lane: lane, .target, value: destination[lane])
                            } else if !velocities[pair].isFinite {
                                failure = .exceedsFloat32(lane: lane, .velocity, value: Double(velocities[pair]))
                            } else {
                                continue
                            }
                            throw named(failure, pairCount: n)
                        }
                    }
                }
            }
        }
    }

    /// Brings the scrub lanes up to new ends (a retarget's), in place when the group has
    /// them (the same curves and delays): no fresh memory. Leaves them `nil` when a lane
    /// does not fit (scrubbing then throws its error), and makes them afresh when they
    /// were.
    mutating func updateScrubLanes() {
        let (source, destination, curves) = (sourceLanes, destinationLanes, self.curves)
        guard var lanes = storage.scrubLanes.take() else {
            storage.scrubLanes = try? Self.scrubLanes(
                source: source, destination: destination, curves: curves, delays: delays)
            return
        }
        do {
            try Self.writeScrubEnds(into: &lanes.store, source: source, destination: destination, curves: curves)
            storage.scrubLanes = lanes
        } catch {
            storage.scrubLanes = nil
        }
    }
}

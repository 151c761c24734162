/// A transition of easing lanes as one plane added on top of the motions in flight: what
/// a tap on a big collection (a reverse or a retarget mid-flight) writes instead of every
/// plane of every lane.
extension LaneAnimation {
    /// Whether a transition may add its motion as one layer
    /// (``addLayer(at:targets:delays:carried:)``): every segment runs an easing, whose
    /// motions add, and a plane is left below ``maximumLayers``.
    var canAddLayer: Bool {
        guard planes.count < Self.maximumLayers else { return false }
        // A loop, not allSatisfy: its closure allocated in a debug build.
        for k in easingEnds.indices where easingEnds[k] == nil { return false }
        return true
    }

    /// Starts every lane toward `targets` at `time` by the rule of
    /// ``restart(at:targets:delays:keeping:segments:)`` for easing lanes, as one plane
    /// added on top of the planes in flight, which stay as they are (counting from their
    /// own starts): a carried lane's layer runs at once from 0 to what is left to reach
    /// its target (finished motions under it rest at their ends); a lane that carries
    /// nothing on is held at its value in plane 0 (its other layers emptied), and its
    /// layer runs from 0 to its change after `delays[lane]`.
    ///
    /// The values are the rewrite's (which folds finished motions into one and freezes
    /// the oldest of too many), to rounding; the work is a pass over the planes' targets
    /// and one new plane, where the rewrite writes every plane of every lane. `delays`
    /// and the flags of `carried` are per lane or per row position, as `restart` takes
    /// them. A named motion in plane 0 stays the one
    /// ``startFromRest(at:values:targets:name:delays:)`` takes back (``layeredBase``).
    ///
    /// - Precondition: ``canAddLayer``.
    /// - Throws: as ``restart(at:targets:delays:keeping:segments:)``; nothing changes on
    ///   a throw.
    mutating func addLayer(at time: Double, targets: Targets, delays: [Double], carried: Carried) throws(LaneFailure) {
        precondition(canAddLayer, "a layer added to \(planes.count) planes of \(segments.count) segments")
        let n = laneCount, p = planes.count
        // Which lanes carry their motions on, asked once per lane (or per row position).
        var flags: [Int]
        switch carried {
        case .each(let given):
            flags = given
        case .movingLanes:
            flags = Spare.reused(&movingLanes, count: n)
            flags.withUnsafeMutableBufferPointer { flags in
                for lane in 0..<n {
                    flags[lane] = isMoving(lane: lane, at: time) && !goesNowhere(lane: lane) ? lane : -1
                }
            }
        }
        defer { if case .movingLanes = carried { movingLanes = flags } }
        // Rows of `flags.count` lanes: the passes below walk whole rows (and the
        // segments and the record's room with them).
        precondition(flags.isEmpty ? n == 0 : n % flags.count == 0, "\(flags.count) flags for \(n) lanes")
        // The row positions that carry nothing on, found once for the passes that
        // write them (most positions carry on in a tap mid-flight), in a buffer kept.
        var resting: [Int] = []
        swap(&resting, &restingPositions)
        defer { restingPositions = resting }
        resting.removeAll(keepingCapacity: true)
        flags.withUnsafeBufferPointer { flags in
            for f in flags.indices where flags[f] == -1 { resting.append(f) }
        }
        var layer = takeLayerPlane(lanes: n)
        // The float32 columns taken out while the pass writes the new plane's into them
        // (dropped again on a throw).
        var store = kernel.take()
        // Its offsets and targets are every lane's to write; the additive layers' `from`
        // is not read by the kernel, but stays 0 as a rewrite would write it.
        store?.appendColumns(3, zeroing: KernelColumn.from(p))
        let earliestDelay: Double
        do {
            if let quick = quickLayer(
                &layer, columns: &store, at: time, targets: targets, delays: delays, flags: flags, resting: resting)
            {
                earliestDelay = quick
            } else {
                earliestDelay = try fillLayer(
                    &layer, columns: &store, at: time, targets: targets, delays: delays, flags: flags)
            }
        } catch {
            store?.setColumnCount(KernelColumn.count(planes: p))
            kernel = store
            // Back to the pool with the `from` of a layer: all zeros (the passes wrote
            // values there).
            layer.from.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            layerPool.append(layer)
            throw error
        }
        kernel = store.take()
        // Nothing throws from here: every figure was checked, for float32 too.
        // Taken out, so that its buffers are not shared while it records.
        var base = LayeredBase()
        swap(&base, &layeredBase)
        if let name = motionName {
            base.removeAll()
            base.name = name
            base.soonest = namedSoonest
        }
        motionName = nil
        rewriteResting(&layer, rowLength: flags.count, resting: resting, recording: &base)
        layeredBase = base
        depth.withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(p + 1)) }
        // Every lane's latest motion runs its easing's duration: so it does already once
        // a transition wrote every lane's (lanes at rest since the engine was made had 0).
        if hasRestingDurations {
            hasRestingDurations = false
            durations.withUnsafeMutableBufferPointer { durations in
                for k in segments.indices {
                    guard let ends = easingEnds[k] else { continue }
                    UnsafeMutableBufferPointer(rebasing: durations[segments[k].lanes]).update(repeating: ends.duration)
                }
            }
        }
        segmentDepth.withUnsafeMutableBufferPointer { $0.update(repeating: p + 1) }
        layer.start = time
        planes.append(layer)
        lastTransition = time
        // Every lane's latest motion is its new layer: none ends before the shortest
        // delay (0 for a carried lane) plus the shortest duration.
        var shortest = Double.infinity
        for k in segments.indices where !segments[k].lanes.isEmpty {
            shortest = Swift.min(shortest, easingEnds[k]?.duration ?? 0)
        }
        setEarliestEnd(time: time, soonest: earliestDelay + shortest)
    }

    /// A plane of `lanes` lanes for a new layer: one the pool keeps, else a fresh one.
    /// Its `from` is all zeros (a layer's, as every plane the pool takes: layers
    /// only); every other element is the caller's to write.
    private mutating func takeLayerPlane(lanes: Int) -> Plane {
        while let plane = layerPool.popLast() {
            guard plane.to.count == lanes else { continue }
            assert(Self.isAllZeros(plane.from), "a pooled layer plane whose `from` is not all zeros")
            return plane
        }
        return Plane(count: lanes)
    }

    /// Whether every value is 0, by index (a closure's `contains` allocated per element
    /// in a debug build, where assertions run).
    private static func isAllZeros(_ values: [Double]) -> Bool {
        values.withUnsafeBufferPointer { values in
            for i in 0..<values.count where values[i] != 0 { return false }
            return true
        }
    }

    /// ``fillLayer(_:columns:at:targets:delays:flags:)``'s figures the quick way, or `nil`
    /// when a figure is not finite or does not fit float32 (that pass then finds the
    /// first, and names it): every lane's layer written as if it carried on, in passes
    /// with no branch per lane (the compiler vectorises them), then the lanes that carry
    /// nothing on (`resting`: their positions in a row of `flags`) written again, row by
    /// row in lane order. Returns the least offset.
    private func quickLayer(
        _ layer: inout Plane, columns store: inout LaneStore?, at time: Double, targets: Targets, delays: [Double],
        flags: [Int], resting: [Int]
    ) -> Double? {
        let n = laneCount, p = planes.count
        let narrows = store != nil
        // What the planes in flight reach (zeros where a plane holds none of a lane's
        // motions), summed in plane order as ``target(ofLane:)`` sums them, into `to`.
        layer.to.withUnsafeMutableBufferPointer { sums in
            _ = planes[0].to.withUnsafeBufferPointer { sums.update(fromContentsOf: $0) }
            for q in 1..<p {
                planes[q].to.withUnsafeBufferPointer { to in
                    for lane in 0..<n { sums[lane] += to[lane] }
                }
            }
        }
        var taken = store.take() ?? LaneStore(columns: 0, lanes: 0)
        defer { if narrows { store = taken } }
        return taken.withMutableColumns { columns -> Double? in
            let offsets32 = columns[KernelColumn.offsets(p)], to32 = columns[KernelColumn.to(p)]
            return layer.offsets.withUnsafeMutableBufferPointer { offsets -> Double? in
                layer.from.withUnsafeMutableBufferPointer { from -> Double? in
                    layer.to.withUnsafeMutableBufferPointer { to -> Double? in
                        // Every lane as if it carried on: from 0 at once to what is left.
                        switch targets {
                        case .all(let target):
                            for lane in 0..<n { to[lane] = target - to[lane] }
                        case .each(let targets):
                            targets.withUnsafeBufferPointer { targets in
                                for lane in 0..<n { to[lane] = targets[lane] - to[lane] }
                            }
                        }
                        offsets.update(repeating: 0)
                        // A non-finite span is infinite or NaN in float32 too: one test,
                        // by the exponent's bits without a branch (the compiler vectorises
                        // the loop): ``Float/nonFiniteBit``.
                        var overflow: UInt32 = 0
                        if narrows {
                            for lane in 0..<n {
                                let narrowed = Float(to[lane])
                                to32[lane] = narrowed
                                overflow |= narrowed.nonFiniteBit
                            }
                            offsets32.update(repeating: 0, count: n)
                        } else {
                            for lane in 0..<n { overflow |= to[lane].nonFiniteBit }
                        }
                        guard overflow & 0x8000_0000 == 0 else { return nil }
                        // The lanes that carry nothing on: their value held, their change
                        // after their delay.
                        var earliest = resting.count < flags.count ? 0 : Double.infinity
                        // Each lane's segment found by walking on from the last lane's (the
                        // lanes come in order), not searched for per lane.
                        var segment = 0
                        for row in stride(from: 0, to: n, by: Swift.max(flags.count, 1)) {
                            // By index: an array's iterator allocated per element in a
                            // debug build.
                            for k in resting.indices {
                                let f = resting[k], lane = row + f
                                let delay =
                                    delays.count == n
                                    ? delays[lane]
                                    : delays.count == flags.count ? delays[f] : delays[lane % delays.count]
                                while segmentEnd(segment) <= lane { segment += 1 }
                                let value = reference(lane: lane, at: time, segment: segment).value
                                let span = targets[lane] - value
                                guard span.isFinite, delay.isFinite else { return nil }
                                if narrows {
                                    // The rewrite's figures too: its target in plane 0.
                                    let v = Float(value), s = Float(span), d = Float(delay)
                                    guard v.isFinite, s.isFinite, d.isFinite, Float(targets[lane]).isFinite,
                                        (Float(targets[lane]) - v).isFinite
                                    else { return nil }
                                    to32[lane] = s
                                    offsets32[lane] = d
                                }
                                offsets[lane] = delay
                                from[lane] = value
                                to[lane] = span
                                earliest = Swift.min(earliest, delay)
                            }
                        }
                        return earliest
                    }
                }
            }
        }
    }

    /// The checks and figures of ``addLayer(at:targets:delays:carried:)``, into `layer`
    /// and the new plane's float32 columns of `columns` (appended, zeros): a carried
    /// lane's layer from 0 at once to what is left to reach its target past what the
    /// planes in flight reach (their targets summed in plane order, as
    /// ``target(ofLane:)`` sums them: zeros where a plane holds none of its motions);
    /// for a lane that carries nothing on, its value in `from` (for
    /// ``rewriteResting(_:rowLength:resting:recording:)``, which empties it) and its change after
    /// its delay. `delays` and `flags` are per lane or per row position.
    private func fillLayer(
        _ layer: inout Plane, columns store: inout LaneStore?, at time: Double, targets: Targets, delays: [Double],
        flags: [Int]
    ) throws(LaneFailure) -> Double {
        var earliest = Double.infinity
        let p = planes.count
        let narrows = store != nil
        // Taken out (and put back), so that its buffer is written in place.
        var taken = store.take() ?? LaneStore(columns: 0, lanes: 0)
        defer { if narrows { store = taken } }
        try taken.withMutableColumns { (columns) throws(LaneFailure) in
            let offsets32 = columns[KernelColumn.offsets(p)], to32 = columns[KernelColumn.to(p)]
            try withPlaneColumns(\.to) { (reachedBy) throws(LaneFailure) in
                try layer.offsets.withUnsafeMutableBufferPointer { (offsets) throws(LaneFailure) in
                    try layer.from.withUnsafeMutableBufferPointer { (from) throws(LaneFailure) in
                        try layer.to.withUnsafeMutableBufferPointer { (to) throws(LaneFailure) in
                            try delays.withUnsafeBufferPointer { (delays) throws(LaneFailure) in
                                try flags.withUnsafeBufferPointer { (flags) throws(LaneFailure) in
                                    // Row positions, wrapped without a division per lane.
                                    var d = 0, f = 0
                                    for k in segments.indices {
                                        for lane in segments[k].lanes {
                                            var reached = reachedBy[0][lane]
                                            for q in 1..<p { reached += reachedBy[q][lane] }
                                            let target = targets[lane]
                                            if flags[f] != -1 {
                                                let span = target - reached
                                                if !span.isFinite {
                                                    // In the order the rewrite checks them (carriedLayers).
                                                    try requireFinite(target, lane: lane, .target)
                                                    try requireFinite(reached, lane: lane, .target)
                                                    try requireFinite(span, lane: lane, .span)
                                                }
                                                offsets[lane] = 0
                                                to[lane] = span
                                                earliest = Swift.min(earliest, 0)
                                                if narrows {
                                                    let narrowed = Float(span)
                                                    guard narrowed.isFinite else {
                                                        throw .exceedsFloat32(lane: lane, .target, value: span)
                                                    }
                                                    offsets32[lane] = 0
                                                    to32[lane] = narrowed
                                                }
                                            } else {
                                                let value = reference(lane: lane, at: time, segment: k).value
                                                let delay = delays[d], span = target - value
                                                if !(span.isFinite && delay.isFinite) {
                                                    try requireFinite(value, lane: lane, .value)
                                                    try requireFinite(target, lane: lane, .target)
                                                    try requireFinite(span, lane: lane, .span)
                                                    try requireFinite(delay, lane: lane, .delay)
                                                }
                                                offsets[lane] = delay
                                                earliest = Swift.min(earliest, delay)
                                                from[lane] = value
                                                to[lane] = span
                                                if narrows {
                                                    func fits(_ value: Double, _ what: LaneQuantity) throws(LaneFailure)
                                                        -> Float
                                                    {
                                                        let narrowed = Float(value)
                                                        guard narrowed.isFinite else {
                                                            throw .exceedsFloat32(lane: lane, what, value: value)
                                                        }
                                                        return narrowed
                                                    }
                                                    // The rewrite's checks for this lane, in its
                                                    // order: its delay, then the ends of its
                                                    // motion in plane 0 and their span.
                                                    offsets32[lane] = try fits(delay, .delay)
                                                    let from32 = try fits(value, .value)
                                                    let target32 = try fits(target, .target)
                                                    guard (target32 - from32).isFinite else {
                                                        throw .exceedsFloat32(lane: lane, .span, value: span)
                                                    }
                                                    to32[lane] = try fits(span, .span)
                                                }
                                            }
                                            d += 1
                                            if d == delays.count { d = 0 }
                                            f += 1
                                            if f == flags.count { f = 0 }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return earliest
    }

    /// Holds every lane that carries nothing on at its value (`layer.from`, emptied
    /// here) in plane 0 and empties its other planes, recording the base figures it
    /// replaces in `base` while that has a name.
    ///
    /// A motion from a value to the same value holds it whatever its offset (from +
    /// 0 · curve, in Double and in float32), and a layer from 0 to 0 adds nothing: only
    /// the ends that differ are written. A lane that has not started yet (the usual
    /// one here: a pair still waiting for its delay) is at its `from`, so that only its
    /// `to` changes, and it has no layers to empty.
    ///
    /// `resting` holds the positions, in each row of `rowLength` lanes (which divides
    /// the lanes), of the lanes that carry nothing on.
    private mutating func rewriteResting(
        _ layer: inout Plane, rowLength: Int, resting: [Int], recording base: inout LayeredBase
    ) {
        let p = planes.count
        let narrows = kernel != nil
        var store = kernel.take() ?? LaneStore(columns: 0, lanes: 0)
        defer { if narrows { kernel = store } }
        // Room in the record, while it has a name, for every lane this may rewrite.
        let rows = rowLength > 0 ? laneCount / rowLength : 0
        base.withRoom(base.name != nil ? resting.count * rows : 0) { record in
            var recorded = 0
            resting.withUnsafeBufferPointer { resting in
                layer.from.withUnsafeMutableBufferPointer { values in
                    store.withMutableColumns { columns in
                        Self.withPointers(to: &planes) { planes in
                            // Row by row, in memory order (a pair's lanes are a row apart:
                            // its lanes one after the other strided across every buffer, a
                            // cache miss each), only the positions that carry nothing on.
                            for row in stride(from: 0, to: values.count, by: Swift.max(rowLength, 1)) {
                                for f in resting {
                                    let lane = row + f
                                    let value = values[lane]
                                    values[lane] = 0
                                    let from = planes[0].from[lane], to = planes[0].to[lane]
                                    if from != value || to != value {
                                        if let record {
                                            record.lanes[recorded] = lane
                                            record.from[recorded] = from
                                            record.to[recorded] = to
                                            recorded += 1
                                        }
                                        planes[0].from[lane] = value
                                        planes[0].to[lane] = value
                                        if narrows {
                                            columns[KernelColumn.from(0)][lane] = Float(value)
                                            columns[KernelColumn.to(0)][lane] = Float(value)
                                        }
                                    }
                                    for q in 1..<p where planes[q].to[lane] != 0 {
                                        planes[q].to[lane] = 0
                                        if narrows { columns[KernelColumn.to(q)][lane] = 0 }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return recorded
        }
    }
}

/// A transition of easing lanes as one plane added on top of the motions in flight: what
/// a tap on a big collection (a reverse or a retarget mid-flight) writes instead of every
/// plane of every lane.
extension LaneAnimation {
    /// The base ends of the lanes whose base motion transitions that added layers
    /// rewrote (``addLayer(at:targets:delays:carried:)``: its ends, not its offset, which
    /// stays), in the order rewritten (a lane may come twice: its first figures are the
    /// named motion's), and the name of the motion the base holds; `nil` for none.
    struct LayeredBase: Sendable {
        var name: Int?
        var lanes: [Int] = []
        var from: [Double] = []
        var to: [Double] = []

        /// No lanes, the buffers kept.
        mutating func removeAll() {
            lanes.removeAll(keepingCapacity: true)
            from.removeAll(keepingCapacity: true)
            to.removeAll(keepingCapacity: true)
        }
    }

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
    /// and one new plane, where the rewrite writes every plane of every lane. `delays` is
    /// kept as the buffer of the next caller's delays. A named motion in plane 0 stays
    /// the one ``startFromRest(at:values:targets:name:delays:)`` takes back
    /// (``layeredBase``).
    ///
    /// - Precondition: ``canAddLayer``.
    /// - Throws: as ``restart(at:targets:delays:keeping:segments:)``; nothing changes on
    ///   a throw.
    mutating func addLayer(at time: Double, targets: Targets, delays: [Double], carried: Carried) throws(LaneFailure) {
        precondition(canAddLayer, "a layer added to \(planes.count) planes of \(segments.count) segments")
        let n = laneCount, p = planes.count
        // Which lanes carry their motions on, asked once per lane.
        var carriedLanes: [Int]
        switch carried {
        case .each(let lanes):
            carriedLanes = lanes
        case .movingLanes:
            carriedLanes = Spare.reused(&movingLanes, count: n)
            carriedLanes.withUnsafeMutableBufferPointer { lanes in
                for lane in 0..<n {
                    lanes[lane] = isMoving(lane: lane, at: time) && !goesNowhere(lane: lane) ? lane : -1
                }
            }
        }
        defer { if case .movingLanes = carried { movingLanes = carriedLanes } }
        var layer = takeLayerPlane(lanes: n)
        // What the planes in flight reach: every lane's target so far (zeros where a
        // plane holds none of a lane's motions), summed in plane order as
        // ``target(ofLane:)`` sums them. Into the layer's `to`, which the pass below
        // turns into what is left.
        sumTargets(into: &layer.to)
        try fillLayer(&layer, at: time, targets: targets, delays: delays, carried: carriedLanes)
        // Nothing throws from here: every figure was checked, for float32 too.
        // Taken out, so that its buffers are not shared while it records.
        var base = LayeredBase()
        swap(&base, &layeredBase)
        if let name = motionName {
            base.removeAll()
            base.name = name
        }
        motionName = nil
        rewriteResting(&layer, carried: carriedLanes, recording: &base)
        layeredBase = base
        depth.withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(p + 1)) }
        // Every lane's latest motion runs its easing's duration (lanes at rest since the
        // engine was made had 0).
        durations.withUnsafeMutableBufferPointer { durations in
            for k in segments.indices {
                guard let ends = easingEnds[k] else { continue }
                durations.extracting(segments[k].lanes).update(repeating: ends.duration)
            }
        }
        segmentDepth.withUnsafeMutableBufferPointer { $0.update(repeating: p + 1) }
        if kernel != nil {
            kernel!.appendColumns(3)
            _ = kernel!.narrow(layer.offsets, into: KernelColumn.offsets(p))
            _ = kernel!.narrow(layer.to, into: KernelColumn.to(p))
        }
        layer.start = time
        planes.append(layer)
        lastTransition = time
        spare.delays = delays
    }

    /// Drops the layers above plane 0 and gives back the base figures ``layeredBase``
    /// recorded, starting the named motion it holds again at `time`: the motion that
    /// transition had, but for its start. O(lanes rewritten) plus a byte a lane.
    mutating func takeBackLayeredBase(at time: Double) {
        var base = LayeredBase()
        swap(&base, &layeredBase)
        while planes.count > 1 { layerPool.append(planes.removeLast()) }
        let narrows = kernel != nil
        var store = kernel ?? LaneStore(columns: 0, lanes: 0)
        kernel = nil
        store.withMutableColumns { columns in
            Self.withPointers(to: &planes) { planes in
                // Latest first: a lane recorded twice ends with its first figures.
                for k in base.lanes.indices.reversed() {
                    let lane = base.lanes[k]
                    planes[0].from[lane] = base.from[k]
                    planes[0].to[lane] = base.to[k]
                    if narrows {
                        columns[KernelColumn.from(0)][lane] = Float(base.from[k])
                        columns[KernelColumn.to(0)][lane] = Float(base.to[k])
                    }
                }
            }
        }
        if narrows { kernel = store }
        kernel?.setColumnCount(KernelColumn.count(planes: 1))
        depth.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
        segmentDepth.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
        start = time
        lastTransition = time
        motionName = base.name
        // Its buffers back, for the next record.
        base.removeAll()
        base.name = nil
        layeredBase = base
    }

    /// A plane of `lanes` lanes for a new layer: one the pool keeps, else a fresh one.
    /// Every element is the caller's to write.
    private mutating func takeLayerPlane(lanes: Int) -> Plane {
        while let plane = layerPool.popLast() {
            if plane.to.count == lanes { return plane }
        }
        return Plane(count: lanes)
    }

    /// `sums[lane]` = the sum of every plane's target for the lane, in plane order.
    private func sumTargets(into sums: inout [Double]) {
        sums.withUnsafeMutableBufferPointer { sums in
            _ = planes[0].to.withUnsafeBufferPointer { sums.update(fromContentsOf: $0) }
            for q in 1..<planes.count {
                planes[q].to.withUnsafeBufferPointer { to in
                    for lane in sums.indices { sums[lane] += to[lane] }
                }
            }
        }
    }

    /// The checks and figures of ``addLayer(at:targets:delays:carried:)``, into `layer`
    /// (whose `to` holds each lane's sum of targets): a carried lane's layer from 0 at
    /// once to what is left; for a lane that carries nothing on, its value in `from`
    /// (for ``rewriteResting(_:carried:at:recording:)``, which empties it) and its change
    /// after its delay.
    private func fillLayer(
        _ layer: inout Plane, at time: Double, targets: Targets, delays: [Double], carried: [Int]
    ) throws(LaneFailure) {
        let narrows = kernel != nil
        func fits(_ value: Double, lane: Int, _ what: LaneQuantity) throws(LaneFailure) {
            if narrows, !Float(value).isFinite { throw .exceedsFloat32(lane: lane, what, value: value) }
        }
        try layer.offsets.withUnsafeMutableBufferPointer { (offsets) throws(LaneFailure) in
            try layer.from.withUnsafeMutableBufferPointer { (from) throws(LaneFailure) in
                try layer.to.withUnsafeMutableBufferPointer { (to) throws(LaneFailure) in
                    for k in segments.indices {
                        for lane in segments[k].lanes {
                            let target = targets[lane]
                            if carried[lane] >= 0 {
                                let reached = to[lane], span = target - reached
                                if !span.isFinite {
                                    // In the order the rewrite checks them (carriedLayers).
                                    try requireFinite(target, lane: lane, .target)
                                    try requireFinite(reached, lane: lane, .target)
                                    try requireFinite(span, lane: lane, .span)
                                }
                                try fits(span, lane: lane, .target)
                                offsets[lane] = 0
                                from[lane] = 0
                                to[lane] = span
                            } else {
                                let value = reference(lane: lane, at: time, segment: k).value
                                let delay = delays[lane], span = target - value
                                if !(span.isFinite && delay.isFinite) {
                                    try requireFinite(value, lane: lane, .value)
                                    try requireFinite(target, lane: lane, .target)
                                    try requireFinite(span, lane: lane, .span)
                                    try requireFinite(delay, lane: lane, .delay)
                                }
                                try fits(value, lane: lane, .value)
                                try fits(span, lane: lane, .target)
                                try fits(delay, lane: lane, .delay)
                                offsets[lane] = delay
                                from[lane] = value
                                to[lane] = span
                            }
                        }
                    }
                }
            }
        }
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
    private mutating func rewriteResting(_ layer: inout Plane, carried: [Int], recording base: inout LayeredBase) {
        let p = planes.count
        let recording = base.name != nil
        var store = kernel ?? LaneStore(columns: 0, lanes: 0)
        let narrows = kernel != nil
        kernel = nil
        defer { if narrows { kernel = store } }
        carried.withUnsafeBufferPointer { carried in
            layer.from.withUnsafeMutableBufferPointer { values in
                store.withMutableColumns { columns in
                    Self.withPointers(to: &planes) { planes in
                        for lane in 0..<values.count where carried[lane] < 0 {
                            let value = values[lane]
                            values[lane] = 0
                            let from = planes[0].from[lane], to = planes[0].to[lane]
                            if from != value || to != value {
                                if recording {
                                    base.lanes.append(lane)
                                    base.from.append(from)
                                    base.to.append(to)
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
}

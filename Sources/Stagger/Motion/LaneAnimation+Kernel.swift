/// The float32 side of a lane animation: the kernel passes of its segments, the float32
/// copies of its motions (each value checked to fit), and the one sampling pass.
extension LaneAnimation {
    /// Each segment's kernel pass.
    ///
    /// - Throws: ``LaneFailure/kernel(_:)`` for a curve the kernel cannot run.
    static func kernelPasses(_ segments: [Segment]) throws(LaneFailure) -> [KernelPass] {
        var passes: [KernelPass] = []
        for segment in segments {
            do { passes.append(try KernelPass(curve: segment.curve)) } catch { throw .kernel(error) }
        }
        return passes
    }

    /// The float32 copies of a motion, each value checked to fit.
    static func kernelLanes(planes: [Plane], velocity: [Double]) throws(LaneFailure) -> LaneStore {
        var none = Spare()
        return try kernelLanes(planes: planes, velocity: velocity, reusing: &none)
    }

    /// The same, written into `spare`'s store when it has the lanes and room for the
    /// columns (every column is written: a reused store needs no clearing).
    static func kernelLanes(
        planes: [Plane], velocity: [Double], reusing spare: inout Spare
    ) throws(LaneFailure) -> LaneStore {
        let columns = KernelColumn.count(planes: planes.count)
        var store: LaneStore
        if var reused = spare.kernel, reused.laneCount == velocity.count, reused.hasRoom(forColumns: columns) {
            spare.kernel = nil
            reused.setColumnCount(columns)
            store = reused
        } else {
            // Room for every plane: a transition that adds a layer then appends its
            // columns in place.
            store = LaneStore(
                columns: columns, lanes: velocity.count, reserving: KernelColumn.count(planes: maximumLayers))
        }
        for p in planes.indices {
            try narrow(planes[p].offsets, .delay, into: KernelColumn.offsets(p), of: &store)
            // The kernel computes to − from in float32: it must not overflow either. Both
            // ends and the span in one pass; only when something does not fit, the
            // checks one at a time, for the first failure in the order stated.
            if !store.narrowEnds(
                from: planes[p].from, to: planes[p].to, into: KernelColumn.from(p), KernelColumn.to(p))
            {
                try narrow(planes[p].from, .value, into: KernelColumn.from(p), of: &store)
                try narrow(planes[p].to, .target, into: KernelColumn.to(p), of: &store)
                if let lane = store.firstOverflowingSpan(from: KernelColumn.from(p), to: KernelColumn.to(p)) {
                    throw .exceedsFloat32(lane: lane, .span, value: planes[p].to[lane] - planes[p].from[lane])
                }
            }
        }
        try narrow(velocity, .velocity, into: KernelColumn.velocity, of: &store)
        return store
    }

    /// Writes `values` into `column` of `store` in float32.
    ///
    /// - Throws: ``LaneFailure/exceedsFloat32(lane:_:value:)`` (as `what`) for the first
    ///   value float32 cannot hold.
    private static func narrow(
        _ values: [Double], _ what: LaneQuantity, into column: Int, of store: inout LaneStore
    ) throws(LaneFailure) {
        // A function of its own, not one nested in the caller: capturing the store
        // boxed it, an allocation per transition in a debug build.
        if let lane = store.narrow(values, into: column) {
            throw .exceedsFloat32(lane: lane, what, value: values[lane])
        }
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
        try kernel.withColumns { (columns) throws(KernelPass.Failure) in
            // Indices, not `for segment in segments where ...`: that form allocated once
            // per segment per frame (measured by AllocationTests), this one does not.
            for index in segments.indices where !segments[index].lanes.isEmpty {
                let segment = segments[index]
                let lower = segment.lanes.lowerBound
                let pass = override ?? passes[index]
                try Self.withTracks(tracks, from: lower) { (tracks) throws(KernelPass.Failure) in
                    // The additive layers: planes 1 ..< the segment's depth, on the stack.
                    let layerCount = segmentDepth[index] - 1
                    try withUnsafeTemporaryAllocation(of: KernelPass.Layer.self, capacity: Self.maximumLayers) {
                        (layers) throws(KernelPass.Failure) in
                        for p in 1..<layerCount + 1 {
                            layers.initializeElement(
                                at: p - 1,
                                to: KernelPass.Layer(
                                    offsets: columns[KernelColumn.offsets(p)] + lower,
                                    to: columns[KernelColumn.to(p)] + lower,
                                    // Its own start only where it differs: the same call otherwise.
                                    time: planes[p].start == start ? nil : planes[p].start))
                        }
                        let lanes = KernelPass.Lanes.items(
                            offsets: columns[KernelColumn.offsets(0)] + lower,
                            from: columns[KernelColumn.from(0)] + lower,
                            to: columns[KernelColumn.to(0)] + lower, velocity: columns[KernelColumn.velocity] + lower,
                            layers: UnsafeBufferPointer(rebasing: layers[0..<layerCount]))
                        try pass.sample(
                            at: time, start: start, lanes: lanes, count: segment.lanes.count, tracks: tracks,
                            values: values.map { $0 + lower }, velocities: velocities.map { $0 + lower },
                            chunks: chunks, backend: backend)
                    }
                }
            }
        }
    }

    /// `body` given `tracks` with every output moved on by `lower` lanes (on the stack:
    /// no allocation), or `tracks` themselves when there is nothing to move.
    static func withTracks<E: Error>(
        _ tracks: UnsafeBufferPointer<KernelPass.Track>, from lower: Int,
        _ body: (UnsafeBufferPointer<KernelPass.Track>) throws(E) -> Void
    ) throws(E) {
        guard lower != 0, !tracks.isEmpty else { return try body(tracks) }
        try withUnsafeTemporaryAllocation(of: KernelPass.Track.self, capacity: tracks.count) {
            (moved) throws(E) in
            for k in tracks.indices {
                moved.initializeElement(
                    at: k,
                    to: KernelPass.Track(
                        from: tracks[k].from, to: tracks[k].to, output: tracks[k].output + lower, range: tracks[k].range
                    ))
            }
            try body(UnsafeBufferPointer(moved))
        }
    }
}

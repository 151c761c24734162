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
    static func kernelLanes(
        planes: [Plane], velocity: [Double]
    ) throws(LaneFailure) -> KernelLanes {
        var none = Spare()
        return try kernelLanes(planes: planes, velocity: velocity, reusing: &none)
    }

    /// The same, written into `spare`'s float32 buffers where they fit.
    static func kernelLanes(
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
    static func withLayers<E: Error>(
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

/// When lanes move and come to rest: their ends, whether they move at a time, where
/// they go.
extension LaneAnimation {
    /// When every lane is at rest, seconds on the caller's clock (a lane's latest
    /// motion ends last: earlier ones started before it with the same duration).
    var settleTime: Double {
        var latest = start
        _ = forEachBlockOfEnds { ends in
            latest = Self.latest(of: ends, after: latest)
            return true
        }
        return latest
    }

    /// Whether every lane is at rest at `time`: `time >= settleTime`, found a block of
    /// lanes at a time up to the first block with a lane still moving (a tap mid-flight
    /// learns it at once).
    func isAtRest(at time: Double) -> Bool {
        guard time >= start else { return false }
        return forEachBlockOfEnds { ends in Self.latest(of: ends, after: -.infinity) <= time }
    }

    /// The latest of `initial` and `values`, four running maximums side by side: one
    /// waited on the one before at every value, which made a whole group's settle time
    /// cost more than its lanes' ends (a frame loop asks for it every frame).
    static func latest(of values: UnsafeBufferPointer<Double>, after initial: Double) -> Double {
        var a = initial, b = initial, c = initial, d = initial
        var i = 0
        while i + 4 <= values.count {
            a = Swift.max(a, values[i])
            b = Swift.max(b, values[i + 1])
            c = Swift.max(c, values[i + 2])
            d = Swift.max(d, values[i + 3])
            i += 4
        }
        while i < values.count {
            a = Swift.max(a, values[i])
            i += 1
        }
        return Swift.max(Swift.max(a, b), Swift.max(c, d))
    }

    /// Calls `body` with every lane's ``end(ofLane:)`` (each at least ``start``), a
    /// block of lanes at a time in lane order, in a buffer on the stack, until it
    /// returns false; returns whether it never did. Nothing allocated.
    private func forEachBlockOfEnds(_ body: (UnsafeBufferPointer<Double>) -> Bool) -> Bool {
        // 64 lanes: the vectorised loop's trip count, 512 bytes of stack.
        let block = 64
        return withEnds { ends in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: block) { buffer in
                let out = buffer.baseAddress!
                for first in stride(from: 0, to: laneCount, by: block) {
                    let count = Swift.min(block, laneCount - first)
                    out.initialize(repeating: start, count: count)
                    ends.latest(from: first, count: count, into: out)
                    guard body(UnsafeBufferPointer(start: out, count: count)) else { return false }
                }
                return true
            }
        }
    }

    /// Each column's settle time into `ends` (`ends.count` columns; lane-major: lane
    /// r · columns + c is column c's lane in row r): the latest of ``start`` and its
    /// lanes' ``end(ofLane:)``. A row at a time in memory order (a tap's pass over a
    /// whole group). Returns the latest of them (``settleTime``). `laneCount` must be a
    /// multiple of `ends.count`; nothing allocated.
    @discardableResult
    func columnSettleTimes(into ends: UnsafeMutableBufferPointer<Double>) -> Double {
        columnSettleTimes(columns: ends.count, from: 0, into: ends)
        return Self.latest(of: UnsafeBufferPointer(ends), after: start)
    }

    /// The settle times of columns `first..<first + ends.count` of rows `columns` lanes
    /// wide, into `ends`: as ``columnSettleTimes(into:)``, for a block of the columns
    /// (a caller with a buffer on the stack goes through them a block at a time).
    /// `laneCount` must be a multiple of `columns`, and the block within a row.
    func columnSettleTimes(columns: Int, from first: Int, into ends: UnsafeMutableBufferPointer<Double>) {
        precondition(
            columns > 0 && laneCount % columns == 0 && first >= 0 && first + ends.count <= columns,
            "columns \(first)..<\(first + ends.count) of \(columns) over \(laneCount) lanes")
        guard let out = ends.baseAddress else { return }
        out.initialize(repeating: start, count: ends.count)
        withEnds { lanes in
            for row in 0..<laneCount / columns {
                lanes.latest(from: row * columns + first, count: ends.count, into: out)
            }
        }
    }

    /// Every lane's ``end(ofLane:)``, read through pointers a block of lanes at a time
    /// (``latest(from:count:into:)``): for passes over every lane, where a call per lane
    /// read the planes' array (and retained its buffers) each time.
    struct Ends {
        fileprivate let depth: UnsafePointer<UInt8>
        fileprivate let durations: UnsafePointer<Double>
        fileprivate let offsets: UnsafePointer<UnsafePointer<Double>>
        /// Every plane's ``Plane/start``.
        fileprivate let starts: UnsafePointer<Double>
        /// How many planes `offsets` and `starts` hold, 1 to ``LaneAnimation/maximumLayers``.
        fileprivate let planeCount: Int

        /// Keeps in `out[i]` the later of itself and lane `first + i`'s end, for `count`
        /// lanes: the sums of ``LaneAnimation/end(ofLane:)`` in its order, so bit for
        /// bit, but each lane's begin chosen from every plane's without a branch (a
        /// select per plane, not a pointer loaded per lane), which the compiler
        /// vectorises. One and two planes (most groups) have loops of their own that load
        /// only their planes' offsets; the general loop gives them the same bits.
        func latest(from first: Int, count: Int, into out: UnsafeMutablePointer<Double>) {
            let durations = durations + first, depth = depth + first
            let start0 = starts[0], offsets0 = offsets[0] + first
            if planeCount == 1 {
                for i in 0..<count { out[i] = Swift.max(out[i], (start0 + offsets0[i]) + durations[i]) }
                return
            }
            if planeCount == 2 {
                let start1 = starts[1], offsets1 = offsets[1] + first
                for i in 0..<count {
                    let begin0 = start0 + offsets0[i], begin1 = start1 + offsets1[i]
                    out[i] = Swift.max(out[i], (depth[i] >= 2 ? begin1 : begin0) + durations[i])
                }
                return
            }
            // Up to four planes (``LaneAnimation/maximumLayers``); a plane past the last
            // is given plane 0's figures, which no lane's depth selects.
            assert(planeCount <= 4 && LaneAnimation.maximumLayers == 4)
            func plane(_ p: Int) -> (start: Double, offsets: UnsafePointer<Double>) {
                p < planeCount ? (starts[p], offsets[p] + first) : (start0, offsets0)
            }
            let (start1, offsets1) = plane(1), (start2, offsets2) = plane(2), (start3, offsets3) = plane(3)
            for i in 0..<count {
                // Every plane's begin first: a select of values (a ternary's operands
                // are evaluated lazily, a load under a branch, which stays scalar).
                let planes = depth[i]
                let begin0 = start0 + offsets0[i], begin1 = start1 + offsets1[i]
                let begin2 = start2 + offsets2[i], begin3 = start3 + offsets3[i]
                var begin = planes >= 2 ? begin1 : begin0
                begin = planes >= 3 ? begin2 : begin
                begin = planes >= 4 ? begin3 : begin
                out[i] = Swift.max(out[i], begin + durations[i])
            }
        }
    }

    /// `body` given the lanes' ends (valid for the call; nothing allocated).
    func withEnds<R>(_ body: (Ends) -> R) -> R {
        withPlaneColumns(\.offsets) { offsets in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.maximumLayers) { starts in
                for p in planes.indices { starts[p] = planes[p].start }
                return depth.withUnsafeBufferPointer { depth in
                    durations.withUnsafeBufferPointer { durations in
                        // An engine of no lanes has no buffers, and nothing reads
                        // through its pointers: any address stands for them.
                        let none = UnsafePointer(starts.baseAddress!)
                        return body(
                            Ends(
                                depth: depth.baseAddress ?? UnsafePointer(OpaquePointer(none)),
                                durations: durations.baseAddress ?? none, offsets: offsets,
                                starts: none, planeCount: planes.count))
                    }
                }
            }
        }
    }

    /// Whether lane `lane` has started and is not yet at rest at `time`: its latest
    /// motion, or an earlier one still running under it. A motion that a transition
    /// started at this very instant with no delay counts as moving (unless it goes
    /// nowhere): a second change at the same timestamp (a tap that moves a row and hides
    /// the list) then carries it on with its velocity, as it would a moment later,
    /// instead of stopping it to wait for a new delay.
    func isMoving(lane: Int, at time: Double) -> Bool {
        let elapsed = self.elapsed(lane: lane, plane: Int(depth[lane]) - 1, at: time)
        if elapsed > 0 && elapsed < durations[lane] { return true }
        if elapsed == 0, time == lastTransition, durations[lane] > 0, !goesNowhere(lane: lane) { return true }
        // An earlier motion that goes nowhere (a layer that holds none of this lane's
        // motions, a base that holds it still under a layer) moves nothing.
        for p in 0..<Int(depth[lane]) - 1 where planes[p].from[lane] != planes[p].to[lane] {
            let earlier = self.elapsed(lane: lane, plane: p, at: time)
            if earlier > 0 && earlier < durations[lane] { return true }
        }
        return false
    }

    /// Lane l's final target: its base motion's plus every additive layer's change.
    func target(ofLane lane: Int) -> Double {
        var target = 0.0
        for p in 0..<Int(depth[lane]) { target += planes[p].to[lane] }
        return target
    }

    /// Whether lane `lane` has nowhere to go: from rest, every motion from a value to the
    /// same value (a list's item that is hidden and stays hidden; after a transition
    /// that added a layer, one held at its value with a change of 0).
    func goesNowhere(lane: Int) -> Bool {
        guard velocity[lane] == 0 else { return false }
        for p in 0..<Int(depth[lane]) where planes[p].from[lane] != planes[p].to[lane] { return false }
        return true
    }

    /// Whether lane `lane`'s latest motion is all it does: the motions under it (if
    /// any) go nowhere, as under a layer that a lane waiting for its delay was given.
    func hasOneMotion(lane: Int) -> Bool {
        for p in 0..<Int(depth[lane]) - 1 where planes[p].from[lane] != planes[p].to[lane] { return false }
        return true
    }

    /// When lane `lane`'s latest motion ends, seconds on the caller's clock (its
    /// earlier motions, started before it with the same duration, end before it).
    func end(ofLane lane: Int) -> Double {
        let newest = Int(depth[lane]) - 1
        return planes[newest].start + planes[newest].offsets[lane] + durations[lane]
    }
}

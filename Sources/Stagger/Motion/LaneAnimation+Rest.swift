/// When lanes move and come to rest: their ends, whether they move at a time, where
/// they go.
extension LaneAnimation {
    /// When every lane is at rest, seconds on the caller's clock (a lane's latest
    /// motion ends last: earlier ones started before it with the same duration).
    var settleTime: Double {
        withEnds { ends in
            var latest = start
            for lane in 0..<laneCount { latest = Swift.max(latest, ends[lane]) }
            return latest
        }
    }

    /// Whether every lane is at rest at `time`: `time >= settleTime`, found lane by lane
    /// up to the first one still moving (a tap mid-flight learns it at once).
    func isAtRest(at time: Double) -> Bool {
        guard time >= start else { return false }
        return withEnds { ends in
            for lane in 0..<laneCount where ends[lane] > time { return false }
            return true
        }
    }

    /// Every lane's ``end(ofLane:)``, read through pointers: for passes over every lane,
    /// where a call per lane read the planes' array (and retained its buffers) each time.
    struct Ends {
        fileprivate let depth: UnsafePointer<UInt8>
        fileprivate let durations: UnsafePointer<Double>
        fileprivate let offsets: UnsafePointer<UnsafePointer<Double>>
        fileprivate let starts: UnsafePointer<Double>

        subscript(lane: Int) -> Double {
            let newest = Int(depth[lane]) - 1
            return starts[newest] + offsets[newest][lane] + durations[lane]
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
                                starts: none))
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

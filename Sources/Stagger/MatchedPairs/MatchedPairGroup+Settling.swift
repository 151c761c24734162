// When pairs come to rest: the group's settle times, per-pair completion, and the rests a
// transition replaces (kept so that a frame after a tap still hears of them).

extension MatchedPairGroup {
    /// When every pair is at rest (springs: past their settling durations), seconds.
    public var settleTime: Double { storage.engine.settleTime }

    /// When pair `index` comes to rest, seconds on the caller's clock: the end of the
    /// latest of its lanes' motions (−∞ before the first transition). The latest of
    /// them is ``settleTime``. O(lanes per pair).
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` for an index outside the pairs.
    public func settleTime(ofPair index: Int) throws(AnimatableError) -> Double {
        guard pairs.indices.contains(index) else { throw .unknownElement("pair \(index)") }
        return Self.settleTime(ofPair: index, in: storage.engine, pairCount: pairs.count)
    }

    /// The pairs that come to rest in (`after`, `through`], with their times, in time
    /// order (ties by index): per-pair completion for a frame loop, which asks for the
    /// interval since its previous frame. Every pair that comes to rest is listed,
    /// whatever transitions come between two frames: a pair that settled before a later
    /// transition replaced its motion is listed at that time too (of such earlier rests
    /// the group keeps each pair's latest). ``FrameDriver`` reports the same as
    /// ``FrameDriver/Event/pairSettled(_:pair:at:)`` events. O(lanes).
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a NaN bound.
    public func pairsSettling(after: Double, through: Double) throws(AnimatableError) -> [(index: Int, time: Double)] {
        guard !after.isNaN else { throw .invalidTime(after) }
        guard !through.isNaN else { throw .invalidTime(through) }
        var settling: [(index: Int, time: Double)] = []
        forEachPairSettling(after: after, through: through) { settling.append(($0, $1)) }
        return settling.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
    }

    /// Calls `body` with each pair that comes to rest in (`after`, `through`] and its
    /// time, in pair order: in the motion in flight and, with `includingEarlier`, the
    /// rests of replaced motions. No check of the bounds; allocates nothing. Returns
    /// ``settleTime`` when it found every pair's settle time on the way (the latest of
    /// them), which a frame loop then need not find again; `nil` when it did not.
    @discardableResult
    func forEachPairSettling(
        after: Double, through: Double, includingEarlier: Bool = true, _ body: (_ pair: Int, _ time: Double) -> Void
    ) -> Double? {
        if includingEarlier {
            // Read once (a read through the storage is an exclusivity check); not
            // enumerated(), which allocates per element unspecialised (debug builds).
            let earlierRests = self.earlierRests
            for pair in earlierRests.indices where earlierRests[pair] > after && earlierRests[pair] <= through {
                body(pair, earlierRests[pair])
            }
        }
        let since = lastTransition
        // No lane ends before the earliest end: a frame before it has nothing to hear.
        guard since.isFinite, through > since, through >= storage.engine.earliestEnd, !pairs.isEmpty else {
            return nil
        }
        return Self.forEachSettleTime(of: engine, pairCount: pairs.count) { pair, time in
            if time > after, time <= through, time > since { body(pair, time) }
        }
    }

    /// Calls `body` with each pair of `engine`'s lanes and its settle time, in pair order:
    /// a block of pairs at a time, row by row (pair by pair strided across every row,
    /// each lane's plane read through the planes' array, cost a frame loop that asks
    /// every frame several frames' worth). Returns the latest of them and the engine's
    /// start: the engine's ``LaneAnimation/settleTime``.
    private static func forEachSettleTime(
        of engine: LaneAnimation, pairCount n: Int, _ body: (_ pair: Int, _ time: Double) -> Void
    ) -> Double {
        // 64 pairs: 512 bytes of stack.
        let block = 64
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: block) { buffer in
            var latest = engine.start
            for first in stride(from: 0, to: n, by: block) {
                let times = UnsafeMutableBufferPointer(rebasing: buffer[0..<Swift.min(block, n - first)])
                engine.columnSettleTimes(columns: n, from: first, into: times)
                for j in times.indices { body(first + j, times[j]) }
                latest = LaneAnimation.latest(of: UnsafeBufferPointer(times), after: latest)
            }
            return latest
        }
    }

    /// ``earlierRests`` with the pairs of the motion in flight that come to rest at or
    /// before `time` (what a transition then replaces after they settled): the pairs
    /// ``forEachPairSettling(after:through:includingEarlier:_:)`` lists from the last
    /// transition on, found from every pair's settle time at once (a tap's pass over the
    /// lanes in memory order, where pair by pair strides across every row); `nil` when
    /// none has settled since (``earlierRests`` stands as it is). With them, whether
    /// every lane is at rest at `time`, when the pass found it, which the tap then need
    /// not find again; `nil` when no pass ran (no transition yet, a tap at the last
    /// transition's time or before the earliest end, no pairs).
    ///
    /// Written into ``restBuffer``, taken out: the caller keeps the result with
    /// ``keepRests(_:)`` once its transition has succeeded, so that a tap allocates none.
    mutating func newRests(before time: Double) -> (rests: [Double]?, isAtRest: Bool?) {
        // Nothing has come to rest before the earliest end (a tap mid-flight): no pass.
        guard lastTransition.isFinite, time > lastTransition, time >= engine.earliestEnd, !pairs.isEmpty else {
            return (nil, nil)
        }
        let n = pairs.count
        makeUnique()
        var rests = LaneAnimation.Spare.reused(&storage.restBuffer, count: n)
        let (settled, settleTime) = Self.newRests(&rests, of: engine, earlier: earlierRests, before: time)
        let isAtRest = time >= settleTime
        guard settled else {
            storage.restBuffer = rests
            return (nil, isAtRest)
        }
        return (rests, isAtRest)
    }

    /// ``newRests(before:)``'s pass, into `rests` (one per pair): whether any pair of
    /// `engine` settled after its last transition and at or before `time`, and the
    /// engine's settle time. (The engine and the earlier rests as arguments: read once,
    /// not through the storage per lane.)
    private static func newRests(
        _ rests: inout [Double], of engine: LaneAnimation, earlier earlierRests: [Double], before time: Double
    ) -> (settled: Bool, settleTime: Double) {
        let n = rests.count, since = engine.lastTransition
        return rests.withUnsafeMutableBufferPointer { rests in
            // Every pair's settle time, row by row (lane-major: lane l · n + pair).
            let settleTime = engine.columnSettleTimes(into: rests)
            var settled = false
            for pair in 0..<n {
                if rests[pair] > since && rests[pair] <= time {
                    settled = true
                } else {
                    rests[pair] = earlierRests.isEmpty ? -.infinity : earlierRests[pair]
                }
            }
            return (settled, settleTime)
        }
    }

    /// Makes `rests` (from ``newRests(before:)``) the earlier rests, the ones they
    /// replace the buffer of the next.
    mutating func keepRests(_ rests: [Double]?) {
        guard let rests else { return }
        makeUnique()
        storage.restBuffer = storage.earlierRests
        storage.earlierRests = rests
    }

    /// The end of pair `pair`'s latest lane motion in `engine` (lane-major: lane
    /// l · n + pair).
    private static func settleTime(ofPair pair: Int, in engine: LaneAnimation, pairCount n: Int) -> Double {
        guard engine.lastTransition.isFinite else { return engine.lastTransition }
        // A block of one column: the figures of every other pass over the pairs.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 1) { time in
            engine.columnSettleTimes(columns: n, from: pair, into: time)
            return time[0]
        }
    }
}

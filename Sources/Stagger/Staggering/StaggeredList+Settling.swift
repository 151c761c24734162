// When items come to rest: per-item settle times and completion, with the rests a
// transition replaces (kept in `earlierRests` so that a frame after a tap still hears of
// them).

extension StaggeredList {
    /// When item `index` comes to rest, on the caller's clock: the end of its motion in
    /// the last transition (its delay, as the kernel samples it, plus the curve's
    /// duration; for an item whose spring was interrupted or released, the settling
    /// duration of that motion: within 0.001 of its span from then on), or the
    /// transition's own time for an item with nowhere to go then. The latest of them is
    /// ``isComplete(at:)``'s threshold. O(count).
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``; the config's errors.
    public func settleTime(ofItem index: Int) throws(StaggerError) -> Double {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        var settle = start
        var scratch: [Float] = []
        try forEachItemSettling(after: -.infinity, through: .infinity, scratch: &scratch, includingEarlier: false) {
            if $0 == index { settle = $1 }
        }
        return settle
    }

    /// The items that come to rest in (`after`, `through`], with their times, in time
    /// order (ties by index): per-item completion for a frame loop, which asks for the
    /// interval since its previous frame. Items with nowhere to go are not listed.
    /// Every item that comes to rest is listed, whatever transitions come between two
    /// frames: an item that settled before a later transition replaced its motion (a
    /// tap between frames) is listed at that time too; of such earlier rests the list
    /// keeps each item's latest. ``FrameDriver`` reports the same as
    /// ``FrameDriver/Event/itemSettled(_:item:at:)`` events. O(count).
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a NaN bound; the config's errors.
    public func itemsSettling(after: Double, through: Double) throws(StaggerError) -> [(index: Int, time: Double)] {
        guard !after.isNaN else { throw .invalidTime(after) }
        guard !through.isNaN else { throw .invalidTime(through) }
        var settling: [(index: Int, time: Double)] = []
        var scratch: [Float] = []
        try forEachItemSettling(after: after, through: through, scratch: &scratch) { settling.append(($0, $1)) }
        return settling.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
    }

    /// Calls `body` with each item that comes to rest in (`after`, `through`] and its
    /// time, in index order: in the motion in flight and, with `includingEarlier`, in
    /// ``earlierRests``. `scratch` holds a closed form's delays (reused, so that a frame
    /// loop allocates nothing once it has grown). No check of the bounds.
    func forEachItemSettling(
        after: Double, through: Double, scratch: inout [Float], includingEarlier: Bool = true,
        _ body: (_ index: Int, _ time: Double) -> Void
    ) throws(StaggerError) {
        // Index loops, not enumerated(): unspecialised in a debug build, enumerated()
        // allocated once per element (seen with the allocation counter).
        if includingEarlier {
            for index in earlierRests.indices where earlierRests[index] > after && earlierRests[index] <= through {
                body(index, earlierRests[index])
            }
            if let settled = settledMotion {
                try Self.forEachRest(
                    of: settled.motion, start: settled.start, count: count, after: after, through: through,
                    scratch: &scratch, body)
            }
        }
        // Nothing of the motion in flight comes to rest outside (start, settleTime].
        guard through > start, after < settleTime else { return }
        switch motion.source {
        case .closedForm, .delays:
            try Self.forEachRest(
                of: motion, start: start, count: count, after: after, through: through, scratch: &scratch, body)
        case .interrupted(let interrupted):
            // Only rests after the last interruption (`start`): the transition recorded
            // the earlier ones, from the same float32 figures (no rounding to settle).
            interrupted.forEachRest(after: after, through: through, body)
        case .springs(let springs):
            // Rests at or after the last interruption (`start`): the transition recorded
            // the earlier ones, from the same float32 figures.
            springs.forEachRest(after: after, through: through, body)
        case .lanes(let engine):
            let duration = motion.curve.duration
            // A lane that came to rest before the last transition had nowhere to go in
            // it. One that ends at that very instant did, unless the transition recorded
            // its rest: a uniform motion's rests are found from its float32 delays, its
            // lanes from the reference's, and the two can fall either side of the tap
            // by a rounding (2⁻²² of the time), so the record decides.
            let tie = 0x1p-22 * (abs(start) + duration)
            for lane in 0..<count where !engine.goesNowhere(lane: lane) {
                let time = engine.end(ofLane: lane)
                guard time > after, time <= through else { continue }
                if time > start
                    || (time == start && (earlierRests.isEmpty || earlierRests[lane] < start - tie))
                {
                    body(lane, time)
                }
            }
        }
    }

    /// Calls `body` with each item of a uniform `motion` of `count` items started at
    /// `start` that comes to rest in (`after`, `through`], in index order: its delay
    /// (float32, as the kernel samples it) plus the curve's duration; nothing when it
    /// moves nothing, or for a lane animation (whose lanes have ends of their own).
    static func forEachRest(
        of motion: Motion, start: Double, count: Int, after: Double, through: Double, scratch: inout [Float],
        _ body: (_ index: Int, _ time: Double) -> Void
    ) throws(StaggerError) {
        // None of it comes to rest outside (start, start + its settling].
        guard through > start, after < start + motion.settlingOffset else { return }
        let duration = motion.curve.duration
        switch motion.source {
        case .closedForm(let from, let to, let order):
            guard from != to else { return }
            if scratch.count != count { scratch = [Float](repeating: 0, count: count) }
            try scratch.withUnsafeMutableBufferPointer { (delays) throws(StaggerError) in
                try order.delays(count: count, into: delays)
                forEachRest(
                    delays: UnsafeBufferPointer(delays), start: start, duration: duration, after: after,
                    through: through, body)
            }
        case .delays(let from, let to, let delays):
            guard from != to else { return }
            delays.withUnsafeBufferPointer {
                forEachRest(delays: $0, start: start, duration: duration, after: after, through: through, body)
            }
        case .lanes, .interrupted, .springs:
            return
        }
    }

    /// Calls `body` with each item of a uniform motion that moves (item i starting
    /// `delays[i]` seconds after `start`, float32 as the kernel samples it, for
    /// `duration` seconds) and comes to rest in (`after`, `through`], in index order.
    static func forEachRest(
        delays: UnsafeBufferPointer<Float>, start: Double, duration: Double, after: Double, through: Double,
        _ body: (_ index: Int, _ time: Double) -> Void
    ) {
        guard let first = delays.baseAddress else { return }
        // None before the least delay's end (a tap mid-flight learns it in one vector pass).
        guard start + Double(DelayColumn.least(of: first, count: delays.count)) + duration <= through
        else { return }
        for index in delays.indices {
            let time = start + Double(delays[index]) + duration
            if time > after, time <= through { body(index, time) }
        }
    }

    /// The items of the motion in flight that come to rest at or before `time`, with
    /// their times: what a transition at `time` replaces after they settled.
    func restsBefore(_ time: Double) throws(StaggerError) -> [(index: Int, time: Double)] {
        var rests: [(index: Int, time: Double)] = []
        var scratch: [Float] = []
        try forEachItemSettling(after: -.infinity, through: time, scratch: &scratch, includingEarlier: false) {
            rests.append(($0, $1))
        }
        return rests
    }

    /// Keeps `rests` (from ``restsBefore(_:)``) in ``earlierRests``, after the
    /// ``settledMotion``'s (the older rests).
    mutating func record(_ rests: [(index: Int, time: Double)]) throws(StaggerError) {
        guard !rests.isEmpty else { return }
        try materializeSettledMotion()
        if earlierRests.count != count { earlierRests = [Double](repeating: -.infinity, count: count) }
        for (index, time) in rests { earlierRests[index] = time }
    }

    /// Writes the ``settledMotion``'s rests into ``earlierRests`` (one time per item),
    /// before a change that records rests of its own or changes the item count.
    /// O(count) once; nothing when there is none.
    mutating func materializeSettledMotion() throws(StaggerError) {
        guard let settled = settledMotion else { return }
        var rests = [Double](repeating: -.infinity, count: count)
        var scratch: [Float] = []
        try Self.forEachRest(
            of: settled.motion, start: settled.start, count: count, after: -.infinity, through: .infinity,
            scratch: &scratch
        ) { rests[$0] = $1 }
        earlierRests = rests
        settledMotion = nil
    }

    /// The common appearance of every item when all are at rest at the same value at
    /// `time` (all finished, or none started), else `nil`. When it finds the delays of
    /// a uniform source to answer, it leaves them in `delays` for ``lanes(delays:)``.
    func uniformRestValue(at time: Double, delays: inout [Double]?) throws(StaggerError) -> Float? {
        if count == 0 { return 0 }
        switch motion.source {
        case .closedForm(let from, let to, _), .delays(let from, let to, _):
            if time >= settleTime { return to }
            if from == to { return to }
            let found = try uniformDelays()
            delays = found
            return found.allSatisfy({ time - start - $0 <= 0 }) ? from : nil
        case .lanes(let engine):
            guard time >= settleTime else { return nil }
            let first = engine.target(ofLane: 0)
            for lane in 1..<count where engine.target(ofLane: lane) != first { return nil }
            return Float(first)
        case .interrupted(let interrupted):
            guard time >= settleTime else { return nil }
            let first = interrupted.target(ofItem: 0)
            for index in 1..<count where interrupted.target(ofItem: index) != first { return nil }
            return Float(first)
        case .springs(let springs):
            return time >= settleTime ? springs.target : nil
        }
    }
}

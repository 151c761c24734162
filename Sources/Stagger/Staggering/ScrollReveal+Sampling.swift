// A scroll reveal's frames, its Double reference and the times its items start and
// come to rest.

extension ScrollReveal {
    /// A frame for every item and track (see ``StaggeredList/makeFrame(recordsAppearance:)``).
    public func makeFrame(recordsAppearance: Bool = true) -> StaggerFrame {
        list.makeFrame(recordsAppearance: recordsAppearance)
    }

    /// Writes every item's tracks (and appearance) at `time` into `frame`, in one kernel
    /// pass over the items' delays, as ``StaggeredList/sample(at:into:backend:threads:)``
    /// does (the same threads, backends and reduced-motion passes). Items that have not
    /// entered are hidden (appearance 0), items shown at once are at 1. Answers from the
    /// latest report on; an earlier time is answered as if that report had come first.
    ///
    /// - Throws: as ``StaggeredList/sample(at:into:backend:threads:)``. No allocation.
    ///
    /// Accuracy: within float32's reach of ``appearance(of:at:)`` (each item's delay is
    /// its start less the latest change's time, rounded to float32).
    public func sample(
        at time: Double, into frame: inout StaggerFrame, backend: Backend? = nil, threads: Int? = nil
    ) throws(StaggerError) {
        try list.sample(at: time, into: &frame, backend: backend, threads: threads)
    }

    /// Item `index`'s appearance at `time`, in Double: 0 before it starts (or when it
    /// has not entered), the curve's value after, 1 when shown at once. The reference
    /// the kernel's frames are tested against.
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``, ``StaggerError/invalidTime(_:)``.
    public func appearance(of index: Int, at time: Double) throws(StaggerError) -> Double {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        let start = starts[index]
        if start == .infinity { return 0 }
        if start == -.infinity { return 1 }
        do { return try curve.value(at: time - start) } catch { throw .curve(error) }
    }

    /// When item `index` starts, on the caller's clock: `nil` while it has not entered
    /// (or, under ``Leaving/replays``, since it left), −∞ when it was shown at once. An
    /// item in the batch still open has the start that batch gives it if nothing changes
    /// (an item joining, the batch filling, an item leaving can move it, never before
    /// the report).
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``.
    public func startTime(ofItem index: Int) throws(StaggerError) -> Double? {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        return starts[index] == .infinity ? nil : starts[index]
    }

    /// The items that start in (`after`, `through`], with their times, in time order
    /// (ties by index): for a frame loop, which asks for the interval since its previous
    /// frame. Items shown at once do not start. Under ``Leaving/replays`` an item that
    /// started and left before a later report is listed too (its latest such start);
    /// one that left before coming to rest has a start and no rest in that play.
    /// O(count).
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a NaN bound.
    public func itemsStarting(after: Double, through: Double) throws(StaggerError) -> [(index: Int, time: Double)] {
        try events(after: after, through: through, starts: true)
    }

    /// The items that come to rest in (`after`, `through`], with their times, in time
    /// order: each start plus the curve's duration (a spring's settling duration).
    /// Otherwise as ``itemsStarting(after:through:)``. O(count).
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a NaN bound.
    public func itemsSettling(after: Double, through: Double) throws(StaggerError) -> [(index: Int, time: Double)] {
        try events(after: after, through: through, starts: false)
    }

    /// The starts (or the rests) in (`after`, `through`], sorted by time, then index.
    private func events(after: Double, through: Double, starts: Bool) throws(StaggerError) -> [(
        index: Int, time: Double
    )] {
        guard !after.isNaN else { throw .invalidTime(after) }
        guard !through.isNaN else { throw .invalidTime(through) }
        var found: [(index: Int, time: Double)] = []
        forEachEvent(after: after, through: through) { index, time, isStart in
            if isStart == starts { found.append((index, time)) }
        }
        return found.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
    }

    /// Calls `body` with every start in (`after`, `through`] (`isStart` true), then every
    /// rest, each in index order, earlier plays' first: what both event queries and a
    /// frame loop read, with no allocation. No check of the bounds.
    func forEachEvent(after: Double, through: Double, _ body: (_ item: Int, _ time: Double, _ isStart: Bool) -> Void) {
        func visit(_ times: [Double], adding plus: Double, isStart: Bool) {
            for index in times.indices where times[index].isFinite {
                let time = times[index] + plus
                if time > after, time <= through { body(index, time, isStart) }
            }
        }
        visit(earlierStarts, adding: 0, isStart: true)
        visit(starts, adding: 0, isStart: true)
        visit(earlierRests, adding: 0, isStart: false)
        visit(starts, adding: curve.duration, isStart: false)
    }

    /// When every item that has entered is at rest, on the caller's clock: the latest
    /// start plus the curve's duration, or the latest report's time when nothing has
    /// started (−∞ before the first report). Items yet to enter do not count.
    public var settleTime: Double {
        let reported = latestReport?.time ?? -.infinity
        return latestStart.isFinite ? max(latestStart + curve.duration, reported) : reported
    }

    /// Whether every item that has entered is at rest at `time`.
    public func isComplete(at time: Double) -> Bool { time >= settleTime }
}

extension ScrollReveal: CustomStringConvertible {
    /// The size, the viewport and the batching, then where it stands (figures to four
    /// significant digits): `ScrollReveal of 100 items in a 400 pt viewport (vertical),
    /// batches of 0.1 s by easeOut (0.3 s); 12 started, at rest after 1.55 s`.
    public var description: String {
        let maximum = batching.maximum.map { ", at most \($0)" } ?? ""
        let queued = batching.isQueued ? ", queued" : ""
        let replays = leaving == .replays ? ", replayed" : ""
        let started = states.lazy.filter { $0 == .started || $0 == .pending }.count
        let state =
            latestReport == nil
            ? "not opened" : "\(started) started, at rest after \(settleTime.readable) s"
        return "ScrollReveal of \(count) items in a \(viewportLength.readable) pt viewport (\(axis.rawValue)), "
            + "batches of \(batching.interval.readable) s\(maximum)\(queued)\(replays) by \(curve) "
            + "(\(curve.duration.readable) s); \(state)"
    }
}

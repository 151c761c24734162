/// A child that repeats on its own: a nested ``Timeline`` with passes of its own (its
/// repeats, repeat delay, yoyo and reversing), played by that timeline within its slot
/// of the timeline around it.
///
/// Its nodes and steps are listed in the outer timeline too (names, ids, the first
/// pass's schedule), so that events and values keep their places; what they do at a
/// time comes from the nested timeline at its own time, which runs from the child's
/// start in the outer pass's schedule (backward, with the outer time, in a contiguous
/// or together reversed pass). The outer timeline never re-schedules the child's
/// insides: a reversed outer pass plays the child's passes back, a sequential one
/// replays them forward.
struct RepeatingChild: Sendable {
    /// Its node in the outer timeline.
    let node: Int
    let timeline: Timeline
    /// Its steps, a run of the outer timeline's.
    let steps: Range<Int>
    /// The outer node of the nested timeline's node n (n ≥ 1) is `nodeBase + n`.
    let nodeBase: Int
    /// Nested seconds per outer second (the outer time scale, and those between).
    let timeScale: Double

    /// The nested time when the outer pass-local time is `local` and the child starts
    /// at `start` in the outer pass's schedule.
    func time(local: Double, start: Double) -> Double { (local - start) * timeScale }
}

extension Timeline {
    /// Timeline seconds from the start until nothing moves any more: the end of the last
    /// pass, plus what its springs still take to come to rest in a forward or a
    /// sequential reversed last pass (a contiguous or together one ends back at the
    /// start, where nothing moves); +∞ when it repeats forever.
    var restEnd: Double {
        let total = totalDuration
        guard total.isFinite else { return total }
        guard isReversed(pass: options.passes - 1) else { return total + (restDuration - duration) }
        if options.reversing == .sequential { return total + (mirroredRestDuration - duration) }
        return total
    }

    /// A repeating child's values into its run of `output`, from its own timeline.
    func sample(
        _ child: RepeatingChild, local: Double, layout: PassLayout, output: UnsafeMutablePointer<Float>
    ) throws(TimelineError) {
        let time = child.time(local: local, start: start(ofNode: child.node, layout: layout))
        let values = UnsafeMutableBufferPointer(start: output + child.steps.lowerBound, count: child.steps.count)
        try child.timeline.sample(at: time, into: values)
    }

    /// Merges the events of every repeating child crossed in pass k into the pass's
    /// own events, `out[first...]` (in time order, whichever way the pass runs).
    ///
    /// The outer pass-local time runs from `from` to `to` (down, in a pass read
    /// backward). Each child's events come from its timeline over the same span of its
    /// own time, as the outer time maps onto it; its node 0 is the child itself, whose
    /// start and completion the outer timeline reports, so only its sequence's step
    /// completions are kept, and its passes' `repeated` and `reversed` become the
    /// child's (with the child's pass as their iteration). At one moment a child's
    /// events follow the outer events of that moment and precede the child's own
    /// completion (its start, going back).
    func mergeRepeatingChildEvents(
        pass k: Int, layout: PassLayout, from: Double, to: Double, limit: Double,
        into out: inout [TimelineEvent], after first: Int
    ) throws(TimelineError) {
        let backward = to < from
        let passStart = passStart(k)
        for child in repeatingChildren {
            let start = start(ofNode: child.node, layout: layout)
            let a = child.time(local: from, start: start), b = child.time(local: to, start: start)
            // NaN only for ∞ − ∞: both ends beyond the same side of the child.
            guard !a.isNaN, !b.isNaN else { continue }
            let inner = try child.timeline.events(from: a, to: b)
            if inner.isEmpty { continue }
            let name = nodes[child.node].name
            var mapped: [TimelineEvent] = []
            mapped.reserveCapacity(inner.count)
            for event in inner {
                let offset = start + event.time / child.timeScale
                let time = min(backward ? passStart + duration - offset : passStart + offset, limit)
                switch (event.node, event.kind) {
                case (-1, .repeated), (-1, .reversed):
                    mapped.append(
                        TimelineEvent(
                            kind: event.kind, child: name, node: child.node, time: time, iteration: event.iteration,
                            direction: event.direction))
                case (0, .stepCompleted):
                    mapped.append(
                        TimelineEvent(
                            kind: event.kind, child: name, node: child.node, time: time, iteration: k,
                            direction: event.direction))
                case (-1, _), (0, _):
                    continue
                default:
                    mapped.append(
                        TimelineEvent(
                            kind: event.kind, child: event.child, node: child.nodeBase + event.node, time: time,
                            iteration: k, direction: event.direction))
                }
            }
            let own = Array(out[first...])
            out.removeSubrange(first...)
            var i = 0
            for event in mapped {
                while i < own.count {
                    let e = own[i]
                    // Going back, the child's start is the boundary crossed last.
                    let stops =
                        e.time > event.time
                        || (e.time == event.time && e.node == child.node
                            && e.kind == (backward ? .started : .completed))
                    if stops { break }
                    out.append(e)
                    i += 1
                }
                out.append(event)
            }
            out += own[i...]
        }
    }
}

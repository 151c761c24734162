extension Timeline {
    /// The most passes one call of ``events(from:to:)`` may cross (100,000).
    ///
    /// Each pass crossed lists its own events, so a query over a span of a forever
    /// repeating timeline, or of `.times(n)` with a huge n, would otherwise run for as
    /// long as the span is large. Beyond the limit the query throws
    /// ``TimelineError/tooManyPasses(count:maximum:)``; a player that must jump that far
    /// can seek without reporting events.
    public static let maximumPassesPerQuery = 100_000

    /// Everything that happened between two times, in the order it happened.
    ///
    /// From `from` to `to` (either may be larger: going backward lists the same moments
    /// in reverse order with the direction flipped). A moment at time x is reported when
    /// x lies in (from, to] going forward, (to, from] going backward, which matches
    /// ``state(at:)``: a step starting at x is active at x, so going back it is crossed
    /// only when time goes below x. So cutting an interval into pieces at any points
    /// reports every event exactly once, and in order; a time below 0 (−∞ included)
    /// stands for "before the start", so a first frame from −∞ to 0 reports the
    /// children that start at 0.
    ///
    /// Events: ``TimelineEvent/Kind-swift.enum/started`` and
    /// ``TimelineEvent/Kind-swift.enum/completed`` for every child (node 0 is the whole
    /// pass), ``TimelineEvent/Kind-swift.enum/stepCompleted(step:)`` for each child of a
    /// sequence (the top level included: node 0 is a sequence),
    /// ``TimelineEvent/Kind-swift.enum/repeated`` (and
    /// ``TimelineEvent/Kind-swift.enum/reversed`` for yoyo) at each new pass,
    /// ``TimelineEvent/Kind-swift.enum/finished`` at the end of the last pass. In a
    /// reversed contiguous pass children are crossed backward, and a sequence reports a
    /// step completed when that step has played back to its start; in a sequential one a
    /// sequence's children replay forward in reverse order.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time, or +∞ on a
    ///   timeline that repeats forever; ``TimelineError/tooManyPasses(count:maximum:)`` when
    ///   the span crosses more than ``maximumPassesPerQuery`` passes.
    /// - Complexity: O(log n + events) per pass crossed.
    public func events(from: Double, to: Double) throws(TimelineError) -> [TimelineEvent] {
        try checkTime(from)
        try checkTime(to)
        if from == to { return [] }
        if from < to { return try forwardEvents(after: from, through: to) }
        return Self.turnedAround(try forwardEvents(after: to, through: from), flipped: true)
    }

    /// What ``events(from:to:)`` lists, last first: a caller that takes them off the end
    /// one at a time (`popLast`) moves each event and copies none (a timeline player
    /// reporting a seek across thousands of children).
    ///
    /// - Throws: as ``events(from:to:)``.
    func eventsLastFirst(from: Double, to: Double) throws(TimelineError) -> [TimelineEvent] {
        try checkTime(from)
        try checkTime(to)
        if from == to { return [] }
        if from < to { return Self.turnedAround(try forwardEvents(after: from, through: to), flipped: false) }
        // Each event moved out and back, flipped, in place.
        var events = try forwardEvents(after: to, through: from)
        events.withUnsafeMutableBufferPointer { events in
            for i in events.indices {
                let event = events.baseAddress! + i
                event.initialize(to: event.move().flipped())
            }
        }
        return events
    }

    /// `events` in the other order (flipped, when `flipped`), each moved, not copied:
    /// `reverse()` and a reversed view mapped copied every event (its name) and released
    /// it again.
    private static func turnedAround(_ events: consuming [TimelineEvent], flipped: Bool) -> [TimelineEvent] {
        var events = events
        var turned: [TimelineEvent] = []
        turned.reserveCapacity(events.count)
        while let event = events.popLast() { turned.append(flipped ? event.flipped() : event) }
        return turned
    }

    /// Events with times in (a, b], a < b, in order.
    func forwardEvents(after a: Double, through b: Double) throws(TimelineError) -> [TimelineEvent] {
        var out: [TimelineEvent] = []
        let total = totalDuration
        let first = a < 0 ? 0 : pass(containing: a)
        let last = b < 0 ? -1 : pass(containing: b)
        if last >= first {
            // Checked before any work: last − first cannot overflow (both in 0..<Int.max).
            let crossed = last - first + 1
            guard crossed <= Self.maximumPassesPerQuery else {
                throw .tooManyPasses(count: crossed, maximum: Self.maximumPassesPerQuery)
            }
            for k in first...last {
                let start = passStart(k)
                if k > 0 && a < start && start <= b {
                    out.append(
                        TimelineEvent(
                            kind: .repeated, child: "", node: -1, time: start, iteration: k, direction: .forward))
                    if options.yoyo {
                        out.append(
                            TimelineEvent(
                                kind: .reversed, child: "", node: -1, time: start, iteration: k, direction: .forward))
                    }
                }
                try appendPassEvents(k, after: a, through: b, whole: k < last, into: &out)
            }
        }
        if total.isFinite && a < total && total <= b {
            out.append(
                TimelineEvent(
                    kind: .finished, child: "", node: -1, time: total, iteration: options.passes - 1,
                    direction: .forward))
        }
        return out
    }

    /// The boundaries of pass k crossed while the whole timeline goes from a to b (a < b).
    ///
    /// `throughEnd`: b lies in a later pass, so the rest of pass k is crossed whatever
    /// b − start(k) rounds to: start(k) + duration may round above start(k + 1), and the
    /// end of pass k must not be lost to that (the next frame starts in pass k + 1).
    private func appendPassEvents(
        _ k: Int, after a: Double, through b: Double, whole throughEnd: Bool, into out: inout [TimelineEvent]
    ) throws(TimelineError) {
        let start = passStart(k)
        // Rounding may put start + duration past the next pass's start: an event never
        // lands after the pass that follows has begun.
        let limit = k < options.passes - 1 ? passStart(k + 1) : Double.infinity
        let first = out.count
        let layout = layout(ofPass: k)
        if isReversed(pass: k) && layout != .mirrored {
            // Pass-local time runs from D down to 0, then to "before the start".
            if a >= start + duration { return }
            let high = a < start ? Double.infinity : duration - (a - start)
            let low = throughEnd || b >= start + duration ? -Double.infinity : duration - (b - start)
            let list = layout == .aligned ? alignedBoundaries : reversedBoundaries
            let range = boundaryRange(list, after: low, through: high)
            for i in range.reversed() {
                let boundary = list[i]
                out.append(
                    event(boundary, time: min(start + duration - boundary.time, limit), pass: k, direction: .backward))
            }
            guard !repeatingChildren.isEmpty else { return }
            try mergeRepeatingChildEvents(
                pass: k, layout: layout, from: high, to: low, limit: limit, into: &out, after: first)
        } else {
            let list = layout == .mirrored ? mirroredBoundaries : boundaries
            let low = a < start ? -Double.infinity : a - start
            let high = throughEnd ? duration : min(b - start, duration)
            guard high > low || (low == -.infinity) else { return }
            for i in boundaryRange(list, after: low, through: high) {
                out.append(event(list[i], time: min(start + list[i].time, limit), pass: k, direction: .forward))
            }
            guard !repeatingChildren.isEmpty else { return }
            try mergeRepeatingChildEvents(
                pass: k, layout: layout, from: low, to: high, limit: limit, into: &out, after: first)
        }
    }

    /// Indices of boundaries with time in (low, high].
    private func boundaryRange(_ list: [TimelineBoundary], after low: Double, through high: Double) -> Range<Int> {
        func firstIndex(where above: (Double) -> Bool) -> Int {
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if above(list[mid].time) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let lower = firstIndex { $0 > low }
        let upper = firstIndex { $0 > high }
        return lower < upper ? lower..<upper : lower..<lower
    }

    private func event(_ boundary: TimelineBoundary, time: Double, pass: Int, direction: TimelineDirection)
        -> TimelineEvent
    {
        let kind: TimelineEvent.Kind
        switch boundary.kind {
        case .started: kind = .started
        case .completed: kind = .completed
        case .stepCompleted(let step): kind = .stepCompleted(step: step)
        }
        return TimelineEvent(
            kind: kind, child: nodes[boundary.node].name, node: boundary.node,
            time: time, iteration: pass, direction: direction)
    }
}

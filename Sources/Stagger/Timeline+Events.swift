extension Timeline {
    /// Everything that happened between two times, in the order it happened.
    ///
    /// From `from` to `to` (either may be larger: going backward lists the same moments
    /// in reverse order with the direction flipped). A moment at time x is reported when
    /// x lies in (from, to] going forward, [to, from) going backward, which matches
    /// ``state(at:)``: a step starting at x is active at x. So cutting an interval into
    /// pieces at any points reports every event exactly once, and in order; a time below
    /// 0 (−∞ included) stands for "before the start", so a first frame from −∞ to 0
    /// reports the children that start at 0.
    ///
    /// Events: ``TimelineEvent/Kind-swift.enum/started`` and
    /// ``TimelineEvent/Kind-swift.enum/completed`` for every child (node 0 is the whole
    /// pass), ``TimelineEvent/Kind-swift.enum/stepCompleted(step:)`` for each step of a
    /// sequence, ``TimelineEvent/Kind-swift.enum/repeated`` (and
    /// ``TimelineEvent/Kind-swift.enum/reversed`` for yoyo) at each new pass,
    /// ``TimelineEvent/Kind-swift.enum/finished`` at the end of the last pass. In a
    /// reversed contiguous pass children are crossed backward; in a sequential one they
    /// replay forward in reverse order.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time, or +∞ on a
    ///   timeline that repeats forever.
    /// - Complexity: O(log n + events) per pass crossed.
    public func events(from: Double, to: Double) throws(TimelineError) -> [TimelineEvent] {
        try checkTime(from)
        try checkTime(to)
        if from == to { return [] }
        if from < to { return forwardEvents(after: from, through: to) }
        return forwardEvents(after: to, through: from).reversed().map(\.flipped)
    }

    /// Events with times in (a, b], a < b, in order.
    func forwardEvents(after a: Double, through b: Double) -> [TimelineEvent] {
        var out: [TimelineEvent] = []
        let total = totalDuration
        let first = a < 0 ? 0 : pass(containing: a)
        let last = b < 0 ? -1 : pass(containing: b)
        if last >= first {
            for k in first...last {
                let start = passStart(k)
                if k > 0 && a < start && start <= b {
                    out.append(TimelineEvent(kind: .repeated, child: "", node: -1, time: start, iteration: k, direction: .forward))
                    if options.yoyo {
                        out.append(TimelineEvent(kind: .reversed, child: "", node: -1, time: start, iteration: k, direction: .forward))
                    }
                }
                appendPassEvents(k, after: a, through: b, into: &out)
            }
        }
        if total.isFinite && a < total && total <= b {
            out.append(TimelineEvent(kind: .finished, child: "", node: -1, time: total, iteration: options.passes - 1, direction: .forward))
        }
        return out
    }

    /// The boundaries of pass k crossed while the whole timeline goes from a to b (a < b).
    private func appendPassEvents(_ k: Int, after a: Double, through b: Double, into out: inout [TimelineEvent]) {
        let start = passStart(k)
        let reversed = isReversed(pass: k)
        if reversed && options.reversing == .contiguous {
            // Pass-local time runs from D down to 0, then to "before the start".
            if a >= start + duration { return }
            let high = a < start ? Double.infinity : duration - (a - start)
            let low = b >= start + duration ? -Double.infinity : duration - (b - start)
            let range = boundaryRange(boundaries, after: low, through: high)
            for i in range.reversed() {
                out.append(event(boundaries[i], time: start + duration - boundaries[i].time, pass: k, direction: .backward))
            }
        } else {
            let list = reversed ? mirroredBoundaries : boundaries
            let low = a < start ? -Double.infinity : a - start
            let high = min(b - start, duration)
            guard high > low || (low == -.infinity) else { return }
            for i in boundaryRange(list, after: low, through: high) {
                out.append(event(list[i], time: start + list[i].time, pass: k, direction: .forward))
            }
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

    private func event(_ boundary: TimelineBoundary, time: Double, pass: Int, direction: TimelineDirection) -> TimelineEvent {
        let kind: TimelineEvent.Kind
        switch boundary.kind {
        case .started: kind = .started
        case .completed: kind = .completed
        case .stepCompleted(let step): kind = .stepCompleted(step: step)
        }
        return TimelineEvent(kind: kind, child: nodes[boundary.node].name, node: boundary.node,
                             time: time, iteration: pass, direction: direction)
    }
}

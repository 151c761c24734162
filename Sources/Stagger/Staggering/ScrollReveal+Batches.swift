// A scroll reveal's batches: closing and scheduling them, the queue, the items still
// to come and the latest start.

extension ScrollReveal {
    /// Closes `batch` (its time has come, or it is full): its members start as
    /// scheduled, and it becomes the tail a queued batch waits for.
    mutating func close(_ batch: OpenBatch, delays: inout [Float]) {
        let (last, step) = schedule(batch, delays: &delays)
        queueTail = (last, step)
        for i in batch.members where states[i] == .pending {
            states[i] = .started
            upcoming.append(i)
        }
        openBatch = nil
    }

    /// The open batch, after some of its items left: scheduled again, or gone.
    mutating func reopen(delays: inout [Float]) {
        guard var open = openBatch else { return }
        open.members.removeAll { states[$0] != .pending }
        openBatch = open.members.isEmpty ? nil : open
        if let open = openBatch { schedule(open, delays: &delays) }
    }

    /// Moves the closed batches' items whose start has come out of ``upcoming``; under
    /// ``Leaving/staysShown``, shows at once those that left the view before their turn;
    /// and lets the queue wait only for items still to come that can be seen.
    mutating func passUpcoming(at time: Double, view: Range<Double>, delays: inout [Float]) {
        var kept = 0, latestToCome = -Double.infinity
        for k in upcoming.indices {
            let i = upcoming[k]
            // Reset (replays) items have left the list of those to come.
            guard states[i] == .started, starts[i].isFinite else { continue }
            if starts[i] <= time {
                latestPastStart = max(latestPastStart, starts[i])
            } else if !Self.meets(lowers[i], uppers[i], view.lowerBound, view.upperBound) {
                setStart(i, -.infinity, delays: &delays)
            } else {
                latestToCome = max(latestToCome, starts[i])
                upcoming[kept] = i
                kept += 1
            }
        }
        upcoming.removeSubrange(kept...)
        if let tail = queueTail, tail.lastStart > time {
            queueTail = latestToCome.isFinite ? (latestToCome, tail.step) : nil
        }
    }

    /// ``latestStart`` from what has come and what is to come: under ``Leaving/replays``
    /// the items still live (a reset item will not come to rest in its play).
    mutating func findLatestStart() {
        var latest = -Double.infinity
        if leaving == .replays {
            for i in live where starts[i].isFinite { latest = max(latest, starts[i]) }
        } else {
            latest = latestPastStart
            for i in upcoming where starts[i].isFinite { latest = max(latest, starts[i]) }
            for i in openBatch?.members ?? [] { latest = max(latest, starts[i]) }
        }
        latestStart = latest
    }

    /// Gives `batch`'s members their starts: the batch's stagger from its close (or,
    /// queued, with its first start one step after the previous batch's last, when that
    /// is later). Returns the latest start and the batch's stagger step.
    @discardableResult
    mutating func schedule(_ batch: OpenBatch, delays: inout [Float]) -> (last: Double, step: Double) {
        var members = batch.members
        let (offsets, step) = batchDelays(for: &members)
        var base = batch.closes
        if batching.isQueued, let tail = queueTail {
            base = max(base, tail.lastStart + tail.step - (offsets.min() ?? 0))
        }
        var last = -Double.infinity
        for (k, i) in members.enumerated() {
            setStart(i, base + offsets[k], delays: &delays)
            last = max(last, starts[i])
        }
        return (last, step)
    }

    /// The delays, in seconds from the batch's start, of a batch of `members` (put in
    /// the order the delays are given in): reading order or positions, under reduced
    /// motion with the whole spread scaled to at most ``ReducedMotion/maximumSpread``;
    /// and its stagger step, the mean gap between its starts (a batch of one: the
    /// config's `each` in reading order, else 0). The config was checked at init for
    /// any batch size, so a failure here (which cannot happen) starts every item
    /// together.
    func batchDelays(for members: inout [Int]) -> (delays: [Double], step: Double) {
        sortInReadingOrder(&members)
        let n = members.count
        let plain = Self.batchConfig(config, count: n)
        var delays: [Double]
        switch batching.order {
        case .reading:
            delays = (try? plain.referenceDelays(count: n)) ?? [Double](repeating: plain.baseDelay, count: n)
        case .positions(let metric, let axis):
            let centres = members.map { i in
                let f = frames[i]
                return LayoutPoint(unchecked: f.minX + f.width / 2, f.minY + f.height / 2)
            }
            delays =
                (try? plain.delays(atPositions: centres, metric: metric, axis: axis))
                ?? [Double](repeating: plain.baseDelay, count: n)
        }
        // Reduced motion keeps the order and the base delay, and scales the spread
        // (measured on the delays themselves: a spread over positions is seconds per
        // point, which a count cannot bound).
        let low = delays.min() ?? 0, high = delays.max() ?? 0
        if reducedMotion.isReduced, high - low > ReducedMotion.maximumSpread {
            let scale = ReducedMotion.maximumSpread / (high - low)
            delays = delays.map { low + ($0 - low) * scale }
        }
        var step = 0.0
        if n > 1 {
            step = (delays.max()! - delays.min()!) / Double(n - 1)
        } else if case .reading = batching.order, case .each(let each) = plain.spread {
            step = reducedMotion.isReduced ? min(each, ReducedMotion.maximumSpread) : each
        }
        return (delays, step)
    }

    /// Under ``Leaving/replays``, keeps item `index`'s start and rest in the play a
    /// reset at `time` ends, where they came before it.
    mutating func recordEarlier(_ index: Int, at time: Double) {
        let start = starts[index]
        guard start.isFinite, start <= time else { return }
        if earlierStarts.isEmpty {
            earlierStarts = [Double](repeating: -.infinity, count: count)
            earlierRests = earlierStarts
        }
        earlierStarts[index] = start
        let rest = start + curve.duration
        if rest <= time { earlierRests[index] = rest }
    }
}

/// Starting lanes afresh and interrupting them: every change of a lane animation's
/// motions but its lane count and a hand-over from a caller (`+Release`); the motion
/// they write, `+SetMotion`.
extension LaneAnimation {
    /// Where a transition sends each lane: one target for every lane (a list's items),
    /// or one each.
    enum Targets {
        case all(Double)
        case each([Double])

        subscript(lane: Int) -> Double {
            switch self {
            case .all(let target): target
            case .each(let targets): targets[lane]
            }
        }
    }

    /// Which lanes a restart carries on from their motions in flight.
    enum Carried {
        /// Every lane moving at the restart's time that goes somewhere (a list's items).
        case movingLanes
        /// Lane l when `flags[l % flags.count]` is not −1: one flag per lane, or one per
        /// position in the rows of `flags.count` lanes the lanes are made of (a pair
        /// group's pairs: every lane of a moving pair).
        case each([Int])
    }

    /// Starts every lane afresh at `time` toward `targets`, after `delays[lane]` seconds
    /// (or `delays[lane % delays.count]`: one delay per position in the rows of
    /// `delays.count` lanes the lanes are made of, as ``Carried/each(_:)`` takes flags).
    ///
    /// The lanes `carried` names are interrupted, at once (their delay is not read; see
    /// the type's discussion: springs keep value and velocity, easings add the new
    /// motion to the ones in flight, decays restart from the value); the others start
    /// from their current value with the curve's own initial velocity scaled to their
    /// span. `delays`, given per lane, is kept as the buffer of the next caller's delays
    /// (``delayBuffer(count:)``).
    ///
    /// With `segments` (the same lanes, other curves: reduced motion), the new motion
    /// runs those curves; lanes whose curve changes go on from their current value.
    ///
    /// Easing lanes take the new motion as one plane added on top of the ones in flight
    /// while a plane is free (``addLayer(at:targets:delays:carried:)``); every other
    /// restart, or any with `addsLayer` false (for the tests that compare the two),
    /// writes every plane again, folding finished motions. Spring lanes are restarted a
    /// segment at a time in the kernel (``SpringRestart``), or with `batchesSprings`
    /// false lane by lane (the tests compare the two).
    ///
    /// - Throws: as ``setMotion(start:current:targets:delay:carrying:carried:batchedDelays:carriedRows:givenStates:reusing:)``;
    ///   nothing changes on a throw.
    mutating func restart(
        at time: Double, targets: Targets, delays: [Double], keeping carried: Carried,
        segments newSegments: [Segment]? = nil, addsLayer: Bool = true, batchesSprings: Bool = true
    ) throws(LaneFailure) {
        if addsLayer, newSegments == nil || newSegments == segments, canAddLayer {
            try addLayer(at: time, targets: targets, delays: delays, carried: carried)
            if delays.count == laneCount { spare.delays = delays }
            return
        }
        // The rewrite asks lane by lane: figures given per row position, one per lane.
        // (Constants: the closures below capture them, and a captured variable is boxed.)
        let n = laneCount
        var laneDelays: [Double] = []
        if delays.count != n {
            laneDelays = delayBuffer(count: n)
            Self.fillRows(&laneDelays, from: delays)
        }
        let delays = delays.count == n ? delays : laneDelays
        var laneFlags: [Int] = []
        if case .each(let flags) = carried, flags.count != n {
            laneFlags = Spare.reused(&movingLanes, count: n)
            Self.fillRows(&laneFlags, from: flags)
        }
        let expandedFlags = laneFlags.isEmpty ? nil : laneFlags
        // Flags per row position repeat with the rows: the spring kernel may then take a
        // lane's bound from the lane a row before.
        var carriedRows = 0
        if case .each(let flags) = carried, !flags.isEmpty, flags.count < n, n % flags.count == 0 {
            carriedRows = flags.count
        }
        let carried = expandedFlags.map { Carried.each($0) } ?? carried
        // The buffer back for the next tap.
        defer { if let expandedFlags { movingLanes = expandedFlags } }
        // Taken before `old` copies self, so that nothing else holds them.
        // In an optional, so that the closure below moves it out (take()) rather than
        // copying what it captured: a copy would share the buffers setMotion writes.
        var taken: Spare? = takeSpare()
        // `old`, not `self`, in the closures: capturing a mutating self copied it per call.
        // Without the layer pool, which setMotion grows (appending to a shared buffer
        // copied it).
        var pool: [Plane] = []
        swap(&pool, &layerPool)
        let old = self
        swap(&pool, &layerPool)
        func carriedLane(_ lane: Int) -> Int {
            switch carried {
            case .movingLanes: old.isMoving(lane: lane, at: time) && !old.goesNowhere(lane: lane) ? lane : -1
            case .each(let flags): flags[lane] == -1 ? -1 : lane
            }
        }
        if let newSegments, newSegments != segments {
            var next = LaneAnimation(
                values: (0..<laneCount).map { old.reference(lane: $0, at: time).value }, segments: newSegments)
            if kernel != nil {
                // So that setMotion makes float32 lanes for the kernel too.
                next.kernel = kernel
                next.passes = try Self.kernelPasses(newSegments)
            }
            next.lastTransition = lastTransition
            try next.setMotion(
                start: time,
                current: { lane, isCarried in
                    let now = old.reference(lane: lane, at: time)
                    return (now.value, isCarried ? now.velocity : .nan)
                },
                targets: targets, delay: { lane, isCarried in isCarried ? 0 : delays[lane] }, carrying: old,
                carried: carriedLane)
            self = next
            spare.delays = delays
            taken = nil
            return
        }
        // Values are evaluated lazily, lane by lane: a lane that carries its easing
        // motions on needs none (the interrupted easing lanes of a reverse mid-flight).
        // Lanes are asked for in order: the segment of the last one is searched again
        // only when a lane falls outside it, and spring lanes are evaluated by the
        // kernel a run at a time.
        var segment = 0
        try SpringStates.with { (states) throws(LaneFailure) in
            try setMotion(
                start: time,
                current: { lane, isCarried in
                    if !old.segments[segment].lanes.contains(lane) { segment = old.segment(ofLane: lane) }
                    let now = states.state(ofLane: lane, segment: segment, of: old, at: time)
                    return (now.value, isCarried ? now.velocity : .nan)
                },
                targets: targets, delay: { lane, isCarried in isCarried ? 0 : delays[lane] }, carrying: old,
                carried: carriedLane, batchedDelays: batchesSprings ? delays : nil, carriedRows: carriedRows,
                reusing: taken.take()!)
        }
        spare.delays = delays
    }

    /// `lanes` filled with `rows` again and again (its count a multiple of theirs).
    private static func fillRows<T>(_ lanes: inout [T], from rows: [T]) {
        guard !rows.isEmpty else { return }
        lanes.withUnsafeMutableBufferPointer { lanes in
            rows.withUnsafeBufferPointer { rows in
                _ = UnsafeMutableBufferPointer(rebasing: lanes[0..<rows.count]).update(fromContentsOf: rows)
            }
            repeatFirstRow(lanes, rowLength: rows.count)
        }
    }

    /// Copies the first `rowLength` elements of `lanes` over each following row of that
    /// length (the count a multiple of it): figures given per row position, made per lane.
    static func repeatFirstRow<T>(_ lanes: UnsafeMutableBufferPointer<T>, rowLength: Int) {
        guard rowLength > 0 else { return }
        for start in stride(from: rowLength, to: lanes.count, by: rowLength) {
            _ = UnsafeMutableBufferPointer(rebasing: lanes[start..<start + rowLength]).update(
                fromContentsOf: UnsafeBufferPointer(rebasing: lanes[0..<rowLength]))
        }
    }

    /// Starts every lane at `time` from rest at `values[lane]` toward `targets[lane]`,
    /// after the delay `delays` writes for it (into the buffer it is given, every lane),
    /// with the curve's own initial velocity scaled to its span: what
    /// ``setMotion(start:current:targets:delay:carrying:carried:batchedDelays:carriedRows:givenStates:reusing:)`` does for lanes
    /// that carry nothing on. Every lane must be at rest: nothing is carried.
    ///
    /// `name` is the caller's name for this motion: whenever it is used it must stand for
    /// the same values, targets and delays (the curves are the engine's own segments).
    /// When the motion before last had that name, it is this motion but for its start
    /// (offsets count from the start), and it is taken back whole instead of writing
    /// every lane again: O(1), no delay written (a card opened and closed from rest
    /// again and again).
    ///
    /// - Throws: as ``setMotion(start:current:targets:delay:carrying:carried:batchedDelays:carriedRows:givenStates:reusing:)``;
    ///   nothing changes on a throw.
    mutating func startFromRest(
        at time: Double, values: [Double], targets: [Double], name: Int?, delays fill: (inout [Double]) -> Void
    ) throws(LaneFailure) {
        if let name, layeredBase.name == name {
            takeBackLayeredBase(at: time)
            return
        }
        if let name, spare.motionName == name {
            let replaced = motionAsSpare
            let soonest = spare.soonest
            planes = spare.planes
            depth = spare.depth
            velocity = spare.velocity
            durations = spare.durations
            kernel = spare.kernel
            segmentDepth = spare.segmentDepth
            spare = replaced
            start = time
            lastTransition = time
            self.name(name, startedAt: time, soonest: soonest)
            return
        }
        var delays = delayBuffer(count: laneCount)
        fill(&delays)
        // Spring segments in one kernel pass from these values, easing segments in bulk.
        try setMotion(
            start: time, current: { lane, _ in (values[lane], .nan) }, targets: .each(targets),
            delay: { lane, _ in delays[lane] }, batchedDelays: delays, givenStates: (values, nil),
            reusing: takeSpare())
        spare.delays = delays
        // The motion setMotion just wrote, named: its ends stand.
        self.name(name, startedAt: time, soonest: earliestEnd - time)
    }

    /// The motion in flight as the spare of the next transition, with the delay buffer
    /// the spare holds now (which a caller that takes it puts back).
    var motionAsSpare: Spare {
        Spare(
            planes: planes, depth: depth, velocity: velocity, durations: durations, kernel: kernel,
            segmentDepth: segmentDepth, delays: spare.delays, motionName: motionName,
            soonest: motionName == nil ? -.infinity : namedSoonest)
    }
}

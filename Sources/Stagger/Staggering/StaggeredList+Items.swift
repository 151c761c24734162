/// Items that come, go and move on their own: inserting and removing rows, and moving or
/// releasing one item while the others keep their motions.
extension StaggeredList {
    /// Inserts `newItems` items before item `index` at `time`. If the list is shown
    /// they appear staggered among themselves from `time`; the other items keep their
    /// trajectories (when ``config``'s curve changed since the last transition, those
    /// in flight go on from their value, and velocity from spring to spring, under the
    /// new curve).
    ///
    /// - Throws: ``StaggerError/negativeCount(_:)``, ``StaggerError/indexOutOfRange(index:count:)``,
    ///   ``StaggerError/invalidTime(_:)``, ``StaggerError/tooManyItems(count:maximum:)``
    ///   beyond ``maximumCount`` items in all (`Int.max` when the sum overflows), the
    ///   config's errors for the new count. The list is unchanged when it throws.
    public mutating func insert(_ newItems: Int, before index: Int, at time: Double) throws(StaggerError) {
        guard newItems >= 0 else { throw .negativeCount(newItems) }
        guard (0...count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        let time = try changeTime(time)
        // The item count changes: earlier rests need a time per item (the same rests).
        try materializeSettledMotion()
        let (total, overflow) = count.addingReportingOverflow(newItems)
        guard !overflow, total <= Self.maximumCount else {
            throw .tooManyItems(count: overflow ? .max : total, maximum: Self.maximumCount)
        }
        try config.validate(count: total)
        let isReduced = reducedMotion.isReduced
        let order = isReduced ? try config.reducedForMotion(count: newItems) : config
        let curve = order.curve
        let delays = isShown ? try order.referenceDelays(count: newItems) : [Double](repeating: 0, count: newItems)
        var next = try lanes()
        do throws(LaneFailure) {
            if curve != motion.curve { next = try Self.rerun(next, under: curve, at: time) }
            try next.insertLanes(
                newItems, at: index, time: time, target: isShown ? 1 : 0, delays: delays)
        } catch {
            throw StaggerError(error, at: time)
        }
        let nextMotion = try Motion(.lanes(next), curve: curve, count: total, isReduced: isReduced, since: time)
        let rests = try restsBefore(time)
        count = total
        start = time
        motion = nextMotion
        if !earlierRests.isEmpty {
            earlierRests.insert(contentsOf: repeatElement(-.infinity, count: newItems), at: index)
        }
        try record(rests.map { ($0.index < index ? $0.index : $0.index + newItems, $0.time) })
        latestChange = time
    }

    /// Removes the items in `range` at `time`, at once; the others keep their
    /// trajectories (and their settling reports).
    ///
    /// Like every change, it follows ``TimeOrder``: a removal stamped before the latest
    /// change by more than the tolerance is refused.
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)`` when `range` is not
    ///   within the items; ``StaggerError/invalidTime(_:)`` for a time that is not
    ///   finite; ``StaggerError/timeRunsBackward(time:latest:)``. The list is unchanged
    ///   when it throws.
    public mutating func remove(items range: Range<Int>, at time: Double) throws(StaggerError) {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw .indexOutOfRange(index: range.upperBound > count ? range.upperBound : range.lowerBound, count: count)
        }
        let time = try changeTime(time)
        // The item count changes: earlier rests need a time per item (the same rests).
        try materializeSettledMotion()
        let source: Motion.Source
        switch motion.source {
        case .closedForm(let from, let to, let order):
            // The others keep their delays (as the kernel computes them), now stored.
            var delays = try order.delays(count: count)
            delays.removeSubrange(range)
            source = .delays(from: from, to: to, delays: delays)
        case .delays(let from, let to, var delays):
            delays.removeSubrange(range)
            source = .delays(from: from, to: to, delays: delays)
        case .lanes(var engine):
            engine.removeLanes(range)
            source = .lanes(engine)
        case .interrupted, .springs:
            var engine = try lanes()
            engine.removeLanes(range)
            source = .lanes(engine)
        }
        let next = try Motion(
            source, curve: motion.curve, count: count - range.count, isReduced: motion.isReduced, since: start)
        count -= range.count
        motion = next
        if !earlierRests.isEmpty { earlierRests.removeSubrange(range) }
        latestChange = time
    }

    /// Sends item `index` toward appearance `target` at `time`, at once: a row dimmed
    /// to 0.5, one row dismissed while the others stay. The other items keep their
    /// trajectories; ``isShown`` is unchanged.
    ///
    /// The item follows the list's one interruption rule, as in a transition (see the
    /// type's discussion): from rest it starts from its value (a spring at its own
    /// initial velocity); still moving, a spring goes on from its value and velocity
    /// and an easing adds the change of target to the motion in flight (continuous in
    /// value, and in velocity for curves that start flat). It runs the config's curve,
    /// or under ``reducedMotion`` the fade; when that is not the curve the list is
    /// running, every item goes on under it (as ``insert(_:before:at:)`` says) and an
    /// easing in flight starts from its value.
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``,
    ///   ``StaggerError/invalidTime(_:)``, ``StaggerError/invalidAppearance(name:value:)``
    ///   (named `target`) for a target that is not finite or float32 cannot hold; the
    ///   config's errors. The list is unchanged when it throws.
    public mutating func move(item index: Int, to target: Double, at time: Double) throws(StaggerError) {
        try send(item: index, to: target, at: time, from: nil)
    }

    /// Hands a drag of item `index` over to the curve, as when a finger that was
    /// swiping a row lets go: at `time` the item is at `appearance`, moving at
    /// `velocity` (appearance per second, the finger's), and from there it runs to
    /// `target`.
    ///
    /// With a spring, value and velocity are continuous at the release; an easing
    /// starts from the value at its own slope (it takes no initial velocity). Otherwise
    /// as ``move(item:to:at:)``. The item is at rest once the curve has brought it
    /// within 0.001 of its span (a spring's settling duration for that start), for an
    /// easing after its duration.
    ///
    /// - Throws: as ``move(item:to:at:)``, and ``StaggerError/invalidAppearance(name:value:)``
    ///   (named `appearance` or `velocity`) for either one not finite, or
    ///   ``CurveError/exceedsFloat32Range(name:value:)`` under ``StaggerError/curve(_:)``
    ///   for one beyond float32.
    ///   The list is unchanged when it throws.
    public mutating func release(
        item index: Int, from appearance: Double, velocity: Double, toward target: Double, at time: Double
    ) throws(StaggerError) {
        try send(item: index, to: target, at: time, from: (appearance, velocity))
    }

    /// The one mechanism under ``move(item:to:at:)`` and ``release(item:from:velocity:toward:at:)``.
    mutating func send(
        item index: Int, to target: Double, at time: Double, from release: (appearance: Double, velocity: Double)?
    ) throws(StaggerError) {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        let time = try changeTime(time)
        // The errors' one rule: not finite is this list's invalidAppearance, finite
        // but beyond float32 the range error every type reports.
        func narrow(_ value: Double, _ name: String) throws(StaggerError) -> Float {
            guard value.isFinite else { throw .invalidAppearance(name: name, value: value) }
            guard Float(value).isFinite else { throw .curve(.exceedsFloat32Range(name: name, value: value)) }
            return Float(value)
        }
        let to = try narrow(target, "target")
        let isReduced = reducedMotion.isReduced
        let curve = isReduced ? ReducedMotion.fade : config.curve
        var handOver: (value: Double, velocity: Double)?
        let from: Float
        if let release {
            from = try narrow(release.appearance, "appearance")
            handOver = (Double(from), Double(try narrow(release.velocity, "velocity")))
        } else {
            from = Float(try appearance(of: index, at: time))
        }
        guard (to - from).isFinite else { throw .curve(.exceedsFloat32Range(name: "target", value: target)) }
        var next = try lanes()
        do throws(LaneFailure) {
            if curve != motion.curve { next = try Self.rerun(next, under: curve, at: time) }
            try next.send(lane: index, to: Double(to), at: time, handOver: handOver)
        } catch {
            throw StaggerError(error, at: time)
        }
        let nextMotion = try Motion(.lanes(next), curve: curve, count: count, isReduced: isReduced, since: time)
        let rests = try restsBefore(time)
        start = time
        motion = nextMotion
        try record(rests)
        latestChange = time
    }
}

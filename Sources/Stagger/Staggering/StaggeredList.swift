/// Every item of a list or grid, appearing and disappearing in a stagger, sampled at any
/// time in one kernel pass.
///
/// A pure function of time: ``show(at:)``, ``hide(at:)``, ``insert(_:at:time:)`` and
/// ``remove(at:)`` record what happens when, and ``sample(at:into:backend:threads:)``
/// answers for any time from the last transition on, in any order, with no timers.
///
/// A transition replaces the motion: an earlier time is answered by the new motion (an
/// item that was moving holds the value it started from), not by the history it
/// replaced. Keeping that history would keep every transition's per-item buffers (for
/// 10,000 items, 160 kB a tap) for times a frame loop never asks about;
/// and a display link whose timestamp trails a tap by part of a frame gets the new
/// motion's start, not an error. Each item has an *appearance*,
/// 0 hidden and 1 shown, driven by the config's curve after the item's delay; every
/// ``StaggerTrack`` maps it to a property (opacity, offset, scale, ...).
///
/// ```swift
/// var list = try StaggeredList(count: 10_000, config: .standard)
/// try list.show(at: 0)
/// var frame = list.makeFrame()
/// try list.sample(at: 0.25, into: &frame)   // frame.values(ofTrack: 0): opacities
/// ```
///
/// Interruptions keep motion continuous: hiding while items are still appearing starts
/// each moving item from its current value **and velocity** (springs; value for
/// easings) at once, while items at rest get the hide stagger (in reverse order by
/// default). Inserting or removing items leaves the others on their trajectories.
public struct StaggeredList: Sendable {
    /// The order in which a hide runs.
    public enum HideOrder: String, Sendable, Hashable, CaseIterable {
        /// The last item to appear is the first to go (what users of every peer ask for).
        case reversed
        /// The same order as showing.
        case sameAsShow
    }

    /// How items are staggered and the curve they run; changes apply from the next
    /// transition (``show(at:)``, ``hide(at:)``, ``insert(_:at:time:)``).
    public var config: StaggerConfig
    /// The properties every item animates (at most ``StaggerFrame/maximumTrackCount``;
    /// sampling throws beyond); ``makeFrame(recordsAppearance:)`` sizes a frame for them.
    public var tracks: [StaggerTrack]
    /// The order of hides.
    public var hideOrder: HideOrder = .reversed
    /// The curve items run as they hide (MotionMachine's `reverseEasing`: a quick
    /// ease-in on the way out after a bouncy entrance), from the next hide; `nil` runs
    /// ``config``'s curve both ways. Items still moving when a hide starts go on from
    /// their value, and from their velocity when both curves are springs (an easing
    /// hands over its value only, as at every interruption of a list). Reduced motion
    /// fades either way.
    public var hideCurve: Curve?
    /// Whether motion is reduced, from the next transition: transforms jump, opacity
    /// fades in ``ReducedMotion/fadeDuration`` seconds, the stagger spreads over at most
    /// ``ReducedMotion/maximumSpread`` seconds (see ``ReducedMotion``). Pass the
    /// device's setting as `.system(isEnabled:)`; off by default. A transition in full
    /// motion right after a reduced one, while items are still fading, starts every
    /// track from the fade's value (a jumped transform steps back to it).
    public var reducedMotion: ReducedMotion = .system(isEnabled: false)
    /// The number of items.
    public private(set) var count: Int

    /// Most items a list holds (2²³: grid cells stay exact in float32).
    public static let maximumCount = KernelLimits.gridItems
    /// Whether the last transition was a show.
    public private(set) var isShown = false

    /// The motion in flight: the curve it was started with, where each item's elapsed
    /// time and endpoints come from, and when every item is at rest.
    struct Motion: Sendable {
        enum Source: Sendable {
            /// Every item moves between the same endpoints; delays from a closed form.
            case closedForm(from: Float, to: Float, config: StaggerConfig)
            /// Every item moves between the same endpoints; delays stored per item.
            case delays(from: Float, to: Float, delays: [Float])
            /// Each item has its own start offset, endpoints and initial velocity.
            case items(ItemStates)
        }

        let source: Source
        /// The curve every item runs: fixed when the transition starts, so that a
        /// change of ``StaggeredList/config`` applies from the next transition only.
        /// Under reduced motion, the fade.
        let curve: Curve
        /// Whether the transition started under reduced motion: then tracks that jump
        /// run ``ReducedMotion/jump`` instead of ``curve``.
        let isReduced: Bool
        /// Seconds after the transition at which every item is at rest.
        let settlingOffset: Double
        /// The kernel pass of `curve` over `source`, made once per transition.
        let pass: KernelPass
        /// Under reduced motion, the pass of ``ReducedMotion/jump`` for tracks that jump.
        let jumpPass: KernelPass?

        /// `source` run by `curve`, with its settling offset and kernel passes derived
        /// from both.
        ///
        /// - Throws: the config's errors; ``StaggerError/curve(_:)`` for a curve the
        ///   kernel cannot run (``CurveError/exceedsFloat32Range(name:value:)``).
        init(_ source: Source, curve: Curve, count: Int, isReduced: Bool = false) throws(StaggerError) {
            self.source = source
            self.curve = curve
            self.isReduced = isReduced
            var config: StaggerConfig?
            if case .closedForm(_, _, let order) = source { config = order }
            do {
                pass = try KernelPass(curve: curve, staggeredBy: config, count: count)
                jumpPass =
                    isReduced ? try KernelPass(curve: ReducedMotion.jump, staggeredBy: config, count: count) : nil
            } catch {
                throw StaggerError(error)
            }
            // No items, nothing to move.
            guard count > 0 else {
                settlingOffset = 0
                return
            }
            switch source {
            case .closedForm(let from, let to, let config):
                settlingOffset = from == to ? 0 : (try Motion.largestDelay(config, count: count)) + curve.duration
            case .delays(let from, let to, let delays):
                settlingOffset = from == to ? 0 : Double(delays.max() ?? 0) + curve.duration
            case .items(let states):
                var last = -Double.infinity
                for i in states.offsets.indices where states.moves(i) { last = max(last, Double(states.offsets[i])) }
                settlingOffset = max(0, last + curve.duration)
            }
        }

        /// The largest delay of `count` items under `config` (the kernel's delays).
        private static func largestDelay(_ config: StaggerConfig, count: Int) throws(StaggerError) -> Double {
            guard count > 0 else { return config.baseDelay }
            return Double(try config.delays(count: count).max() ?? 0)
        }
    }

    struct ItemStates: Sendable {
        var offsets: [Float] = []
        var from: [Float] = []
        var to: [Float] = []
        var velocity: [Float] = []

        mutating func append(offset: Float, from: Float, to: Float, velocity: Float) {
            offsets.append(offset)
            self.from.append(from)
            self.to.append(to)
            self.velocity.append(velocity)
        }

        /// Whether item `i` has anywhere to go: an item whose endpoints are equal and
        /// that starts at rest stays where it is, whatever its offset.
        func moves(_ i: Int) -> Bool { from[i] != to[i] || velocity[i] != 0 }

        /// `body` given these states as the kernel pass's lanes.
        func withLanes<E: Error>(_ body: (KernelPass.Lanes) throws(E) -> Void) throws(E) {
            try offsets.withUnsafeBufferPointer { (offsets) throws(E) in
                try from.withUnsafeBufferPointer { (from) throws(E) in
                    try to.withUnsafeBufferPointer { (to) throws(E) in
                        try velocity.withUnsafeBufferPointer { (velocity) throws(E) in
                            try body(
                                .items(
                                    offsets: offsets.baseAddress!, from: from.baseAddress!, to: to.baseAddress!,
                                    velocity: velocity.baseAddress!))
                        }
                    }
                }
            }
        }
    }

    /// The clock time offsets and delays count from.
    private(set) var start: Double = 0
    private(set) var motion: Motion

    /// A list of `count` hidden items.
    ///
    /// - Throws: ``StaggerError`` when the config does not fit `count` items (see
    ///   ``StaggerConfig/delay(for:of:)``), or for more than 2²³ items.
    public init(count: Int, config: StaggerConfig, tracks: [StaggerTrack] = StaggerTrack.appearance)
        throws(StaggerError)
    {
        try config.validate(count: count)
        guard count <= Self.maximumCount else { throw .tooManyItems(count: count, limit: Self.maximumCount) }
        guard tracks.count <= StaggerFrame.maximumTrackCount else {
            throw .tooManyTracks(count: tracks.count, limit: StaggerFrame.maximumTrackCount)
        }
        self.count = count
        self.config = config
        self.tracks = tracks
        motion = try Motion(.closedForm(from: 0, to: 0, config: config), curve: config.curve, count: count)
    }

    /// When every item is at rest, on the caller's clock.
    var settleTime: Double { start + motion.settlingOffset }

    // MARK: - Transitions

    /// Starts showing every item at `time` (seconds on the caller's clock), staggered by
    /// the config, with the config's curve (the motion keeps it until the next
    /// transition, whatever later happens to ``config``).
    ///
    /// Items still moving start toward 1 at once from their value and velocity; items
    /// at rest, including those that never started, wait for their delay.
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a non-finite time; the config's
    ///   errors. The list is unchanged when it throws.
    public mutating func show(at time: Double) throws(StaggerError) {
        try transition(to: 1, at: time, reversed: false)
        isShown = true
    }

    /// Starts hiding every item at `time`, in ``hideOrder``.
    ///
    /// - Throws: as ``show(at:)``. The list is unchanged when it throws.
    public mutating func hide(at time: Double) throws(StaggerError) {
        try transition(to: 0, at: time, reversed: hideOrder == .reversed)
        isShown = false
    }

    /// Computes the new motion first and assigns it last, so that a throw leaves the
    /// list as it was.
    private mutating func transition(to target: Float, at time: Double, reversed: Bool) throws(StaggerError) {
        guard time.isFinite else { throw .invalidTime(time) }
        var order = config
        if reversed { order.reversed.toggle() }
        if target == 0, let hideCurve { order.curve = hideCurve }
        try order.validate(count: count)
        let isReduced = reducedMotion.isReduced
        if isReduced { order = try order.reducedForMotion(count: count) }
        let curve = order.curve

        if let restValue = try uniformRestValue(at: time) {
            let source: Motion.Source
            if order.listDelays(count: count) != nil {
                source = .closedForm(from: restValue, to: target, config: order)
            } else {
                source = .delays(from: restValue, to: target, delays: try order.delays(count: count))
            }
            let next = try Motion(source, curve: curve, count: count, isReduced: isReduced)
            start = time
            motion = next
            return
        }

        // Some items are moving: each keeps its value and velocity.
        let now = try snapshot(at: time)
        let delays = try order.delays(count: count)
        let unitVelocity = Float(curve.initialVelocity)
        var states = ItemStates()
        states.offsets.reserveCapacity(count)
        for i in 0..<count {
            if now.moving[i] {
                states.append(offset: 0, from: now.appearance[i], to: target, velocity: now.velocity[i])
            } else {
                states.append(
                    offset: delays[i], from: now.appearance[i], to: target,
                    velocity: (target - now.appearance[i]) * unitVelocity)
            }
        }
        let next = try Motion(.items(states), curve: curve, count: count, isReduced: isReduced)
        start = time
        motion = next
    }

    /// Every item's appearance and velocity at `time`, and whether it is moving then
    /// (started, not yet settled, and with somewhere to go).
    private func snapshot(at time: Double) throws(StaggerError) -> (
        appearance: [Float], velocity: [Float], moving: [Bool]
    ) {
        var appearance = [Float](repeating: 0, count: count)
        var velocity = appearance
        try sampleState(at: time, appearance: &appearance, velocity: &velocity)
        let elapsed = try elapsedTimes(at: time)
        let duration = motion.curve.duration
        let states = try itemStates()
        var moving = [Bool](repeating: false, count: count)
        for i in 0..<count { moving[i] = elapsed[i] > 0 && elapsed[i] < duration && states.moves(i) }
        return (appearance, velocity, moving)
    }

    /// The common appearance of every item when all are at rest at the same value at
    /// `time` (all finished, or none started), else `nil`.
    private func uniformRestValue(at time: Double) throws(StaggerError) -> Float? {
        if count == 0 { return 0 }
        switch motion.source {
        case .closedForm(let from, let to, _), .delays(let from, let to, _):
            if time >= settleTime { return to }
            if from == to { return to }
            let elapsed = try elapsedTimes(at: time)
            return elapsed.allSatisfy({ $0 <= 0 }) ? from : nil
        case .items(let states):
            guard time >= settleTime, let first = states.to.first,
                states.to.allSatisfy({ $0 == first })
            else { return nil }
            return first
        }
    }

    /// Each item's time since its start, in seconds, at `time` (Double, from the
    /// reference delays).
    private func elapsedTimes(at time: Double) throws(StaggerError) -> [Double] {
        switch motion.source {
        case .closedForm(_, _, let order):
            var result = [Double](repeating: 0, count: count)
            for i in 0..<count { result[i] = time - start - (try order.delay(for: i, of: count)) }
            return result
        case .delays(_, _, let delays):
            return delays.map { time - start - Double($0) }
        case .items(let states):
            return states.offsets.map { time - start - Double($0) }
        }
    }

    /// The motion as per-item states (same trajectories), relative to `start`.
    private func itemStates() throws(StaggerError) -> ItemStates {
        let unitVelocity = Float(motion.curve.initialVelocity)
        switch motion.source {
        case .items(let states):
            return states
        case .closedForm(let from, let to, let order):
            return try Self.uniformStates(
                from: from, to: to, delays: order.delays(count: count), unitVelocity: unitVelocity)
        case .delays(let from, let to, let delays):
            return Self.uniformStates(from: from, to: to, delays: delays, unitVelocity: unitVelocity)
        }
    }

    private static func uniformStates(from: Float, to: Float, delays: [Float], unitVelocity: Float) -> ItemStates {
        let count = delays.count
        return ItemStates(
            offsets: delays, from: [Float](repeating: from, count: count),
            to: [Float](repeating: to, count: count),
            velocity: [Float](repeating: (to - from) * unitVelocity, count: count))
    }

    /// Every item's state at `time`, with offsets counting from `time`, to be run by
    /// `curve`. Under the motion's own curve the trajectories are unchanged; under
    /// another, items in flight go on from their value and velocity at `time` (as an
    /// interruption does) and items still waiting take the new curve's start velocity.
    private func itemStates(at time: Double, runBy curve: Curve) throws(StaggerError) -> ItemStates {
        var states = try itemStates()
        let shift = time - start
        for i in states.offsets.indices { states.offsets[i] = Float(Double(states.offsets[i]) - shift) }
        if curve != motion.curve {
            let now = try snapshot(at: time)
            let elapsed = try elapsedTimes(at: time)
            let unitVelocity = Float(curve.initialVelocity)
            for i in 0..<count {
                if now.moving[i] {
                    states.offsets[i] = 0
                    states.from[i] = now.appearance[i]
                    states.velocity[i] = now.velocity[i]
                } else if elapsed[i] <= 0 {
                    states.velocity[i] = (states.to[i] - states.from[i]) * unitVelocity
                } else {
                    states.from[i] = now.appearance[i]
                    states.velocity[i] = 0
                }
            }
        }
        return states
    }

    /// Inserts `newItems` items before index `index` at `time`. If the list is shown
    /// they appear staggered among themselves from `time`; the other items keep their
    /// trajectories (when ``config``'s curve changed since the last transition, those
    /// in flight go on from their value and velocity under the new curve).
    ///
    /// - Throws: ``StaggerError/negativeCount(_:)``, ``StaggerError/indexOutOfRange(index:count:)``,
    ///   ``StaggerError/invalidTime(_:)``, ``StaggerError/tooManyItems(count:limit:)``
    ///   beyond ``maximumCount`` items in all (`Int.max` when the sum overflows), the
    ///   config's errors for the new count. The list is unchanged when it throws.
    public mutating func insert(_ newItems: Int, at index: Int, time: Double) throws(StaggerError) {
        guard newItems >= 0 else { throw .negativeCount(newItems) }
        guard (0...count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        let (total, overflow) = count.addingReportingOverflow(newItems)
        guard !overflow, total <= Self.maximumCount else {
            throw .tooManyItems(count: overflow ? .max : total, limit: Self.maximumCount)
        }
        try config.validate(count: total)
        let isReduced = reducedMotion.isReduced
        let order = isReduced ? try config.reducedForMotion(count: newItems) : config
        let curve = order.curve
        var states = try itemStates(at: time, runBy: curve)
        let delays = isShown ? try order.delays(count: newItems) : [Float](repeating: 0, count: newItems)
        let target: Float = isShown ? 1 : 0
        let unitVelocity = Float(curve.initialVelocity)
        var added = ItemStates()
        for r in 0..<newItems {
            added.append(offset: delays[r], from: 0, to: target, velocity: target * unitVelocity)
        }
        states.offsets.insert(contentsOf: added.offsets, at: index)
        states.from.insert(contentsOf: added.from, at: index)
        states.to.insert(contentsOf: added.to, at: index)
        states.velocity.insert(contentsOf: added.velocity, at: index)
        let next = try Motion(.items(states), curve: curve, count: total, isReduced: isReduced)
        count = total
        start = time
        motion = next
    }

    /// Removes the items at `range` at once; the others keep their trajectories.
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)`` when `range` is not
    ///   within the items. The list is unchanged when it throws.
    public mutating func remove(at range: Range<Int>) throws(StaggerError) {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw .indexOutOfRange(index: range.upperBound > count ? range.upperBound : range.lowerBound, count: count)
        }
        var states = try itemStates()
        states.offsets.removeSubrange(range)
        states.from.removeSubrange(range)
        states.to.removeSubrange(range)
        states.velocity.removeSubrange(range)
        let next = try Motion(
            .items(states), curve: motion.curve, count: count - range.count, isReduced: motion.isReduced)
        count -= range.count
        motion = next
    }

    /// Sends item `index` toward appearance `target` at `time`, at once, from its value
    /// and velocity then: a row dimmed to 0.5, one row dismissed while the others stay.
    /// The other items keep their trajectories; ``isShown`` is unchanged.
    ///
    /// The item runs the config's curve (a spring keeps its velocity; an easing starts
    /// from the value at its own slope), or under ``reducedMotion`` the fade.
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
    /// as ``move(item:to:at:)``. The list counts the item at rest after the curve's own
    /// duration, as for every transition: a flick much faster than the span settles a
    /// little later (a transition started before that goes on from the value then).
    ///
    /// - Throws: as ``move(item:to:at:)``, and ``StaggerError/invalidAppearance(name:value:)``
    ///   (named `appearance` or `velocity`) for either one not finite or beyond float32.
    ///   The list is unchanged when it throws.
    public mutating func release(
        item index: Int, at appearance: Double, velocity: Double, toward target: Double, time: Double
    ) throws(StaggerError) {
        try send(item: index, to: target, at: time, from: (appearance, velocity))
    }

    /// The one mechanism under ``move(item:to:at:)`` and ``release(item:at:velocity:toward:time:)``.
    private mutating func send(
        item index: Int, to target: Double, at time: Double, from release: (appearance: Double, velocity: Double)?
    ) throws(StaggerError) {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        func narrow(_ value: Double, _ name: String) throws(StaggerError) -> Float {
            guard Float(value).isFinite else { throw .invalidAppearance(name: name, value: value) }
            return Float(value)
        }
        let to = try narrow(target, "target")
        let isReduced = reducedMotion.isReduced
        let curve = isReduced ? ReducedMotion.fade : config.curve
        var states = try itemStates(at: time, runBy: curve)
        let from: Float, velocity: Float
        if let release {
            (from, velocity) = (try narrow(release.appearance, "appearance"), try narrow(release.velocity, "velocity"))
        } else {
            let now = try snapshot(at: time)
            from = now.appearance[index]
            velocity = now.moving[index] ? now.velocity[index] : (to - from) * Float(curve.initialVelocity)
        }
        guard (to - from).isFinite else { throw .invalidAppearance(name: "target", value: target) }
        states.offsets[index] = 0
        states.from[index] = from
        states.to[index] = to
        states.velocity[index] = velocity
        let next = try Motion(.items(states), curve: curve, count: count, isReduced: isReduced)
        start = time
        motion = next
    }

    // MARK: - Queries

    /// Whether every item is at rest at `time` (springs: past their settling duration).
    public func isComplete(at time: Double) -> Bool { time >= settleTime }

    /// Seconds from the last transition until every item is at rest.
    public var totalDuration: Double { motion.settlingOffset }

    /// When item `index` comes to rest, on the caller's clock: the end of its motion in
    /// the last transition (its delay, as the kernel samples it, plus the curve's
    /// duration), or the transition's own time for an item with nowhere to go. The
    /// latest of them is ``isComplete(at:)``'s threshold. O(count).
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``; the config's errors.
    public func settleTime(ofItem index: Int) throws(StaggerError) -> Double {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        return try itemSettleTimes()[index] ?? start
    }

    /// The items that come to rest in (`after`, `through`], with their times, in time
    /// order (ties by index): per-item completion for a frame loop, which asks for the
    /// interval since its previous frame. Items with nowhere to go are not listed. Like
    /// the values, this answers from the last transition on: an item that settled
    /// before a later transition began is not listed once that transition is recorded.
    /// O(count).
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a NaN bound; the config's errors.
    public func itemsSettling(after: Double, through: Double) throws(StaggerError) -> [(index: Int, time: Double)] {
        guard !after.isNaN else { throw .invalidTime(after) }
        guard !through.isNaN else { throw .invalidTime(through) }
        var settling: [(index: Int, time: Double)] = []
        for (index, time) in try itemSettleTimes().enumerated() {
            if let time, time > after, time <= through { settling.append((index, time)) }
        }
        return settling.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
    }

    /// Every item's settle time in the last transition, `nil` for an item with nowhere
    /// to go: its offset (float32, as sampled) plus the curve's duration after `start`.
    private func itemSettleTimes() throws(StaggerError) -> [Double?] {
        let duration = motion.curve.duration
        switch motion.source {
        case .closedForm(let from, let to, let order):
            guard from != to else { return [Double?](repeating: nil, count: count) }
            return try order.delays(count: count).map { start + Double($0) + duration }
        case .delays(let from, let to, let delays):
            guard from != to else { return [Double?](repeating: nil, count: count) }
            return delays.map { start + Double($0) + duration }
        case .items(let states):
            return states.offsets.indices.map {
                states.moves($0) ? start + Swift.max(0, Double(states.offsets[$0])) + duration : nil
            }
        }
    }

    /// Item `index`'s appearance at `time`, in Double: the reference the kernel pass is
    /// tested against (per-item offsets are the stored float32 values).
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``, ``StaggerError/invalidTime(_:)``.
    public func appearance(of index: Int, at time: Double) throws(StaggerError) -> Double {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        let curve = motion.curve
        func value(at elapsed: Double) throws(StaggerError) -> Double {
            do { return try curve.value(at: elapsed) } catch { throw .curve(error) }
        }
        switch motion.source {
        case .closedForm(let from, let to, let order):
            let elapsed = time - start - (try order.delay(for: index, of: count))
            return Double(from) + Double(to - from) * (try value(at: elapsed))
        case .delays(let from, let to, let delays):
            let elapsed = time - start - Double(delays[index])
            return Double(from) + Double(to - from) * (try value(at: elapsed))
        case .items(let states):
            let elapsed = time - start - Double(states.offsets[index])
            let from = Double(states.from[index]), to = Double(states.to[index])
            guard case .spring(let spring, _) = curve.kind else {
                return from + (to - from) * (try value(at: elapsed))
            }
            guard elapsed > 0 else { return from }
            do {
                return from
                    + (try spring.value(
                        target: to - from, initialVelocity: Double(states.velocity[index]), time: elapsed))
            } catch {
                throw .curve(error)
            }
        }
    }
}

extension StaggeredList: CustomStringConvertible {
    /// The size, the last transition and its motion (figures to four significant
    /// digits): `StaggeredList of 10000 items, shown at 0 s by easeOutCubic (0.3 s), at
    /// rest after 1.27 s; 3 tracks: opacity, offsetY, scale`.
    public var description: String {
        let state = isShown ? "shown" : "hidden"
        let reduced = motion.isReduced ? ", reduced motion" : ""
        let curve = "\(motion.curve) (\(motion.curve.duration.readable) s)"
        return "StaggeredList of \(count) items, \(state) at \(start.readable) s by \(curve)\(reduced), "
            + "at rest after \(settleTime.readable) s; \(tracks.count) tracks: "
            + tracks.map(\.name).joined(separator: ", ")
    }
}

internal import CInterp

/// Every item of a list or grid, appearing and disappearing in a stagger, sampled at any
/// time in one kernel pass.
///
/// A pure function of time: ``show(at:)``, ``hide(at:)``, ``insert(_:at:time:)`` and
/// ``remove(at:)`` record what happens when, and ``sample(at:into:backend:threads:)``
/// answers for any time, in any order, with no timers. Each item has an *appearance*,
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
    /// The number of items.
    public private(set) var count: Int

    /// Most items a list holds (2²³: grid cells stay exact in float32).
    public static let maximumCount = Int(CI_MAX_GRID_ITEMS)
    /// Whether the last transition was a show.
    public private(set) var isShown = false

    /// Where each item's elapsed time and endpoints come from.
    enum Motion: Sendable {
        /// Every item moves between the same endpoints; delays from a closed form.
        case closedForm(from: Float, to: Float, config: StaggerConfig)
        /// Every item moves between the same endpoints; delays stored per item.
        case delays(from: Float, to: Float, delays: [Float])
        /// Each item has its own start offset, endpoints and initial velocity.
        case items(ItemStates)
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
    }

    /// The clock time offsets and delays count from.
    private(set) var start: Double = 0
    private(set) var motion: Motion
    /// When every item is at rest.
    private var settleTime: Double = 0

    /// A list of `count` hidden items.
    ///
    /// - Throws: ``StaggerError`` when the config does not fit `count` items (see
    ///   ``StaggerConfig/delay(for:of:)``), or for more than 2²³ items.
    public init(count: Int, config: StaggerConfig, tracks: [StaggerTrack] = StaggerTrack.appearance) throws(StaggerError) {
        try config.validate(count: count)
        guard count <= Self.maximumCount else { throw .tooManyItems(count: count, limit: Self.maximumCount) }
        guard tracks.count <= StaggerFrame.maximumTrackCount else {
            throw .tooManyItems(count: tracks.count, limit: StaggerFrame.maximumTrackCount)
        }
        self.count = count
        self.config = config
        self.tracks = tracks
        motion = .closedForm(from: 0, to: 0, config: config)
    }

    /// Seconds an item takes once started: the easing's duration, or the spring's
    /// settling duration for a unit move.
    var itemDuration: Double { config.curve.duration }

    /// The curve's initial velocity, in appearance units per second.
    var unitVelocity: Float { Float(config.curve.initialVelocity) }

    // MARK: - Transitions

    /// Starts showing every item at `time` (seconds on the caller's clock), staggered by
    /// the config.
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a non-finite time; the config's
    ///   errors.
    public mutating func show(at time: Double) throws(StaggerError) {
        try transition(to: 1, at: time, reversed: false)
        isShown = true
    }

    /// Starts hiding every item at `time`, in ``hideOrder``.
    ///
    /// - Throws: as ``show(at:)``.
    public mutating func hide(at time: Double) throws(StaggerError) {
        try transition(to: 0, at: time, reversed: hideOrder == .reversed)
        isShown = false
    }

    private mutating func transition(to target: Float, at time: Double, reversed: Bool) throws(StaggerError) {
        guard time.isFinite else { throw .invalidTime(time) }
        var order = config
        if reversed { order.reversed.toggle() }
        try order.validate(count: count)

        if let restValue = try uniformRestValue(at: time) {
            start = time
            if order.listDelays(count: count) != nil {
                motion = .closedForm(from: restValue, to: target, config: order)
                settleTime = time + (try Self.largestDelay(order, count: count)) + itemDuration
            } else {
                let delays = try order.delays(count: count)
                motion = .delays(from: restValue, to: target, delays: delays)
                settleTime = time + Double(delays.max() ?? 0) + itemDuration
            }
            return
        }

        // Some items are moving: each keeps its value and velocity.
        var appearance = [Float](repeating: 0, count: count)
        var velocity = appearance
        try sampleState(at: time, appearance: &appearance, velocity: &velocity)
        let elapsed = try elapsedTimes(at: time)
        let delays = try order.delays(count: count)
        let duration = itemDuration
        var states = ItemStates()
        states.offsets.reserveCapacity(count)
        for i in 0..<count {
            let moving = elapsed[i] > 0 && elapsed[i] < duration
            states.append(
                offset: moving ? 0 : delays[i], from: appearance[i], to: target,
                velocity: moving ? velocity[i] : 0)
        }
        start = time
        motion = .items(states)
        settleTime = time + Double(states.offsets.max() ?? 0) + duration
    }

    /// The largest delay of `count` items under `config` (the kernel's delays).
    private static func largestDelay(_ config: StaggerConfig, count: Int) throws(StaggerError) -> Double {
        guard count > 0 else { return config.baseDelay }
        return Double(try config.delays(count: count).max() ?? 0)
    }

    /// The common appearance of every item when all are at rest at the same value at
    /// `time` (all finished, or none started), else `nil`.
    private func uniformRestValue(at time: Double) throws(StaggerError) -> Float? {
        if count == 0 { return 0 }
        switch motion {
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
        switch motion {
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

    /// Converts the motion to per-item states (same trajectories), relative to `start`.
    private func itemStates() throws(StaggerError) -> ItemStates {
        switch motion {
        case .items(let states):
            return states
        case .closedForm(let from, let to, let order):
            return try Self.uniformStates(from: from, to: to, delays: order.delays(count: count), unitVelocity: unitVelocity)
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

    /// Moves every offset so that they count from `time` instead of `start`.
    private mutating func rebase(_ states: inout ItemStates, to time: Double) {
        let shift = time - start
        for i in states.offsets.indices { states.offsets[i] = Float(Double(states.offsets[i]) - shift) }
        start = time
    }

    /// Inserts `newItems` items before index `index` at `time`. If the list is shown
    /// they appear staggered among themselves from `time`; the other items keep their
    /// trajectories.
    ///
    /// - Throws: ``StaggerError/negativeCount(_:)``, ``StaggerError/indexOutOfRange(index:count:)``,
    ///   ``StaggerError/invalidTime(_:)``, the config's errors for the new count.
    public mutating func insert(_ newItems: Int, at index: Int, time: Double) throws(StaggerError) {
        guard newItems >= 0 else { throw .negativeCount(newItems) }
        guard (0...count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        try config.validate(count: count + newItems)
        var states = try itemStates()
        rebase(&states, to: time)
        let delays = isShown ? try config.delays(count: newItems) : [Float](repeating: 0, count: newItems)
        let target: Float = isShown ? 1 : 0
        var added = ItemStates()
        for r in 0..<newItems {
            added.append(offset: delays[r], from: 0, to: target, velocity: target * unitVelocity)
        }
        states.offsets.insert(contentsOf: added.offsets, at: index)
        states.from.insert(contentsOf: added.from, at: index)
        states.to.insert(contentsOf: added.to, at: index)
        states.velocity.insert(contentsOf: added.velocity, at: index)
        count += newItems
        motion = .items(states)
        settleTime = max(settleTime, time + Double(delays.max() ?? 0) + itemDuration)
    }

    /// Removes the items at `range` at once; the others keep their trajectories.
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)`` when `range` is not
    ///   within the items.
    public mutating func remove(at range: Range<Int>) throws(StaggerError) {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw .indexOutOfRange(index: range.upperBound > count ? range.upperBound : range.lowerBound, count: count)
        }
        var states = try itemStates()
        states.offsets.removeSubrange(range)
        states.from.removeSubrange(range)
        states.to.removeSubrange(range)
        states.velocity.removeSubrange(range)
        count -= range.count
        motion = .items(states)
    }

    // MARK: - Queries

    /// Whether every item is at rest at `time` (springs: past their settling duration).
    public func isComplete(at time: Double) -> Bool { time >= settleTime }

    /// Seconds from the last transition until every item is at rest.
    public var totalDuration: Double { settleTime - start }

    /// Item `index`'s appearance at `time`, in Double: the reference the kernel pass is
    /// tested against (per-item offsets are the stored float32 values).
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``, ``StaggerError/invalidTime(_:)``.
    public func appearance(of index: Int, at time: Double) throws(StaggerError) -> Double {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        let curve = config.curve
        func value(at elapsed: Double) throws(StaggerError) -> Double {
            do { return try curve.value(at: elapsed) } catch { throw .curve(error) }
        }
        switch motion {
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
                return from + (try spring.value(
                    target: to - from, initialVelocity: Double(states.velocity[index]), time: elapsed))
            } catch {
                throw .curve(error)
            }
        }
    }
}

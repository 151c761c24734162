/// A layout change that flies: items keyed by stable IDs move from their old frames to
/// their new ones (a reorder, a filter, a grid of four columns becoming one), items only
/// in the new layout appear, items only in the old one disappear, staggered from an
/// origin in the old or the new layout's reading order. anime.js's `createLayout`,
/// Motion's layout animations and SwiftUI's matched geometry, as a pure function of
/// time, for thousands of items in one kernel pass per curve.
///
/// Each item is a pair of a ``MatchedPairGroup`` (``group``): position and size fly
/// under ``MatchedCurves`` (springs or easings, straight or on an arc), and a single
/// view stands for both ends, at ``MatchedPairState/opacity``. An item that stays runs
/// from its old frame to its new one at full opacity; one that arrives, from its new
/// frame scaled by ``Entrance/scale`` about its centre and transparent, to its new
/// frame; one that leaves, from its old frame to that frame scaled and transparent.
///
/// The stagger runs over the items in reading order (rows top to bottom, each left to
/// right; ties in the order given) of the old layout or the new one (``Order``), each
/// item where it is in that layout, or in the other when it is not in that one: with
/// `from: .first` the top-left item of that layout leaves first.
///
/// ```swift
/// let old = try (0..<4).map { (id: $0, frame: try LayoutRect(x: Double($0) * 100, y: 0, width: 80, height: 80)) }
/// let new = try (0..<4).map { (id: $0, frame: try LayoutRect(x: Double(3 - $0) * 100, y: 0, width: 80, height: 80)) }
/// var flight = try LayoutTransition(
///     from: old, to: new, curves: MatchedCurves(.linear(duration: 0.2)),
///     stagger: StaggerConfig(spread: .each(0.05)))
/// try flight.start(at: 0)
/// try flight.state(of: 1, at: 0.1)?.frame.minX   // 125: a quarter of the way from 100 to 200
/// ```
///
/// A second change mid-flight (``change(to:at:)``) starts every item from where it is,
/// with its value and its velocity, by the group's interruption rule, new items
/// appearing after their delays.
public struct LayoutTransition<ID: Hashable & Sendable>: Sendable {
    /// Which layout's reading order the stagger runs over.
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// The layout the items leave (what the reader was looking at).
        case oldLayout
        /// The layout they arrive in.
        case newLayout
    }

    /// How an item that arrives appears, or one that leaves disappears: from (to) its
    /// frame scaled about its centre, at opacity 0.
    public struct Entrance: Sendable, Hashable {
        /// The frame's scale at the far end, ≥ 0 (1: fade in place; 0.8: grow from
        /// 80 %; 0: from a point).
        public var scale: Double

        /// An entrance from (an exit to) `scale` times the frame, transparent.
        public init(scale: Double = 1) { self.scale = scale }
    }

    /// What a change does to an item.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// In both layouts: it flies from the old frame to the new one.
        case staying
        /// Only in the new layout: it appears.
        case arriving
        /// Only in the old layout: it disappears.
        case leaving
    }

    /// Every item's pair, in stagger order (``ids``): sample it as any group (its
    /// ``MatchedPairGroup/sample(at:into:backend:)`` fills a frame of every item's
    /// lanes; ``MatchedPairGroup/state(ofPair:at:)`` decodes one).
    public private(set) var group: MatchedPairGroup
    /// The items' IDs in the group's pair order, which is the stagger's order.
    public private(set) var ids: [ID]
    /// Each item's role in the latest change, in ``ids`` order.
    public private(set) var roles: [Role]
    /// How arriving items appear and leaving ones disappear.
    public let appearing: Entrance, disappearing: Entrance
    /// Which layout's reading order the stagger runs over.
    public let order: Order
    private var indexByID: [ID: Int]
    /// The destinations of the last change that kept every item in order, kept for the
    /// next one: a resize that changes the layout frame after frame writes them where
    /// they were, without fresh memory.
    private var destinationBuffer: [MatchedGeometry] = []
    /// The pair options every item gets (the arc).
    private let options: MatchedPairOptions
    /// The stagger as given, fitted to each change's items (``fitted(_:count:)``).
    private let stagger: StaggerConfig?

    /// Whether motion is reduced, from the next transition (a start, a change, a
    /// reverse): frames and sizes jump as an item starts, opacity fades
    /// (``MatchedPairGroup/reducedMotion``). Pass the device's setting as
    /// `.system(isEnabled:)`; off by default.
    public var reducedMotion: ReducedMotion {
        get { group.reducedMotion }
        set { group.reducedMotion = newValue }
    }

    /// A change from `old` to `new` (each item's ID and frame, points, y down), at rest
    /// in the old layout until ``start(at:)``.
    ///
    /// - Parameters:
    ///   - old: the items before the change, each ID once.
    ///   - new: the items after it, each ID once.
    ///   - curves: the curves of position, size, corner radius and appearance (opacity).
    ///   - stagger: the delays, by place in ``Order``'s reading order (its curve is not
    ///     used), or `nil` for every item at once. It is fitted to each change's items,
    ///     those that leave included: a grid keeps its columns and gets as many rows as
    ///     the items fill, an origin index past the last item is the last.
    ///   - order: which layout's reading order the stagger runs over.
    ///   - arc: how far each path bows from the straight line, −1…1
    ///     (``MatchedPairOptions/arc``).
    ///   - appearing: how arriving items appear.
    ///   - disappearing: how leaving items disappear.
    /// - Throws: ``AnimatableError/duplicateElement(_:)`` for an ID given twice in one
    ///   layout (named with both positions, `new[1]` and `new[3]`);
    ///   ``AnimatableError/nonFiniteComponent(name:value:)`` or
    ///   ``AnimatableError/negativeValue(name:value:)`` for an entrance scale
    ///   (`appearing.scale`, `disappearing.scale`), a frame that is not finite or has a
    ///   negative side, named by its place (`new[3].y`), or one an entrance scale
    ///   overflows (`new[3].x × appearing.scale`);
    ///   ``AnimatableError/outOfRange(name:value:)`` for an arc outside −1…1; the group's
    ///   errors (``MatchedPairGroup/init(_:curves:stagger:)``) for a stagger that cannot be used.
    public init(
        from old: [(id: ID, frame: LayoutRect)], to new: [(id: ID, frame: LayoutRect)], curves: MatchedCurves,
        stagger: StaggerConfig? = nil, order: Order = .oldLayout, arc: Double = 0,
        appearing: Entrance = Entrance(), disappearing: Entrance = Entrance()
    ) throws(AnimatableError) {
        for (name, entrance) in [("appearing.scale", appearing), ("disappearing.scale", disappearing)] {
            guard entrance.scale.isFinite else { throw .nonFiniteComponent(name: name, value: entrance.scale) }
            guard entrance.scale >= 0 else { throw .negativeValue(name: name, value: entrance.scale) }
        }
        var options = MatchedPairOptions()
        options.arc = arc
        // Checked here, not only with the pairs: a transition of no items yet makes none.
        try options.validate()
        self.options = options
        self.appearing = appearing
        self.disappearing = disappearing
        self.order = order
        let plan = try Self.plan(
            from: old, to: new, order: order, options: options, appearing: appearing, disappearing: disappearing)
        self.stagger = stagger
        group = try MatchedPairGroup(
            plan.pairs, curves: curves, stagger: stagger.map { Self.fitted($0, count: plan.ids.count) })
        ids = plan.ids
        roles = plan.roles
        indexByID = plan.index
    }

    /// The items of a change, in stagger order.
    private struct Plan {
        var ids: [ID] = [], roles: [Role] = [], pairs: [MatchedPair] = []
        /// Each item's place in the old layout (−1 for one that arrives).
        var oldPlaces: [Int] = []
        /// Each ID's item.
        var index: [ID: Int] = [:]
    }

    /// The items of a change from `old` to `new`, in stagger order: their IDs, roles,
    /// pairs and places in `old`, and each ID's place among them.
    ///
    /// - Throws: ``AnimatableError/duplicateElement(_:)`` for an ID given twice in one
    ///   layout (`old` first); a pair's errors for a frame that is not finite or an arc
    ///   outside −1…1.
    private static func plan(
        from old: [(id: ID, frame: LayoutRect)], to new: [(id: ID, frame: LayoutRect)], order: Order,
        options: MatchedPairOptions, appearing: Entrance, disappearing: Entrance
    ) throws(AnimatableError) -> Plan {
        // Every frame checked in the order given, named by its place (a frame's fields
        // are mutable, so a given one may hold a NaN).
        for k in old.indices { try Self.requireValid(old[k].frame, item: { "old[\(k)]" }) }
        for k in new.indices { try Self.requireValid(new[k].frame, item: { "new[\(k)]" }) }
        // One dictionary of every item, hashing each ID once per layout: the IDs are
        // generic and unspecialised in a client, so each hash and lookup goes through
        // witness tables (five per item when each layout, and then the items, had a
        // dictionary of their own). An item's slot is its place in `old`, or
        // `old.count` plus its place in `new` for an item only there.
        var slots = [ID: Int](minimumCapacity: Swift.max(old.count, new.count))
        for k in old.indices {
            if let first = slots.updateValue(k, forKey: old[k].id) {
                throw .duplicateElement("The ID \(old[k].id) of old[\(first)] and old[\(k)]")
            }
        }
        // Each old item's place in `new` (−1: leaving) and each new item's slot, in one
        // lookup per new ID that inserts the IDs only `new` has.
        var newPlaceOfOld = [Int](repeating: -1, count: old.count)
        var slotOfNew = [Int](repeating: 0, count: new.count)
        for k in new.indices {
            let fresh = old.count + k
            let slot = Self.claim(&slots[new[k].id, default: fresh])
            let first = slot >= old.count ? (slot == fresh ? -1 : slot - old.count) : newPlaceOfOld[slot]
            guard first < 0 else { throw .duplicateElement("The ID \(new[k].id) of new[\(first)] and new[\(k)]") }
            if slot < old.count { newPlaceOfOld[slot] = k }
            slotOfNew[k] = slot
        }
        // Every item once: the new layout's, then the old one's that left. Parallel
        // arrays, the generic IDs apart: loops over generic tuples went through the
        // runtime's metadata for every element, most of the init for 10,000 items.
        let leaving = newPlaceOfOld.indices.filter { newPlaceOfOld[$0] < 0 }
        let itemCount = new.count + leaving.count
        var itemSlots = slotOfNew
        itemSlots.append(contentsOf: leaving)
        var itemRoles: [Role] = [], oldFrames: [LayoutRect?] = [], newFrames: [LayoutRect?] = []
        itemRoles.reserveCapacity(itemCount)
        oldFrames.reserveCapacity(itemCount)
        newFrames.reserveCapacity(itemCount)
        for k in new.indices {
            let slot = slotOfNew[k]
            let before = slot < old.count ? old[slot].frame : nil
            itemRoles.append(before == nil ? .arriving : .staying)
            oldFrames.append(before)
            newFrames.append(new[k].frame)
        }
        for k in leaving {
            itemRoles.append(.leaving)
            oldFrames.append(old[k].frame)
            newFrames.append(nil)
        }
        // Reading order of the chosen layout (the other's frame where it has none; ties
        // in the order given).
        let keys = oldFrames.indices.map { i in
            let frame = (order == .oldLayout ? oldFrames[i] ?? newFrames[i] : newFrames[i] ?? oldFrames[i])!
            return (frame.minY, frame.minX, i)
        }
        let sorted = keys.indices.sorted { keys[$0] < keys[$1] }
        var plan = Plan()
        plan.pairs.reserveCapacity(sorted.count)
        plan.ids.reserveCapacity(sorted.count)
        plan.oldPlaces.reserveCapacity(sorted.count)
        // The pair each slot's item became.
        var pairOfSlot = [Int](repeating: 0, count: old.count + new.count)
        for (j, i) in sorted.enumerated() {
            let slot = itemSlots[i]
            pairOfSlot[slot] = j
            plan.ids.append(slot < old.count ? old[slot].id : new[slot - old.count].id)
            plan.oldPlaces.append(slot < old.count ? slot : -1)
            let source: MatchedGeometry, destination: MatchedGeometry
            switch itemRoles[i] {
            case .staying:
                source = try MatchedGeometry(frame: oldFrames[i]!)
                destination = try MatchedGeometry(frame: newFrames[i]!)
            case .arriving:
                source = try Self.faded(
                    newFrames[i]!, by: appearing.scale, item: { "new[\(slot - old.count)]" }, scale: "appearing.scale")
                destination = try MatchedGeometry(frame: newFrames[i]!)
            case .leaving:
                source = try MatchedGeometry(frame: oldFrames[i]!)
                destination = try Self.faded(
                    oldFrames[i]!, by: disappearing.scale, item: { "old[\(slot)]" }, scale: "disappearing.scale")
            }
            plan.pairs.append(try MatchedPair(source: source, destination: destination, options: options))
        }
        plan.roles = sorted.map { itemRoles[$0] }
        // The slots become pair indices in place: no ID hashed again.
        Self.replace(&slots.values, by: pairOfSlot)
        plan.index = slots
        return plan
    }

    /// `slot`, which a lookup that inserts gives in place (one hash for the lookup and
    /// the insert).
    private static func claim(_ slot: inout Int) -> Int { slot }

    /// Each of `values` replaced by the element of `table` it indexes, in place (the
    /// values of a dictionary given inout: one access, so its storage is not copied).
    private static func replace(_ values: inout [ID: Int].Values, by table: [Int]) {
        var place = values.startIndex
        while place != values.endIndex {
            values[place] = table[values[place]]
            values.formIndex(after: &place)
        }
    }

    /// Throws for an ID that `items` gives twice at `places` (in order), named by both.
    ///
    /// - Throws: ``AnimatableError/duplicateElement(_:)``, as `new[1]` and `new[3]`.
    private static func requireDistinct(
        _ items: [(id: ID, frame: LayoutRect)], at places: [Int]
    ) throws(AnimatableError) {
        var seen = [ID: Int](minimumCapacity: places.count)
        for k in places {
            if let first = seen.updateValue(k, forKey: items[k].id) {
                throw .duplicateElement("The ID \(items[k].id) of new[\(first)] and new[\(k)]")
            }
        }
    }

    /// Throws unless `frame` is finite with sides ≥ 0, named as `item`'s (`new[3].y`).
    private static func requireValid(_ frame: LayoutRect, item: () -> String) throws(AnimatableError) {
        do throws(AnimatableError) { try frame.validate() } catch { throw named(error, item()) }
    }

    /// An entrance's (an exit's) geometry: `frame` scaled by `scale` about its centre,
    /// transparent; a side the scale overflows named as `item`'s
    /// (`new[3].width × appearing.scale`).
    private static func faded(
        _ frame: LayoutRect, by scale: Double, item: () -> String, scale scaleName: String
    ) throws(AnimatableError) -> MatchedGeometry {
        do throws(AnimatableError) {
            return try MatchedGeometry(frame: scaled(frame, by: scale), opacity: 0)
        } catch {
            throw named(error, item(), " × \(scaleName)")
        }
    }

    /// `error` with the component it names given as `item`'s (`new[3].y`), `suffix` after.
    private static func named(_ error: AnimatableError, _ item: String, _ suffix: String = "") -> AnimatableError {
        switch error {
        case .nonFiniteComponent(let name, let value):
            .nonFiniteComponent(name: "\(item).\(name)\(suffix)", value: value)
        case .negativeValue(let name, let value): .negativeValue(name: "\(item).\(name)\(suffix)", value: value)
        default: error
        }
    }

    /// `frame` scaled by `scale` about its centre.
    static func scaled(_ frame: LayoutRect, by scale: Double) -> LayoutRect {
        let width = frame.width * scale, height = frame.height * scale
        return LayoutRect(
            unchecked: frame.minX + (frame.width - width) / 2, frame.minY + (frame.height - height) / 2, width, height)
    }

    /// `stagger` for a change of `count` items: a grid keeps its columns and gets as
    /// many rows as the items fill (a change counts the items that leave, so a grid
    /// that fits either layout may not hold them all), an origin index past the last
    /// item is the last.
    private static func fitted(_ stagger: StaggerConfig, count: Int) -> StaggerConfig {
        var fitted = stagger
        // A grid the config's own checks refuse (no columns) is left to refuse.
        if let grid = fitted.grid, grid.columns > 0 {
            let (cells, overflow) = grid.columns.multipliedReportingOverflow(by: grid.rows)
            if !overflow, cells < count { fitted.grid?.rows = (count + grid.columns - 1) / grid.columns }
        }
        if case .index(let index) = fitted.from, index >= count { fitted.from = .index(Swift.max(count - 1, 0)) }
        return fitted
    }

    /// The pair index of the item `id` (`nil` for an ID in neither layout).
    public func index(of id: ID) -> Int? { indexByID[id] }

    /// Starts the change at `time`: every item flies, appears or disappears, after its
    /// stagger delay.
    ///
    /// - Throws: as ``MatchedPairGroup/start(at:)``.
    public mutating func start(at time: Double) throws(AnimatableError) { try group.start(at: time) }

    /// Sends every item back from `time`, mid-flight or not, to where the latest change
    /// took it from: items that stay fly back, those that arrived disappear again, those
    /// leaving come back; each from its value and velocity, by the group's interruption
    /// rule (``MatchedPairGroup/reverse(at:)``). ``roles`` stay the change's.
    ///
    /// - Throws: as ``MatchedPairGroup/reverse(at:)``.
    public mutating func reverse(at time: Double) throws(AnimatableError) { try group.reverse(at: time) }

    /// Item `id`'s state at `time` (the Double reference; a frame of every item comes
    /// from ``group``'s kernel pass), or `nil` for an ID in neither layout.
    ///
    /// - Throws: as ``MatchedPairGroup/state(ofPair:at:)``.
    public func state(of id: ID, at time: Double) throws(AnimatableError) -> MatchedPairState? {
        guard let index = indexByID[id] else { return nil }
        return try group.state(ofPair: index, at: time)
    }

    /// The layout changes again at `time`, to `newer`, mid-flight or not: items in
    /// `newer` head to their frames there (one that was leaving comes back), items not
    /// in it disappear from where they were going, new items appear. Every item goes on
    /// from its value and its velocity, by the group's interruption rule (a spring's
    /// velocity; an easing adds the change on top of the motions in flight), and items
    /// at rest start after their stagger delay.
    ///
    /// With no new items, the group is retargeted (``MatchedPairGroup/retarget(_:at:)``):
    /// the order of the first change stays, and ``roles`` become this change's (an item
    /// in `newer` stays, one not in it leaves). With new items, the order and roles
    /// are this change's: the reading order of where the items are at `time` (or of
    /// `newer`, as ``order`` says), items that have faded out and are not in `newer`
    /// dropped; each item that stays takes its state at `time` as its source (where a
    /// later ``reverse(at:)`` sends it).
    ///
    /// - Throws: as ``init(from:to:curves:stagger:order:arc:appearing:disappearing:)``
    ///   for `newer`, and as ``MatchedPairGroup/retarget(_:at:)``. Nothing changes on a
    ///   throw.
    public mutating func change(to newer: [(id: ID, frame: LayoutRect)], at time: Double) throws(AnimatableError) {
        if Self.sameIDs(newer, ids) {
            // The same items in the same order (a resize, another number of columns):
            // each item's place is its own, found without a dictionary of the new IDs,
            // and its destination goes into the buffer the last such change left.
            var destinations: [MatchedGeometry] = []
            swap(&destinations, &destinationBuffer)
            defer { swap(&destinations, &destinationBuffer) }
            destinations.removeAll(keepingCapacity: true)
            destinations.reserveCapacity(newer.count)
            for i in newer.indices {
                try Self.requireValid(newer[i].frame, item: { "new[\(i)]" })
                destinations.append(try MatchedGeometry(frame: newer[i].frame))
            }
            try group.retarget(destinations, at: time)
            // Every item is in the new layout: each stays (one leaving comes back).
            for i in roles.indices { roles[i] = .staying }
            return
        }
        // Each item's place in `newer` (−1: not there), one lookup per ID of `newer`, and
        // the places in `newer` of the IDs that are no item's. (Index loops, not
        // enumerated() or key paths: generic code here goes through the runtime per
        // element.)
        var places = [Int](repeating: -1, count: ids.count)
        var newcomers: [Int] = []
        for k in newer.indices { try Self.requireValid(newer[k].frame, item: { "new[\(k)]" }) }
        for k in newer.indices {
            guard let i = indexByID[newer[k].id] else {
                newcomers.append(k)
                continue
            }
            guard places[i] < 0 else {
                throw .duplicateElement("The ID \(newer[k].id) of new[\(places[i])] and new[\(k)]")
            }
            places[i] = k
        }
        // Only the newcomers can repeat one another: the few IDs hashed again.
        try Self.requireDistinct(newer, at: newcomers)
        guard !newcomers.isEmpty else {
            var destinations: [MatchedGeometry] = []
            destinations.reserveCapacity(ids.count)
            for i in ids.indices {
                destinations.append(
                    places[i] >= 0
                        ? try MatchedGeometry(frame: newer[places[i]].frame) : try leavingDestination(ofPair: i))
            }
            try group.retarget(destinations, at: time)
            for i in roles.indices { roles[i] = places[i] >= 0 ? .staying : .leaving }
            return
        }
        // New items: laid out again from where every item is, each item that stays
        // carrying its motion on (faded out and not in `newer`: dropped), read at the
        // time the change takes effect (a time a hair before the last transition is
        // that transition's, by the one rule of TimeOrder), as the regrouped start is.
        let time = try group.changeTime(time)
        var current: [(id: ID, frame: LayoutRect)] = [], currentPairs: [Int] = []
        current.reserveCapacity(ids.count)
        currentPairs.reserveCapacity(ids.count)
        let states = try group.states(at: time)
        for i in ids.indices where states[i].opacity > 0 || places[i] >= 0 {
            let frame = states[i].frame
            currentPairs.append(i)
            current.append(
                (
                    ids[i],
                    try LayoutRect(
                        x: frame.minX, y: frame.minY, width: max(frame.width, 0), height: max(frame.height, 0))
                ))
        }
        var plan = try Self.plan(
            from: current, to: newer, order: order, options: options, appearing: appearing, disappearing: disappearing)
        var carriedPairs = [Int](repeating: -1, count: plan.ids.count)
        for j in plan.ids.indices where plan.oldPlaces[j] >= 0 {
            // An item of `current`: one of this transition's.
            let i = currentPairs[plan.oldPlaces[j]]
            carriedPairs[j] = i
            plan.pairs[j].source.opacity = min(max(states[i].opacity, 0), 1)
            if plan.roles[j] == .leaving { plan.pairs[j].destination = try leavingDestination(ofPair: i) }
        }
        var next = try group.regrouped(
            plan.pairs, carrying: carriedPairs, stagger: stagger.map { Self.fitted($0, count: plan.ids.count) })
        try next.start(at: time)
        group = next
        ids = plan.ids
        roles = plan.roles
        indexByID = plan.index
    }

    /// Whether `items` holds exactly `ids`, in that order. (The IDs of a transition are
    /// distinct, so such items are too.)
    private static func sameIDs(_ items: [(id: ID, frame: LayoutRect)], _ ids: [ID]) -> Bool {
        guard items.count == ids.count else { return false }
        for i in ids.indices where items[i].id != ids[i] { return false }
        return true
    }

    /// Where pair `i`, no longer in the layout, disappears: where it was going, scaled
    /// and transparent (as it is when it was already leaving).
    private func leavingDestination(ofPair i: Int) throws(AnimatableError) -> MatchedGeometry {
        let destination = group.pairs[i].destination
        guard destination.opacity != 0 else { return destination }
        return try Self.faded(
            destination.frame, by: disappearing.scale, item: { "item \(ids[i])" }, scale: "disappearing.scale")
    }
}

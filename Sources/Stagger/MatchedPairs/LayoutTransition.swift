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
    public internal(set) var group: MatchedPairGroup
    /// The items' IDs in the group's pair order, which is the stagger's order.
    public internal(set) var ids: [ID]
    /// Each item's role in the latest change, in ``ids`` order.
    public internal(set) var roles: [Role]
    /// How arriving items appear and leaving ones disappear.
    public let appearing: Entrance, disappearing: Entrance
    /// Which layout's reading order the stagger runs over.
    public let order: Order
    var indexByID: [ID: Int]
    /// The destinations of the last change that kept every item in order, kept for the
    /// next one: a resize that changes the layout frame after frame writes them where
    /// they were, without fresh memory.
    var destinationBuffer: [MatchedGeometry] = []
    /// The pair options every item gets (the arc).
    let options: MatchedPairOptions
    /// The stagger as given, fitted to each change's items (``fitted(_:count:)``).
    let stagger: StaggerConfig?
    /// The latest rests of the items that changes adding items dropped (faded out and
    /// at rest, not in the new layout): no longer pairs of ``group``, they are still
    /// heard of by ``itemsSettling(after:through:)``. A few bytes per item ever dropped.
    var droppedRests: [(id: ID, time: Double)] = []

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

    /// When every item is at rest, seconds (``MatchedPairGroup/settleTime``).
    public var settleTime: Double { group.settleTime }

    /// The items that come to rest in (`after`, `through`], with their times, in time
    /// order (ties in the group's pair order, then the dropped items'): per-item
    /// completion for a frame loop, which asks for the interval since its previous
    /// frame, and the cue to remove the view of an item that left. Every item that
    /// comes to rest is listed, whatever changes come between two frames, as the group
    /// lists its pairs (``MatchedPairGroup/pairsSettling(after:through:)``), and so is
    /// an item that a change adding items dropped once it had faded out and come to
    /// rest (its latest rests are kept). O(items · lanes + items dropped).
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a NaN bound.
    public func itemsSettling(after: Double, through: Double) throws(AnimatableError) -> [(id: ID, time: Double)] {
        let settling = try group.pairsSettling(after: after, through: through)
        var items: [(id: ID, time: Double, rank: Int)] = []
        items.reserveCapacity(settling.count)
        for (rank, rest) in settling.enumerated() { items.append((ids[rest.index], rest.time, rank)) }
        for k in droppedRests.indices where droppedRests[k].time > after && droppedRests[k].time <= through {
            items.append((droppedRests[k].id, droppedRests[k].time, settling.count + k))
        }
        return items.sorted { ($0.time, $0.rank) < ($1.time, $1.rank) }.map { ($0.id, $0.time) }
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
}

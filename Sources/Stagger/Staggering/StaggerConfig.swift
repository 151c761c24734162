import RealModule

/// How a group of items is staggered: each item's delay, and the curve every item runs.
///
/// An item's delay comes from its *distance* to an origin (its index in a list, or its
/// cell in a grid): `baseDelay + stagger`, where the stagger grows with the distance.
/// With ``Spread-swift.enum/each(_:)`` neighbours in a list are exactly `each` seconds
/// apart, whatever the origin (anime.js's convention; GSAP's `each` from the center
/// differs, use ``Spread-swift.enum/amount(_:)`` for its figures). Every option is a
/// plain value: the type is a pure description, and ``delay(for:of:)`` is its Double
/// reference; ``delays(count:into:backend:)`` computes all delays in the SIMD kernel.
///
/// ```swift
/// var config = StaggerConfig.standard          // 0.05 s per row, default spring
/// config.from = .center
/// config.maxDelay = 0.6                        // no row waits longer than 0.6 s
/// let d = try config.delay(for: 3, of: 10)
/// ```
///
/// `Codable`: a decoded configuration is checked where it is used, as one set field by
/// field is (the curve is checked as it decodes).
public struct StaggerConfig: Sendable, Hashable, Codable {
    /// How far apart items start.
    public enum Spread: Sendable, Hashable, Codable {
        /// Seconds of delay per unit of distance (per index in a list, per cell in a grid).
        case each(Double)
        /// The total spread in seconds, whatever the count: the farthest item waits this
        /// long (before the cap). Items all as far from the origin as each other (a
        /// single item) start together, without it.
        case amount(Double)
    }

    /// Where the stagger starts from.
    public enum Origin: Sendable, Hashable, Codable {
        /// The first item (index 0, the top-left cell).
        case first
        /// The last item.
        case last
        /// The middle: index (count − 1) / 2, or the grid's central point.
        case center
        /// Both ends (a grid's outer ring) first, the middle last: the items nearest the
        /// centre wait the whole spread (GSAP's `from: "edges"`).
        case edges
        /// The item at this index (a tapped row or cell).
        case index(Int)
        /// A fraction of the way from the first to the last position, 0…1 (the same
        /// on both axes of a grid).
        case ratio(Double)
        /// A fraction of the way across a grid along each axis, 0…1 each (GSAP's and
        /// anime.js's `from: [x, y]`): `(x: 0, y: 1)` is the bottom-left corner. A list
        /// uses `x`.
        case ratios(x: Double, y: Double)
        /// A point: a grid's column `x` and row `y` (fractions allowed: where a tap
        /// fell), a list's position `x`, or for staggers over positions
        /// (``StaggerConfig/delays(atPositions:metric:axis:)``) a point in their
        /// coordinates. Finite, within 10¹⁸.
        case point(x: Double, y: Double)
        /// A random order, the same for the same seed: the items are shuffled (the
        /// seed chooses the permutation) and each waits as the item at its new place
        /// would from ``first``, as GSAP's `from: "random"` shuffles the distances.
        /// Every delay of the ordered stagger is used once: the last waits the whole
        /// `amount`.
        case random(seed: UInt64)
    }

    /// Which axes a grid distance uses.
    public enum Axis: String, Sendable, Hashable, CaseIterable, Codable {
        /// Columns only: whole columns start together.
        case x
        /// Rows only: whole rows start together.
        case y
    }

    /// Where the normalised distance starts: what a stagger measures from.
    public enum Normalization: String, Sendable, Hashable, CaseIterable, Codable {
        /// From the origin (ours): an item that sits on the origin starts at once, and
        /// the others wait for their distance from it. From the center of 6 items with
        /// amount 0.5: 0.5 0.3 0.1 0.1 0.3 0.5; with `each`, neighbours are exactly
        /// `each` apart.
        case fromOrigin
        /// From the nearest item (GSAP's): the items nearest the origin start at once,
        /// whatever their distance from it. From the center of 6 items with amount
        /// 0.5: 0.5 0.25 0 0 0.25 0.5; `each` counts the distance beyond the nearest.
        case fromNearestItem
    }

    /// How a grid measures distance between two cells.
    public enum DistanceMetric: String, Sendable, Hashable, CaseIterable, Codable {
        /// Straight-line distance, √(dx² + dy²): round ripples.
        case euclidean
        /// |dx| + |dy|: diamond-shaped fronts.
        case manhattan
        /// max(|dx|, |dy|): square fronts.
        case chebyshev
    }

    /// A grid layout: item i sits in column i mod columns, row i / columns.
    public struct Grid: Sendable, Hashable, Codable {
        /// Cells per row, ≥ 1.
        public var columns: Int
        /// Rows, ≥ 1; columns · rows must hold every item.
        public var rows: Int
        /// Measure along one axis only, or `nil` for both.
        public var axis: Axis?
        /// The distance metric when both axes count.
        public var metric: DistanceMetric

        /// A grid of `columns` × `rows` cells (named explicitly: GSAP writes
        /// [rows, columns], anime.js [columns, rows]).
        public init(columns: Int, rows: Int, axis: Axis? = nil, metric: DistanceMetric = .euclidean) {
            self.columns = columns
            self.rows = rows
            self.axis = axis
            self.metric = metric
        }
    }

    /// Where items outside a ``VisibleWindow`` start.
    public enum OffscreenStart: String, Sendable, Hashable, CaseIterable, Codable {
        /// At `baseDelay`, with no stagger wait.
        case immediately
        /// Together with the nearest visible item.
        case withWindowEdge
    }

    /// The range of indices on screen: the stagger runs over these items as if they
    /// were the whole list, so a list scrolled to row 5,000 never waits on the rows
    /// above it.
    public struct VisibleWindow: Sendable, Hashable, Codable {
        /// Visible indices; clipped to the item count.
        public var range: Range<Int>
        /// Where the other items start.
        public var offscreen: OffscreenStart

        /// A window over `range`; items outside start `offscreen`.
        public init(_ range: Range<Int>, offscreen: OffscreenStart = .immediately) {
            self.range = range
            self.offscreen = offscreen
        }
    }

    /// Seconds before the first item starts: finite and ≥ 0 (lists, pair groups and
    /// timelines alike refuse a negative one with ``StaggerError/invalidBaseDelay(_:)``).
    public var baseDelay: Double
    /// How far apart items start; values finite and ≥ 0.
    public var spread: Spread
    /// The curve every item runs once its delay has passed.
    public var curve: Curve
    /// Where the stagger starts from.
    public var from: Origin = .first
    /// A grid layout, or `nil` for a list.
    public var grid: Grid?
    /// Shapes the distribution of delays over the normalised distance (GSAP's
    /// `ease`): `.easeInQuad` bunches the near items together, for example.
    public var distribution: Easing = .linear
    /// Runs the order backwards: the item that would start last starts first (items
    /// that would all start together still do).
    public var isReversed = false
    /// A cap on the stagger part of any delay, in seconds (≥ 0), or `nil` for none:
    /// items past it start together, so a 10,000-row list still appears promptly.
    public var maxDelay: Double?
    /// The visible items, or `nil` when every item counts.
    public var visibleWindow: VisibleWindow?
    /// What the distances count from: the origin (the default) or, as GSAP does, the
    /// item nearest it. The two differ only where no item sits on the origin (the
    /// center of an even count, a ratio between cells); random orders ignore it.
    public var normalization: Normalization = .fromOrigin

    /// A list stagger: item i waits baseDelay + i · delayIncrement.
    ///
    /// - Throws: ``StaggerError/invalidSpread(_:)`` for a negative or non-finite
    ///   increment; ``StaggerError/invalidBaseDelay(_:)`` for a negative or non-finite
    ///   base delay.
    public init(baseDelay: Double = 0, delayIncrement: Double = 0.05, curve: Curve = .spring) throws(StaggerError) {
        self.baseDelay = baseDelay
        self.spread = .each(delayIncrement)
        self.curve = curve
        try validate()
    }

    /// A stagger with every option.
    ///
    /// - Throws: ``StaggerError`` for a negative or non-finite base delay, a negative or
    ///   non-finite spread, a negative cap, an origin ratio outside [0, 1] or a negative origin
    ///   index; count-dependent checks run where the count is known.
    public init(
        baseDelay: Double = 0, spread: Spread, curve: Curve = .spring, from: Origin = .first,
        grid: Grid? = nil, distribution: Easing = .linear, reversed: Bool = false,
        maxDelay: Double? = nil, visibleWindow: VisibleWindow? = nil
    ) throws(StaggerError) {
        self.baseDelay = baseDelay
        self.spread = spread
        self.curve = curve
        self.from = from
        self.grid = grid
        self.distribution = distribution
        self.isReversed = reversed
        self.maxDelay = maxDelay
        self.visibleWindow = visibleWindow
        try validate()
    }

    private init(unchecked baseDelay: Double, _ increment: Double, _ curve: Curve) {
        self.baseDelay = baseDelay
        self.spread = .each(increment)
        self.curve = curve
    }

    /// 0.03 s apart, the default spring.
    public static let fast = StaggerConfig(unchecked: 0, 0.03, .spring)
    /// 0.05 s apart, the default spring.
    public static let standard = StaggerConfig(unchecked: 0, 0.05, .spring)
    /// 0.1 s before the first, 0.08 s apart, easeOut over 0.4 s.
    public static let relaxed = StaggerConfig(
        unchecked: 0.1, 0.08, Curve(kind: .easing(.easeOut, duration: 0.4)))

    /// Seconds per unit of distance: the `each` spread (0 for an `amount` spread).
    /// Setting it makes the spread `each`.
    public var delayIncrement: Double {
        get {
            if case .each(let each) = spread { return each }
            return 0
        }
        set { spread = .each(newValue) }
    }

    /// Checks what can be checked without a count.
    func validate() throws(StaggerError) {
        guard baseDelay.isFinite, baseDelay >= 0 else { throw .invalidBaseDelay(baseDelay) }
        switch spread {
        case .each(let value), .amount(let value):
            guard value.isFinite, value >= 0 else { throw .invalidSpread(value) }
        }
        if let maxDelay, maxDelay.isNaN || maxDelay < 0 { throw .invalidMaxDelay(maxDelay) }
        switch from {
        case .ratio(let ratio) where !(0...1).contains(ratio): throw .originOutOfRange(ratio)
        case .ratios(let x, _) where !(0...1).contains(x): throw .originOutOfRange(x)
        case .ratios(_, let y) where !(0...1).contains(y): throw .originOutOfRange(y)
        case .point(let x, _) where !(abs(x) <= 1e18): throw .originOutOfRange(x)
        case .point(_, let y) where !(abs(y) <= 1e18): throw .originOutOfRange(y)
        case .index(let index) where index < 0: throw .originOutOfRange(Double(index))
        default: break
        }
        if let grid, grid.columns < 1 || grid.rows < 1 {
            throw .gridTooSmall(columns: grid.columns, rows: grid.rows, count: 0)
        }
    }

    /// Checks everything for `count` items.
    func validate(count: Int) throws(StaggerError) {
        try validate()
        guard count >= 0 else { throw .negativeCount(count) }
        if case .index(let index) = from, index >= count, count > 0 {
            throw .originOutOfRange(Double(index))
        }
        if let grid {
            let (cells, overflow) = grid.columns.multipliedReportingOverflow(by: grid.rows)
            if !overflow && cells < count {
                throw .gridTooSmall(columns: grid.columns, rows: grid.rows, count: count)
            }
        }
    }

    // MARK: - The Double reference

    /// The delay of item `index` of `count`, in seconds: the reference the kernel is
    /// tested against.
    ///
    /// - Throws: ``StaggerError/negativeCount(_:)``, ``StaggerError/indexOutOfRange(index:count:)``,
    ///   ``StaggerError/originOutOfRange(_:)`` (an origin index ≥ count),
    ///   ``StaggerError/gridTooSmall(columns:rows:count:)``, and the checks of
    ///   ``init(baseDelay:spread:curve:from:grid:distribution:reversed:maxDelay:visibleWindow:)``.
    /// - Complexity: O(1).
    public func delay(for index: Int, of count: Int) throws(StaggerError) -> Double {
        try validate(count: count)
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        return try uncheckedDelay(for: index, of: count)
    }

    /// Every item's delay from the Double reference, in seconds: the configuration is
    /// checked once for `count` items rather than once per item, and `count` is held to
    /// the limit of a list (2²³ items), so that a huge count fails before anything is
    /// allocated for it.
    ///
    /// - Throws: the errors of ``delay(for:of:)``; ``StaggerError/tooManyItems(count:maximum:)``.
    func referenceDelays(count: Int) throws(StaggerError) -> [Double] {
        try validateForReference(count: count)
        return [Double](unsafeUninitializedCapacity: count) { delays, written in
            forEachReferenceDelay(count: count) { index, delay in
                delays.initializeElement(at: index, to: delay)
                written = index + 1
            }
        }
    }

    /// ``referenceDelays(count:)`` written into `delays` (its count is the item count),
    /// a buffer the caller keeps from one transition to the next: no allocation.
    ///
    /// - Throws: as ``referenceDelays(count:)``; `delays` is unchanged then.
    func referenceDelays(into delays: inout [Double]) throws(StaggerError) {
        let count = delays.count
        try validateForReference(count: count)
        delays.withUnsafeMutableBufferPointer { delays in
            forEachReferenceDelay(count: count) { index, delay in delays[index] = delay }
        }
    }

    /// The checks of both ``referenceDelays(count:)`` forms: the configuration for
    /// `count` items, and `count` within a list's limit.
    private func validateForReference(count: Int) throws(StaggerError) {
        try validate(count: count)
        let limit = KernelLimits.staggeredItems
        guard count <= limit else { throw .tooManyItems(count: count, maximum: limit) }
    }

    /// Hands `store` every item's delay from the Double reference, in index order, for
    /// a configuration already checked for `count` items: the figures of
    /// ``delay(for:of:)``, with the window and the geometry found once, not once per
    /// item (they depend on the count alone; the geometry's largest distance was most
    /// of a list transition's time).
    func forEachReferenceDelay<Failure: Error>(
        count: Int, _ store: (_ index: Int, _ delay: Double) throws(Failure) -> Void
    ) throws(Failure) {
        let window = visibleWindow.map { $0.range.clamped(to: 0..<count) }
        let items = window?.count ?? count
        let layout = LayoutGeometry(config: self, count: items)
        let (nearest, maximum) = distanceBounds(of: layout)
        var order: RandomOrder?
        if case .random(let seed) = from { order = RandomOrder(count: items, seed: seed) }
        let isLinear = distribution.kind == .linear
        // A cell walked item by item (no division per item) while positions are the
        // indices themselves: no window, no shuffle.
        var cell = (x: 0, y: 0)
        for index in 0..<count {
            var position = index
            if let window {
                if !window.contains(index) {
                    guard visibleWindow?.offscreen == .withWindowEdge, !window.isEmpty else {
                        try store(index, baseDelay)
                        continue
                    }
                    position = min(max(index, window.lowerBound), window.upperBound - 1)
                }
                position -= window.lowerBound
            }
            let distance: Double
            if window == nil, order == nil {
                distance = layout.distance(ofCellX: Double(cell.x), y: Double(cell.y))
                cell.x += 1
                if cell.x == layout.columns { cell = (0, cell.y + 1) }
            } else {
                distance = layout.distance(of: order?.place(of: position) ?? position)
            }
            let parts = (layout.inverted ? max(layout.maximumDistance - distance, 0) : distance, nearest, maximum)
            try store(index, delay(from: parts, isLinear: isLinear))
        }
    }

    /// ``delay(for:of:)`` for an index and count already checked.
    private func uncheckedDelay(for index: Int, of count: Int) throws(StaggerError) -> Double {
        var position = index
        var items = count
        if let window = visibleWindow {
            let range = window.range.clamped(to: 0..<count)
            if !range.contains(index) {
                guard window.offscreen == .withWindowEdge, !range.isEmpty else { return baseDelay }
                position = min(max(index, range.lowerBound), range.upperBound - 1)
            }
            position -= range.lowerBound
            items = range.count
        }
        return delay(from: try normalisedDistanceParts(of: position, in: items))
    }

    /// An item's delay from its distance, the nearest and the largest distance (see
    /// ``normalisedDistanceParts(of:in:)``).
    private func delay(from parts: (distance: Double, nearest: Double, maximum: Double), isLinear: Bool = false)
        -> Double
    {
        let range = parts.maximum - parts.nearest
        let u = range > 0 ? min(max((parts.distance - parts.nearest) / range, 0), 1) : 0
        // `isLinear`: the distribution is known to be the identity, whose value(at:) is
        // u itself (in [0, 1] already): no call per item.
        var shaped = isLinear && u.isFinite ? u : (try? distribution.value(at: u)) ?? 0
        if isReversed { shaped = 1 - shaped }
        var stagger = totalSpread(distanceRange: range) * shaped
        if let maxDelay { stagger = min(stagger, maxDelay) }
        return baseDelay + stagger
    }

    /// Item `index`'s delay, for configurations whose delays do not depend
    /// on the count (a list from the first item, with no window or cap on a count).
    ///
    /// - Throws: ``StaggerError/countRequired`` for any other configuration;
    ///   ``StaggerError/indexOutOfRange(index:count:)`` for a negative index.
    public func delay(for index: Int) throws(StaggerError) -> Double {
        guard grid == nil, from == .first, visibleWindow == nil, distribution == .linear,
            !isReversed, case .each = spread
        else { throw .countRequired }
        guard index >= 0 else { throw .indexOutOfRange(index: index, count: 0) }
        return try delay(for: index, of: index + 1)
    }

    /// The stagger of the farthest item before the cap: `each` times the range of
    /// distances (from the origin, or from the nearest item), or the `amount`; 0 when
    /// the range is empty (one item, or every item as far from the origin: they start
    /// together, reversed or not).
    func totalSpread(distanceRange: Double) -> Double {
        guard distanceRange > 0 else { return 0 }
        return switch spread {
        case .each(let each): each * distanceRange
        case .amount(let amount): amount
        }
    }

    /// Where a layout's normalised distances start and end, after `edges` inversion:
    /// from 0 (or the nearest item's distance under ``Normalization/fromNearestItem``)
    /// to the largest distance. Inverted, every distance is the largest minus the
    /// item's own, so they run from 0 (the outermost items, on the edges whatever the
    /// normalisation) to the largest minus the nearest item's: the items nearest the
    /// centre are the farthest from the edges, and wait the whole spread.
    func distanceBounds(of layout: LayoutGeometry) -> (nearest: Double, maximum: Double) {
        if layout.inverted { return (0, layout.maximumDistance - layout.nearestDistance) }
        return (normalization == .fromNearestItem ? layout.nearestDistance : 0, layout.maximumDistance)
    }

    /// An item's distance from the origin and the bounds of the distances among `count`
    /// items (``distanceBounds(of:)``), in positions (list) or cells (grid), after
    /// `edges` inversion; in a random order, the distance from the first item of the
    /// place the item is shuffled to.
    func normalisedDistanceParts(
        of index: Int, in count: Int
    ) throws(StaggerError) -> (distance: Double, nearest: Double, maximum: Double) {
        let layout = LayoutGeometry(config: self, count: count)
        let distance = layout.distance(of: shuffledPosition(of: index, count: count))
        let bounds = distanceBounds(of: layout)
        return (
            layout.inverted ? max(layout.maximumDistance - distance, 0) : distance, bounds.nearest, bounds.maximum
        )
    }
}

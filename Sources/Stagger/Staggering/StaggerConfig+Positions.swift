extension StaggerConfig {
    /// Every item's delay, in seconds, when the items sit at `positions` (the measured
    /// frames of a masonry or collection view, in points) rather than in a list or a
    /// grid: anime.js's staggers over `{x, y}` positions.
    ///
    /// The distances are the grid's, between points: `metric` (or one `axis` only)
    /// from the origin, which is the position of the item ``from`` names (`first`,
    /// `last`, `index(i)`), the center of the positions' bounding box (`center`, and
    /// `edges`, which starts the farthest first), a fraction of the box (`ratio`,
    /// `ratios`), or a point in the positions' coordinates (`point`: where a tap fell;
    /// with ``Normalization/fromNearestItem`` the item nearest it starts at once). Then
    /// as for a grid: the distances are normalised, shaped by ``distribution``, turned by
    /// ``isReversed``, spread by ``spread`` (`each` is seconds per point of distance),
    /// capped by ``maxDelay`` and added to ``baseDelay``; a random origin shuffles the
    /// items as a list's would and measures from the first. ``visibleWindow`` plays no part. Pass the result to
    /// ``Curve/sampleStaggered(at:delays:into:backend:)-(_,[Float],_,_)`` (as float32) to sample every
    /// item in one kernel call.
    ///
    /// - Parameters:
    ///   - positions: one point per item; any finite coordinates.
    ///   - metric: how distance is measured when both axes count.
    ///   - axis: measure along one axis only (whole columns or rows start together), or
    ///     `nil` for both.
    /// - Throws: the errors of ``delay(for:of:)`` for `positions.count` items (an origin
    ///   index past the last item, an origin ratio outside [0, 1]).
    /// - Complexity: O(n), in Double.
    public func delays(
        atPositions positions: [LayoutPoint], metric: DistanceMetric = .euclidean, axis: Axis? = nil
    ) throws(StaggerError) -> [Double] {
        var plain = self
        plain.grid = nil
        plain.visibleWindow = nil
        try plain.validate(count: positions.count)
        guard !positions.isEmpty else { return [] }
        let n = positions.count
        let xs = positions.map(\.x), ys = positions.map(\.y)
        let low = (x: xs.min()!, y: ys.min()!), high = (x: xs.max()!, y: ys.max()!)
        let origin: (x: Double, y: Double)
        switch from {
        case .first, .random: origin = (xs[0], ys[0])
        case .last: origin = (xs[n - 1], ys[n - 1])
        case .index(let index): origin = (xs[index], ys[index])
        case .center, .edges: origin = ((low.x + high.x) / 2, (low.y + high.y) / 2)
        case .ratio(let r): origin = (low.x + r * (high.x - low.x), low.y + r * (high.y - low.y))
        case .ratios(let rx, let ry): origin = (low.x + rx * (high.x - low.x), low.y + ry * (high.y - low.y))
        case .point(let x, let y): origin = (x, y)
        }
        // A random order: each item takes the distance of the position it is shuffled to.
        var distances = (0..<n).map { item in
            let i = shuffledPosition(of: item, count: n)
            return LayoutGeometry.distance(
                dx: Swift.abs(xs[i] - origin.x), dy: Swift.abs(ys[i] - origin.y), metric: metric, axis: axis)
        }
        if case .edges = from {
            let largest = distances.max()!
            distances = distances.map { Swift.max(largest - $0, 0) }
        }
        // Inverted, the largest distance is the centre-most item's from the edges.
        let maximum = distances.max()!
        let nearest = normalization == .fromNearestItem ? distances.min()! : 0
        let range = maximum - nearest
        let total = totalSpread(distanceRange: range)
        return distances.map { distance in
            let u = range > 0 ? Swift.min(Swift.max((distance - nearest) / range, 0), 1) : 0
            var shaped = (try? distribution.value(at: u)) ?? 0
            if isReversed { shaped = 1 - shaped }
            return baseDelay + Swift.min(total * shaped, maxDelay ?? .infinity)
        }
    }
}

internal import CInterp

extension StaggerConfig {
    /// The visible range clipped to the items (all of them without a window).
    func window(count: Int) -> Range<Int> {
        visibleWindow?.range.clamped(to: 0..<count) ?? 0..<count
    }

    /// The closed form the kernel computes from the index alone, when this stagger has
    /// one: a list (no grid) with a linear distribution and a non-random origin.
    func listDelays(count: Int) -> ci_list_delays? {
        guard grid == nil, distribution == .linear else { return nil }
        if case .random = from { return nil }
        let range = window(count: count)
        let geometry = LayoutGeometry(config: self, count: range.count)
        let nearest = kernelNearestDistance(of: geometry)
        let distanceRange = geometry.maximumDistance - nearest
        let total = totalSpread(distanceRange: distanceRange)
        // stagger = total * (flip ? 1 - u : u) with u = (d - nearest) / range: edges
        // invert, reversed flips. Unflipped, the nearest distance folds into the offset;
        // flipped, the stagger is slope * (largest - d), counted from the largest
        // distance (the pivot) so that the items at the far ends, which start first, get
        // delays rounded relative to themselves, not to the whole spread.
        let flip = geometry.inverted != isReversed
        var slope = 0.0
        if distanceRange > 0 {
            if case .each(let each) = spread { slope = each } else { slope = total / distanceRange }
        }
        var list = ci_list_delays()
        list.base_delay = baseDelay
        list.offset = flip ? 0 : -slope * nearest
        list.slope = slope
        list.pivot = flip ? geometry.maximumDistance : 0
        list.origin = geometry.originX
        list.max_delay = maxDelay ?? .infinity
        list.window_start = Double(range.lowerBound)
        list.window_end = Double(range.upperBound)
        list.outside =
            visibleWindow?.offscreen == .withWindowEdge
            ? Int32(CI_OUTSIDE_WINDOW_EDGE.rawValue) : Int32(CI_OUTSIDE_IMMEDIATE.rawValue)
        return list
    }

    /// Where the kernel's u = (d − nearest) / (largest − nearest) starts, d measured from
    /// the origin: `edges` takes 1 − u, so its u starts at the nearest item's distance
    /// whatever the normalisation (the same delays as ``distanceBounds(of:)``'s
    /// inverted distances).
    private func kernelNearestDistance(of geometry: LayoutGeometry) -> Double {
        geometry.inverted || normalization == .fromNearestItem ? geometry.nearestDistance : 0
    }

    /// The general layout the kernel's delay pass computes (any origin but random).
    func delayLayout(count: Int) -> ci_delay_layout? {
        if case .random = from { return nil }
        let range = window(count: count)
        let geometry = LayoutGeometry(config: self, count: range.count)
        var layout = ci_delay_layout()
        layout.columns = Int32(clamping: geometry.columns)
        layout.rows = Int32(clamping: geometry.rows)
        layout.metric = Int32(geometry.metric.kernelMetric.rawValue)
        layout.axis = Int32((geometry.axis?.kernelAxis ?? CI_AXIS_BOTH).rawValue)
        layout.invert = geometry.inverted ? 1 : 0
        layout.reversed = isReversed ? 1 : 0
        layout.outside =
            visibleWindow?.offscreen == .withWindowEdge
            ? Int32(CI_OUTSIDE_WINDOW_EDGE.rawValue) : Int32(CI_OUTSIDE_IMMEDIATE.rawValue)
        layout.origin_x = geometry.originX
        layout.origin_y = geometry.originY
        layout.max_distance = geometry.maximumDistance
        layout.nearest_distance = kernelNearestDistance(of: geometry)
        layout.base_delay = baseDelay
        layout.spread = totalSpread(distanceRange: layout.max_distance - layout.nearest_distance)
        layout.max_delay = maxDelay ?? .infinity
        layout.window_start = Double(range.lowerBound)
        layout.window_end = Double(range.upperBound)
        layout.distribution = distribution.kernelDescriptor
        return layout
    }

    /// Every item's delay, in seconds, computed in the SIMD kernel (random orders in
    /// Swift, by the Double reference of ``delay(for:of:)``).
    ///
    /// - Parameters:
    ///   - count: the number of items; `delays` must hold exactly that many.
    ///   - delays: receives each item's delay, in seconds.
    ///   - backend: the instruction-set path, or `nil` for ``Backend/active``.
    /// - Throws: the errors of ``delay(for:of:)``; ``StaggerError/bufferMismatch(expected:actual:)``;
    ///   ``StaggerError/tooManyItems(count:maximum:)`` above 2²³ items;
    ///   ``StaggerError/curve(_:)`` wrapping ``CurveError/exceedsFloat32Range(name:value:)``
    ///   for delays float32 cannot hold.
    ///
    /// Accuracy: within 1e-6 s plus 2⁻²² of the delay of ``delay(for:of:)``.
    /// O(count), no allocation.
    public func delays(
        count: Int, into delays: UnsafeMutableBufferPointer<Float>, backend: Backend? = nil
    ) throws(StaggerError) {
        try validate(count: count)
        guard delays.count == count else { throw .bufferMismatch(expected: count, actual: delays.count) }
        let limit = Int(CI_MAX_GRID_ITEMS)
        guard count <= limit else { throw .tooManyItems(count: count, maximum: limit) }
        guard var layout = delayLayout(count: count) else {
            // A random order, which the kernel cannot shuffle: the reference's delays.
            try forEachReferenceDelay(count: count) { (index, delay) throws(StaggerError) in
                // As the kernel refuses a stagger whose delays overflow float32 (found by
                // fuzzing: amount:1e59 with a random origin gave infinite delays).
                guard Float(delay).isFinite else {
                    throw .curve(.exceedsFloat32Range(name: "delay of item \(index)", value: delay))
                }
                delays[index] = Float(delay)
            }
            return
        }
        let status = ci_delays(backend?.cValue ?? CI_BACKEND_AUTO, &layout, delays.baseAddress, count)
        try checkStaggerStatus(status, backend: backend)
    }

    /// Every item's delay, in seconds, in a new array; see
    /// ``delays(count:into:backend:)``.
    public func delays(count: Int, backend: Backend? = nil) throws(StaggerError) -> [Float] {
        guard count >= 0 else { throw .negativeCount(count) }
        // Refuse before allocating: an absurd count must throw, not exhaust memory.
        let limit = Int(CI_MAX_GRID_ITEMS)
        guard count <= limit else { throw .tooManyItems(count: count, maximum: limit) }
        var result = [Float](repeating: 0, count: count)
        try result.withUnsafeMutableBufferPointer { (buffer) throws(StaggerError) in
            try delays(count: count, into: buffer, backend: backend)
        }
        return result
    }
}

extension StaggerConfig.DistanceMetric {
    var kernelMetric: ci_metric {
        switch self {
        case .euclidean: CI_METRIC_EUCLIDEAN
        case .manhattan: CI_METRIC_MANHATTAN
        case .chebyshev: CI_METRIC_CHEBYSHEV
        }
    }
}

extension StaggerConfig.Axis {
    var kernelAxis: ci_axis {
        switch self {
        case .x: CI_AXIS_X
        case .y: CI_AXIS_Y
        }
    }
}

/// Turns a kernel status from a staggering call (delays, distances, waves) into a
/// StaggerError: ``checkKernelStatus(_:backend:input:invalidCurve:)``'s reading, with a
/// non-finite input named as the time it came from.
func checkStaggerStatus(_ status: ci_status, backend: Backend?) throws(StaggerError) {
    if status == CI_ERR_NONFINITE_INPUT { throw .invalidTime(.nan) }
    do {
        try checkKernelStatus(
            status, backend: backend, input: nil, invalidCurve: .exceedsFloat32Range(name: "curve", value: 0))
    } catch {
        throw .curve(error)
    }
}

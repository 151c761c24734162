extension StaggerConfig {
    /// Item `index`'s value when a range is spread over `count` items by this stagger's
    /// distances instead of its delays (GSAP's `distribute`, anime.js's staggered
    /// ranges): `from` at the origin's distance, `to` at the farthest item's, in
    /// between as the delays are, shaped by ``distribution``, turned around by
    /// ``isReversed``, measured as ``normalization`` says (under
    /// ``Normalization/fromNearestItem``, GSAP's, the item nearest the origin takes
    /// `from` even where none sits on it, as the middle two of an even list from
    /// ``Origin/center``). A fan of rotations from the center, a ramp of scales across
    /// a grid. Items all as far from the origin as each other (a single item) each take
    /// `from`. The Double reference of ``values(from:to:count:backend:)``.
    ///
    /// The time fields play no part: ``baseDelay``, ``spread``, ``maxDelay`` and
    /// ``visibleWindow`` are ignored.
    ///
    /// - Throws: ``StaggerError/invalidValueRange(name:value:)`` for an end that is not
    ///   finite or ends whose difference overflows; the errors of ``delay(for:of:)``.
    /// - Complexity: O(1).
    public func value(for index: Int, of count: Int, from: Double, to: Double) throws(StaggerError) -> Double {
        let spread = try valueSpread(from: from, to: to)
        let value = Swift.min(from, to) + (try spread.delay(for: index, of: count))
        return try spread.startsTogether(count: count) ? from : value
    }

    /// Every item's value when `from ... to` is spread over `count` items (see
    /// ``value(for:of:from:to:)``), computed in the SIMD kernel's delay pass.
    ///
    /// - Throws: the errors of ``value(for:of:from:to:)``; those of
    ///   ``delays(count:into:backend:)`` (values float32 cannot hold, an unsupported
    ///   backend).
    ///
    /// Accuracy: within 1e-6 plus 2⁻²² of the larger end's magnitude and of the range,
    /// as the delay pass is. O(count).
    public func values(from: Double, to: Double, count: Int, backend: Backend? = nil) throws(StaggerError) -> [Float] {
        let spread = try valueSpread(from: from, to: to)
        if try spread.startsTogether(count: count) { return [Float](repeating: Float(from), count: count) }
        var values = try spread.delays(count: count, backend: backend)
        // The smaller end added after the pass: a delay's base cannot be negative.
        let base = Swift.min(from, to)
        if base != 0 { for i in values.indices { values[i] = Float(base + Double(values[i])) } }
        return values
    }

    /// Whether every item is as far from the origin as the others (one item; two from
    /// the centre measured from the nearest): each is then the first to start, and
    /// takes `from` (the delays, which cannot run backwards, would give the smaller end).
    private func startsTogether(count: Int) throws(StaggerError) -> Bool {
        guard count > 0 else { return false }
        let parts = try normalisedDistanceParts(of: 0, in: count)
        return parts.maximum <= parts.nearest
    }

    /// This stagger as the delays that are the values less the smaller end: from 0,
    /// spreading by the range, turned around when the values fall.
    private func valueSpread(from: Double, to: Double) throws(StaggerError) -> StaggerConfig {
        guard from.isFinite else { throw .invalidValueRange(name: "from", value: from) }
        guard to.isFinite else { throw .invalidValueRange(name: "to", value: to) }
        guard (to - from).isFinite else { throw .invalidValueRange(name: "to - from", value: to - from) }
        var spread = self
        spread.baseDelay = 0
        spread.spread = .amount(Swift.abs(to - from))
        spread.maxDelay = nil
        spread.visibleWindow = nil
        if to < from { spread.isReversed.toggle() }
        return spread
    }
}

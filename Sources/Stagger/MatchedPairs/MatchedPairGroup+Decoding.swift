extension MatchedPairGroup {
    // MARK: - Decoding a sampled frame

    /// Pair `index`'s state from a sampled frame, without allocating.
    ///
    /// Cheap to call once per pair from a frame loop (a `ForEach` over the pairs, say):
    /// a group is one reference to its storage, so reading it from a model's property
    /// for each call costs a retain. ``states(in:into:)`` decodes every pair in one call.
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)`` for a
    ///   frame of another size (lanes); ``AnimatableError/unknownElement(_:)`` for an
    ///   index outside the pairs.
    public func state(ofPair index: Int, in frame: MatchedFrame) throws(AnimatableError) -> MatchedPairState {
        try checkDecoding(frame)
        guard pairs.indices.contains(index) else { throw .unknownElement("pair \(index)") }
        let n = pairs.count
        return frame.values.withUnsafeBufferPointer { values in
            decodings.withUnsafeBufferPointer { decodings in
                let decoding = decodings.baseAddress! + index
                return decoding.pointee.record.state(
                    lanes: { Double(values[$0 * n + index]) }, crossFade: decoding.pointee.crossFade)
            }
        }
    }

    /// Every pair's state from a sampled frame, in pair order, replacing the contents of
    /// `states`: what ``state(ofPair:in:)`` gives for each pair, in one pass.
    ///
    /// Reuse one array frame after frame: once its capacity holds the pair count (after
    /// the first call), decoding allocates nothing (unless the array's storage is
    /// shared with a copy, which it then stops sharing). O(pairs).
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)`` for a
    ///   frame of another size (lanes); `states` is left unchanged then.
    public func states(in frame: MatchedFrame, into states: inout [MatchedPairState]) throws(AnimatableError) {
        try checkDecoding(frame)
        states.removeAll(keepingCapacity: true)
        let n = pairs.count
        states.reserveCapacity(n)
        // Each pair from its decoding record, which reads no pair (see
        // ``MatchedPairDecoding``), in place (a pointer's element).
        frame.values.withUnsafeBufferPointer { values in
            decodings.withUnsafeBufferPointer { decodings in
                guard let decoding = decodings.baseAddress else { return }
                for i in 0..<n {
                    states.append(
                        decoding[i].record.state(
                            lanes: { Double(values[$0 * n + i]) }, crossFade: decoding[i].crossFade))
                }
            }
        }
    }

    /// A pair's decoding record and its cross-fade.
    struct Decoding: Sendable {
        var record: MatchedPairDecoding
        var crossFade: CrossFade

        init(_ pair: MatchedPair) {
            record = MatchedPairDecoding(pair)
            crossFade = pair.options.crossFade
        }
    }

    /// Throws unless `frame` was made for this group (its lane count).
    private func checkDecoding(_ frame: MatchedFrame) throws(AnimatableError) {
        let expected = pairs.count * MatchedPair.laneCount
        guard frame.pairCount == pairs.count, frame.values.count == expected else {
            throw .componentCountMismatch(expected: expected, actual: frame.values.count)
        }
    }
}

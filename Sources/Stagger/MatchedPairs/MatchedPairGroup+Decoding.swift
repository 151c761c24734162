extension MatchedPairGroup {
    // MARK: - Decoding a sampled frame

    /// Pair `index`'s state from a sampled frame, without allocating.
    ///
    /// To decode every pair of a frame, ``states(in:into:)`` does the same in one call
    /// (calling this once per pair on a group held in a `var` can cost a copy of the
    /// group's storage references per call).
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)`` for a
    ///   frame of another size (lanes); ``AnimatableError/unknownElement(_:)`` for an
    ///   index outside the pairs.
    public func state(ofPair index: Int, in frame: MatchedFrame) throws(AnimatableError) -> MatchedPairState {
        try checkDecoding(frame)
        guard pairs.indices.contains(index) else { throw .unknownElement("pair \(index)") }
        let n = pairs.count
        return frame.values.withUnsafeBufferPointer { values in
            pairs[index].state { Double(values[$0 * n + index]) }
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
        let n = pairs.count
        states.removeAll(keepingCapacity: true)
        states.reserveCapacity(n)
        frame.values.withUnsafeBufferPointer { values in
            pairs.withUnsafeBufferPointer { pairs in
                for i in 0..<n { states.append(pairs[i].state { Double(values[$0 * n + i]) }) }
            }
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

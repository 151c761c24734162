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
                // Colours by the reference: the bits a whole frame's decode gets from
                // the kernel, without a kernel call per pair.
                return decoding.pointee.record.state(
                    lanes: { Double(values[$0 * n + index]) }, crossFade: decoding.pointee.crossFade)
            }
        }
    }

    /// The kernel's channels for `count` pairs' colour whose four mixed lanes start at
    /// lane `first`, from a frame's rows at `rows` (the first pair's value in lane 0;
    /// a lane's row is `stride` floats on), into `red`, `green` and `blue`.
    private static func encodeColors(
        _ first: MatchedLane, rows: UnsafePointer<Float>, stride: Int, count: Int, red: UnsafeMutablePointer<Double>,
        green: UnsafeMutablePointer<Double>, blue: UnsafeMutablePointer<Double>
    ) {
        let l = first.rawValue
        Oklab.encodedSRGB(
            lightness: rows + l * stride, a: rows + (l + 1) * stride, b: rows + (l + 2) * stride,
            alpha: rows + (l + 3) * stride, count: count, red: red, green: green, blue: blue)
    }

    /// Every pair's state from a sampled frame, in pair order, replacing the contents of
    /// `states`: what ``state(ofPair:in:)`` gives for each pair, in one pass.
    ///
    /// Colours mixed in Oklab under CSS gamut mapping (the defaults) go from Oklab to
    /// sRGB in the kernel, a vector of pairs at a time, with the bits
    /// ``state(ofPair:in:)`` gives them (the same operations in the same order); a colour
    /// outside the gamut, clear, or mixed another way is converted in Swift.
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
        // ``MatchedPairDecoding``), in place (a pointer's element). The colours go
        // through the kernel a block of pairs at a time (the frame's rows are its
        // input), into scratch on the stack: six channels of `block` pairs, 768 bytes
        // (Swift puts a temporary allocation over 1 KiB on the stack only where it
        // finds room, else on the heap: a malloc per call in a release build).
        let block = 16
        let (isShared, fade) = storage.crossFadeReadOnce
        frame.values.withUnsafeBufferPointer { values in
            decodings.withUnsafeBufferPointer { decodings in
                guard let decoding = decodings.baseAddress, let rows = values.baseAddress else { return }
                withUnsafeTemporaryAllocation(of: Double.self, capacity: 6 * block) { scratch in
                    let channels = scratch.baseAddress!
                    for lower in Swift.stride(from: 0, to: n, by: block) {
                        let count = Swift.min(block, n - lower)
                        Self.encodeColors(
                            .color0, rows: rows + lower, stride: n, count: count, red: channels,
                            green: channels + block, blue: channels + 2 * block)
                        Self.encodeColors(
                            .shadow0, rows: rows + lower, stride: n, count: count, red: channels + 3 * block,
                            green: channels + 4 * block, blue: channels + 5 * block)
                        for j in 0..<count {
                            let i = lower + j
                            let color = (channels[j], channels[block + j], channels[2 * block + j])
                            let shadow = (channels[3 * block + j], channels[4 * block + j], channels[5 * block + j])
                            let record = decoding[i].record
                            if isShared {
                                states.append(
                                    record.state(
                                        lanes: { Double(values[$0 * n + i]) }, crossFade: fade, color: color,
                                        shadow: shadow))
                            } else {
                                states.append(
                                    record.state(
                                        lanes: { Double(values[$0 * n + i]) }, crossFade: decoding[i].crossFade,
                                        color: color, shadow: shadow))
                            }
                        }
                    }
                }
            }
        }
    }

    /// A pair's decoding record and its cross-fade.
    struct Decoding: Sendable {
        var record: MatchedPairDecoding
        /// Fixed with the pair (a retarget changes its record, not its options): the
        /// storage's shared cross-fade is found from these once.
        let crossFade: CrossFade

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

extension StaggerConfig {
    /// Item `index`'s place among `count` items: itself, or in a ``Origin/random(seed:)``
    /// order the place it is shuffled to.
    func shuffledPosition(of index: Int, count: Int) -> Int {
        guard case .random(let seed) = from else { return index }
        return Self.shuffledPosition(of: index, count: count, seed: seed)
    }

    /// The place item `index` takes in the random order of `count` items that `seed`
    /// chooses: a permutation of `0..<count`, so that every place is taken once, found
    /// for one item in O(1) without storing the order.
    ///
    /// A four-round Feistel network is a permutation of the smallest domain of 4ʰ
    /// values that holds `count` (fewer than 4 · count); an index it sends past the
    /// last item is sent through again until it lands inside ("cycle walking"), which
    /// keeps it a permutation of `0..<count` and takes under four rounds on average.
    ///
    /// - Precondition: `0 <= index < count`.
    static func shuffledPosition(of index: Int, count: Int, seed: UInt64) -> Int {
        guard count > 1 else { return index }
        var halfBits = 1
        while halfBits < 31, UInt64(1) << (2 * halfBits) < UInt64(count) { halfBits += 1 }
        let mask = (UInt64(1) << halfBits) - 1
        var position = UInt64(index)
        repeat {
            var left = position >> halfBits, right = position & mask
            for round in UInt64(0)..<4 {
                let key = mix(seed &+ round &* 0x9E37_79B9_7F4A_7C15)
                (left, right) = (right, left ^ (mix(key ^ right) & mask))
            }
            position = left << halfBits | right
        } while position >= UInt64(count)
        return Int(position)
    }

    /// SplitMix64's finaliser: a bijection of 64-bit words whose every output bit
    /// depends on every input bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

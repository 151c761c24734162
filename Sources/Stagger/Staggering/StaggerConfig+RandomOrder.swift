extension StaggerConfig {
    /// Item `index`'s place among `count` items: itself, or in a ``Origin/random(seed:)``
    /// order the place it is shuffled to.
    func shuffledPosition(of index: Int, count: Int) -> Int {
        guard case .random(let seed) = from else { return index }
        return RandomOrder(count: count, seed: seed).place(of: index)
    }
}

/// The random order of `count` items that a seed chooses: a permutation of
/// `0..<count`, so that every place is taken once, found for one item in O(1) without
/// storing the order.
///
/// A four-round Feistel network is a permutation of the smallest domain of 4ʰ values
/// that holds `count` (fewer than 4 · count); an index it sends past the last item is
/// sent through again until it lands inside ("cycle walking"), which keeps it a
/// permutation of `0..<count` and takes under four passes on average.
struct RandomOrder {
    let count: Int
    private let halfBits: Int
    private let mask: UInt64
    private let keys: (UInt64, UInt64, UInt64, UInt64)

    init(count: Int, seed: UInt64) {
        self.count = count
        var halfBits = 1
        while halfBits < 31, UInt64(1) << (2 * halfBits) < UInt64(max(count, 1)) { halfBits += 1 }
        self.halfBits = halfBits
        mask = (UInt64(1) << halfBits) - 1
        func key(_ round: UInt64) -> UInt64 { Self.mix(seed &+ round &* 0x9E37_79B9_7F4A_7C15) }
        keys = (key(0), key(1), key(2), key(3))
    }

    /// The place of item `index`, in `0..<count`.
    ///
    /// - Precondition: `0 <= index < count`.
    func place(of index: Int) -> Int {
        guard count > 1 else { return index }
        var position = UInt64(index)
        repeat {
            var left = position >> halfBits, right = position & mask
            // A multiplicative hash per round, its top bits: a short chain, unlike a
            // full finaliser's three multiplies (the order was most of a show's time).
            func round(_ key: UInt64) {
                (left, right) = (right, left ^ ((key ^ right) &* 0xD6E8_FEB8_6659_FD93) >> (64 - halfBits))
            }
            round(keys.0)
            round(keys.1)
            round(keys.2)
            round(keys.3)
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

/// Caller-owned output of ``MatchedPairGroup/sample(at:into:backend:)``: every lane of
/// every pair, struct-of-arrays (all pairs' `anchorX`, then all `anchorY`, …), reused
/// frame after frame.
///
/// Only sampling writes it (``values`` and ``velocities`` are read-only outside the
/// package), so its size always matches ``pairCount``.
public struct MatchedFrame: Sendable {
    /// The most values a frame (and so a group) holds: 2²⁵, 128 MiB, about 1.3 million
    /// pairs (``MatchedPairGroup/maximumCount``). A count from user input beyond it
    /// fails with an error instead of an allocation the process cannot make.
    static let maximumValueCount = 1 << 25

    /// Pairs held.
    public let pairCount: Int
    /// Lane `l` of pair `i` at `values[l * pairCount + i]`.
    public internal(set) var values: [Float]
    /// The lanes' velocities, per second, in the same layout (0 for lanes driven by an
    /// easing; empty when the frame was made without velocities).
    public internal(set) var velocities: [Float]

    /// A frame for `pairCount` pairs, all zero.
    ///
    /// - Parameters:
    ///   - pairCount: the pairs the frame holds.
    ///   - recordsVelocity: whether sampling also writes ``velocities``.
    /// - Throws: ``AnimatableError/invalidPairCount(count:maximum:)`` for a count below
    ///   0 or above ``MatchedPairGroup/maximumCount``.
    public init(pairCount: Int, recordsVelocity: Bool = true) throws(AnimatableError) {
        guard pairCount >= 0, pairCount <= MatchedPairGroup.maximumCount else {
            throw .invalidPairCount(count: pairCount, maximum: MatchedPairGroup.maximumCount)
        }
        self.init(checkedPairCount: pairCount, recordsVelocity: recordsVelocity)
    }

    /// A frame for a count already checked (a group's).
    init(checkedPairCount pairCount: Int, recordsVelocity: Bool) {
        self.pairCount = pairCount
        values = .frameBuffer(pairCount * MatchedPair.laneCount)
        velocities = .frameBuffer(recordsVelocity ? pairCount * MatchedPair.laneCount : 0)
    }

    /// Lane `lane` of every pair (a lane is always in range, so this cannot fail).
    public func values(of lane: MatchedLane) -> ArraySlice<Float> {
        values[lane.rawValue * pairCount..<(lane.rawValue + 1) * pairCount]
    }

    /// Lane `lane` of pair `pair`.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` for a pair outside 0..<pairCount.
    public func value(_ lane: MatchedLane, pair: Int) throws(AnimatableError) -> Float {
        guard (0..<pairCount).contains(pair) else { throw .unknownElement("pair \(pair)") }
        return values[lane.rawValue * pairCount + pair]
    }

    /// The velocity of lane `lane` of pair `pair`, per second.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` for a pair outside
    ///   0..<pairCount, or for any pair when the frame records no velocities.
    public func velocity(_ lane: MatchedLane, pair: Int) throws(AnimatableError) -> Float {
        guard (0..<pairCount).contains(pair) else { throw .unknownElement("pair \(pair)") }
        guard !velocities.isEmpty else { throw .unknownElement("velocities (the frame records none)") }
        return velocities[lane.rawValue * pairCount + pair]
    }
}

extension MatchedFrame: CustomStringConvertible {
    /// A summary: the size, then the anchor, size and opacity lanes of the first pairs
    /// (up to 4, four significant digits).
    public var description: String {
        var lines = ["MatchedFrame of \(pairCount) pairs"]
        for lane in [MatchedLane.anchorX, .anchorY, .width, .height, .opacity] {
            let shown = values(of: lane).prefix(4).map(\.readable).joined(separator: ", ")
            lines.append("  \(lane): " + shown + (pairCount > 4 ? ", ..." : ""))
        }
        return lines.joined(separator: "\n")
    }
}

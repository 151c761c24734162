/// One animated property of every item in a staggered list: it moves from `from` to
/// `to` as the item appears (appearance 0 → 1), and back as it hides.
///
/// Springs overshoot: an appearance of 1.1 puts the property 10% past `to`.
public struct StaggerTrack: Sendable, Hashable {
    /// A name for the caller's bookkeeping (`"opacity"`, `"offsetY"`).
    public var name: String
    /// The value while hidden (appearance 0).
    public var from: Float
    /// The value while shown (appearance 1).
    public var to: Float
    /// What the track does under reduced motion (see ``ReducedMotion``).
    public var reducedMotion: Reduction
    /// The values the track may take: sampling clamps into it (so a spring's overshoot
    /// stays within it), or `nil` for none (offsets and scales follow the overshoot).
    public var range: ClosedRange<Float>?

    /// What a track does when motion is reduced.
    public enum Reduction: String, Sendable, Hashable, CaseIterable {
        /// Keeps a short fade (``ReducedMotion/fade``): opacity and colour.
        case fade
        /// Jumps to its end as the item starts: transforms (offset, scale, rotation).
        case jump
    }

    /// A track named `name` from `from` to `to`.
    ///
    /// - Parameters:
    ///   - name: a name for the caller's bookkeeping.
    ///   - from: the value while hidden.
    ///   - to: the value while shown.
    ///   - reducedMotion: `.fade` for opacity and colour, `.jump` (the default) for
    ///     transforms.
    ///   - range: the values the track may take, or `nil` (the default) for any.
    public init(
        _ name: String, from: Float, to: Float, reducedMotion: Reduction = .jump, range: ClosedRange<Float>? = nil
    ) {
        self.name = name
        self.from = from
        self.to = to
        self.reducedMotion = reducedMotion
        self.range = range
    }

    /// Checks that the ends are finite and their difference fits float32: a list refuses
    /// a track that fails where it is made (``StaggeredList/init(count:config:tracks:)``)
    /// and, since ``StaggeredList/tracks`` can change, where it is sampled.
    ///
    /// - Throws: ``StaggerError/invalidTrack(name:field:value:)`` naming the track and
    ///   the end (`from`, `to` or `to - from`).
    public func validate() throws(StaggerError) {
        guard from.isFinite else { throw .invalidTrack(name: name, field: "from", value: Double(from)) }
        guard to.isFinite else { throw .invalidTrack(name: name, field: "to", value: Double(to)) }
        guard (to - from).isFinite else {
            throw .invalidTrack(name: name, field: "to - from", value: Double(to) - Double(from))
        }
    }

    /// Opacity 0 → 1, never beyond (a spring's overshoot is clipped); fades under
    /// reduced motion.
    public static let opacity = StaggerTrack("opacity", from: 0, to: 1, reducedMotion: .fade, range: 0...1)
    /// Vertical offset 20 → 0 points: items rise into place.
    public static let offsetY = StaggerTrack("offsetY", from: 20, to: 0)
    /// Scale 0.95 → 1.
    public static let scale = StaggerTrack("scale", from: 0.95, to: 1)
    /// Fade, rise and grow together: opacity, offset and scale.
    public static let appearance: [StaggerTrack] = [.opacity, .offsetY, .scale]
}

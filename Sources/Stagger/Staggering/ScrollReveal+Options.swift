// What a scroll reveal is told at its making: the scroll axis, what leaving items do,
// and how entering items are batched.

extension ScrollReveal {
    /// Which way the content scrolls.
    public enum Axis: String, Sendable, Hashable, CaseIterable {
        /// Up and down: offsets and the viewport's length along y; reading order is rows
        /// top to bottom, each left to right.
        case vertical
        /// Sideways: offsets along x; reading order is columns left to right, each top
        /// to bottom.
        case horizontal
    }

    /// What happens to an item that leaves the viewport (and its margin).
    public enum Leaving: String, Sendable, Hashable, CaseIterable {
        /// It stays as it is: shown, or still on its way in.
        case staysShown
        /// It returns to hidden at once, out of view, and plays again, in a new batch,
        /// when it comes back (GSAP's `onLeave` / `onEnterBack` reset pattern).
        case replays
    }

    /// How entering items are collected and ordered.
    public struct Batching: Sendable, Hashable {
        /// How a batch's items are ordered for its stagger.
        public enum Order: Sendable, Hashable {
            /// Reading order (see ``Axis``): the batch is staggered as a list of its
            /// items in that order, from the config's origin (`first`, `last`,
            /// `center`, `edges`, a ratio, `random`; an origin index past a batch's last
            /// item means its last).
            case reading
            /// By the distance of each item's centre from the config's origin, measured
            /// among the batch's centres as ``StaggerConfig/delays(atPositions:metric:axis:)``
            /// does (a `point` origin is in the frames' coordinates).
            case positions(metric: StaggerConfig.DistanceMetric = .euclidean, axis: StaggerConfig.Axis? = nil)
        }

        /// Seconds a batch waits, from its first item's entry, for more items to join:
        /// finite, ≥ 0 (0: each report's entering items are a batch). GSAP's
        /// `ScrollTrigger.batch` default, 0.1 s, is ours.
        public var interval: Double
        /// Most items in one batch (≥ 1), or `nil` for no limit; a batch that fills
        /// starts at once and the next item opens a new one.
        public var maximum: Int?
        /// Whether a batch waits its turn: its first item starts no earlier than one
        /// stagger step after the previous batch's last start still to come in view (the
        /// step is the previous batch's mean gap between starts; for a batch of one item
        /// in reading order, the config's `each`; under an `amount` spread, 0).
        public var isQueued: Bool
        /// How a batch's items are ordered.
        public var order: Order

        /// Batches of `interval` seconds, up to `maximum` items, queued or not, ordered by
        /// `order`. Checked by ``ScrollReveal/init(frames:viewportLength:axis:margin:config:batching:leaving:reducedMotion:tracks:)``.
        public init(interval: Double = 0.1, maximum: Int? = nil, isQueued: Bool = false, order: Order = .reading) {
            self.interval = interval
            self.maximum = maximum
            self.isQueued = isQueued
            self.order = order
        }
    }
}

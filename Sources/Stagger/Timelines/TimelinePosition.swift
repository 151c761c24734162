/// Where a child of a ``Timeline`` starts, named rather than spelled as a string.
///
/// GSAP's `"<"` means the previous child's start and anime.js's means its end; these
/// names cannot be misread. Times are seconds of the timeline, before its time scale.
public struct TimelinePosition: Sendable, Hashable {
    /// What a position is measured from.
    enum Anchor: Sendable, Hashable {
        case afterPrevious
        case withPrevious
        case at
        case label(String)
    }

    let anchor: Anchor
    let offset: Double

    /// `gap` seconds (finite, ≥ 0) after the previous child ends; the first child of a
    /// container counts from the container's start. The default inside a sequence.
    public static func afterPrevious(gap: Double = 0) -> TimelinePosition {
        TimelinePosition(anchor: .afterPrevious, offset: gap)
    }

    /// `offset` seconds (finite, may be negative) after the previous child starts; the
    /// first child of a container counts from the container's start. A child must not
    /// start before its container (a build error). Inside a group the default is not
    /// this but `.at(0)`: every child at the group's start, whatever its siblings do.
    public static func withPrevious(offset: Double = 0) -> TimelinePosition {
        TimelinePosition(anchor: .withPrevious, offset: offset)
    }

    /// `time` seconds (finite, ≥ 0) after the start of the enclosing container (the
    /// timeline itself at the top level). `.at(0)` is the default inside a group.
    public static func at(_ time: Double) -> TimelinePosition {
        TimelinePosition(anchor: .at, offset: time)
    }

    /// `offset` seconds (finite, may be negative) after the label `name`, defined anywhere
    /// in the same timeline (labels of nested timelines stay inside them). The time
    /// reached must not lie before the child's container.
    public static func label(_ name: String, offset: Double = 0) -> TimelinePosition {
        TimelinePosition(anchor: .label(name), offset: offset)
    }
}

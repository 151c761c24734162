/// Which end of a Penner easing carries the shape.
public enum EasingDirection: String, CaseIterable, Sendable, Hashable {
    /// The shape is at the start: the curve starts slowly (or winds up) and ends abruptly.
    case `in`
    /// The shape is at the end: the mirror image of `in`, `out(p) = 1 − in(1 − p)`.
    case out
    /// `in` over the first half of the progress, `out` over the second.
    case inOut
}

/// The shape families of Robert Penner's easing equations, as published on easings.net.
///
/// Combine a family with an ``EasingDirection`` through ``Easing/penner(_:_:)``.
public enum EasingFamily: String, CaseIterable, Sendable, Hashable {
    /// A quarter sine wave.
    case sine
    /// The power-2 curve.
    case quad
    /// The power-3 curve.
    case cubic
    /// The power-4 curve.
    case quart
    /// The power-5 curve.
    case quint
    /// A base-2 exponential (1024× growth over the curve); jumps to exactly 0 and 1 at the ends.
    case expo
    /// A quarter circle.
    case circ
    /// A cubic that overshoots by 10% (dips below 0 or rises above 1) before settling.
    case back
    /// A decaying sine that overshoots several times, like a plucked string.
    case elastic
    /// Four parabolic arcs, like a ball bouncing to rest.
    case bounce
}

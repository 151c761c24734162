/// A part of a transition's progress over which something fades, shaped by an easing.
public struct FadeWindow: Sendable, Hashable {
    /// Progress at which the fade begins, 0…1.
    public let start: Double
    /// Progress at which it is complete, start < end ≤ 1.
    public let end: Double
    /// The shape of the fade within the window.
    public let easing: Easing

    /// A fade from progress `start` to `end`.
    ///
    /// - Throws: ``AnimatableError/outOfRange(name:value:)`` unless
    ///   0 ≤ start < end ≤ 1 (NaN included).
    public init(start: Double, end: Double, easing: Easing = .linear) throws(AnimatableError) {
        try requireUnit(start, "fade start")
        try requireUnit(end, "fade end")
        guard start < end else { throw .outOfRange(name: "fade end (must exceed start)", value: end) }
        self.init(unchecked: start, end, easing)
    }

    private init(unchecked start: Double, _ end: Double, _ easing: Easing) {
        self.start = start
        self.end = end
        self.easing = easing
    }

    /// How far the fade has gone at `progress`: 0 up to `start`, the easing of
    /// (progress − start)/(end − start) inside, 1 from `end` on (NaN gives 0).
    ///
    /// Clamped to 0…1: an overshooting easing (back, elastic) would otherwise make an
    /// opacity factor above 1 or below 0.
    public func fraction(at progress: Double) -> Double {
        guard progress > start else { return 0 }
        guard progress < end else { return 1 }
        let y = (try? easing.value(at: (progress - start) / (end - start))) ?? 0
        return y.isNaN ? 0 : Swift.min(Swift.max(y, 0), 1)
    }

    /// The first half with circ-out: the incoming view is mostly visible early.
    public static let firstHalfCircOut = FadeWindow(unchecked: 0, 0.5, .easeOutCirc)
    /// Progress 0.5…0.95, linear: the outgoing view lingers, then goes just before the end.
    public static let lateLinear = FadeWindow(unchecked: 0.5, 0.95, .linear)
    /// The whole transition, linear.
    public static let whole = FadeWindow(unchecked: 0, 1, .linear)
}

/// How the two views of a matched pair cross-fade while their shared geometry moves.
///
/// SwiftUI cross-fades the views through their own transitions; this is the policy of
/// Motion's shared layout, made an explicit value: by default the incoming view fades
/// in over the first half of the progress with circ-out, and the outgoing one fades out
/// linearly over 0.5…0.95, so there is never a moment with both half transparent (the
/// background would show through).
public struct CrossFade: Sendable, Hashable {
    /// When the incoming (destination) view fades in.
    public var incoming: FadeWindow
    /// When the outgoing (source) view fades out.
    public var outgoing: FadeWindow

    /// A policy from two windows.
    public init(incoming: FadeWindow, outgoing: FadeWindow) {
        self.incoming = incoming
        self.outgoing = outgoing
    }

    /// The default: in over 0…0.5 with circ-out, out over 0.5…0.95 linearly.
    public static let standard = CrossFade(incoming: .firstHalfCircOut, outgoing: .lateLinear)
    /// Both views fade linearly over the whole transition (a plain dissolve).
    public static let dissolve = CrossFade(incoming: .whole, outgoing: .whole)

    /// The incoming view's opacity factor at `progress`, always within 0…1 (progress
    /// outside 0…1 is held at the ends).
    public func incomingOpacity(at progress: Double) -> Double { incoming.fraction(at: progress) }

    /// The outgoing view's opacity factor at `progress`, 1…0 (always within 0…1).
    public func outgoingOpacity(at progress: Double) -> Double { 1 - outgoing.fraction(at: progress) }
}

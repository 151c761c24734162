/// Whether animations run in full or reduced, for people who asked their device to
/// reduce motion.
///
/// Stagger has no UI framework, so it cannot read the setting: the app passes it in
/// (SwiftUI's `accessibilityReduceMotion` environment value, UIKit's
/// `UIAccessibility.isReduceMotionEnabled`) as ``system(isEnabled:)``, or overrides it
/// with ``always`` or ``never``. Staggered lists (``StaggeredList/reducedMotion``),
/// matched-pair groups (``MatchedPairGroup/reducedMotion``), component animators
/// (``ComponentAnimator/reducedMotion``) and timelines
/// (``Timeline/Options/reducedMotion``) take the policy and apply it from their next
/// transition (a timeline, when it is built):
///
/// | what | full motion | reduced motion |
/// |---|---|---|
/// | transforms: position, offset, size, scale, frame, corner radius | the curve | jump to the end as the item starts |
/// | opacity and colour | the curve | a short fade: ``fadeDuration`` s of ``Easing/easeInOut`` |
/// | springs and decays | bounce, overshoot | none: the fade is an easing |
/// | staggers | as configured | the same order, the whole spread scaled to at most ``maximumSpread`` s |
///
/// Compared with the peers: framer
/// Motion's `reducedMotion` also makes transforms jump and keeps opacity and colour
/// animations, but with their own curves; Reanimated's `ReduceMotion` makes every value
/// jump. Stagger keeps a short fade so that content still appears and leaves visibly
/// (an instant change of opacity can flash), and keeps a short stagger so that order
/// stays readable; it never bounces. What counts as a transform: a list's tracks say
/// (``StaggerTrack/reducedMotion``); a pair's frame and corner radii; a component's
/// properties other than colours and those named for opacity or alpha, unless its
/// transition says otherwise by name (``ComponentTransition/reducedMotion``). A timeline's
/// steps do not say what they animate, so every step runs the fade.
public enum ReducedMotion: Sendable, Hashable {
    /// Follow the device's setting, which the app read: reduced when `isEnabled`.
    case system(isEnabled: Bool)
    /// Always reduced, whatever the setting.
    case always
    /// Never reduced, whatever the setting (full motion).
    case never

    /// Whether motion is reduced under this policy.
    public var isReduced: Bool {
        switch self {
        case .system(let isEnabled): isEnabled
        case .always: true
        case .never: false
        }
    }

    /// Seconds a reduced fade of opacity or colour takes.
    public static let fadeDuration = 0.2
    /// The largest total spread of a reduced stagger, in seconds.
    public static let maximumSpread = 0.1

    /// The fade opacity and colour run under reduced motion: easeInOut over
    /// ``fadeDuration`` seconds.
    public static let fade = Curve(kind: .easing(.easeInOut, duration: fadeDuration))

    /// What transforms run under reduced motion: a linear ramp of one microsecond, a
    /// jump at the item's start for any frame rate (no display frame falls inside it).
    static let jump = Curve(kind: .easing(.linear, duration: 1e-6))
}

extension StaggerConfig {
    /// The same stagger with every item's stagger scaled so that the largest is at most
    /// ``ReducedMotion/maximumSpread`` (order and shape kept, the base delay unchanged),
    /// running ``ReducedMotion/fade``.
    ///
    /// - Throws: the configuration's errors for `count` items.
    func reducedForMotion(count: Int) throws(StaggerError) -> StaggerConfig {
        try validate(count: count)
        var reduced = self
        reduced.curve = ReducedMotion.fade
        var items = count
        if let window = visibleWindow { items = window.range.clamped(to: 0..<count).count }
        guard items > 0 else { return reduced }
        let parts = try normalisedDistanceParts(of: 0, in: items)
        let spread = totalSpread(distanceRange: parts.maximum - parts.nearest)
        let effective = min(spread, maxDelay ?? .infinity)
        guard effective > ReducedMotion.maximumSpread else { return reduced }
        let scale = ReducedMotion.maximumSpread / effective
        reduced.spread = .amount(spread * scale)
        reduced.maxDelay = maxDelay.map { $0 * scale }
        return reduced
    }
}

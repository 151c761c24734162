/// Where the jumps of a CSS `steps()` easing fall (CSS Easing Level 2); raw values are the CSS keywords.
public enum StepPosition: String, CaseIterable, Sendable, Hashable {
    /// The first jump happens at progress 0, so the curve never shows 0: progress is
    /// clamped to [0, 1], so even before a ``Curve`` starts it shows the first step.
    case jumpStart = "jump-start"
    /// The last jump happens at progress 1, so 1 is shown only at the very end. The CSS default.
    case jumpEnd = "jump-end"
    /// No jump at either end: the curve holds 0 over the first step and 1 over the last.
    case jumpNone = "jump-none"
    /// Jumps at both ends, so neither 0 nor 1 is held over a step.
    case jumpBoth = "jump-both"

    /// The fewest steps this position allows: 2 for jump-none (which needs a flat
    /// segment at 0 and one at 1), else 1.
    public var minimumStepCount: Int { self == .jumpNone ? 2 : 1 }

    /// The most steps any position allows (2²⁰; the kernel's exact step edges need the
    /// count to stay far inside float32's integers). The kernel's own limit, restated
    /// here because curves sit below the kernel (KernelInputTests holds the two equal).
    public static let maximumStepCount = 1 << 20
}

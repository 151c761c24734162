/// Where the jumps of a CSS `steps()` easing fall (CSS Easing Level 2); raw values are the CSS keywords.
public enum StepPosition: String, CaseIterable, Sendable, Hashable {
    /// The first jump happens at progress 0, so the curve never shows 0 (except before it starts).
    case jumpStart = "jump-start"
    /// The last jump happens at progress 1, so 1 is shown only at the very end. The CSS default.
    case jumpEnd = "jump-end"
    /// No jump at either end: the curve holds 0 over the first step and 1 over the last.
    case jumpNone = "jump-none"
    /// Jumps at both ends, so neither 0 nor 1 is held over a step.
    case jumpBoth = "jump-both"
}

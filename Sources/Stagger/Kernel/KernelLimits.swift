internal import CInterp

/// The kernel's size limits, for the public constants that state them.
enum KernelLimits {
    /// Most items of a grid, list or delay pass (2²³: cell coordinates stay exact in
    /// float32).
    static let gridItems = Int(CI_MAX_GRID_ITEMS)
    /// Most steps of a `steps()` easing.
    static let stepCount = Int(CI_MAX_STEPS)
    /// Most points of a `linear()` easing.
    static let linearPointCount = Int(CI_MAX_LINEAR_POINTS)
}

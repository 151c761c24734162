internal import CInterp

/// The kernel's size limits, for the public constants that state them.
enum KernelLimits {
    /// Most items of any staggered pass: a list, a grid, a curve's staggered sampling,
    /// a delay pass (2²³: cell coordinates, in halves, stay exact in float32). The one
    /// item limit, public as ``StaggeredList/maximumCount``.
    static let staggeredItems = Int(CI_MAX_GRID_ITEMS)
}

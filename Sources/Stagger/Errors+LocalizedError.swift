// Foundation's error descriptions for the package's errors: `localizedDescription` (and
// any UI that shows an error) reads the same sentence as `description`, not "The
// operation could not be completed". The light FoundationEssentials where the toolchain
// has it (Linux), Foundation elsewhere (Apple platforms).
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension CurveError: LocalizedError {
    /// ``description``: the problem and the offending value.
    public var errorDescription: String? { description }
}

extension StaggerError: LocalizedError {
    /// ``description``: the problem and the offending value.
    public var errorDescription: String? { description }
}

extension AnimatableError: LocalizedError {
    /// ``description``: the problem and the offending value.
    public var errorDescription: String? { description }
}

extension TimelineError: LocalizedError {
    /// ``description``: the problem and the offending value.
    public var errorDescription: String? { description }
}

extension FrameDriverError: LocalizedError {
    /// ``description``: the problem and the offending value.
    public var errorDescription: String? { description }
}

extension MotionPathError: LocalizedError {
    /// ``description``: the problem and where it is.
    public var errorDescription: String? { description }
}

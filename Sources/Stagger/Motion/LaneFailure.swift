/// Why a ``LaneAnimation`` refused an operation, by lane and quantity rather than by
/// name: each caller names its lanes its own way (a pair's frame edge, a component, a
/// list's item) and turns the failure into its own error type.
enum LaneFailure: Error, Equatable {
    /// A lane's figure that is not finite in Double (an overflow, a NaN input).
    case nonFinite(lane: Int, LaneQuantity, value: Double)
    /// A lane's figure that the kernel's float32 cannot hold.
    case exceedsFloat32(lane: Int, LaneQuantity, value: Double)
    /// The operation's time: not finite, or before the last transition.
    case invalidTime(Double)
    /// A curve or a frame the kernel refused.
    case kernel(KernelPass.Failure)
}

/// The figure of a lane that a ``LaneFailure`` is about.
enum LaneQuantity: Sendable, Equatable {
    /// Its value.
    case value
    /// Its target, or a layer's end on the way to it.
    case target
    /// The distance from its value to its target.
    case span
    /// Its velocity, value units per second.
    case velocity
    /// Its start offset, seconds from the animation's start.
    case delay

    /// What a lane's name is followed by in an error: "" for the value itself,
    /// " target" and so on.
    var suffix: String {
        switch self {
        case .value: ""
        case .target: " target"
        case .span: " span"
        case .velocity: " velocity"
        case .delay: " delay"
        }
    }
}

extension AnimatableError {
    /// A lane animation's failure, lane `l` named `laneName(l)` (matched pairs and
    /// component states): a figure that is not finite is
    /// ``nonFiniteComponent(name:value:)``, one float32 cannot hold
    /// ``CurveError/exceedsFloat32Range(name:value:)`` under ``curve(_:)``.
    init(_ failure: LaneFailure, laneName: (Int) -> String) {
        switch failure {
        case .nonFinite(let lane, let quantity, let value):
            self = .nonFiniteComponent(name: laneName(lane) + quantity.suffix, value: value)
        case .exceedsFloat32(let lane, let quantity, let value):
            self = .curve(.exceedsFloat32Range(name: laneName(lane) + quantity.suffix, value: value))
        case .invalidTime(let time):
            self = .invalidTime(time)
        case .kernel(let failure):
            self = AnimatableError(failure)
        }
    }
}

/// Throws ``LaneFailure/nonFinite(lane:_:value:)`` unless `value` is finite.
@inline(__always)
func requireFinite(_ value: Double, lane: Int, _ quantity: LaneQuantity) throws(LaneFailure) {
    guard value.isFinite else { throw .nonFinite(lane: lane, quantity, value: value) }
}

/// How one fresh motion of a lane starts under each curve: its initial velocity and how
/// long it runs (a spring's or a decay's settling bound), for every path that starts one
/// (a transition, an insert, a send, a release).
extension LaneAnimation {
    /// The initial velocity and duration of one fresh motion under `curve` from `value`
    /// to `target`: a spring takes `velocity` (NaN for its own, scaled to the span, whose
    /// settling duration is `ownDuration` when it moves: the curve's ``Curve/duration``); a
    /// decay cannot take one (its own is k times its span; as a spring's, its duration
    /// keeps it within 0.001 of the span from then on, 0 when it does not move); an
    /// easing runs from rest for its duration.
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` for a velocity that is not
    ///   finite.
    static func startMotion(
        of curve: Curve, from value: Double, to target: Double, velocity: Double, ownDuration: Double? = nil,
        lane: Int
    ) throws(LaneFailure) -> (velocity: Double, duration: Double) {
        let started = try startVelocity(
            of: curve, from: value, to: target, velocity: velocity, ownDuration: ownDuration, lane: lane)
        if let duration = started.duration { return (started.velocity, duration) }
        // Only a spring leaves its duration to be found.
        guard case .spring(let spring, _) = curve.kind else { return (started.velocity, 0) }
        return (
            started.velocity,
            spring.validatedSettlingDuration(
                target: target - value, initialVelocity: started.velocity, epsilon: SettlingBatch.epsilon)
        )
    }

    /// ``startMotion(of:from:to:velocity:ownDuration:lane:)`` but for a spring's settling
    /// bound, which it leaves to the caller (`duration` nil): a transition of many lanes
    /// finds those in batches (``SettlingBatch``), from the span `target - value` and
    /// the velocity returned.
    static func startVelocity(
        of curve: Curve, from value: Double, to target: Double, velocity: Double, ownDuration: Double? = nil,
        lane: Int
    ) throws(LaneFailure) -> (velocity: Double, duration: Double?) {
        switch curve.kind {
        case .easing(_, let duration):
            return (0, duration)
        case .spring(_, let unit):
            let v = velocity.isNaN ? (target - value) * unit : velocity
            try requireFinite(v, lane: lane, .velocity)
            if velocity.isNaN, target != value, let ownDuration { return (v, ownDuration) }
            return (v, nil)
        case .decay(let decay):
            let v = (target - value) * decay.frictionRate
            try requireFinite(v, lane: lane, .velocity)
            return (v, target == value ? 0 : decay.validatedSettlingDuration(epsilon: SettlingBatch.epsilon))
        }
    }
}

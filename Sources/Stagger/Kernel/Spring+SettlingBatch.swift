internal import CInterp

extension Spring {
    /// The spring as the kernel's passes in double take it (`ci_spring_states`, a tap's
    /// restart of spring lanes).
    var stateParameters: ci_spring_state {
        ci_spring_state(
            decay_rate: decayRate, undamped_frequency_squared: stiffness / mass,
            damped_frequency_squared: dampedFrequencySquared)
    }

    /// ``settlingDuration(target:initialVelocity:epsilon:)`` for many lanes of this spring
    /// at once: lane i moves toward `targets[i]` from 0 with `initialVelocities[i]`, and
    /// its bound goes to `durations[i]`.
    ///
    /// Under- and critically damped springs run through the kernel in double precision,
    /// a vector of lanes at a time (the rules and the order of operations are the
    /// reference's; a bound differs from it only where the kernel's logarithm and the C
    /// library's round apart, within a few units in the last place). An over-damped
    /// spring, and a lane the kernel leaves to the reference (inputs near the ends of
    /// Double's range), take the reference lane by lane.
    ///
    /// The caller has checked every target and velocity finite, `epsilon` finite and
    /// > 0, and the three buffers of one count, `durations` apart from the other two.
    /// No allocation.
    func validatedSettlingDurations(
        targets: UnsafeBufferPointer<Double>, initialVelocities: UnsafeBufferPointer<Double>,
        epsilon: Double, into durations: UnsafeMutableBufferPointer<Double>
    ) {
        let count = targets.count
        guard count > 0 else { return }
        var spring = ci_settling(
            decay_rate: decayRate, damped_frequency_squared: dampedFrequencySquared, epsilon: epsilon)
        // An over-damped or undamped spring is refused (CI_ERR_INVALID_PARAMETER): the
        // reference solves every lane then.
        let status = ci_spring_settling(
            CI_BACKEND_AUTO, &spring, targets.baseAddress, initialVelocities.baseAddress,
            durations.baseAddress, count)
        for i in 0..<count where status != CI_OK || durations[i].isNaN {
            durations[i] = validatedSettlingDuration(
                target: targets[i], initialVelocity: initialVelocities[i], epsilon: epsilon)
        }
    }
}

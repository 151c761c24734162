import CInterp
import Foundation
import Testing

@testable import Stagger

/// The kernel's spring states at a transition (`ci_spring_states`, double precision)
/// against the Double reference, `Spring.motion(delta:initialVelocity:time:)`, on every
/// backend: the same bits on each, and within a few units in the last place of the
/// reference's scale.
@Suite struct SpringStateKernelTests {
    /// The springs of the settling bounds' tests: under-damped and critically damped.
    static let springs = SettlingKernelTests.springs

    /// (elapsed, delta, v0): before the start, at it, early, mid-flight, late, fully
    /// decayed (whose phase is past the kernel's range), spans from 1e-6 to 1e6.
    static let lanes: [(elapsed: Double, delta: Double, velocity: Double)] = [
        (-0.1, 1, 0), (0, 1, 5), (0.001, 1, 0), (0.05, -2, 3), (0.2, 0.7, -4), (0.35, 100, 0), (0.5, 1e6, 2e7),
        (0.9, 1e-6, 0), (1.7, -30, -800), (4, 1, 0), (0.3, 0, 4), (0.3, 0, 0), (2e6, 5, 1), (0.123456, 250, 1e4),
        (0.75, -0.001, 0.0005), (1e-9, 3, 0), (0.6, 42, -42)
    ]

    static func kernel(
        _ spring: Spring, _ lanes: [(elapsed: Double, delta: Double, velocity: Double)], backend: Backend
    ) -> (values: [Double], velocities: [Double]) {
        var parameters = ci_spring_state(
            decay_rate: spring.decayRate, undamped_frequency_squared: spring.stiffness / spring.mass,
            damped_frequency_squared: spring.dampedFrequencySquared)
        var values = [Double](repeating: -1, count: lanes.count)
        var velocities = values
        let status = ci_spring_states(
            backend.cValue, &parameters, lanes.map(\.elapsed), lanes.map(\.delta), lanes.map(\.velocity), &values,
            &velocities, lanes.count)
        #expect(status == CI_OK)
        return (values, velocities)
    }

    @Test(arguments: springs.indices)
    func everyBackendAgreesWithTheReference(spring index: Int) throws {
        let (name, spring) = Self.springs[index]
        let omega0 = spring.angularFrequency
        let scalar = Self.kernel(spring, Self.lanes, backend: .scalar)
        for (k, lane) in Self.lanes.enumerated() {
            let reference =
                lane.elapsed < 0
                ? (value: 0.0, velocity: 0.0)
                : spring.motion(delta: lane.delta, initialVelocity: lane.velocity, time: lane.elapsed)
            // The scale of the motion: its span, and how far its velocity would carry it.
            let scale = Swift.max(abs(lane.delta), abs(lane.velocity) / omega0, 1e-300)
            #expect(
                abs(scalar.values[k] - reference.value) <= 1e-14 * scale,
                "\(name) \(lane): value \(scalar.values[k]), reference \(reference.value)")
            #expect(
                abs(scalar.velocities[k] - reference.velocity) <= 1e-14 * scale * omega0,
                "\(name) \(lane): velocity \(scalar.velocities[k]), reference \(reference.velocity)")
        }
        for backend in Backend.supported {
            for count in [1, 2, 3, 5, 8, 9, 16, Self.lanes.count] {
                let lanes = Array(Self.lanes.prefix(count))
                let states = Self.kernel(spring, lanes, backend: backend)
                #expect(
                    states.values.map(\.bitPattern) == scalar.values.prefix(count).map(\.bitPattern)
                        && states.velocities.map(\.bitPattern) == scalar.velocities.prefix(count).map(\.bitPattern),
                    "\(name), \(backend), \(count) lanes")
            }
        }
    }

    /// Worked by hand: a critically damped spring from rest toward Δ has
    /// x(t) = Δ(1 − (1 + λt)e^(−λt)) and x'(t) = Δλ²t e^(−λt); an under-damped one
    /// with ζ = 0.6, ω₀ = 10 (λ = 6, ω_d = 8) from rest toward 1,
    /// x(t) = 1 − e^(−6t)(cos 8t + (3/4) sin 8t), x'(t) = e^(−6t)(100/8) sin 8t.
    @Test func closedFormsWorkedByHand() throws {
        let lambda = 4 * Double.pi
        let smooth = Self.kernel(.smooth, [(0.2, 3, 0), (0.6, -1, 0)], backend: .active)
        for (k, (t, delta)) in [(0.2, 3.0), (0.6, -1.0)].enumerated() {
            let e = exp(-lambda * t)
            #expect(abs(smooth.values[k] - delta * (1 - (1 + lambda * t) * e)) <= 1e-14 * abs(delta))
            #expect(abs(smooth.velocities[k] - delta * lambda * lambda * t * e) <= 1e-13 * abs(delta))
        }
        let under = try Spring(mass: 1, stiffness: 100, damping: 12)
        let states = Self.kernel(under, [(0.15, 1, 0), (0.4, 1, 0)], backend: .active)
        for (k, t) in [0.15, 0.4].enumerated() {
            let e = exp(-6 * t)
            #expect(abs(states.values[k] - (1 - e * (cos(8 * t) + 0.75 * sin(8 * t)))) <= 1e-14)
            #expect(abs(states.velocities[k] - e * 12.5 * sin(8 * t)) <= 1e-13)
        }
    }

    @Test func badInputIsNamedAndEveryLaneWritten() {
        var spring = ci_spring_state(decay_rate: 6, undamped_frequency_squared: 100, damped_frequency_squared: 64)
        var values = [Double](repeating: -1, count: 3), velocities = values
        let status = ci_spring_states(
            CI_BACKEND_SCALAR, &spring, [0.1, .nan, 0.2], [1, 1, .infinity], [0, 0, 0], &values, &velocities, 3)
        #expect(status == CI_ERR_NONFINITE_INPUT)
        #expect(values[0].isFinite && values[1].isNaN && values[2].isNaN && velocities[1].isNaN)
        for broken in [
            ci_spring_state(decay_rate: -1, undamped_frequency_squared: 100, damped_frequency_squared: 64),
            ci_spring_state(decay_rate: 6, undamped_frequency_squared: 0, damped_frequency_squared: 64),
            ci_spring_state(decay_rate: 6, undamped_frequency_squared: 100, damped_frequency_squared: -1),
            ci_spring_state(decay_rate: .nan, undamped_frequency_squared: 100, damped_frequency_squared: 64)
        ] {
            var copy = broken
            let refused = ci_spring_states(
                CI_BACKEND_SCALAR, &copy, [0.1], [1], [0], &values, &velocities, 1)
            #expect(refused == CI_ERR_INVALID_PARAMETER)
        }
        #expect(
            ci_spring_states(CI_BACKEND_SCALAR, nil, [0.1], [1], [0], &values, &velocities, 1) == CI_ERR_NULL_POINTER)
        #expect(ci_spring_states(CI_BACKEND_SCALAR, &spring, nil, nil, nil, nil, nil, 0) == CI_OK)
    }

    /// Through a pair group: a reverse of springs mid-flight starts every lane where the
    /// reference puts it, so the state a moment after the tap is the reference's
    /// continuation of it (value continuous at the tap, to the kernel's float32 output).
    @Test func aReverseStartsEachLaneWhereTheReferenceHasIt() throws {
        let pairs = try (0..<30).map { i -> MatchedPair in
            let source = try MatchedGeometry(frame: LayoutRect(x: Double(i) * 10, y: 0, width: 20, height: 20))
            let destination = try MatchedGeometry(
                frame: LayoutRect(x: Double(i) * 10 + 300, y: 80, width: 60, height: 40))
            return try MatchedPair(source: source, destination: destination)
        }
        var group = try MatchedPairGroup(
            pairs, curves: MatchedCurves(position: .bouncy, size: .smooth, cornerRadius: .smooth, appearance: .snappy),
            stagger: try StaggerConfig(spread: .amount(0.2)))
        try group.start(at: 0)
        var before = group.makeFrame(), after = group.makeFrame()
        try group.sample(at: 0.25, into: &before)
        try group.reverse(at: 0.25)
        try group.sample(at: 0.25, into: &after)
        for k in before.values.indices {
            #expect(abs(before.values[k] - after.values[k]) <= 1e-4 * Swift.max(1, abs(before.values[k])), "lane \(k)")
            // The velocity the reverse starts with is the state's, against the old
            // motion's from the float32 kernel (its bound: 1e-5 of span times omega0).
            #expect(
                abs(before.velocities[k] - after.velocities[k]) <= 1e-3 * Swift.max(1, abs(before.velocities[k])),
                "lane \(k): \(before.velocities[k]) vs \(after.velocities[k])")
        }
    }
}

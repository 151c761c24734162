import CInterp
import Foundation
import Testing

@testable import Stagger

/// The kernel's settling bounds (`ci_spring_settling`, double precision) against the
/// Double reference, `Spring.settlingDuration(target:initialVelocity:epsilon:)`, on every
/// backend: the same bits on each, within a few units in the last place of the
/// reference (the two logarithms round apart), and a guarantee the reference's value
/// keeps from then on.
@Suite struct SettlingKernelTests {
    /// Under-damped (SwiftUI's presets, a barely damped one, one just under critical)
    /// and critically damped springs: the kernel's regimes.
    static let springs: [(name: String, spring: Spring)] = [
        ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy), ("interactive", .interactive),
        ("zeta 0.05", try! Spring(response: 0.4, dampingFraction: 0.05)),
        ("zeta 0.999", try! Spring(response: 0.6, dampingFraction: 0.999)),
        ("critical, slow", try! Spring(response: 2.5, dampingFraction: 1))
    ]

    /// (target, initial velocity): from rest, thrown toward and away from the target,
    /// a lane reversed mid-flight, no span with a velocity, spans from 1e-6 to 1e6.
    static let lanes: [(target: Double, velocity: Double)] = [
        (1, 0), (-1, 0), (1, 10), (1, -10), (-0.4, 3.2), (0.73, -5.1), (0, 4), (0, -0.01), (0, 0),
        (1e-6, 0), (1e-6, 1e-3), (1e6, 0), (1e6, -2e7), (250, 1e4), (-30, -800), (0.001, 0.0005), (5, 1e-9)
    ]

    static func kernel(_ spring: Spring, _ lanes: [(target: Double, velocity: Double)], backend: Backend) throws
        -> [Double]
    {
        var parameters = ci_settling(
            decay_rate: spring.decayRate, damped_frequency_squared: spring.dampedFrequencySquared, epsilon: 0.001)
        let targets = lanes.map(\.target), velocities = lanes.map(\.velocity)
        var out = [Double](repeating: -1, count: lanes.count)
        let status = ci_spring_settling(backend.cValue, &parameters, targets, velocities, &out, lanes.count)
        #expect(status == CI_OK)
        return out
    }

    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        let x = a.bitPattern, y = b.bitPattern
        return x > y ? x - y : y - x
    }

    @Test(arguments: springs.indices)
    func everyBackendAgreesWithTheReference(spring index: Int) throws {
        let (name, spring) = Self.springs[index]
        // Every count up to 17 lanes, so that each backend's partial vector is met.
        let expected = try Self.lanes.map {
            try spring.settlingDuration(target: $0.target, initialVelocity: $0.velocity)
        }
        let scalar = try Self.kernel(spring, Self.lanes, backend: .scalar)
        for (k, lane) in Self.lanes.enumerated() {
            #expect(!scalar[k].isNaN, "\(name) \(lane): the kernel solves every lane here")
            #expect(
                Self.ulps(scalar[k], expected[k]) <= 4,
                "\(name) \(lane): kernel \(scalar[k]), reference \(expected[k])")
        }
        for backend in Backend.supported {
            for count in 1...Self.lanes.count {
                let lanes = Array(Self.lanes.prefix(count))
                let bounds = try Self.kernel(spring, lanes, backend: backend)
                #expect(
                    bounds.map(\.bitPattern) == scalar.prefix(count).map(\.bitPattern),
                    "\(name), \(backend), \(count) lanes")
            }
        }
    }

    /// Many lanes, most decided by SwiftUI's figure and some searched, in an order that
    /// mixes them within every vector: the lanes searched are gathered across vectors
    /// (more than one batch of them), and each lane still gets its own bound.
    @Test func gatheredLanesKeepTheirOwnBounds() throws {
        // A lane with no span but a velocity starts within its (absolute) tolerance,
        // which SwiftUI's figure does not decide: every third lane; the others come
        // from the table (all searched on a critically damped spring).
        let lanes = (0..<1_000).map { i -> (target: Double, velocity: Double) in
            i % 3 == 0 ? (0, 0.5 * Double(1 + i % 7)) : Self.lanes[i % Self.lanes.count]
        }
        for (name, spring) in Self.springs {
            let one = try lanes.map { try Self.kernel(spring, [$0], backend: .scalar)[0] }
            for backend in Backend.supported {
                let all = try Self.kernel(spring, lanes, backend: backend)
                #expect(all.map(\.bitPattern) == one.map(\.bitPattern), "\(name), \(backend)")
                // In place: the bounds written over the spans they come from.
                var parameters = ci_settling(
                    decay_rate: spring.decayRate, damped_frequency_squared: spring.dampedFrequencySquared,
                    epsilon: 0.001)
                var inPlace = lanes.map(\.target)
                let velocities = lanes.map(\.velocity)
                let status = inPlace.withUnsafeMutableBufferPointer { buffer in
                    ci_spring_settling(
                        backend.cValue, &parameters, buffer.baseAddress, velocities, buffer.baseAddress, buffer.count)
                }
                #expect(status == CI_OK)
                #expect(inPlace.map(\.bitPattern) == one.map(\.bitPattern), "\(name), \(backend), in place")
            }
        }
    }

    /// Worked by hand: a critically damped spring from rest toward 1 has
    /// 1 − x(t) = (1 + λt)e^(−λt); `smooth` (λ = 4π) falls to 0.001 where
    /// (1 + u)e^(−u) = 0.001, u = 9.2334, t = 0.7348 s (the figure the reference documents).
    @Test func aCriticallyDampedSpringSettlesWhereItsEnvelopeCrosses() throws {
        let bound = try Self.kernel(.smooth, [(1, 0), (-2, 0)], backend: .scalar)
        let u = bound[0] * 4 * Double.pi
        #expect(abs((1 + u) * exp(-u) - 0.001) <= 1e-9)
        #expect(abs(bound[0] - 0.7348) <= 5e-5)
        // The tolerance is relative: the same figure for any span.
        #expect(bound[1] == bound[0])
    }

    @Test(arguments: springs.indices)
    func theValueStaysWithinTheToleranceFromTheBoundOn(spring index: Int) throws {
        let (name, spring) = Self.springs[index]
        let bounds = try Self.kernel(spring, Self.lanes, backend: .active)
        for (k, lane) in Self.lanes.enumerated() {
            let tolerance = lane.target == 0 ? 0.001 : 0.001 * abs(lane.target)
            for step in 0...200 {
                let t = bounds[k] * (1 + Double(step) / 50)
                let x = try spring.value(target: lane.target, initialVelocity: lane.velocity, time: t)
                #expect(abs(x - lane.target) <= tolerance, "\(name) \(lane) at \(t)")
            }
        }
    }

    @Test func badInputIsNamedAndEveryLaneWritten() throws {
        let targets = [1.0, .nan, 2], velocities = [0.0, 0, .infinity]
        var out = [Double](repeating: -1, count: 3)
        var spring = ci_settling(decay_rate: 4, damped_frequency_squared: 9, epsilon: 0.001)
        #expect(ci_spring_settling(CI_BACKEND_SCALAR, &spring, targets, velocities, &out, 3) == CI_ERR_NONFINITE_INPUT)
        #expect(out[0] > 0 && out[1].isNaN && out[2].isNaN)
        for broken in [
            ci_settling(decay_rate: 0, damped_frequency_squared: 9, epsilon: 0.001),
            ci_settling(decay_rate: .nan, damped_frequency_squared: 9, epsilon: 0.001),
            ci_settling(decay_rate: 4, damped_frequency_squared: -1, epsilon: 0.001),
            ci_settling(decay_rate: 4, damped_frequency_squared: .infinity, epsilon: 0.001),
            ci_settling(decay_rate: 4, damped_frequency_squared: 9, epsilon: 0)
        ] {
            var copy = broken
            let status = ci_spring_settling(CI_BACKEND_SCALAR, &copy, targets, velocities, &out, 3)
            #expect(status == CI_ERR_INVALID_PARAMETER)
        }
        #expect(ci_spring_settling(CI_BACKEND_SCALAR, nil, targets, velocities, &out, 3) == CI_ERR_NULL_POINTER)
        #expect(ci_spring_settling(CI_BACKEND_SCALAR, &spring, nil, velocities, &out, 3) == CI_ERR_NULL_POINTER)
        #expect(ci_spring_settling(CI_BACKEND_SCALAR, &spring, nil, nil, nil, 0) == CI_OK)
    }

    /// What the kernel leaves to the reference (NaN: the least subnormal span, whose
    /// tolerance rounds to 0, so that Newton's method has no finite start) and what it
    /// refuses (an over-damped spring): the batch the transitions use gives the
    /// reference's figure for both; subnormal spans the kernel solves itself.
    @Test func theBatchFallsBackToTheReference() throws {
        let overDamped = try Spring(response: 0.5, dampingFraction: 1.8)
        let lanes: [(target: Double, velocity: Double)] = [
            (1, 0), (1e-306, 1e-300), (-3, 40), (Double.leastNormalMagnitude / 1_024, 0),
            (Double.leastNonzeroMagnitude, 0)
        ]
        let unsolved = try Self.kernel(.smooth, lanes, backend: .scalar)
        #expect(unsolved.map(\.isNaN) == [false, false, false, false, true])
        for spring in [Spring.snappy, .smooth, overDamped] {
            let targets = lanes.map(\.target), velocities = lanes.map(\.velocity)
            var bounds = [Double](repeating: -1, count: lanes.count)
            targets.withUnsafeBufferPointer { targets in
                velocities.withUnsafeBufferPointer { velocities in
                    bounds.withUnsafeMutableBufferPointer { bounds in
                        spring.validatedSettlingDurations(
                            targets: targets, initialVelocities: velocities, epsilon: 0.001, into: bounds)
                    }
                }
            }
            for (k, lane) in lanes.enumerated() {
                let reference = try spring.settlingDuration(target: lane.target, initialVelocity: lane.velocity)
                #expect(Self.ulps(bounds[k], reference) <= 4, "\(spring) \(lane): \(bounds[k]) vs \(reference)")
            }
        }
    }

    /// Through a list: a hide mid-show on springs ends each item where the reference's
    /// bound from the item's value and velocity at the tap says (the items run from 0 to
    /// 1; a hide sends every one back to 0 at once). The list keeps each item's new
    /// motion as float32 figures, and its bound is that of the figures kept: within a
    /// microsecond of the bound of the exact state, and to float32's rounding of the
    /// bound of the state rounded as the list stores it.
    @Test(arguments: [Curve.snappy, .smooth])
    func aListHiddenMidShowSettlesEachItemByTheReference(curve: Curve) throws {
        guard case .spring(let spring, _) = curve.kind else { Issue.record("not a spring"); return }
        let count = 40
        var list = try StaggeredList(
            count: count, config: try StaggerConfig(spread: .amount(0.1), curve: curve),
            tracks: [StaggerTrack("opacity", from: 0, to: 1)])
        try list.show(at: 0)
        let tap = 0.2
        try list.hide(at: tap)
        // The list keeps its items' starts as the kernel's float32 delays give them.
        let delays = try list.config.delays(count: count).map(Double.init)
        for item in 0..<count {
            let elapsed = tap - delays[item]
            let value = try spring.value(target: 1, time: elapsed)
            let velocity = try spring.velocity(target: 1, time: elapsed)
            let exact = try spring.settlingDuration(target: 0 - value, initialVelocity: velocity)
            let stored = try spring.settlingDuration(
                target: 0 - Double(Float(value)), initialVelocity: Double(Float(velocity)))
            let settle = try list.settleTime(ofItem: item)
            #expect(abs(settle - (tap + exact)) <= 1e-6, "item \(item): \(settle) vs \(tap + exact)")
            #expect(
                abs(settle - tap - stored) <= Double(Float(stored).ulp), "item \(item): \(settle) vs \(tap + stored)")
        }
    }
}

import RealModule
import Stagger
import Testing

/// Friction decay against its definition v' = −k·v, and UIKit's parameterisation.
@Suite struct DecayTests {
    /// Integrating v' = −k·v, x' = v with small RK4 steps gives the closed form's value
    /// and velocity; the motion rests at v₀/k.
    @Test func matchesANumericalIntegration() throws {
        let decay = try DecayCurve(frictionRate: 3)
        let v0 = 1200.0
        var x = 0.0, v = v0
        let h = 1e-4
        for step in 1...20_000 {
            // RK4 on (x, v): both derivatives are linear in v.
            let k1v = -3 * v, k1x = v
            let k2v = -3 * (v + h / 2 * k1v), k2x = v + h / 2 * k1v
            let k3v = -3 * (v + h / 2 * k2v), k3x = v + h / 2 * k2v
            let k4v = -3 * (v + h * k3v), k4x = v + h * k3v
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if step % 2500 == 0 {
                let t = Double(step) * h
                #expect(abs(try decay.value(initialVelocity: v0, time: t) - x) < 1e-8 * v0, "t \(t)")
                #expect(abs(try decay.velocity(initialVelocity: v0, time: t) - v) < 1e-8 * v0, "t \(t)")
            }
        }
        #expect(try decay.restingDistance(initialVelocity: v0) == 400)
        // After 2 s (6 time constants) the rest of the way is e^-6 of it.
        #expect(abs(400 - x - 400 * Double.exp(-6)) < 1e-6)
    }

    /// UIScrollView's rate multiplies the velocity by 0.998 each millisecond.
    @Test func uiScrollViewParameterisation() throws {
        let decay = DecayCurve.normal
        #expect(abs(try decay.velocity(initialVelocity: 1, time: 0.001) - 0.998) < 1e-12)
        #expect(abs(try decay.velocity(initialVelocity: 1, time: 1) - Double.pow(0.998, 1000)) < 1e-12)
        #expect(abs(DecayCurve.fast.decelerationRatePerMillisecond - 0.99) < 1e-12)
        let custom = try DecayCurve(decelerationRatePerMillisecond: 0.995)
        #expect(abs(custom.frictionRate + 1000 * Double.log(0.995)) < 1e-9)
        // A fling of 2000 pt/s rests 2000/k away, about 999 pt for the normal rate.
        #expect(abs(try decay.restingDistance(initialVelocity: 2000) - 2000 / (-1000 * Double.log(0.998))) < 1e-9)
    }

    /// Snapping: the velocity that rests exactly on a page does, and the duration to
    /// within half a point is where the remaining distance is half a point.
    @Test func snappingAndDuration() throws {
        let decay = try DecayCurve(frictionRate: 4)
        let v = try decay.initialVelocity(toTravel: 320)
        #expect(abs(try decay.restingDistance(initialVelocity: v) - 320) < 1e-12)
        let t = try decay.duration(initialVelocity: v)
        #expect(abs(320 - (try decay.value(initialVelocity: v, time: t)) - 0.5) < 1e-9)
        #expect(try decay.duration(initialVelocity: 1) == 0)
        #expect(try decay.value(initialVelocity: 100, time: -1) == 0)
    }

    @Test func batchMatchesTheScalarForm() throws {
        let decay = DecayCurve.normal
        let times: [Float] = [0, 0.1, 0.5, 1, 3]
        var values = [Float](repeating: 0, count: 5), velocities = values
        try decay.evaluate(initialVelocity: -900, times: times, into: &values, velocities: &velocities)
        for i in times.indices {
            #expect(abs(Double(values[i]) - (try decay.value(initialVelocity: -900, time: Double(times[i])))) < 1e-4)
            #expect(
                abs(Double(velocities[i]) - (try decay.velocity(initialVelocity: -900, time: Double(times[i])))) < 1e-3)
        }
    }

    @Test func badInputIsRejected() throws {
        #expect(throws: CurveError.invalidParameter(name: "frictionRate", value: 0)) {
            try DecayCurve(frictionRate: 0)
        }
        #expect(throws: CurveError.invalidParameter(name: "decelerationRate", value: 1)) {
            try DecayCurve(decelerationRatePerMillisecond: 1)
        }
        #expect(throws: CurveError.nonFiniteValue(name: "initial velocity", value: .nan)) {
            try DecayCurve.normal.value(initialVelocity: .nan, time: 0)
        }
        #expect(throws: CurveError.nonFiniteInput(.infinity)) {
            try DecayCurve.normal.velocity(initialVelocity: 1, time: .infinity)
        }
        var short = [Float](repeating: 0, count: 1), none: [Float] = []
        #expect(throws: CurveError.bufferMismatch(expected: 2, actual: 1)) {
            try DecayCurve.normal.evaluate(initialVelocity: 1, times: [0, 1], into: &short, velocities: &none)
        }
    }

    /// Results that overflow throw instead of returning ∞: a subnormal friction rate's
    /// resting distance, a huge snap distance, a value that does not fit Float.
    @Test func overflowingResultsThrow() throws {
        let subnormal = try DecayCurve(frictionRate: Double.leastNormalMagnitude / 4)  // subnormal
        #expect(throws: CurveError.resultOverflow(name: "restingDistance", value: 1000)) {
            try subnormal.restingDistance(initialVelocity: 1000)
        }
        #expect(throws: CurveError.resultOverflow(name: "restingDistance", value: 1000)) {
            try subnormal.duration(initialVelocity: 1000)
        }
        let fast = try DecayCurve(frictionRate: 4)
        #expect(throws: CurveError.resultOverflow(name: "initialVelocity", value: 1e308)) {
            try fast.initialVelocity(toTravel: 1e308)
        }
        var values = [Float](repeating: 0, count: 1), velocities: [Float] = []
        #expect(throws: CurveError.resultOverflow(name: "restingDistance (Float)", value: 1e300)) {
            try fast.evaluate(initialVelocity: 1e300, times: [1], into: &values, velocities: &velocities)
        }
        #expect(values == [0], "nothing written")
        let slow = try DecayCurve(frictionRate: 1e-300)
        #expect(throws: CurveError.resultOverflow(name: "value", value: 1e300)) {
            try slow.value(initialVelocity: 1e300, time: 1e10)
        }
    }
}

import Foundation
import PropertyBased
import Stagger
import Testing

/// Decay as a ``Curve`` kind: the closed form (against Foundation's exp and log, not our
/// own formulas), the kernel against the Double reference on every backend, lanes,
/// flings, the text form and bad input.
@Suite(.shrinking(false)) struct DecayCurveTests {
    /// value(t) = 1 − e^(−kt), velocity k·e^(−kt), settled within 0.001 at ln(1000)/k.
    @Test func closedFormValues() throws {
        let curve = try Curve.decay(frictionRate: 3)
        for t in [0, 0.01, 0.1, 0.5, 1, 2.302585, 5] {
            #expect(abs(try curve.value(at: t) - (1 - Foundation.exp(-3 * t))) <= 1e-15, "t \(t)")
            #expect(abs(try curve.velocity(at: t) - 3 * Foundation.exp(-3 * t)) <= 1e-14, "t \(t)")
        }
        #expect(try curve.value(at: -1) == 0)
        #expect(abs(curve.duration - Foundation.log(1000) / 3) <= 1e-15)
        // At the settling time exactly 0.001 remains; just before it more does.
        #expect(abs(1 - (try curve.value(at: curve.duration)) - 0.001) <= 1e-15)
        #expect(1 - (try curve.value(at: curve.duration * 0.999)) > 0.001)
        // Tiny times: 1 − e^(−kt) without cancellation: x − x²/2 + … for x = kt = 3e-12.
        #expect(abs(try curve.value(at: 1e-12) - (3e-12 - 4.5e-24)) <= 1e-27)
        // UIScrollView's rates: the velocity keeps 0.998 (0.99) of itself per millisecond.
        #expect(abs(try Curve.decay.velocity(at: 0.001) / (try Curve.decay.velocity(at: 0)) - 0.998) <= 1e-12)
        #expect(abs(try Curve.fastDecay.velocity(at: 0.001) / (try Curve.fastDecay.velocity(at: 0)) - 0.99) <= 1e-12)
        #expect(Curve.decay == Curve.decay(.normal) && Curve.fastDecay == Curve.decay(.fast))
        #expect(try Curve.decay(decelerationRatePerMillisecond: 0.99) == .fastDecay)
    }

    /// A fling launched at v₀ from x lands at x + v₀/k and starts at exactly v₀ when run
    /// as a decay curve toward that target (here through a component animator's lane).
    @Test func flingLandsAtTheProjectedTarget() throws {
        let decay = try DecayCurve(frictionRate: 5)
        let target = try decay.target(from: 100, initialVelocity: -1500)
        #expect(target == 100 - 1500.0 / 5)
        var start = ComponentState("start"), end = ComponentState("end")
        try start.set("offset", of: "list", to: 100.0)
        try end.set("offset", of: "list", to: target)
        var animator = ComponentAnimator(state: start)
        let timing = try ElementTiming(curve: .decay(decay))
        try animator.transition(to: end, at: 2, using: ComponentTransition(timing))
        #expect(abs(try animator.velocity("offset", of: "list", at: 2)[0] + 1500) <= 1e-9)
        for t in [0.1, 0.4, 1.0] {
            let expected = 100 - 300 * (1 - Foundation.exp(-5 * t))
            #expect(abs(try animator.value("offset", of: "list", at: 2 + t, as: Double.self) - expected) <= 1e-9)
            let rate = -1500 * Foundation.exp(-5 * t)
            #expect(abs(try animator.velocity("offset", of: "list", at: 2 + t)[0] - rate) <= 1e-9)
        }
        // At rest (within 0.1 % of the 300 pt travel) after ln(1000)/5 s.
        #expect(!animator.isComplete(at: 2 + Foundation.log(1000) / 5 - 1e-6))
        #expect(animator.isComplete(at: 2 + Foundation.log(1000) / 5 + 1e-9))
        #expect(throws: CurveError.nonFiniteValue(name: "value", value: .nan)) {
            try decay.target(from: .nan, initialVelocity: 1)
        }
        #expect(throws: CurveError.resultOverflow(name: "target", value: 1e308)) {
            try DecayCurve(frictionRate: 2).target(from: 1.7e308, initialVelocity: 1e308)
        }
    }

    /// Random decays through every kernel entry point against the Double reference.
    @Test(arguments: testedBackends)
    func kernelMatchesTheReference(backend: Backend) async throws {
        await checkProperty(
            count: 30, input: Gen.double(in: -3...6), Gen.float(in: -0.5...20).array(of: 0...700),
            Gen.double(in: -2000...2000), Gen.double(in: -0.2...0.2)
        ) { logRate, times, v0, increment in
            let k = Foundation.exp(logRate)  // 0.05 ... 400 per second
            let decay = try DecayCurve(frictionRate: k)
            let curve = Curve.decay(decay)
            var values = [Float](repeating: .nan, count: times.count)
            try curve.evaluate(times: times, into: &values, backend: backend)
            var travelled = values, rates = values
            try decay.evaluate(
                initialVelocity: v0, times: times, into: &travelled, velocities: &rates, backend: backend)
            let rest = v0 / k, scale = max(1, abs(rest))
            for i in times.indices {
                let t = Double(times[i])
                #expect(abs(Double(values[i]) - (try curve.value(at: t))) <= 1e-6, "k \(k) at \(t)")
                #expect(abs(Double(travelled[i]) - (try decay.value(initialVelocity: v0, time: t))) <= 1e-6 * scale)
                #expect(abs(Double(rates[i]) - (try decay.velocity(initialVelocity: v0, time: t))) <= 1e-6 * scale * k)
            }
            // The indexed stagger pass: item i starts at i · increment.
            var staggered = values
            try curve.sampleStaggered(
                at: 1.5, baseDelay: 0, delayIncrement: increment, into: &staggered, backend: backend)
            // As KernelPropertyTests: the kernel rounds the time from the earliest delay
            // (the last item's for a negative increment) and the elapsed time.
            let earliest = increment < 0 ? Double(max(staggered.count - 1, 0)) * increment : 0
            for i in staggered.indices {
                let elapsed = 1.5 - Double(i) * increment
                #expect(
                    abs(Double(staggered[i]) - (try curve.value(at: elapsed)))
                        <= staggerTolerance(curve, elapsed, (abs(1.5 - earliest) + abs(elapsed)) * 0x1p-23), "item \(i)"
                )
            }
        }
    }

    /// A staggered list and a matched-pair group driven by a decay: kernel frames against
    /// the Double reference, velocities included, interrupted or not.
    @Test(arguments: testedBackends)
    func listsAndPairsRunDecays(backend: Backend) throws {
        var list = try StaggeredList(
            count: 37, config: StaggerConfig(spread: .each(0.02), curve: .decay(frictionRate: 6)))
        try list.show(at: 0)
        try list.hide(at: 0.3)
        var frame = list.makeFrame()
        try list.sample(at: 0.45, into: &frame, backend: backend)
        for i in 0..<37 {
            #expect(abs(Double(frame.appearance[i]) - (try list.appearance(of: i, at: 0.45))) <= 2e-6, "item \(i)")
        }

        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 300, y: -40, width: 80, height: 10), opacity: 0.5)
        var group = try MatchedPairGroup(
            [try MatchedPair(source: a, destination: b), try MatchedPair(source: b, destination: a)],
            curves: MatchedCurves(position: .decay, size: .fastDecay, cornerRadius: .smooth, appearance: .fastDecay))
        try group.start(at: 0)
        let expanding = group
        try group.reverse(at: 0.2)
        var pairs = group.makeFrame()
        for time in [0.2, 0.35, 1, 4] {
            try group.sample(at: time, into: &pairs, backend: backend)
            for i in 0..<2 {
                let reference = try group.laneValues(ofPair: i, at: time)
                for lane in MatchedLane.allCases where lane.part != .cornerRadius {
                    let l = lane.rawValue, slot = l * 2 + i
                    let scale = max(1, abs(reference[l].value), 300)
                    #expect(abs(Double(pairs.values[slot]) - reference[l].value) <= 2e-6 * scale, "\(lane) at \(time)")
                    #expect(
                        abs(Double(pairs.velocities[slot]) - reference[l].velocity) <= 2e-6 * scale * 10.06,
                        "\(lane) velocity at \(time)")
                }
            }
        }
        // The reversed decay starts from where the first one was (value continuous);
        // its velocity is k times its new span, not the old velocity.
        let k = DecayCurve.normal.frictionRate
        let ends = try [-1, 1e4].map { try expanding.laneValues(ofPair: 0, at: $0)[MatchedLane.anchorX.rawValue].value }
        let x = ends[0] + (ends[1] - ends[0]) * (1 - Foundation.exp(-k * 0.2))
        #expect(abs(ends[1] - ends[0]) > 100, "the pair moves")
        let now = try group.laneValues(ofPair: 0, at: 0.2)[MatchedLane.anchorX.rawValue]
        #expect(abs(now.value - x) <= 1e-9 && abs(now.velocity - (ends[0] - x) * k) <= 1e-9)
    }

    @Test func textForm() throws {
        #expect(try Curve(parsing: "decay") == .decay)
        #expect(try Curve(parsing: "fastDecay") == .fastDecay)
        #expect(try Curve(parsing: "decay(frictionRate: 4)") == (try .decay(frictionRate: 4)))
        #expect(try Curve(parsing: "decay( decelerationRate: 0.99 )") == .fastDecay)
        let curve = try Curve.decay(frictionRate: 2.75)
        #expect(curve.description == "decay(frictionRate: 2.75)")
        #expect(try Curve(parsing: curve.description) == curve)
        for text in [
            "decay(4)", "decay(frictionRate: 2, decelerationRate: 0.9)", "fastDecay(frictionRate: 3)",
            "decay(initialVelocity: 3)", "decay(frictionRate: 1, frictionRate: 2)"
        ] {
            #expect(throws: CurveError.self, "\(text)") { try Curve(parsing: text) }
        }
        #expect(throws: CurveError.invalidParameter(name: "frictionRate", value: -1)) {
            try Curve(parsing: "decay(frictionRate: -1)")
        }
    }

    @Test(arguments: [0, -1, Double.nan, .infinity, -.infinity])
    func badFrictionRateThrows(rate: Double) {
        #expect(throws: CurveError.invalidParameter(name: "frictionRate", value: rate)) {
            try Curve.decay(frictionRate: rate)
        }
    }

    @Test func badInputThrows() throws {
        #expect(throws: CurveError.invalidParameter(name: "decelerationRate", value: 1.5)) {
            try Curve.decay(decelerationRatePerMillisecond: 1.5)
        }
        #expect(throws: CurveError.nonFiniteInput(.nan)) { try Curve.decay.value(at: .nan) }
        #expect(throws: CurveError.invalidParameter(name: "epsilon", value: 0)) {
            try DecayCurve.normal.settlingDuration(epsilon: 0)
        }
        #expect(try DecayCurve.normal.settlingDuration(epsilon: 2) == 0)
        // A rate float32 cannot hold is refused by the kernel paths, named.
        let huge = try Curve.decay(frictionRate: 1e300)
        var out = [Float](repeating: 0, count: 1)
        #expect(throws: CurveError.exceedsFloat32Range(name: "frictionRate", value: 1e300)) {
            try huge.evaluate(times: [0], into: &out)
        }
        #expect(throws: CurveError.nonFiniteInput(.infinity)) {
            try Curve.decay.evaluate(times: [.infinity], into: &out)
        }
        var two = [Float](repeating: 0, count: 2), none: [Float] = []
        #expect(throws: CurveError.bufferMismatch(expected: 1, actual: 2)) {
            try DecayCurve.fast.evaluate(initialVelocity: 1, times: [0], into: &two, velocities: &none)
        }
    }
}

/// MotionMachine's physics friction as a decay (the MotionMachine article): velocity
/// times (1 − friction) per second is a friction rate −ln(1 − friction). Friction 0.5: the
/// speed halves each second and a fling of 200 travels 200 (1 − 1/2) / ln 2 = 144.2695 in
/// the first; MotionMachine's 0.1 ms Euler steps, summed here, land within 0.006 of it.
@Suite struct PhysicsFrictionTests {
    @Test func frictionIsADecay() throws {
        let friction = 0.5
        let decay = try DecayCurve(frictionRate: -log(1 - friction))
        #expect(abs(try decay.value(initialVelocity: 200, time: 1) - 144.26950408889634) <= 1e-9)
        #expect(abs(try decay.velocity(initialVelocity: 200, time: 1) - 100) <= 1e-9)
        var (position, velocity) = (0.0, 200.0)
        let step = 0.0001, multiplier = pow(1 - friction, step)
        for _ in 0..<10_000 {
            velocity *= multiplier
            position += velocity * step
        }
        #expect(abs(position - 144.26950408889634) <= 0.006 && abs(position - 144.26950408889634) >= 0.004)
    }
}

import PropertyBased
import Stagger
import Testing

/// Every kernel path against the Double reference, on random curves, lengths 0...2,000
/// and unaligned starts, for every backend this machine supports.
@Suite(.shrinking(false)) struct KernelPropertyTests {
    @Test(arguments: testedBackends)
    func easingsMatchTheReference(backend: Backend) async throws {
        await checkProperty(
            count: 40, input: easingGenerator,
            Gen.float(in: -0.25...1.25).array(of: 0...2000), Gen.int(in: 0...17)
        ) { easing, progress, offset in
            let input = OffsetBuffer(progress, offset: offset)
            var output = OffsetBuffer(count: progress.count, offset: (offset * 7) % 19)
            try input.withInput { source in
                try output.withOutput { try easing.evaluate(source, into: $0, backend: backend) }
            }
            for (p, value) in zip(progress, output.values) {
                let reference = try easing.value(at: Double(p))
                let tolerance = easingTolerance(easing, at: Double(p))
                #expect(
                    abs(Double(value) - reference) <= tolerance,
                    "\(easing) at \(p): kernel \(value), reference \(reference)")
            }
        }
    }

    @Test(arguments: testedBackends)
    func springsMatchTheReference(backend: Backend) async throws {
        await checkProperty(
            count: 40, input: springGenerator,
            Gen.float(in: -0.5...10).array(of: 0...2000), Gen.double(in: -3...3),
            Gen.double(in: -20...20)
        ) { spring, times, target, velocity in
            var values = [Float](repeating: 0, count: times.count)
            var velocities = values
            try spring.evaluate(
                target: target, initialVelocity: velocity, times: times, into: &values,
                velocities: &velocities, backend: backend)
            let omega = spring.angularFrequency
            let scale = max(1, abs(target), abs(velocity) / omega)
            for i in times.indices {
                let t = Double(times[i])
                let value = try spring.value(target: target, initialVelocity: velocity, time: t)
                let rate = try spring.velocity(target: target, initialVelocity: velocity, time: t)
                #expect(
                    abs(Double(values[i]) - value) <= 1e-5 * scale,
                    "\(spring) target \(target) v0 \(velocity) at \(t): \(values[i]) vs \(value)")
                #expect(
                    abs(Double(velocities[i]) - rate) <= 1e-5 * scale * omega,
                    "\(spring) velocity at \(t): \(velocities[i]) vs \(rate)")
            }
        }
    }

    @Test(arguments: testedBackends)
    func curvesOverTimeMatchTheReference(backend: Backend) async throws {
        await checkProperty(
            count: 30, input: easingGenerator, Gen.double(in: 0.05...3),
            Gen.float(in: -1...4).array(of: 0...500)
        ) { easing, duration, times in
            let curve = try Curve.easing(easing, duration: duration)
            var values = [Float](repeating: 0, count: times.count)
            try curve.evaluate(times: times, into: &values, backend: backend)
            for (t, value) in zip(times, values) {
                let reference = try curve.value(at: Double(t))
                let progress = min(max(Double(t) / duration, 0), 1)
                #expect(
                    abs(Double(value) - reference) <= easingTolerance(easing, at: progress),
                    "\(curve) at \(t)s: \(value) vs \(reference)")
            }
        }
    }

    @Test(arguments: testedBackends)
    func staggeredListsMatchTheReference(backend: Backend) async throws {
        let curveGenerator = zip(easingGenerator, springGenerator, Gen.int(in: 0...4), Gen.double(in: 0.05...2))
            .map { easing, spring, choice, duration -> Curve in
                switch choice {
                case 0, 1: try! .spring(spring)
                case 2: try! .decay(frictionRate: 4 / duration)
                default: try! .easing(easing, duration: duration)
                }
            }
        await checkProperty(
            count: 40, input: curveGenerator, Gen.int(in: 0...2000), Gen.double(in: -1...1),
            Gen.double(in: -0.1...0.1), Gen.double(in: 0...30)
        ) { curve, count, baseDelay, increment, time in
            var values = [Float](repeating: .nan, count: count)
            try curve.sampleStaggered(
                at: time, baseDelay: baseDelay, delayIncrement: increment, into: &values,
                backend: backend)
            for i in 0..<count {
                let elapsed = time - (baseDelay + Double(i) * increment)
                let reference = try curve.value(at: elapsed)
                // The kernel rounds (time - earliest delay) and the elapsed time to
                // float32 once each (the earliest delay is the last item's for a
                // negative increment), with an ulp of slack for the division.
                let earliest = increment < 0 ? baseDelay + Double(max(count - 1, 0)) * increment : baseDelay
                let timeError = (abs(time - earliest) + abs(elapsed)) * 0x1p-23
                #expect(
                    abs(Double(values[i]) - reference) <= staggerTolerance(curve, elapsed, timeError),
                    "\(curve) item \(i) at \(time): \(values[i]) vs \(reference)")
            }
        }
    }

    @Test(arguments: testedBackends)
    func explicitDelaysMatchTheReference(backend: Backend) async throws {
        await checkProperty(
            count: 30, input: easingGenerator, Gen.float(in: -2...5).array(of: 0...700),
            Gen.double(in: 0...6)
        ) { easing, delays, time in
            let curve = try Curve.easing(easing, duration: 0.4)
            var values = [Float](repeating: .nan, count: delays.count)
            try curve.sampleStaggered(at: time, delays: delays, into: &values, backend: backend)
            let kernelTime = Double(Float(time))
            for (delay, value) in zip(delays, values) {
                let elapsed = kernelTime - Double(delay)
                let reference = try curve.value(at: elapsed)
                #expect(
                    abs(Double(value) - reference)
                        <= staggerTolerance(curve, elapsed, abs(elapsed) * 0x1p-23),
                    "\(curve) delay \(delay) at \(time): \(value) vs \(reference)")
            }
        }
    }

    @Test(arguments: testedBackends)
    func inPlaceEqualsOutOfPlace(backend: Backend) async throws {
        await checkProperty(
            count: 20, input: easingGenerator, Gen.float(in: 0...1).array(of: 0...300)
        ) { easing, progress in
            var separate = [Float](repeating: 0, count: progress.count)
            try easing.evaluate(progress, into: &separate, backend: backend)
            var inPlace = progress
            try inPlace.withUnsafeMutableBufferPointer { buffer in
                try easing.evaluate(UnsafeBufferPointer(buffer), into: buffer, backend: backend)
            }
            #expect(inPlace == separate)
        }
    }

    /// CSS steps jump exactly at k/n: the kernel's floor uses the exact product, so a
    /// float input one ulp either side of an edge lands on the reference's side.
    @Test(arguments: testedBackends)
    func stepEdgesAreExact(backend: Backend) throws {
        for count in [3, 7, 10, 13, 100, 1000] {
            for position in StepPosition.allCases where position != .jumpNone || count >= 2 {
                let easing = try Easing.steps(count, position)
                var progress: [Float] = []
                for k in 0...count {
                    let edge = Float(k) / Float(count)
                    progress += [edge.nextDown, edge, edge.nextUp].filter { (0...1).contains($0) }
                }
                var values = [Float](repeating: 0, count: progress.count)
                try easing.evaluate(progress, into: &values, backend: backend)
                for (p, value) in zip(progress, values) {
                    let reference = try easing.value(at: Double(p))
                    #expect(
                        abs(Double(value) - reference) <= 1e-7,
                        "steps(\(count), \(position)) at \(p): \(value) vs \(reference)")
                }
            }
        }
    }

    /// Near zeta = 1 the under- and over-damped forms divide by a vanishing omega; the
    /// kernel must stay within bounds right up to it from both sides.
    @Test(arguments: testedBackends)
    func springsNearCriticalDamping(backend: Backend) throws {
        let times = (0...2000).map { Float($0) / 200 }
        // 2^-23 and 2^-20 survive the rounding to float32 (1 ± 1e-9 would not).
        let offsets = [1e-3, 1e-6, 0x1p-20, 0x1p-23]
        for zeta in [1] + offsets.map({ 1 - $0 }) + offsets.map({ 1 + $0 }) {
            for response in [0.05, 0.5, 5] {
                let spring = try Spring(response: response, dampingFraction: zeta)
                var values = [Float](repeating: 0, count: times.count)
                var velocities = values
                try spring.evaluate(
                    initialVelocity: 2, times: times, into: &values, velocities: &velocities,
                    backend: backend)
                let omega = spring.angularFrequency
                let scale = max(1, 2 / omega)
                for i in times.indices {
                    let t = Double(times[i])
                    let reference = try spring.value(initialVelocity: 2, time: t)
                    let rate = try spring.velocity(initialVelocity: 2, time: t)
                    #expect(
                        abs(Double(values[i]) - reference) <= 1e-5 * scale,
                        "zeta \(zeta) response \(response) t \(t)")
                    #expect(
                        abs(Double(velocities[i]) - rate) <= 1e-5 * scale * omega,
                        "velocity: zeta \(zeta) response \(response) t \(t)")
                }
            }
        }
    }
}

/// Stagger tolerance: the curve's own bound plus what an input time error of
/// `timeError` seconds moves its value.
func staggerTolerance(_ curve: Curve, _ elapsed: Double, _ timeError: Double) -> Double {
    switch curve.kind {
    case .easing(let easing, let duration):
        let progress = min(max(elapsed / duration, 0), 1)
        return easingTolerance(easing, at: progress, extraInputError: timeError / duration)
    case .spring(let spring, let initialVelocity):
        let scale = max(1, abs(initialVelocity) / spring.angularFrequency)
        let rate = (try? curve.velocity(at: max(elapsed, 0))) ?? 0
        return 1e-5 * scale + abs(rate) * timeError * 2
    case .decay:
        let rate = (try? curve.velocity(at: max(elapsed, 0))) ?? 0
        return 1e-6 + abs(rate) * timeError * 2
    }
}

import Testing

@testable import Stagger

/// Curves exported as CSS `linear()` (issue 18): within the error asked for at 100,003
/// progress values against the curve's own reference, over the duration the settling
/// definition gives, with no point that could be dropped, and steps exactly.
@Suite struct LinearApproximationTests {
    static let curves: [Curve] = [
        .snappy, .bouncy, .smooth, .spring, try! .spring(duration: 0.6, bounce: 0.4, initialVelocity: 2),
        try! .easing(.easeOutBounce, duration: 0.8), try! .easing(.easeInOutBounce, duration: 1),
        try! .easing(.easeInOutCubic, duration: 0.3),
        try! .easing(.cubicBezier(0.68, -0.6, 0.32, 1.6), duration: 0.5), .decay
    ]

    /// The move 0 → 1 at progress p of the export's duration, from the curve's reference.
    static func reference(_ curve: Curve, _ p: Double, duration: Double) throws -> Double {
        if case .easing(let easing, _) = curve.kind { return try easing.value(at: p) }
        return try curve.value(at: p * duration)
    }

    @Test(arguments: [0.001, 0.0001])
    func exportsStayWithinTheErrorAskedFor(maximumError: Double) throws {
        for curve in Self.curves {
            let (easing, duration) = try curve.linearApproximation(maximumError: maximumError)
            switch curve.kind {
            case .easing(_, let own): #expect(duration == own)
            case .spring(let spring, let velocity):
                #expect(
                    duration
                        == (try spring.settlingDuration(target: 1, initialVelocity: velocity, epsilon: maximumError / 2))
                )
            case .decay(let decay): #expect(duration == (try decay.settlingDuration(epsilon: maximumError / 2)))
            }
            #expect(easing.points.first?.input == 0 && easing.points.last?.input == 1)
            #expect(easing.points.last?.output == 1, "\(curve) ends at its target")
            var worst = 0.0
            let n = 100_003
            for i in 0...n {
                let p = Double(i) / Double(n)
                worst = max(worst, abs(easing.value(at: p) - (try Self.reference(curve, p, duration: duration))))
            }
            #expect(worst <= maximumError, "\(curve): \(easing.points.count) points, error \(worst)")
        }
    }

    /// No interior point can go: the chord between its neighbours (on the curve, before
    /// the outputs are rounded) leaves 0.9 of the bound at one of the 10,001 progress
    /// values the export holds to it.
    @Test func noPointCanBeDropped() throws {
        let n = Curve.approximationSampleCount
        for curve in Self.curves {
            let (easing, duration) = try curve.linearApproximation(maximumError: 0.001)
            let points = easing.points
            for k in 1..<(points.count - 1) {
                func onCurve(_ point: PiecewiseLinear.Point) throws -> PiecewiseLinear.Point {
                    point.input == 1
                        ? point
                        : .init(input: point.input, output: try Self.reference(curve, point.input, duration: duration))
                }
                let a = try onCurve(points[k - 1]), b = try onCurve(points[k + 1])
                var worst = 0.0
                for i in Int((a.input * Double(n)).rounded())...Int((b.input * Double(n)).rounded()) {
                    let p = Double(i) / Double(n)
                    let chord = a.output + (p - a.input) / (b.input - a.input) * (b.output - a.output)
                    let exact = p == 1 ? 1 : try Self.reference(curve, p, duration: duration)
                    worst = max(worst, abs(chord - exact))
                }
                #expect(worst > 0.9 * 0.001, "\(curve): point \(k) of \(points.count) could go")
            }
        }
    }

    @Test func stepsAndLinearComeOutExact() throws {
        for position in StepPosition.allCases {
            for count in position.minimumStepCount...7 {
                let steps = try Easing.steps(count, position)
                let (easing, _) = try Curve.easing(steps, duration: 1).linearApproximation()
                for i in 0...(count * 64) {
                    let p = Double(i) / Double(count * 64)
                    #expect(easing.value(at: p) == (try steps.value(at: p)), "steps(\(count), \(position)) at \(p)")
                }
            }
        }
        let linear = try PiecewiseLinear(stops: [.init(0), .init(0.3, at: 0.2), .init(1)])
        #expect(try Curve.easing(.linear(linear), duration: 2).linearApproximation() == (linear, 2))
    }

    @Test func badInputIsRefused() throws {
        for bad in [0, -0.01, .nan, .infinity] {
            #expect(throws: CurveError.invalidMaximumError(bad)) {
                try Curve.snappy.linearApproximation(maximumError: bad)
            }
        }
        #expect(throws: CurveError.self) { try Curve.bouncy.linearApproximation(maximumError: 1e-12) }
        do {
            _ = try Curve.bouncy.linearApproximation(maximumError: 1e-12)
        } catch {
            guard case .linearPointCount(let count) = error else { throw error }
            #expect(count > PiecewiseLinear.maximumPointCount)
        }
        let undamped = try Curve.interpolatingSpring(mass: 1, stiffness: 100, damping: 0)
        #expect(throws: CurveError.invalidParameter(name: "damping", value: 0)) {
            try undamped.linearApproximation()
        }
        #expect(throws: CurveError.linearPointCount(1025)) {
            try Curve.easing(.steps(512), duration: 1).linearApproximation()
        }
    }
}

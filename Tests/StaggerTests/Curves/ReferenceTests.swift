import Testing

@testable import Stagger

// Expected values here come from DefinitionsAndSources.md §2 (easings.net, CSS Easing Level 2) or are
// worked out by hand in the comments; none is taken from the code under test.

private let pennerCurves: [(EasingFamily, EasingDirection)] =
    EasingFamily.allCases.flatMap { family in EasingDirection.allCases.map { (family, $0) } }

/// 0, 1/n, …, 1.
private func grid(_ n: Int) -> [Double] { (0...n).map { Double($0) / Double(n) } }

@Suite("Penner easings")
struct PennerTests {
    @Test("value(0) == 0 and value(1) == 1 exactly", arguments: EasingFamily.allCases)
    func endpointsAreExact(family: EasingFamily) throws {
        for direction in EasingDirection.allCases {
            let easing = Easing.penner(family, direction)
            #expect(try easing.value(at: 0) == 0, "\(easing)")
            #expect(try easing.value(at: 1) == 1, "\(easing)")
        }
    }

    // Every family's published out formula is the in formula mirrored: for sine
    // sin(pπ/2) = 1 − (1 − cos((1 − p)π/2)); for powers 1 − (1 − p)ⁿ; for expo
    // 1 − 2^(−10p) = 1 − 2^(10(1 − p) − 10); for back expand (p − 1)³, (p − 1)²; for elastic
    // the two sine arguments sum to −π·(2/3)·1.5 = −π, so their sines agree; bounce in is
    // defined that way.
    @Test("out(p) == 1 − in(1 − p)", arguments: EasingFamily.allCases)
    func outMirrorsIn(family: EasingFamily) throws {
        let easeIn = Easing.penner(family, .in)
        let easeOut = Easing.penner(family, .out)
        for p in grid(1000) {
            let mirrored = try 1 - easeIn.value(at: 1 - p)
            #expect(abs(try easeOut.value(at: p) - mirrored) <= 1e-12, "\(family) at \(p)")
        }
    }

    // Each published inOut is point-symmetric about (½, ½) by the same algebra.
    @Test("inOut(p) == 1 − inOut(1 − p)", arguments: EasingFamily.allCases)
    func inOutIsPointSymmetric(family: EasingFamily) throws {
        let easing = Easing.penner(family, .inOut)
        for p in grid(1000) {
            let mirrored = try 1 - easing.value(at: 1 - p)
            #expect(abs(try easing.value(at: p) - mirrored) <= 1e-12, "\(family) at \(p)")
        }
    }

    @Test("hand-computed values of the published formulas")
    func handComputedValues() throws {
        let cases: [(Easing, Double, Double)] = [
            (.easeInQuad, 0.5, 0.25),  // 0.5²
            (.easeOutCubic, 0.5, 0.875),  // 1 − 0.5³
            (.easeInOutQuad, 0.25, 0.125),  // 2·0.25²
            (.easeInOutQuart, 0.75, 0.96875),  // 1 − (−1.5 + 2)⁴/2 = 1 − 0.0625/2
            (.easeInQuint, 0.5, 0.03125),  // 0.5⁵
            (.easeInSine, 0.5, 1 - 2.0.squareRoot() / 2),  // 1 − cos(π/4)
            (.easeInExpo, 0.5, 0.03125),  // 2^(5 − 10)
            (.easeOutExpo, 0.1, 0.5),  // 1 − 2^(−1)
            (.easeInOutExpo, 0.25, 1.0 / 64),  // 2^(5 − 10)/2 = 1/64
            (.easeOutElastic, 0.1, 1.25),  // 2^(−1)·sin(0.25·2π/3) + 1 = 0.5·sin(π/6) + 1
            (.easeOutBounce, 0.5, 0.765625),  // 7.5625·(−0.125/2.75)² + 0.75 = 0.015625 + 0.75
            (.easeOutBounce, 0.2, 0.3025),  // 7.5625·0.04
            (.easeInCirc, 0.6, 0.2),  // 1 − √(1 − 0.36) = 1 − 0.8
            (.easeOutBack, 0.5, 1 + 2.70158 * -0.125 + 1.70158 * 0.25)  // 1 + s₃(−½)³ + s(−½)²
        ]
        for (easing, p, expected) in cases {
            #expect(abs(try easing.value(at: p) - expected) <= 1e-15, "\(easing) at \(p)")
        }
    }

    // Back out: f(p) = 1 + s₃q³ + s·q² with q = p − 1. f' = 0 at q = −2s/(3s₃), where
    // f = 1 + q²(s₃q + s) = 1 + q²·s/3 = 1 + 4s³/(27s₃²).
    // Back inOut, second half: f = (q²((s₂ + 1)q + s₂) + 2)/2 with q = 2p − 2;
    // f' = 0 at q = −2s₂/(3(s₂ + 1)), where f = 1 + q²·s₂/6 = 1 + 2s₂³/(27(s₂ + 1)²).
    @Test("back peaks: 1.1000 (out) and ≈1.1002 (inOut)")
    func backPeaks() throws {
        let s = 1.70158
        let s3 = s + 1
        let s2 = s * 1.525
        let outPeak = 1 + 4 * s * s * s / (27 * s3 * s3)
        let inOutPeak = 1 + 2 * s2 * s2 * s2 / (27 * (s2 + 1) * (s2 + 1))

        func sampledMax(_ easing: Easing) throws -> Double {
            var best = -Double.infinity
            for p in grid(200_000) { best = max(best, try easing.value(at: p)) }
            return best
        }
        let outMax = try sampledMax(.easeOutBack)
        let inOutMax = try sampledMax(.easeInOutBack)

        // Published at four decimals.
        #expect(abs(outMax - 1.1000) < 0.00005)
        #expect(abs(inOutMax - 1.1002) < 0.00005)
        // A sample spacing of 5e-6 misses the vertex by at most f''·(2.5e-6)²/2 ≈ 1e-10.
        #expect(abs(outMax - outPeak) < 1e-9)
        #expect(abs(inOutMax - inOutPeak) < 1e-9)
        // And the sampled maximum never exceeds the analytic one.
        #expect(outMax <= outPeak + 1e-15)
        #expect(inOutMax <= inOutPeak + 1e-15)
    }

    // Breakpoints where a published formula switches branch: the in-out midpoint and the
    // bounce arcs (at k = 1/2.75, 2/2.75, 2.5/2.75, mirrored and halved as in and inOut use them).
    private static let kinks: [Double] = {
        let arcs: [Double] = [1 / 2.75, 2 / 2.75, 2.5 / 2.75]
        var points: [Double] = [0.5]
        for k in arcs { points += [k, 1 - k, (1 - k) / 2, (1 + k) / 2] }
        return points
    }()

    @Test("analytic slope matches a central difference", arguments: EasingFamily.allCases)
    func slopeMatchesDifference(family: EasingFamily) throws {
        let h = 1e-6
        for direction in EasingDirection.allCases {
            let easing = Easing.penner(family, direction)
            for p in stride(from: 0.0123, to: 0.99, by: 0.0171) where Self.kinks.allSatisfy({ abs($0 - p) > 1e-3 }) {
                let difference = try (easing.value(at: p + h) - easing.value(at: p - h)) / (2 * h)
                let slope = easing.slope(at: p)
                #expect(abs(slope - difference) <= 1e-6 * max(1, abs(slope)), "\(easing) at \(p)")
            }
        }
    }

    @Test("progress is clamped to [0, 1]")
    func clamping() throws {
        for easing in Easing.allNamed {
            #expect(try easing.value(at: -0.5) == easing.value(at: 0))
            #expect(try easing.value(at: 7) == easing.value(at: 1))
            #expect(easing.slope(at: -0.5) == 0)
            #expect(easing.slope(at: 1.5) == 0)
        }
    }
}

@Suite("CSS cubic-bezier")
struct CubicBezierTests {
    /// The CSS definition in Bernstein form, evaluated independently of the code's power form.
    private static func bernstein(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    private static let named: [(Easing, [Double])] = [
        (.ease, [0.25, 0.1, 0.25, 1]),
        (.easeIn, [0.42, 0, 1, 1]),
        (.easeOut, [0, 0, 0.58, 1]),
        (.easeInOut, [0.42, 0, 0.58, 1])
    ]

    @Test("named curves have the CSS control points")
    func namedControlPoints() throws {
        for (easing, points) in Self.named {
            guard case .cubicBezier(let curve) = easing.kind else {
                Issue.record("\(easing) is not a cubic-bezier")
                continue
            }
            #expect([curve.x1, curve.y1, curve.x2, curve.y2] == points)
            #expect(try Easing.cubicBezier(points[0], points[1], points[2], points[3]) == easing)
        }
    }

    @Test("value(at: x(t)) == y(t) on the parametric definition")
    func parametricAgreement() throws {
        var curves = Self.named.map { $0.1 }
        // Overshooting, flat-in-the-middle (x1 = 1, x2 = 0 makes dx/dt vanish at t = ½),
        // and degenerate-end curves.
        curves += [[0.68, -0.6, 0.32, 1.6], [1, 0, 0, 1], [0, 1, 1, 0], [0.1, 0.9, 0.2, 1], [0.5, 0, 0.5, 1]]
        for points in curves {
            let easing = try Easing.cubicBezier(points[0], points[1], points[2], points[3])
            for t in grid(40) {
                let x = Self.bernstein(points[0], points[2], t)
                let y = Self.bernstein(points[1], points[3], t)
                let slope = abs(easing.slope(at: x))
                // ~1e-14 solve accuracy plus rounding of the test's own x, magnified by the slope.
                let tolerance = 2e-14 + 1e-15 * min(slope, 1e12)
                #expect(abs(try easing.value(at: x) - y) <= tolerance, "\(points) at t = \(t)")
            }
            #expect(try easing.value(at: 0) == 0)
            #expect(try easing.value(at: 1) == 1)
        }
    }

    @Test("slope is dy/dx of the parametric form")
    func slopeMatchesParametric() throws {
        let (x1, y1, x2, y2) = (0.42, 0.0, 0.58, 1.0)
        let curve = try CubicBezier(x1, y1, x2, y2)
        for t in stride(from: 0.05, through: 0.95, by: 0.1) {
            let u = 1 - t
            // d/dt of the Bernstein form: 3u²a + 6ut(b − a) + 3t²(1 − b).
            let dx = 3 * u * u * x1 + 6 * u * t * (x2 - x1) + 3 * t * t * (1 - x2)
            let dy = 3 * u * u * y1 + 6 * u * t * (y2 - y1) + 3 * t * t * (1 - y2)
            let x = Self.bernstein(x1, x2, t)
            #expect(abs(curve.slope(at: x) - dy / dx) <= 1e-9 * max(1, dy / dx))
        }
        // Vertical tangent at the start: x1 = 0 with y1 > 0 makes dx/dt = 0, dy/dt > 0.
        let vertical = try CubicBezier(0, 0.5, 0.5, 1)
        #expect(vertical.slope(at: 0) == CubicBezier.steepSlope)
        #expect(vertical.slope(at: 0).isFinite)
        // x1 = y1 = 0: both first derivatives vanish; the second-order ratio is y2/x2 = 1/0.58.
        #expect(abs(Easing.easeOut.slope(at: 0) - 1 / 0.58) < 1e-12)
    }

    // CSS Easing 2: outside [0, 1] the curve follows the line through P0 and P1 (or P2 if
    // x1 = 0), and through P2 (or P1 if x2 = 1) and P3. ease: start slope 0.1/0.25 = 0.4;
    // end slope (1 − 1)/(0.25 − 1) = 0. ease-in: x2 = 1, so through P1: (0 − 1)/(0.42 − 1)
    // = 1/0.58.
    @Test("CubicBezier extends along its end tangents; Easing clamps instead")
    func tangentExtension() throws {
        let ease = try CubicBezier(0.25, 0.1, 0.25, 1)
        #expect(abs(ease.value(at: -0.5) - -0.2) < 1e-15)
        #expect(ease.value(at: 2) == 1)
        let easeIn = try CubicBezier(0.42, 0, 1, 1)
        #expect(abs(easeIn.value(at: 1.5) - (1 + 0.5 / 0.58)) < 1e-15)
        #expect(try Easing.ease.value(at: -0.5) == 0)
        #expect(ease.value(at: .nan).isNaN)
        #expect(ease.value(at: .infinity) == 1)
        #expect(ease.value(at: -.infinity) == -.infinity)
    }
}

@Suite("CSS steps")
struct StepsTests {
    @Test("hand-computed CSS examples")
    func examples() throws {
        // steps(4, jump-end) at 0.3: ⌊1.2⌋ = 1, jumps 4 → 1/4.
        #expect(try Easing.steps(4).value(at: 0.3) == 0.25)
        #expect(try Easing.steps(4, .jumpEnd).value(at: 0.3) == 0.25)
        // jump-start at 0.3: ⌊1.2⌋ + 1 = 2, jumps 4 → 2/4.
        #expect(try Easing.steps(4, .jumpStart).value(at: 0.3) == 0.5)
        // jump-none, 5 steps, at 0.5: ⌊2.5⌋ = 2, jumps 5 − 1 = 4 → 2/4.
        #expect(try Easing.steps(5, .jumpNone).value(at: 0.5) == 0.5)
        // jump-both, 3 steps, at 0.1: ⌊0.3⌋ + 1 = 1, jumps 3 + 1 = 4 → 1/4.
        #expect(try Easing.steps(3, .jumpBoth).value(at: 0.1) == 0.25)
        // jump-end at exactly 1: ⌊4⌋ = 4, jumps 4 → 1.
        #expect(try Easing.steps(4).value(at: 1) == 1)
        // jump-start at 0: 0 + 1 = 1, jumps 4 → 1/4 (CSS shows the first step at once).
        #expect(try Easing.steps(4, .jumpStart).value(at: 0) == 0.25)
        // jump-start at 1: 4 + 1 = 5, clamped to 4 → 1.
        #expect(try Easing.steps(4, .jumpStart).value(at: 1) == 1)
        // jump-none at 0 and 1: 0/4 and ⌊5⌋ = 5 clamped to 4 → 1.
        #expect(try Easing.steps(5, .jumpNone).value(at: 0) == 0)
        #expect(try Easing.steps(5, .jumpNone).value(at: 1) == 1)
        // jump-both at 0: 1/4; at 1: ⌊3⌋ + 1 = 4 → 1.
        #expect(try Easing.steps(3, .jumpBoth).value(at: 0) == 0.25)
        #expect(try Easing.steps(3, .jumpBoth).value(at: 1) == 1)
        // steps(1, jump-end) is 0 until the very end.
        #expect(try Easing.steps(1).value(at: 0.999) == 0)
        #expect(try Easing.steps(4).slope(at: 0.3) == 0)
    }
}

@Suite("Easing names")
struct EasingNameTests {
    @Test("allNamed lists the 35 names in order and init(name:) finds each")
    func names() throws {
        let expected =
            ["linear", "ease", "easeIn", "easeOut", "easeInOut"]
            + ["Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce"]
            .flatMap { ["easeIn\($0)", "easeOut\($0)", "easeInOut\($0)"] }
        #expect(Easing.allNamed.map(\.description) == expected)
        for easing in Easing.allNamed {
            #expect(Easing(name: easing.description) == easing)
        }
        #expect(Easing(name: "ease-in") == nil)
        #expect(Easing(name: "EaseInSine") == nil)
        #expect(Easing(name: "") == nil)
        #expect(Easing.easeInOutBack == .penner(.back, .inOut))
        #expect(Easing.easeOutBounce.kind == .penner(.bounce, .out))
    }

    @Test("descriptions of unnamed easings parse back")
    func descriptions() throws {
        #expect(try Easing.cubicBezier(0.25, 0.1, 0.25, 1).description == "ease")
        #expect(try Easing.cubicBezier(0.1, -0.5, 0.9, 1.5).description == "cubicBezier(0.1, -0.5, 0.9, 1.5)")
        #expect(try Easing.steps(5, .jumpNone).description == "steps(5, jump-none)")
        #expect(try Easing.steps(3).description == "steps(3, jump-end)")
        #expect(StepPosition(rawValue: "jump-both") == .jumpBoth)
    }
}

@Suite("Easing curves over time")
struct EasingCurveTests {
    @Test func defaultsAndEvaluation() throws {
        #expect(Curve.easeInOut.duration == 0.35)
        #expect(Curve.linear.kind == .easing(.linear, duration: 0.35))
        let curve = try Curve.easeIn(duration: 2)
        #expect(try curve.value(at: -1) == 0)
        #expect(try curve.value(at: 0) == 0)
        #expect(try curve.value(at: 2) == 1)
        #expect(try curve.value(at: 5) == 1)
        #expect(try curve.value(at: 1) == Easing.easeIn.value(at: 0.5))
        let linear = try Curve.linear(duration: 4)
        #expect(try linear.value(at: 1) == 0.25)
        #expect(try linear.velocity(at: 1) == 0.25)
        #expect(try linear.velocity(at: -1) == 0)
        #expect(try linear.velocity(at: 4) == 0)
        #expect(try linear.velocity(at: 9) == 0)
        let timing = try Curve.timingCurve(0.2, 0.8, 0.4, 1)
        #expect(timing.duration == 0.35)
        #expect(timing.description == "cubicBezier(0.2, 0.8, 0.4, 1.0)")
        #expect(try Curve.easing(.easeInOutBack, duration: 1).description == "easeInOutBack")
        // A duration so short that time/duration overflows still clamps to the end value.
        #expect(try Curve.linear(duration: 1e-300).value(at: 1e300) == 1)
    }
}

@Suite("Easing errors")
struct EasingErrorTests {
    @Test func nonFiniteProgressAndTime() {
        #expect(throws: CurveError.nonFiniteInput(.nan)) { try Easing.easeInSine.value(at: .nan) }
        #expect(throws: CurveError.nonFiniteInput(.infinity)) { try Easing.linear.value(at: .infinity) }
        #expect(throws: CurveError.nonFiniteInput(-.infinity)) { try Curve.easeIn.value(at: -.infinity) }
        #expect(throws: CurveError.nonFiniteInput(.nan)) { try Curve.easeIn.velocity(at: .nan) }
    }

    @Test func invalidDurations() {
        #expect(throws: CurveError.invalidDuration(-1)) { try Curve.linear(duration: -1) }
        #expect(throws: CurveError.invalidDuration(0)) { try Curve.easeIn(duration: 0) }
        #expect(throws: CurveError.invalidDuration(.nan)) { try Curve.easeOut(duration: .nan) }
        #expect(throws: CurveError.invalidDuration(.infinity)) { try Curve.easeInOut(duration: .infinity) }
        #expect(throws: CurveError.invalidDuration(-0.5)) { try Curve.timingCurve(0, 0, 1, 1, duration: -0.5) }
        #expect(throws: CurveError.invalidDuration(0)) { try Curve.easing(.easeOutBounce, duration: 0) }
    }

    @Test func controlPoints() {
        #expect(throws: CurveError.controlPointOutOfRange(name: "x1", value: 1.5)) {
            try CubicBezier(1.5, 0, 0.5, 1)
        }
        #expect(throws: CurveError.controlPointOutOfRange(name: "x2", value: -0.1)) {
            try Easing.cubicBezier(0.5, 0, -0.1, 1)
        }
        #expect(throws: CurveError.controlPointOutOfRange(name: "y1", value: .nan)) {
            try Easing.cubicBezier(0.5, .nan, 0.5, 1)
        }
        #expect(throws: CurveError.controlPointOutOfRange(name: "y2", value: .infinity)) {
            try Curve.timingCurve(0.5, 0, 0.5, .infinity)
        }
        #expect(throws: CurveError.controlPointOutOfRange(name: "x1", value: -.infinity)) {
            try CubicBezier(-.infinity, 0, 0.5, 1)
        }
    }

    @Test func stepCounts() {
        #expect(throws: CurveError.invalidStepCount(count: 0, position: .jumpEnd)) { try Easing.steps(0) }
        #expect(throws: CurveError.invalidStepCount(count: 1, position: .jumpNone)) { try Easing.steps(1, .jumpNone) }
        #expect(throws: CurveError.invalidStepCount(count: -3, position: .jumpBoth)) { try Easing.steps(-3, .jumpBoth) }
        #expect(throws: Never.self) { try Easing.steps(1, .jumpStart) }
        #expect(throws: Never.self) { try Easing.steps(2, .jumpNone) }
    }

    @Test("descriptions name the problem and the value")
    func descriptions() {
        let errors: [(CurveError, String)] = [
            (.nonFiniteInput(.nan), "nan"),
            (.invalidDuration(-1), "-1.0"),
            (.bufferMismatch(expected: 8, actual: 3), "8"),
            (.controlPointOutOfRange(name: "x1", value: 1.5), "x1 = 1.5"),
            (.invalidStepCount(count: 1, position: .jumpNone), "jump-none"),
            (.invalidParameter(name: "bounce", value: 2), "bounce = 2.0"),
            (.unsupportedBackend("metal"), "metal")
        ]
        for (error, fragment) in errors {
            #expect(error.description.contains(fragment), "\(error.description)")
            #expect(error.description.hasSuffix("."))
        }
        #expect(CurveError.nonFiniteInput(.nan) == .nonFiniteInput(.nan))
        #expect(CurveError.nonFiniteInput(1) != .invalidDuration(1))
    }
}

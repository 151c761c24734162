import Stagger
import Testing

/// CSS `linear()` (CSS Easing Level 2). Expected points and values are the
/// specification's: its serialisation examples, and its parsing and output algorithms
/// worked by hand (DefinitionsAndSources.md §7 restates the cases).
@Suite struct PiecewiseLinearTests {
    typealias Point = PiecewiseLinear.Point

    static func points(_ pairs: [(Double, Double)]) -> [Point] {
        pairs.map { Point(input: $0.0, output: $0.1) }
    }

    /// The specification's serialisation examples, and a run of stops without positions.
    @Test func stopsBecomeTheSpecificationsPoints() throws {
        let cases: [(String, [(Double, Double)], String?)] = [
            ("linear(0, 0.25, 1)", [(0, 0), (0.5, 0.25), (1, 1)], "linear(0 0%, 0.25 50%, 1 100%)"),
            ("linear(0 20%, 0.5 10%, 1)", [(0.2, 0), (0.2, 0.5), (1, 1)], "linear(0 20%, 0.5 20%, 1 100%)"),
            (
                "linear(0, 0.25 25% 75%, 1)", [(0, 0), (0.25, 0.25), (0.75, 0.25), (1, 1)],
                "linear(0 0%, 0.25 25%, 0.25 75%, 1 100%)"
            ),
            // Two stops without positions between 0% and 60%: at 20% and 40% (within a
            // rounding: 0.6 / 3 is 0.19999999999999998).
            ("linear(0, 0.1, 0.2, 0.3 60%, 1)", [(0, 0), (0.2, 0.1), (0.4, 0.2), (0.6, 0.3), (1, 1)], nil),
            // A last stop without a position after one beyond 100% sits with it.
            ("linear(0, 0.5 120%, 1)", [(0, 0), (1.2, 0.5), (1.2, 1)], "linear(0 0%, 0.5 120%, 1 120%)")
        ]
        for (text, expected, serialised) in cases {
            let curve = try Curve(parsing: text)
            guard case .easing(let easing, _) = curve.kind, case .piecewiseLinear(let linear) = easing.kind else {
                Issue.record("\(text) did not parse to linear()")
                continue
            }
            let want = Self.points(expected)
            #expect(linear.points.count == want.count, "\(text)")
            for (got, wanted) in zip(linear.points, want) {
                #expect(
                    abs(got.input - wanted.input) <= 1e-15 && got.output == wanted.output, "\(text): \(linear.points)")
            }
            if let serialised { #expect(linear.description == serialised) }
            #expect(try Curve(parsing: linear.description) == curve, "\(text)")
        }
    }

    /// The output algorithm by hand: interpolation, a jump, extension beyond the ends.
    @Test func valuesFollowTheOutputAlgorithm() throws {
        let cases: [([(Double, Double)], Double, Double)] = [
            ([(0, 0), (0.5, 0.25), (1, 1)], 0.25, 0.125),
            ([(0, 0), (0.5, 0.25), (1, 1)], 0.75, 0.625),
            ([(0, 0), (0.75, 0.25), (1, 1)], 0.5, 0.5 / 0.75 * 0.25),
            ([(0, 0), (0.75, 0.25), (1, 1)], 0.875, 0.25 + 0.5 * 0.75),
            ([(0, 0), (0.25, 0.25), (0.75, 0.25), (1, 1)], 0.5, 0.25),
            // Before the first input the first segment; its equal inputs give its second output.
            ([(0.2, 0), (0.2, 0.5), (1, 1)], 0.1, 0.5),
            ([(0.2, 0), (0.2, 0.5), (1, 1)], 0.6, 0.5 + 0.5 * 0.4 / 0.8),
            // A jump at 50%: the later point wins at its position.
            ([(0, 0), (0.5, 0), (0.5, 1), (1, 1)], 0.5, 1),
            ([(0, 0), (0.5, 0), (0.5, 1), (1, 1)], 0.49, 0),
            // Extended beyond both ends along the end segments.
            ([(0.2, 0), (0.8, 1)], 0, -0.2 / 0.6),
            ([(0.2, 0), (0.8, 1)], 1, 0.8 / 0.6),
            // Two last points at one input: held there and beyond.
            ([(0, 0), (1, 1), (1, 1)], 1, 1),
            ([(0, 0), (1, 1), (1, 1)], 3, 1)
        ]
        for (pairs, progress, expected) in cases {
            let linear = try PiecewiseLinear(points: Self.points(pairs))
            #expect(abs(linear.value(at: progress) - expected) <= 1e-15, "\(pairs) at \(progress)")
            // As an easing, progress is clamped to [0, 1] first.
            let eased = try Easing.linear(linear).value(at: progress)
            #expect(abs(eased - linear.value(at: min(max(progress, 0), 1))) <= 1e-15)
            // Every kernel path agrees (the positions are exact in float32).
            for backend in testedBackends {
                var out: [Float] = [0]
                try Easing.linear(linear).evaluate([Float(progress)], into: &out, backend: backend)
                #expect(abs(Double(out[0]) - eased) <= 2e-7, "\(backend) \(pairs) at \(progress)")
            }
        }
        let ramp = try PiecewiseLinear(points: Self.points([(0, 0), (0.5, 0.25), (1, 1)]))
        #expect(ramp.slope(at: 0.25) == 0.5 && ramp.slope(at: 0.75) == 1.5)
    }

    /// The API's stops and the CSS text build the same curve; percentages are read
    /// exactly (44.94910647887381% is 0.4494910647887381, which dividing 44.94910647887381
    /// by 100 does not give) so that every description parses back to an equal curve.
    @Test func textAndStopsAgree() throws {
        let fromStops = try Curve.easing(.linear([.init(0), .init(0.25, at: 0.75), .init(1)]), duration: 0.5)
        #expect(try Curve(parsing: "linear(0, 0.25 75%, 1)", duration: 0.5) == fromStops)
        let fine = try PiecewiseLinear(points: Self.points([(0, 0), (0.4494910647887381, 0.5), (1, 1)]))
        #expect(fine.description == "linear(0 0%, 0.5 44.94910647887381%, 1 100%)")
        #expect(try Curve(parsing: fine.description) == (try Curve.easing(Easing.linear(fine), duration: 1)))
        let tiny = try PiecewiseLinear(points: Self.points([(-1e-7, 0), (1, 1)]))
        #expect(try Curve(parsing: tiny.description) == (try Curve.easing(Easing.linear(tiny), duration: 1)))
    }

    @Test func badInputIsRefused() throws {
        #expect(throws: CurveError.linearPointCount(1)) { try Curve(parsing: "linear(1)") }
        #expect(throws: CurveError.linearStopPositions(index: 1, count: 3)) {
            try Curve(parsing: "linear(0, 0.5 10% 20% 30%, 1)")
        }
        #expect(throws: CurveError.nonFiniteLinearPoint(index: 1, value: .nan)) {
            try Easing.linear([.init(0), .init(.nan), .init(1)])
        }
        #expect(throws: CurveError.nonFiniteLinearPoint(index: 0, value: .infinity)) {
            try Easing.linear([.init(0, at: .infinity), .init(1)])
        }
        #expect(throws: CurveError.decreasingLinearInput(index: 1, input: 0.2, previous: 0.5)) {
            try PiecewiseLinear(points: Self.points([(0.5, 0), (0.2, 1)]))
        }
        let tooMany = (0...PiecewiseLinear.maximumPointCount).map { PiecewiseLinear.Stop(Double($0)) }
        #expect(throws: CurveError.linearPointCount(PiecewiseLinear.maximumPointCount + 1)) {
            try Easing.linear(tooMany)
        }
        #expect(throws: CurveError.self) { try Curve(parsing: "linear(0, fast, 1)") }
        #expect(throws: CurveError.self) { try Curve(parsing: "linear(0, speed: 2, 1)") }
        #expect(throws: CurveError.self) { try Curve(parsing: "cubicBezier(0.1 10%, 0, 0.2, 1)") }
        // A point float32 cannot hold: the Double reference answers, the kernel refuses by name.
        let huge = try Easing.linear([.init(0), .init(1e300, at: 0.5), .init(1)])
        #expect(try huge.value(at: 0.25) == 0.5e300)
        var out: [Float] = [0]
        #expect(throws: CurveError.exceedsFloat32Range(name: "linear() point", value: 1e300)) {
            try huge.evaluate([0.25], into: &out)
        }
    }

    /// The cases of the web-platform-tests file for linear() output
    /// (css/css-easing/linear-timing-functions-output, the tentative version in
    /// Servo's copy of the suite), restated in DefinitionsAndSources.md §7 with values
    /// worked from the specification: each text's value at the test's progress points,
    /// and its equivalences, on the Double reference and the kernel of every backend.
    /// Its `linear()` and `linear(0.5)` cases are outside our definition (at least two
    /// stops) and are refused, as its companion syntax file expects.
    @Test func webPlatformTestsCases() throws {
        // steps(5, jump-start) at progress k/5: min(k + 1, 5) / 5.
        let steps5 = { (k: Int) in Double(min(k + 1, 5)) / 5 }
        let cases: [(text: String, same: String?, values: [(Double, Double)])] = [
            ("linear(0, 1.5, 1)", nil, [(0, 0), (0.25, 0.75), (0.5, 1.5), (0.75, 1.25), (1, 1)]),
            ("linear(1, -0.5, 0)", nil, [(0, 1), (0.25, 0.25), (0.5, -0.5), (0.75, -0.25), (1, 0)]),
            (
                "linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1.0 80% 100%)", nil,
                [0, 1, 2, 3, 4, 5].map { (Double($0) / 5, steps5($0)) }
            ),
            ("linear(0, 0.1 -10%, 1)", "linear(0, 0.1 0%, 1)", [(0, 0.1), (0.1, 0.19), (0.55, 0.595), (1, 1)]),
            (
                "linear(0, 0.9 110%, 1)", "linear(0, 0.9 110%, 1 110%)",
                [0, 0.45, 0.9, 0.95, 1].map { ($0, $0 / 1.1 * 0.9) }
            )
        ]
        for c in cases {
            let curve = try Curve(parsing: c.text)
            if let same = c.same { #expect(try Curve(parsing: same) == curve, "\(c.text)") }
            guard case .easing(let easing, _) = curve.kind else { continue }
            for (p, expected) in c.values {
                #expect(abs(try easing.value(at: p) - expected) < 1e-12, "\(c.text) at \(p)")
            }
            var out = [Float](repeating: 0, count: c.values.count)
            for backend in testedBackends {
                try easing.evaluate(c.values.map { Float($0.0) }, into: &out, backend: backend)
                for (k, (p, expected)) in c.values.enumerated() {
                    #expect(abs(Double(out[k]) - expected) < 1e-6, "\(backend) \(c.text) at \(p): \(out[k])")
                }
            }
        }
        // Its companion syntax file: serialisations, and texts that are not linear() easings.
        let serialised: [(String, String)] = [
            ("linear(0 0% 50%, 1 50% 100%)", "linear(0 0%, 0 50%, 1 50%, 1 100%)"),
            ("linear(0, 0.5 25% 75%, 1 100% 100%)", "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%, 1 100%)")
        ]
        for (text, expected) in serialised {
            guard case .easing(let easing, _) = try Curve(parsing: text).kind,
                case .piecewiseLinear(let linear) = easing.kind
            else { Issue.record("\(text) is not linear()"); continue }
            #expect(linear.description == expected)
        }
        guard
            case .easing(let bouncy, _) = try Curve(
                parsing: "linear(0, 1.3, 1, 0.92, 1, 0.99, 1, 1.004, 0.998, 1 100% 100%)"
            ).kind,
            case .piecewiseLinear(let points) = bouncy.kind
        else { Issue.record("nine evenly spaced stops"); return }
        #expect(points.points.map(\.output) == [0, 1.3, 1, 0.92, 1, 0.99, 1, 1.004, 0.998, 1, 1])
        for (k, point) in points.points.enumerated() {
            #expect(abs(point.input - min(Double(k) / 9, 1)) < 1e-15, "stop \(k): \(point.input)")
        }
        for text in ["linear()", "linear(0.5)", "linear(100%)"] {
            #expect(throws: CurveError.self, "\(text)") { try Curve(parsing: text) }
        }
    }
}

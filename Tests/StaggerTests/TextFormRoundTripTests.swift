import PropertyBased
import Stagger
import Testing

/// The text forms read back what they write (issue 20): `Curve(parsing: c.description)`
/// and `StaggerConfig(parsing: s.description)` give the value back, for random values;
/// and whatever random text parses prints in a form that parses to the same value.
@Suite(.shrinking(false)) struct TextFormRoundTripTests {
    /// Easings (named, cubic-bezier, steps), springs from every initialiser, decays.
    static let curve = zip(
        easingGenerator, springGenerator, Gen.int(in: 0...5), Gen.double(in: 0.05...4), Gen.double(in: -3...3)
    )
    .map { easing, spring, choice, scale, velocity -> Curve in
        switch choice {
        case 0: try! .spring(spring, initialVelocity: velocity)
        case 1: try! .interpolatingSpring(mass: scale, stiffness: 100 * scale, damping: 3 * scale)
        case 2: try! .decay(frictionRate: 2 * scale)
        default: try! .easing(easing, duration: 1)
        }
    }

    @Test func curvesReadBackWhatTheyWrite() async {
        await checkProperty(count: 300, input: Self.curve) { curve in
            let parsed = try Curve(parsing: curve.description, duration: 1)
            #expect(parsed == curve, "\(curve.description)")
            #expect(parsed.description == curve.description)
        }
    }

    static let origin = zip(Gen.int(in: 0...8), Gen.int(in: 0...30), Gen.double(in: 0...1))
        .map { choice, index, ratio -> StaggerConfig.Origin in
            switch choice {
            case 0: .first
            case 1: .last
            case 2: .center
            case 3: .edges
            case 4: .index(index)
            case 5: .ratio(ratio)
            case 6: .ratios(x: ratio, y: 1 - ratio)
            case 7: .point(x: ratio * 40 - 10, y: Double(index) / 3)
            default: .random(seed: UInt64(index))
            }
        }

    static let grid = zip(
        Gen.int(in: 0...2), Gen.int(in: 1...12), Gen.int(in: 1...12), Gen.int(in: 0...2), Gen.int(in: 0...2)
    )
    .map { choice, columns, rows, axis, metric -> StaggerConfig.Grid? in
        guard choice > 0 else { return nil }
        return StaggerConfig.Grid(
            columns: columns, rows: rows, axis: axis == 0 ? nil : StaggerConfig.Axis.allCases[axis - 1],
            metric: StaggerConfig.DistanceMetric.allCases[metric])
    }

    static let config = zip(
        Gen.double(in: 0...2), Gen.bool, Gen.double(in: 0...0.5), origin, grid, curve, easingGenerator,
        Gen.int(in: 0...15)
    ).map { spread, isAmount, base, origin, grid, curve, distribution, flags -> StaggerConfig in
        // Base delays of 0 or more and caps up to +∞: what the initialiser accepts.
        var config = try! StaggerConfig(
            baseDelay: flags & 1 == 0 ? 0 : base, spread: isAmount ? .amount(spread) : .each(spread), curve: curve,
            from: origin, grid: grid, distribution: distribution, reversed: flags & 2 != 0,
            maxDelay: flags & 4 == 0 ? nil : flags & 7 == 7 ? .infinity : spread / 2)
        config.normalization = flags & 8 == 0 ? .fromOrigin : .fromNearestItem
        return config
    }

    @Test func staggerConfigsReadBackWhatTheyWrite() async {
        await checkProperty(count: 300, input: Self.config) { config in
            let parsed = try StaggerConfig(parsing: config.description, duration: 1)
            #expect(parsed == config, "\(config.description)")
        }
    }

    /// Random text from the grammar's pieces, valid or not: what parses prints a form
    /// that parses to the same value; what does not is a malformed-description error that
    /// names a field or the text, never a trap.
    static let fragments = [
        "each:0.05", "amount:0.6", "base:0.1", "from:center", "from:edges", "from:3", "from:random", "seed:7",
        "ratio:0.25", "grid:4x5", "axis:x", "metric:manhattan", "curve:snappy", "curve:easeOut",
        "curve:spring(duration: 0.5, bounce: 0.3)", "distribution:easeInQuad", "max:0.4", "reversed",
        "reversed:false", "each:-1", "from:nowhere", "grid:0x3", "curve:spring(", "ratio:2", "each", ",", "("
    ]

    @Test func randomTextParsesToWhatItPrints() async {
        let text = Gen.int(in: 0..<Self.fragments.count).array(of: 1...5).map { picks in
            picks.map { Self.fragments[$0] }.joined(separator: ",")
        }
        await checkProperty(count: 400, input: text) { text in
            do {
                let parsed = try StaggerConfig(parsing: text, duration: 0.3)
                let again = try StaggerConfig(parsing: parsed.description, duration: 0.3)
                #expect(again == parsed, "\(text) -> \(parsed.description)")
            } catch StaggerError.malformedDescription(let message) {
                #expect(!message.isEmpty)
            } catch {
                // The initialiser's own checks: a StaggerError, with a message.
                #expect(error is StaggerError && !String(describing: error).isEmpty, "\(error)")
            }
        }
    }

    @Test func malformedTextNamesTheField() throws {
        #expect(throws: StaggerError.malformedDescription("each: '-1' is not a number of seconds >= 0")) {
            try StaggerConfig(parsing: "each:-1")
        }
        #expect(throws: StaggerError.malformedDescription("'from' given twice")) {
            try StaggerConfig(parsing: "from:first, from:last")
        }
        #expect(throws: StaggerError.malformedDescription("unbalanced '(' in 'curve:spring('")) {
            try StaggerConfig(parsing: "curve:spring(")
        }
        // The defaults: each:0.05 from the first item, the default spring.
        #expect(try StaggerConfig(parsing: "each:0.05") == StaggerConfig(delayIncrement: 0.05))
        #expect(try StaggerConfig(delayIncrement: 0.05).description == "each:0.05")
    }
}

import Stagger
import Testing

/// One malformed call of a public entry point, and what its error's message must
/// mention: the offending value and the rule it broke, as the input and the published
/// rule spell them.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    let name: String
    let mentions: [String]
    let call: @Sendable () throws -> Void
    var testDescription: String { name }

    init(_ name: String, mentions: [String], _ call: @escaping @Sendable () throws -> Void) {
        self.name = name
        self.mentions = mentions
        self.call = call
    }
}

/// Every public entry point given malformed input answers with a thrown error: never a
/// trap, a hang, a silent NaN or an attempt to allocate what does not fit in memory; and
/// its message names the value and the rule (issue 21).
/// (The command line's cases are in CommandLineTests; the C interface's in
/// KernelInputTests and the fuzz target.)
@Suite struct BadInputTableTests {
    static let cases: [BadInputCase] = [
        // Curves
        .init("easing at NaN", mentions: ["nan", "finite"]) { _ = try Easing.easeInSine.value(at: .nan) },
        .init("easing at infinity", mentions: ["inf", "finite"]) { _ = try Easing.easeOutBack.value(at: .infinity) },
        .init("bezier x1 > 1", mentions: ["x1 = 1.2", "[0, 1]"]) { _ = try Easing.cubicBezier(1.2, 0, 0.5, 1) },
        .init("bezier NaN y", mentions: ["y1 = nan", "finite"]) { _ = try Easing.cubicBezier(0.2, .nan, 0.5, 1) },
        .init("steps 0", mentions: ["steps(0,", "1 to 1048576"]) { _ = try Easing.steps(0) },
        .init("steps 1 jump-none", mentions: ["steps(1, jump-none)", "2 to 1048576"]) {
            _ = try Easing.steps(1, .jumpNone)
        },
        .init("steps Int.max", mentions: ["9223372036854775807", "1 to 1048576"]) { _ = try Easing.steps(.max) },
        .init("linear() one stop", mentions: ["got 1", "2 to 1024"]) { _ = try Easing.linear([.init(0.5)]) },
        .init("linear() three positions", mentions: ["stop 1", "3 positions", "at most 2"]) {
            _ = try Easing.linear([.init(0), .init(0.5, at: 0.1, 0.2, 0.3), .init(1)])
        },
        .init("linear() NaN output", mentions: ["point 1", "nan", "finite"]) {
            _ = try Easing.linear([.init(0), .init(.nan), .init(1)])
        },
        .init("linear() decreasing input", mentions: ["point 1", "0.2", "0.5", "must not decrease"]) {
            _ = try PiecewiseLinear(points: [.init(input: 0.5, output: 0), .init(input: 0.2, output: 1)])
        },
        .init("staggered range from NaN", mentions: ["from", "nan", "finite"]) {
            _ = try StaggerConfig.standard.values(from: .nan, to: 1, count: 3)
        },
        .init("staggered range overflowing", mentions: ["to - from", "inf", "finite"]) {
            _ = try StaggerConfig.standard.value(for: 0, of: 3, from: -1e308, to: 1e308)
        },
        .init("export error 0", mentions: ["0.0", "greater than 0"]) {
            _ = try Curve.snappy.linearApproximation(maximumError: 0)
        },
        .init("export error NaN", mentions: ["nan", "finite"]) {
            _ = try Curve.snappy.linearApproximation(maximumError: .nan)
        },
        .init("duration 0", mentions: ["0.0", "greater than 0"]) { _ = try Curve.easeIn(duration: 0) },
        .init("duration -1", mentions: ["-1.0", "greater than 0"]) { _ = try Curve.linear(duration: -1) },
        .init("duration NaN", mentions: ["nan", "finite"]) { _ = try Curve.easeInOut(duration: .nan) },
        .init("curve at NaN", mentions: ["nan", "finite"]) { _ = try Curve.snappy.value(at: .nan) },
        .init("spring mass 0", mentions: ["mass = 0.0", "greater than 0"]) {
            _ = try Spring(mass: 0, stiffness: 100, damping: 10)
        },
        .init("spring stiffness -1", mentions: ["stiffness = -1.0", "greater than 0"]) {
            _ = try Spring(stiffness: -1, damping: 10)
        },
        .init("spring damping -1", mentions: ["damping = -1.0", "not negative"]) {
            _ = try Spring(stiffness: 100, damping: -1)
        },
        .init("spring response 0", mentions: ["response = 0.0", "greater than 0"]) {
            _ = try Spring(response: 0, dampingFraction: 0.5)
        },
        .init("spring bounce 1", mentions: ["bounce = 1.0", "between -1 and 1"]) {
            _ = try Spring(duration: 0.5, bounce: 1)
        },
        .init("spring NaN velocity", mentions: ["initialVelocity = nan", "finite"]) {
            _ = try Spring.bouncy.value(initialVelocity: .nan, time: 1)
        },
        .init("spring infinite target", mentions: ["target = inf", "finite"]) {
            _ = try Spring.bouncy.velocity(target: .infinity, time: 1)
        },
        .init("settling epsilon 0", mentions: ["epsilon = 0.0", "greater than 0"]) {
            _ = try Spring.smooth.settlingDuration(epsilon: 0)
        },
        .init("unparsable curve", mentions: ["'response:'", "expected a number"]) {
            _ = try Curve(parsing: "spring(response: )")
        },
        .init("decay friction NaN", mentions: ["frictionRate = nan", "greater than 0"]) {
            _ = try Curve.decay(frictionRate: .nan)
        },
        .init("decay friction -2", mentions: ["frictionRate = -2.0", "greater than 0"]) {
            _ = try Curve(parsing: "decay(frictionRate: -2)")
        },
        .init("decay settling epsilon NaN", mentions: ["epsilon = nan", "greater than 0"]) {
            _ = try DecayCurve.fast.settlingDuration(epsilon: .nan)
        },
        // Batches
        .init("mismatched buffers", mentions: ["must hold 3", "holds 2"]) {
            var out = [Float](repeating: 0, count: 2)
            try Easing.linear.evaluate([0, 1, 2], into: &out)
        },
        .init("NaN progress in a batch", mentions: ["nan", "finite"]) {
            var out = [Float](repeating: 0, count: 2)
            try Easing.linear.evaluate([0, .nan], into: &out)
        },
        .init("stagger time 1e300", mentions: ["1e+300", "float32"]) {
            var out = [Float](repeating: 0, count: 2)
            try Curve.snappy.sampleStaggered(at: 1e300, baseDelay: 0, delayIncrement: 0.1, into: &out)
        },
        // Staggering
        .init("negative increment", mentions: ["-1.0", "not negative"]) { _ = try StaggerConfig(delayIncrement: -1) },
        .init("negative count", mentions: ["-5", "not be negative"]) {
            _ = try StaggerConfig.standard.delays(count: -5)
        },
        .init("delays for Int.max items", mentions: ["9223372036854775807", "8388608"]) {
            _ = try StaggerConfig.standard.delays(count: .max)
        },
        .init("origin beyond the items", mentions: ["10.0", "0..<count"]) {
            _ = try StaggerConfig(spread: .each(0.1), from: .index(10)).delay(for: 0, of: 3)
        },
        .init("grid smaller than the count", mentions: ["5 items", "4 cells"]) {
            _ = try StaggerConfig(spread: .each(0.1), grid: .init(columns: 2, rows: 2)).delays(count: 5)
        },
        .init("grid with no columns", mentions: ["0 x 2", "at least 1"]) {
            _ = try StaggerConfig(spread: .each(0.1), grid: .init(columns: 0, rows: 2))
        },
        .init("list of Int.max items", mentions: ["9223372036854775807", "8388608"]) {
            _ = try StaggeredList(count: .max, config: .standard)
        },
        .init("frame of Int.max items", mentions: ["9223372036854775807", "8388608"]) {
            _ = try StaggerFrame(count: .max, trackCount: 3)
        },
        .init("frame of too many tracks", mentions: ["1000000 tracks", "64"]) {
            _ = try StaggerFrame(count: 10, trackCount: 1_000_000)
        },
        .init("show at NaN", mentions: ["nan", "finite"]) {
            var list = try StaggeredList(count: 3, config: .standard)
            try list.show(at: .nan)
        },
        .init("list with 65 tracks sampled", mentions: ["65 tracks", "64"]) {
            var list = try StaggeredList(count: 3, config: .standard)
            list.tracks = Array(repeating: .opacity, count: 65)
            var frame = list.makeFrame()
            try list.sample(at: 0, into: &frame)
        },
        .init("insert a negative count", mentions: ["-1", "not be negative"]) {
            var list = try StaggeredList(count: 3, config: .standard)
            try list.insert(-1, before: 0, at: 0)
        },
        .init("wave with NaN amplitude", mentions: ["amplitude = nan", "finite"]) {
            _ = try Wave(amplitude: .nan, temporalFrequency: 1, spatialFrequency: 1)
        },
        .init("wave with zero decay", mentions: ["decay = 0.0", "greater than 0"]) {
            _ = try Wave(
                amplitude: 1, temporalFrequency: 1, spatialFrequency: 1, envelope: .attackDecay(attack: 0.1, decay: 0))
        },
        .init("wave offsets for a negative count", mentions: ["-1", "not be negative"]) {
            var out: [Float] = []
            try Wave.looping(amplitude: 1, cycles: 1, period: 1).offsets(count: -1, at: 0, into: &out)
        },
        // What a new user met: errors that named the wrong thing or nothing.
        .init("wave with a zero period", mentions: ["period = 0.0", "greater than 0"]) {
            _ = try Wave.looping(amplitude: 1, cycles: 1, period: 0)
        },
        .init("wave whose phase overflows", mentions: ["temporalFrequency = 1e+308", "finite"]) {
            _ = try Wave(amplitude: 1e308, temporalFrequency: 1e308, spatialFrequency: 1e308).offset(
                for: 1, of: 3, at: 2)
        },
        .init("wave offsets beyond float32", mentions: ["amplitude = 1e+300", "float32"]) {
            var out = [Float](repeating: 0, count: 4)
            try Wave(amplitude: 1e300, temporalFrequency: 1, spatialFrequency: 1).offsets(count: 4, at: 0.5, into: &out)
        },
        .init("list track with a NaN end", mentions: ["Track \"offsetY\"", "to must be finite", "nan"]) {
            _ = try StaggeredList(
                count: 3, config: .standard, tracks: [.opacity, StaggerTrack("offsetY", from: 20, to: .nan)])
        },
        .init("list track set to an infinite end", mentions: ["Track \"scale\"", "from must be finite", "inf"]) {
            var list = try StaggeredList(count: 3, config: .standard)
            try list.show(at: 0)
            list.tracks[2].from = -.infinity
            var frame = list.makeFrame()
            try list.sample(at: 0.1, into: &frame)
        },
        .init("negative base delay", mentions: ["baseDelay", "-0.1", "0 or more"]) {
            _ = try StaggerConfig(baseDelay: -0.1, spread: .each(0.05))
        },
        .init("decay distance infinite", mentions: ["distance", "finite", "inf"]) {
            _ = try DecayCurve.fast.initialVelocity(toTravel: .infinity)
        },
        // Timelines
        .init("timeline list of Int.max rows", mentions: ["9223372036854775807", "8388608"]) {
            _ = try AnimationSequence.rowByRow(count: .max)
        },
        .init("timeline negative spread", mentions: ["-1.0", "not negative"]) {
            _ = try AnimationSequence.rowByRow(count: 3, each: -1)
        },
        .init("timeline state at NaN", mentions: ["nan", "finite"]) {
            _ = try AnimationSequence.cardReveal.timeline.state(at: .nan)
        },
        .init("timeline step from NaN", mentions: ["card", "nan", "finite"]) {
            _ = try Timeline([.step("card", .snappy, from: .nan)])
        },
        .init("stagger text with an unknown key", mentions: ["'speed'", "keys: each"]) {
            _ = try StaggerConfig(parsing: "speed:2")
        },
        .init("stagger text with a negative spread", mentions: ["each", "'-0.1'", ">= 0"]) {
            _ = try StaggerConfig(parsing: "each:-0.1")
        },
        // Found by fuzzing the stagger text: a random origin gave infinite delays.
        .init("random-origin delays beyond float32", mentions: ["delay of item", "float32"]) {
            _ = try StaggerConfig(spread: .amount(1.3e59), from: .random(seed: 7)).delays(count: 7)
        },
        .init("list delays beyond float32", mentions: ["float32"]) {
            _ = try StaggerConfig(spread: .amount(1.3e59)).delays(count: 7)
        },
        .init("grid delays beyond float32", mentions: ["float32"]) {
            _ = try StaggerConfig(spread: .amount(1.3e59), grid: .init(columns: 3, rows: 3)).delays(count: 7)
        },
        .init("frame driver advanced to NaN", mentions: ["nan", "finite"]) {
            var driver = FrameDriver()
            try driver.advance(to: .nan)
        },
        // Releases
        .init("list item released at infinite velocity", mentions: ["velocity", "inf", "finite"]) {
            var list = try StaggeredList(count: 3, config: .standard)
            try list.release(item: 0, from: 0.5, velocity: .infinity, toward: 1, at: 0)
        },
        .init("pair group released at NaN progress velocity", mentions: ["progress velocity", "nan", "finite"]) {
            let pair = try MatchedPair(
                source: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 1, height: 1)),
                destination: try MatchedGeometry(frame: LayoutRect(x: 1, y: 1, width: 2, height: 2)))
            var group = try MatchedPairGroup([pair], curves: MatchedCurves(.snappy))
            try group.release(fromProgress: 0.5, velocity: .nan, toward: .destination, at: 0)
        }
    ]

    @Test(arguments: cases)
    func refused(_ badInput: BadInputCase) {
        do {
            try badInput.call()
            Issue.record("no error")
        } catch {
            let message = String(describing: error)
            for part in badInput.mentions { #expect(message.contains(part), "\(message)") }
        }
    }
}

/// Messages that name the offending value and the rule it broke (issue 21: these five
/// misled).
@Suite struct BadInputMessageTests {
    func message(_ call: () throws -> Void) -> String {
        do { try call() } catch { return String(describing: error) }
        return "no error"
    }

    @Test func messagesNameTheValueAndTheRule() throws {
        let decay = message { _ = try Curve.decay(decelerationRatePerMillisecond: 1.5) }
        #expect(
            decay.hasPrefix("Decay parameter decelerationRate = 1.5") && decay.contains("between 0 and 1"), "\(decay)")
        let grid = message {
            _ = try StaggerConfig(spread: .each(0.1), grid: .init(columns: 4, rows: 3)).delay(for: 0, of: 13)
        }
        #expect(grid.contains("13 items") && grid.contains("12 cells") && !grid.contains("each side"), "\(grid)")
        let bezier = message { _ = try Curve(parsing: "cubicBezier(0.1, nan, 0.2, 1)") }
        #expect(bezier.contains("'nan'") && bezier.contains("4 finite numbers"), "\(bezier)")
        let delay = message { _ = try ElementTiming(delay: -1) }
        #expect(delay == "delay must not be negative, but got -1.0.", "\(delay)")
        let pair = try MatchedPair(
            source: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 1, height: 1)),
            destination: try MatchedGeometry(frame: LayoutRect(x: 1, y: 1, width: 2, height: 2)))
        let scrub = message { _ = try pair.state(atProgress: .nan) }
        #expect(scrub == "progress must be finite, but got nan.", "\(scrub)")
    }

    /// CSS's spellings parse to the same curves (issue 21).
    @Test func cssSpellingsParse() throws {
        #expect(try Curve(parsing: "ease-in-out") == Curve(parsing: "easeInOut"))
        #expect(try Curve(parsing: "ease-in") == Curve(parsing: "easeIn"))
        #expect(try Curve(parsing: "ease-out") == Curve(parsing: "easeOut"))
        #expect(try Curve(parsing: "cubic-bezier(0.42, 0, 0.58, 1)") == Curve(parsing: "easeInOut"))
        #expect(try Curve(parsing: "step-end") == Curve(parsing: "steps(1, jump-end)"))
        #expect(try Curve(parsing: "step-start") == Curve(parsing: "steps(1, jump-start)"))
    }
}

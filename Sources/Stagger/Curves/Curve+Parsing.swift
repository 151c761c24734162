extension Curve {
    /// Reads a curve from its text form, the grammar `staggerbench` and configuration
    /// files use.
    ///
    /// Accepted forms (spaces are free):
    /// - `linear`, `ease`, `easeIn`, `easeOut`, `easeInOut`, and the 30 easings.net names
    ///   `easeInSine` … `easeInOutBounce`;
    /// - `cubicBezier(x1, y1, x2, y2)` (x1, x2 in [0, 1]);
    /// - CSS `linear(0, 0.25 75%, 1)`: stops of an output and up to two percentages
    ///   (see ``PiecewiseLinear/init(stops:)``);
    /// - `steps(n)` and `steps(n, jump-start|jump-end|jump-none|jump-both)` (also the CSS
    ///   aliases `start` and `end`);
    /// - `spring` (response 0.5 s, damping fraction 0.825), `smooth`, `snappy`, `bouncy`,
    ///   `interactiveSpring`; the presets also as `smooth(duration: d, extraBounce: b)`
    ///   (`interactiveSpring(duration: d, extraBounce: b)` too);
    /// - `spring(response: r, dampingFraction: z)`, `spring(duration: d, bounce: b)`,
    ///   `spring(mass: m, stiffness: k, damping: c)`, and SwiftUI's
    ///   `interpolatingSpring` (duration 0.5 s, bounce 0) in the same forms;
    /// every spring form optionally followed by `, initialVelocity: v` (units per second,
    /// for a move of 0 → 1);
    /// - `decay` (UIScrollView's normal rate, 0.998 per millisecond), `fastDecay` (0.99),
    ///   `decay(frictionRate: k)` (k per second, > 0) and `decay(decelerationRate: r)`
    ///   (per millisecond, 0 < r < 1); a decay has no initial velocity to give (its own
    ///   is k for a move of 0 → 1).
    ///
    /// The `description` of every ``Curve`` parses back to it.
    ///
    /// - Parameters:
    ///   - text: the curve's text form.
    ///   - duration: seconds an easing takes; springs and decays ignore it.
    /// - Throws: ``CurveError/malformedDescription(_:)`` naming what is wrong (an unknown
    ///   name, a missing or unknown argument, a stray character); the parameter errors
    ///   of the curve's initialisers for values out of range; ``CurveError/invalidDuration(_:)``.
    public init(parsing text: String, duration: Double = 1) throws(CurveError) {
        var parser = CurveTextParser(text)
        let (name, arguments, called) = try parser.call()
        // CSS: `linear` is the identity, `linear()` a linear() easing without stops.
        if name == "linear", called, arguments.isEmpty { throw .linearPointCount(0) }
        self = try CurveTextParser.curve(named: name, arguments: arguments, duration: duration)
    }
}

/// A tiny recursive-descent reader for `name` or `name(arguments)`, where each argument
/// is a number, a word, or `label: number`.
struct CurveTextParser {
    enum Argument: Equatable {
        case number(Double)
        case word(String)
        case labelled(String, Double)
        /// A number followed by one or two percentages (a CSS `linear()` stop), the
        /// percentages as fractions.
        case stop(Double, [Double])
    }

    private let characters: [Character]
    private let text: String
    private var position = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    private func fail(_ message: String) -> CurveError {
        .malformedDescription("\(message) in \"\(text)\"")
    }

    private mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    private mutating func consume(_ character: Character) -> Bool {
        skipSpaces()
        guard position < characters.count, characters[position] == character else { return false }
        position += 1
        return true
    }

    private mutating func word() -> String? {
        skipSpaces()
        let start = position
        while position < characters.count,
            characters[position].isLetter || characters[position] == "-"
                || (position > start && characters[position].isNumber)
        {
            position += 1
        }
        return position > start ? String(characters[start..<position]) : nil
    }

    private mutating func number() -> Double? {
        skipSpaces()
        let start = position
        while position < characters.count,
            characters[position].isNumber || "+-.eE".contains(characters[position])
        {
            position += 1
        }
        guard position > start, let value = Double(String(characters[start..<position])) else {
            position = start
            return nil
        }
        return value
    }

    /// A curve's name, its arguments, and whether they were in parentheses (`name()`).
    mutating func call() throws(CurveError) -> (String, [Argument], Bool) {
        guard let name = word() else { throw fail("expected a curve name") }
        var arguments: [Argument] = []
        let called = consume("(")
        if called {
            if !consume(")") {
                repeat {
                    arguments.append(try argument())
                } while consume(",")
                guard consume(")") else { throw fail("expected ',' or ')'") }
            }
        }
        skipSpaces()
        guard position == characters.count else {
            throw fail("unexpected '\(characters[position])'")
        }
        return (name, arguments, called)
    }

    /// A number directly followed by `%`, as a fraction read exactly: the decimal text
    /// scaled by 10⁻² before rounding (so `44.94910647887381%` reads as 0.4494910647887381,
    /// which dividing by 100 would not give).
    private mutating func percentage() -> Double? {
        let start = position
        skipSpaces()
        let digits = position
        guard number() != nil, position < characters.count, characters[position] == "%" else {
            position = start
            return nil
        }
        let text = String(characters[digits..<position])
        position += 1
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...])
        {
            return Double("\(text[..<e])e\(exponent - 2)")
        }
        return Double(text + "e-2")
    }

    private mutating func argument() throws(CurveError) -> Argument {
        if let value = number() {
            var positions: [Double] = []
            while let position = percentage() { positions.append(position) }
            return positions.isEmpty ? .number(value) : .stop(value, positions)
        }
        guard let label = word() else { throw fail("expected an argument") }
        guard consume(":") else { return .word(label) }
        guard let value = number() else { throw fail("expected a number after '\(label):'") }
        return .labelled(label, value)
    }

    /// Builds the curve a parsed call names.
    static func curve(
        named givenName: String, arguments: [Argument], duration: Double
    ) throws(CurveError) -> Curve {
        // CSS's spellings, as a web team writes them.
        let css = [
            "ease-in": "easeIn", "ease-out": "easeOut", "ease-in-out": "easeInOut", "cubic-bezier": "cubicBezier"
        ]
        let name = css[givenName] ?? givenName
        if name == "step-start" || name == "step-end", arguments.isEmpty {
            return try .easing(.steps(1, name == "step-start" ? .jumpStart : .jumpEnd), duration: duration)
        }
        if name == "linear", !arguments.isEmpty {
            return try .easing(.linear(linearStops(arguments)), duration: duration)
        }
        if let easing = Easing(name: name) {
            guard arguments.isEmpty else {
                throw .malformedDescription("\(name) takes no arguments")
            }
            return try .easing(easing, duration: duration)
        }
        switch name {
        case "cubicBezier":
            let values = try numbers(arguments, count: 4, of: name)
            return try .easing(
                .cubicBezier(values[0], values[1], values[2], values[3]), duration: duration)
        case "steps":
            return try .easing(steps(arguments), duration: duration)
        case "spring", "smooth", "snappy", "bouncy", "interactiveSpring", "interpolatingSpring":
            return try spring(named: name, arguments: arguments)
        case "decay", "fastDecay":
            return try decay(named: name, arguments: arguments)
        default:
            throw .malformedDescription("unknown curve '\(name)'")
        }
    }

    private static func numbers(
        _ arguments: [Argument], count: Int, of name: String
    ) throws(CurveError) -> [Double] {
        var values: [Double] = []
        for argument in arguments {
            switch argument {
            case .number(let value): values.append(value)
            case .word(let word):
                throw .malformedDescription("\(name) takes \(count) finite numbers, but '\(word)' is not one")
            case .labelled(let label, _):
                throw .malformedDescription("\(name) takes \(count) numbers without labels, but got '\(label):'")
            case .stop(let value, _):
                throw .malformedDescription(
                    "\(name) takes \(count) numbers without percentages, but got \(value) with one")
            }
        }
        guard values.count == count else {
            throw .malformedDescription("\(name) takes \(count) numbers, but got \(values.count)")
        }
        return values
    }

    /// The stops of a CSS `linear(0, 0.25 75%, 1)`.
    private static func linearStops(_ arguments: [Argument]) throws(CurveError) -> [PiecewiseLinear.Stop] {
        var stops: [PiecewiseLinear.Stop] = []
        for argument in arguments {
            switch argument {
            case .number(let output): stops.append(PiecewiseLinear.Stop(output))
            case .stop(let output, let positions):
                var stop = PiecewiseLinear.Stop(output)
                stop.inputs = positions
                stops.append(stop)
            case .word(let word):
                throw .malformedDescription(
                    "linear takes stops (a number and up to two percentages), but '\(word)' is not one")
            case .labelled(let label, _):
                throw .malformedDescription("linear takes stops without labels, but got '\(label):'")
            }
        }
        return stops
    }

    private static func steps(_ arguments: [Argument]) throws(CurveError) -> Easing {
        guard case .number(let count)? = arguments.first, count == count.rounded(),
            abs(count) < 1e9, arguments.count <= 2
        else {
            throw .malformedDescription("steps takes a whole count and an optional position")
        }
        var position = StepPosition.jumpEnd
        if arguments.count == 2 {
            guard case .word(let word) = arguments[1],
                let parsed = StepPosition(rawValue: word)
                    ?? ["start": .jumpStart, "end": .jumpEnd][word]
            else {
                throw .malformedDescription(
                    "steps position must be jump-start, jump-end, jump-none or jump-both")
            }
            position = parsed
        }
        return try .steps(Int(count), position)
    }

    /// The arguments of a call that takes only `label: number` ones, each label once.
    private static func labelledArguments(
        _ arguments: [Argument], of name: String
    ) throws(CurveError) -> [String: Double] {
        var labelled: [String: Double] = [:]
        for argument in arguments {
            guard case .labelled(let label, let value) = argument else {
                throw .malformedDescription("\(name) takes labelled arguments (label: value)")
            }
            guard labelled.updateValue(value, forKey: label) == nil else {
                throw .malformedDescription("\(name) repeats '\(label)'")
            }
        }
        return labelled
    }

    private static func decay(named name: String, arguments: [Argument]) throws(CurveError) -> Curve {
        let labelled = try labelledArguments(arguments, of: name)
        switch (name, Set(labelled.keys)) {
        case ("decay", []): return .decay
        case ("fastDecay", []): return .fastDecay
        case ("decay", ["frictionRate"]): return try .decay(frictionRate: labelled["frictionRate"]!)
        case ("decay", ["decelerationRate"]):
            return try .decay(decelerationRatePerMillisecond: labelled["decelerationRate"]!)
        default:
            throw .malformedDescription(
                "\(name) takes no arguments, or decay takes frictionRate: or decelerationRate:")
        }
    }

    private static func spring(
        named name: String, arguments: [Argument]
    ) throws(CurveError) -> Curve {
        var labelled = try labelledArguments(arguments, of: name)
        let velocity = labelled.removeValue(forKey: "initialVelocity") ?? 0
        let keys = Set(labelled.keys)
        let spring: Spring
        // SwiftUI's interpolatingSpring takes the spring's own forms.
        let form = name == "interpolatingSpring" ? "spring" : name
        switch (form, keys) {
        case ("spring", []) where name == "interpolatingSpring": spring = try Spring(duration: 0.5, bounce: 0)
        case ("spring", []): spring = Spring()
        case ("interactiveSpring", []): spring = .interactive
        case ("interactiveSpring", _):
            guard keys.isSubset(of: ["duration", "extraBounce"]) else {
                throw .malformedDescription("interactiveSpring takes duration: and extraBounce:")
            }
            spring = try .interactive(duration: labelled["duration"] ?? 0.15, extraBounce: labelled["extraBounce"] ?? 0)
        case ("spring", ["response", "dampingFraction"]):
            spring = try Spring(response: labelled["response"]!, dampingFraction: labelled["dampingFraction"]!)
        case ("spring", ["duration", "bounce"]), ("spring", ["duration"]):
            spring = try Spring(duration: labelled["duration"]!, bounce: labelled["bounce"] ?? 0)
        case ("spring", ["mass", "stiffness", "damping"]), ("spring", ["stiffness", "damping"]):
            spring = try Spring(
                mass: labelled["mass"] ?? 1, stiffness: labelled["stiffness"]!,
                damping: labelled["damping"]!)
        case ("smooth", _), ("snappy", _), ("bouncy", _):
            guard keys.isSubset(of: ["duration", "extraBounce"]) else {
                throw .malformedDescription("\(name) takes duration: and extraBounce:")
            }
            let duration = labelled["duration"] ?? 0.5, extra = labelled["extraBounce"] ?? 0
            switch name {
            case "smooth": spring = try .smooth(duration: duration, extraBounce: extra)
            case "snappy": spring = try .snappy(duration: duration, extraBounce: extra)
            default: spring = try .bouncy(duration: duration, extraBounce: extra)
            }
        default:
            throw .malformedDescription(
                "\(name) takes (response:, dampingFraction:), (duration:, bounce:) or "
                    + "(mass:, stiffness:, damping:), each with an optional initialVelocity:")
        }
        return try .spring(spring, initialVelocity: velocity)
    }
}

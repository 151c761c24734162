extension StaggerConfig: CustomStringConvertible {
    /// The keys of the text form, in the order ``description`` writes them.
    static let specificationKeys = [
        "each", "amount", "base", "from", "ratio", "seed", "grid", "axis", "metric", "curve",
        "distribution", "max", "reversed", "normalization", "point"
    ]

    /// Reads a configuration from its text form: comma-separated `key:value` fields,
    /// each key at most once, spaces free, e.g. `each:0.05,from:center,curve:snappy` or
    /// `amount:0.6,grid:4x5,from:edges`. Commas inside parentheses belong to the curve
    /// (`curve:spring(duration: 0.5, bounce: 0.3)`).
    ///
    /// Keys: `each:S` (seconds between neighbours; 0.05 when neither it nor `amount` is
    /// given) or `amount:S` (the whole spread); `base:S`; `from:` `first`, `last`,
    /// `center`, `edges`, `random` or an item index, or `ratio:R` in 0…1 (`ratio:X/Y`, one
    /// per grid axis: `ratio:0/1` is the bottom-left corner) or `point:X/Y` (a cell, or a
    /// point between cells); `seed:N` (with
    /// `from:random`); `grid:CxR` with `axis:x|y` and `metric:euclidean|manhattan|chebyshev`;
    /// `curve:` a ``Curve`` in its own text form (``Curve/init(parsing:duration:)``;
    /// `spring` when absent); `distribution:` an easing; `max:S`; `reversed` (or
    /// `reversed:true|false`); `normalization:fromNearestItem` (GSAP's, see
    /// ``Normalization``; `fromOrigin` is the default).
    ///
    /// The ``description`` of a configuration parses back to it (for the fields the
    /// grammar has; ``visibleWindow`` has none).
    ///
    /// - Parameters:
    ///   - text: the text form.
    ///   - duration: seconds an easing `curve` takes (as ``Curve/init(parsing:duration:)``);
    ///     springs and decays ignore it.
    /// - Throws: ``StaggerError/malformedDescription(_:)`` naming the field at fault and
    ///   what it should be (an unknown or repeated key, a value that is not a number of
    ///   seconds, keys that exclude each other); a curve's own error, wrapped the same
    ///   way with its key; the initialiser's errors. Checks that need the item count (a
    ///   grid too small, an origin index past the last item) run where the count is
    ///   known: ``delay(for:of:)``.
    public init(parsing text: String, duration: Double = 1) throws(StaggerError) {
        var fields: [String: String] = [:]
        for field in try Self.splitTopLevel(text) {
            let key: String, value: String?
            if let colon = field.firstIndex(of: ":") {
                key = Self.trimmed(field[..<colon])
                value = Self.trimmed(field[field.index(after: colon)...])
            } else {
                (key, value) = (field, nil)
            }
            guard Self.specificationKeys.contains(key) else {
                throw Self.failure("unknown key '\(key)' (keys: \(Self.specificationKeys.joined(separator: ", ")))")
            }
            guard fields[key] == nil else { throw Self.failure("'\(key)' given twice") }
            if let value, !value.isEmpty {
                fields[key] = value
            } else {
                // Only a switch may stand alone; every other key needs its value.
                guard key == "reversed", value == nil else {
                    throw Self.failure("'\(key)' needs a value: \(key):VALUE")
                }
                fields[key] = "true"
            }
        }
        if fields["each"] != nil, fields["amount"] != nil { throw Self.failure("give each or amount, not both") }
        if [fields["from"], fields["ratio"], fields["point"]].compactMap({ $0 }).count > 1 {
            throw Self.failure("give one of from, ratio and point")
        }
        if fields["seed"] != nil, fields["from"] != "random" { throw Self.failure("seed needs from:random") }
        if fields["grid"] == nil, let key = ["axis", "metric"].first(where: { fields[$0] != nil }) {
            throw Self.failure("\(key) needs a grid (grid:CxR)")
        }

        let spread: Spread
        if let amount = fields["amount"] {
            spread = .amount(try Self.seconds(amount, "amount"))
        } else {
            spread = .each(
                try fields["each"].map { (text) throws(StaggerError) in try Self.seconds(text, "each") } ?? 0.05)
        }
        let origin: Origin
        if let ratio = fields["ratio"] {
            // One fraction for both axes, or x/y.
            let parts = ratio.split(separator: "/", omittingEmptySubsequences: false).map { Double($0) }
            guard (1...2).contains(parts.count), parts.allSatisfy({ $0.map { (0...1).contains($0) } ?? false }) else {
                throw Self.failure("ratio: '\(ratio)' is not a number in 0...1, or two as x/y")
            }
            origin = parts.count == 1 ? .ratio(parts[0]!) : .ratios(x: parts[0]!, y: parts[1]!)
        } else if let point = fields["point"] {
            let parts = point.split(separator: "/", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let x = parts[0], let y = parts[1], abs(x) <= 1e18, abs(y) <= 1e18 else {
                throw Self.failure("point: '\(point)' is not two finite numbers as x/y")
            }
            origin = .point(x: x, y: y)
        } else if let from = fields["from"] {
            origin = try Self.origin(from, seed: fields["seed"])
        } else {
            origin = .first
        }
        var grid: Grid?
        if let text = fields["grid"] {
            var parsed = try Self.grid(text)
            if let axis = fields["axis"] {
                guard let value = Axis(rawValue: axis) else { throw Self.failure("axis: '\(axis)' is not x or y") }
                parsed.axis = value
            }
            if let metric = fields["metric"] {
                guard let value = DistanceMetric(rawValue: metric) else {
                    throw Self.failure(
                        "metric: '\(metric)' is not one of "
                            + DistanceMetric.allCases.map(\.rawValue).joined(separator: ", "))
                }
                parsed.metric = value
            }
            grid = parsed
        }
        let curve =
            try fields["curve"].map { (text) throws(StaggerError) in
                try Self.curve(text, duration: duration, key: "curve")
            } ?? .spring
        var distribution = Easing.linear
        if let text = fields["distribution"] {
            guard case .easing(let easing, _) = try Self.curve(text, duration: 1, key: "distribution").kind else {
                throw Self.failure("distribution: '\(text)' is not an easing (such as easeInQuad)")
            }
            distribution = easing
        }
        let reversed: Bool
        switch fields["reversed"] {
        case nil, "false": reversed = false
        case "true": reversed = true
        case let other?: throw Self.failure("reversed: '\(other)' is not true or false")
        }
        // What the initialiser accepts: any finite base delay, a cap of 0 up to +∞ (`inf`).
        let baseDelay =
            try fields["base"].map { (text) throws(StaggerError) in
                guard let value = Double(text), value.isFinite else {
                    throw Self.failure("base: '\(text)' is not a finite number of seconds")
                }
                return value
            } ?? 0
        let maxDelay = try fields["max"].map { (text) throws(StaggerError) in
            guard let value = Double(text), value >= 0 else {
                throw Self.failure("max: '\(text)' is not a number of seconds >= 0 (or inf)")
            }
            return value
        }
        try self.init(
            baseDelay: baseDelay, spread: spread, curve: curve, from: origin, grid: grid,
            distribution: distribution, reversed: reversed, maxDelay: maxDelay)
        if let text = fields["normalization"] {
            guard let value = Normalization(rawValue: text) else {
                throw Self.failure(
                    "normalization: '\(text)' is not one of "
                        + Normalization.allCases.map(\.rawValue).joined(separator: ", "))
            }
            normalization = value
        }
    }

    /// The configuration in its text form (see ``init(parsing:duration:)``), fields in
    /// the order of the grammar's keys, defaults left out but for the spread: for example
    /// `each:0.05,from:center,curve:snappy`. An easing curve is written without its
    /// duration (as ``Curve/description`` is), so it reads back with the parser's
    /// `duration` (``relaxed``'s 0.4 s easeOut reads back at whatever is given).
    /// ``visibleWindow`` has no key and is not written.
    public var description: String {
        var fields: [String] = []
        switch spread {
        case .each(let seconds): fields.append("each:\(seconds)")
        case .amount(let seconds): fields.append("amount:\(seconds)")
        }
        if baseDelay != 0 { fields.append("base:\(baseDelay)") }
        switch from {
        case .first: break
        case .last: fields.append("from:last")
        case .center: fields.append("from:center")
        case .edges: fields.append("from:edges")
        case .index(let index): fields.append("from:\(index)")
        case .ratio(let ratio): fields.append("ratio:\(ratio)")
        case .ratios(let x, let y): fields.append("ratio:\(x)/\(y)")
        case .point(let x, let y): fields.append("point:\(x)/\(y)")
        case .random(let seed): fields.append(seed == 0 ? "from:random" : "from:random,seed:\(seed)")
        }
        if let grid {
            fields.append("grid:\(grid.columns)x\(grid.rows)")
            if let axis = grid.axis { fields.append("axis:\(axis.rawValue)") }
            if grid.metric != .euclidean { fields.append("metric:\(grid.metric.rawValue)") }
        }
        if curve != .spring { fields.append("curve:\(curve.description)") }
        if distribution != .linear { fields.append("distribution:\(distribution.description)") }
        if let maxDelay { fields.append("max:\(maxDelay)") }
        if isReversed { fields.append("reversed") }
        if normalization != .fromOrigin { fields.append("normalization:\(normalization.rawValue)") }
        return fields.joined(separator: ",")
    }

    // MARK: - Helpers of the text form

    private static func failure(_ message: String) -> StaggerError { .malformedDescription(message) }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The fields of `text`, split on commas outside parentheses, each trimmed.
    private static func splitTopLevel(_ text: String) throws(StaggerError) -> [String] {
        var fields: [String] = [], current = "", depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")":
                depth -= 1
                guard depth >= 0 else { throw failure("unbalanced ')' in '\(text)'") }
            case "," where depth == 0:
                fields.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard depth == 0 else { throw failure("unbalanced '(' in '\(text)'") }
        fields.append(current)
        let trimmedFields = fields.map { trimmed($0[...]) }
        guard !trimmedFields.contains(where: \.isEmpty) else {
            throw failure(trimmed(text[...]).isEmpty ? "empty configuration" : "empty field in '\(text)'")
        }
        return trimmedFields
    }

    private static func seconds(_ text: String, _ key: String) throws(StaggerError) -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw failure("\(key): '\(text)' is not a number of seconds >= 0")
        }
        return value
    }

    private static func origin(_ text: String, seed: String?) throws(StaggerError) -> Origin {
        switch text {
        case "first": return .first
        case "last": return .last
        case "center", "centre": return .center
        case "edges": return .edges
        case "random":
            guard let seed else { return .random(seed: 0) }
            guard let value = UInt64(seed) else { throw failure("seed: '\(seed)' is not a whole number >= 0") }
            return .random(seed: value)
        default:
            guard let index = Int(text), index >= 0 else {
                throw failure("from: '\(text)' is not first, last, center, edges, random or an item index")
            }
            return .index(index)
        }
    }

    private static func grid(_ text: String) throws(StaggerError) -> Grid {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let columns = Int(sides[0]), let rows = Int(sides[1]), columns >= 1, rows >= 1 else {
            throw failure("grid: '\(text)' is not COLUMNSxROWS, e.g. 4x5")
        }
        return Grid(columns: columns, rows: rows)
    }

    private static func curve(_ text: String, duration: Double, key: String) throws(StaggerError) -> Curve {
        do { return try Curve(parsing: text, duration: duration) } catch {
            throw failure("\(key): \(error.description)")
        }
    }
}

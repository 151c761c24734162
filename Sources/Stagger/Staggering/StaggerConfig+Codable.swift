// Stagger configurations as JSON a person writes: every key but the ones that differ
// from Swift's defaults may be left out, enums read as they are spoken ("from": "center",
// "spread": {"each": 0.05}), and curves in their text form (Curve+Codable):
//
//     {"spread": {"each": 0.05}, "from": "center", "curve": {"curve": "snappy"},
//      "grid": {"columns": 4, "rows": 3}, "visibleWindow": {"range": [40, 60]}}
//
// A decoded configuration is checked where it is used, as one set field by field is.

extension StaggerConfig {
    private enum Keys: String, CodingKey {
        case baseDelay, spread, curve, from, grid, distribution, reversed, maxDelay, visibleWindow, normalization
    }

    /// Writes every field (the optional ones when set), enums as ``init(from:)`` reads them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(baseDelay, forKey: .baseDelay)
        try container.encode(spread, forKey: .spread)
        try container.encode(curve, forKey: .curve)
        try container.encode(from, forKey: .from)
        try container.encodeIfPresent(grid, forKey: .grid)
        try container.encode(distribution, forKey: .distribution)
        try container.encode(isReversed, forKey: .reversed)
        try container.encodeIfPresent(maxDelay, forKey: .maxDelay)
        try container.encodeIfPresent(visibleWindow, forKey: .visibleWindow)
        try container.encode(normalization, forKey: .normalization)
    }

    /// Reads a configuration; a missing key takes the value a Swift call that leaves it
    /// out gets (`try StaggerConfig()`: base delay 0, `each` 0.05 s, the default spring,
    /// from the first item, a list, a linear distribution, not reversed, no cap, no
    /// window, distances from the origin).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        baseDelay = try container.decodeIfPresent(Double.self, forKey: .baseDelay) ?? 0
        spread = try container.decodeIfPresent(Spread.self, forKey: .spread) ?? .each(0.05)
        curve = try container.decodeIfPresent(Curve.self, forKey: .curve) ?? .spring
        from = try container.decodeIfPresent(Origin.self, forKey: .from) ?? .first
        grid = try container.decodeIfPresent(Grid.self, forKey: .grid)
        distribution = try container.decodeIfPresent(Easing.self, forKey: .distribution) ?? .linear
        isReversed = try container.decodeIfPresent(Bool.self, forKey: .reversed) ?? false
        maxDelay = try container.decodeIfPresent(Double.self, forKey: .maxDelay)
        visibleWindow = try container.decodeIfPresent(VisibleWindow.self, forKey: .visibleWindow)
        normalization = try container.decodeIfPresent(Normalization.self, forKey: .normalization) ?? .fromOrigin
    }
}

extension StaggerConfig.Spread {
    private enum Keys: String, CodingKey {
        case each, amount
    }

    /// Writes `{"each": 0.05}` or `{"amount": 0.6}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .each(let each): try container.encode(each, forKey: .each)
        case .amount(let amount): try container.encode(amount, forKey: .amount)
        }
    }

    /// Reads `{"each": seconds}` or `{"amount": seconds}`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` unless exactly one of the two is given.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let each = try container.decodeIfPresent(Double.self, forKey: .each)
        let amount = try container.decodeIfPresent(Double.self, forKey: .amount)
        switch (each, amount) {
        case (let each?, nil): self = .each(each)
        case (nil, let amount?): self = .amount(amount)
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "A spread is {\"each\": s} or {\"amount\": s}.")
            )
        }
    }
}

extension StaggerConfig.Origin {
    private enum Keys: String, CodingKey {
        case index, ratio, ratios, point, random
    }
    private enum PlaneKeys: String, CodingKey {
        case x, y, seed
    }

    /// Writes `"first"`, `"last"`, `"center"` or `"edges"`, else one key as Swift spells
    /// the case: `{"index": 3}`, `{"ratio": 0.3}`, `{"ratios": {"x": 0.2, "y": 0.9}}`,
    /// `{"point": {"x": 1.5, "y": 2}}`, `{"random": {"seed": 7}}`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .first, .last, .center, .edges:
            var container = encoder.singleValueContainer()
            let name = self == .first ? "first" : self == .last ? "last" : self == .center ? "center" : "edges"
            try container.encode(name)
        case .index(let index):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(index, forKey: .index)
        case .ratio(let ratio):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(ratio, forKey: .ratio)
        case .ratios(let x, let y), .point(let x, let y):
            var container = encoder.container(keyedBy: Keys.self)
            var plane = container.nestedContainer(keyedBy: PlaneKeys.self, forKey: isRatios ? .ratios : .point)
            try plane.encode(x, forKey: .x)
            try plane.encode(y, forKey: .y)
        case .random(let seed):
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: PlaneKeys.self, forKey: .random)
            try nested.encode(seed, forKey: .seed)
        }
    }

    private var isRatios: Bool {
        if case .ratios = self { return true }
        return false
    }

    /// Reads what ``encode(to:)`` writes.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the spellings for anything else.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            switch name {
            case "first": self = .first
            case "last": self = .last
            case "center": self = .center
            case "edges": self = .edges
            default: throw Self.malformed(decoder)
            }
            return
        }
        let container = try decoder.container(keyedBy: Keys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else { throw Self.malformed(decoder) }
        switch key {
        case .index: self = .index(try container.decode(Int.self, forKey: .index))
        case .ratio: self = .ratio(try container.decode(Double.self, forKey: .ratio))
        case .ratios, .point:
            let plane = try container.nestedContainer(keyedBy: PlaneKeys.self, forKey: key)
            let (x, y) = (try plane.decode(Double.self, forKey: .x), try plane.decode(Double.self, forKey: .y))
            self = key == .ratios ? .ratios(x: x, y: y) : .point(x: x, y: y)
        case .random:
            let nested = try container.nestedContainer(keyedBy: PlaneKeys.self, forKey: .random)
            self = .random(seed: try nested.decode(UInt64.self, forKey: .seed))
        }
    }

    private static func malformed(_ decoder: any Decoder) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "An origin is \"first\", \"last\", \"center\", \"edges\", {\"index\": i}, "
                    + "{\"ratio\": r}, {\"ratios\": {\"x\": x, \"y\": y}}, {\"point\": {\"x\": x, \"y\": y}} "
                    + "or {\"random\": {\"seed\": n}}."))
    }
}

extension StaggerConfig.Grid {
    private enum Keys: String, CodingKey {
        case columns, rows, axis, metric
    }

    /// Writes `{"columns": c, "rows": r, "metric": m}`, with `"axis"` when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(columns, forKey: .columns)
        try container.encode(rows, forKey: .rows)
        try container.encodeIfPresent(axis, forKey: .axis)
        try container.encode(metric, forKey: .metric)
    }

    /// Reads `{"columns": c, "rows": r}` with an optional `"axis"` (`"x"` or `"y"`) and
    /// `"metric"` (default `"euclidean"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            columns: try container.decode(Int.self, forKey: .columns),
            rows: try container.decode(Int.self, forKey: .rows),
            axis: try container.decodeIfPresent(StaggerConfig.Axis.self, forKey: .axis),
            metric: try container.decodeIfPresent(StaggerConfig.DistanceMetric.self, forKey: .metric) ?? .euclidean)
    }
}

extension StaggerConfig.VisibleWindow {
    private enum Keys: String, CodingKey {
        case range, offscreen
    }

    /// Writes `{"range": [first, end], "offscreen": o}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(range, forKey: .range)
        try container.encode(offscreen, forKey: .offscreen)
    }

    /// Reads `{"range": [first, end]}` with an optional `"offscreen"` (default
    /// `"immediately"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            try container.decode(Range<Int>.self, forKey: .range),
            offscreen: try container.decodeIfPresent(StaggerConfig.OffscreenStart.self, forKey: .offscreen)
                ?? .immediately)
    }
}

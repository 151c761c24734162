import Foundation
import Stagger

/// `plot --stagger`'s text form of a ``StaggerConfig``: comma-separated `key:value`
/// fields, each key at most once, e.g. `each:0.05,from:center,curve:snappy` or
/// `amount:0.6,grid:4x5,from:edges`.
///
/// It mirrors the initialiser's options one for one so that anything a designer draws
/// can be typed into code unchanged. Commas inside parentheses belong to the curve
/// (`curve:spring(duration: 0.5, bounce: 0.3)`).
enum StaggerSpec {
    /// The keys and what they take, for the help and for error messages.
    static let help = """
          each:S          seconds between neighbours (default each:0.05)
          amount:S        total spread in seconds, whatever the count (instead of each)
          base:S          delay before the first item, in seconds (default 0)
          from:O          origin: first, last, center, edges, random, or an item index
          ratio:R         origin a fraction 0...1 of the way along (instead of from)
          seed:N          seed of from:random (default 0)
          grid:CxR        a grid of C columns and R rows (C x R >= items)
          axis:x|y        grid distance along one axis only
          metric:M        grid distance: euclidean (default), manhattan, chebyshev
          curve:CURVE     each item's curve, eval's grammar (default spring)
          distribution:E  an easing that shapes the delays, e.g. easeInQuad
          max:S           cap on any item's stagger, in seconds
          reversed        run the order backwards (also reversed:true|false)
        """

    private static let keys = [
        "each", "amount", "base", "from", "ratio", "seed", "grid", "axis", "metric", "curve",
        "distribution", "max", "reversed",
    ]

    /// Reads `text` into a configuration for `count` items, and the curve's name as
    /// written (`spring` when none is given).
    ///
    /// - Parameters:
    ///   - easingDuration: seconds an easing curve takes (springs ignore it).
    /// - Throws: ``CommandFailure`` naming the field at fault, or the configuration's
    ///   own error when it does not fit `count` items (a grid too small, an origin index
    ///   past the last item).
    static func parse(_ text: String, count: Int, easingDuration: Double) throws
        -> (config: StaggerConfig, curveName: String)
    {
        var fields: [String: String] = [:]
        for field in try splitTopLevel(text) {
            let parts = field.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let key = parts[0]
            guard keys.contains(key) else {
                throw failure("unknown key '\(key)' (keys: \(keys.joined(separator: ", ")))")
            }
            guard fields[key] == nil else { throw failure("'\(key)' given twice") }
            if parts.count < 2 {
                // Only a switch may stand alone; every other key needs its value.
                guard key == "reversed" else { throw failure("'\(key)' needs a value: \(key):VALUE") }
                fields[key] = "true"
            } else {
                guard !parts[1].isEmpty else { throw failure("'\(key)' needs a value: \(key):VALUE") }
                fields[key] = parts[1]
            }
        }

        if fields["each"] != nil, fields["amount"] != nil { throw failure("give each or amount, not both") }
        if fields["from"] != nil, fields["ratio"] != nil { throw failure("give from or ratio, not both") }
        if fields["seed"] != nil, fields["from"] != "random" { throw failure("seed needs from:random") }
        if fields["grid"] == nil, let key = ["axis", "metric"].first(where: { fields[$0] != nil }) {
            throw failure("\(key) needs a grid (grid:CxR)")
        }

        let spread: StaggerConfig.Spread =
            if let amount = fields["amount"] { .amount(try seconds(amount, "amount")) }
            else { .each(try fields["each"].map { try seconds($0, "each") } ?? 0.05) }
        let origin: StaggerConfig.Origin
        if let ratio = fields["ratio"] {
            guard let value = Double(ratio), (0...1).contains(value) else {
                throw failure("ratio: '\(ratio)' is not a number in 0...1")
            }
            origin = .ratio(value)
        } else {
            origin = try fields["from"].map { try parseOrigin($0, seed: fields["seed"]) } ?? .first
        }
        var grid: StaggerConfig.Grid?
        if let text = fields["grid"] {
            grid = try parseGrid(text)
            if let axis = fields["axis"] {
                guard let value = StaggerConfig.Axis(rawValue: axis) else { throw failure("axis: '\(axis)' is not x or y") }
                grid?.axis = value
            }
            if let metric = fields["metric"] {
                guard let value = StaggerConfig.DistanceMetric(rawValue: metric) else {
                    throw failure("metric: '\(metric)' is not one of "
                        + StaggerConfig.DistanceMetric.allCases.map(\.rawValue).joined(separator: ", "))
                }
                grid?.metric = value
            }
        }
        let curve = try fields["curve"].map { try parseCurve($0, duration: easingDuration, key: "curve") } ?? .spring
        var distribution = Easing.linear
        if let text = fields["distribution"] {
            guard case .easing(let easing, _) = try parseCurve(text, duration: 1, key: "distribution").kind else {
                throw failure("distribution: '\(text)' is a spring; it takes an easing such as easeInQuad")
            }
            distribution = easing
        }
        let reversed: Bool
        switch fields["reversed"] {
        case nil, "false": reversed = false
        case "true": reversed = true
        case let other?: throw failure("reversed: '\(other)' is not true or false")
        }

        do {
            let config = try StaggerConfig(
                baseDelay: try fields["base"].map { try seconds($0, "base") } ?? 0, spread: spread, curve: curve,
                from: origin, grid: grid, distribution: distribution, reversed: reversed,
                maxDelay: try fields["max"].map { try seconds($0, "max") })
            // The checks that need the count (grid size, origin index) run here, so a
            // bad configuration fails before anything is drawn.
            if count > 0 { _ = try config.delay(for: 0, of: count) }
            return (config, fields["curve"] ?? "spring")
        } catch let error as StaggerError {
            throw failure(error.description)
        }
    }

    /// Splits on commas outside parentheses.
    private static func splitTopLevel(_ text: String) throws -> [String] {
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
        let trimmed = fields.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !trimmed.contains(where: \.isEmpty) else {
            throw failure(text.trimmingCharacters(in: .whitespaces).isEmpty ? "empty configuration" : "empty field in '\(text)'")
        }
        return trimmed
    }

    private static func seconds(_ text: String, _ key: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw failure("\(key): '\(text)' is not a number of seconds >= 0")
        }
        return value
    }

    private static func parseOrigin(_ text: String, seed: String?) throws -> StaggerConfig.Origin {
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

    private static func parseGrid(_ text: String) throws -> StaggerConfig.Grid {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let columns = Int(sides[0]), let rows = Int(sides[1]), columns >= 1, rows >= 1 else {
            throw failure("grid: '\(text)' is not COLUMNSxROWS, e.g. 4x5")
        }
        return StaggerConfig.Grid(columns: columns, rows: rows)
    }

    private static func parseCurve(_ text: String, duration: Double, key: String) throws -> Curve {
        do {
            return try Curve(parsing: text, duration: duration)
        } catch {
            throw failure("\(key): \(error.description)")
        }
    }

    private static func failure(_ message: String) -> CommandFailure {
        CommandFailure("--stagger: \(message)")
    }
}

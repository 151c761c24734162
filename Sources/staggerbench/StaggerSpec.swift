import Foundation
import Stagger

/// `--stagger`'s text form of a ``StaggerConfig``: the library's grammar
/// (`StaggerConfig(parsing:)`: comma-separated `key:value` fields, e.g.
/// `each:0.05,from:center,curve:snappy`), checked against the item count and reported
/// as a command-line failure.
enum StaggerSpec {
    /// The keys and what they take, for the help and for error messages.
    static let help = """
          each:S          seconds between neighbours (default each:0.05)
          amount:S        total spread in seconds, whatever the count (instead of each)
          base:S          delay before the first item, in seconds (default 0)
          from:O          origin: first, last, center, edges, random, or an item index
          ratio:R         origin a fraction 0...1 of the way along (instead of from);
                          ratio:X/Y one per grid axis (0/1: bottom-left)
          point:X/Y       origin at column X, row Y (fractions allowed: a tap)
          seed:N          seed of from:random (default 0)
          grid:CxR        a grid of C columns and R rows (C x R >= items)
          axis:x|y        grid distance along one axis only
          metric:M        grid distance: euclidean (default), manhattan, chebyshev
          curve:CURVE     each item's curve, eval's grammar (default spring)
          distribution:E  an easing that shapes the delays, e.g. easeInQuad
          max:S           cap on any item's stagger, in seconds
          reversed        run the order backwards (also reversed:true|false)
          normalization:N fromNearestItem: count from the item nearest the origin
                          (GSAP's); fromOrigin (default)
        """

    /// Reads `text` into a configuration for `count` items (``StaggerConfig/init(parsing:duration:)``,
    /// the library's grammar), and the curve's text as written (`spring` when none is given).
    ///
    /// - Parameters:
    ///   - easingDuration: seconds an easing curve takes (springs ignore it).
    /// - Throws: ``CommandFailure`` naming the field at fault, or the configuration's
    ///   own error when it does not fit `count` items (a grid too small, an origin index
    ///   past the last item).
    static func parse(_ text: String, count: Int, easingDuration: Double) throws
        -> (config: StaggerConfig, curveName: String)
    {
        do {
            let config = try StaggerConfig(parsing: text, duration: easingDuration)
            // The checks that need the count (grid size, origin index) run here, so a
            // bad configuration fails before anything is drawn.
            if count > 0 { _ = try config.delay(for: 0, of: count) }
            return (config, curveText(in: text) ?? "spring")
        } catch .malformedDescription(let message) {
            throw CommandFailure("--stagger: \(message)")
        } catch {
            throw CommandFailure("--stagger: \(error.description)")
        }
    }

    /// The value of the `curve:` field of a text that parsed, as written.
    private static func curveText(in text: String) -> String? {
        var depth = 0, start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                if let curve = curveValue(text[start..<index]) { return curve }
                start = text.index(after: index)
            default: break
            }
        }
        return curveValue(text[start...])
    }

    private static func curveValue(_ field: Substring) -> String? {
        let parts = field.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.count == 2 && parts[0] == "curve" ? parts[1] : nil
    }
}

import Foundation

// Just enough SVG for `plot`: text assembled element by element, every attribute and
// text node escaped, so any curve name or configuration makes well-formed XML.

/// An SVG document being assembled, one element per line.
struct SVGDocument {
    let width: Double
    let height: Double
    private var lines: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Appends `<name attributes>text</name>`, or `<name attributes/>` with no text and
    /// no children. `children` are complete elements (from ``element(_:_:text:children:)``).
    mutating func add(_ name: String, _ attributes: [(String, String)], text: String? = nil, children: [String] = []) {
        lines.append(Self.element(name, attributes, text: text, children: children))
    }

    /// One element as text, for nesting (a `<title>` tooltip inside a shape).
    static func element(_ name: String, _ attributes: [(String, String)], text: String? = nil, children: [String] = [])
        -> String
    {
        let attributeText = attributesText(attributes)
        if text == nil && children.isEmpty { return "<\(name)\(attributeText)/>" }
        return "<\(name)\(attributeText)>" + (text.map(xmlEscaped) ?? "") + children.joined() + "</\(name)>"
    }

    private static func attributesText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(xmlEscaped($0.1))\"" }.joined()
    }

    /// The finished file. The white background keeps it legible in dark-mode viewers,
    /// which would otherwise show black text on black.
    func render(title: String) -> String {
        let head =
            "<svg"
            + Self.attributesText([
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", number(width)), ("height", number(height)),
                ("viewBox", "0 0 \(number(width)) \(number(height))"),
                ("font-family", "system-ui, -apple-system, Helvetica, Arial, sans-serif"), ("font-size", "12")
            ]) + ">"
        let background = Self.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")])
        return
            ([
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", head, "  " + Self.element("title", [], text: title),
                "  " + background
            ] + lines.map { "  " + $0 } + ["</svg>", ""])
            .joined(separator: "\n")
    }
}

/// `text` with XML's five special characters escaped.
func xmlEscaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        default: result.append(character)
        }
    }
    return result
}

/// A coordinate with two decimals: a hundredth of a pixel is finer than any screen,
/// and short numbers keep the file small.
func number(_ value: Double) -> String {
    let text = String(format: "%.2f", value)
    // Trim "12.50" to "12.5" and "12.00" to "12".
    guard text.contains(".") else { return text }
    var trimmed = Substring(text)
    while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
    if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
    return trimmed == "-0" ? "0" : String(trimmed)
}

/// A linear map from data values to pixels.
struct LinearScale {
    let domain: ClosedRange<Double>
    /// Pixel positions of the domain's lower and upper bounds (upper may be smaller,
    /// as on a y axis, where values grow upwards).
    let from: Double, to: Double

    func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        let fraction = span > 0 ? (value - domain.lowerBound) / span : 0
        return from + fraction * (to - from)
    }

    /// Round tick values (1, 2, 2.5 or 5 times a power of ten apart) inside the domain,
    /// about `target` of them: the steps a reader can add up in their head.
    func ticks(target: Int) -> [Double] {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0, span.isFinite else { return [domain.lowerBound] }
        let raw = span / Double(max(target, 1))
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = (domain.lowerBound / step).rounded(.up)
        let last = (domain.upperBound / step + 1e-9).rounded(.down)
        guard first <= last else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }
}

/// A tick label: shortest form, no "-0", no binary-fraction noise (0.30000000000000004).
func tickLabel(_ value: Double) -> String {
    let rounded = (value * 1e6).rounded() / 1e6
    return String(format: "%g", rounded == 0 ? 0 : rounded)
}

/// Colours told apart by most colour-blind readers too (Okabe and Ito's palette, minus
/// yellow, which vanishes on white), cycled when there are more curves.
let curveColours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00", "#000000"]

/// An SVG path through `points`: one `M` then `L`s.
func pathData(_ points: [(x: Double, y: Double)]) -> String {
    points.enumerated().map { index, point in
        (index == 0 ? "M" : "L") + number(point.x) + "," + number(point.y)
    }.joined(separator: " ")
}

import ArgumentParser
import Foundation
import Stagger

/// `staggerbench plot`: curves, or a stagger timeline, drawn as SVG.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw curves (value over time) or a stagger timeline as an SVG file.",
        discussion: """
            With CURVEs (eval's grammar), draws each curve's value over time on shared
            axes, with a legend: easings over --duration, springs until they settle
            (within 0.001 of the target); a dot marks where each curve ends. The file
            has one <path> per curve.

            With --stagger CONFIG, draws one bar per item from its start (its delay) to
            when it settles, and beneath them the value curve every item runs. CONFIG
            is comma-separated key:value fields, each key at most once:
            \(StaggerSpec.help)

            Examples:
              staggerbench plot easeInOutCubic easeOutBack snappy bouncy -o docs/curves.svg
              staggerbench plot 'cubicBezier(0.68, -0.6, 0.32, 1.6)' --duration 0.5 -o b.svg
              staggerbench plot --stagger each:0.05,from:center,curve:snappy -o s.svg
              staggerbench plot --stagger amount:0.6,grid:4x5,from:edges --items 20 -o g.svg
            """
    )

    @Argument(help: "Curves to draw, e.g. easeOutBack, snappy, 'spring(duration: 0.5, bounce: 0.3)'.")
    var curves: [String] = []

    // Optional to the parser so that a call with nothing to plot hears about that
    // first; validate() requires it.
    @Option(name: [.customShort("o"), .long], help: "The SVG file to write (required).")
    var output: String?

    @Option(help: "Seconds an easing takes (springs run until they settle).")
    var duration: Double = 1

    @Option(help: "Draw a stagger timeline for this configuration instead of curves.")
    var stagger: String?

    @Option(help: "Items in the --stagger timeline, 1 to 500 (default 12).")
    var items: Int?

    func validate() throws {
        if !(duration > 0) || !duration.isFinite {
            throw ValidationError("--duration must be a positive number of seconds")
        }
        if let items, !(1...500).contains(items) {
            throw ValidationError("--items must be between 1 and 500")
        }
        switch (curves.isEmpty, stagger) {
        case (true, nil): throw CommandFailure("nothing to plot: give at least one CURVE, or --stagger CONFIG")
        case (false, _?): throw CommandFailure("give CURVEs or --stagger, not both")
        case (false, nil) where items != nil: throw CommandFailure("--items applies to --stagger only")
        default: break
        }
        guard let output, !output.isEmpty else { throw CommandFailure("give the SVG file to write: -o FILE.svg") }
    }

    func run() throws {
        let svg: String
        let summary: String
        if let stagger {
            let count = items ?? 12
            let spec = try StaggerSpec.parse(stagger, count: count, easingDuration: duration)
            svg = try StaggerPlot(config: spec.config, curveName: spec.curveName, text: stagger, count: count).render()
            summary = "\(count) items"
        } else {
            let parsed = try curves.map { text -> (name: String, curve: Curve) in
                let name = text.trimmingCharacters(in: .whitespaces)
                do {
                    return (name: name, curve: try Curve(parsing: text, duration: duration))
                } catch {
                    throw CommandFailure(String(describing: error))
                }
            }
            svg = try CurvePlot(curves: parsed).render()
            summary = "\(parsed.count) curve\(parsed.count == 1 ? "" : "s")"
        }
        let path = output ?? ""
        try writeTextFile(svg, to: path)
        print("wrote \(path) (\(summary))")
    }
}

/// How long `curve` runs, or a one-line failure for a spring that never settles.
private func settlingTime(of curve: Curve, named name: String) throws -> Double {
    let duration = curve.duration
    guard duration.isFinite, duration > 0 else {
        throw CommandFailure("\(name) never settles (no damping): there is no end to draw it to")
    }
    return duration
}

/// Samples per curve: about one per pixel of the plot's width, so steps and the
/// sharp turns of elastic and bounce easings keep their shape.
private let samplesPerCurve = 480

/// The value range to draw: always 0...1, widened to any overshoot, plus a margin so
/// that no line runs along the frame.
private func valueDomain(_ values: [Double]) -> ClosedRange<Double> {
    let low = min(0, values.min() ?? 0), high = max(1, values.max() ?? 1)
    let margin = (high - low) * 0.06
    return (low - margin)...(high + margin)
}

/// Horizontal grid lines with labels at round values, and the frame's left and bottom
/// axes, for a panel spanning `x` by `y`.
private func drawValueAxis(_ svg: inout SVGDocument, x: LinearScale, y: LinearScale, label: String) {
    for tick in y.ticks(target: 5) {
        // The lines at 0 and 1 are where every curve starts and ends: stronger.
        let endpoint = tick == 0 || tick == 1
        svg.add(
            "line",
            [
                ("x1", number(x.from)), ("x2", number(x.to)), ("y1", number(y(tick))), ("y2", number(y(tick))),
                ("stroke", endpoint ? "#999999" : "#e3e3e3"), ("stroke-width", "1")
            ])
        svg.add(
            "text",
            [("x", number(x.from - 6)), ("y", number(y(tick) + 4)), ("text-anchor", "end"), ("fill", "#444444")],
            text: tickLabel(tick))
    }
    svg.add(
        "line",
        [
            ("x1", number(x.from)), ("x2", number(x.from)), ("y1", number(y.from)), ("y2", number(y.to)),
            ("stroke", "#333333")
        ])
    let middle = (y.from + y.to) / 2
    svg.add(
        "text",
        [
            ("x", number(x.from - 40)), ("y", number(middle)), ("text-anchor", "middle"),
            ("transform", "rotate(-90 \(number(x.from - 40)) \(number(middle)))"), ("fill", "#333333")
        ],
        text: label)
}

/// Vertical grid lines and labelled ticks along a time axis at pixel height `baseline`,
/// the grid running up to `top`.
private func drawTimeAxis(_ svg: inout SVGDocument, x: LinearScale, top: Double, baseline: Double) {
    for tick in x.ticks(target: 8) {
        svg.add(
            "line",
            [
                ("x1", number(x(tick))), ("x2", number(x(tick))), ("y1", number(top)), ("y2", number(baseline)),
                ("stroke", "#eeeeee")
            ])
        svg.add(
            "line",
            [
                ("x1", number(x(tick))), ("x2", number(x(tick))), ("y1", number(baseline)),
                ("y2", number(baseline + 4)), ("stroke", "#333333")
            ])
        svg.add(
            "text",
            [("x", number(x(tick))), ("y", number(baseline + 17)), ("text-anchor", "middle"), ("fill", "#444444")],
            text: tickLabel(tick))
    }
    svg.add(
        "line",
        [
            ("x1", number(x.from)), ("x2", number(x.to)), ("y1", number(baseline)), ("y2", number(baseline)),
            ("stroke", "#333333")
        ])
}

/// Curves on shared axes, value over time, with a legend.
struct CurvePlot {
    let curves: [(name: String, curve: Curve)]

    func render() throws -> String {
        let ends = try curves.map { try settlingTime(of: $0.curve, named: $0.name) }
        // One time axis for all, so curves compare at a glance: each curve is drawn
        // across it (an easing holds 1 after its end, a spring keeps settling), and
        // its own end is marked.
        let span = ends.max() ?? 1
        let times = (0...samplesPerCurve).map { span * Double($0) / Double(samplesPerCurve) }
        // The Double reference draws the curve as defined, independent of any backend.
        let values = try curves.map { entry in try times.map { try entry.curve.value(at: $0) } }

        var svg = SVGDocument(width: 800, height: 440)
        let x = LinearScale(domain: 0...span, from: 70, to: 560)
        let y = LinearScale(domain: valueDomain(values.flatMap { $0 }), from: 380, to: 50)
        svg.add(
            "text", [("x", "70"), ("y", "30"), ("font-size", "15"), ("font-weight", "600"), ("fill", "#222222")],
            text: "Value over time")
        drawTimeAxis(&svg, x: x, top: y.to, baseline: y.from)
        drawValueAxis(&svg, x: x, y: y, label: "value")
        svg.add(
            "text", [("x", number((x.from + x.to) / 2)), ("y", "420"), ("text-anchor", "middle"), ("fill", "#333333")],
            text: "time (s)")

        for (index, entry) in curves.enumerated() {
            let colour = curveColours[index % curveColours.count]
            let points = zip(times, values[index]).map { (x: x($0), y: y($1)) }
            svg.add(
                "path",
                [
                    ("class", "curve"), ("d", pathData(points)), ("fill", "none"), ("stroke", colour),
                    ("stroke-width", "2.2"), ("stroke-linejoin", "round")
                ],
                children: [SVGDocument.element("title", [], text: entry.name)])
            let end = ends[index]
            svg.add(
                "circle",
                [
                    ("cx", number(x(end))), ("cy", number(y(try entry.curve.value(at: end)))), ("r", "3.5"),
                    ("fill", colour)
                ])
            // The legend: a swatch, the name, and how long the curve runs.
            let row = 62 + Double(index) * 36
            svg.add(
                "line",
                [
                    ("x1", "584"), ("x2", "610"), ("y1", number(row)), ("y2", number(row)), ("stroke", colour),
                    ("stroke-width", "3")
                ])
            svg.add(
                "text", [("class", "legend"), ("x", "618"), ("y", number(row + 4)), ("fill", "#222222")],
                text: entry.name)
            let kind =
                switch entry.curve.kind {
                case .easing: "easing over"
                case .spring: "spring, settles in"
                case .decay: "decay, settles in"
                }
            svg.add(
                "text", [("x", "618"), ("y", number(row + 19)), ("font-size", "10.5"), ("fill", "#777777")],
                text: "\(kind) \(format(end, 3)) s")
        }
        return svg.render(title: "Stagger curves: " + curves.map(\.name).joined(separator: ", "))
    }
}

/// A stagger timeline: a bar per item from its start to when it settles, and the curve
/// each item runs beneath, on one time axis.
struct StaggerPlot {
    let config: StaggerConfig
    /// The curve as the user named it (a preset's name reads better than its
    /// mass, stiffness and damping).
    let curveName: String
    /// The configuration as the user typed it, for the title.
    let text: String
    let count: Int

    func render() throws -> String {
        // The Double reference's delays: the figures a designer would check by hand.
        let delays = try (0..<count).map { try config.delay(for: $0, of: count) }
        let itemDuration = try settlingTime(of: config.curve, named: curveName)
        let first = delays.min() ?? 0, last = delays.max() ?? 0
        let span = last + itemDuration

        // Rows shrink as items grow, so 12 items and 500 both fit a page; thin rows
        // lose their gap, which would otherwise shimmer.
        let rowHeight = min(20, max(1.5, 360 / Double(count)))
        let barHeight = rowHeight >= 6 ? rowHeight * 0.7 : rowHeight
        let barsTop = 56.0, barsBottom = barsTop + rowHeight * Double(count)
        let curveTop = barsBottom + 64, curveBottom = curveTop + 150
        var svg = SVGDocument(width: 800, height: curveBottom + 56)
        let x = LinearScale(domain: 0...span, from: 80, to: 770)

        svg.add(
            "text", [("x", "80"), ("y", "26"), ("font-size", "15"), ("font-weight", "600"), ("fill", "#222222")],
            text: "Stagger: \(count) items, " + (text.count > 80 ? text.prefix(79) + "…" : text))
        svg.add(
            "text", [("x", "80"), ("y", "44"), ("fill", "#666666")],
            text: "each bar: an item from its start to when it settles (\(format(itemDuration, 3)) s); "
                + "last start \(format(last, 3)) s, all settled at \(format(span, 3)) s")
        drawTimeAxis(&svg, x: x, top: barsTop, baseline: barsBottom + 4)

        // Colour runs from the first start to the last, so the order reads at a glance
        // even where bars are thin.
        let labelEvery = count <= 40 ? 1 : Int((Double(count) / 20).rounded(.up))
        for (index, delay) in delays.enumerated() {
            let order = last > first ? (delay - first) / (last - first) : 0
            let top = barsTop + Double(index) * rowHeight
            svg.add(
                "rect",
                [
                    ("class", "bar"), ("x", number(x(delay))), ("y", number(top + (rowHeight - barHeight) / 2)),
                    ("width", number(max(x(delay + itemDuration) - x(delay), 1))),
                    ("height", number(barHeight)), ("rx", rowHeight >= 8 ? "2" : "0"),
                    ("fill", blend("#0072B2", "#D55E00", order))
                ],
                children: [
                    SVGDocument.element(
                        "title", [],
                        text:
                            "item \(index): starts \(format(delay, 3)) s, settles \(format(delay + itemDuration, 3)) s")
                ])
            if index % labelEvery == 0 {
                svg.add(
                    "text",
                    [
                        ("x", "72"), ("y", number(top + rowHeight * 0.5 + 4)), ("text-anchor", "end"),
                        ("font-size", rowHeight >= 12 ? "11" : "9"), ("fill", "#555555")
                    ],
                    text: "\(index)")
            }
        }
        svg.add(
            "text",
            [
                ("x", "20"), ("y", number((barsTop + barsBottom) / 2)), ("text-anchor", "middle"),
                ("transform", "rotate(-90 20 \(number((barsTop + barsBottom) / 2)))"), ("fill", "#333333")
            ],
            text: "item")

        // The value curve beneath, from the first start, on the same time axis: a bar's
        // length is exactly this curve's run.
        let times = (0...samplesPerCurve).map { itemDuration * Double($0) / Double(samplesPerCurve) }
        let values = try times.map { try config.curve.value(at: $0) }
        let y = LinearScale(domain: valueDomain(values), from: curveBottom, to: curveTop)
        svg.add(
            "text", [("x", "80"), ("y", number(curveTop - 12)), ("fill", "#333333")],
            text: "each item's value over its run: \(curveName)")
        drawTimeAxis(&svg, x: x, top: curveTop, baseline: curveBottom)
        drawValueAxis(&svg, x: x, y: y, label: "value")
        let points = zip(times, values).map { (x: x(first + $0), y: y($1)) }
        svg.add(
            "path",
            [
                ("class", "curve"), ("d", pathData(points)), ("fill", "none"), ("stroke", "#0072B2"),
                ("stroke-width", "2.2"), ("stroke-linejoin", "round")
            ])
        svg.add(
            "text",
            [
                ("x", number((x.from + x.to) / 2)), ("y", number(curveBottom + 40)), ("text-anchor", "middle"),
                ("fill", "#333333")
            ], text: "time (s)")
        return svg.render(title: "Stagger timeline: \(count) items, \(text)")
    }
}

/// The colour a fraction `t` of the way from `a` to `b` (both #RRGGBB).
private func blend(_ a: String, _ b: String, _ t: Double) -> String {
    func channels(_ hex: String) -> [Double] {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return [Double((value >> 16) & 0xFF), Double((value >> 8) & 0xFF), Double(value & 0xFF)]
    }
    let mixed = zip(channels(a), channels(b)).map { Int(($0 + ($1 - $0) * min(max(t, 0), 1)).rounded()) }
    return String(format: "#%02X%02X%02X", mixed[0], mixed[1], mixed[2])
}

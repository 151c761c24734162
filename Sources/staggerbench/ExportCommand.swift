import ArgumentParser
import Foundation
import Stagger

/// `staggerbench export`: a curve as a CSS `linear()` easing for a web team.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a curve as a CSS linear() easing and its duration, within a chosen error.",
        discussion: """
            The points lie on the curve, as few as keep it within --max-error (a fraction
            of the move) everywhere; springs and decays run over their settling duration
            at half that error and end exactly at 1; steps() come out exact. The error
            is measured at 100,001 progress values against the curve's Double reference
            and printed with the CSS.

            Examples:
              staggerbench export snappy
              staggerbench export 'spring(duration: 0.6, bounce: 0.4)' --max-error 0.0005
              staggerbench export easeOutBounce --duration 0.8 --plot bounce.svg
            """
    )

    @Argument(help: "The curve, e.g. snappy, easeOutBounce, spring(duration: 0.5, bounce: 0.3).")
    var curve: CurveArgument

    @Option(name: .customLong("max-error"), help: "The largest distance from the curve, a fraction of the move.")
    var maximumError: Double = 0.001

    @Option(help: "Seconds an easing curve takes (springs and decays take their settling duration).")
    var duration: Double = 1

    @Option(help: "Also draw the curve and its export on shared axes into this SVG file.")
    var plot: String?

    func validate() throws {
        if !(maximumError > 0) || !maximumError.isFinite {
            throw ValidationError("--max-error must be a positive fraction of the move, e.g. 0.001")
        }
        if !(duration > 0) || !duration.isFinite {
            throw ValidationError("--duration must be a positive number of seconds")
        }
    }

    func run() throws {
        let original = try curve.curve(duration: duration)
        let easing: PiecewiseLinear, seconds: Double
        do {
            (easing, seconds) = try original.linearApproximation(maximumError: maximumError)
        } catch {
            throw CommandFailure(error.description)
        }
        // The move 0 -> 1 at progress p of the export's duration, from the reference.
        func reference(_ p: Double) throws -> Double {
            if case .easing(let eased, _) = original.kind { return try eased.value(at: p) }
            return try original.value(at: p * seconds)
        }
        var worst = 0.0
        for i in 0...100_000 {
            let p = Double(i) / 100_000
            worst = max(worst, abs(easing.value(at: p) - (try reference(p))))
        }
        print("/* \(curve.text): \(easing.points.count) points, within \(formatted(worst, digits: 6)) of the curve */")
        print("transition-timing-function: \(easing);")
        print("transition-duration: \(formatted(seconds, digits: 6))s;")
        if let plot {
            let exported = try Curve.easing(.linear(easing), duration: seconds)
            let svg = try CurvePlot(curves: [
                (name: curve.text, curve: original), (name: "linear() export", curve: exported)
            ])
            .render()
            try writeTextFile(svg, to: plot)
            print("/* wrote \(plot) */")
        }
    }

    /// `value` with at most `digits` significant digits.
    private func formatted(_ value: Double, digits: Int) -> String {
        guard value != 0 else { return "0" }
        let scale = pow(10, Double(digits - 1 - Int(log10(abs(value)).rounded(.down))))
        return ((value * scale).rounded() / scale).description
    }
}

import ArgumentParser
import Foundation
import Stagger

/// `staggerbench benchmark`, the default: kernel against the Swift reference, one run.
struct Benchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time every curve family: SIMD kernel against the Swift reference.",
        discussion: """
            Each row evaluates --items values per repetition and keeps the fastest of
            --repetitions runs of the kernel and of a fifth as many of the slower Swift
            reference, measured in the same process. Build in release for meaningful
            figures:

              swift run -c release staggerbench
              swift run -c release staggerbench benchmark --items 16000 --backend avx2
            """
    )

    @Option(help: "Items per curve family.")
    var items = 100_000

    @Option(help: "Repetitions per measurement (the fastest is kept).")
    var repetitions = 15

    @Option(help: "auto, scalar, portable, sse2, avx2, avx512 or neon.")
    var backend: BackendChoice = .auto

    func validate() throws {
        guard (1...50_000_000).contains(items) else {
            throw ValidationError("--items must be between 1 and 50,000,000")
        }
        guard (1...1000).contains(repetitions) else {
            throw ValidationError("--repetitions must be between 1 and 1000")
        }
    }

    /// One benchmark row: a curve evaluated over its own duration.
    struct Scenario: Sendable {
        /// The row's label.
        let name: String
        /// The name `bench --scenario` selects it by: short, lowercase, no spaces.
        let key: String
        let curve: Curve
        var staggered = false
    }

    static func scenarios() throws -> [Scenario] {
        [
            Scenario(name: "linear", key: "linear", curve: try .easing(.linear, duration: 1)),
            Scenario(name: "easeInOutSine", key: "sine", curve: try .easing(.easeInOutSine, duration: 1)),
            Scenario(name: "easeInOutCubic", key: "cubic", curve: try .easing(.easeInOutCubic, duration: 1)),
            Scenario(name: "easeInOutExpo", key: "expo", curve: try .easing(.easeInOutExpo, duration: 1)),
            Scenario(name: "easeInOutCirc", key: "circ", curve: try .easing(.easeInOutCirc, duration: 1)),
            Scenario(name: "easeInOutBack", key: "back", curve: try .easing(.easeInOutBack, duration: 1)),
            Scenario(name: "easeOutElastic", key: "elastic", curve: try .easing(.easeOutElastic, duration: 1)),
            Scenario(name: "easeOutBounce", key: "bounce", curve: try .easing(.easeOutBounce, duration: 1)),
            Scenario(name: "cubicBezier(ease)", key: "bezier", curve: try .easing(.ease, duration: 1)),
            Scenario(name: "steps(10)", key: "steps", curve: try .easing(.steps(10), duration: 1)),
            Scenario(name: "spring bouncy", key: "spring-bouncy", curve: .bouncy),
            Scenario(name: "spring smooth", key: "spring-smooth", curve: .smooth),
            Scenario(
                name: "spring over-damped", key: "spring-overdamped",
                curve: try .spring(response: 0.5, dampingFraction: 1.6)),
            Scenario(name: "stagger spring", key: "stagger-pass-spring", curve: .snappy, staggered: true),
            Scenario(
                name: "stagger easeOutCubic", key: "stagger-pass-easing",
                curve: try .easing(.easeOutCubic, duration: 0.35), staggered: true)
        ]
    }

    func run() throws {
        let backend = try backend.resolve()
        let active = backend ?? Backend.active
        print("staggerbench: \(items) items per family, fastest of \(repetitions) runs")
        print(backendSummary(active))
        print(row("scenario", "kernel ns/item", "Mitems/s", "swift ns/item", "speed-up"))
        var checksum = 0.0
        for scenario in try Self.scenarios() {
            let timing = try measureCurvePass(
                scenario.curve, staggered: scenario.staggered, items: items, repetitions: repetitions,
                backend: backend)
            checksum += timing.checksum
            let kernelPerItem = timing.kernel / Double(items), referencePerItem = timing.reference / Double(items)
            print(
                row(
                    scenario.name, format(kernelPerItem, 3), format(1e3 / kernelPerItem, 1),
                    format(referencePerItem, 2), format(referencePerItem / kernelPerItem, 1) + "x"))
        }
        print("checksum \(format(checksum, 3)) (keeps the reference loops honest)")
    }
}

func row(_ columns: String...) -> String {
    let widths = [24, 15, 10, 14, 10]
    return zip(columns, widths).enumerated().map { index, pair in
        index == 0
            ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
            : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
    }.joined(separator: " ")
}

func format(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}

/// The CPU's model name (Linux), for the record every figure needs.
/// The header line of a benchmark: the backend measured, the CPU, and which backends
/// this build compiled (a build without SIMDe has no portable or emulated NEON path).
func backendSummary(_ active: Backend) -> String {
    let built = Backend.built.map(\.rawValue).joined(separator: ", ")
    return "backend: \(active) (\(active.lanes) lanes\(active.isNative ? "" : ", emulated")); "
        + "cpu: \(cpuName()); built: \(built)"
}

func cpuName() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
        return "unknown"
    }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
        return line.split(separator: ":", maxSplits: 1).last.map {
            $0.trimmingCharacters(in: .whitespaces)
        } ?? "unknown"
    }
    return "unknown"
}

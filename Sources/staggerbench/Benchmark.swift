import ArgumentParser
import Foundation
import Stagger

/// `staggerbench benchmark`, the default: kernel against the Swift reference, one run.
struct Benchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time every curve family: SIMD kernel against the Swift reference.",
        discussion: """
            Each row evaluates --items values per repetition and keeps the fastest of
            --repetitions runs of each side, measured in the same process. Build in
            release for meaningful figures:

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
    struct Scenario {
        let name: String
        let curve: Curve
        var staggered = false
    }

    static func scenarios() throws -> [Scenario] {
        [
            Scenario(name: "linear", curve: try .easing(.linear, duration: 1)),
            Scenario(name: "easeInOutSine", curve: try .easing(.easeInOutSine, duration: 1)),
            Scenario(name: "easeInOutCubic", curve: try .easing(.easeInOutCubic, duration: 1)),
            Scenario(name: "easeInOutExpo", curve: try .easing(.easeInOutExpo, duration: 1)),
            Scenario(name: "easeInOutCirc", curve: try .easing(.easeInOutCirc, duration: 1)),
            Scenario(name: "easeInOutBack", curve: try .easing(.easeInOutBack, duration: 1)),
            Scenario(name: "easeOutElastic", curve: try .easing(.easeOutElastic, duration: 1)),
            Scenario(name: "easeOutBounce", curve: try .easing(.easeOutBounce, duration: 1)),
            Scenario(name: "cubicBezier(ease)", curve: try .easing(.ease, duration: 1)),
            Scenario(name: "steps(10)", curve: try .easing(.steps(10), duration: 1)),
            Scenario(name: "spring bouncy", curve: .bouncy),
            Scenario(name: "spring smooth", curve: .smooth),
            Scenario(name: "spring over-damped", curve: try .spring(response: 0.5, dampingFraction: 1.6)),
            Scenario(name: "stagger spring", curve: .snappy, staggered: true),
            Scenario(name: "stagger easeOutCubic", curve: try .easing(.easeOutCubic, duration: 0.35), staggered: true),
        ]
    }

    func run() throws {
        let backend = try backend.resolve()
        let active = backend ?? Backend.active
        print("staggerbench: \(items) items per family, fastest of \(repetitions) runs")
        print("backend: \(active) (\(active.lanes) lanes\(active.isNative ? "" : ", emulated")); cpu: \(cpuName())")
        print(row("scenario", "kernel ns/item", "Mitems/s", "swift ns/item", "speed-up"))
        var checksum = 0.0
        for scenario in try Self.scenarios() {
            let (kernel, reference, sum) = try measure(scenario, backend: backend)
            checksum += sum
            let kernelPerItem = kernel / Double(items), referencePerItem = reference / Double(items)
            print(row(
                scenario.name, format(kernelPerItem, 3), format(1e3 / kernelPerItem, 1),
                format(referencePerItem, 2), format(referencePerItem / kernelPerItem, 1) + "x"))
        }
        print("checksum \(format(checksum, 3)) (keeps the reference loops honest)")
    }

    /// Fastest kernel and reference times in nanoseconds, and a checksum of both.
    private func measure(_ scenario: Scenario, backend: Backend?) throws -> (Double, Double, Double) {
        let span = scenario.curve.duration
        let times = (0..<items).map { Float(span * Double($0) / Double(max(items - 1, 1))) }
        var values = [Float](repeating: 0, count: items)
        var reference = [Double](repeating: 0, count: items)
        let increment = span / Double(max(items, 1))
        let midpoint = span

        let kernel = try fastestRun(of: repetitions) {
            if scenario.staggered {
                try scenario.curve.sampleStaggered(
                    at: midpoint, baseDelay: 0, delayIncrement: increment, into: &values,
                    backend: backend)
            } else {
                try scenario.curve.evaluate(times: times, into: &values, backend: backend)
            }
        }
        let referenceRuns = max(1, repetitions / 5)
        let swift = try fastestRun(of: referenceRuns) {
            if scenario.staggered {
                for i in 0..<items {
                    reference[i] = try scenario.curve.value(at: midpoint - Double(i) * increment)
                }
            } else {
                for i in 0..<items { reference[i] = try scenario.curve.value(at: Double(times[i])) }
            }
        }
        var sum = 0.0
        for i in 0..<items { sum += Double(values[i]) - reference[i] }
        return (kernel, swift, sum)
    }

}

func row(_ columns: String...) -> String {
    let widths = [24, 15, 10, 14, 10]
    return zip(columns, widths).enumerated().map { index, pair in
        index == 0 ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
            : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
    }.joined(separator: " ")
}

func format(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}

/// The CPU's model name (Linux), for the record every figure needs.
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

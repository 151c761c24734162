import Foundation
import Stagger

/// A figure with a fixed number of digits.
func format(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}

/// The header line of a benchmark: the backend measured, the CPU, and which backends
/// this build compiled (a library build has no portable or emulated NEON path).
func backendSummary(_ active: Backend) -> String {
    let built = Backend.built.map(\.rawValue).joined(separator: ", ")
    return "backend: \(active) (\(active.laneCount) lanes\(active.isNative ? "" : ", emulated")); "
        + "cpu: \(cpuName()); built: \(built)"
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

/// `figures` as one JSON object on standard output, keys sorted, for scripts.
func printJSON(_ figures: [String: Any]) throws {
    let data = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys, .prettyPrinted])
    print(String(decoding: data, as: UTF8.self))
}

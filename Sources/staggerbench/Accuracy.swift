import ArgumentParser
import Foundation
import Stagger

/// `staggerbench accuracy`: the measured maximum error of every backend, per family.
struct Accuracy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure each backend's maximum error against the Double reference.",
        discussion: """
            Easings are swept over --samples progress values in [0, 1]; the error
            reported is |kernel - reference| beyond the |slope| * 2^-23 that rounding the
            float32 input already allows. Springs sweep t in [0, 10 s] for damping
            fractions 0.05...3 and responses 0.05...5 s, with initial velocities -3, 0
            and 3, normalised by max(1, |v0| / omega0). Decays sweep t from 0 to 40 / k
            (well past rest) for friction rates 0.05...900 per second and initial
            velocities -3, 1 and 480, normalised by max(1, |v0 / k|) (velocities also
            by k).

              staggerbench accuracy
              staggerbench accuracy --backend neon --samples 20001
            """
    )

    @Option(help: "auto (every supported backend), or one backend name.")
    var backend: BackendChoice = .auto

    @Option(help: "Sample points per easing curve.")
    var samples = 100_001

    func validate() throws {
        guard (2...10_000_000).contains(samples) else {
            throw ValidationError("--samples must be between 2 and 10,000,000")
        }
    }

    func run() throws {
        let backends = try backend.resolve().map { [$0] } ?? Backend.supported
        let families = try Self.easingFamilies()
        print(row2(["family"] + backends.map(\.rawValue)))
        for (name, easings) in families {
            let errors = try backends.map { backend in
                try easings.map { try easingError($0, backend: backend) }.max() ?? 0
            }
            print(row2([name] + errors.map { String(format: "%.2e", $0) }))
        }
        let springErrors = try backends.map { try springError(backend: $0) }
        print(row2(["spring value"] + springErrors.map { String(format: "%.2e", $0.value) }))
        print(row2(["spring velocity"] + springErrors.map { String(format: "%.2e", $0.velocity) }))
        let decayErrors = try backends.map { try decayError(backend: $0) }
        print(row2(["decay value"] + decayErrors.map { String(format: "%.2e", $0.value) }))
        print(row2(["decay velocity"] + decayErrors.map { String(format: "%.2e", $0.velocity) }))
        print("bounds: easings 2e-6, springs 1e-5, decays 1e-6 (cpu: \(cpuName()))")
    }

    static func easingFamilies() throws -> [(String, [Easing])] {
        var families: [(String, [Easing])] = [("linear", [.linear])]
        for family in EasingFamily.allCases {
            families.append((family.rawValue, EasingDirection.allCases.map { .penner(family, $0) }))
        }
        families.append(
            (
                "cubic-bezier",
                [
                    .ease, .easeIn, .easeOut, .easeInOut,
                    try .cubicBezier(0.68, -0.6, 0.32, 1.6), try .cubicBezier(0, 1, 1, 0)
                ]
            ))
        families.append(
            (
                "steps",
                try StepPosition.allCases.flatMap { position in
                    try [2, 5, 12].map { try Easing.steps($0, position) }
                }
            ))
        return families
    }

    private func easingError(_ easing: Easing, backend: Backend) throws -> Double {
        let progress = (0..<samples).map { Float(Double($0) / Double(samples - 1)) }
        var values = [Float](repeating: 0, count: samples)
        try easing.evaluate(progress, into: &values, backend: backend)
        var worst = 0.0
        for i in 0..<samples {
            let p = Double(progress[i])
            let allowance = abs(easing.slope(at: p)) * 0x1p-23
            worst = max(worst, abs(Double(values[i]) - (try easing.value(at: p))) - allowance)
        }
        return max(worst, 0)
    }

    private func springError(backend: Backend) throws -> (value: Double, velocity: Double) {
        let times = (0..<20_001).map { Float(10 * Double($0) / 20_000) }
        var values = [Float](repeating: 0, count: times.count)
        var velocities = values
        var worst = (value: 0.0, velocity: 0.0)
        for zeta in [0.05, 0.3, 0.825, 0.999_999, 1, 1.000_001, 1.5, 3] {
            for response in [0.05, 0.5, 5.0] {
                let spring = try Spring(response: response, dampingFraction: zeta)
                for v0 in [-3.0, 0, 3] {
                    try spring.evaluate(
                        initialVelocity: v0, times: times, into: &values,
                        velocities: &velocities, backend: backend)
                    let scale = max(1, abs(v0) / spring.angularFrequency)
                    for i in times.indices {
                        let t = Double(times[i])
                        let value = try spring.value(initialVelocity: v0, time: t)
                        let velocity = try spring.velocity(initialVelocity: v0, time: t)
                        worst.value = max(worst.value, abs(Double(values[i]) - value) / scale)
                        worst.velocity = max(
                            worst.velocity,
                            abs(Double(velocities[i]) - velocity) / (scale * spring.angularFrequency))
                    }
                }
            }
        }
        return worst
    }

    private func decayError(backend: Backend) throws -> (value: Double, velocity: Double) {
        var worst = (value: 0.0, velocity: 0.0)
        for rate in [0.05, 0.5, 2, 10, 60, 900.0] {
            let decay = try DecayCurve(frictionRate: rate)
            let times = (0..<20_001).map { Float(40 / rate * Double($0) / 20_000) }
            var values = [Float](repeating: 0, count: times.count)
            var velocities = values
            for v0 in [-3.0, 1, 480] {
                try decay.evaluate(
                    initialVelocity: v0, times: times, into: &values, velocities: &velocities, backend: backend)
                let scale = max(1, abs(v0 / rate))
                for i in times.indices {
                    let t = Double(times[i])
                    let value = try decay.value(initialVelocity: v0, time: t)
                    let velocity = try decay.velocity(initialVelocity: v0, time: t)
                    worst.value = max(worst.value, abs(Double(values[i]) - value) / scale)
                    worst.velocity = max(worst.velocity, abs(Double(velocities[i]) - velocity) / (scale * rate))
                }
            }
        }
        return worst
    }
}

private func row2(_ columns: [String]) -> String {
    columns.enumerated().map { index, text in
        index == 0
            ? text.padding(toLength: 16, withPad: " ", startingAt: 0)
            : String(repeating: " ", count: max(0, 10 - text.count)) + text
    }.joined(separator: " ")
}

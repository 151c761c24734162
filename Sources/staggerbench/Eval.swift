import ArgumentParser
import Stagger

/// `staggerbench eval`: a curve's values as CSV.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a curve's values as CSV (time,value[,velocity]).",
        discussion: """
            Easing curves map time over --duration to progress; springs and decays take
            seconds and move 0 -> 1. Values come from the SIMD kernel on the chosen
            backend; easing and decay velocities come from the Double reference (this
            command asks the kernel for spring velocities only).

            Examples:
              staggerbench eval easeOutBounce --samples 11
              staggerbench eval 'cubicBezier(0.25, 0.1, 0.25, 1)' --at 0.1,0.5 --duration 0.35
              staggerbench eval 'spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2)' --velocity
              staggerbench eval 'decay(frictionRate: 4)' --samples 5
            """
    )

    @Argument(help: "The curve, e.g. easeInOutSine, steps(4, jump-none), spring(duration: 0.5, bounce: 0.3).")
    var curve: CurveArgument

    @Option(help: "Comma-separated times in seconds.")
    var at: String?

    @Option(help: "Evenly spaced samples over the duration (springs and decays: the settling duration).")
    var samples: Int?

    @Option(help: "Seconds an easing curve takes.")
    var duration: Double = 1

    @Flag(help: "Add a velocity column (value units per second).")
    var velocity = false

    @Option(help: "auto, scalar, portable, sse2, avx2, avx512 or neon.")
    var backend: BackendChoice = .auto

    func validate() throws {
        if at != nil, samples != nil { throw ValidationError("give --at or --samples, not both") }
        if let samples, samples < 1 || samples > 10_000_000 {
            throw ValidationError("--samples must be between 1 and 10,000,000")
        }
        if !(duration > 0) || !duration.isFinite {
            throw ValidationError("--duration must be a positive number of seconds")
        }
    }

    func run() throws {
        let backend = try backend.resolve()
        let curve = try curve.curve(duration: duration)
        let times = try sampleTimes(for: curve)
        var values = [Float](repeating: 0, count: times.count)
        var velocities = [Float](repeating: 0, count: velocity ? times.count : 0)
        do {
            if case .spring(let spring, let initialVelocity) = curve.kind, velocity {
                try spring.evaluate(
                    initialVelocity: initialVelocity, times: times, into: &values,
                    velocities: &velocities, backend: backend)
            } else {
                try curve.evaluate(times: times, into: &values, backend: backend)
                if velocity {
                    for (i, time) in times.enumerated() {
                        velocities[i] = Float(try curve.velocity(at: Double(time)))
                    }
                }
            }
        } catch {
            throw ValidationError(error.description)
        }
        print(velocity ? "time,value,velocity" : "time,value")
        for i in times.indices {
            var line = "\(times[i]),\(values[i])"
            if velocity { line += ",\(velocities[i])" }
            print(line)
        }
    }

    private func sampleTimes(for curve: Curve) throws -> [Float] {
        if let at {
            return try finiteNumbers(at, option: "--at", unit: "seconds").map { time in
                guard Float(time).isFinite else { throw ValidationError("--at: \(time) s does not fit float32") }
                return Float(time)
            }
        }
        let count = samples ?? 11
        let span = curve.duration
        guard span.isFinite else {
            throw ValidationError("\(curve) never settles (no damping): give times with --at")
        }
        if count == 1 { return [0] }
        return (0..<count).map { Float(span * Double($0) / Double(count - 1)) }
    }
}

import ArgumentParser
import Foundation
import Stagger

/// `staggerbench timeline`: the cost of sampling a timeline of many children per frame.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Time one frame of a timeline with N children, kernel against the Swift reference.",
        discussion: """
            Builds a card-reveal-like timeline: a sequence of four groups, each a staggered
            list of N/4 children on its own curve (ease-out, snappy, ease-in-out-back,
            smooth), so one frame is four kernel calls. Samples frames across the whole
            timeline and reports the fastest frame per child, with the Double reference
            (state(at:)) and the event query in the same run.

              staggerbench timeline --children 10000
              staggerbench timeline --children 100000 --backend sse2
            """
    )

    @Option(help: "Children (steps) in the timeline.")
    var children = 10_000

    @Option(help: "auto, scalar, portable, sse2, avx2, avx512 or neon.")
    var backend: BackendChoice = .auto

    @Option(help: "Repetitions (the fastest is kept).")
    var repetitions = 20

    func validate() throws {
        guard (4...4_000_000).contains(children) else { throw ValidationError("--children must be between 4 and 4,000,000") }
        guard (1...1000).contains(repetitions) else { throw ValidationError("--repetitions must be between 1 and 1000") }
    }

    func run() throws {
        let backend = try backend.resolve()
        let active = backend ?? Backend.active
        let curves: [Curve] = [try .easeOut(duration: 0.3), .snappy, try .easing(.easeInOutBack, duration: 0.4), .smooth]
        let perGroup = children / 4
        let groups = curves.enumerated().map { index, curve in
            TimelineChild.staggered(
                "g\(index)", count: index == 3 ? children - 3 * perGroup : perGroup,
                config: try! StaggerConfig(spread: .amount(0.5), curve: curve))
        }
        let buildStart = ContinuousClock.now
        let timeline = try Timeline(groups)
        let build = seconds(ContinuousClock.now - buildStart)
        var values = [Float](repeating: 0, count: timeline.stepCount)
        let times = (0..<8).map { timeline.duration * Double($0) / 7 }

        let kernel = try fastestSeconds(of: repetitions) {
            for t in times { try timeline.sample(at: t, into: &values, backend: backend) }
        } / Double(times.count)
        let reference = try fastestSeconds(of: max(1, repetitions / 10)) {
            for t in times { _ = try timeline.state(at: t) }
        } / Double(times.count)
        let events = try fastestSeconds(of: repetitions) {
            var count = 0
            for (a, b) in zip([-1] + times, times) { count += try timeline.events(from: a, to: b).count }
            precondition(count > 0)
        } / Double(times.count)
        let n = Double(timeline.stepCount)
        print("timeline: \(timeline.stepCount) children, \(curves.count) curves, duration \(format(timeline.duration, 3)) s, backend \(active); cpu: \(cpuName())")
        print("build        \(format(build * 1e3, 2)) ms once")
        print("kernel       \(format(kernel * 1e9 / n, 3)) ns per child per frame   \(format(kernel * 1e6, 1)) µs per frame")
        print("reference    \(format(reference * 1e9 / n, 3)) ns per child per frame   (state(at:), Double)")
        print("events       \(format(events * 1e9 / n, 3)) ns per child per frame   (events(from:to:), every child starts and completes once)")
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// ``fastestRun(of:_:)`` in seconds, the unit this command reports.
    private func fastestSeconds(of runs: Int, _ body: () throws -> Void) throws -> Double {
        try fastestRun(of: runs, body) / 1e9
    }
}

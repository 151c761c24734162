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
            (state(at:)) and the event query in the same run; then what a player's taps
            cost (reverse, pause and seek mid-play, each with the events up to it).

              staggerbench timeline --children 10000
              staggerbench timeline --children 100000 --backend sse2
              staggerbench timeline --children 10000 --json   # the frame and each tap, per child
            """
    )

    @Option(help: "Children (steps) in the timeline.")
    var children = 10_000

    @Flag(help: "Print one JSON object of the figures per child (frame, events, a player's taps) instead.")
    var json = false

    @OptionGroup var options: TimingOptions

    func validate() throws {
        guard (4...4_000_000).contains(children) else {
            throw ValidationError("--children must be between 4 and 4,000,000")
        }
    }

    func run() throws {
        let backend = try options.backend.resolve()
        let active = backend ?? Backend.active
        let timing = try measureTimeline(
            children: children, repetitions: options.repetitions(default: 20), backend: backend)
        let n = Double(timing.stepCount)
        if json {
            try printJSON([
                "cpu": cpuName(), "backend": active.rawValue, "children": timing.stepCount,
                "frame_ns_per_child": timing.kernel / n, "events_ns_per_child": timing.events / n,
                "reverse_ns_per_child": timing.reverse / n, "pause_ns_per_child": timing.pause / n,
                "seek_ns_per_child": timing.seek / n
            ])
            return
        }
        print(
            "timeline: \(timing.stepCount) children, \(timing.curveCount) curves, duration \(format(timing.duration, 3)) s, backend \(active); cpu: \(cpuName())"
        )
        print("build        \(format(timing.build / 1e6, 2)) ms once")
        print(
            "kernel       \(format(timing.kernel / n, 3)) ns per child per frame   \(format(timing.kernel / 1e3, 1)) µs per frame"
        )
        print("reference    \(format(timing.reference / n, 3)) ns per child per frame   (state(at:), Double)")
        print(
            "events       \(format(timing.events / n, 3)) ns per child per frame   (events(from:to:), every child starts and completes once)"
        )
        for (label, tap) in [("reverse", timing.reverse), ("pause", timing.pause), ("seek", timing.seek)] {
            let name = label.padding(toLength: 13, withPad: " ", startingAt: 0)
            print(
                "\(name)\(format(tap / n, 3)) ns per child   \(format(tap / timing.kernel, 1))x the kernel frame (a player's tap mid-play, with its events)"
            )
        }
    }
}

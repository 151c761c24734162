import ArgumentParser
import Foundation
import Stagger

/// `staggerbench components`: what a component animator of many elements costs per
/// frame and per tap.
struct ComponentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "components",
        abstract: "Time a frame and the taps of a component animator with N elements.",
        discussion: """
            Builds two states of N elements with an opacity and an offset each (hidden at
            0 and 0, shown at 1 and 20), every element on easeOutCubic 0.35 s after its
            own delay (staggered over half a second), and times what an app pays: the
            first transition from rest, an interruption mid-flight and a toggle amid
            rapid ones (each a tap, on a copy made before the timer starts), then one
            frame (every property's value at one time, value(_:of:at:), in Double) and
            the events of one frame's interval. The component animator has no kernel
            pass: its frame is the Double reference.

              staggerbench components --elements 10000
              staggerbench components --elements 1000 --json   # the frame and each tap, per element
            """
    )

    @Option(help: "Elements in the component.")
    var elements = 10_000

    @Flag(help: "Print one JSON object of the figures per element (frame, taps, events) instead.")
    var json = false

    @OptionGroup var options: TimingOptions

    func validate() throws {
        guard (1...100_000).contains(elements) else {
            throw ValidationError("--elements must be between 1 and 100,000")
        }
    }

    func run() throws {
        let timing = try measureComponents(elements: elements, repetitions: options.repetitions(default: 5))
        let n = Double(elements)
        if json {
            try printJSON([
                "cpu": cpuName(), "elements": elements, "properties_per_element": 2,
                "frame_ns_per_element": timing.frame / n, "first_ns_per_element": timing.first / n,
                "interrupt_ns_per_element": timing.interrupt / n, "toggle_ns_per_element": timing.toggle / n,
                "events_ns_per_element": timing.events / n
            ])
            return
        }
        func cost(_ nanoseconds: Double) -> String {
            let perElement = format(nanoseconds / n, 1), frames = format(nanoseconds / timing.frame, 1)
            return "\(format(nanoseconds / 1e6, 2)) ms (\(perElement) ns/element, \(frames)x the frame)"
        }
        print("components: \(elements) elements x 2 properties, easeOutCubic 0.35 s staggered; cpu: \(cpuName())")
        print(
            "frame       \(format(timing.frame / 1e6, 2)) ms (\(format(timing.frame / n, 1)) ns/element; value(_:of:at:))"
        )
        print("events      \(cost(timing.events))")
        print("first       \(cost(timing.first))")
        print("interrupt   \(cost(timing.interrupt))")
        print("toggle      \(cost(timing.toggle))")
    }
}

/// A component animator's frame and taps, in nanoseconds for all elements.
struct ComponentTiming {
    /// Every property's value of every element at one time.
    let frame: Double
    /// The events of one frame's interval mid-flight.
    let events: Double
    /// The first transition from rest, an interruption mid-flight, and one toggle in a
    /// run of rapid ones, 10 ms apart.
    let first: Double, interrupt: Double, toggle: Double
}

/// Builds the hidden and shown states of `elements` elements and times the taps and a
/// frame (see ``ComponentsCommand``): each tap on a copy of an animator made before the
/// timer starts, the fastest of `repetitions` runs.
func measureComponents(elements: Int, repetitions: Int) throws -> ComponentTiming {
    var hidden = ComponentState("hidden"), shown = ComponentState("shown")
    var timings: [String: ElementTiming] = [:]
    let curve = try Curve.easing(.easeOutCubic, duration: 0.35)
    let names = (0..<elements).map { "item\($0)" }
    for (index, name) in names.enumerated() {
        try hidden.set("opacity", of: name, to: 0.0)
        try hidden.set("offset", of: name, to: 0.0)
        try shown.set("opacity", of: name, to: 1.0)
        try shown.set("offset", of: name, to: 20.0)
        timings[name] = try ElementTiming(curve: curve, delay: 0.5 * Double(index) / Double(max(elements - 1, 1)))
    }
    let transition = ComponentTransition(try ElementTiming(curve: curve), elements: timings)
    let atRest = ComponentAnimator(state: hidden)
    var started = atRest
    try started.transition(to: shown, at: 0, using: transition)

    let first = try fastestRun(of: repetitions) {
        var animator = atRest
        try animator.transition(to: shown, at: 0, using: transition)
    }
    let interrupt = try fastestRun(of: repetitions) {
        var animator = started
        try animator.transition(to: hidden, at: 0.25, using: transition)
    }
    var toggling = started
    var time = 0.25
    func toggle() throws {
        try toggling.transition(to: toggling.state.name == "shown" ? hidden : shown, at: time, using: transition)
        time += 0.01
    }
    for _ in 0..<8 { try toggle() }
    let toggle = try fastestRun(of: repetitions) { try toggle() }

    var checksum = 0.0
    let frame = try fastestRun(of: repetitions) {
        for name in names {
            checksum += try started.value("opacity", of: name, at: 0.3, as: Double.self)
            checksum += try started.value("offset", of: name, at: 0.3, as: Double.self)
        }
    }
    let events = try fastestRun(of: repetitions) { checksum += Double(try started.events(from: 0.3, to: 0.3083).count) }
    // Read, so that the frame's values are not optimised away.
    precondition(checksum.isFinite)
    return ComponentTiming(frame: frame, events: events, first: first, interrupt: interrupt, toggle: toggle)
}

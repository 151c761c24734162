import ArgumentParser
import Dispatch
import Foundation
import Stagger

/// `staggerbench stagger`: the cost of sampling a staggered list per frame.
struct StaggerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stagger",
        abstract: "Time one frame of a staggered list against the store-only floor.",
        discussion: """
            Shows N items staggered over half a second and samples them mid-transition
            (some waiting, some moving, some done) into K tracks, then writes the same
            bytes with memset (the store floor) and samples the list before it starts
            (every item waiting: the kernel's own stores) in the same run. With
            --threads above 1 it also measures one thread, for the scaling. Last, what a
            transition costs the thread that makes it: hiding the list once it is at rest,
            hiding it mid-transition (the first interruption gives every item a motion of
            its own) and one show or hide in a run of toggles 10 ms apart; then a frame of
            each interrupted list (on one thread), whose items run motions of their own.

              staggerbench stagger --items 1000000 --tracks 3
              staggerbench stagger --items 16000 --curve snappy
              staggerbench stagger --items 1000000 --curve snappy --threads 2
              staggerbench stagger --items 10000 --json   # the frame and each tap, per item
            """
    )

    @Option(help: "Items in the list.")
    var items = 1_000_000

    @Option(help: "Tracks (animated properties) per item, 1 to 8.")
    var tracks = 3

    @Option(help: "Threads to split the items over.")
    var threads = 1

    @Option(help: "The curve every item runs (staggerbench eval's grammar).")
    var curve = "easeOutCubic"

    @Flag(help: "Print one JSON object of the figures per item (frame, taps, bytes held) instead.")
    var json = false

    @OptionGroup var options: TimingOptions

    func validate() throws {
        guard (1...16_000_000).contains(items) else {
            throw ValidationError("--items must be between 1 and 16,000,000")
        }
        guard (1...8).contains(tracks) else { throw ValidationError("--tracks must be between 1 and 8") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64") }
    }

    func run() throws {
        let backend = try options.backend.resolve(), repetitions = options.repetitions(default: 30)
        let active = backend ?? Backend.active
        let curve = try CurveArgument(argument: self.curve)!.curve(duration: 0.35)
        let timing = try measureStaggeredList(
            items: items, tracks: tracks, curve: curve, threads: threads, compareOneThread: true,
            repetitions: repetitions, backend: backend)
        let sampled = timing.sampled, floor = timing.floor, single = timing.singleThread ?? sampled
        let perItem = sampled / Double(items)
        if json {
            let transitions = try measureTransitions(
                items: items, tracks: tracks, curve: curve, repetitions: min(repetitions, 10), backend: backend)
            let n = Double(items)
            var figures: [String: Any] = [
                "cpu": cpuName(), "backend": active.rawValue, "items": items, "tracks": tracks,
                "curve": "\(curve)", "threads": threads,
                "frame_ns_per_item": single / n, "from_rest_ns_per_item": transitions.fromRest / n,
                "interrupt_first_ns_per_item": transitions.first / n, "toggle_ns_per_item": transitions.toggle / n,
                "frame_after_interrupt_ns_per_item": transitions.frameAfterFirst / n,
                "frame_amid_toggles_ns_per_item": transitions.frameAmidToggles / n
            ]
            figures["bytes_per_item_at_rest"] = transitions.bytesPerItemAtRest
            figures["bytes_per_item_interrupted"] = transitions.bytesPerItemInterrupted
            try printJSON(figures)
            return
        }
        print(
            "stagger: \(items) items x \(tracks) tracks, \(curve), threads \(threads), backend \(active); cpu: \(cpuName())"
        )
        print(
            "sample      \(format(perItem, 3)) ns/item   \(format(8.3e6 / perItem / 1e6, 2)) M items per 8.3 ms frame")
        print("store floor \(format(floor / Double(items), 3)) ns/item   ratio to floor \(format(sampled / floor, 2))x")
        // memset may skip reading the lines it overwrites; a pass that computes values
        // cannot. The kernel filling every track of a waiting list shows what its own
        // stores cost.
        print(
            "all waiting \(format(timing.waiting / Double(items), 3)) ns/item   ratio to it \(format(sampled / timing.waiting, 2))x (the kernel's stores, no arithmetic)"
        )
        if threads > 1 {
            print(
                "one thread  \(format(single / Double(items), 3)) ns/item   speed-up with \(threads) threads \(format(single / sampled, 2))x"
            )
        }
        let transitions = try measureTransitions(
            items: items, tracks: tracks, curve: curve, repetitions: min(repetitions, 10), backend: backend)
        func cost(_ nanoseconds: Double, digits: Int = 1) -> String {
            "\(format(nanoseconds / 1e3, 1)) us (\(format(nanoseconds / Double(items), digits)) ns/item)"
        }
        print("transition  from rest \(cost(transitions.fromRest, digits: 2))")
        print(
            "interrupt   first \(cost(transitions.first)), a toggle in rapid show/hide \(cost(transitions.toggle))")
        // One thread, as `single` above: per-item motions against the closed form.
        let afterFirst = transitions.frameAfterFirst, amidToggles = transitions.frameAmidToggles
        print(
            "interrupted sample \(format(afterFirst / Double(items), 3)) ns/item after the first "
                + "(\(format(afterFirst / single, 2))x the frame above), "
                + "\(format(amidToggles / Double(items), 3)) ns/item amid the toggles (\(format(amidToggles / single, 2))x)"
        )
    }

}

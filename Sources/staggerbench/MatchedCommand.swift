import ArgumentParser
import Foundation
import Stagger

/// `staggerbench matched`: the cost of sampling a group of matched pairs per frame.
struct MatchedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matched",
        abstract: "Time one frame of N matched pairs (thumbnails flying to a new layout).",
        discussion: """
            Builds N pairs (frame, corners, opacity, colour, shadow: \(MatchedPair.laneCount) lanes
            each), times starting them staggered over a quarter second and reversing
            them mid-flight (what a tap costs: on the group itself, and on a fresh
            copy, which maps new memory), and samples them
            mid-flight (values and velocities): one kernel call per property curve.
            Then decodes every pair (Oklab back to sRGB, cross-fade) as an app would,
            in one call and with one call per pair, and writes the same bytes (values
            and velocities) with a plain fill (the store floor) in the same run.

              staggerbench matched --pairs 10000
              staggerbench matched --pairs 1000 --springs
              staggerbench matched --pairs 10000 --springs --json   # the frame and each tap, per pair
            """
    )

    @Option(help: "Matched pairs in the group.")
    var pairs = 10_000

    @Flag(help: "A different spring per property instead of one easing for all.")
    var springs = false

    @Flag(help: "Print one JSON object of the figures per pair (frame, taps, decoding) instead.")
    var json = false

    @OptionGroup var options: TimingOptions

    func validate() throws {
        guard (1...1_000_000).contains(pairs) else { throw ValidationError("--pairs must be between 1 and 1,000,000") }
    }

    func run() throws {
        let backend = try options.backend.resolve()
        let active = backend ?? Backend.active
        let timing = try measureMatched(
            pairs: pairs, springs: springs, repetitions: options.repetitions(default: 30), backend: backend)
        let sampled = timing.sampled, decoded = timing.decoded, floor = timing.floor
        let checksum = timing.checksum
        let perPair = sampled / Double(pairs)
        let calls = timing.calls
        if json {
            let n = Double(pairs)
            try printJSON([
                "cpu": cpuName(), "backend": active.rawValue, "pairs": pairs, "lanes_per_pair": MatchedPair.laneCount,
                "springs": springs, "frame_ns_per_pair": perPair, "start_ns_per_pair": timing.started / n,
                "reverse_ns_per_pair": timing.reversed / n, "retarget_ns_per_pair": timing.retargeted / n,
                "release_ns_per_pair": timing.released / n, "decode_ns_per_pair": decoded / n,
                "decode_one_ns_per_pair": timing.decodedPerCall / n
            ])
            return
        }
        print(
            "matched: \(pairs) pairs x \(MatchedPair.laneCount) lanes, \(springs ? "a spring per property" : "easeInOutCubic 0.4 s"), \(calls) kernel call(s) per frame, backend \(active); cpu: \(cpuName())"
        )
        print(
            "sample      \(format(perPair, 2)) ns/pair/frame   \(format(perPair / Double(MatchedPair.laneCount), 3)) ns/lane   \(format(8.3e6 / perPair / 1e3, 1)) k pairs per 8.3 ms frame"
        )
        print(
            "decode      \(format(decoded / Double(pairs), 2)) ns/pair/frame (Oklab -> sRGB, cross-fade; Swift, states(in:into:))"
        )
        print(
            "decode/call \(format(timing.decodedPerCall / Double(pairs), 2)) ns/pair/frame (state(ofPair:in:) per pair)"
        )
        print(
            "store floor \(format(floor / Double(pairs), 2)) ns/pair/frame   ratio to floor \(format(sampled / floor, 2))x"
        )
        print(
            "start       \(format(timing.started / 1e6, 3)) ms for \(pairs) pairs (\(format(timing.started / Double(pairs), 1)) ns/pair; one frame is 8.3 ms at 120 Hz); \(format(timing.startedOnCopy / 1e6, 3)) ms on a fresh copy"
        )
        print(
            "reverse     \(format(timing.reversed / 1e6, 3)) ms mid-flight (\(format(timing.reversed / Double(pairs), 1)) ns/pair); \(format(timing.reversedOnCopy / 1e6, 3)) ms on a fresh copy"
        )
        print("checksum \(format(checksum, 1))")
    }

}

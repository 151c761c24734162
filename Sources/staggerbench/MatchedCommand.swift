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
              staggerbench matched --pairs 10000 --layout           # a LayoutTransition's taps, JSON

            With --layout it times a LayoutTransition of N cards instead (a grid of 100
            columns becoming 50, snappy, staggered over 0.3 s): making it, starting it,
            a change mid-flight to 25 columns (a retarget), a change that adds a card (a
            new layout from where every card is) and a frame, nanoseconds per card.
            """
    )

    @Option(help: "Matched pairs in the group.")
    var pairs = 10_000

    @Flag(help: "A different spring per property instead of one easing for all.")
    var springs = false

    @Flag(help: "Print one JSON object of the figures per pair (frame, taps, decoding) instead.")
    var json = false

    @Flag(help: "Time a LayoutTransition of N cards instead (JSON): making it, its taps and a frame.")
    var layout = false

    @OptionGroup var options: TimingOptions

    func validate() throws {
        guard (1...1_000_000).contains(pairs) else { throw ValidationError("--pairs must be between 1 and 1,000,000") }
    }

    func run() throws {
        if layout { return try timeLayout() }
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
                "start_on_copy_ns_per_pair": timing.startedOnCopy / n,
                "reverse_ns_per_pair": timing.reversed / n, "retarget_ns_per_pair": timing.retargeted / n,
                "release_ns_per_pair": timing.released / n, "decode_ns_per_pair": decoded / n,
                "decode_one_ns_per_pair": timing.decodedPerCall / n,
                "settling_query_ns_per_pair": timing.settlingQuery / n
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
            "settling   \(format(timing.settlingQuery / Double(pairs), 2)) ns/pair/frame (pairsSettling over a frame once pairs come to rest)"
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

    /// Making a LayoutTransition of `pairs` cards, starting it, two changes mid-flight
    /// (the same cards; one more card) and a frame, each the fastest of a few runs on a
    /// fresh transition (a tap is timed in place, its transition made outside the clock).
    private func timeLayout() throws {
        let backend = try options.backend.resolve()
        let cell = { (i: Int, columns: Int) in
            try LayoutRect(x: Double(i % columns) * 70, y: Double(i / columns) * 70, width: 60, height: 60)
        }
        let old = try (0..<pairs).map { (id: $0, frame: try cell($0, 100)) }
        let new = try (0..<pairs).map { (id: $0, frame: try cell($0, 50)) }
        let narrower = try (0..<pairs).map { (id: $0, frame: try cell($0, 25)) }
        let more = narrower + [(id: pairs, frame: try cell(pairs, 25))]
        let stagger = try StaggerConfig(spread: .amount(0.3))
        func make() throws -> LayoutTransition<Int> {
            try LayoutTransition(from: old, to: new, curves: MatchedCurves(.snappy), stagger: stagger)
        }
        let runs = Swift.max(options.repetitions(default: 5), 1)
        var best = [Double](repeating: .infinity, count: 5)
        let clock = ContinuousClock()
        func nanoseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        }
        var frame = try make().group.makeFrame(recordsVelocity: false)
        for _ in 0..<runs {
            var flight: LayoutTransition<Int>?
            best[0] = Swift.min(best[0], nanoseconds(try clock.measure { flight = try make() }))
            guard var started = flight else { continue }
            best[1] = Swift.min(best[1], nanoseconds(try clock.measure { try started.start(at: 0) }))
            best[4] = Swift.min(
                best[4],
                nanoseconds(try clock.measure { try started.group.sample(at: 0.1, into: &frame, backend: backend) }))
            // A second transition of its own (a copy would share buffers and time their copy).
            var retargeted = try make()
            try retargeted.start(at: 0)
            best[2] = Swift.min(
                best[2], nanoseconds(try clock.measure { try retargeted.change(to: narrower, at: 0.15) }))
            best[3] = Swift.min(best[3], nanoseconds(try clock.measure { try started.change(to: more, at: 0.15) }))
        }
        let n = Double(pairs)
        try printJSON([
            "cpu": cpuName(), "backend": (backend ?? Backend.active).rawValue, "items": pairs,
            "make_ns_per_item": best[0] / n, "start_ns_per_item": best[1] / n, "retarget_ns_per_item": best[2] / n,
            "relayout_ns_per_item": best[3] / n, "frame_ns_per_item": best[4] / n
        ])
    }
}

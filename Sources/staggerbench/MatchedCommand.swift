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
            each), starts them staggered over a quarter second, and samples them
            mid-flight (values and velocities): one kernel call per property curve.
            Then decodes every pair (Oklab back to sRGB, cross-fade) as an app would,
            and writes the same bytes (values and velocities) with a plain fill (the
            store floor) in the same run.

              staggerbench matched --pairs 10000
              staggerbench matched --pairs 1000 --springs
            """
    )

    @Option(help: "Matched pairs in the group.")
    var pairs = 10_000

    @Flag(help: "A different spring per property instead of one easing for all.")
    var springs = false

    @Option(help: "auto, scalar, portable, sse2, avx2, avx512 or neon.")
    var backend: BackendChoice = .auto

    @Option(help: "Repetitions (the fastest is kept).")
    var repetitions = 30

    func validate() throws {
        guard (1...1_000_000).contains(pairs) else { throw ValidationError("--pairs must be between 1 and 1,000,000") }
        guard (1...1000).contains(repetitions) else { throw ValidationError("--repetitions must be between 1 and 1000") }
    }

    func run() throws {
        let backend = try backend.resolve()
        let active = backend ?? Backend.active
        let list = try (0..<pairs).map { i -> MatchedPair in
            let column = Double(i % 100), row = Double(i / 100)
            let source = try MatchedGeometry(
                frame: LayoutRect(x: column * 40, y: row * 40, width: 36, height: 36), cornerRadii: CornerRadii(6),
                color: RGBAColor(red: 0.9, green: 0.2, blue: 0.1))
            let destination = try MatchedGeometry(
                frame: LayoutRect(x: column * 80, y: row * 60, width: 72, height: 54), cornerRadii: CornerRadii(12),
                color: RGBAColor(red: 0.1, green: 0.3, blue: 0.9),
                shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.3), radius: 8, offsetY: 4))
            return try MatchedPair(source: source, destination: destination)
        }
        let curves = springs
            ? MatchedCurves(position: .bouncy, size: .smooth, cornerRadius: .smooth, appearance: .snappy)
            : MatchedCurves(try .easing(.easeInOutCubic, duration: 0.4))
        var group = try MatchedPairGroup(list, curves: curves, stagger: try StaggerConfig(spread: .amount(0.25)))
        try group.start(at: 0)
        var frame = group.makeFrame()
        let time = 0.3

        let sampled = try fastestRun(of: repetitions) { try group.sample(at: time, into: &frame, backend: backend) }
        var checksum = 0.0
        let decoded = try fastestRun(of: repetitions) {
            for i in 0..<pairs { checksum += try group.state(ofPair: i, in: frame).frame.width }
        }
        // The floor writes the bytes the sample writes: every value and every velocity
        // (the frame records both), into buffers of the same size.
        var floorValues = [Float](repeating: 0, count: frame.values.count)
        var floorVelocities = [Float](repeating: 0, count: frame.velocities.count)
        let floor = try fastestRun(of: repetitions) {
            floorValues.withUnsafeMutableBufferPointer { $0.update(repeating: 0.5) }
            floorVelocities.withUnsafeMutableBufferPointer { $0.update(repeating: 0.5) }
        }
        let perPair = sampled / Double(pairs)
        let calls = springs ? MatchedProperty.allCases.count : 1
        print("matched: \(pairs) pairs x \(MatchedPair.laneCount) lanes, \(springs ? "a spring per property" : "easeInOutCubic 0.4 s"), \(calls) kernel call(s) per frame, backend \(active); cpu: \(cpuName())")
        print("sample      \(format(perPair, 2)) ns/pair/frame   \(format(perPair / Double(MatchedPair.laneCount), 3)) ns/lane   \(format(8.3e6 / perPair / 1e3, 1)) k pairs per 8.3 ms frame")
        print("decode      \(format(decoded / Double(pairs), 2)) ns/pair/frame (Oklab -> sRGB, cross-fade; Swift)")
        print("store floor \(format(floor / Double(pairs), 2)) ns/pair/frame   ratio to floor \(format(sampled / floor, 2))x")
        print("checksum \(format(checksum, 1))")
    }

}

import ArgumentParser
import Foundation
import Stagger

/// `staggerbench path`: points along an SVG path as CSV.
struct PathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print points along an SVG path as CSV (progress,x,y,angle).",
        discussion: """
            Progress is the fraction of the path's length travelled (arc length): 0.5 is
            halfway along, however the path's control points are spaced. x and y are in
            the path data's units with y down, as in SVG; angle is the direction of
            travel in degrees (0 right, 90 down), what CSS offset-rotate: auto turns an
            element by. A closed path (ending in Z) wraps progress beyond 0...1 round;
            an open one holds its ends. Figures come from the Double reference.

            Examples:
              staggerbench path 'M0 0 L300 0 L300 400' --progress 0.5
              staggerbench path 'M10 80 C40 10, 65 10, 150 150' --samples 5
              staggerbench path 'M100 0 A100 100 0 0 1 0 100' --progress 0,0.25,0.5,1
              staggerbench path 'M10 80 C40 10, 65 10, 150 150 T290 80' --items 10000   # timings, JSON

            With --items N it times instead: reading the path data (arc-length and kernel
            tables), and N items staggered along it in one kernel call
            (points(atProgress:into:backend:)) and one at a time by the Double reference.
            """
    )

    @Argument(help: "SVG path data: M, L, H, V, C, S, Q, T, A and Z, absolute or relative.")
    var pathData: String

    @Option(help: "Comma-separated progress values (fractions of the length).")
    var progress: String?

    @Option(help: "Evenly spaced progress values from 0 to 1.")
    var samples: Int?

    @Option(help: "Time N items along the path instead (JSON): reading it, the kernel, the reference.")
    var items: Int?

    @OptionGroup var options: TimingOptions

    func validate() throws {
        let given = [progress != nil, samples != nil, items != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("give one of --progress, --samples and --items") }
        if given == 0 { throw ValidationError("give --progress or --samples (or --items to time)") }
        if let items, !(1...1_000_000).contains(items) {
            throw ValidationError("--items must be between 1 and 1,000,000")
        }
        if let samples, samples < 1 || samples > 1_000_000 {
            throw ValidationError("--samples must be between 1 and 1,000,000")
        }
    }

    func run() throws {
        let path: MotionPath
        do { path = try MotionPath(pathData) } catch { throw ValidationError(error.description) }
        if let items { return try time(path, items: items) }
        let values: [Double]
        if let progress {
            values = try finiteNumbers(progress, option: "--progress")
        } else {
            let n = samples ?? 1
            values = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        print("progress,x,y,angle")
        for value in values {
            let point: MotionPathPoint
            do { point = try path.point(atProgress: value) } catch { throw ValidationError(error.description) }
            print([value, point.x, point.y, point.angle].map(Self.number).joined(separator: ","))
        }
    }

    /// Reading the path, its points for `items` items in one kernel call (progress
    /// spread over 0...1, as a stagger leaves them mid-flight), and by the reference.
    private func time(_ path: MotionPath, items: Int) throws {
        let backend = try options.backend.resolve()
        let progress = (0..<items).map { Float($0) / Float(Swift.max(items - 1, 1)) }
        var points = MotionPathPoints()
        var sink = 0.0
        let runs = options.repetitions(default: 30)
        let read = try fastestRun(of: Swift.max(runs / 10, 3)) { _ = try MotionPath(pathData) }
        let timings = try fastestRuns(
            of: runs,
            [
                { try path.points(atProgress: progress, into: &points, backend: backend) },
                {
                    for k in stride(from: 0, to: items, by: Swift.max(items / 1000, 1)) {
                        sink += try path.point(atProgress: Double(progress[k])).x
                    }
                }
            ])
        let referenceCount = Double((items + Swift.max(items / 1000, 1) - 1) / Swift.max(items / 1000, 1))
        try printJSON([
            "cpu": cpuName(), "backend": (backend ?? Backend.active).rawValue, "items": items,
            "length": path.length, "read_us": read / 1e3, "points_ns_per_item": timings[0] / Double(items),
            "reference_ns_per_item": timings[1] / referenceCount, "checksum": sink.isFinite && points.count == items
        ])
    }

    /// The shortest text that reads back as `value`, whole numbers without ".0" and
    /// with no negative zero.
    static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}

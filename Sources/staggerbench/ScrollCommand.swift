import ArgumentParser
import Foundation
import Stagger

/// `staggerbench scroll`: when rows that scroll into view start, as CSV.
struct ScrollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Print when rows scrolling into view start (CSV: item,start), or time a reveal.",
        discussion: """
            A column of rows (--rows, --row-height) in a viewport (--viewport-length
            points) is scrolled to each OFFSET@TIME of --viewport in turn; the rows that
            come into view are batched (--interval seconds, at most --maximum, --queued)
            and staggered --each seconds apart. After the last report, prints every row
            that has a start: its time in seconds, or "shown" for a row shown at once
            (above the viewport, or gone by before its turn). With --replays, rows that
            leave hide and play again when they come back.

            Examples:
              staggerbench scroll --viewport 0@0,200@1
              staggerbench scroll --viewport 2000@0
              staggerbench scroll --viewport 0@0,1000@0.5 --maximum 4 --queued
              staggerbench scroll --items 10000   # timings, JSON

            With --items N it times instead: N cards in four columns, the offset reported
            every frame at 120 Hz while scrolling down and up again 30 points a frame (a
            report, and a frame of three tracks on one thread, nanoseconds per item).
            """
    )

    @Option(help: "Rows in the column.")
    var rows = 100

    @Option(help: "Each row's height, points.")
    var rowHeight = 50.0

    @Option(help: "The viewport's length, points.")
    var viewportLength = 400.0

    @Option(help: "Points the viewport is widened by at both ends to decide what enters.")
    var margin = 0.0

    @Option(help: "Seconds between the starts of neighbouring rows of a batch.")
    var each = 0.05

    @Option(help: "Seconds a batch waits for more rows.")
    var interval = 0.1

    @Option(help: "Most rows in one batch.")
    var maximum: Int?

    @Flag(help: "Batches wait their turn: one step after the previous batch's last start.")
    var queued = false

    @Flag(help: "Rows that leave hide and play again when they come back.")
    var replays = false

    @Option(
        help: ArgumentHelp(
            "Where the viewport is scrolled to, and when: reports in time order (points@seconds), as preview --viewport takes them.",
            valueName: "offset@time,..."))
    var viewport = "0@0"

    @Option(help: "Time N cards instead (JSON): a report and a frame, per item.")
    var items: Int?

    @OptionGroup var options: TimingOptions

    func validate() throws {
        if let items, !(4...1_000_000).contains(items) {
            throw ValidationError("--items must be between 4 and 1,000,000")
        }
        if !(1...1_000_000).contains(rows) { throw ValidationError("--rows must be between 1 and 1,000,000") }
        if !(rowHeight.isFinite && rowHeight >= 0) { throw ValidationError("--row-height must be finite and >= 0") }
        if !(viewportLength.isFinite && viewportLength > 0) {
            throw ValidationError("--viewport-length must be finite and > 0")
        }
    }

    func run() throws {
        let config: StaggerConfig
        do {
            config = try StaggerConfig(spread: .each(each), curve: .easeOut(duration: 0.3))
        } catch { throw ValidationError("--each: \(error)") }
        if let items { return try time(items: items, config: config) }
        let frames = try (0..<rows).map {
            try LayoutRect(x: 0, y: Double($0) * rowHeight, width: 320, height: rowHeight)
        }
        var reveal: ScrollReveal
        do {
            reveal = try ScrollReveal(
                frames: frames, viewportLength: viewportLength, margin: margin, config: config,
                batching: ScrollReveal.Batching(interval: interval, maximum: maximum, isQueued: queued),
                leaving: replays ? .replays : .staysShown)
        } catch { throw ValidationError(error.description) }
        for report in try scrollReports(viewport, option: "--viewport") {
            do { try reveal.scroll(to: report.offset, at: report.time) } catch {
                throw ValidationError(error.description)
            }
        }
        print("item,start")
        for item in 0..<reveal.count {
            guard let start = try reveal.startTime(ofItem: item) else { continue }
            print("\(item),\(start == -.infinity ? "shown" : PathCommand.number((start * 1e9).rounded() / 1e9))")
        }
    }

    /// A report and a frame of `items` cards in four columns, scrolled 30 points a
    /// frame at 120 Hz past a tall viewport (about 13 rows enter every 2 frames).
    private func time(items: Int, config: StaggerConfig) throws {
        let backend = try options.backend.resolve()
        let frames = try (0..<items).map {
            try LayoutRect(x: Double($0 % 4) * 100, y: Double($0 / 4) * 60, width: 90, height: 50)
        }
        var results: [String: Any] = ["cpu": cpuName(), "backend": (backend ?? Backend.active).rawValue, "items": items]
        for leaving in [ScrollReveal.Leaving.staysShown, .replays] {
            var reveal = try ScrollReveal(frames: frames, viewportLength: 800, config: config, leaving: leaving)
            var frame = reveal.makeFrame(recordsAppearance: false)
            var time = 0.0, offset = 0.0, direction = 1.0
            let end = Double((items + 3) / 4) * 60 - 800
            try reveal.scroll(to: offset, at: time)
            let runs = options.repetitions(default: 30) * 10
            let timings = try fastestRuns(
                of: runs,
                [
                    {
                        // Down to the end and up again: the reports never run past the
                        // content, however many the repetitions.
                        time += 1.0 / 120
                        offset += direction * 30
                        if offset < 0 || offset > end { direction = -direction }
                        try reveal.scroll(to: offset, at: time)
                    },
                    { try reveal.sample(at: time, into: &frame, backend: backend, threads: 1) }
                ])
            let name = leaving == .replays ? "replays_" : ""
            results["\(name)report_ns_per_item"] = timings[0] / Double(items)
            results["\(name)frame_ns_per_item"] = timings[1] / Double(items)
        }
        try printJSON(results)
    }
}

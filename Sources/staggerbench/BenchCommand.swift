import ArgumentParser
import Foundation
import Stagger

/// `staggerbench bench`: every workload in one report, as a table or as JSON.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the benchmark scenarios and report each against the Swift reference and the store floor.",
        discussion: """
            Each scenario reports nanoseconds per item, how many items fit in one 8.3 ms
            frame (120 Hz), the speed-up over the Swift (Double) reference where one
            exists, and the ratio to the store floor: a plain fill of the bytes the pass
            writes, measured in the same run. Times are the fastest of --repetitions runs.

            Scenarios (an item is a value for curve passes, an item of 3 tracks for
            staggered-list, a child for timeline, a pair for matched):
            \(BenchCommand.scenarioHelp)

            --items caps: timeline uses at least 4 children, matched at most 1,000,000
            pairs; --threads applies to staggered-list (the other passes run on one
            thread). Progress goes to stderr when it is a terminal. Build in release for
            meaningful figures:

              swift run -c release staggerbench bench
              staggerbench bench --scenario spring-bouncy --scenario timeline
              staggerbench bench --items 16000 --backend avx2 --json > bench.json
            """
    )

    @Option(help: "A scenario to run (repeatable; default: all). Names are listed below.")
    var scenario: [String] = []

    @Option(help: "Items per scenario, 1 to 4,000,000.")
    var items = 100_000

    @Option(help: "Threads for the staggered list, 1 to 64.")
    var threads = 1

    @OptionGroup var options: TimingOptions

    @Flag(help: "Print one JSON document instead of the table.")
    var json = false

    func validate() throws {
        guard (1...4_000_000).contains(items) else { throw ValidationError("--items must be between 1 and 4,000,000") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64") }
        // A misspelt scenario is a plain mistake, not a usage problem: one line naming
        // the choices is all the user needs.
        let known = Set(Self.catalogue.map(\.name))
        if let unknown = scenario.first(where: { !known.contains($0) }) {
            throw CommandFailure(
                "unknown scenario '\(unknown)'; choose from: "
                    + Self.catalogue.map(\.name).joined(separator: ", "))
        }
    }

    func run() throws {
        let chosen = try options.backend.resolve(), repetitions = options.repetitions(default: 15)
        let active = chosen ?? Backend.active
        let selected =
            scenario.isEmpty
            ? Self.catalogue : scenario.compactMap { name in Self.catalogue.first { $0.name == name } }
        let settings = BenchSettings(items: items, repetitions: repetitions, threads: threads, backend: chosen)

        if !json {
            print("staggerbench bench: \(items) items, fastest of \(repetitions) runs, \(threads) thread(s)")
            print(backendSummary(active))
            print(Self.tableRow("scenario", "unit", "ns/item", "per 8.3 ms", "vs swift", "vs floor"))
        }
        let progress = ProgressLine()
        defer { progress.clear() }
        var results: [BenchResult] = []
        for (index, entry) in selected.enumerated() {
            progress.show("bench [\(index + 1)/\(selected.count)] \(entry.name)...")
            let result = try entry.measure(settings)
            results.append(result)
            if !json {
                // Clear the progress line first, or the row would start after it on
                // the terminal both streams share.
                progress.clear()
                print(
                    Self.tableRow(
                        result.scenario, result.unit, format(result.nanosecondsPerItem, 3),
                        countText(result.itemsPerFrame),
                        result.speedupOverReference.map { format($0, 1) + "x" } ?? "-",
                        format(result.ratioToFloor, 2) + "x"))
            }
        }
        progress.clear()
        if json {
            let report = BenchReport(
                cpu: cpuName(), backend: active.rawValue, lanes: active.laneCount, emulated: !active.isNative,
                items: items, repetitions: repetitions, threads: threads,
                frameBudgetMilliseconds: BenchResult.frameBudget / 1e6, scenarios: results)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        }
    }

    private static func tableRow(_ columns: String...) -> String {
        let widths = [20, 6, 10, 12, 10, 10]
        return zip(columns, widths).enumerated().map { index, pair in
            index < 2
                ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
                : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
        }.joined(separator: " ")
    }
}

/// What every scenario is run with.
struct BenchSettings: Sendable {
    let items: Int
    let repetitions: Int
    let threads: Int
    let backend: Backend?
}

/// A named workload `bench` can run.
struct BenchScenario: Sendable {
    /// The `--scenario` name.
    let name: String
    /// One line for the help.
    let summary: String
    let measure: @Sendable (BenchSettings) throws -> BenchResult
}

extension BenchCommand {
    /// Every scenario, in report order: the curve families (``CurveFamily``)
    /// (same curves, same measurement), then the composite workloads.
    static let catalogue: [BenchScenario] = {
        // The curves are constants that cannot fail to build; an error here is a bug.
        let curvePasses = try! CurveFamily.scenarios().map { entry in
            BenchScenario(
                name: entry.key,
                summary: entry.staggered ? "\(entry.name) (staggered pass)" : entry.name
            ) { settings in
                let timing = try measureCurvePass(
                    entry.curve, staggered: entry.staggered, items: settings.items,
                    repetitions: settings.repetitions, backend: settings.backend)
                let floor = try storeFloor(floatCounts: [settings.items], repetitions: settings.repetitions)
                return BenchResult(
                    scenario: entry.key, detail: entry.name, items: settings.items,
                    unit: entry.staggered ? "item" : "value", threads: 1,
                    kernel: timing.kernel, reference: timing.reference, floor: floor)
            }
        }
        let composites = [
            BenchScenario(name: "staggered-list", summary: "staggered list, 3 tracks, easeOutCubic") { settings in
                let tracks = 3
                let timing = try measureStaggeredList(
                    items: settings.items, tracks: tracks, curve: try .easing(.easeOutCubic, duration: 0.35),
                    threads: settings.threads, compareOneThread: false, repetitions: settings.repetitions,
                    backend: settings.backend)
                return BenchResult(
                    scenario: "staggered-list", detail: "StaggeredList.sample, \(tracks) tracks, easeOutCubic 0.35 s",
                    items: settings.items, unit: "item", threads: settings.threads,
                    kernel: timing.sampled, reference: nil, floor: timing.floor)
            },
            BenchScenario(name: "timeline", summary: "timeline of 4 staggered groups (4 kernel calls)") { settings in
                let timing = try measureTimeline(
                    children: max(settings.items, 4), repetitions: settings.repetitions, backend: settings.backend)
                let floor = try storeFloor(floatCounts: [timing.stepCount], repetitions: settings.repetitions)
                return BenchResult(
                    scenario: "timeline", detail: "Timeline.sample, \(timing.curveCount) staggered groups",
                    items: timing.stepCount, unit: "child", threads: 1,
                    kernel: timing.kernel, reference: timing.reference, floor: floor)
            },
            matchedScenario(springs: false),
            matchedScenario(springs: true)
        ]
        return curvePasses + composites
    }()

    private static func matchedScenario(springs: Bool) -> BenchScenario {
        let name = springs ? "matched-springs" : "matched"
        let curves = springs ? "a spring per property" : "easeInOutCubic 0.4 s"
        return BenchScenario(name: name, summary: "matched pairs, \(curves)") { settings in
            let pairs = min(settings.items, 1_000_000)
            let timing = try measureMatched(
                pairs: pairs, springs: springs, repetitions: settings.repetitions, backend: settings.backend)
            return BenchResult(
                scenario: name, detail: "MatchedPairGroup.sample, \(MatchedPair.laneCount) lanes, \(curves)",
                items: pairs, unit: "pair", threads: 1,
                kernel: timing.sampled, reference: nil, floor: timing.floor)
        }
    }

    /// The scenario list as the help shows it.
    static var scenarioHelp: String {
        catalogue.map { "  " + $0.name.padding(toLength: 21, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }
}

/// One scenario's figures: a row of the table, an element of the JSON `scenarios`.
struct BenchResult: Codable, Equatable {
    /// A 120 Hz frame, in nanoseconds.
    static let frameBudget = 8.3e6

    let scenario: String
    /// What ran, in words.
    let detail: String
    /// Items measured (the scenario's cap may differ from --items).
    let items: Int
    /// What an item is: value, item, child or pair.
    let unit: String
    let threads: Int
    let nanosecondsPerItem: Double
    let itemsPerFrame: Double
    /// The Swift reference, or `nil` where the workload has none.
    let referenceNanosecondsPerItem: Double?
    /// Reference time over kernel time.
    let speedupOverReference: Double?
    let floorNanosecondsPerItem: Double
    /// Kernel time over floor time: 1 is as fast as writing the bytes.
    let ratioToFloor: Double

    /// A result from whole-pass times in nanoseconds (each at least 1 ns, so every
    /// ratio is finite and the JSON encodes).
    init(
        scenario: String, detail: String, items: Int, unit: String, threads: Int,
        kernel: Double, reference: Double?, floor: Double
    ) {
        let n = Double(max(items, 1))
        self.scenario = scenario
        self.detail = detail
        self.items = items
        self.unit = unit
        self.threads = threads
        nanosecondsPerItem = kernel / n
        itemsPerFrame = Self.frameBudget / nanosecondsPerItem
        referenceNanosecondsPerItem = reference.map { $0 / n }
        speedupOverReference = reference.map { $0 / kernel }
        floorNanosecondsPerItem = floor / n
        ratioToFloor = kernel / floor
    }

    enum CodingKeys: String, CodingKey {
        case scenario, detail, items, unit, threads, nanosecondsPerItem, itemsPerFrame
        case referenceNanosecondsPerItem, speedupOverReference, floorNanosecondsPerItem, ratioToFloor
    }

    /// Encodes a missing reference as `null` rather than leaving the key out, so every
    /// scenario has the same fields for tooling.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(detail, forKey: .detail)
        try container.encode(items, forKey: .items)
        try container.encode(unit, forKey: .unit)
        try container.encode(threads, forKey: .threads)
        try container.encode(nanosecondsPerItem, forKey: .nanosecondsPerItem)
        try container.encode(itemsPerFrame, forKey: .itemsPerFrame)
        try container.encode(referenceNanosecondsPerItem, forKey: .referenceNanosecondsPerItem)
        try container.encode(speedupOverReference, forKey: .speedupOverReference)
        try container.encode(floorNanosecondsPerItem, forKey: .floorNanosecondsPerItem)
        try container.encode(ratioToFloor, forKey: .ratioToFloor)
    }
}

/// The whole `bench --json` document.
struct BenchReport: Codable {
    let cpu: String
    let backend: String
    let lanes: Int
    /// Whether the backend emulates its vector width (portable) rather than running it.
    let emulated: Bool
    /// --items as given.
    let items: Int
    let repetitions: Int
    let threads: Int
    let frameBudgetMilliseconds: Double
    let scenarios: [BenchResult]
}

/// 12.3 M, 45.6 k or 789: an item count at a glance.
private func countText(_ count: Double) -> String {
    if count >= 1e6 { return format(count / 1e6, 2) + " M" }
    if count >= 1e3 { return format(count / 1e3, 1) + " k" }
    return format(count, 0)
}

import Testing

@testable import Stagger

/// One documented StaggerConfig option, or a combination the documents name.
struct StaggerOptionCase: Sendable, CustomTestStringConvertible {
    let name: String
    let count: Int
    let config: StaggerConfig
    var testDescription: String { "\(name) (\(count) items)" }
}

/// Every documented `StaggerConfig` option and the combinations the documents name,
/// through every entry point that takes a config, on every backend, against the Double
/// reference (`delay(for:of:)`, and the curve's `value(at:)` after it): the kernel's
/// delay pass, `Curve.sampleStaggered` over those delays, a list's show, hide, insert
/// and sample, `Timeline.staggered` and a matched-pair group. A deterministic table,
/// beside the random property tests: a documented option that breaks on one path (a
/// visible window once made every list throw while 334 tests passed) fails here by name.
/// (The preview takes a config by its text form, which has no visible window; its pages
/// are checked in headless Chromium by scripts/test-preview.)
@Suite struct StaggerOptionTableTests {
    static let curve = Curve(kind: .easing(.easeOut, duration: 0.3))

    static let cases: [StaggerOptionCase] = {
        var cases: [StaggerOptionCase] = []
        func add(_ name: String, count: Int = 12, _ change: (inout StaggerConfig) -> Void = { _ in }) {
            var config = try! StaggerConfig(spread: .each(0.05), curve: curve)
            change(&config)
            cases.append(StaggerOptionCase(name: name, count: count, config: config))
        }
        add("each 0.05 from the first")
        add("amount 0.6") { $0.spread = .amount(0.6) }
        add("base delay 0.25") { $0.baseDelay = 0.25 }
        let origins: [(String, StaggerConfig.Origin)] = [
            ("last", .last), ("center", .center), ("edges", .edges), ("index 4", .index(4)),
            ("ratio 0.3", .ratio(0.3)), ("random seed 7", .random(seed: 7))
        ]
        for (name, origin) in origins { add("from \(name)") { $0.from = origin } }
        add("from center, 11 items", count: 11) { $0.from = .center }
        add("from center, nearest item", count: 12) {
            $0.from = .center
            $0.normalization = .fromNearestItem
        }
        add("from ratio 0.3, nearest item") {
            $0.from = .ratio(0.3)
            $0.normalization = .fromNearestItem
        }
        for metric in StaggerConfig.DistanceMetric.allCases {
            for axis in [nil, StaggerConfig.Axis.x, .y] {
                add("grid 4 x 6 from center, \(metric), axis \(axis.map { "\($0)" } ?? "both")") {
                    $0.grid = .init(columns: 4, rows: 6, axis: axis, metric: metric)
                    $0.from = .center
                }
            }
        }
        let gridOrigins: [(String, StaggerConfig.Origin)] = [
            ("first", .first), ("last", .last), ("edges", .edges), ("index 5", .index(5)),
            ("ratios 0.2, 0.9", .ratios(x: 0.2, y: 0.9)), ("point 1.3, 0.7", .point(x: 1.3, y: 0.7)),
            ("random seed 3", .random(seed: 3))
        ]
        for (name, origin) in gridOrigins {
            add("grid 4 x 6 from \(name)") {
                $0.grid = .init(columns: 4, rows: 6)
                $0.from = origin
            }
        }
        add("grid 5 x 5, 23 items, from center", count: 23) {
            $0.grid = .init(columns: 5, rows: 5)
            $0.from = .center
        }
        add("distribution easeInQuad") { $0.distribution = .easeInQuad }
        add("distribution easeOutBack (overshoots)") { $0.distribution = .easeOutBack }
        add("reversed") { $0.isReversed = true }
        add("reversed from center") {
            $0.isReversed = true
            $0.from = .center
        }
        add("max delay 0.2") { $0.maxDelay = 0.2 }
        add("max delay 0.2, amount 1, edges") {
            $0.maxDelay = 0.2
            $0.spread = .amount(1)
            $0.from = .edges
        }
        for offscreen in [StaggerConfig.OffscreenStart.immediately, .withWindowEdge] {
            add("window 3..<9, \(offscreen)") { $0.visibleWindow = .init(3..<9, offscreen: offscreen) }
            add("window 3..<9, \(offscreen), reversed") {
                $0.visibleWindow = .init(3..<9, offscreen: offscreen)
                $0.isReversed = true
            }
            add("window 3..<9, \(offscreen), from center, max delay 0.1") {
                $0.visibleWindow = .init(3..<9, offscreen: offscreen)
                $0.from = .center
                $0.maxDelay = 0.1
            }
            add("window 0..<12 of 20, \(offscreen)", count: 20) {
                $0.visibleWindow = .init(0..<12, offscreen: offscreen)
            }
            add("window 8..<40 clipped to 12, \(offscreen)") {
                $0.visibleWindow = .init(8..<40, offscreen: offscreen)
            }
            add("empty window 5..<5, \(offscreen)") { $0.visibleWindow = .init(5..<5, offscreen: offscreen) }
            add("window 2..<7 on a 4 x 3 grid from center, \(offscreen)") {
                $0.visibleWindow = .init(2..<7, offscreen: offscreen)
                $0.grid = .init(columns: 4, rows: 3)
                $0.from = .center
            }
            add("window 3..<9, \(offscreen), random seed 5") {
                $0.visibleWindow = .init(3..<9, offscreen: offscreen)
                $0.from = .random(seed: 5)
            }
        }
        add("the long-list example: window 4000..<4012 of 10,000", count: 10_000) {
            $0.visibleWindow = .init(4_000..<4_012)
        }
        return cases
    }()

    static var arguments: [(StaggerOptionCase, Backend)] {
        cases.flatMap { option in testedBackends.map { (option, $0) } }
    }

    /// The reference's delays, item by item.
    static func reference(_ config: StaggerConfig, count: Int) throws -> [Double] {
        try (0..<count).map { try config.delay(for: $0, of: count) }
    }

    /// The value an item that starts `delay` seconds after the transition at `start`
    /// has at `time`.
    static func value(at time: Double, start: Double, delay: Double) throws -> Double {
        try curve.value(at: time - start - delay)
    }

    @Test(arguments: arguments)
    func delaysAndSampling(option: StaggerOptionCase, backend: Backend) throws {
        let (config, count) = (option.config, option.count)
        let reference = try Self.reference(config, count: count)
        // The kernel's delay pass.
        let delays = try config.delays(count: count, backend: backend)
        for i in 0..<count {
            #expect(abs(Double(delays[i]) - reference[i]) <= 1e-6 + 0x1p-22 * reference[i], "item \(i)")
        }
        // A curve sampled over those delays.
        for time in [0.05, 0.2, 0.45] {
            var values = [Float](repeating: 0, count: count)
            try Self.curve.sampleStaggered(at: time, delays: delays, into: &values, backend: backend)
            for i in 0..<count {
                let expected = try Self.value(at: time, start: 0, delay: reference[i])
                #expect(abs(Double(values[i]) - expected) <= 3e-5, "item \(i) at \(time)")
            }
        }
    }

    @Test(arguments: arguments)
    func aListShowsHidesAndInserts(option: StaggerOptionCase, backend: Backend) throws {
        let (config, count) = (option.config, option.count)
        let times = [0.02, 0.15, 0.35, 0.8]
        var list = try StaggeredList(count: count, config: config)
        var frame = list.makeFrame()
        func expectFrame(_ expected: (Int) throws -> Double, at time: Double, _ what: String) throws {
            if frame.count != list.count { frame = list.makeFrame() }
            try list.sample(at: time, into: &frame, backend: backend)
            // Every item of a short list; of a long one, every 97th and the rows around
            // its window (the whole frame is sampled either way).
            let items =
                list.count <= 100
                ? Array(0..<list.count) : Array(stride(from: 0, to: list.count, by: 97)) + Array(3_990..<4_030)
            for i in items {
                let want = try expected(i)
                #expect(abs(Double(frame.appearance[i]) - want) <= 3e-5, "\(what): item \(i) at \(time)")
                #expect(abs(try list.appearance(of: i, at: time) - want) <= 1e-6, "\(what) reference: item \(i)")
            }
        }
        // Show from rest at 0.
        let shown = try Self.reference(config, count: count)
        try list.show(at: 0)
        for time in times {
            try expectFrame({ try Self.value(at: time, start: 0, delay: shown[$0]) }, at: time, "show")
        }
        // Hide at 10, when every item is at rest, in the reversed order (the default).
        var hideOrder = config
        hideOrder.isReversed.toggle()
        let hidden = try Self.reference(hideOrder, count: count)
        try list.hide(at: 10)
        for time in times {
            try expectFrame(
                { 1 - (try Self.value(at: 10 + time, start: 10, delay: hidden[$0])) }, at: 10 + time, "hide")
        }
        // Shown again, then as many items inserted at index 2 at 30: they stagger
        // among themselves from 30; the others stay shown. (A full grid refuses them.)
        if let grid = config.grid, grid.columns * grid.rows < 2 * count { return }
        try list.show(at: 20)
        try list.insert(count, before: 2, at: 30)
        for time in times {
            try expectFrame(
                { i in (2..<(2 + count)).contains(i) ? try Self.value(at: 30 + time, start: 30, delay: shown[i - 2]) : 1
                },
                at: 30 + time, "insert")
        }
    }

    @Test(arguments: cases)
    func aTimelineStaggersItsSteps(option: StaggerOptionCase) throws {
        guard option.count <= 100 else { return }  // a step per item
        let reference = try Self.reference(option.config, count: option.count)
        let timeline = try Timeline([.staggered("row", count: option.count, config: option.config)])
        let starts = Dictionary(uniqueKeysWithValues: timeline.scheduledSteps.map { ($0.id, $0.start) })
        for i in 0..<option.count {
            let start = try #require(starts["row[\(i)]"])
            #expect(abs(start - reference[i]) <= 1e-9, "row \(i): \(start) vs \(reference[i])")
        }
    }

    @Test(arguments: arguments)
    func aPairGroupStaggersItsPairs(option: StaggerOptionCase, backend: Backend) throws {
        guard option.count <= 100 else { return }
        let reference = try Self.reference(option.config, count: option.count)
        let source = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let destination = try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10))
        let pair = try MatchedPair(source: source, destination: destination)
        var group = try MatchedPairGroup(
            Array(repeating: pair, count: option.count), curves: MatchedCurves(Self.curve), stagger: option.config)
        try group.start(at: 0)
        var frame = group.makeFrame()
        for time in [0.1, 0.3, 0.6] {
            try group.sample(at: time, into: &frame, backend: backend)
            for i in 0..<option.count {
                let expected = 100 * (try Self.value(at: time, start: 0, delay: reference[i]))
                #expect(abs(try group.state(ofPair: i, at: time).frame.minX - expected) <= 1e-6, "pair \(i)")
                #expect(abs(try group.state(ofPair: i, in: frame).frame.minX - expected) <= 4e-3, "pair \(i) kernel")
            }
        }
    }
}

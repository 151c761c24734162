import PropertyBased
import Testing

@testable import Stagger

/// StaggerConfig against the published semantics (DefinitionsAndSources.md section 3): peers'
/// examples where our semantics match theirs, the documented difference where not.
@Suite(.shrinking(false)) struct StaggerConfigTests {
    func delays(_ config: StaggerConfig, _ count: Int) throws -> [Double] {
        try (0..<count).map { try config.delay(for: $0, of: count) }
    }

    func expectClose(
        _ actual: [Double], _ expected: [Double], tolerance: Double = 1e-12,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) <= tolerance, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func seedDesignFormulaAndPresets() throws {
        let config = try StaggerConfig(baseDelay: 0.1, delayIncrement: 0.05)
        for index in [0, 1, 7, 500] {
            #expect(abs(try config.delay(for: index) - (0.1 + Double(index) * 0.05)) < 1e-12)
        }
        #expect(StaggerConfig.fast.baseDelay == 0 && StaggerConfig.fast.delayIncrement == 0.03)
        #expect(StaggerConfig.standard.delayIncrement == 0.05 && StaggerConfig.standard.curve == .spring)
        #expect(StaggerConfig.relaxed.baseDelay == 0.1 && StaggerConfig.relaxed.delayIncrement == 0.08)
        #expect(StaggerConfig.relaxed.curve == (try Curve.easeOut(duration: 0.4)))
    }

    /// anime.js from: 'center' uses the fractional index (n - 1) / 2, so neighbours are
    /// exactly `each` apart: n = 5, 100 ms -> 200 100 0 100 200; n = 6 -> 250 150 50 50
    /// 150 250. Our `each` is the same.
    @Test func centerMatchesAnimeJS() throws {
        var config = try StaggerConfig(spread: .each(0.1), from: .center)
        expectClose(try delays(config, 5), [0.2, 0.1, 0, 0.1, 0.2])
        expectClose(try delays(config, 6), [0.25, 0.15, 0.05, 0.05, 0.15, 0.25])
        // GSAP's each from the center gives 0.4 0.2 0 0.2 0.4 for n = 5; ours needs the
        // total spread for that: amount 0.4.
        config.spread = .amount(0.4)
        expectClose(try delays(config, 5), [0.4, 0.2, 0, 0.2, 0.4])
    }

    @Test func firstLastEdgesReversed() throws {
        let each = try StaggerConfig(spread: .each(0.1))
        expectClose(try delays(each, 4), [0, 0.1, 0.2, 0.3])
        var config = each
        config.from = .last
        expectClose(try delays(config, 4), [0.3, 0.2, 0.1, 0])
        config.from = .edges  // distance to the nearer end
        expectClose(try delays(config, 5), [0, 0.1, 0.2, 0.1, 0])
        config.from = .first
        config.isReversed = true
        expectClose(try delays(config, 4), [0.3, 0.2, 0.1, 0])
        config.isReversed = false
        config.from = .index(2)
        expectClose(try delays(config, 5), [0.2, 0.1, 0, 0.1, 0.2])
        config.from = .ratio(0.25)  // origin at index 1 of 0...4
        expectClose(try delays(config, 5), [0.1, 0, 0.1, 0.2, 0.3])
    }

    /// GSAP's `from: "edges"` with `amount`, the total spread whatever the count
    /// (DefinitionsAndSources.md section 3): the items nearest the centre wait all of
    /// it, at an even count too, and a distribution runs over all of it. Six items are
    /// 0, 1, 2, 2, 1, 0 from the edges, at most 2; the kernel agrees (every backend).
    @Test(arguments: testedBackends)
    func edgesSpreadTheWholeAmount(backend: Backend) throws {
        var config = try StaggerConfig(spread: .amount(0.5), from: .edges)
        for normalization in StaggerConfig.Normalization.allCases {
            config.normalization = normalization
            for (distribution, expected) in [
                (Easing.linear, [0, 0.25, 0.5, 0.5, 0.25, 0]),
                (.easeInQuad, [0, 0.125, 0.5, 0.5, 0.125, 0])  // 0.5 u², u = 0, 1/2, 1
            ] {
                config.distribution = distribution
                expectClose(try delays(config, 6), expected)
                expectClose(try config.delays(count: 6, backend: backend).map(Double.init), expected, tolerance: 1e-6)
            }
        }
        // A 4 x 5 grid (centre (1.5, 2)): from the edges an item is 2.5 (the corners'
        // distance from the centre) minus its own distance from the centre; the cells
        // nearest the centre, at 0.5, are 2 from the edges and wait all 0.6 s.
        config = try StaggerConfig(spread: .amount(0.6), from: .edges, grid: .init(columns: 4, rows: 5))
        let expected = (0..<20).map { i -> Double in
            let dx = Double(i % 4) - 1.5, dy = Double(i / 4) - 2
            return 0.6 * (2.5 - (dx * dx + dy * dy).squareRoot()) / 2
        }
        expectClose(try delays(config, 20), expected)
        expectClose(try config.delays(count: 20, backend: backend).map(Double.init), expected, tolerance: 1e-6)
        #expect(expected.max() == 0.6)
    }

    /// Items all as far from the origin as each other (one item; two from the centre
    /// measured from the nearest) start together at the base delay, reversed too: a
    /// reversed `amount` once made a single item wait the whole amount, and a list of
    /// one, which hides in reverse order, wait that long before hiding.
    @Test(arguments: testedBackends)
    func itemsAtOneDistanceStartTogetherReversedOrNot(backend: Backend) throws {
        var config = try StaggerConfig(baseDelay: 0.1, spread: .amount(0.5))
        for (from, count) in [(StaggerConfig.Origin.first, 1), (.center, 2), (.edges, 1), (.random(seed: 3), 1)] {
            config.from = from
            config.normalization = .fromNearestItem
            for reversed in [false, true] {
                config.isReversed = reversed
                #expect(try delays(config, count) == Array(repeating: 0.1, count: count), "\(from) \(reversed)")
                #expect(try config.delays(count: count, backend: backend) == Array(repeating: Float(0.1), count: count))
            }
        }
        var list = try StaggeredList(count: 1, config: try StaggerConfig(spread: .amount(0.5), curve: .easeOut))
        try list.show(at: 0)
        try list.hide(at: 10)
        #expect(try list.appearance(of: 0, at: 10.05) < 1)
    }

    @Test func amountSpreadsTheTotalAndDistributionShapesIt() throws {
        var config = try StaggerConfig(baseDelay: 0.5, spread: .amount(1))
        expectClose(try delays(config, 5), [0.5, 0.75, 1, 1.25, 1.5])
        config.distribution = .easeInQuad  // u^2 with u = i / 4
        expectClose(try delays(config, 5), [0.5, 0.5625, 0.75, 1.0625, 1.5])
    }

    /// A 3 x 4 grid (3 columns, 4 rows): the centre is (1, 1.5). Distances by hand:
    /// corner cells sqrt(1 + 2.25), middle-column ends 1.5, side cells of the middle
    /// rows sqrt(1 + 0.25), centre-column middle cells 0.5.
    @Test func gridFromCenterAndEdges() throws {
        let corner = (3.25).squareRoot(), side = (1.25).squareRoot()
        let distances = [corner, 1.5, corner, side, 0.5, side, side, 0.5, side, corner, 1.5, corner]
        var config = try StaggerConfig(
            spread: .each(0.1), from: .center,
            grid: .init(columns: 3, rows: 4))
        expectClose(try delays(config, 12), distances.map { 0.1 * $0 })
        config.from = .edges
        expectClose(try delays(config, 12), distances.map { 0.1 * (corner - $0) })
        config.from = .center
        config.grid = .init(columns: 3, rows: 4, axis: .x)
        expectClose(try delays(config, 12), (0..<12).map { 0.1 * abs(Double($0 % 3) - 1) })
        config.grid = .init(columns: 3, rows: 4, metric: .manhattan)
        #expect(abs(try config.delay(for: 0, of: 12) - 0.1 * 2.5) < 1e-12)
        config.grid = .init(columns: 3, rows: 4, metric: .chebyshev)
        #expect(abs(try config.delay(for: 0, of: 12) - 0.1 * 1.5) < 1e-12)
    }

    /// A 10,000-row list at 0.05 s per row would take 8 minutes to appear: a cap and a
    /// visible window fix that.
    @Test func capAndVisibleWindow() throws {
        var config = try StaggerConfig(spread: .each(0.05), maxDelay: 1)
        #expect(abs(try config.delay(for: 10, of: 10_000) - 0.5) < 1e-12)
        #expect(try config.delay(for: 100, of: 10_000) == 1)
        #expect(try config.delay(for: 9_999, of: 10_000) == 1)

        config.maxDelay = nil
        config.visibleWindow = .init(5_000..<5_020)
        #expect(try config.delay(for: 5_000, of: 10_000) == 0)
        #expect(abs(try config.delay(for: 5_005, of: 10_000) - 0.25) < 1e-12)
        #expect(try config.delay(for: 100, of: 10_000) == 0)
        #expect(try config.delay(for: 9_000, of: 10_000) == 0)
        config.visibleWindow = .init(5_000..<5_020, offscreen: .withWindowEdge)
        #expect(abs(try config.delay(for: 9_000, of: 10_000) - 0.95) < 1e-12)
        #expect(try config.delay(for: 100, of: 10_000) == 0)
    }

    /// A random order is GSAP's: the delays of `first`, shuffled by a permutation the
    /// seed chooses (the same every time), on a list and on a grid, with `each` or an
    /// `amount` the last in the order waits in full; the kernel path agrees.
    @Test(arguments: testedBackends)
    func randomOrderShufflesTheDelaysOfFirst(backend: Backend) throws {
        var config = try StaggerConfig(spread: .each(0.1), from: .random(seed: 42))
        let shuffled = try delays(config, 50)
        #expect(try delays(config, 50) == shuffled)
        expectClose(shuffled.sorted(), (0..<50).map { 0.1 * Double($0) })
        #expect(shuffled != shuffled.sorted())
        expectClose(try config.delays(count: 50, backend: backend).map(Double.init), shuffled, tolerance: 1e-6)
        var other = config
        other.from = .random(seed: 43)
        #expect(try delays(other, 50) != shuffled)

        config.grid = .init(columns: 10, rows: 10)
        var ordered = config
        ordered.from = .first
        let grid = try delays(config, 100)
        expectClose(grid.sorted(), try delays(ordered, 100).sorted())
        expectClose(try config.delays(count: 100, backend: backend).map(Double.init), grid, tolerance: 1e-6)

        config = try StaggerConfig(spread: .amount(1), from: .random(seed: 7))
        expectClose(try delays(config, 7).sorted(), (0..<7).map { Double($0) / 6 })
    }

    /// The shuffle behind random orders takes every place once, for every count up to
    /// 256 and one just past a power of four (the most indices sent through again),
    /// under several seeds; the seed changes the order.
    @Test func randomOrderIsAPermutation() {
        for seed: UInt64 in [0, 42, .max] {
            for count in Array(1...256) + [16_385] {
                var taken = [Bool](repeating: false, count: count)
                for index in 0..<count {
                    let place = RandomOrder(count: count, seed: seed).place(of: index)
                    if (0..<count).contains(place) { taken[place] = true }
                }
                #expect(!taken.contains(false), "seed \(seed), count \(count)")
            }
        }
        let orders = (UInt64(0)..<4).map { seed in
            (0..<20).map { RandomOrder(count: 20, seed: seed).place(of: $0) }
        }
        #expect(Set(orders).count == 4)
    }

    @Test func badInputIsRefused() throws {
        #expect(throws: StaggerError.invalidSpread(-0.1)) { try StaggerConfig(delayIncrement: -0.1) }
        #expect(throws: StaggerError.invalidSpread(.nan)) { try StaggerConfig(spread: .amount(.nan)) }
        #expect(throws: StaggerError.invalidBaseDelay(.infinity)) { try StaggerConfig(baseDelay: .infinity) }
        #expect(throws: StaggerError.invalidMaxDelay(-1)) { try StaggerConfig(spread: .each(0.1), maxDelay: -1) }
        #expect(throws: StaggerError.originOutOfRange(1.5)) { try StaggerConfig(spread: .each(0.1), from: .ratio(1.5)) }
        let config = try StaggerConfig(spread: .each(0.1), from: .index(7))
        #expect(throws: StaggerError.originOutOfRange(7)) { try config.delay(for: 0, of: 5) }
        #expect(throws: StaggerError.negativeCount(-3)) { try StaggerConfig.standard.delay(for: 0, of: -3) }
        #expect(throws: StaggerError.indexOutOfRange(index: 5, count: 5)) {
            try StaggerConfig.standard.delay(for: 5, of: 5)
        }
        let grid = try StaggerConfig(spread: .each(0.1), grid: .init(columns: 3, rows: 3))
        #expect(throws: StaggerError.gridTooSmall(columns: 3, rows: 3, count: 10)) { try grid.delays(count: 10) }
        var center = StaggerConfig.standard
        center.from = .center
        #expect(throws: StaggerError.countRequired) { try center.delay(for: 2) }
        #expect(throws: StaggerError.negativeCount(-1)) { try StaggerConfig.standard.delays(count: -1) }
    }

    /// An origin per grid axis (GSAP's and anime.js's `from: [x, y]`): the corners and
    /// the centre are the cells those origins name, one ratio is both, and a hand
    /// computation from the top-right corner of a 5 × 3 grid.
    @Test func perAxisRatiosPlaceTheOrigin() throws {
        func delays(_ from: StaggerConfig.Origin, grid: StaggerConfig.Grid? = .init(columns: 5, rows: 3)) throws
            -> [Double]
        {
            let config = try StaggerConfig(spread: .amount(1), from: from, grid: grid)
            return try (0..<15).map { try config.delay(for: $0, of: 15) }
        }
        #expect(try delays(.ratios(x: 0, y: 1)) == delays(.index(10)))
        #expect(try delays(.ratios(x: 1, y: 1)) == delays(.last))
        #expect(try delays(.ratios(x: 0.5, y: 0.5)) == delays(.center))
        #expect(try delays(.ratios(x: 0.3, y: 0.3)) == delays(.ratio(0.3)))
        #expect(try delays(.ratios(x: 0.25, y: 0.9), grid: nil) == delays(.ratio(0.25), grid: nil))
        // From (4, 0): item 10 at (0, 2) is the farthest, √20 away, and waits the whole
        // amount; item 7 at (2, 1) is √5 away: half of it.
        let fromTopRight = try delays(.ratios(x: 1, y: 0))
        #expect(fromTopRight[4] == 0 && abs(fromTopRight[10] - 1) <= 1e-15)
        #expect(abs(fromTopRight[7] - (5.0).squareRoot() / (20.0).squareRoot()) <= 1e-15)
        #expect(throws: StaggerError.originOutOfRange(1.5)) {
            try StaggerConfig(spread: .each(0.1), from: .ratios(x: 0.2, y: 1.5))
        }
        #expect(throws: StaggerError.originOutOfRange(-0.1)) {
            try StaggerConfig(spread: .each(0.1), from: .ratios(x: -0.1, y: 0))
        }
        #expect(try StaggerConfig(parsing: "amount:1,grid:5x3,ratio:0/1").from == .ratios(x: 0, y: 1))
        for bad in ["ratio:0.5/2", "ratio:0.5/", "ratio:1/2/3", "ratio:x/0"] {
            #expect(throws: StaggerError.self) { try StaggerConfig(parsing: "grid:5x3," + bad) }
        }
    }

    /// GSAP's normalisation next to ours, with the figures of the issue that asked for it
    /// (6 items from the center, amount 0.5) and a grid worked by hand; the kernel's
    /// delay pass and a list's sampling pass (its closed form) on every backend.
    @Test(arguments: testedBackends)
    func normalizationFromTheNearestItem(backend: Backend) throws {
        var config = try StaggerConfig(spread: .amount(0.5), curve: try .linear(duration: 1), from: .center)
        func expectDelays(_ config: StaggerConfig, _ count: Int, _ expected: [Double]) throws {
            let kernel = try config.delays(count: count, backend: backend)
            for i in 0..<count {
                #expect(abs(try config.delay(for: i, of: count) - expected[i]) <= 1e-12, "\(config) item \(i)")
                #expect(abs(Double(kernel[i]) - expected[i]) <= 1e-6, "\(config) item \(i) on \(backend)")
            }
            // A list shown at 0 samples each item at (t - delay) / 1 s: its closed form.
            var list = try StaggeredList(count: count, config: config)
            try list.show(at: 0)
            var frame = list.makeFrame()
            try list.sample(at: 0.6, into: &frame, backend: backend)
            for i in 0..<count where config.grid == nil {
                #expect(abs(Double(frame.appearance[i]) - (0.6 - expected[i])) <= 1e-6, "\(config) list item \(i)")
            }
        }
        try expectDelays(config, 6, [0.5, 0.3, 0.1, 0.1, 0.3, 0.5])
        config.normalization = .fromNearestItem
        try expectDelays(config, 6, [0.5, 0.25, 0, 0, 0.25, 0.5])
        // Odd counts have an item on the origin: the two agree.
        try expectDelays(config, 5, [0.5, 0.25, 0, 0.25, 0.5])
        // each counts the distance beyond the nearest item: 0.1 per index past it.
        config.spread = .each(0.1)
        try expectDelays(config, 6, [0.2, 0.1, 0, 0, 0.1, 0.2])
        // A 4 × 4 grid from its centre (1.5, 1.5): the four middle cells are √0.5 away,
        // the corners √4.5; with amount 1 a cell √2.5 away waits (√2.5 − √0.5)/(√4.5 − √0.5).
        config.spread = .amount(1)
        config.grid = .init(columns: 4, rows: 4)
        let near = (0.5).squareRoot(), far = (4.5).squareRoot(), edge = ((2.5).squareRoot() - near) / (far - near)
        try expectDelays(config, 16, [1, edge, edge, 1, edge, 0, 0, edge, edge, 0, 0, edge, 1, edge, edge, 1])
        // Seven items in rows of 5, origin at (4, 1), a cell the short last row lacks: the
        // nearest item is (4, 0), 1 away; the farthest is (0, 0), √17 away.
        config.grid = .init(columns: 5, rows: 2)
        config.from = .ratios(x: 1, y: 1)
        let delays = try config.delays(count: 7, backend: backend)
        #expect(delays[4] == 0 && abs(Double(delays[0]) - 1) <= 1e-6)
        // Item 6 at (1, 1) is 3 away.
        #expect(abs(try config.delay(for: 6, of: 7) - (3 - 1) / ((17.0).squareRoot() - 1)) <= 1e-12)
        #expect(
            try StaggerConfig(parsing: "amount:0.5,from:center,normalization:fromNearestItem").normalization
                == .fromNearestItem)
        #expect(throws: StaggerError.self) { try StaggerConfig(parsing: "from:center,normalization:gsap") }
    }

    /// Random configurations: the kernel's delay pass against the Double reference.
    @Test(arguments: testedBackends)
    func kernelDelaysMatchTheReference(backend: Backend) async {
        let origins: [StaggerConfig.Origin] = [
            .first, .last, .center, .edges, .index(3), .ratio(0.3), .random(seed: 9), .ratios(x: 0.2, y: 0.9),
            .point(x: 1.3, y: 7.2)
        ]
        let generator = zip(
            Gen.int(in: 0...8), Gen.int(in: 0...3), Gen.int(in: 1...9), Gen.bool, Gen.int(in: 0...4),
            Gen.int(in: 0...3)
        ).map { origin, layout, columns, reversed, cap, window -> StaggerConfig in
            var config = try! StaggerConfig(baseDelay: 0.2, spread: layout == 3 ? .amount(1.3) : .each(0.07))
            config.from = origins[origin]
            if layout == 1 || layout == 2 {
                config.grid = .init(
                    columns: columns, rows: 400 / columns + 1,
                    axis: layout == 2 ? .y : nil,
                    metric: StaggerConfig.DistanceMetric.allCases[columns % 3])
            }
            config.isReversed = reversed
            config.normalization = columns % 2 == 0 ? .fromNearestItem : .fromOrigin
            config.distribution = cap == 4 ? .easeInOutCubic : .linear
            config.maxDelay = cap == 1 ? 0.4 : nil
            if window > 0 {
                config.visibleWindow = .init(
                    10..<(10 + 9 * window),
                    offscreen: window == 2 ? .withWindowEdge : .immediately)
            }
            return config
        }
        await checkProperty(count: 60, input: generator, Gen.int(in: 4...400)) { config, count in
            let kernel = try config.delays(count: count, backend: backend)
            for index in 0..<count {
                let reference = try config.delay(for: index, of: count)
                #expect(
                    abs(Double(kernel[index]) - reference) <= 4e-6 * max(1, reference),
                    "\(config) item \(index) of \(count): \(kernel[index]) vs \(reference)")
            }
        }
    }
}

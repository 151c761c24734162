import Stagger
import Testing

/// Values spread over items by a stagger's distances (issue 18: GSAP's `distribute`,
/// anime.js's staggered ranges). Expected values from the distances by hand.
@Suite struct StaggeredValuesTests {
    func expectValues(
        _ config: StaggerConfig, from: Double, to: Double, _ expected: [Double], backend: Backend
    ) throws {
        let kernel = try config.values(from: from, to: to, count: expected.count, backend: backend)
        for (i, want) in expected.enumerated() {
            let reference = try config.value(for: i, of: expected.count, from: from, to: to)
            #expect(abs(reference - want) <= 1e-12 * max(1, abs(want)), "\(config) item \(i): \(reference)")
            #expect(abs(Double(kernel[i]) - want) <= 1e-6 + 0x1p-22 * max(abs(from), abs(to)), "\(backend) item \(i)")
        }
    }

    @Test(arguments: testedBackends)
    func rangesFollowTheDistances(backend: Backend) throws {
        // A fan of rotations, first to last: -30° ... 30° in even steps.
        var config = try StaggerConfig(spread: .each(0.05))
        try expectValues(config, from: -30, to: 30, [-30, -15, 0, 15, 30], backend: backend)
        // A falling ramp of scales: `from` where the stagger starts.
        try expectValues(config, from: 1, to: 0.5, [1, 0.875, 0.75, 0.625, 0.5], backend: backend)
        // From the center: the middle item gets `from`, both ends `to`.
        config.from = .center
        try expectValues(config, from: 0, to: 20, [20, 10, 0, 10, 20], backend: backend)
        config.isReversed = true
        try expectValues(config, from: 0, to: 20, [0, 10, 20, 10, 0], backend: backend)
        // A 3 × 3 grid from its centre, shaped by easeInQuad: the sides are 1 of √2 away,
        // easeInQuad(1/√2) = 1/2; the corners get all of it.
        config = try StaggerConfig(
            spread: .amount(1), from: .center, grid: .init(columns: 3, rows: 3), distribution: .easeInQuad)
        try expectValues(config, from: 0, to: 1, [1, 0.5, 1, 0.5, 0, 0.5, 1, 0.5, 1], backend: backend)
        // The time fields play no part.
        config.baseDelay = 3
        config.maxDelay = 0.01
        config.visibleWindow = .init(0..<2)
        try expectValues(config, from: 0, to: 1, [1, 0.5, 1, 0.5, 0, 0.5, 1, 0.5, 1], backend: backend)
        // Six items from the center are 2.5, 1.5, 0.5, 0.5, 1.5, 2.5 from it: measured
        // from the origin the middle two get a fifth of the way; from the nearest item
        // (GSAP's distribute) they get `from`.
        config = try StaggerConfig(spread: .each(0.05), from: .center)
        try expectValues(config, from: 0, to: 20, [20, 12, 4, 4, 12, 20], backend: backend)
        config.normalization = .fromNearestItem
        try expectValues(config, from: 0, to: 20, [20, 10, 0, 0, 10, 20], backend: backend)
        // From the edges, six items 0, 1, 2, 2, 1, 0 from them: the middle two get `to`.
        config = try StaggerConfig(spread: .each(0.05), from: .edges)
        try expectValues(config, from: 10, to: 0, [10, 5, 0, 0, 5, 10], backend: backend)
        // A single item starts first: it gets `from`, rising or falling.
        try expectValues(config, from: 10, to: 0, [10], backend: backend)
        try expectValues(config, from: 0, to: 10, [0], backend: backend)
    }

    @Test func badRangesAreRefused() throws {
        let config = StaggerConfig.standard
        #expect(throws: StaggerError.invalidValueRange(name: "from", value: .nan)) {
            try config.values(from: .nan, to: 1, count: 3)
        }
        #expect(throws: StaggerError.invalidValueRange(name: "to", value: .infinity)) {
            try config.value(for: 0, of: 3, from: 0, to: .infinity)
        }
        #expect(throws: StaggerError.invalidValueRange(name: "to - from", value: .infinity)) {
            try config.values(from: -1e308, to: 1e308, count: 3)
        }
        #expect(throws: StaggerError.indexOutOfRange(index: 3, count: 3)) {
            try config.value(for: 3, of: 3, from: 0, to: 1)
        }
        // Finite in Double, beyond float32: the kernel refuses, the reference answers.
        #expect(try config.value(for: 2, of: 3, from: 0, to: 1e300) == 1e300)
        #expect(throws: StaggerError.self) { try config.values(from: 0, to: 1e300, count: 3) }
    }
}

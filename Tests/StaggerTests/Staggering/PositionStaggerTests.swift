import Stagger
import Testing

/// Staggers over measured positions (issue 18, anime.js's `{x, y}`): on a line and on
/// the cells of a grid they are the list's and the grid's staggers (two independent
/// computations), and a masonry layout worked by hand.
@Suite struct PositionStaggerTests {
    static func points(_ pairs: [(Double, Double)]) -> [LayoutPoint] {
        pairs.map { try! LayoutPoint(x: $0.0, y: $0.1) }
    }

    @Test func aLineOfPositionsIsAList() throws {
        let config = try StaggerConfig(spread: .each(0.01))  // 0.01 s per point
        let line = Self.points((0..<6).map { (Double($0) * 10, 0) })
        let delays = try config.delays(atPositions: line)
        for (i, delay) in delays.enumerated() { #expect(abs(delay - 0.1 * Double(i)) <= 1e-15) }
        // From the edges with an amount: the middle points, 20 from the edges, wait it all.
        let edges = try StaggerConfig(spread: .amount(0.5), from: .edges)
        let fromEdges = try edges.delays(atPositions: line)
        for (delay, expected) in zip(fromEdges, [0, 0.25, 0.5, 0.5, 0.25, 0]) {
            #expect(abs(delay - expected) <= 1e-15)
        }
    }

    /// Positions at the cells of a 4 × 3 grid give the grid's delays for every origin,
    /// metric, axis and normalisation.
    @Test func theCellsOfAGridAreTheGrid() throws {
        let cells = Self.points((0..<12).map { (Double($0 % 4), Double($0 / 4)) })
        let origins: [StaggerConfig.Origin] = [
            .first, .last, .center, .edges, .index(6), .ratio(0.3), .ratios(x: 0, y: 1),
            .point(x: 0.4, y: 1.7), .point(x: 9, y: -2), .random(seed: 3)
        ]
        for origin in origins {
            for (metric, axis) in [
                (StaggerConfig.DistanceMetric.euclidean, nil), (.manhattan, nil), (.chebyshev, nil),
                (.euclidean, StaggerConfig.Axis.x), (.euclidean, .y)
            ] {
                for normalization in StaggerConfig.Normalization.allCases {
                    for spread in [StaggerConfig.Spread.each(0.07), .amount(0.9)] {
                        var config = try StaggerConfig(
                            baseDelay: 0.1, spread: spread, from: origin,
                            grid: .init(columns: 4, rows: 3, axis: axis, metric: metric), distribution: .easeInQuad,
                            maxDelay: 0.6)
                        config.normalization = normalization
                        let overPositions = try config.delays(atPositions: cells, metric: metric, axis: axis)
                        for i in 0..<12 {
                            let grid = try config.delay(for: i, of: 12)
                            #expect(
                                abs(overPositions[i] - grid) <= 1e-12,
                                "\(config) item \(i): \(overPositions[i]) vs \(grid)")
                        }
                    }
                }
            }
        }
    }

    /// Four measured frames of a masonry column pair, from the top-left corner and
    /// from a tap: distances by hand.
    @Test func aMasonryLayoutByHand() throws {
        let frames = Self.points([(0, 0), (100, 0), (0, 150), (100, 250)])
        var config = try StaggerConfig(spread: .amount(1), from: .point(x: 0, y: 0))
        let far = (100.0 * 100 + 250 * 250).squareRoot()
        let expected = [0, 100 / far, 150 / far, 1]
        for (delay, want) in zip(try config.delays(atPositions: frames), expected) {
            #expect(abs(delay - want) <= 1e-15)
        }
        // A tap near the second frame: with the nearest item first, it starts at once.
        config.from = .point(x: 95, y: 10)
        config.normalization = .fromNearestItem
        let tapped = try config.delays(atPositions: frames)
        #expect(tapped[1] == 0 && tapped.allSatisfy { $0 >= 0 && $0 <= 1 })
        #expect(try config.delays(atPositions: []) == [])
        config.from = .index(4)
        #expect(throws: StaggerError.originOutOfRange(4)) { try config.delays(atPositions: frames) }
        #expect(throws: StaggerError.originOutOfRange(.nan)) {
            try StaggerConfig(spread: .each(0), from: .point(x: .nan, y: 0))
        }
        #expect(try StaggerConfig(parsing: "amount:1,point:95/10").from == .point(x: 95, y: 10))
        #expect(throws: StaggerError.self) { try StaggerConfig(parsing: "point:1/nan") }
        #expect(throws: StaggerError.self) { try StaggerConfig(parsing: "from:center,point:1/2") }
    }
}

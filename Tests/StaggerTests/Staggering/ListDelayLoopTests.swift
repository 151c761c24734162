import Testing

@testable import Stagger

/// A list's delays with a linear distribution take the kernel's loop for lists, which
/// leaves out the general layout loop's shape switch and its grid and axis work. It must
/// give that loop's bits: the same list with the distribution `linear(0, 1)` (whose
/// segment returns (u − 0) / (1 − 0) · (1 − 0) + 0 = u exactly) still runs the general
/// loop, on every backend, for each option a list's delays read: origins, a reversed
/// order, a base delay, a cap, each and amount spreads, a visible window with both
/// offscreen policies, a partial last vector.
@Suite struct ListDelayLoopTests {
    static let cases: [(name: String, count: Int, config: StaggerConfig)] = {
        var cases: [(name: String, count: Int, config: StaggerConfig)] = []
        func add(_ name: String, count: Int = 37, _ change: (inout StaggerConfig) -> Void = { _ in }) {
            var config = try! StaggerConfig(spread: .each(0.05))
            change(&config)
            cases.append((name, count, config))
        }
        add("each 0.05 from the first")
        add("amount 0.6, 10,001 items", count: 10_001) { $0.spread = .amount(0.6) }
        add("base delay 0.25, reversed") {
            $0.baseDelay = 0.25
            $0.isReversed = true
        }
        add("capped at 0.4") { $0.maxDelay = 0.4 }
        let origins: [(String, StaggerConfig.Origin)] = [
            ("last", .last), ("center", .center), ("edges", .edges), ("index 4", .index(4)), ("ratio 0.3", .ratio(0.3))
        ]
        for (name, origin) in origins {
            add("from \(name)") { $0.from = origin }
            add("from \(name), reversed, amount 1") {
                $0.from = origin
                $0.isReversed = true
                $0.spread = .amount(1)
            }
        }
        add("from center, nearest item") {
            $0.from = .center
            $0.normalization = .fromNearestItem
        }
        add("window 5..<20, offscreen at once") { $0.visibleWindow = .init(5..<20, offscreen: .immediately) }
        add("window 5..<20, offscreen with its edge") { $0.visibleWindow = .init(5..<20, offscreen: .withWindowEdge) }
        return cases
    }()

    @Test(arguments: testedBackends)
    func listLoopGivesTheGeneralLoopsBits(backend: Backend) throws {
        let segment = try Easing.linear([.init(0), .init(1)])
        for (name, count, config) in Self.cases {
            var general = config
            general.distribution = segment
            let fast = try config.delays(count: count, backend: backend)
            let expected = try general.delays(count: count, backend: backend)
            let differing = (0..<count).filter { fast[$0].bitPattern != expected[$0].bitPattern }
            #expect(differing.isEmpty, "\(name) on \(backend): items \(differing.prefix(5)) differ")
            // And the figures are the list's (the Double reference within the kernel's
            // stated accuracy), so that the two loops cannot agree on something else.
            for index in [0, count / 2, count - 1] {
                let reference = try config.delay(for: index, of: count)
                let error = abs(Double(fast[index]) - reference)
                #expect(error <= 1e-6 + abs(reference) * 0x1p-22, "\(name) item \(index)")
            }
        }
    }
}

import Testing

@testable import Stagger

/// Before its start every curve holds 0, also one that is above 0 at progress 0
/// (`steps` with jump-start, a `linear()` whose first output is not 0): an item that
/// has not started shows its `from`, through every entry point, on every backend.
/// Figures worked by hand from the CSS definitions: steps(4, jump-start) is
/// (⌊4p⌋ + 1)/4 from p = 0 on; linear(0.5, 1) is 0.5 + p/2.
@Suite struct BeforeTheStartTests {
    static let jumpStart: Curve = {
        do { return try .easing(try .steps(4, .jumpStart), duration: 0.4) } catch { fatalError("\(error)") }
    }()
    static let halfwayLinear: Curve = {
        do { return try .easing(try .linear([.init(0.5), .init(1)]), duration: 0.4) } catch { fatalError("\(error)") }
    }()

    @Test func theReferenceHoldsZeroUntilTheStart() throws {
        #expect(try Self.jumpStart.value(at: -0.01) == 0)
        #expect(try Self.jumpStart.value(at: -1e-9) == 0)
        #expect(try Self.jumpStart.value(at: 0) == 0.25)
        #expect(try Self.jumpStart.value(at: 0.15) == 0.5)
        #expect(try Self.halfwayLinear.value(at: -0.2) == 0)
        #expect(try Self.halfwayLinear.value(at: 0) == 0.5)
        #expect(try Self.halfwayLinear.value(at: 0.2) == 0.75)
    }

    /// `Curve.evaluate(times:)` and both staggered forms: items 0.1 s apart at 0.05 s
    /// (item 0 at progress 1/8, the others waiting) and at 0.15 s (item 0 at 3/8,
    /// item 1 at 1/8, item 2 waiting).
    @Test(arguments: testedBackends)
    func batchesHoldZeroUntilTheStart(backend: Backend) throws {
        var values = [Float](repeating: .nan, count: 3)
        try Self.jumpStart.evaluate(times: [-0.05, 0, 0.05], into: &values, backend: backend)
        #expect(values == [0, 0.25, 0.25])
        try Self.halfwayLinear.evaluate(times: [-0.05, 0, 0.2], into: &values, backend: backend)
        #expect(values == [0, 0.5, 0.75])
        // A time just before the start over a long duration: −71 · 2⁻¹⁴⁹ s (a float32
        // subnormal, about −1e-43) / 1,000 s rounds to −0 in float32, but the time itself
        // says the curve has not started.
        let long = try Curve.easing(try .steps(4, .jumpStart), duration: 1_000)
        let justBefore = -71 * Float.leastNonzeroMagnitude
        try long.evaluate(times: [justBefore, 0, 0], into: &values, backend: backend)
        #expect(values == [0, 0.25, 0.25])
        #expect(try long.value(at: Double(justBefore)) == 0)
        for (time, expected) in [(0.05, [Float(0.25), 0, 0]), (0.15, [0.5, 0.25, 0])] {
            try Self.jumpStart.sampleStaggered(
                at: time, baseDelay: 0, delayIncrement: 0.1, into: &values, backend: backend)
            #expect(values == expected, "closed-form delays at \(time) s")
            try Self.jumpStart.sampleStaggered(at: time, delays: [0, 0.1, 0.2], into: &values, backend: backend)
            #expect(values == expected, "explicit delays at \(time) s")
        }
    }

    /// A list, shown and then interrupted (the hide's motions start from where each
    /// item is, item by item): the kernel's frame equals the reference at times between
    /// the steps' edges, waiting items included.
    @Test(arguments: testedBackends)
    func aListHoldsItsWaitingItemsAtTheirStart(backend: Backend) throws {
        for curve in [Self.jumpStart, Self.halfwayLinear] {
            let config = try StaggerConfig(spread: .each(0.1), curve: curve)
            var list = try StaggeredList(count: 6, config: config)
            try list.show(at: 0)
            var frame = list.makeFrame()
            try list.sample(at: 0.05, into: &frame, backend: backend)
            // Item 0 is 0.05 s in; items 1...5 have not started and show 0.
            #expect(frame.appearance[0] == (curve == Self.jumpStart ? 0.25 : 0.5625))
            #expect(frame.appearance[1...].allSatisfy { $0 == 0 })
            try list.hide(at: 0.23)
            for time in [0.27, 0.33, 0.47, 0.61, 0.95] {
                try list.sample(at: time, into: &frame, backend: backend)
                for item in 0..<6 {
                    let expected = try list.appearance(of: item, at: time)
                    #expect(
                        abs(Double(frame.appearance[item]) - expected) <= 1e-6,
                        "item \(item) at \(time) s kernel \(frame.appearance[item]) ref \(expected) curve \(curve)")
                }
            }
        }
    }
}

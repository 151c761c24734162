import PropertyBased
import Stagger
import Testing

/// Shows and hides faster than the easing runs: the list keeps every item's motions
/// additively (the rule of ListInterruptionTests), up to four at once; one more freezes
/// the oldest interruption's motion at its value. Expected values are worked by hand
/// from the linear easing; the kernel is held to them on every backend.
@Suite(.shrinking(false)) struct RapidToggleTests {
    /// The random configs of StaggeredListTests that run an easing (the compact form's).
    static let easingConfigs = StaggeredListTests.configGenerator.filter {
        if case .easing = $0.curve.kind { true } else { false }
    }

    /// The linear easing over 1 s, 0 before its start and 1 after its end.
    static func lin(_ elapsed: Double) -> Double { min(max(elapsed, 0), 1) }

    /// Four rows 0.1 s apart, linear over 1 s: shown at 0, hidden at 0.25 (rows 0-2
    /// moving turn back, row 3 had not started and stays at 0), shown at 0.35 (rows 0-2
    /// add +1 at once; row 3 waits for its delay, 0.3 s), hidden at 0.45 (rows 0-2 add
    /// −1; row 3's show had not started: cancelled, it stays at 0), shown at 0.55: a
    /// fourth motion for rows 0-2, so the hide at 0.25 freezes at −(0.55 − 0.25) = −0.3
    /// and the new motion adds 1 − (−0.3 + 1 + 1 − 1) = 0.3; row 3 starts at 0.55 + 0.3.
    @Test(arguments: testedBackends)
    func aFifthMotionFreezesTheOldestInterruption(backend: Backend) throws {
        let config = try StaggerConfig(spread: .each(0.1), curve: try .easing(.linear, duration: 1))
        var list = try StaggeredList(count: 4, config: config)
        try list.show(at: 0)
        try list.hide(at: 0.25)
        try list.show(at: 0.35)
        try list.hide(at: 0.45)
        let beforeFreeze = list
        try list.show(at: 0.55)
        func expected(_ i: Int, _ t: Double) -> Double {
            guard i < 3 else { return Self.lin(t - 0.85) }
            return -0.3 + Self.lin(t - 0.1 * Double(i)) + Self.lin(t - 0.35) - Self.lin(t - 0.45)
                + 0.3 * Self.lin(t - 0.55)
        }
        var frame = list.makeFrame()
        for t in [0.55, 0.6, 0.8, 1.0, 1.2, 1.5, 1.6, 1.9, 3] {
            try list.sample(at: t, into: &frame, backend: backend)
            for i in 0..<4 {
                // The frozen share and the delays are float32: 1e-7 of the hand figure.
                #expect(abs(try list.appearance(of: i, at: t) - expected(i, t)) <= 1e-7, "row \(i) at \(t)")
                #expect(abs(Double(frame.appearance[i]) - expected(i, t)) <= 2e-5, "row \(i) kernel at \(t)")
            }
        }
        // Continuous at the freeze: 0.55 − 0.3 + 0.2 − 0.1 = 0.35 for row 0, either side.
        #expect(abs(try beforeFreeze.appearance(of: 0, at: 0.55) - 0.35) <= 1e-12)
        #expect(abs(try list.appearance(of: 0, at: 0.55) - 0.35) <= 1e-7)
        // At rest exactly where the last show sends them.
        for i in 0..<4 { #expect(try list.appearance(of: i, at: 3) == 1) }
        #expect(abs(list.settleTime - 1.85) <= 1e-7)
        let settling = try list.itemsSettling(after: 0.55, through: 3)
        #expect(settling.map(\.index) == [0, 1, 2, 3])
        #expect(settling.prefix(3).allSatisfy { abs($0.time - 1.55) <= 1e-7 })
        #expect(abs(settling[3].time - 1.85) <= 1e-7)
    }

    /// The first hide of a list whose items are partly shown (8 rows 0.1 s apart, linear
    /// over 0.25 s, hidden at 0.5 in reverse order, 0.1 s apart from row 7): rows 0...2
    /// at rest start back after their new delay, rows 3 and 4 (moving) at once, rows
    /// 5...7 (row 5 due at that very instant) never appear.
    @Test(arguments: testedBackends)
    func theFirstHideTakesEachRowFromWhereItIs(backend: Backend) throws {
        let config = try StaggerConfig(spread: .each(0.1), curve: try .easing(.linear, duration: 0.25))
        var list = try StaggeredList(count: 8, config: config)
        try list.show(at: 0)
        try list.hide(at: 0.5)
        func ramp(_ e: Double) -> Double { min(max(e / 0.25, 0), 1) }
        func expected(_ i: Int, _ t: Double) -> Double {
            switch i {
            case 0...2: 1 - ramp(t - 0.5 - 0.1 * Double(7 - i))  // at rest: after their hide delay
            case 3...4: ramp(t - 0.1 * Double(i)) - ramp(t - 0.5)  // moving: at once
            default: 0  // due at 0.5, 0.6 and 0.7: never
            }
        }
        var frame = list.makeFrame()
        for t in [0.5, 0.55, 0.65, 0.8, 1.0, 1.2, 1.25, 1.5] {
            try list.sample(at: t, into: &frame, backend: backend)
            for i in 0..<8 {
                #expect(abs(try list.appearance(of: i, at: t) - expected(i, t)) <= 1e-6, "row \(i) at \(t)")
                #expect(abs(Double(frame.appearance[i]) - expected(i, t)) <= 2e-5, "row \(i) kernel at \(t)")
            }
        }
        // Row 0 is the last to leave: 0.5 + 0.7 + 0.25.
        #expect(abs(list.settleTime - 1.45) <= 1e-6)
        // Rows 0...2 had settled before the hide and are heard of once, at 0.25, 0.35, 0.45.
        let settled = try list.itemsSettling(after: 0, through: 0.5)
        #expect(settled.map(\.index) == [0, 1, 2])
    }

    /// Any run of shows and hides under an easing (so that motions pile up and freeze):
    /// the kernel matches the reference, and the reference is continuous at every tap
    /// (to float32's precision, where a frozen share is stored), on every backend.
    @Test(arguments: testedBackends)
    func togglesMatchTheReferenceAndStayContinuous(backend: Backend) async {
        await checkProperty(
            count: 30, input: Self.easingConfigs, Gen.int(in: 1...300), Gen.double(in: 0.004...0.12).array(of: 2...9),
            Gen.double(in: 0...0.6)
        ) { config, count, gaps, after in
            var list = try StaggeredList(count: count, config: config)
            try list.show(at: 0)
            var time = 0.0
            for gap in gaps {
                time += gap
                let before = list
                if list.isShown { try list.hide(at: time) } else { try list.show(at: time) }
                for i in stride(from: 0, to: count, by: max(1, count / 17)) {
                    let old = try before.appearance(of: i, at: time), new = try list.appearance(of: i, at: time)
                    #expect(abs(old - new) <= 1e-6, "\(config.curve) \(gaps) row \(i) at \(time): \(old) -> \(new)")
                }
            }
            let at = time + after
            var frame = list.makeFrame()
            try list.sample(at: at, into: &frame, backend: backend)
            let tolerance = 4 * StaggeredListTests().tolerance(list, 0, at)
            for i in 0..<count {
                let reference = try list.appearance(of: i, at: at)
                #expect(
                    abs(Double(frame.appearance[i]) - reference) <= tolerance,
                    "\(config.curve) \(gaps) row \(i)/\(count) at \(at): \(frame.appearance[i]) vs \(reference)")
            }
        }
    }
}

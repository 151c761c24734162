import PropertyBased
import Stagger
import Testing

/// A list's one interruption rule (the lane engine's, as matched pairs and component
/// states have it): an easing interrupted by the same easing is additive, value(t) =
/// old(t) + (new target − old target)·curve(t − tap), springs carry value and velocity.
/// Expected values come from the curves' Double references (``Curve/value(at:)``) and
/// the stagger's delays, computed here; the kernel is held to the list's reference on
/// every backend.
@Suite(.shrinking(false)) struct ListInterruptionTests {
    /// CSS ease-in-out over 0.6 s: flat at both ends, so an additive turn is continuous
    /// in velocity too.
    static let easing = try! Curve.easing(.easeInOut, duration: 0.6)

    /// The curve's value `elapsed` seconds after a start (0 before it, 1 after its end).
    static func ease(_ elapsed: Double) throws -> Double {
        try easing.value(at: min(max(elapsed, 0), 0.6))
    }

    /// Eight rows 0.05 s apart on easeInOut, shown at 0 and hidden at 0.22: rows 0-4
    /// are moving and turn back additively, 1·ease(t − 0.05 i) − 1·ease(t − 0.22);
    /// rows 5-7 had not started and stay at 0. The reference within 1e-12, the kernel's
    /// appearance and tracks within float32's reach, on every backend.
    @Test(arguments: testedBackends)
    func hideDuringAnEasingShowIsAdditive(backend: Backend) throws {
        var list = try StaggeredList(count: 8, config: try StaggerConfig(spread: .each(0.05), curve: Self.easing))
        try list.show(at: 0)
        try list.hide(at: 0.22)
        var frame = list.makeFrame()
        for time in [0.22, 0.25, 0.37, 0.5, 0.61, 0.75, 0.8, 0.9] {
            try list.sample(at: time, into: &frame, backend: backend)
            for i in 0..<8 {
                let shown = i < 5 ? try Self.ease(time - 0.05 * Double(i)) : 0
                let expected = i < 5 ? shown - (try Self.ease(time - 0.22)) : 0
                #expect(abs(try list.appearance(of: i, at: time) - expected) <= 1e-12, "row \(i) at \(time)")
                let a = Double(frame.appearance[i])
                #expect(abs(a - expected) <= 2e-5, "row \(i) at \(time): kernel \(a) vs \(expected)")
                // Tracks map the summed appearance: opacity clamped to 0...1, offset
                // 20 -> 0, scale 0.95 -> 1.
                #expect(abs(Double(frame.values(ofTrack: 0)[i]) - min(max(expected, 0), 1)) <= 2e-5)
                #expect(abs(Double(frame.values(ofTrack: 1)[i]) - 20 * (1 - expected)) <= 4e-4)
                #expect(abs(Double(frame.values(ofTrack: 2)[i]) - (0.95 + 0.05 * expected)) <= 2e-5)
            }
        }
        // Back at 0 when the turn ends, 0.6 s after the hide.
        #expect(abs(list.settlingDuration - 0.6) <= 1e-12)
        #expect(try list.itemsSettling(after: 0, through: 10).map(\.index) == [0, 1, 2, 3, 4])
    }

    /// Continuous in value and velocity across the hide, by one-sided differences of
    /// the reference on either side of the tap: the moving rows keep their speed (up to
    /// 1/0.6·1.5 per second halfway), where restarting from the value would have
    /// dropped it to easeInOut's 0.
    @Test func anAdditiveTurnIsContinuousInValueAndVelocity() async {
        await checkProperty(count: 30, input: Gen.double(in: 0.02...0.55), Gen.int(in: 1...40)) { tap, count in
            let config = try StaggerConfig(spread: .each(0.01), curve: Self.easing)
            var before = try StaggeredList(count: count, config: config)
            try before.show(at: 0)
            var after = before
            try after.hide(at: tap)
            let h = 1e-6
            for i in 0..<count {
                let start = 0.01 * Double(i)
                guard tap - start > 1e-3, tap - start < 0.6 - 1e-3 else { continue }
                let value = try before.appearance(of: i, at: tap)
                #expect(abs(try after.appearance(of: i, at: tap) - value) <= 1e-12, "row \(i) value at \(tap)")
                let incoming = (value - (try before.appearance(of: i, at: tap - h))) / h
                let outgoing = (try after.appearance(of: i, at: tap + h) - value) / h
                // easeInOut's second derivative over h (about 10 per s² here) bounds the gap.
                #expect(abs(outgoing - incoming) <= 1e-4, "row \(i) at \(tap): \(incoming) -> \(outgoing)")
                // Where it was really under way, the old rule's drop to 0 would show.
                if tap - start > 0.05, tap - start < 0.55 { #expect(incoming > 0.05) }
            }
        }
    }

    /// A steep easing turns back more sharply but keeps its value: easeOutCubic,
    /// 1 − (1 − p)³, starts at slope 3, so the velocity steps by −3/duration.
    @Test func aSteepEasingAddsItsStartSlope() throws {
        let curve = try Curve.easing(.easeOutCubic, duration: 0.5)
        var list = try StaggeredList(count: 1, config: try StaggerConfig(spread: .each(0), curve: curve))
        try list.show(at: 0)
        let before = list
        try list.hide(at: 0.1)
        let h = 1e-7
        let incoming = (try before.appearance(of: 0, at: 0.1 + h) - (try before.appearance(of: 0, at: 0.1))) / h
        let outgoing = (try list.appearance(of: 0, at: 0.1 + h) - (try list.appearance(of: 0, at: 0.1))) / h
        #expect(abs(outgoing - (incoming - 3 / 0.5)) <= 1e-4, "\(incoming) -> \(outgoing)")
        // 0.2 s after the hide: the show at 0.6 of its way, minus the hide at 0.4.
        let expected = (1 - pow3(1 - 0.6)) - (1 - pow3(1 - 0.4))
        #expect(abs(try list.appearance(of: 0, at: 0.3) - expected) <= 1e-12)
    }

    /// A cube, written out (no Foundation here).
    private func pow3(_ x: Double) -> Double { x * x * x }

    /// The list's kernel pass against its reference after any run of interruptions
    /// (shows, hides, moves, inserts, removals, within the curve's duration so that
    /// easing layers pile up), for springs, decays and easings, on every backend.
    @Test(arguments: testedBackends)
    func interruptedListsMatchTheReference(backend: Backend) async {
        let events = Gen.int(in: 0...4).array(of: 1...6)
        await checkProperty(
            count: 25, input: StaggeredListTests.configGenerator, Gen.int(in: 1...700), events,
            Gen.double(in: 0...1.2)
        ) { config, count, kinds, after in
            var list = try StaggeredList(count: count, config: config)
            var time = 0.0
            try list.show(at: time)
            for (k, kind) in kinds.enumerated() {
                time += 0.04 + 0.03 * Double(k % 3)
                switch kind {
                case 0: try list.hide(at: time)
                case 1: try list.show(at: time)
                case 2: try list.move(item: list.count / 2, to: 0.4, at: time)
                case 3: try list.insert(3, before: list.count / 3, at: time)
                default: if list.count > 4 { try list.remove(items: 1..<3, at: time) }
                }
            }
            let at = time + after
            var frame = list.makeFrame()
            try list.sample(at: at, into: &frame, backend: backend)
            let tolerance = 4 * StaggeredListTests().tolerance(list, 0, at)
            for i in 0..<list.count {
                let reference = try list.appearance(of: i, at: at)
                let a = frame.appearance[i]
                #expect(
                    abs(Double(a) - reference) <= tolerance,
                    "\(config.curve) \(kinds) item \(i)/\(list.count) at \(at): \(a) vs \(reference)")
                #expect(abs(frame.values[i] - min(max(a, 0), 1)) <= 1e-6)
                #expect(abs(frame.values[list.count + i] - 20 * (1 - a)) <= 4e-5)
                #expect(abs(frame.values[2 * list.count + i] - (0.95 + 0.05 * a)) <= 1e-6)
            }
        }
    }

    /// Inserting and removing while easing layers are in flight (shown at 0, hidden at
    /// 0.1, shown again at 0.15): the other rows keep their trajectories exactly, the
    /// new rows appear staggered among themselves from the insert, on every backend.
    @Test(arguments: testedBackends)
    func insertAndRemoveDuringLayeredMotion(backend: Backend) throws {
        var list = try StaggeredList(count: 10, config: try StaggerConfig(spread: .each(0.05), curve: Self.easing))
        try list.show(at: 0)
        try list.hide(at: 0.1)
        try list.show(at: 0.15)
        let layered = list
        try list.insert(3, before: 4, at: 0.2)
        var frame = list.makeFrame()
        for time in [0.2, 0.3, 0.45, 0.7, 1.0, 1.5] {
            try list.sample(at: time, into: &frame, backend: backend)
            for i in 0..<10 {
                let j = i < 4 ? i : i + 3
                let kept = try layered.appearance(of: i, at: time)
                #expect(try list.appearance(of: j, at: time) == kept, "row \(i) at \(time)")
                #expect(abs(Double(frame.appearance[j]) - kept) <= 4e-5, "row \(i) kernel at \(time)")
            }
            for r in 0..<3 {
                let expected = try Self.ease(time - 0.2 - 0.05 * Double(r))
                #expect(abs(try list.appearance(of: 4 + r, at: time) - expected) <= 1e-12, "new row \(r) at \(time)")
                #expect(abs(Double(frame.appearance[4 + r]) - expected) <= 2e-5, "new row \(r) kernel at \(time)")
            }
        }
        // Rows 2-7 go (two old, three new, one old): the rest are the old rows 0, 1, 6-9.
        try list.remove(items: 2..<8, at: 1.5)
        #expect(list.count == 7)
        frame = list.makeFrame()
        let rows = [0, 1, 5, 6, 7, 8, 9]
        for time in [0.25, 0.6, 0.9] {
            try list.sample(at: time, into: &frame, backend: backend)
            for (k, i) in rows.enumerated() {
                let kept = try layered.appearance(of: i, at: time)
                #expect(try list.appearance(of: k, at: time) == kept, "old row \(i) at \(time)")
                #expect(abs(Double(frame.appearance[k]) - kept) <= 4e-5, "old row \(i) kernel at \(time)")
            }
        }
        // Everything ends shown: the last turn (row 9's, from 0.15 after its delay of
        // 0.45) ends 0.6 s later.
        #expect(try (0..<7).allSatisfy { abs(try list.appearance(of: $0, at: 2) - 1) <= 1e-12 })
    }

    /// Moving one row follows the transition's rule: a row still easing in is sent to
    /// 0.3 additively, ease(t) + (0.3 − 1)·ease(t − tap); the others are untouched.
    @Test(arguments: testedBackends)
    func moveOfAMovingRowIsAdditive(backend: Backend) throws {
        var list = try StaggeredList(count: 4, config: try StaggerConfig(spread: .each(0.1), curve: Self.easing))
        try list.show(at: 0)
        let shown = list
        try list.move(item: 1, to: 0.3, at: 0.25)
        var frame = list.makeFrame()
        for time in [0.25, 0.4, 0.7, 0.9] {
            try list.sample(at: time, into: &frame, backend: backend)
            let expected = try Self.ease(time - 0.1) + (Double(Float(0.3)) - 1) * (try Self.ease(time - 0.25))
            #expect(abs(try list.appearance(of: 1, at: time) - expected) <= 1e-12, "at \(time)")
            #expect(abs(Double(frame.appearance[1]) - expected) <= 2e-5, "kernel at \(time)")
            for i in [0, 2, 3] {
                #expect(abs(try list.appearance(of: i, at: time) - shown.appearance(of: i, at: time)) <= 1e-12)
            }
        }
        #expect(abs(try list.settleTime(ofItem: 1) - 0.85) <= 1e-12)
    }

    /// Reduced motion, interrupted: ten rows fade in (0.2 s of easeInOut, the 0.45 s
    /// spread scaled to 0.1 s, row i at i/90 s) and are hidden at 0.05 while fading. The
    /// fade is one easing, so the moving rows turn back additively, fade(t − sᵢ) −
    /// fade(t − 0.05); transforms jump: every row is back at its hidden offset and scale
    /// right after the hide. On every backend.
    @Test(arguments: testedBackends)
    func reducedMotionInterruptedFadesAdditivelyAndJumps(backend: Backend) throws {
        var list = try StaggeredList(count: 10, config: try StaggerConfig(spread: .each(0.05), curve: .bouncy))
        list.reducedMotion = .always
        try list.show(at: 0)
        try list.hide(at: 0.05)
        var frame = list.makeFrame()
        for time in [0.06, 0.1, 0.17, 0.24, 0.3] {
            try list.sample(at: time, into: &frame, backend: backend)
            for i in 0..<10 {
                let start = Double(i) / 90
                guard abs(0.05 - start) > 1e-5 else { continue }  // float32 start times
                let opacity =
                    start < 0.05 ? ReducedMotionTests.fade(time - start) - ReducedMotionTests.fade(time - 0.05) : 0
                #expect(abs(try list.appearance(of: i, at: time) - opacity) <= 1e-6, "row \(i) at \(time)")
                #expect(abs(Double(frame.values[i]) - opacity) <= 2e-5, "row \(i) opacity at \(time)")
                #expect(abs(frame.values[10 + i] - 20) <= 1e-5, "row \(i) offset at \(time)")
                #expect(abs(frame.values[20 + i] - 0.95) <= 1e-6, "row \(i) scale at \(time)")
            }
        }
    }
}

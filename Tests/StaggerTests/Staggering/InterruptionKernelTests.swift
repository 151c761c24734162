import CInterp
import PropertyBased
import Testing

@testable import Stagger

/// The kernel's pass of a list interruption (`ci_interrupt_list`) against the Swift
/// reference it restates: the same bits on every backend, whatever the motions in
/// flight (moving, resting, waiting, cancelled and frozen layers).
@Suite(.shrinking(false)) struct InterruptionKernelTests {
    /// The list's motion in the compact form, taken out of it.
    static func interrupted(_ list: StaggeredList) -> InterruptedListMotion? {
        if case .interrupted(let motion) = list.motion.source { motion } else { nil }
    }

    /// `motion` interrupted at `time` toward `target` by `method`, the delays of
    /// `config` for the items at rest.
    static func interrupt(
        _ motion: InterruptedListMotion, at time: Double, toward target: Float, config: StaggerConfig,
        by method: InterruptionMethod
    ) throws -> InterruptedListMotion {
        var next = motion
        try next.interrupt(at: time, toward: target, by: method) { (buffer) throws(StaggerError) in
            try config.delays(count: motion.count, into: buffer)
        }
        return next
    }

    /// Whether two interruptions left the same motion, bit for bit.
    static func same(_ a: InterruptedListMotion, _ b: InterruptedListMotion) -> Bool {
        a.store == b.store && a.settleTime.bitPattern == b.settleTime.bitPattern
            && a.restFloor.bitPattern == b.restFloor.bitPattern && a.layers.map(\.shift) == b.layers.map(\.shift)
            && a.layers.map(\.column) == b.layers.map(\.column) && a.frozenColumn == b.frozenColumn
    }

    /// The worked example of RapidToggleTests (a fifth motion freezes the oldest): the
    /// kernel's figures are the reference's, and the reference's are the hand figures.
    @Test(arguments: testedBackends)
    func theWorkedExampleInTheKernel(backend: Backend) throws {
        let config = try StaggerConfig(spread: .each(0.1), curve: try .easing(.linear, duration: 1))
        var list = try StaggeredList(count: 4, config: config)
        try list.show(at: 0)
        try list.hide(at: 0.25)
        try list.show(at: 0.35)
        try list.hide(at: 0.45)
        let motion = try #require(Self.interrupted(list))
        let kernel = try Self.interrupt(motion, at: 0.55, toward: 1, config: config, by: .kernel(backend))
        let reference = try Self.interrupt(motion, at: 0.55, toward: 1, config: config, by: .reference)
        #expect(Self.same(kernel, reference))
        // Rows 0-2 add 1 − 0.7 at once, row 3 its full show after 0.3 s.
        let last = try #require(reference.layers.last)
        for i in 0..<3 {
            #expect(reference.store[last.column, i] == 0)
            #expect(abs(reference.store[last.column + 1, i] - 0.3) <= 1e-7)
        }
        #expect(abs(reference.store[last.column, 3] - 0.3) <= 1e-7)
        #expect(reference.store[last.column + 1, 3] == 1)
    }

    /// An interruption toward where the items' motions already take them: every item
    /// is moving and gets no change, so each rests when its motions in flight end. Five
    /// items, no stagger, linear 1 s: shown at 0, hidden at 0.5 (a layer of −1 ending at
    /// 1.5), then sent toward 0 again at 0.7: the base ends at 1, the layer at 1.5, so
    /// the latest and the earliest rest are both 1.5 s (five items: a partial vector on
    /// every vector backend).
    @Test(arguments: testedBackends)
    func anItemWithNoChangeRestsWhenItsMotionsEnd(backend: Backend) throws {
        let config = try StaggerConfig(spread: .each(0), curve: try .easing(.linear, duration: 1))
        var list = try StaggeredList(count: 5, config: config)
        try list.show(at: 0)
        try list.hide(at: 0.5)
        let motion = try #require(Self.interrupted(list))
        let kernel = try Self.interrupt(motion, at: 0.7, toward: 0, config: config, by: .kernel(backend))
        let reference = try Self.interrupt(motion, at: 0.7, toward: 0, config: config, by: .reference)
        #expect(Self.same(kernel, reference))
        let last = try #require(reference.layers.last)
        #expect((0..<5).map { reference.store[last.column + 1, $0] } == [0, 0, 0, 0, 0])
        #expect(reference.settleTime == 1.5)
        #expect(reference.restFloor == 1.5)
    }

    /// One motion more than the list keeps folds the oldest into the frozen values item
    /// by item, by the rule the type documents: frozen + change · easing((time − start −
    /// (shift + offset)) / duration), summed in Double and stored in float32, bit for
    /// bit, whatever runs of equal offsets the items form (four at a time where they
    /// share one or go nowhere, one by one elsewhere). Shown at 0, hidden at 0.1, shown
    /// at 0.12 (the items that had not started get delays of their own), hidden at 0.3
    /// (those still waiting are cancelled), shown at 0.32 (the hide at 0.1 is frozen),
    /// hidden at 0.34: the show at 0.12 is frozen, moving items at offset 0 beside
    /// started ones at their delays.
    @Test func theFreezeFoldsEachItemsShareOfTheOldestMotion() throws {
        let easing = Easing.easeOutCubic
        let config = try StaggerConfig(spread: .amount(0.3), curve: .easing(easing, duration: 0.35))
        var list = try StaggeredList(count: 37, config: config)
        try list.show(at: 0)
        for time in [0.1, 0.12, 0.3, 0.32] {
            if list.isShown { try list.hide(at: time) } else { try list.show(at: time) }
        }
        let before = try #require(Self.interrupted(list))
        try #require(before.layers.count == InterruptedListMotion.maximumLayers)
        let oldest = before.layers[0]
        #expect(oldest.shift == 0.12)
        let after = try Self.interrupt(before, at: 0.34, toward: 0, config: config, by: .reference)
        let frozen = try #require(after.frozenColumn)
        var offsets = Set<Float>()
        var sharesTheRun = [Bool](repeating: false, count: 37)
        for i in 0..<37 {
            let change = before.store[oldest.column + 1, i], offset = before.store[oldest.column, i]
            let elapsed = 0.34 - before.start - (oldest.shift + Double(offset))
            let eased = elapsed <= 0 ? 0 : elapsed >= 0.35 ? 1 : try easing.value(at: elapsed / 0.35)
            let earlier = before.frozenColumn.map { before.store[$0, i] } ?? 0
            let expected = change == 0 ? earlier : Float(Double(earlier) + Double(change) * eased)
            #expect(after.store[frozen, i].bitPattern == expected.bitPattern, "item \(i)")
            if change != 0 { offsets.insert(offset) }
            sharesTheRun[i] = change == 0 || offset == 0
        }
        // Items at offsets of their own, and a moving item at offset 0 followed by four
        // that share its offset or go nowhere (the four-at-a-time path).
        #expect(offsets.contains(0) && offsets.count > 2)
        #expect(
            (0..<32).contains { i in
                before.store[oldest.column + 1, i] != 0 && before.store[oldest.column, i] == 0
                    && sharesTheRun[(i + 1)...(i + 4)].allSatisfy { $0 }
            })
    }

    /// Any run of shows and hides, then one more by the kernel and by the reference:
    /// the same bits on every backend.
    @Test(arguments: testedBackends)
    func theKernelGivesTheReferencesBits(backend: Backend) async {
        await checkProperty(
            count: 40, input: RapidToggleTests.easingConfigs, Gen.int(in: 1...400),
            Gen.double(in: 0.002...0.15).array(of: 1...7),
            Gen.double(in: 0.001...0.4)
        ) { config, count, gaps, last in
            var list = try StaggeredList(count: count, config: config)
            try list.show(at: 0)
            var time = 0.0
            for gap in gaps {
                time += gap
                if list.isShown { try list.hide(at: time) } else { try list.show(at: time) }
            }
            guard let motion = Self.interrupted(list) else { return }
            let target: Float = list.isShown ? 0 : 1
            let kernel = try Self.interrupt(
                motion, at: time + last, toward: target, config: config, by: .kernel(backend))
            let reference = try Self.interrupt(motion, at: time + last, toward: target, config: config, by: .reference)
            #expect(Self.same(kernel, reference), "\(config.curve) \(count) items, \(gaps) then \(last)")
        }
    }

    /// A figure that is not finite gives its own item a NaN rest, which the bounds leave
    /// out: a hand-made call of the C API (the list's own figures are finite). Start 0,
    /// linear 1 s, from 0 to 1, interrupted at 1 toward 1, 17 items (items 0, 8 and 16
    /// share a lane on every width). Items 0 and 16 started at 0.9 and 0.5 and are moving
    /// toward where they already go (no change): they rest at 0.9 (as a float) + 1 and at
    /// 1.5. Item 8 never started (its delay 5 is past the cutoff 2) and goes from 0 to 1
    /// after a new delay of NaN: its rest is NaN. The others started at 0 and rest at 1,
    /// before the tap. The bounds are those two rests on every backend, in that order of
    /// lanes: a later rest, the NaN, an earlier one.
    @Test(arguments: testedBackends)
    func aNaNRestStaysOutOfTheBounds(backend: Backend) throws {
        var delays = [Float](repeating: 0, count: 17)
        (delays[0], delays[8], delays[16]) = (0.9, 5, 0.5)
        var offsets = [Float](repeating: 0, count: 17)
        offsets[8] = .nan
        var changes = [Float](repeating: 0, count: 17)
        var bounds = [Double](repeating: 0, count: 2)
        var list = ci_list_interruption()
        list.time = 1
        list.start = 0
        list.duration = 1
        list.from = 0
        list.to = 1
        list.cutoff = 2
        list.target = 1
        list.layer_count = 0
        let status = delays.withUnsafeBufferPointer { delays in
            list.delays = delays.baseAddress
            return ci_interrupt_list(backend.cValue, &list, &offsets, &changes, &bounds, 17)
        }
        #expect(status == CI_OK)
        #expect(changes == (0..<17).map { $0 == 8 ? 1 : 0 })
        #expect(bounds == [Double(Float(0.9)) + 1, 1.5])
    }
}

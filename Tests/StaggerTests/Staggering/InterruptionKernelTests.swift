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
        by method: InterruptedListMotion.Method
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
}

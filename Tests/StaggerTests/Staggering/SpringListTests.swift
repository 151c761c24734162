import PropertyBased
import Testing

@testable import Stagger

/// A list interrupted under its own spring, held as one motion per item (where it
/// starts, its velocity then, when it rests): the published closed form worked by hand,
/// the kernel's interruption (`ci_interrupt_spring_list`) against the Swift reference on
/// every backend, value and velocity continuous across every tap, and the hand-over to
/// the lane engine when a change this form does not hold comes.
@Suite(.shrinking(false)) struct SpringListTests {
    /// The list's motion in the spring form, taken out of it.
    static func springs(_ list: StaggeredList) -> SpringListMotion? {
        if case .springs(let motion) = list.motion.source { motion } else { nil }
    }

    /// One item under SwiftUI's `smooth` (duration 0.5 s, bounce 0: critically damped,
    /// ω = 2π / 0.5 = 4π rad/s), shown at 0 and hidden at 0.1. From rest toward 1,
    /// x(t) = 1 − (1 + ωt)e^(−ωt) and x'(t) = ω²t e^(−ωt); toward 0 from x₀ at velocity
    /// v₀, x(τ) = (x₀ + (v₀ + ωx₀)τ)e^(−ωτ). The list keeps x₀ and v₀ in float32.
    @Test(arguments: testedBackends)
    func aHideOfACriticallyDampedSpringByHand(backend: Backend) throws {
        var list = try StaggeredList(count: 1, config: try StaggerConfig(spread: .each(0), curve: .smooth))
        try list.show(at: 0)
        try list.hide(at: 0.1)
        #expect(Self.springs(list) != nil)
        let omega = 4 * Double.pi
        let decay = Double.exp(-omega * 0.1)
        let x0 = 1 - (1 + omega * 0.1) * decay, v0 = omega * omega * 0.1 * decay
        let (x0f, v0f) = (Double(Float(x0)), Double(Float(v0)))
        var frame = list.makeFrame()
        for time in [0.1, 0.12, 0.15, 0.2, 0.3, 0.6] {
            let tau = time - 0.1
            let expected = (x0f + (v0f + omega * x0f) * tau) * Double.exp(-omega * tau)
            #expect(abs(try list.appearance(of: 0, at: time) - expected) <= 1e-12, "at \(time)")
            try list.sample(at: time, into: &frame, backend: backend)
            #expect(abs(Double(frame.appearance[0]) - expected) <= 2e-6, "kernel at \(time)")
        }
        // The figures stored are the tap's state to float32's precision.
        #expect(abs(x0f - x0) <= 6e-8 && abs(v0f - v0) <= 1e-6 * v0)
    }

    /// The spring curves a list runs in this form, and one it leaves to the engine.
    static let curves: [Curve] = [
        .snappy, .bouncy, .smooth, try! .spring(response: 0.3, dampingFraction: 0.3),
        try! .spring(Spring(response: 0.4, dampingFraction: 0.8), initialVelocity: 2)
    ]

    @Test func whichSpringsTheFormCovers() throws {
        for curve in Self.curves { #expect(SpringListMotion.covers(curve), "\(curve)") }
        // Over-damped: the kernel's states do not solve it. Barely damped: its phase
        // would leave the kernel's range before it decays.
        #expect(!SpringListMotion.covers(try .spring(response: 0.4, dampingFraction: 1.4)))
        #expect(!SpringListMotion.covers(try .spring(response: 0.4, dampingFraction: 0.0001)))
        #expect(!SpringListMotion.covers(try .easing(.linear, duration: 1)))
    }

    /// Every tap of a run of shows and hides, from the same motion: the kernel's new
    /// motions are the reference's (offsets exact, the other figures within float32's
    /// rounding of the same Double, the bounds within a microsecond), and every backend
    /// gives the scalar backend's bits. The list's value is continuous across every tap
    /// (the reference before and after, within float32's rounding of the value), and so
    /// is every moving item's velocity.
    @Test(arguments: testedBackends)
    func eachTapInTheKernelIsTheReference(backend: Backend) async {
        let gaps = Gen.double(in: 0.004...0.4).array(of: 1...6)
        await checkProperty(
            count: 25, input: Gen.int(in: 0...4), Gen.int(in: 1...300), Gen.double(in: 0...0.4), gaps
        ) { curveIndex, count, spread, gaps in
            let config = try StaggerConfig(spread: .amount(spread), curve: Self.curves[curveIndex])
            var list = try StaggeredList(count: count, config: config)
            try list.show(at: 0)
            var time = 0.0
            for gap in gaps {
                time += gap
                let before = list
                if list.isShown { try list.hide(at: time) } else { try list.show(at: time) }
                let after = try #require(Self.springs(list), "\(config.curve) at \(time)")
                // The same tap again from the motion before it, by each method.
                if let motion = Self.springs(before) {
                    var order = list.config
                    if !list.isShown { order.isReversed.toggle() }
                    let target: Float = list.isShown ? 1 : 0
                    let kernel = try Self.interrupt(
                        motion, at: time, toward: target, order: order, by: .kernel(backend))
                    let scalar = try Self.interrupt(
                        motion, at: time, toward: target, order: order, by: .kernel(.scalar))
                    let reference = try Self.interrupt(motion, at: time, toward: target, order: order, by: .reference)
                    #expect(kernel.store == scalar.store && kernel.settleTime == scalar.settleTime)
                    #expect(kernel.store == after.store)
                    Self.expectClose(kernel, reference)
                }
                for i in 0..<count {
                    let old = try before.appearance(of: i, at: time), new = try list.appearance(of: i, at: time)
                    #expect(abs(new - old) <= 1e-6, "item \(i) at \(time): \(old) -> \(new)")
                }
                if let motion = Self.springs(before) {
                    // The items moving at the tap, from the motion before it: they go on at
                    // once with their velocity; the others wait for their new delay.
                    var order = list.config
                    if !list.isShown { order.isReversed.toggle() }
                    let delays = try order.delays(count: count)
                    for i in 0..<count {
                        let old = motion.figures(ofItem: i), new = after.figures(ofItem: i)
                        let elapsed = time - motion.start - old.offset
                        let moving = SpringListMotion.startTolerance(old.offset) < elapsed && elapsed < old.duration
                        if moving {
                            let velocity = motion.state(ofItem: i, at: time).velocity
                            #expect(new.offset == 0, "item \(i) at \(time)")
                            #expect(
                                abs(new.velocity - velocity) <= 1e-6 * max(1, abs(velocity)), "item \(i) at \(time)")
                        } else {
                            #expect(new.offset == Double(delays[i]), "item \(i) at \(time)")
                        }
                    }
                }
            }
        }
    }

    /// `motion` interrupted at `time` toward `target` by `method`, the delays of `order`
    /// for the items that are not moving.
    static func interrupt(
        _ motion: SpringListMotion, at time: Double, toward target: Float, order: StaggerConfig,
        by method: InterruptionMethod
    ) throws -> SpringListMotion {
        var next = motion
        try next.interrupt(at: time, toward: target, by: method) { (buffer) throws(StaggerError) in
            try order.delays(count: motion.count, into: buffer)
        }
        return next
    }

    /// Whether the kernel's figures are the reference's: offsets exact, the value and
    /// velocity within one unit in float32's last place (the kernel's exponential, sine
    /// and cosine round a few units in Double's last place apart from the C library's,
    /// which can tip a rounding to float32), and each duration the reference's bound for
    /// the figures the kernel stored (one unit again: the logarithms round apart).
    static func expectClose(_ kernel: SpringListMotion, _ reference: SpringListMotion) {
        for i in 0..<kernel.count {
            let a = kernel.figures(ofItem: i), b = reference.figures(ofItem: i)
            #expect(a.offset == b.offset, "item \(i)")
            for (x, y) in [(a.from, b.from), (a.velocity, b.velocity)] {
                #expect(abs(x - y) <= Double(Float(y).ulp), "item \(i): \(a) vs \(b)")
            }
            let span = Double(kernel.target) - a.from
            let bound =
                a.offset != 0 || b.offset != 0
                ? (span == 0 ? 0 : kernel.ownDuration)
                : kernel.spring.validatedSettlingDuration(
                    target: span, initialVelocity: a.velocity, epsilon: SettlingBatch.epsilon)
            #expect(abs(a.duration - Double(Float(bound))) <= Double(Float(bound).ulp), "item \(i): \(a) vs \(bound)")
        }
        #expect(abs(kernel.settleTime - reference.settleTime) <= 1e-6)
        #expect(abs(kernel.restFloor - reference.restFloor) <= 1e-6 || kernel.restFloor == reference.restFloor)
    }

    /// The form follows the lane engine's rule: a list run by the engine (a move at the
    /// show's instant that changes nothing hands it over) gives the same values after
    /// every tap of a run of shows and hides, to float32's precision of the figures the
    /// form keeps.
    @Test func theFormFollowsTheEnginesRule() async {
        let gaps = Gen.double(in: 0.004...0.3).array(of: 1...5)
        await checkProperty(
            count: 25, input: Gen.int(in: 0...4), Gen.int(in: 1...120), Gen.double(in: 0...0.4), gaps
        ) { curveIndex, count, spread, gaps in
            let config = try StaggerConfig(spread: .amount(spread), curve: Self.curves[curveIndex])
            var compact = try StaggeredList(count: count, config: config)
            try compact.show(at: 0)
            var engine = compact
            try engine.move(item: 0, to: 1, at: 0)
            var time = 0.0
            for gap in gaps {
                time += gap
                if compact.isShown {
                    try compact.hide(at: time)
                    try engine.hide(at: time)
                } else {
                    try compact.show(at: time)
                    try engine.show(at: time)
                }
                #expect(Self.springs(compact) != nil && engine.motion.isLanes)
                for t in [time, time + 0.01, time + 0.1, time + 0.5] {
                    for i in 0..<count {
                        let a = try compact.appearance(of: i, at: t), b = try engine.appearance(of: i, at: t)
                        #expect(abs(a - b) <= 2e-6, "\(config.curve) item \(i) at \(t): \(a) vs \(b)")
                    }
                }
            }
        }
    }

    /// A change this form does not hold (a move, an insert) hands the motions to the
    /// lane engine unchanged: every other item's value after it is what the spring form
    /// gave (the same figures, evaluated in Double).
    @Test func theEngineTakesTheMotionsOverUnchanged() throws {
        let config = try StaggerConfig(spread: .each(0.02), curve: .bouncy)
        var list = try StaggeredList(count: 30, config: config)
        try list.show(at: 0)
        try list.hide(at: 0.2)
        try list.show(at: 0.3)
        let compact = list
        #expect(Self.springs(compact) != nil)
        try list.move(item: 5, to: 0.5, at: 0.35)
        #expect(list.motion.isLanes)
        for time in [0.35, 0.4, 0.55, 0.9] {
            for i in 0..<30 where i != 5 {
                let a = try list.appearance(of: i, at: time), b = try compact.appearance(of: i, at: time)
                #expect(abs(a - b) <= 1e-12, "item \(i) at \(time): \(a) vs \(b)")
            }
        }
        #expect(abs(try list.settleTime(ofItem: 7) - compact.settleTime(ofItem: 7)) <= 1e-9)
    }

    /// Items that had not started when a hide came wait for their turn in the next
    /// show, however often the list turned: the stagger of a re-show is the config's
    /// (0.05 s apart from the show at 0.5, by the published spring).
    @Test func itemsThatNeverStartedKeepTheirTurn() throws {
        var list = try StaggeredList(count: 12, config: try StaggerConfig(spread: .each(0.05), curve: .snappy))
        try list.show(at: 0)
        try list.hide(at: 0.12)
        try list.show(at: 0.2)
        try list.hide(at: 0.25)
        try list.show(at: 0.5)
        // Rows 3-11 never started (row 2 starts at 0.1, before the first hide).
        for time in [0.6, 0.75, 1.0] {
            for i in 3..<12 {
                let elapsed = time - 0.5 - 0.05 * Double(i)
                let expected = elapsed <= 0 ? 0 : try Curve.snappy.value(at: elapsed)
                #expect(abs(try list.appearance(of: i, at: time) - expected) <= 2e-6, "row \(i) at \(time)")
            }
        }
    }
}

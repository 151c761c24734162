import Foundation
import PropertyBased
import Stagger
import Testing

/// Interrupted easing lanes are additive (SwiftUI's and Core Animation's behaviour): the
/// motion in flight runs on and the new one adds the change of target, so value and
/// velocity stay continuous (for curves that start flat), on the Double reference and
/// in the kernel on every backend.
@Suite struct AdditiveEasingTests {
    /// The card demo on easings (CSS ease-in-out, whose slope is 0 at both ends): a
    /// second tap at 0.15 s sends it back; every lane's value and velocity carry over
    /// within 1e-5, and the motion really was under way.
    @Test func interruptedEasingCardExpansionIsContinuous() throws {
        let curves = MatchedCurves(
            position: try .easeInOut(duration: 0.45), size: try .easing(.easeInOutCubic, duration: 0.4),
            cornerRadius: try .easeInOut(duration: 0.3), appearance: try .easeIn(duration: 0.35))
        let (_, group) = try MatchedKernelTests.tapBack(curves, at: 0.15)
        // The old motion runs to its end at 0.45 s while the reversal (a change of
        // −(detail − card)) runs to 0.6 s: the sum arrives at the card.
        let end = try group.state(ofPair: 0, at: group.settleTime).frame
        #expect(abs(group.settleTime - 0.6) <= 1e-12)
        #expect(abs(end.minY - 400) <= 1e-9 && abs(end.width - 160) <= 1e-9)
        // Independently: anchorY = old(t) + Δ·easeInOut((t − tap)/0.45) with CSS ease-in-out
        // solved here by bisection on its bezier (0.42, 0, 0.58, 1); the anchor is the
        // box's centre: y 400 + 100/2 on the card, 0 + 600/2 on the detail view.
        let ys = [450.0, 300.0]
        for t in [0.2, 0.3, 0.5] {
            let old = ys[0] + (ys[1] - ys[0]) * Self.cssEaseInOut(min(t / 0.45, 1))
            let expected = old + (ys[0] - ys[1]) * Self.cssEaseInOut((t - 0.15) / 0.45)
            #expect(
                abs(try group.laneValues(ofPair: 0, at: t)[MatchedLane.anchorY.rawValue].value - expected) <= 1e-9,
                "t \(t)")
        }
    }

    /// cubic-bezier(0.42, 0, 0.58, 1) at x by bisection on x(s) (CSS Easing 1).
    static func cssEaseInOut(_ x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if coordinate(0.42, 0.58, mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(0, 1, (lo + hi) / 2)
    }

    /// A curve that starts steep adds its own initial slope: easeOutCubic, 1 − (1 − p)³,
    /// starts at slope 3, so the velocity steps by 3·Δ/duration and the value does not
    /// move. (An easing's velocity at its own start instant is reported as 0, the held
    /// side; the step shows just after it.)
    @Test func aSteepStartAddsItsSlope() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 300, y: 0, width: 10, height: 10))
        let c = try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10))
        var group = try MatchedPairGroup(
            [try MatchedPair(source: a, destination: b)],
            curves: MatchedCurves(try .easing(.easeOutCubic, duration: 0.5)))
        try group.start(at: 0)
        let heading = group
        let before = try group.laneValues(ofPair: 0, at: 0.1)[MatchedLane.anchorX.rawValue]
        try group.retarget([c], at: 0.1)
        let after = try group.laneValues(ofPair: 0, at: 0.1)[MatchedLane.anchorX.rawValue]
        #expect(abs(after.value - before.value) <= 1e-12)
        let justAfter = 0.1 + 1e-9
        let old = try heading.laneValues(ofPair: 0, at: justAfter)[MatchedLane.anchorX.rawValue].velocity
        let new = try group.laneValues(ofPair: 0, at: justAfter)[MatchedLane.anchorX.rawValue].velocity
        #expect(abs(new - (old + 3 * (100 - 300) / 0.5)) <= 1e-5)
        // Before the tap the motion ran 1 − (1 − p)³ toward 300 (anchor: the box's centre).
        #expect(abs(before.value - (5 + 300 * (1 - pow(1 - 0.2, 3)))) <= 1e-9)
    }

    /// Per-pair completion (issue 21): a pair comes to rest at its delay plus the
    /// curve's duration; pairs settle in order; nothing before the first transition.
    @Test func pairsSettleAtTheirDelayPlusTheDuration() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 300, y: 0, width: 10, height: 10))
        var group = try MatchedPairGroup(
            [try MatchedPair(source: a, destination: b), try MatchedPair(source: b, destination: a)],
            curves: MatchedCurves(try .linear(duration: 1)), stagger: try StaggerConfig(spread: .each(0.1)))
        #expect(try group.settleTime(ofPair: 0) == -.infinity)
        #expect(try group.pairsSettling(after: -10, through: 10).isEmpty)
        try group.start(at: 2)
        #expect(try abs(group.settleTime(ofPair: 0) - 3) <= 1e-9 && abs(group.settleTime(ofPair: 1) - 3.1) <= 1e-7)
        #expect(try group.pairsSettling(after: 2.95, through: 3.05).map(\.index) == [0])
        #expect(try group.pairsSettling(after: 2, through: 4).map(\.index) == [0, 1])
        #expect(abs(group.settleTime - (try group.settleTime(ofPair: 1))) <= 1e-12)
        #expect(throws: AnimatableError.unknownElement("pair 2")) { try group.settleTime(ofPair: 2) }
    }

    /// A way back of its own (issue 18): `reverseCurves` drive reverse and a release
    /// toward the source, `curves` the way out; values from the linear curve's and
    /// easeInQuad's definitions, reference and kernel on every backend.
    @Test(arguments: testedBackends)
    func theWayBackRunsItsOwnCurves(backend: Backend) throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 300, y: 0, width: 10, height: 10))
        var group = try MatchedPairGroup(
            [try MatchedPair(source: a, destination: b)], curves: MatchedCurves(try .linear(duration: 1)))
        group.reverseCurves = MatchedCurves(try .easing(.easeInQuad, duration: 0.5))
        var frame = group.makeFrame()
        func x(at t: Double) throws -> (reference: Double, kernel: Double) {
            try group.sample(at: t, into: &frame, backend: backend)
            return (try group.state(ofPair: 0, at: t).frame.minX, try group.state(ofPair: 0, in: frame).frame.minX)
        }
        try group.start(at: 0)
        try group.reverse(at: 2)
        // 0.2 s of 0.5 s back: easeInQuad(0.4) = 0.16 of the way from 300 to 0.
        for (value, expected) in [(try x(at: 2.2), 300 - 300 * 0.16), (try x(at: 2.5), 0)] {
            #expect(abs(value.reference - expected) <= 1e-9 && abs(value.kernel - expected) <= 1e-3, "\(value)")
        }
        // Out again on the linear curve: half-way 0.5 s in.
        try group.start(at: 4)
        let out = try x(at: 4.5)
        #expect(abs(out.reference - 150) <= 1e-9 && abs(out.kernel - 150) <= 1e-3, "\(out)")
        // A release toward the source from the scrub's end runs the way-back curves.
        try group.release(fromProgress: 1, velocity: 0, toward: .source, at: 10)
        let back = try x(at: 10.2)
        #expect(
            abs(back.reference - (300 - 300 * 0.16)) <= 1e-9 && abs(back.kernel - (300 - 300 * 0.16)) <= 1e-3, "\(back)"
        )
    }

    /// Taps faster than the duration stack layers; beyond the bound the oldest motion
    /// freezes. The value stays continuous at every tap, the kernel matches the
    /// reference on every backend, and the pair ends at the last destination.
    @Test(arguments: testedBackends)
    func rapidTapsStayContinuousInTheKernel(backend: Backend) throws {
        var group = try MatchedPairGroup(
            [
                try MatchedPair(source: MatchedKernelTests.card, destination: MatchedKernelTests.detail),
                try MatchedPair(source: MatchedKernelTests.detail, destination: MatchedKernelTests.card)
            ],
            curves: MatchedCurves(try .easing(.easeInOutSine, duration: 0.6)))
        try group.start(at: 0)
        var frame = group.makeFrame()
        for (k, tap) in [0.05, 0.1, 0.17, 0.2, 0.26, 0.3].enumerated() {
            let before = try (0..<2).map { try group.laneValues(ofPair: $0, at: tap) }
            if k.isMultiple(of: 2) { try group.reverse(at: tap) } else { try group.start(at: tap) }
            for pair in 0..<2 {
                let after = try group.laneValues(ofPair: pair, at: tap)
                for l in after.indices {
                    #expect(abs(after[l].value - before[pair][l].value) <= 1e-9 * max(1, abs(after[l].value)))
                }
            }
            for offset in [0.0, 0.013, 0.08, 0.4] {
                let time = tap + offset
                try group.sample(at: time, into: &frame, backend: backend)
                for pair in 0..<2 {
                    let reference = try group.laneValues(ofPair: pair, at: time)
                    for l in reference.indices {
                        let kernel = Double(frame.values[l * 2 + pair])
                        // Points (anchor, size, shadow) reach 600; the other lanes are
                        // fractions and colour components in 0...1.
                        let points = l < MatchedLane.topLeadingX.rawValue || l >= MatchedLane.shadowRadius.rawValue
                        #expect(
                            abs(kernel - reference[l].value) <= 1e-5 * (points ? 600 : 1),
                            "tap \(k) lane \(l) pair \(pair) at \(time): \(kernel) vs \(reference[l].value)")
                    }
                }
            }
        }
        let end = try group.state(ofPair: 0, at: group.settleTime).frame
        #expect(abs(end.minY - 0) <= 1e-9 && abs(end.width - 390) <= 1e-9, "\(end)")
    }

    /// Component states: an easing element interrupted by a transition with the same
    /// timing keeps value and velocity (easeInOut starts flat).
    @Test func componentEasingInterruptionKeepsVelocity() throws {
        var a = ComponentState("a"), b = ComponentState("b"), c = ComponentState("c")
        try a.set("x", of: "dot", to: 0.0)
        try b.set("x", of: "dot", to: 200.0)
        try c.set("x", of: "dot", to: -50.0)
        let timing = ComponentTransition(try ElementTiming(curve: try .easeInOut(duration: 0.4)))
        var animator = ComponentAnimator(state: a)
        try animator.transition(to: b, at: 0, using: timing)
        // Velocity just after the tap, where the new motion has begun (at the tap itself
        // an easing reports its held side): easeInOut's slope there is ~5e-9 of the
        // change per second, so the velocities agree within 1e-4.
        let justAfter = 0.1 + 1e-9
        let before = (
            try animator.value("x", of: "dot", at: 0.1, as: Double.self),
            try animator.velocity("x", of: "dot", at: justAfter)[0]
        )
        try animator.transition(to: c, at: 0.1, using: timing)
        let after = (
            try animator.value("x", of: "dot", at: 0.1, as: Double.self),
            try animator.velocity("x", of: "dot", at: justAfter)[0]
        )
        #expect(abs(before.1) > 100, "the dot was moving")
        #expect(abs(after.0 - before.0) <= 1e-9 && abs(after.1 - before.1) <= 1e-4, "\(before) \(after)")
        #expect(abs(try animator.value("x", of: "dot", at: 0.5, as: Double.self) + 50) <= 1e-9)
        #expect(animator.isComplete(at: 0.5) && !animator.isComplete(at: 0.49))
        // Another curve restarts from the value (documented): value continuous only.
        var other = ComponentAnimator(state: a)
        try other.transition(to: b, at: 0, using: timing)
        try other.transition(
            to: c, at: 0.1, using: ComponentTransition(try ElementTiming(curve: try .linear(duration: 0.4))))
        #expect(abs(try other.value("x", of: "dot", at: 0.1, as: Double.self) - before.0) <= 1e-9)
        #expect(abs(try other.velocity("x", of: "dot", at: 0.1 + 1e-9)[0] - (-50 - before.0) / 0.4) <= 1e-9)
    }
}

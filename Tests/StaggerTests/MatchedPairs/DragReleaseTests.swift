import Stagger
import Testing

/// Handing a drag over to a spring (issue 21): a pair group released from a scrub, a list
/// item and a component property released with the finger's velocity. Continuity is
/// checked by central differences of the dragged motion before the release and of the
/// animation after it, not by the library's own velocities.
@Suite struct DragReleaseTests {
    static let h = 1e-5

    static func group(
        curves: MatchedCurves? = nil
    ) throws -> MatchedPairGroup {
        var pairs: [MatchedPair] = []
        for i in 0..<4 {
            let x = Double(i) * 60
            pairs.append(
                try MatchedPair(
                    source: try MatchedGeometry(frame: LayoutRect(x: x, y: 400, width: 50, height: 50), cornerRadii: 8),
                    destination: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 390, height: 300))))
        }
        return try MatchedPairGroup(
            pairs, curves: try curves ?? MatchedCurves(try .spring(response: 0.4, dampingFraction: 0.8)),
            stagger: try StaggerConfig(delayIncrement: 0.08))
    }

    /// The edges a user sees, which the lanes drive.
    static func edges(_ state: MatchedPairState) -> [Double] {
        [state.frame.minX, state.frame.minY, state.frame.width, state.frame.height, state.opacity]
    }

    /// A spring per property: a release finds each curve's figures once for the rows
    /// it drives.
    static let mixedSprings = MatchedCurves(
        position: .bouncy, size: .smooth, cornerRadius: .snappy,
        appearance: try! .spring(response: 0.4, dampingFraction: 0.8))

    /// A drag moving progress at `w` per second lets go at progress `p0`, time `t0`: the
    /// released group starts where the scrub was, with the velocity the drag gave it
    /// (one spring, or a spring per property).
    @Test(arguments: [(0.3, 2.5, false), (0.45, -1.5, false), (0.2, 0, false), (0.3, 2.5, true), (0.45, -1.5, true)])
    func pairGroupContinuesTheScrub(p0: Double, w: Double, mixed: Bool) throws {
        let curves = mixed ? Self.mixedSprings : nil
        var group = try Self.group(curves: curves)
        let t0 = 3.0
        let h = Self.h
        let scrubbed = try Self.group(curves: curves)
        func dragged(_ t: Double, pair: Int) throws -> [Double] {
            Self.edges(try scrubbed.state(ofPair: pair, atProgress: p0 + w * (t - t0)))
        }
        try group.release(fromProgress: p0, velocity: w, toward: .destination, at: t0)
        var fastest = 0.0
        for pair in 0..<4 {
            let at = Self.edges(try group.state(ofPair: pair, at: t0))
            let scrubbedNow = try dragged(t0, pair: pair)
            // Before: a central difference at t0 − h of the drag; after: one at t0 + h of
            // the animation. Both approximate the velocity at t0 to O(h · acceleration).
            let before0 = try dragged(t0 - 2 * h, pair: pair)
            let after = Self.edges(try group.state(ofPair: pair, at: t0 + 2 * h))
            for k in at.indices {
                #expect(abs(at[k] - scrubbedNow[k]) <= 1e-9 * max(1, abs(at[k])), "pair \(pair) edge \(k)")
                let vBefore = (scrubbedNow[k] - before0[k]) / (2 * h)
                let vAfter = (after[k] - at[k]) / (2 * h)
                fastest = max(fastest, abs(vBefore))
                // 1 pt/s for the O(h · acceleration) of the two differences (a spring's
                // ω₀² · span is below 10⁵ pt/s² here).
                #expect(
                    abs(vAfter - vBefore) <= 2e-3 * max(100, abs(vBefore)) + 1,
                    "pair \(pair) edge \(k): \(vBefore) before, \(vAfter) after")
            }
        }
        // The check can fail: with w ≠ 0 some edge moves fast at the release.
        if w != 0 { #expect(fastest > 100) }
        #expect(group.isAtDestination)
    }

    /// Pairs the scrub has not started wait the rest of their delay heading to the
    /// destination (the stagger carries on), and stay put heading back.
    @Test func unstartedPairsKeepTheirTurn() throws {
        let spring = try Curve.spring(response: 0.4, dampingFraction: 0.8)
        var forward = try Self.group()
        let scrubTime = 0.15 * forward.scrubDuration
        // Delays 0, 0.08, 0.16, 0.24: pairs 2 and 3 have not started at scrub time.
        #expect(scrubTime > 0.08 && scrubTime < 0.16)
        var back = forward
        try forward.release(fromProgress: 0.15, velocity: 1, toward: .destination, at: 10)
        try back.release(fromProgress: 0.15, velocity: 1, toward: .source, at: 10)
        for pair in 2...3 {
            let wait = 0.08 * Double(pair) - scrubTime
            let source = forward.pairs[pair].source.frame, destination = forward.pairs[pair].destination.frame
            let waiting = try forward.state(ofPair: pair, at: 10 + wait - 1e-6)
            #expect(abs(waiting.frame.minY - source.minY) < 1e-9)
            // 0.1 s after its turn, where a spring from rest toward the destination is.
            let moving = try forward.state(ofPair: pair, at: 10 + wait + 0.1)
            let expected = source.minY + (destination.minY - source.minY) * (try spring.value(at: 0.1))
            #expect(abs(moving.frame.minY - expected) < 1e-6, "pair \(pair): \(moving.frame.minY) vs \(expected)")
            for t in [10.0, 10.2, 11.0] {
                #expect(abs((try back.state(ofPair: pair, at: t)).frame.minY - source.minY) < 1e-9)
            }
        }
    }

    /// The kernel samples a released group as its Double reference does, on every backend.
    @Test(arguments: testedBackends)
    func releasedGroupSamplesInTheKernel(backend: Backend) throws {
        var group = try Self.group()
        try group.release(fromProgress: 0.4, velocity: -2, toward: .source, at: 1)
        try Self.expectKernelMatchesReference(group, at: [1.0, 1.05, 1.2, 1.6], backend: backend)
    }

    /// Every pair's edges as the kernel samples them at `times` on `backend`, within 2e-2
    /// of the group's Double reference.
    static func expectKernelMatchesReference(
        _ group: MatchedPairGroup, at times: [Double], backend: Backend
    ) throws {
        var frame = group.makeFrame()
        for t in times {
            try group.sample(at: t, into: &frame, backend: backend)
            for pair in 0..<group.pairs.count {
                let kernel = try group.state(ofPair: pair, in: frame)
                let reference = try group.state(ofPair: pair, at: t)
                for (a, b) in zip(Self.edges(kernel), Self.edges(reference)) {
                    #expect(abs(a - b) <= 2e-2, "pair \(pair) at \(t): kernel \(a), reference \(b)")
                }
            }
        }
    }

    /// A release after transitions writes the buffers those transitions left (an easing
    /// reverse leaves lanes with two motions each): the released group is where the scrub
    /// is, and the kernel samples it as the reference does, on every backend, after a
    /// second release too.
    @Test(arguments: testedBackends)
    func releaseAfterTransitionsStartsAfresh(backend: Backend) throws {
        let easing = MatchedCurves(try .easing(.easeInOutCubic, duration: 0.4))
        let scrubbed = try Self.group(curves: easing)
        var group = scrubbed
        try group.start(at: 0)
        try group.reverse(at: 0.1)
        for (release, progress) in [(0.2, 0.5), (0.3, 0.25)] {
            try group.release(fromProgress: progress, velocity: 1, toward: .destination, at: release)
            for pair in 0..<4 {
                let at = Self.edges(try group.state(ofPair: pair, at: release))
                let scrub = Self.edges(try scrubbed.state(ofPair: pair, atProgress: progress))
                for (a, b) in zip(at, scrub) {
                    #expect(abs(a - b) <= 1e-9 * max(1, abs(a)), "pair \(pair) at \(release): \(a), scrub \(b)")
                }
            }
            try Self.expectKernelMatchesReference(
                group, at: [release, release + 0.05, release + 0.2, release + 0.6], backend: backend)
        }
    }

    /// Under reduced motion a release keeps the stagger within ReducedMotion.maximumSpread,
    /// as a transition does: a 2 s stagger is scaled by 0.1 / 2, and the scrub's time
    /// past the base delay counts at the same scale.
    @Test func reducedReleaseScalesTheRestOfTheStagger() throws {
        let pairs = try (0..<3).map { i in
            try MatchedPair(
                source: try MatchedGeometry(frame: LayoutRect(x: Double(i) * 10, y: 100, width: 10, height: 10)),
                destination: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 100, height: 100)))
        }
        var group = try MatchedPairGroup(
            pairs, curves: MatchedCurves(.snappy), stagger: try StaggerConfig(spread: .amount(2)))
        group.reducedMotion = .always
        let scrubbed = 0.02 * group.scrubDuration
        #expect(scrubbed < 1)  // pair 2 (delay 2 s) has not started
        try group.release(fromProgress: 0.02, velocity: 0, toward: .destination, at: 10)
        let scale = ReducedMotion.maximumSpread / 2
        let wait = 2 * scale - scrubbed * scale
        #expect(try group.state(ofPair: 2, at: 10 + wait - 1e-3).frame.minY == 100)
        // Frames jump under reduced motion: at the destination just after its turn.
        #expect(abs(try group.state(ofPair: 2, at: 10 + wait + 1e-3).frame.minY) < 1e-9)
    }

    @Test func pairGroupRefusesBadReleases() throws {
        var group = try Self.group()
        try group.start(at: 1)
        let before = try group.state(ofPair: 1, at: 1.3)
        #expect(throws: AnimatableError.timeRunsBackward(time: 0.5, latest: 1)) {
            try group.release(fromProgress: 0.5, velocity: 1, toward: .destination, at: 0.5)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "progress", value: .nan)) {
            try group.release(fromProgress: .nan, velocity: 1, toward: .destination, at: 2)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "progress velocity", value: .infinity)) {
            try group.release(fromProgress: 0.5, velocity: .infinity, toward: .destination, at: 2)
        }
        #expect(try group.state(ofPair: 1, at: 1.3) == before)
    }

    /// A drag flung so fast that a lane's velocity overflows is refused, naming the first
    /// such lane of a pair the scrub has started (row by row, pair by pair); the pairs
    /// still waiting for their turn have no velocity to overflow. Nothing changes.
    @Test func pairGroupRefusesAReleaseWhoseVelocityOverflows() throws {
        // Pair 3 starts first and pair 0 last (0.08 s apart): at 0.1 s into the scrub,
        // pairs 3 and 2 move and pairs 1 and 0 wait.
        let pairs = try Self.group().pairs
        var group = try MatchedPairGroup(
            pairs, curves: try MatchedCurves(.spring(response: 0.4, dampingFraction: 0.8)),
            stagger: try StaggerConfig(spread: .each(0.08), from: .last))
        try group.start(at: 1)
        let before = try group.state(ofPair: 2, at: 1.3)
        let progress = 0.1 / group.scrubDuration
        // Pair 2's centre moves from x = 145 (a 50-point box at 120) to 195 (a 390-point
        // box at 0), +50 points; 0.02 s into its spring it gathers speed, so at 1e308
        // progress per second its velocity is +∞ (pair 3's overflows too, but comes
        // after it in the row).
        #expect(throws: AnimatableError.nonFiniteComponent(name: "pair 2 anchorX velocity", value: .infinity)) {
            try group.release(fromProgress: progress, velocity: 1e308, toward: .destination, at: 2)
        }
        #expect(try group.state(ofPair: 2, at: 1.3) == before)
        // Slower, it goes through: the waiting pairs wait out the rest of their delays.
        try group.release(fromProgress: progress, velocity: 1, toward: .destination, at: 2)
        #expect(try group.state(ofPair: 0, at: 2.1).frame == pairs[0].source.frame)
    }

    /// A swiped row lets go at appearance 0.6 moving at −4 per second: it carries on
    /// from there (spring), and the other rows keep their trajectories.
    @Test func listItemContinuesTheSwipe() throws {
        var list = try StaggeredList(count: 8, config: StaggerConfig(delayIncrement: 0.05, curve: .smooth))
        try list.show(at: 0)
        let untouched = list
        try list.release(item: 3, from: 0.6, velocity: -4, toward: 0, at: 0.3)
        let h = Self.h
        let at = try list.appearance(of: 3, at: 0.3)
        #expect(abs(at - 0.6) < 1e-6)
        let after = try list.appearance(of: 3, at: 0.3 + 2 * h)
        #expect(abs((after - at) / (2 * h) - -4) < 2e-2, "velocity after the release: \((after - at) / (2 * h))")
        for item in [0, 2, 4, 7] {
            for t in [0.3, 0.35, 0.5, 1.2] {
                // Offsets now count from the release (float32): the same to rounding.
                let moved = try list.appearance(of: item, at: t), kept = try untouched.appearance(of: item, at: t)
                #expect(abs(moved - kept) <= 1e-6, "item \(item) at \(t): \(moved) vs \(kept)")
            }
        }
        // Heading to 0, it arrives.
        #expect(abs(try list.appearance(of: 3, at: 5)) < 1e-3)
        #expect(list.isShown)
    }

    /// A row at rest at 1 dimmed to 0.5 with CSS ease-in-out (0.42, 0, 0.58, 1; 0.5 at
    /// half time by its symmetry): 0.75 halfway, 0.5 at the end, on every backend.
    @Test(arguments: testedBackends)
    func listItemMovesToACallersValue(backend: Backend) throws {
        var list = try StaggeredList(
            count: 5, config: StaggerConfig(delayIncrement: 0.05, curve: try .easeInOut(duration: 0.3)),
            tracks: [.opacity])
        try list.show(at: 0)
        try list.move(item: 2, to: 0.5, at: 2)
        var frame = list.makeFrame()
        for (t, expected) in [(2.0, 1.0), (2.15, 0.75), (2.3, 0.5), (3.0, 0.5)] {
            #expect(abs(try list.appearance(of: 2, at: t) - expected) < 1e-6)
            try list.sample(at: t, into: &frame, backend: backend)
            #expect(abs(Double(frame.values(ofTrack: 0)[2]) - expected) < 1e-5, "at \(t)")
            #expect(frame.values(ofTrack: 0)[1] == 1)
        }
    }

    @Test func listRefusesBadMoves() throws {
        var list = try StaggeredList(count: 4, config: .standard)
        try list.show(at: 0)
        let before = list
        #expect(throws: StaggerError.invalidAppearance(name: "target", value: .nan)) {
            try list.move(item: 1, to: .nan, at: 1)
        }
        #expect(throws: StaggerError.invalidAppearance(name: "velocity", value: .infinity)) {
            try list.release(item: 1, from: 0.5, velocity: .infinity, toward: 1, at: 1)
        }
        // Finite but beyond float32: the range error, named as pairs name theirs.
        #expect(throws: StaggerError.curve(.exceedsFloat32Range(name: "appearance", value: 1e39))) {
            try list.release(item: 1, from: 1e39, velocity: 0, toward: 1, at: 1)
        }
        #expect(throws: StaggerError.curve(.exceedsFloat32Range(name: "target", value: 1e39))) {
            try list.move(item: 1, to: 1e39, at: 1)
        }
        #expect(throws: StaggerError.indexOutOfRange(index: 4, count: 4)) { try list.move(item: 4, to: 1, at: 1) }
        #expect(throws: StaggerError.invalidTime(.infinity)) { try list.move(item: 0, to: 1, at: .infinity) }
        for t in [0.0, 0.2, 1.0] { #expect(try list.appearance(of: 1, at: t) == before.appearance(of: 1, at: t)) }
    }

    /// A card dragged to offset 120 lets go at −800 pt/s: it carries on from there to its
    /// target; the badge element keeps its motion exactly.
    @Test func componentPropertyContinuesTheDrag() throws {
        var rest = ComponentState("rest")
        try rest.set("offset", of: "card", to: 0.0)
        try rest.set("scale", of: "badge", to: 1.0)
        var raised = ComponentState("raised")
        try raised.set("offset", of: "card", to: 40.0)
        try raised.set("scale", of: "badge", to: 1.4)
        var animator = ComponentAnimator(state: rest)
        try animator.transition(
            to: raised, at: 0,
            using: ComponentTransition(
                try ElementTiming(curve: .snappy), elements: ["badge": try ElementTiming(curve: .bouncy, delay: 0.1)]))
        let untouched = animator
        try animator.release("offset", of: "card", from: 120.0, velocity: [-800], at: 0.05)
        let h = Self.h
        let at: Double = try animator.value("offset", of: "card", at: 0.05)
        let after: Double = try animator.value("offset", of: "card", at: 0.05 + 2 * h)
        #expect(at == 120)
        #expect(abs((after - at) / (2 * h) - -800) < 2, "velocity after: \((after - at) / (2 * h))")
        let settled: Double = try animator.value("offset", of: "card", at: 5)
        #expect(abs(settled - 40) < 0.05)
        for t in [0.05, 0.1, 0.15, 0.4, 2] {
            let a: Double = try animator.value("scale", of: "badge", at: t)
            let b: Double = try untouched.value("scale", of: "badge", at: t)
            #expect(abs(a - b) <= 1e-12, "badge at \(t)")
        }
        #expect(throws: AnimatableError.componentCountMismatch(expected: 1, actual: 2)) {
            try animator.release("offset", of: "card", from: 1.0, velocity: [0, 0], at: 1)
        }
        #expect(throws: AnimatableError.typeMismatch(property: "card.offset")) {
            try animator.release("offset", of: "card", from: LayoutPoint(x: 0, y: 0), velocity: [0, 0], at: 1)
        }
        // 0.04 s before the release at 0.05: within TimeOrder.tolerance, so a release at
        // 0.05; further back is refused.
        #expect(throws: AnimatableError.timeRunsBackward(time: -0.01, latest: 0.05)) {
            try animator.release("offset", of: "card", from: 1.0, velocity: [0], at: -0.01)
        }
    }
}

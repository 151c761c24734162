import PropertyBased
import Stagger
import Testing

/// Groups of matched pairs: the kernel pass against the Double reference on every
/// backend, valid rectangles under monotone curves, and continuity when interrupted.
@Suite(.shrinking(false)) struct MatchedKernelTests {
    /// Easings without jumps (steps would compare a full step at a jump whose float
    /// and Double times round to different sides).
    static let smoothEasing = Gen.int(in: 0..<Easing.allNamed.count).map { Easing.allNamed[$0] }

    static let curve = zip(smoothEasing, springGenerator, Gen.int(in: 0...4), Gen.double(in: 0.05...1.5))
        .map { easing, spring, choice, duration -> Curve in
            switch choice {
            case 0, 1: try! .spring(spring)
            case 2: try! .decay(frictionRate: 5 / duration)
            default: try! .easing(easing, duration: duration)
            }
        }

    static let geometry = zip(
        Gen.double(in: -500...500), Gen.double(in: -500...500), Gen.double(in: 0...400), Gen.double(in: 0...400),
        Gen.double(in: 0...50), Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.bool
    ).map { x, y, w, h, r, c, o, shadow -> MatchedGeometry in
        try! MatchedGeometry(
            frame: LayoutRect(x: x, y: y, width: w, height: h), cornerRadii: CornerRadii(r), opacity: o,
            color: RGBAColor(red: c, green: 1 - c, blue: c * c, alpha: o),
            shadow: shadow
                ? Shadow(color: RGBAColor(red: 0, green: 0, blue: c, alpha: 0.5), radius: r, offsetY: 2) : nil)
    }

    /// The last: bit 0 clips the gamut, bit 1 dissolves (else the standard cross-fade).
    static let options = zip(Gen.int(in: 0...2), Gen.bool, Gen.bool, Gen.int(in: 0...2), Gen.int(in: 0...3))
        .map { properties, aspect, absolute, mixing, flags in
            MatchedPairOptions(
                properties: MatchedProperties.allCases[properties], anchor: aspect ? .center : .topLeading,
                preservesAspectRatio: aspect, cornerRadius: absolute ? .absolute : .relativeToBox,
                crossFade: flags & 2 == 2 ? .dissolve : .standard, colorMixing: ColorMixing.allCases[mixing],
                gamutMapping: flags & 1 == 1 ? .clip : .css)
        }

    static let pair = zip(geometry, geometry, options).map {
        try! MatchedPair(source: $0, destination: $1, options: $2)
    }

    /// The largest |slope| of an easing, from a fine grid (for the tolerance).
    static func steepest(_ curve: Curve) -> Double {
        guard case .easing(let easing, let duration) = curve.kind else { return 0 }
        return (0...2000).map { abs(easing.slope(at: Double($0) / 2000)) }.max()! / min(duration, 1)
    }

    @Test(arguments: testedBackends)
    func kernelMatchesTheReference(backend: Backend) async throws {
        await checkProperty(
            count: 15, input: Self.pair.array(of: 1...16), Self.curve.array(of: 4), Gen.bool, Gen.double(in: 0...0.6),
            Gen.double(in: 0...2).array(of: 1...4)
        ) { pairs, curves, staggered, interruption, later in
            let curves4 = MatchedCurves(
                position: curves[0], size: curves[1], cornerRadius: curves[2], appearance: curves[3])
            var group = try MatchedPairGroup(
                pairs, curves: curves4, stagger: staggered ? try StaggerConfig(spread: .amount(0.3)) : nil)
            try group.start(at: 0)
            if interruption > 0.3 { try group.reverse(at: interruption) }
            var frame = group.makeFrame()
            let n = pairs.count
            let steepest = MatchedCurves.Part.allCases.map { Self.steepest(curves4[$0]) }
            // Each lane's magnitude over its motion (start, interruption, end).
            let ends = try (0..<n).map { i in
                try [-1, interruption, 1000].map { try group.laneValues(ofPair: i, at: $0) }
            }
            for offset in later {
                let time = interruption + offset
                try group.sample(at: time, into: &frame, backend: backend)
                for i in 0..<n {
                    let reference = try group.laneValues(ofPair: i, at: time)
                    let (early, atInterruption, settled) = (ends[i][0], ends[i][1], ends[i][2])
                    for lane in MatchedLane.allCases {
                        let l = lane.rawValue
                        let curve = curves4[lane.part]
                        var scale = max(
                            1, abs(reference[l].value), abs(early[l].value), abs(settled[l].value),
                            abs(atInterruption[l].value))
                        var tolerance: Double
                        if case .spring(let spring, _) = curve.kind {
                            scale = max(scale, abs(atInterruption[l].velocity) / spring.angularFrequency)
                            tolerance = 2e-5 * scale
                            #expect(
                                abs(Double(frame.velocities[l * n + i]) - reference[l].velocity)
                                    <= tolerance * spring.angularFrequency * 2,
                                "\(lane) velocity of pair \(i) at \(time)")
                        } else if case .decay(let decay) = curve.kind {
                            tolerance = 5e-6 * scale
                            #expect(
                                abs(Double(frame.velocities[l * n + i]) - reference[l].velocity)
                                    <= tolerance * decay.frictionRate, "\(lane) velocity of pair \(i) at \(time)")
                        } else {
                            tolerance = scale * (5e-6 + 1e-5 * steepest[lane.part.rawValue])
                        }
                        let kernel = Double(frame.values[l * n + i])
                        #expect(
                            abs(kernel - reference[l].value) <= tolerance,
                            "\(lane) of pair \(i) at \(time) s (\(curve)): kernel \(kernel), reference \(reference[l].value)"
                        )
                    }
                }
            }
        }
    }

    /// Monotone curves (easings that never leave 0…1 and springs at or above critical
    /// damping starting at rest) never give a box a negative side, in the kernel or in
    /// the reference, staggered, reversed mid-flight or not.
    @Test(arguments: testedBackends)
    func rectanglesStayValidUnderMonotoneCurves(backend: Backend) async throws {
        let monotone: [Curve] = [
            try .easing(.linear, duration: 0.4), try .easing(.easeInOut, duration: 0.4),
            try .easing(.easeOutCubic, duration: 0.3), try .easing(.easeInOutExpo, duration: 0.5),
            try .easing(.easeInCirc, duration: 0.3), try .easing(.easeInOutSine, duration: 0.6),
            .smooth, try .spring(response: 0.4, dampingFraction: 1.5)
        ]
        await checkProperty(
            count: 15, input: Self.pair.array(of: 1...20), Gen.int(in: 0..<monotone.count), Gen.double(in: 0...0.8),
            Gen.double(in: 0...2).array(of: 1...5)
        ) { pairs, choice, interruption, times in
            var group = try MatchedPairGroup(
                pairs, curves: MatchedCurves(monotone[choice]),
                stagger: try StaggerConfig(spread: .each(0.01)))
            try group.start(at: 0)
            if interruption > 0.4 { try group.reverse(at: interruption) }
            var frame = group.makeFrame()
            for time in times {
                try group.sample(at: time, into: &frame, backend: backend)
                for i in pairs.indices {
                    let kernel = try group.state(ofPair: i, in: frame).frame.size
                    let reference = try group.state(ofPair: i, at: time).frame.size
                    // Monotone in exact arithmetic; a spring's float32 exponential may
                    // round a settling side a few ulps past 0 (critically damped: the
                    // last 1e-7 of the span), so the kernel may dip by float32 rounding
                    // of the side's scale, and the Double reference by Double's.
                    let ends = [pairs[i].source.frame.size, pairs[i].destination.frame.size]
                    let scale = max(1, ends.map { max($0.width, $0.height) }.max()!)
                    #expect(
                        kernel.width >= -1e-5 * scale && kernel.height >= -1e-5 * scale, "kernel \(kernel) at \(time)")
                    #expect(
                        reference.width >= -1e-12 * scale && reference.height >= -1e-12 * scale,
                        "reference \(reference) at \(time)")
                }
            }
        }
    }

    /// The card demo: a card expands into a detail view on springs (a bouncy position,
    /// smooth size and corners), and a second tap at 0.15 s sends it back. At that
    /// instant every lane's value and velocity must carry over (within 1e-5), and the
    /// motion must really have been under way (no trivial pass).
    @Test func interruptedCardExpansionIsContinuous() throws {
        let curves = MatchedCurves(position: .bouncy, size: .smooth, cornerRadius: .smooth, appearance: .snappy)
        let tap = 0.15
        let (expanding, group) = try Self.tapBack(curves, at: tap)
        let before = try expanding.laneValues(ofPair: 0, at: tap)
        let stateBefore = try expanding.state(ofPair: 0, at: tap)
        let stateAfter = try group.state(ofPair: 0, at: tap)
        #expect(abs(stateAfter.frame.minX - stateBefore.frame.minX) <= 1e-5)
        #expect(abs(stateAfter.frame.height - stateBefore.frame.height) <= 1e-5)
        // It then heads back and arrives at the card.
        let end = try group.state(ofPair: 0, at: group.settleTime + 1).frame
        #expect(abs(end.minY - 400) < 0.5 && abs(end.width - 160) < 0.5)
        // The kernel agrees at the instant of the tap, on every backend.
        for backend in testedBackends {
            var frame = group.makeFrame()
            try group.sample(at: tap, into: &frame, backend: backend)
            #expect(abs(Double(try frame.value(.anchorY, pair: 0)) - before[MatchedLane.anchorY.rawValue].value) < 1e-3)
            #expect(
                abs(
                    Double(frame.velocities[MatchedLane.anchorY.rawValue])
                        - before[MatchedLane.anchorY.rawValue].velocity)
                    < 1e-3 * abs(before[MatchedLane.anchorY.rawValue].velocity))
        }
    }

    /// A staggered group: the second pair waits its delay, then moves like the first.
    @Test func staggerDelaysEachPair() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10))
        let pair = try MatchedPair(source: a, destination: b)
        let curve = try Curve.easing(.linear, duration: 1)
        var group = try MatchedPairGroup(
            [pair, pair, pair], curves: MatchedCurves(curve),
            stagger: try StaggerConfig(spread: .each(0.25)))
        try group.start(at: 0)
        #expect(abs(try group.state(ofPair: 0, at: 0.5).frame.minX - 50) < 1e-9)
        #expect(abs(try group.state(ofPair: 1, at: 0.5).frame.minX - 25) < 1e-9)
        #expect(abs(try group.state(ofPair: 2, at: 0.5).frame.minX - 0) < 1e-9)
        #expect(abs(group.settleTime - 1.5) < 1e-12)
        var frame = group.makeFrame(recordsVelocity: false)
        #expect(throws: AnimatableError.invalidTime(.nan)) { try group.sample(at: .nan, into: &frame) }
        var wrong = try MatchedFrame(pairCount: 2)
        #expect(throws: AnimatableError.componentCountMismatch(expected: 75, actual: 50)) {
            try group.sample(at: 0, into: &wrong)
        }
    }

    /// Retargeting mid-flight to a new layout keeps value and velocity.
    @Test func retargetKeepsVelocity() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 300, y: 0, width: 10, height: 10))
        let c = try MatchedGeometry(frame: LayoutRect(x: 300, y: 300, width: 50, height: 10))
        var group = try MatchedPairGroup([try MatchedPair(source: a, destination: b)], curves: MatchedCurves(.snappy))
        try group.start(at: 0)
        let before = try group.laneValues(ofPair: 0, at: 0.1)
        let heading = group
        try group.retarget([c], at: 0.1)
        try Self.expectSmooth(from: heading, to: group, at: 0.1)
        let after = try group.laneValues(ofPair: 0, at: 0.1)
        #expect(abs(before[0].velocity) > 100)
        for l in before.indices {
            #expect(
                abs(after[l].value - before[l].value) <= 1e-9 && abs(after[l].velocity - before[l].velocity) <= 1e-9)
        }
        let end = try group.state(ofPair: 0, at: 5).frame
        #expect(abs(end.minY - 300) < 0.5 && abs(end.width - 50) < 0.5)
    }

    static let card = try! MatchedGeometry(
        frame: LayoutRect(x: 16, y: 400, width: 160, height: 100), cornerRadii: CornerRadii(12),
        color: RGBAColor(red: 0.9, green: 0.3, blue: 0.2))
    static let detail = try! MatchedGeometry(
        frame: LayoutRect(x: 0, y: 0, width: 390, height: 600), cornerRadii: CornerRadii(0),
        color: RGBAColor(red: 0.2, green: 0.3, blue: 0.9),
        shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.4), radius: 20))

    /// The card demo on `curves`: the card starts expanding at 0 and a second tap at
    /// `tap` sends it back. Checks that at that instant every lane's value and velocity
    /// carry over (within 1e-5), that the motion is smooth across it, and that the card
    /// really was moving and growing; returns the group before and after the tap.
    static func tapBack(_ curves: MatchedCurves, at tap: Double) throws -> (
        expanding: MatchedPairGroup, group: MatchedPairGroup
    ) {
        var group = try MatchedPairGroup([try MatchedPair(source: card, destination: detail)], curves: curves)
        try group.start(at: 0)
        let before = try group.laneValues(ofPair: 0, at: tap)
        let expanding = group
        try group.reverse(at: tap)
        let after = try group.laneValues(ofPair: 0, at: tap)
        for lane in MatchedLane.allCases {
            let l = lane.rawValue
            #expect(abs(after[l].value - before[l].value) <= 1e-5, "\(lane) value")
            #expect(abs(after[l].velocity - before[l].velocity) <= 1e-5, "\(lane) velocity")
        }
        // Across the tap, not only at it: just before it the expanding motion, just
        // after it the reversed one, and their central difference is the velocity.
        try expectSmooth(from: expanding, to: group, at: tap)
        #expect(abs(before[MatchedLane.anchorY.rawValue].velocity) > 100, "the card was moving")
        #expect(abs(before[MatchedLane.width.rawValue].velocity) > 100, "the card was growing")
        return (expanding, group)
    }

    /// Every lane of pair 0 is continuous with a continuous slope across `tap`: the
    /// value just before (from `old`, the motion before the interruption) and just
    /// after (from `new`) differ by 2h times the reported velocity, up to the curvature
    /// term h·|Δa|/4 (a spring's acceleration changes with its target). A value jump
    /// or a lost velocity (the difference quotient would be the mean of the two sides)
    /// fails this by orders of magnitude.
    static func expectSmooth(from old: MatchedPairGroup, to new: MatchedPairGroup, at tap: Double) throws {
        let h = 1e-6
        let before = try old.laneValues(ofPair: 0, at: tap - h)
        let after = try new.laneValues(ofPair: 0, at: tap + h)
        let now = try new.laneValues(ofPair: 0, at: tap)
        let oldNow = try old.laneValues(ofPair: 0, at: tap)
        for lane in MatchedLane.allCases {
            let l = lane.rawValue
            let slope = (after[l].value - before[l].value) / (2 * h)
            // Each side's acceleration from its own motion only (mixing the two would
            // let a velocity jump excuse itself) bounds the curvature term.
            let accelerations =
                abs(oldNow[l].velocity - before[l].velocity) / h + abs(after[l].velocity - now[l].velocity) / h
            #expect(
                abs(slope - now[l].velocity) <= 1e-4 * max(1, abs(now[l].velocity)) + h * accelerations / 2,
                "\(lane): difference quotient \(slope), velocity \(now[l].velocity)")
        }
    }

    /// Lanes the float32 kernel cannot hold fail once, when the group is built or
    /// moved, naming the pair, lane and value (not a vague error every frame).
    @Test func lanesBeyondFloatRangeAreRejected() throws {
        let far = try MatchedGeometry(frame: LayoutRect(x: 1e39, y: 0, width: 100, height: 100))
        let near = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 100, height: 100))
        #expect(throws: AnimatableError.curve(.exceedsFloat32Range(name: "pair 0 anchorX", value: 1e39 + 0.5 * 100))) {
            try MatchedPairGroup([try MatchedPair(source: far, destination: near)], curves: MatchedCurves(.smooth))
        }
        var group = try MatchedPairGroup(
            [try MatchedPair(source: near, destination: near), try MatchedPair(source: near, destination: far)],
            curves: MatchedCurves(.smooth))
        #expect(
            throws: AnimatableError.curve(.exceedsFloat32Range(name: "pair 1 anchorX target", value: 1e39 + 0.5 * 100))
        ) {
            try group.start(at: 0)
        }
        // Nothing moved: the group still rests at its sources and samples.
        #expect(!group.isAtDestination)
        var frame = group.makeFrame()
        try group.sample(at: 1, into: &frame)
        #expect(try frame.value(.anchorX, pair: 1) == 50)
        // Scrubbing, which runs the kernel between the two ends, names the same lane.
        #expect(
            throws: AnimatableError.curve(.exceedsFloat32Range(name: "pair 1 anchorX target", value: 1e39 + 0.5 * 100))
        ) {
            try group.sample(atProgress: 0.5, into: &frame)
        }
        // Ends that fit float32 (its largest is about 3.4e38) but whose distance does
        // not: the kernel computes the span in float32, so the span is named. Worked by
        // hand: the anchor is the frame's centre, x + 50; 3e38 − (−3e38 + 50) = 6e38
        // (less 50, which Double cannot resolve at that size).
        let west = try MatchedGeometry(frame: LayoutRect(x: -3e38, y: 0, width: 100, height: 100))
        let east = try MatchedGeometry(frame: LayoutRect(x: 3e38, y: 0, width: 100, height: 100))
        var wide = try MatchedPairGroup(
            [try MatchedPair(source: near, destination: near), try MatchedPair(source: west, destination: east)],
            curves: MatchedCurves(try .easing(.easeInOut, duration: 0.3)))
        #expect(throws: AnimatableError.curve(.exceedsFloat32Range(name: "pair 1 anchorX span", value: 6e38))) {
            try wide.start(at: 0)
        }
    }

    /// Time runs forward: a transition before the last one is refused, and the first
    /// one may come at any finite time.
    @Test func timeBeforeTheLastTransitionIsRejected() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10))
        var group = try MatchedPairGroup([try MatchedPair(source: a, destination: b)], curves: MatchedCurves(.snappy))
        try group.start(at: -2)
        try group.reverse(at: 1)
        #expect(throws: AnimatableError.timeRunsBackward(time: 0.5, latest: 1)) { try group.start(at: 0.5) }
        #expect(throws: AnimatableError.timeRunsBackward(time: 0.5, latest: 1)) { try group.retarget([a], at: 0.5) }
        #expect(throws: AnimatableError.timeRunsBackward(time: 0.9, latest: 1)) { try group.reverse(at: 0.9) }
        #expect(!group.isAtDestination)
        // A retarget that fails on a bad destination changes nothing.
        var broken = b
        broken.opacity = 3
        let before = try group.laneValues(ofPair: 0, at: 1.2)
        #expect(throws: AnimatableError.outOfRange(name: "opacity", value: 3)) { try group.retarget([broken], at: 1.1) }
        #expect(group.pairs[0].destination == b)
        let after = try group.laneValues(ofPair: 0, at: 1.2)
        for l in before.indices {
            #expect(before[l].value == after[l].value && before[l].velocity == after[l].velocity)
        }
    }

    /// A frame's accessors and sizes: a bad pair index or count throws.
    @Test func badFrameIndexOrSizeThrows() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let group = try MatchedPairGroup([try MatchedPair(source: a, destination: a)], curves: MatchedCurves(.snappy))
        let frame = group.makeFrame(recordsVelocity: false)
        #expect(throws: AnimatableError.unknownElement("pair 1")) { try frame.value(.width, pair: 1) }
        #expect(throws: AnimatableError.unknownElement("pair -1")) { try frame.value(.width, pair: -1) }
        #expect(throws: AnimatableError.unknownElement("velocities (the frame records none)")) {
            try frame.velocity(.width, pair: 0)
        }
        #expect(frame.values(of: .height).count == 1)
        #expect(throws: AnimatableError.invalidPairCount(count: -1, maximum: MatchedPairGroup.maximumCount)) {
            try MatchedFrame(pairCount: -1)
        }
        #expect(
            throws: AnimatableError.invalidPairCount(
                count: MatchedPairGroup.maximumCount + 1, maximum: MatchedPairGroup.maximumCount)
        ) {
            try MatchedFrame(pairCount: MatchedPairGroup.maximumCount + 1)
        }
        #expect(MatchedPairGroup.maximumCount == (1 << 25) / 25)
        let other = try MatchedFrame(pairCount: 2)
        #expect(throws: AnimatableError.componentCountMismatch(expected: 25, actual: 50)) {
            try group.state(ofPair: 0, in: other)
        }
        #expect(throws: AnimatableError.unknownElement("pair 3")) { try group.state(ofPair: 3, in: frame) }
        var states = [try group.state(ofPair: 0, in: frame)]
        #expect(throws: AnimatableError.componentCountMismatch(expected: 25, actual: 50)) {
            try group.states(in: other, into: &states)
        }
        #expect(states.count == 1, "a throw leaves the states as they were")
    }

    /// Decoding a whole frame in one call gives each pair's own decode, in order, for
    /// every mixing space and gamut mapping (random pairs, staggered springs mid-flight),
    /// whether the pairs cross-fade each their own way or all one way (the dissolve).
    @Test func decodingAFrameMatchesDecodingEachPair() async throws {
        await checkProperty(count: 20, input: Self.pair.array(of: 0...12), Gen.double(in: 0...1.5)) { mixed, time in
            let dissolving = try mixed.map { pair in
                var options = pair.options
                options.crossFade = .dissolve
                return try MatchedPair(source: pair.source, destination: pair.destination, options: options)
            }
            for pairs in [mixed, dissolving] {
                var group = try MatchedPairGroup(
                    pairs, curves: MatchedCurves(.bouncy), stagger: try StaggerConfig(spread: .amount(0.2)))
                try group.start(at: 0)
                var frame = group.makeFrame()
                try group.sample(at: time, into: &frame)
                var states = [MatchedPairState]()
                try group.states(in: frame, into: &states)
                #expect(states.count == pairs.count)
                for i in pairs.indices {
                    let own = try group.state(ofPair: i, in: frame)
                    #expect(states[i] == own, "pair \(i)")
                    // The pair's own cross-fade, by its definition.
                    let fade = pairs[i].options.crossFade
                    let incoming = pairs[i].destination.opacity * fade.incomingOpacity(at: own.progress)
                    let outgoing = pairs[i].source.opacity * fade.outgoingOpacity(at: own.progress)
                    #expect(own.incomingOpacity == incoming && own.outgoingOpacity == outgoing)
                }
                // Reused: the old contents are replaced, not appended to.
                try group.states(in: frame, into: &states)
                #expect(states.count == pairs.count)
            }
        }
    }
}

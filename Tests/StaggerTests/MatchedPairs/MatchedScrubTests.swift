import PropertyBased
import Stagger
import Testing

/// Scrubbing a whole group by progress: the kernel pass against the Double reference on
/// every backend, the stagger mapped into progress, and bad input.
@Suite(.shrinking(false)) struct MatchedScrubTests {
    @Test(arguments: testedBackends)
    func kernelMatchesTheReference(backend: Backend) async throws {
        await checkProperty(
            count: 15, input: MatchedKernelTests.pair.array(of: 1...16), MatchedKernelTests.curve.array(of: 4),
            Gen.bool,
            Gen.double(in: -0.1...1.1).array(of: 1...5)
        ) { pairs, curves, staggered, progresses in
            let curves4 = MatchedCurves(
                position: curves[0], size: curves[1], cornerRadius: curves[2], appearance: curves[3])
            let group = try MatchedPairGroup(
                pairs, curves: curves4, stagger: staggered ? try StaggerConfig(spread: .amount(0.3)) : nil)
            var frame = group.makeFrame()
            let n = pairs.count
            let steepest = MatchedCurves.Part.allCases.map { MatchedKernelTests.steepest(curves4[$0]) }
            for progress in progresses {
                try group.sample(atProgress: progress, into: &frame, backend: backend)
                for i in 0..<n {
                    let reference = try group.state(ofPair: i, atProgress: progress)
                    let kernel = try group.state(ofPair: i, in: frame)
                    // The frame, progress and opacity the lanes give, kernel and reference.
                    let ends = [pairs[i].source.frame, pairs[i].destination.frame]
                    let scale = max(1, ends.map { max(abs($0.minX), abs($0.minY), $0.width, $0.height) }.max()! * 2)
                    // Each part by its own scale and the slopes of the curves that move
                    // it: the frame (points) by position and size; progress by the
                    // appearance curve; opacity too, through the cross-fade, whose
                    // circ-out start is steep (hence its wider allowance).
                    func allowance(_ properties: [MatchedCurves.Part], scale: Double) -> Double {
                        var tolerance =
                            scale
                            * (5e-6 + 1e-5 * properties.map {
                                steepest[MatchedCurves.Part.allCases.firstIndex(of: $0)!]
                            }
                            .max()!)
                        for property in properties {
                            if case .spring = curves4[property].kind { tolerance = max(tolerance, 2e-5 * scale) }
                        }
                        return tolerance
                    }
                    let frameTolerance = allowance([.position, .size], scale: scale)
                    let progressTolerance = allowance([.appearance], scale: 1)
                    let parts = [
                        (kernel.frame.minX, reference.frame.minX, frameTolerance),
                        (kernel.frame.minY, reference.frame.minY, frameTolerance),
                        (kernel.frame.width, reference.frame.width, frameTolerance),
                        (kernel.frame.height, reference.frame.height, frameTolerance),
                        (kernel.progress, reference.progress, progressTolerance),
                        (kernel.opacity, reference.opacity, max(progressTolerance, 1e-3))
                    ]
                    for (k, (a, b, tolerance)) in parts.enumerated() {
                        #expect(
                            abs(a - b) <= tolerance,
                            "part \(k) of pair \(i) at \(progress): kernel \(a), reference \(b)")
                    }
                }
            }
        }
    }

    /// Without a stagger an easing group scrubs exactly like each pair's own scrub
    /// (MatchedPair.state(atProgress:easing:), a separate code path); with a stagger,
    /// pair i starts at progress delayᵢ / T and the last one arrives at 1.
    @Test func progressMapsOntoTheTransition() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 100, y: 50, width: 30, height: 10), opacity: 0.5)
        let pair = try MatchedPair(source: a, destination: b)
        let plain = try MatchedPairGroup(
            [pair, pair], curves: MatchedCurves(try .easing(.easeInOutCubic, duration: 0.7)))
        #expect(plain.scrubDuration == 0.7)
        for p in [0, 0.2, 0.5, 0.93, 1] {
            let own = try pair.state(atProgress: p, easing: .easeInOutCubic)
            let scrubbed = try plain.state(ofPair: 1, atProgress: p)
            #expect(abs(scrubbed.frame.minX - own.frame.minX) <= 1e-12 && abs(scrubbed.opacity - own.opacity) <= 1e-12)
        }
        let linear = try Curve.linear(duration: 1)
        let staggered = try MatchedPairGroup(
            [pair, pair, pair], curves: MatchedCurves(linear), stagger: try StaggerConfig(spread: .each(0.25)))
        #expect(abs(staggered.scrubDuration - 1.5) <= 1e-12)
        // Progress 0.5 is 0.75 s: the pairs are 0.75, 0.5 and 0.25 of the way.
        for (i, fraction) in [0.75, 0.5, 0.25].enumerated() {
            #expect(abs(try staggered.state(ofPair: i, atProgress: 0.5).frame.minX - 100 * fraction) <= 1e-9)
        }
        #expect(try staggered.state(ofPair: 2, atProgress: 1).frame == b.frame)
        #expect(try staggered.state(ofPair: 0, atProgress: -3).frame == a.frame)
        // A spring arrives within 0.001 of the span at progress 1 (its settling time).
        let springy = try MatchedPairGroup([pair], curves: MatchedCurves(.bouncy))
        #expect(abs(try springy.state(ofPair: 0, atProgress: 1).frame.minX - 100) <= 0.1)
        var frame = staggered.makeFrame(recordsVelocity: false)
        try staggered.sample(atProgress: 0.5, into: &frame)
        #expect(abs(Double(try frame.value(.width, pair: 1)) - 20) <= 1e-5)
    }

    @Test func badInputThrows() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let far = try MatchedGeometry(frame: LayoutRect(x: 1e39, y: 0, width: 100, height: 10))
        let group = try MatchedPairGroup([try MatchedPair(source: a, destination: a)], curves: MatchedCurves(.smooth))
        var frame = group.makeFrame()
        #expect(throws: AnimatableError.nonFiniteComponent(name: "progress", value: .nan)) {
            try group.sample(atProgress: .nan, into: &frame)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "progress", value: .infinity)) {
            _ = try group.state(ofPair: 0, atProgress: .infinity)
        }
        #expect(throws: AnimatableError.unknownElement("pair 1")) { _ = try group.state(ofPair: 1, atProgress: 0.5) }
        var wrong = try MatchedFrame(pairCount: 2)
        #expect(throws: AnimatableError.componentCountMismatch(expected: 25, actual: 50)) {
            try group.sample(atProgress: 0.5, into: &wrong)
        }
        let undamped = try MatchedPairGroup(
            [try MatchedPair(source: a, destination: a)],
            curves: MatchedCurves(try .interpolatingSpring(stiffness: 100, damping: 0)))
        #expect(throws: AnimatableError.curve(.invalidDuration(.infinity))) {
            try undamped.sample(atProgress: 0.5, into: &frame)
        }
        let huge = try MatchedPairGroup([try MatchedPair(source: a, destination: far)], curves: MatchedCurves(.smooth))
        #expect(throws: AnimatableError.self) { try huge.sample(atProgress: 0.5, into: &frame) }
    }
}

import Testing

@testable import Stagger

/// What a group does once for many pairs gives each pair what it alone gives. The
/// layout converts a colour once for a run of pairs of that colour: every lane must be
/// what the pair alone gives (each pair laid out by itself converts every colour
/// afresh), for runs of one colour, a colour that comes back after another, the same
/// colour under another mixing, and −0 against +0 (equal as numbers, not as bits).
/// Every pair's state at once reads a cross-fade the pairs share once.
@Suite struct GroupLayoutTests {
    @Test func aGroupLaysOutEachPairAsThePairAlone() throws {
        let red = try RGBAColor(red: 0.9, green: 0.2, blue: 0.1)
        let blue = try RGBAColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.5)
        let negativeZero = try RGBAColor(red: -0.0, green: 0.5, blue: 0.25)
        let positiveZero = try RGBAColor(red: 0.0, green: 0.5, blue: 0.25)
        let shadow = try Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.3), radius: 8, offsetY: 4)
        let fills: [(RGBAColor, ColorMixing)] = [
            (red, .oklab), (red, .oklab), (blue, .oklab), (red, .oklab), (red, .linearSRGB), (red, .sRGB),
            (red, .oklab), (negativeZero, .oklab), (positiveZero, .oklab), (negativeZero, .oklab)
        ]
        let pairs = try fills.enumerated().map { index, fill in
            let source = try MatchedGeometry(
                frame: LayoutRect(x: Double(index) * 10, y: 0, width: 36, height: 36), color: fill.0,
                shadow: index % 3 == 0 ? shadow : nil)
            let destination = try MatchedGeometry(
                frame: LayoutRect(x: 0, y: Double(index) * 20, width: 72, height: 54), color: blue, shadow: shadow)
            return try MatchedPair(
                source: source, destination: destination, options: MatchedPairOptions(colorMixing: fill.1))
        }
        let n = pairs.count
        // The runs of colours at the source end, then (the pairs turned around) at the
        // destination end.
        let turned = try pairs.map {
            try MatchedPair(source: $0.destination, destination: $0.source, options: $0.options)
        }
        for (name, pairs) in [("pairs", pairs), ("turned pairs", turned)] {
            let lanes = try MatchedPairGroup.layout(pairs)
            for (i, pair) in pairs.enumerated() {
                var alone = [Double](repeating: .nan, count: 2 * MatchedPair.laneCount)
                try pair.forEachLane { lane, source, destination in
                    alone[lane] = source
                    alone[MatchedPair.laneCount + lane] = destination
                }
                for l in 0..<MatchedPair.laneCount {
                    let lane = MatchedLane.allCases[l]
                    #expect(lanes.source[l * n + i].bitPattern == alone[l].bitPattern, "\(name) \(i) \(lane) at source")
                    #expect(
                        lanes.destination[l * n + i].bitPattern == alone[MatchedPair.laneCount + l].bitPattern,
                        "\(name) \(i) \(lane) at destination")
                }
            }
        }
    }

    /// Lanes that overflow are named in one order, whatever else overflows too: for a
    /// pair alone or a group made of pairs, the first lane at any pair's source (lane by
    /// lane, pair by pair), else the first at a destination. Worked by hand: a frame
    /// 1e308 tall at y = 1.5e308 puts its centre at 2e308, past Double's largest
    /// (about 1.8e308); one 1e308 wide at x = 1.5e308 does the same in x.
    @Test func overflowsAreNamedSourcesFirst() throws {
        let fine = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let tall = try MatchedGeometry(frame: LayoutRect(x: 0, y: 1.5e308, width: 10, height: 1e308))
        let wide = try MatchedGeometry(frame: LayoutRect(x: 1.5e308, y: 0, width: 1e308, height: 10))
        // Both ends overflow, the destination in an earlier lane (anchorX before anchorY).
        let both = try MatchedPair(source: tall, destination: wide)
        #expect(throws: AnimatableError.nonFiniteComponent(name: "source anchorY", value: .infinity)) {
            try both.state(atProgress: 0.5)
        }
        // Pair 0 overflows at its destination only, pair 1 at its source only.
        let pairs = [try MatchedPair(source: fine, destination: wide), try MatchedPair(source: tall, destination: fine)]
        #expect(throws: AnimatableError.nonFiniteComponent(name: "pair 1 source anchorY", value: .infinity)) {
            try MatchedPairGroup(pairs, curves: MatchedCurves(.smooth))
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "pair 0 destination anchorX", value: .infinity)) {
            try MatchedPairGroup(
                [pairs[0], try MatchedPair(source: fine, destination: fine)], curves: MatchedCurves(.smooth))
        }
    }

    /// Every pair's state at once (what a layout change reads) is each pair's own, the
    /// cross-fades included, whether the pairs cross-fade each their own way or all one
    /// way (the group then reads that one once).
    @Test func everyPairsStateAtOnceIsEachPairsOwn() throws {
        let fades: [[CrossFade]] = [[.standard, .dissolve, .standard], [.dissolve, .dissolve, .dissolve]]
        for fade in fades {
            let pairs = try fade.indices.map { i in
                try MatchedPair(
                    source: MatchedGeometry(frame: LayoutRect(x: Double(i) * 50, y: 0, width: 40, height: 40)),
                    destination: MatchedGeometry(frame: LayoutRect(x: 0, y: Double(i) * 90, width: 80, height: 80)),
                    options: MatchedPairOptions(crossFade: fade[i]))
            }
            var group = try MatchedPairGroup(
                pairs, curves: MatchedCurves(try .easing(.easeInOutCubic, duration: 0.4)),
                stagger: try StaggerConfig(spread: .each(0.05)))
            try group.start(at: 0)
            for time in [0.1, 0.2, 0.3] {
                let states = try group.states(at: time)
                for i in pairs.indices {
                    let own = try group.state(ofPair: i, at: time)
                    #expect(states[i] == own, "pair \(i) at \(time)")
                    // By the definition of the pair's own cross-fade.
                    #expect(own.incomingOpacity == fade[i].incomingOpacity(at: own.progress))
                    #expect(own.outgoingOpacity == fade[i].outgoingOpacity(at: own.progress))
                }
            }
        }
    }
}

import Foundation
import Stagger
import Testing

/// Arc paths (`MatchedPairOptions.arc`): the anchor runs on the circle through its two
/// ends, checked against the circle those ends and the arc's top determine (a
/// circumcentre computed here), not against the implementation's own formula.
@Suite struct MatchedPairArcTests {
    static func geometry(_ x: Double, _ y: Double, _ w: Double = 10, _ h: Double = 10) throws -> MatchedGeometry {
        try MatchedGeometry(frame: LayoutRect(x: x, y: y, width: w, height: h))
    }

    /// The centre of the circle through three points (the perpendicular bisectors'
    /// intersection, by Cramer's rule).
    static func circumcentre(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> (Double, Double) {
        let d = 2 * (a.0 * (b.1 - c.1) + b.0 * (c.1 - a.1) + c.0 * (a.1 - b.1))
        let a2 = a.0 * a.0 + a.1 * a.1, b2 = b.0 * b.0 + b.1 * b.1, c2 = c.0 * c.0 + c.1 * c.1
        return (
            (a2 * (b.1 - c.1) + b2 * (c.1 - a.1) + c2 * (a.1 - b.1)) / d,
            (a2 * (c.0 - b.0) + b2 * (a.0 - c.0) + c2 * (b.0 - a.0)) / d
        )
    }

    static func centre(of frame: LayoutRect) -> (Double, Double) {
        (frame.minX + frame.width / 2, frame.minY + frame.height / 2)
    }

    /// A half circle to the right: the top of the arc is half the distance up, and a
    /// linear scrub runs along the circle at constant speed: at progress p the angle
    /// from the start is π p, so the point is (100 − 100 cos πp, −100 sin πp).
    @Test func halfCircleToTheRight() throws {
        let pair = try MatchedPair(
            source: Self.geometry(-5, -5), destination: Self.geometry(195, -5),
            options: MatchedPairOptions(arc: 1))
        let top = Self.centre(of: try pair.state(atProgress: 0.5).frame)
        #expect(abs(top.0 - 100) < 1e-9 && abs(top.1 - -100) < 1e-9)
        #expect(try pair.state(atProgress: 0).frame == pair.source.frame)
        #expect(try pair.state(atProgress: 1).frame == pair.destination.frame)
        for i in 1..<100 {
            let p = Double(i) / 100
            let point = Self.centre(of: try pair.state(atProgress: p).frame)
            #expect(abs(point.0 - (100 - 100 * cos(Double.pi * p))) < 1e-9, "p \(p)")
            #expect(abs(point.1 - -100 * sin(Double.pi * p)) < 1e-9, "p \(p): a move to the right arcs up")
        }
    }

    /// Any direction, any bend of either sign: the points lie on the circle through the
    /// two ends and the arc's midpoint, whose height is arc times half the distance, on
    /// the side the sign says; arc 0 is the straight line.
    @Test func everyPointOnTheCircleThroughTheEndsAndTheTop() throws {
        let ends: [((Double, Double), (Double, Double))] = [
            ((0, 0), (300, 120)), ((50, 400), (-20, 10)), ((7, 7), (7, 90))
        ]
        for (a, b) in ends {
            for bend in [-1, -0.4, -1e-6, 0.25, 0.9] {
                let pair = try MatchedPair(
                    source: Self.geometry(a.0 - 5, a.1 - 5), destination: Self.geometry(b.0 - 5, b.1 - 5),
                    options: MatchedPairOptions(arc: bend))
                let dx = b.0 - a.0, dy = b.1 - a.1, length = (dx * dx + dy * dy).squareRoot()
                let height = bend * length / 2
                // Left of the travel direction on a y-down screen: the normal (dy, -dx).
                let top = ((a.0 + b.0) / 2 + height * dy / length, (a.1 + b.1) / 2 - height * dx / length)
                let middle = Self.centre(of: try pair.state(atProgress: 0.5).frame)
                #expect(abs(middle.0 - top.0) < 1e-9 * length && abs(middle.1 - top.1) < 1e-9 * length, "bend \(bend)")
                guard abs(bend) > 1e-3 else { continue }  // a nearly flat circle's centre is ill-conditioned
                let c = Self.circumcentre(a, b, top)
                let radius = ((a.0 - c.0) * (a.0 - c.0) + (a.1 - c.1) * (a.1 - c.1)).squareRoot()
                // The angle around the centre from A grows in proportion to progress.
                func angle(_ q: (Double, Double)) -> Double {
                    let x = (a.0 - c.0) * (q.0 - c.0) + (a.1 - c.1) * (q.1 - c.1)
                    let y = (a.0 - c.0) * (q.1 - c.1) - (a.1 - c.1) * (q.0 - c.0)
                    return abs(atan2(y, x))
                }
                let whole = angle(b)
                for i in 1..<40 {
                    let point = Self.centre(of: try pair.state(atProgress: Double(i) / 40).frame)
                    let r = ((point.0 - c.0) * (point.0 - c.0) + (point.1 - c.1) * (point.1 - c.1)).squareRoot()
                    #expect(abs(r - radius) < 1e-9 * radius, "bend \(bend) step \(i)")
                    #expect(abs(angle(point) - whole * Double(i) / 40) < 1e-9, "bend \(bend) step \(i)")
                }
            }
            let straight = try MatchedPair(
                source: Self.geometry(a.0 - 5, a.1 - 5), destination: Self.geometry(b.0 - 5, b.1 - 5))
            let middle = Self.centre(of: try straight.state(atProgress: 0.5).frame)
            #expect(abs(middle.0 - (a.0 + b.0) / 2) < 1e-9 && abs(middle.1 - (a.1 + b.1) / 2) < 1e-9)
        }
    }

    /// In a group driven by a spring, the decoded path is continuous through a
    /// reverse mid-flight (the map is fixed for the pair), leaves the line while it
    /// flies, and past the end it runs along the arc's tangent there (perpendicular to
    /// the radius at the end).
    @Test func springAndReverseStayOnOnePath() throws {
        let pair = try MatchedPair(
            source: Self.geometry(0, 0), destination: Self.geometry(400, 0),
            options: MatchedPairOptions(arc: 0.5))
        // Centres (5, 5) and (405, 5); sagitta 100, so the circle's centre is 150 below
        // the chord's middle: R = (200² + 100²) / 200 = 250.
        let centre = (205.0, 5.0 + 150)
        var group = try MatchedPairGroup([pair], curves: MatchedCurves(.bouncy))
        try group.start(at: 0)
        var previous = Self.centre(of: try group.state(ofPair: 0, at: 0).frame)
        var highest = 0.0
        var beyond = 0
        for i in 1...400 {
            let t = Double(i) / 240
            if i == 150 { try group.reverse(at: t) }
            let point = Self.centre(of: try group.state(ofPair: 0, at: t).frame)
            let step =
                ((point.0 - previous.0) * (point.0 - previous.0) + (point.1 - previous.1) * (point.1 - previous.1))
                .squareRoot()
            #expect(step < 30, "t \(t): the path jumps by \(step)")
            if point.0 > 405 {
                beyond += 1
                let dot = (point.0 - 405) * (405 - centre.0) + (point.1 - 5) * (5 - centre.1)
                #expect(abs(dot) < 1e-6, "t \(t): off the tangent at the end")
            }
            highest = max(highest, 5 - point.1)
            previous = point
        }
        #expect(beyond > 0, "the bouncy spring overshoots the end")
        // At most the arc's height, a quarter of the distance.
        #expect(highest > 50 && highest <= 100 + 1e-9, "the arc rises \(highest)")
    }

    /// A small error along the line (a spring settling, float32 lanes) moves the point on
    /// the arc at most π/2 times as far, even on a half circle, whose ends the path
    /// meets at right angles to the line.
    @Test func errorsNearTheEndsStaySmall() throws {
        let pair = try MatchedPair(
            source: Self.geometry(0, 0), destination: Self.geometry(1000, 0),
            options: MatchedPairOptions(arc: 1))
        let end = (1005.0, 5.0)
        for shortfall in [1e-6, 1e-3, 0.5, 2.1, 10] {
            let p = 1 - shortfall / 1000
            let point = Self.centre(of: try pair.state(atProgress: p).frame)
            let distance = ((point.0 - end.0) * (point.0 - end.0) + (point.1 - end.1) * (point.1 - end.1)).squareRoot()
            #expect(distance <= Double.pi / 2 * shortfall * (1 + 1e-9), "\(shortfall) short: \(distance) away")
        }
    }

    /// The arc is checked wherever a pair is: NaN and values outside -1…1 are refused.
    @Test func badArcsAreRefused() throws {
        let a = try Self.geometry(0, 0), b = try Self.geometry(100, 0)
        #expect(throws: AnimatableError.nonFiniteComponent(name: "arc", value: .nan)) {
            try MatchedPair(source: a, destination: b, options: MatchedPairOptions(arc: .nan))
        }
        #expect(throws: AnimatableError.outOfRange(name: "arc", value: 1.5)) {
            try MatchedPair(source: a, destination: b, options: MatchedPairOptions(arc: 1.5))
        }
        var pair = try MatchedPair(source: a, destination: b)
        pair.options.arc = -2
        #expect(throws: AnimatableError.outOfRange(name: "arc", value: -2)) { try pair.state(atProgress: 0.5) }
        #expect(throws: AnimatableError.outOfRange(name: "arc", value: -2)) {
            try MatchedPairGroup([pair], curves: MatchedCurves(.smooth))
        }
        // The message states the arc's own range; an opacity's is 0…1.
        #expect(
            AnimatableError.outOfRange(name: "arc", value: 1.5).description == "arc must lie in -1...1, but got 1.5.")
        #expect(
            AnimatableError.outOfRange(name: "opacity", value: 2).description
                == "opacity must lie in 0...1, but got 2.0.")
        // A layout transition checks its arc when it has no items to make pairs of.
        #expect(throws: AnimatableError.outOfRange(name: "arc", value: 2)) {
            try LayoutTransition<Int>(from: [], to: [], curves: MatchedCurves(.smooth), arc: 2)
        }
    }
}

import Foundation
import Stagger
import Testing

/// Motion paths against figures worked by hand and against lengths computed here
/// independently (closed forms, and sums of many chords of the curve's own equation).
@Suite struct MotionPathTests {
    func expectPoint(
        _ point: MotionPathPoint, _ x: Double, _ y: Double, _ angle: Double, tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(abs(point.x - x) <= tolerance, "x \(point.x), expected \(x)", sourceLocation: sourceLocation)
        #expect(abs(point.y - y) <= tolerance, "y \(point.y), expected \(y)", sourceLocation: sourceLocation)
        #expect(
            abs(point.angle - angle) <= tolerance, "angle \(point.angle), expected \(angle)",
            sourceLocation: sourceLocation)
    }

    /// The issue's worked example: 300 right then 400 down, length 700; halfway is 50
    /// down the second leg, heading down.
    @Test func anLShapedPathHalfway() throws {
        let path = try MotionPath("M0 0 L300 0 L300 400")
        #expect(path.length == 700)
        #expect(!path.isClosed)
        let half = try path.point(atProgress: 0.5)
        #expect(half == MotionPathPoint(x: 300, y: 50, angle: 90))
        #expect(try path.point(atDistance: 350) == half)
        #expect(try path.point(atProgress: 0) == MotionPathPoint(x: 0, y: 0, angle: 0))
        #expect(try path.point(atProgress: 1) == MotionPathPoint(x: 300, y: 400, angle: 90))
        // At the corner, the segment that starts there: already heading down.
        #expect(try path.point(atDistance: 300) == MotionPathPoint(x: 300, y: 0, angle: 90))
        // An open path holds its ends (CSS Motion Path: the distance is clamped).
        #expect(try path.point(atProgress: 1.5) == MotionPathPoint(x: 300, y: 400, angle: 90))
        #expect(try path.point(atProgress: -0.2) == MotionPathPoint(x: 0, y: 0, angle: 0))
    }

    /// A closed square of side 100 wraps round (CSS: the distance modulo the length).
    @Test func aClosedPathWrapsAround() throws {
        let path = try MotionPath("M0 0 H100 V100 H0 Z")
        #expect(path.length == 400)
        #expect(path.isClosed)
        #expect(try path.point(atProgress: 1.25) == MotionPathPoint(x: 100, y: 0, angle: 90))
        #expect(try path.point(atProgress: -0.25) == MotionPathPoint(x: 0, y: 100, angle: -90))
        #expect(try path.point(atDistance: 550) == MotionPathPoint(x: 100, y: 50, angle: 90))
        #expect(try path.point(atProgress: 1) == MotionPathPoint(x: 0, y: 0, angle: 0))
        #expect(try path.point(atProgress: 0.625) == MotionPathPoint(x: 50, y: 100, angle: 180))
        // Just below 0 the fraction rounds up to 1: the start again, not the end.
        #expect(try path.point(atProgress: -1e-20) == MotionPathPoint(x: 0, y: 0, angle: 0))
        // A closed path ends its subpath; a moveto after it opens a new one.
        #expect(!(try MotionPath("M0 0 H100 V100 H0 Z M5 5")).isClosed)
        // A progress whose distance would overflow still has a fraction.
        #expect(try path.point(atProgress: 1e300) == MotionPathPoint(x: 0, y: 0, angle: 0))
    }

    /// A quarter circle of radius 100 about the origin, swept clockwise on screen from
    /// (100, 0) to (0, 100): length 50π, halfway at 45°, heading 135°.
    @Test func aCircularArc() throws {
        let path = try MotionPath("M100 0 A100 100 0 0 1 0 100")
        #expect(abs(path.length - 50 * Double.pi) <= 1e-12)
        let r = 100 / 2.0.squareRoot()
        expectPoint(try path.point(atProgress: 0.5), r, r, 135)
        expectPoint(try path.point(atProgress: 0), 100, 0, 90)
        expectPoint(try path.point(atProgress: 1), 0, 100, 180)
        // The other three arcs between the same ends: the large ones go round the other
        // centre (100, 100) or the origin the long way.
        let long = try MotionPath("M100 0 A100 100 0 1 1 0 100")
        #expect(abs(long.length - 150 * Double.pi) <= 1e-10)
        expectPoint(try long.point(atProgress: 0.5), 100 + r, 100 + r, 135)
        let counter = try MotionPath("M100 0 A100 100 0 0 0 0 100")
        #expect(abs(counter.length - 50 * Double.pi) <= 1e-12)
        expectPoint(try counter.point(atProgress: 0.5), 100 - r, 100 - r, 135)
    }

    /// Radii too small to reach the end are scaled up (SVG): a radius-1 arc from
    /// (0, 0) to (200, 0) is the half circle of radius 100.
    @Test func smallRadiiAreScaledUp() throws {
        let path = try MotionPath("M0 0 A1 1 0 0 1 200 0")
        #expect(abs(path.length - 100 * Double.pi) <= 1e-10)
        // Sweep 1 turns clockwise on screen: over the top, through (100, -100).
        expectPoint(try path.point(atProgress: 0.5), 100, -100, 0)
    }

    /// Radii far beyond the distance draw a near line; radii far below it are scaled up
    /// to the half circle (no product of radii may overflow or underflow on the way).
    @Test func extremeRadii() throws {
        let flat = try MotionPath("M0 0 A1e100 1e100 0 0 1 10 0")
        #expect(abs(flat.length - 10) <= 1e-9)
        let tiny = try MotionPath("M0 0 A1e-170 1e-170 0 0 1 200 0")
        #expect(abs(tiny.length - 100 * Double.pi) <= 1e-10)
        expectPoint(try tiny.point(atProgress: 0.5), 100, -100, 0)
    }

    /// A parabola y = 2x(1 − x/100), drawn as Q: length by its closed form.
    @Test func aQuadraticCurve() throws {
        let path = try MotionPath("M0 0 Q50 100 100 0")
        // Speed² = 100² + (200 − 400t)²: ∫ = (1/200)·[u/2·√(a²+u²) + a²/2·ln(u + √(a²+u²))] from 0 to 200, a = 100.
        func primitive(_ u: Double) -> Double {
            let root = (1e4 + u * u).squareRoot()
            return u / 2 * root + 1e4 / 2 * log(u + root)
        }
        let exact = (primitive(200) - primitive(0)) / 200
        #expect(abs(path.length - exact) <= 1e-11 * exact)
        expectPoint(try path.point(atProgress: 0.5), 50, 50, 0)
        // Leaving (0, 0) toward the control point (50, 100).
        expectPoint(try path.point(atProgress: 0), 0, 0, atan2(100, 50) * 180 / .pi)
    }

    /// Control points bunched at the ends of a straight cubic: the parameter crawls at
    /// first, the distance does not (that is the point of arc length).
    @Test func arcLengthNotParameter() throws {
        let path = try MotionPath("M0 0 C0 0 300 0 300 0")
        #expect(abs(path.length - 300) <= 1e-10)
        for progress in stride(from: 0.0, through: 1, by: 0.125) {
            // The derivative vanishes at both ends: the direction is toward the next
            // control point that differs.
            expectPoint(try path.point(atProgress: progress), 300 * progress, 0, 0)
        }
    }

    /// S reflects the last control point: the second curve mirrors the first, so the
    /// two are the same length and meet at (100, 0) heading up.
    @Test func smoothCubicReflectsItsControlPoint() throws {
        let path = try MotionPath("M0 0 C0 100 100 100 100 0 S200 -100 200 0")
        let explicit = try MotionPath("M0 0 C0 100 100 100 100 0 C100 -100 200 -100 200 0")
        #expect(path.length == explicit.length)
        expectPoint(try path.point(atProgress: 0.5), 100, 0, -90)
        // Halfway along the first (symmetric about x = 50): its parameter 1/2,
        // B(1/2) = (50, 75), heading right.
        expectPoint(try path.point(atProgress: 0.25), 50, 75, 0)
        // T reflects a quadratic's: the same shape drawn with Q and T.
        let quadratic = try MotionPath("M0 0 Q50 100 100 0 T200 0")
        expectPoint(try quadratic.point(atProgress: 0.75), 150, -50, 0)
        // S after a command that is not a cubic takes the current point as its first
        // control point.
        let afterLine = try MotionPath("M0 0 L10 0 S20 0 30 0")
        #expect(abs(afterLine.length - 30) <= 1e-10)
        // A cubic, a line, then S: the cubic's control point is not reflected across the
        // line; nor a cubic's by T, nor a quadratic's by S.
        let cubic = try MotionPath("M0 0 C0 10 10 10 10 0").length
        #expect(abs(try MotionPath("M0 0 C0 10 10 10 10 0 L20 0 S30 0 30 0").length - (cubic + 20)) <= 1e-10)
        #expect(abs(try MotionPath("M0 0 C0 10 10 10 10 0 T20 0").length - (cubic + 10)) <= 1e-10)
        let arch = try MotionPath("M0 0 Q5 10 10 0").length
        #expect(abs(try MotionPath("M0 0 Q5 10 10 0 S20 0 20 0").length - (arch + 10)) <= 1e-10)
    }

    /// A general cubic: its length and points against a sum of 2¹⁸ chords of its own
    /// Bernstein form, walked to each distance (an independent computation; the chord
    /// sum falls short of the length by O(1/n²), about 1e-9 here).
    @Test func aGeneralCubicAgainstItsChords() throws {
        let p: [(Double, Double)] = [(10, 80), (40, 10), (65, 10), (150, 150)]
        let path = try MotionPath("M10 80 C40 10, 65 10, 150 150")
        func bezier(_ t: Double) -> (Double, Double) {
            let s = 1 - t
            let w = [s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t]
            return (zip(w, p).reduce(0) { $0 + $1.0 * $1.1.0 }, zip(w, p).reduce(0) { $0 + $1.0 * $1.1.1 })
        }
        let n = 1 << 18
        var cumulative = [0.0]
        var points = [bezier(0)]
        for i in 1...n {
            let q = bezier(Double(i) / Double(n)), last = points[points.count - 1]
            cumulative.append(cumulative[cumulative.count - 1] + hypot(q.0 - last.0, q.1 - last.1))
            points.append(q)
        }
        let chordLength = cumulative[n]
        #expect(abs(path.length - chordLength) <= 1e-6, "\(path.length) vs \(chordLength)")
        for progress in [0.1, 0.3, 0.5, 0.77, 0.95] {
            let target = progress * chordLength
            var i = 0
            while cumulative[i + 1] < target { i += 1 }
            let f = (target - cumulative[i]) / (cumulative[i + 1] - cumulative[i])
            let x = points[i].0 + (points[i + 1].0 - points[i].0) * f
            let y = points[i].1 + (points[i + 1].1 - points[i].1) * f
            let angle = atan2(points[i + 1].1 - points[i].1, points[i + 1].0 - points[i].0) * 180 / .pi
            let point = try path.point(atProgress: progress)
            #expect(abs(point.x - x) <= 1e-5 && abs(point.y - y) <= 1e-5, "\(progress): \(point) vs \(x), \(y)")
            #expect(abs(point.angle - angle) <= 1e-3, "\(progress): \(point.angle) vs \(angle)")
        }
    }

    /// An elliptical arc turned by 30°: its length against 2²⁰ chords of the ellipse's
    /// own equation (the quarter from the end of the major axis to the end of the minor).
    @Test func aRotatedEllipticalArc() throws {
        // Radii 120 and 40 turned 30°: from the end of the major axis to the end of the
        // minor one, with the centre at the origin.
        let phi = Double.pi / 6
        func ellipse(_ theta: Double) -> (Double, Double) {
            (
                120 * cos(phi) * cos(theta) - 40 * sin(phi) * sin(theta),
                120 * sin(phi) * cos(theta) + 40 * cos(phi) * sin(theta)
            )
        }
        let a = ellipse(0), b = ellipse(.pi / 2)
        let path = try MotionPath("M\(a.0) \(a.1) A120 40 30 0 1 \(b.0) \(b.1)")
        let n = 1 << 20
        var sum = 0.0
        var last = a
        for i in 1...n {
            let q = ellipse(Double.pi / 2 * Double(i) / Double(n))
            sum += hypot(q.0 - last.0, q.1 - last.1)
            last = q
        }
        #expect(abs(path.length - sum) <= 1e-7, "\(path.length) vs \(sum)")
        // Heading at the start: the ellipse's derivative at θ = 0 is the minor axis's
        // direction, 30° + 90°.
        expectPoint(try path.point(atProgress: 0), a.0, a.1, 120, tolerance: 1e-9)
    }

    /// Relative commands move from the current point; after Z the current point is the
    /// subpath's start; a second moveto jumps without length.
    @Test func relativeCommandsAndSubpaths() throws {
        let path = try MotionPath("m10 10 l10 0 h10 v10 z m100 0 l0 -20")
        // 10 + 10 + 10 + √(20² + 10²) + 20.
        #expect(abs(path.length - (50 + 500.0.squareRoot())) <= 1e-12)
        #expect(!path.isClosed)
        // The second subpath starts at (110, 10): after z the current point is (10, 10).
        #expect(try path.point(atProgress: 1) == MotionPathPoint(x: 110, y: -10, angle: -90))
        // Just past the jump: on the second subpath, from (110, 10) up.
        let jump = 30 + 500.0.squareRoot()
        let past = try path.point(atDistance: jump + 1)
        #expect(abs(past.x - 110) <= 1e-12 && abs(past.y - 9) <= 1e-12 && past.angle == -90)
        // Implied linetos after a moveto: relative after m, absolute after M.
        let implied = try MotionPath("m0 0 10 0 0 10")
        #expect(try implied.point(atProgress: 1) == MotionPathPoint(x: 10, y: 10, angle: 90))
        let absolute = try MotionPath("M0 0 10 0 0 10")
        #expect(try absolute.point(atProgress: 1) == MotionPathPoint(x: 0, y: 10, angle: 135))
    }

    /// Numbers run together where SVG's grammar allows: signs and second points start a
    /// new number, arc flags take one character each.
    @Test func compactPathData() throws {
        let compact = try MotionPath("M.5.5l-1-1e1,2E+1-3")
        let spaced = try MotionPath("M 0.5 0.5 l -1 -10 , 20 -3")
        #expect(compact.length == spaced.length)
        #expect(try compact.point(atProgress: 1) == spaced.point(atProgress: 1))
        let arc = try MotionPath("M0 0a25 25 -30 0150-25")
        let arcSpaced = try MotionPath("M0 0 a 25,25 -30 0,1 50,-25")
        #expect(arc.length == arcSpaced.length)
        // The sweep flag read right: its mirror (sweep 0) has the same length, not the
        // same midpoint.
        #expect(try arc.point(atProgress: 0.5) == arcSpaced.point(atProgress: 0.5))
        let mirror = try MotionPath("M0 0 a 25,25 -30 0,0 50,-25")
        #expect(try mirror.point(atProgress: 0.5) != arc.point(atProgress: 0.5))
        // A number may end in its point, or have one before its exponent.
        #expect(try MotionPath("M1. 2. L4 6").length == 5)
        #expect(try MotionPath("M0 0 L3.e1 4.E1").length == 50)
        let whiteSpace = try MotionPath("\n\tM 0 0\r\n L 3 4 \u{0C}")
        #expect(whiteSpace.length == 5)
    }

    /// A path of no length stands at its first point, heading 0 (CSS: distance 0).
    @Test func aPathOfNoLength() throws {
        let path = try MotionPath("m 120 0 h 0 v 0 z")
        #expect(path.length == 0)
        #expect(try path.point(atProgress: 1.2) == MotionPathPoint(x: 120, y: 0, angle: 0))
        #expect(try MotionPath("M5 6").point(atDistance: 3) == MotionPathPoint(x: 5, y: 6, angle: 0))
    }

    /// Zero radii draw a line; equal ends draw nothing (SVG's arc rules).
    @Test func degenerateArcs() throws {
        #expect(try MotionPath("M0 0 A0 10 0 0 1 30 40").length == 50)
        #expect(try MotionPath("M0 0 A10 10 0 0 1 0 0 L3 4").length == 5)
    }

    /// Every error names what was wrong and where.
    @Test(arguments: [
        ("", MotionPathError.empty),
        ("  \n", .empty),
        ("L10 10", .missingMoveTo(found: "L", offset: 0)),
        ("10 10", .missingMoveTo(found: "1", offset: 0)),
        ("M10", .missingNumber(command: "M", offset: 3)),
        ("M0 0 L5", .missingNumber(command: "L", offset: 7)),
        ("M0 0 X", .unexpectedCharacter("X", offset: 5)),
        ("M,0 0", .missingNumber(command: "M", offset: 1)),
        ("M0 0,", .unexpectedCharacter(",", offset: 4)),
        ("M0 0 L1,,2", .missingNumber(command: "L", offset: 8)),
        ("M0 0 A10 10 0 2 1 5 5", .invalidArcFlag(found: "2", offset: 14)),
        ("M0 0 A10 10 0 0", .missingNumber(command: "A", offset: 15)),
        ("M1e999 0", .numberOutOfRange("1e999", offset: 1)),
        ("M0 0 L1e308 0 l1e308 0", .nonFiniteGeometry(command: "l", offset: 14)),
        ("M-1e308 0 L1e308 0", .nonFiniteGeometry(command: "L", offset: 10)),
        ("M0 0 L10 0 é", .unexpectedCharacter("é", offset: 11))
    ])
    func badPathData(text: String, error: MotionPathError) {
        #expect(throws: error) { try MotionPath(text) }
    }

    @Test func nonFiniteProgressAndDistance() throws {
        let path = try MotionPath("M0 0 L10 0")
        #expect(throws: MotionPathError.nonFiniteInput(.nan)) { try path.point(atProgress: .nan) }
        #expect(throws: MotionPathError.nonFiniteInput(.infinity)) { try path.point(atDistance: .infinity) }
        #expect(MotionPathError.nonFiniteInput(.nan) == .nonFiniteInput(.nan))
        #expect(
            MotionPathError.missingNumber(command: "L", offset: 7).description
                == "Expected a number for L at offset 7 of the path data.")
    }

    /// JSON holds the path data; data that does not read is refused with the reason.
    @Test func codable() throws {
        let path = try MotionPath("M0 0 L300 0 L300 400")
        let json = try JSONEncoder().encode([path])
        #expect(String(decoding: json, as: UTF8.self) == #"["M0 0 L300 0 L300 400"]"#)
        let decoded = try JSONDecoder().decode([MotionPath].self, from: json)
        #expect(decoded == [path] && decoded[0].length == 700)
        do {
            _ = try JSONDecoder().decode([MotionPath].self, from: Data(#"["M0 0 L5"]"#.utf8))
            Issue.record("decoded path data that does not read")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "Expected a number for L at offset 7 of the path data.")
        }
    }

    /// What a path returns, it accepts back: its path data reads as the same path.
    @Test func pathDataRoundTrips() throws {
        let path = try MotionPath("M0 0 C40 10, 65 10, 150 150 Z")
        let again = try MotionPath(path.pathData)
        #expect(again.length == path.length && again.isClosed)
        for progress in [0.0, 0.2, 0.5, 0.9] {
            #expect(try again.point(atProgress: progress) == path.point(atProgress: progress))
        }
        #expect(path.description.hasPrefix("MotionPath(\"M0 0 C40 10, 65 10, 150 150 Z\"), length "))
        #expect(path.description.hasSuffix(", closed"))
    }
}

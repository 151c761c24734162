import Foundation
import Stagger
import Testing

/// Points along paths from the SIMD kernel (`MotionPath.points(atProgress:into:backend:)`)
/// against the Double reference (`point(atProgress:)`, itself tested against figures
/// worked by hand in MotionPathTests), on every backend: the same bits on each, and
/// within the accuracy the documentation states.
@Suite struct MotionPathKernelTests {
    static let paths = [
        "M0 0 L300 0 L300 400",
        "M0 0 H100 V100 H0 Z",
        "M100 0 A100 100 0 0 1 0 100",
        "M103.92 60 A120 40 30 0 1 -20 34.64",
        "M10 80 C40 10, 65 10, 150 150",
        "M0 0 C0 100 100 100 100 0 S200 -100 200 0",
        "M0 0 Q50 100 100 0 T200 0 Z",
        "m10 10 l10 0 h10 v10 z m100 0 l0 -20",
        "M0 0 C0 0 300 0 300 0",
        "M1000 1000 A400 300 -20 1 0 1600 1300 L900 900"
    ]

    /// Progress on a grid of 1,001 across the path, and beyond both ends.
    static let progress: [Float] = (0...1000).map { Float($0) / 1000 } + [-0.3, 1.7, 3.25, -2.75]

    /// The difference of two angles in degrees, the short way round.
    static func turn(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return abs(d)
    }

    @Test(arguments: paths)
    func everyBackendAgreesWithTheReference(pathData: String) throws {
        let path = try MotionPath(pathData)
        var scalar = MotionPathPoints()
        try path.points(atProgress: Self.progress, into: &scalar, backend: .scalar)
        #expect(scalar.count == Self.progress.count)
        var size = path.length
        for k in Self.progress.indices {
            let reference = try path.point(atProgress: Double(Self.progress[k]))
            size = Swift.max(size, abs(reference.x), abs(reference.y))
        }
        // The table's 1e-7 of the length, and float32's rounding of the distance and
        // the coordinates: a few ulps of the path's size.
        let positionTolerance = 1e-7 * path.length + 8 * Double(Float(size).ulp)
        for k in Self.progress.indices {
            let reference = try path.point(atProgress: Double(Self.progress[k]))
            let point = scalar[k]
            #expect(
                abs(point.x - reference.x) <= positionTolerance && abs(point.y - reference.y) <= positionTolerance,
                "\(pathData) at \(Self.progress[k]): \(point) vs \(reference)")
            #expect(
                Self.turn(point.angle, reference.angle) <= 1e-4 + 4 * Double(Float(180).ulp),
                "\(pathData) at \(Self.progress[k]): angle \(point.angle) vs \(reference.angle)")
            #expect(point.angle > -180 && point.angle <= 180)
        }
        for backend in Backend.supported {
            for count in [1, 2, 3, 5, 8, 9, 15, 16, 17, Self.progress.count] {
                let part = Array(Self.progress.prefix(count))
                var points = MotionPathPoints()
                try path.points(atProgress: part, into: &points, backend: backend)
                #expect(points.x == Array(scalar.x.prefix(count)), "\(backend) \(count) \(pathData)")
                #expect(points.y == Array(scalar.y.prefix(count)), "\(backend) \(count) \(pathData)")
                #expect(points.angle == Array(scalar.angle.prefix(count)), "\(backend) \(count) \(pathData)")
            }
        }
    }

    /// A cubic with a cusp at its middle (B′(1/2) = 0): positions hold everywhere;
    /// the direction turns round at the cusp, so angles are checked away from it.
    @Test func aCusp() throws {
        let path = try MotionPath("M0 0 C100 100 0 100 100 0")
        var points = MotionPathPoints()
        try path.points(atProgress: Self.progress, into: &points)
        for k in Self.progress.indices {
            let reference = try path.point(atProgress: Double(Self.progress[k]))
            #expect(abs(points[k].x - reference.x) <= 1e-7 * path.length + 8 * Double(Float(100).ulp))
            #expect(abs(points[k].y - reference.y) <= 1e-7 * path.length + 8 * Double(Float(100).ulp))
            if abs(Self.progress[k] - 0.5) > 0.01 {
                #expect(Self.turn(points[k].angle, reference.angle) <= 1e-3, "\(Self.progress[k])")
            }
        }
        // The cusp itself: by symmetry at (50, 75), in the middle of its length.
        let cusp = try path.point(atProgress: 0.5)
        #expect(abs(cusp.x - 50) <= 1e-9 && abs(cusp.y - 75) <= 1e-9)
        // A cusp off the pieces' first splits: B′(1/3) = 0 for these control points.
        let skewed = try MotionPath("M0 0 C100 100 -25 25 75 -75")
        try skewed.points(atProgress: Self.progress, into: &points)
        for k in Self.progress.indices {
            let reference = try skewed.point(atProgress: Double(Self.progress[k]))
            let tolerance = 1e-7 * skewed.length + 8 * Double(Float(100).ulp)
            #expect(abs(points[k].x - reference.x) <= tolerance && abs(points[k].y - reference.y) <= tolerance)
        }
    }

    /// The paths' worked figures, through the kernel: exact where float32 holds them.
    @Test func workedFiguresThroughTheKernel() throws {
        var points = MotionPathPoints()
        try MotionPath("M0 0 L300 0 L300 400").points(atProgress: [0.5, 0, 1, 1.5] as [Float], into: &points)
        #expect(points[0] == MotionPathPoint(x: 300, y: 50, angle: 90))
        #expect(points[1] == MotionPathPoint(x: 0, y: 0, angle: 0))
        #expect(points[2] == MotionPathPoint(x: 300, y: 400, angle: 90))
        #expect(points[3] == points[2])
        try MotionPath("M0 0 H100 V100 H0 Z").points(atProgress: [1.25, -0.25, 0.625, 1] as [Float], into: &points)
        #expect(points[0] == MotionPathPoint(x: 100, y: 0, angle: 90))
        #expect(points[1] == MotionPathPoint(x: 0, y: 100, angle: -90))
        #expect(points[2] == MotionPathPoint(x: 50, y: 100, angle: 180))
        #expect(points[3] == MotionPathPoint(x: 0, y: 0, angle: 0))
        // Wrapped in float as the reference wraps: just below 0 is the start, and from
        // 2^22 on a float's fraction is 0 or 1/2.
        try MotionPath("M0 0 H100 V100 H0 Z").points(atProgress: [-1e-20, 4194304.5, 8388609] as [Float], into: &points)
        #expect(points[0] == MotionPathPoint(x: 0, y: 0, angle: 0))
        #expect(points[1] == MotionPathPoint(x: 100, y: 100, angle: 180))
        #expect(points[2] == MotionPathPoint(x: 0, y: 0, angle: 0))
    }

    /// Items staggered along a path: a list's track that runs 0 → 1 is each item's
    /// progress, read in place from the frame.
    @Test func aStaggeredListTravelsThePath() throws {
        let path = try MotionPath("M0 0 L300 0 L300 400")
        var list = try StaggeredList(
            count: 5, config: try StaggerConfig(spread: .each(0.1), curve: .linear(duration: 1)),
            tracks: [StaggerTrack("progress", from: 0, to: 1)])
        try list.show(at: 0)
        var frame = list.makeFrame()
        try list.sample(at: 0.5, into: &frame)
        var points = MotionPathPoints()
        try path.points(atProgress: frame.values(ofTrack: 0), into: &points)
        // Item i started at 0.1 i s: at 0.5 s it is (0.5 − 0.1 i) of the way, 700 × that.
        for i in 0..<5 {
            let distance = 700 * (0.5 - 0.1 * Double(i))
            let expected = distance <= 300 ? (distance, 0.0) : (300.0, distance - 300)
            #expect(
                abs(points[i].x - expected.0) <= 1e-3 && abs(points[i].y - expected.1) <= 1e-3, "\(i): \(points[i])")
        }
        #expect(points[0].angle == 90 && points[4].angle == 0)
    }

    @Test func badInput() throws {
        let path = try MotionPath("M0 0 L10 0")
        var points = MotionPathPoints()
        try path.points(atProgress: [0.5] as [Float], into: &points)
        #expect(throws: MotionPathError.nonFiniteInput(.nan)) {
            try path.points(atProgress: [0.1, .nan] as [Float], into: &points)
        }
        // Unchanged by the throw.
        #expect(points.count == 1 && points[0].x == 5)
        let huge = try MotionPath("M0 0 L1e39 0")
        #expect(huge.length == 1e39)
        #expect(throws: MotionPathError.exceedsFloat32Range(name: "coordinate", value: 1e39)) {
            try huge.points(atProgress: [0.5] as [Float], into: &points)
        }
        // Found by fuzzing: a path of no length whose one point float32 cannot hold.
        #expect(throws: MotionPathError.exceedsFloat32Range(name: "coordinate", value: 1e190)) {
            try MotionPath("M1e190   0").points(atProgress: [0.5] as [Float], into: &points)
        }
        // A path of no length: every item at its first point.
        try MotionPath("M5 6").points(atProgress: [0, 0.5, 7] as [Float], into: &points)
        #expect((0..<3).allSatisfy { points[$0] == MotionPathPoint(x: 5, y: 6, angle: 0) })
        try path.points(atProgress: [] as [Float], into: &points)
        #expect(points.count == 0)
    }
}

import Stagger

// snippet.hide
func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
// snippet.show
// snippet.read
// 300 points right, then 400 down: 700 long.
let path = try MotionPath("M0 0 L300 0 L300 400")
print(path.length)  // 700.0
let halfway = try path.point(atProgress: 0.5)
print(halfway.x, halfway.y, halfway.angle)  // 300.0 50.0 90.0

// snippet.curves
// A curve is travelled by length, not by its parameter: a quarter circle of radius
// 100 is halfway at 45 degrees, heading 135 degrees (down and to the left).
let arc = try MotionPath("M100 0 A100 100 0 0 1 0 100")
let middle = try arc.point(atProgress: 0.5)
print(rounded(middle.x), rounded(middle.y), rounded(middle.angle))  // 70.7 70.7 135.0

// snippet.closed
// A closed path wraps round: 1.25 is a quarter of the way round again. An open one
// holds its ends, so a back easing's overshoot rests at the end.
let square = try MotionPath("M0 0 H100 V100 H0 Z")
let lap = try square.point(atProgress: 1.25)
print(lap.x, lap.y, lap.angle)  // 100.0 0.0 90.0

// snippet.stagger
// Twelve dots travel the path one after another, 0.08 s apart, each in 1.2 s: a list's
// track running 0 -> 1 is each dot's progress, and one kernel call places every dot.
var dots = try StaggeredList(
    count: 12, config: try StaggerConfig(spread: .each(0.08), curve: .linear(duration: 1.2)),
    tracks: [StaggerTrack("progress", from: 0, to: 1)])
try dots.show(at: 0)
var frame = dots.makeFrame()
var points = MotionPathPoints()
try dots.sample(at: 0.9, into: &frame)
try path.points(atProgress: frame.values(ofTrack: 0), into: &points)
// At 0.9 s the first is 0.75 of the way (525 of 700: down the second leg), the last
// 0.02 s in (1/60 of the way: 11.7 along the first).
let (first, last) = (points[0], points[11])
print(points.count, rounded(first.y), first.angle, rounded(last.x), last.angle)  // 12 225.0 90.0 11.7 0.0

// snippet.errors
// Path data that does not read says what and where.
do {
    _ = try MotionPath("M0 0 L300")
} catch {
    print(error)  // Expected a number for L at offset 9 of the path data.
}

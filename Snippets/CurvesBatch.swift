import Stagger

// Progress values through one easing, in float32, on the best backend this CPU has.
let progress: [Float] = (0...4).map { Float($0) / 4 }
var eased = [Float](repeating: 0, count: progress.count)
try Easing.easeInOutCubic.evaluate(progress, into: &eased)
print("easeInOutCubic:", eased)

// A curve at many times, in seconds.
let times: [Float] = (0...4).map { Float($0) * 0.2 }
var values = [Float](repeating: 0, count: times.count)
try Curve.bouncy.evaluate(times: times, into: &values)
print("bouncy:", values)

// A spring's positions and velocities for a move of 300 points.
var positions = values, velocities = values
try Spring.snappy.evaluate(target: 300, times: times, into: &positions, velocities: &velocities)
print("snappy, 300 points:", positions, velocities)

// 10,000 rows 0.02 s apart, all at t = 0.5 s: the delays are never stored.
var rows = [Float](repeating: 0, count: 10_000)
try Curve.snappy.sampleStaggered(at: 0.5, baseDelay: 0, delayIncrement: 0.02, into: &rows)
print("rows 0, 10, 24, 25:", rows[0], rows[10], rows[24], rows[25])

// The Double reference for row 10, which started at 0.2 s.
let reference = try Curve.snappy.value(at: 0.5 - 0.2)
print("reference for row 10:", reference)

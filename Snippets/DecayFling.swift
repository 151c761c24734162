import Stagger

// A list flung at 2,400 points per second from offset 300 (UIScrollView's normal rate).
let decay = DecayCurve.normal
let rest = try decay.target(from: 300, initialVelocity: 2_400)
print("friction \(decay.frictionRate) per second; it would stop at \(rest)")

// Snap to a 120-point row: pick the row, then fling exactly there.
let row = (rest / 120).rounded() * 120
let velocity = try decay.initialVelocity(toTravel: row - 300)
let time = try decay.duration(initialVelocity: velocity)  // within half a point
print("fling at \(velocity) points per second to stop on \(row), within 0.5 points after \(time) s")

// Where it is along the way, in Double.
let travelled = try decay.value(initialVelocity: velocity, time: 0.25)
print("after 0.25 s: \(300 + travelled)")

// As a curve it moves 0 → 1 as 1 − e^(−kt); its duration is ln(1000)/k.
let curve = Curve.decay(decay)
let progress = try curve.value(at: 0.25)
print("curve at 0.25 s: \(progress); duration \(curve.duration) s")

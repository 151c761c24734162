import Stagger

// CSS linear(): straight segments through points, written as the web writes them.
let bounce = try Curve(parsing: "linear(0, 0.25 75%, 1)", duration: 0.6)
print(bounce)  // the stops, every position spelled out
print(try bounce.value(at: 0.3))  // 1/6: 0.3 s of 0.6 s is two thirds of the way to 0.25

// The same curve from Swift, and a jump: two points at one position.
let stairs = try Easing.linear([.init(0), .init(0, at: 0.5), .init(1, at: 0.5), .init(1)])
print(try stairs.value(at: 0.49), try stairs.value(at: 0.5))  // 0.0 1.0

// Any curve, springs included, for a web team: points on the curve within the
// error asked for, over the spring's settling duration.
let (easing, duration) = try Curve.snappy.linearApproximation(maximumError: 0.001)
print("transition: transform \(duration)s \(easing);")
print("\(easing.points.count) points")

import Stagger

// A spring 0.5 s long with a visible bounce: ask for its value at any time.
let curve = try Curve.spring(duration: 0.5, bounce: 0.3)
for time in [0.0, 0.1, 0.25, 0.5, 1.0] {
    let value = try curve.value(at: time)
    let velocity = try curve.velocity(at: time)
    print("t = \(time) s: value \(value), velocity \(velocity) per second")
}
print("settles (stays within 0.001 of 1) after \(curve.duration) s")

// An easing over a fixed duration: 0 before it starts, 1 after it ends.
let fade = try Curve.easeInOut(duration: 0.3)
let halfway = try fade.value(at: 0.15)
let after = try fade.value(at: 2)
print("ease-in-out halfway: \(halfway), after the end: \(after)")

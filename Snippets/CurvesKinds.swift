import Stagger

// An easing stretched over a duration, in seconds.
let easing = try Curve.easing(.easeOutCubic, duration: 0.4)
// A spring thrown with an initial velocity (the 0 → 1 span per second).
let thrown = try Curve.spring(response: 0.5, dampingFraction: 0.7, initialVelocity: 4)
// A decay: a fling under friction, 1 − e^(−kt) (UIScrollView's normal deceleration).
let fling: Curve = .decay

for curve in [easing, thrown, fling] {
    let value = try curve.value(at: 0.2)
    let velocity = try curve.velocity(at: 0.2)
    print("\(curve): runs \(curve.duration) s; at 0.2 s value \(value), velocity \(velocity)")
    switch curve.kind {
    case .easing(let shape, let duration):
        print("  the easing \(shape) over \(duration) s")
    case .spring(let spring, let initialVelocity):
        print("  a spring, bounce \(spring.bounce), initial velocity \(initialVelocity)")
    case .decay(let decay):
        print("  a decay, friction rate \(decay.frictionRate) per second")
    }
}

import Stagger

// Three ways to describe a spring; all are stored as mass, stiffness and damping.
let perceptual = try Spring(duration: 0.5, bounce: 0.3)  // SwiftUI's duration and bounce
let classic = try Spring(response: 0.4, dampingFraction: 0.8)  // response and damping fraction
let physical = try Spring(mass: 1, stiffness: 100, damping: 10)  // m, k, c

for spring in [perceptual, classic, physical] {
    print(
        "k \(spring.stiffness), c \(spring.damping), response \(spring.response) s, "
            + "damping fraction \(spring.dampingFraction), bounce \(spring.bounce), "
            + "settles after \(spring.settlingDuration) s")
}

// The presets' settling durations: from then on the value stays within 0.001 of 1.
print(
    "snappy \(Spring.snappy.settlingDuration) s, bouncy \(Spring.bouncy.settlingDuration) s, "
        + "smooth \(Spring.smooth.settlingDuration) s")

// Another move: 200 points, launched at 800 points per second.
let settle = try Spring.snappy.settlingDuration(target: 200, initialVelocity: 800, epsilon: 0.001)
let position = try Spring.snappy.value(target: 200, initialVelocity: 800, time: 0.1)
let speed = try Spring.snappy.velocity(target: 200, initialVelocity: 800, time: 0.1)
print("after 0.1 s: \(position) points at \(speed) points per second; settled after \(settle) s")

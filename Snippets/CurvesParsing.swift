import Stagger

// The text forms that staggerbench and configuration files use.
let texts = [
    "easeOutBack",
    "cubicBezier(0.68, -0.6, 0.32, 1.6)",
    "steps(5, jump-none)",
    "snappy(duration: 0.4, extraBounce: 0.1)",
    "spring(response: 0.4, dampingFraction: 0.8, initialVelocity: 2)",
    "decay(decelerationRate: 0.99)"
]
for text in texts {
    let curve = try Curve(parsing: text, duration: 0.5)  // easings take the duration
    // A curve's description parses back to the same curve.
    let again = try Curve(parsing: curve.description, duration: 0.5)
    print("\(text) -> \(curve) (round trip: \(again == curve))")
}

// Text that is not a curve: the error says what is wrong.
do {
    _ = try Curve(parsing: "linear(0.5)")
} catch {
    print(error)
}

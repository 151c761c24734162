import Stagger

// Bad input throws a CurveError that names the parameter and the value.
let attempts: [(String, () throws -> Curve)] = [
    ("bounce 1.2", { try .spring(duration: 0.5, bounce: 1.2) }),
    ("x1 = 1.5", { try .timingCurve(1.5, 0, 0.5, 1) }),
    ("no steps", { try .easing(.steps(0), duration: 0.3) }),
    ("negative duration", { try .easeOut(duration: -1) }),
    ("a typo", { try Curve(parsing: "snapy") })
]
for (label, make) in attempts {
    do {
        _ = try make()
    } catch let error as CurveError {
        print("\(label): \(error)")
    }
}

// Match one case to read its payload.
do {
    _ = try Spring(response: 0, dampingFraction: 1)
} catch CurveError.invalidParameter(let name, let value) {
    print("rejected \(name) = \(value)")
}

// The Double reference takes any finite time; the float32 kernel cannot hold 1e300 s.
let late = try Curve.linear.value(at: 1e300)
print("reference at 1e300 s:", late)
var one = [Float](repeating: 0, count: 1)
do {
    try Curve.linear.sampleStaggered(at: 1e300, baseDelay: 0, delayIncrement: 0, into: &one)
} catch {
    print(error)
}

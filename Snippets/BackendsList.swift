import Stagger

// What this build compiled, what this machine runs, and what calls use by default.
print("built:    ", Backend.built.map(\.rawValue))
print("supported:", Backend.supported.map(\.rawValue))
let active = Backend.active
print("active:    \(active), \(active.laneCount) lanes, native: \(active.isNative)")

// Every supported backend meets the same bounds against the Double reference.
let progress: [Float] = [0.1, 0.5, 0.9]
var eased = [Float](repeating: 0, count: progress.count)
for backend in Backend.supported {
    try Easing.easeOutElastic.evaluate(progress, into: &eased, backend: backend)
    print("\(backend):", eased)
}
let reference = try Easing.easeOutElastic.value(at: 0.5)
print("reference at 0.5:", reference)

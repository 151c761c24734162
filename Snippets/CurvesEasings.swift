import Stagger

// Penner's curves by family and direction, or by their easings.net names.
let back = Easing.penner(.back, .out)
print(back == .easeOutBack)  // true
let overshoot = try back.value(at: 0.6)  // above 1: back overshoots
print("easeOutBack at 0.6: \(overshoot), slope at 0: \(back.slope(at: 0))")

// CSS cubic-bezier() and steps(), checked when they are built.
let standard = try Easing.cubicBezier(0.4, 0, 0.2, 1)
let ticks = try Easing.steps(4, .jumpEnd)
let bezierValue = try standard.value(at: 0.5)
let stepValue = try ticks.value(at: 0.6)  // 0.5: the third of four steps
print("cubic-bezier at 0.5: \(bezierValue), steps(4) at 0.6: \(stepValue)")

// Progress is clamped to [0, 1]: an easing holds its end values outside it.
let held = try Easing.easeInOutCubic.value(at: 1.5)
print("easeInOutCubic at 1.5: \(held)")  // 1.0

// Named easings, looked up by their exact names.
if let named = Easing(name: "easeInOutBack") { print(named) }
print(Easing.allNamed.count, "named easings")  // 35

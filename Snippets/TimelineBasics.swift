import Stagger

let reveal = try Timeline([
    .step("background", .easeOut),
    .group([.step("icon", .snappy), .step("title", .snappy)], at: .afterPrevious(gap: 0.05)),
    .staggered("row", count: 4, config: .fast, at: .withPrevious(offset: 0.1)),
    .label("settled")
])
print("one pass: \(reveal.duration) s; every spring at rest after \(reveal.restDuration) s")
for step in reveal.scheduledSteps {
    print("  \(step.id): \(step.start) → \(step.end) s")
}
print("label 'settled' at", reveal.time(ofLabel: "settled") ?? .nan, "s")

// Every step at one time: phase, progress, eased value, visibility.
let state = try reveal.state(at: 0.5)
if let title = state["title"] {
    print("title at 0.5 s: \(title.phase), progress \(title.progress), value \(title.value)")
}
print("row[0] active: \(state.isActive("row[0]")), row[3] visible: \(state.isVisible("row[3]"))")

// Events arrive once each, however time is cut into frames.
var previous = -Double.infinity
for now in stride(from: 0.0, through: 0.6, by: 0.2) {
    for event in try reveal.events(from: previous, to: now) { print("  \(event)") }
    previous = now
}

// Every step's value in a few kernel calls, in scheduledSteps order.
var values = [Float](repeating: 0, count: reveal.stepCount)
try reveal.sample(at: 0.5, into: &values)
print(values)

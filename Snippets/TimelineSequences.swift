import Stagger

// MatchedSequence: steps wait for each other's real durations (a spring's settling).
let sequence = try MatchedSequence([
    MatchedStep("card", kind: .matched, curve: .snappy),
    MatchedStep("toolbar", curve: .easeOut, waitsForCompletion: false),  // runs with the next
    MatchedStep("badge", curve: .easeOut, delay: 0.05)
])
print("runs \(sequence.timeline.duration) s")
for time in [0.0, 0.5, 1.5] {
    let destination = try sequence.isDestinationActive("card", at: time)
    let toolbar = try sequence.isPresent("toolbar", at: time)
    print("\(time) s: card at destination \(destination), toolbar present \(toolbar)")
}

// AnimationSequence: each step at its own delay from the start.
let card = AnimationSequence.cardReveal
for time in [0.1, 0.2, 0.4, 0.6] {
    let running = card.steps.map(\.id).filter { card.isActive($0, at: time) }
    print("\(time) s: \(running)")
}
let rows = try AnimationSequence.rowByRow(count: 10, each: 0.05, duration: 0.3)
print("10 rows take \(rows.duration) s")

// KeyframeTrack: one value through keyframes, continuous in value and velocity.
let scale = try KeyframeTrack(
    initialValue: 1,
    [
        .linear(to: 1.2, duration: 0.15),
        .spring(to: 1, spring: .bouncy),
        .cubic(to: 0.9, duration: 0.2), .cubic(to: 1, duration: 0.2)
    ])
for time in stride(from: 0.0, through: scale.duration, by: 0.25) {
    let value = try scale.value(at: time)
    print("scale at \(time) s: \(value)")
}

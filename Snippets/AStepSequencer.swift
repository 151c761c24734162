import Stagger

// snippet.hide
func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
// snippet.show
// snippet.steps
// The card flies to its detail view. 0.1 s after it settles, the title and the chips
// come in together; when both are done, a toast pops in, then goes again.
let steps = [
    MatchedStep("card", kind: .matched, curve: .snappy),
    MatchedStep("title", curve: .easeOut, delay: 0.1, waitsForCompletion: false),
    MatchedStep("chips", curve: .smooth),
    MatchedStep("toast", curve: .bouncy, keepsAlive: false)
]
let sequence = try MatchedSequence(steps)

// snippet.schedule
// Each step waits for the real duration of the one before it: the snappy spring
// settles after about 0.88 s.
for step in sequence.timeline.scheduledSteps {
    print("\(step.id): \(rounded(step.start)) → \(rounded(step.end)) s")
}
// Which side of the pair is showing, which views are present, and what is visible.
for time in [0.5, 1.0, 2.0, 3.0] {
    let detail = try sequence.isDestinationActive("card", at: time)
    let title = try sequence.isPresent("title", at: time)
    let toast = try sequence.timeline.state(at: time).isVisible("toast")
    print("\(time) s: card at detail \(detail), title present \(title), toast visible \(toast)")
}

// snippet.player
// Play it on your clock: the player is running until the last step is done.
var player = TimelinePlayer(sequence.timeline)
player.reportsUpdates = false
try player.play(at: 100)
for clock in [100.5, 101.0, 103.0] {
    let started = try player.update(at: clock).compactMap { event -> String? in
        guard case .timeline(let timelineEvent) = event, timelineEvent.kind == .started else { return nil }
        return timelineEvent.child
    }
    print("\(clock): started \(started), running \(player.isRunning)")
}

// snippet.variants
// Reversed: the batches back to front, each one whole. The card starts at its detail
// view this time, so say so with `initially`.
let back = try MatchedSequence(steps, reversed: true)
print("reversed:", back.timeline.scheduledSteps.map { "\($0.id) at \(rounded($0.start)) s" })
let stillAtDetail = try back.isDestinationActive("card", at: 3, initially: true)
print("reversed, 3 s: card at detail \(stillAtDetail)")
// Without animation: the end state at once.
let jump = try MatchedSequence(steps, animates: false)
let jumped = try jump.isDestinationActive("card", at: 0)
print("no animation: card at detail \(jumped) at 0 s; runs \(jump.timeline.duration) s")

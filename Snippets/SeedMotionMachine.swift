import Stagger

// snippet.hide
func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
// snippet.show
// snippet.children
// A dot moves along x and y together (a group), then fades out: a group inside a
// sequence. Each step moves between values of your own.
let move = try Curve.easing(.easeInOutQuad, duration: 1)
let fade = try Curve.linear(duration: 0.5)
let motion: [TimelineChild] = [
    .sequence(
        [
            .group([.step("x", move, to: 300), .step("y", move, to: 120)], name: "move"),
            .step("fade", fade, from: 1, to: 0)
        ], name: "motion")
]

// snippet.repeats
// Three passes, there and back: forward, reversed, forward again.
let options = Timeline.Options(repeats: .times(2), yoyo: true, reversing: .contiguous)
let machine = try Timeline(motion, options: options)
print("one pass \(machine.duration) s, every pass \(machine.totalDuration) s")

// snippet.modes
// The reversing modes differ in the reversed pass (1.5 s to 3 s): contiguous plays
// each step backward, the last one first; sequential replays them forward, the last
// one first.
for mode in Timeline.ReversingMode.allCases {
    var modeOptions = options
    modeOptions.reversing = mode
    let timeline = try Timeline(motion, options: modeOptions)
    for time in [1.6, 2.25] {
        let state = try timeline.state(at: time)
        print("\(mode), \(time) s: x \(rounded(state["x"]!.value)), fade \(rounded(state["fade"]!.value))")
    }
}

// snippet.player
// Play it: the player's own events, each new pass, and the sequence's steps completing.
var player = TimelinePlayer(machine)
player.reportsUpdates = false
try player.play(at: 0)
for frame in 1...50 {
    let now = Double(frame) / 10
    for event in try player.update(at: now) {
        if case .timeline(let timelineEvent) = event, !timelineEvent.child.isEmpty {
            guard timelineEvent.child == "motion", case .stepCompleted = timelineEvent.kind else { continue }
        }
        print(now, event)
    }
}

// snippet.flat
// Steps at fixed delays from the start, nothing nested: an AnimationSequence.
let card = AnimationSequence.cardReveal
let running = card.steps.map(\.id).filter { card.isActive($0, at: 0.2) }
print("card reveal at 0.2 s: \(running); done after \(rounded(card.duration)) s")

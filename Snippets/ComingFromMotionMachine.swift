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
// one first; together plays them backward with a group's children turning back at
// once (x and y last as long here, so it plays as contiguous).
for mode in Timeline.ReversingMode.allCases {
    var modeOptions = options
    modeOptions.reversing = mode
    let timeline = try Timeline(motion, options: modeOptions)
    for time in [1.6, 2.25] {
        let state = try timeline.state(at: time)
        print("\(mode), \(time) s: x \(rounded(state["x"]!.value)), fade \(rounded(state["fade"]!.value))")
    }
}

// snippet.parts
// Repeat and reverse one part: each circle goes down 60 and back up (two passes of
// 0.5 s in a slot of 1 s), one after another; then the whole sequence replays them
// forward, circle 3 first (MotionMachine's sequential reversing).
let down = try Curve.linear(duration: 0.5)
let circles: [TimelineChild] = (0..<4).map {
    .step("circle\($0)", down, to: 60).repeating(.times(1), yoyo: true)
}
let bounce = try Timeline(circles, options: .init(repeats: .times(1), yoyo: true, reversing: .sequential))
let replayed = try bounce.state(at: 4.25)
print("circle 3 at 4.25 s:", replayed["circle3"]!.value, "circle 0:", replayed["circle0"]!.value)  // 30 0
print("every circle at the end:", try bounce.state(at: 8).steps.map(\.value))  // 0 0 0 0

// snippet.together
// A group whose children turn back together when its last child ends (MotionMachine's
// reverses(syncsChildMotions: true)): x (1 s) and w (1.2 s) both start back at 1.2 s.
let slow = try Curve.easing(.easeInOutQuad, duration: 1.2)
let pair = try Timeline(
    [.group([.step("x", move, to: 200), .step("w", slow, to: 100)])],
    options: .init(repeats: .times(1), yoyo: true, reversing: .together))
print("x at 1.3 s:", rounded(try pair.state(at: 1.3)["x"]!.value))  // 196: 200 (1 − easeInOutQuad(0.1))

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

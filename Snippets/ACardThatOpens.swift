import Stagger

// snippet.hide
func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
// snippet.show
// snippet.pair
// The card in its grid cell, and the same card full screen.
let cell = try MatchedGeometry(
    frame: LayoutRect(x: 20, y: 300, width: 170, height: 120), cornerRadii: 16,
    shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.25), radius: 8, offsetY: 4))
let fullScreen = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 390, height: 844))
let card = try MatchedPair(source: cell, destination: fullScreen)

// snippet.flight
// Open on snappy; close on a quicker smooth spring, the way back's own curves.
var group = try MatchedPairGroup([card], curves: MatchedCurves(.snappy))
group.reverseCurves = MatchedCurves(try .smooth(duration: 0.35))
try group.start(at: 0)
for time in [0.05, 0.1, 0.2] {
    let state = try group.state(ofPair: 0, at: time)
    print(
        "open, \(time) s: \(rounded(state.frame.width)) x \(rounded(state.frame.height)), "
            + "corner \(rounded(state.cornerRadii.horizontal.topLeading)), "
            + "cell view \(rounded(state.outgoingOpacity)), full-screen view \(rounded(state.incomingOpacity))")
}
// Tapped closed at 0.2 s, mid-flight: the card turns back from where it is, at its
// speed, and lands in its cell.
try group.reverse(at: 0.2)
let turning = try group.state(ofPair: 0, at: 0.3)
print("closing, 0.3 s: y \(rounded(turning.frame.minY)); in the cell at \(rounded(group.settleTime)) s")

// snippet.drag
// Later the user drags the card up out of its cell: the drag sets the progress, in
// any order, and records no transition.
for progress in [0.05, 0.1, 0.08] {
    let state = try group.state(ofPair: 0, atProgress: progress)
    print("drag, progress \(progress): y \(rounded(state.frame.minY)), width \(rounded(state.frame.width))")
}
// The finger lets go at progress 0.1, moving at 2 progress per second: the springs
// carry the drag on to full screen, with its speed.
try group.release(fromProgress: 0.1, velocity: 2, toward: .destination, at: 5)

// snippet.kernel
// Each frame: one kernel pass into a reused frame, then decode what you draw.
var frame = group.makeFrame()
var states: [MatchedPairState] = []
for time in [5.05, 5.2, 6.0] {
    try group.sample(at: time, into: &frame)
    try group.states(in: frame, into: &states)
    let width = try frame.value(.width, pair: 0)
    print("released, \(time) s: y \(rounded(states[0].frame.minY)), width \(rounded(Double(width)))")
}

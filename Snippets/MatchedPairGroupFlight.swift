import Stagger

// snippet.hide
var pairs: [MatchedPair] = []
for i in 0..<4 {
    let thumbnail = try MatchedGeometry(
        frame: LayoutRect(x: Double(i) * 90, y: 600, width: 80, height: 80), cornerRadii: CornerRadii(8))
    let tile = try MatchedGeometry(
        frame: LayoutRect(x: Double(i % 2) * 195, y: Double(i / 2) * 195, width: 190, height: 190))
    pairs.append(try MatchedPair(source: thumbnail, destination: tile))
}
// snippet.show
// Four thumbnails fly to a 2 x 2 layout: the position on a bouncy spring, the rest
// on smooth, each pair 0.05 s after the one before.
let curves = MatchedCurves(position: .bouncy, size: .smooth, cornerRadius: .smooth, appearance: .smooth)
var group = try MatchedPairGroup(pairs, curves: curves, stagger: StaggerConfig(spread: .each(0.05)))
try group.start(at: 0)

// Each frame: one kernel pass into a reused frame, then decode what you draw.
var frame = group.makeFrame()
var states: [MatchedPairState] = []
try group.sample(at: 0.1, into: &frame)
try group.states(in: frame, into: &states)
print("widths at 0.1 s:", states.map(\.frame.width))

// A second tap mid-flight: every pair turns back from its value and velocity.
try group.reverse(at: 0.15)
let back = try group.state(ofPair: 0, at: 0.3)
print("pair 0 at 0.3 s:", back.frame)

// The layout changed: head for new destinations from wherever the pairs are.
let moved = try pairs.map { pair in
    try MatchedGeometry(
        frame: LayoutRect(
            x: pair.destination.frame.minX, y: pair.destination.frame.minY + 50,
            width: 190, height: 190))
}
try group.retarget(moved, at: 0.4)
print("every pair at rest at \(group.settleTime) s")

// Scrubbing ignores the transitions: progress 0…1 spans scrubDuration, stagger included.
let halfway = try group.state(ofPair: 3, atProgress: 0.5)
print("scrub over \(group.scrubDuration) s; pair 3 halfway:", halfway.frame)
try group.sample(atProgress: 0.5, into: &frame)
let width = try frame.value(.width, pair: 3)
print("pair 3 width from the kernel: \(width)")

import Stagger

// A card the user drags toward full screen: the gesture scrubs the transition.
let pair = try MatchedPair(
    source: MatchedGeometry(frame: LayoutRect(x: 16, y: 400, width: 160, height: 90), cornerRadii: 12),
    destination: MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 390, height: 844)))
var group = try MatchedPairGroup([pair], curves: MatchedCurves(.snappy))
let dragged = try group.state(ofPair: 0, atProgress: 0.12)
print("while dragging, progress 0.12: y \(dragged.frame.minY)")

// The finger lets go at progress 0.12, moving 1.5 progress per second: a flick toward
// full screen. The spring carries the drag's value and velocity on.
try group.release(fromProgress: 0.12, velocity: 1.5, toward: .destination, at: 10)
for t in [10.0, 10.1, 10.3, 11] {
    print("after release, \(t) s: y \(try group.state(ofPair: 0, at: t).frame.minY)")
}

// A row swiped away: it lets go at appearance 0.7, moving -3 per second, and the
// list's spring takes it to 0; the other rows keep their motion.
var list = try StaggeredList(count: 20, config: StaggerConfig(delayIncrement: 0.03, curve: .smooth))
try list.show(at: 0)
try list.release(item: 5, from: 0.7, velocity: -3, toward: 0, at: 2)
print("row 5 at 2.1 s:", try list.appearance(of: 5, at: 2.1))

// A row dimmed to half, from wherever it is.
try list.move(item: 6, to: 0.5, at: 2)
print("row 6 at 3 s:", try list.appearance(of: 6, at: 3))

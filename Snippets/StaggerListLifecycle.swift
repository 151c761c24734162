import Stagger

// snippet.hide
func rounded(_ values: some Sequence<Float>) -> [Float] { values.map { ($0 * 100).rounded() / 100 } }
// snippet.show
// Opacity, a slide in from the left, and a 0.9 → 1 scale.
let tracks = [
    StaggerTrack.opacity, StaggerTrack("offsetX", from: -40, to: 0),
    StaggerTrack("scale", from: 0.9, to: 1)
]
var list = try StaggeredList(count: 6, config: .fast, tracks: tracks)
var frame = list.makeFrame()

try list.show(at: 0)
try list.sample(at: 0.1, into: &frame)
print("0.1 s appearance:", rounded(frame.appearance))
print("0.1 s offsetX:   ", rounded(frame.values(ofTrack: 1)))

// Hide while rows are still appearing: moving rows turn back from their value and
// velocity at once; rows at rest wait for their turn, last shown first hidden.
try list.hide(at: 0.1)
try list.sample(at: 0.1, into: &frame)
print("0.1 s, hidden:   ", rounded(frame.appearance))  // no jump
try list.sample(at: 0.2, into: &frame)
print("0.2 s:           ", rounded(frame.appearance))

// A config change applies from the next transition; the hide keeps its curve.
list.config.curve = .bouncy
try list.show(at: 2)

// Insert two rows before index 3 while shown: they appear staggered among themselves.
try list.insert(2, before: 3, at: 2.1)
try list.remove(items: 0..<1, at: 2.1)
frame = list.makeFrame()  // the count changed: 7 rows
try list.sample(at: 2.2, into: &frame)
print("2.2 s, \(list.count) rows:", rounded(frame.appearance))

// The Double reference for one row, and when everything is at rest.
let reference = try list.appearance(of: 2, at: 2.2)
print("row 2: \(reference); at rest: \(list.isComplete(at: 2.2)); settles \(list.settlingDuration) s after the insert")

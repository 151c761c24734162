import Stagger

// 1,000 rows, 0.03 s apart, each running the snappy spring; no row waits more than 0.6 s.
let config = try StaggerConfig(spread: .each(0.03), curve: .snappy, maxDelay: 0.6)
var list = try StaggeredList(count: 1_000, config: config)  // tracks: opacity, offsetY, scale

// Times are seconds on your own clock: a display link, TimelineView's date, a test.
let now = 100.0
try list.show(at: now)

// Make the frame once and reuse it: sampling allocates nothing.
var frame = list.makeFrame()
for elapsed in [0.0, 0.05, 0.2, 1.0] {
    try list.sample(at: now + elapsed, into: &frame)
    let opacity = frame.values(ofTrack: 0)
    let offsetY = frame.values(ofTrack: "offsetY")!  // by name, item 0 at index 0
    let row10Offset = offsetY[10]
    print("+\(elapsed) s: row 0 opacity \(opacity[0]), row 10 opacity \(opacity[10]), offset \(row10Offset)")
}
print("every row is at rest \(list.settlingDuration) s after the show")

import Stagger

// snippet.hide
func rounded(_ values: some Sequence<Float>) -> [Float] { values.map { ($0 * 100).rounded() / 100 } }
func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
// snippet.show
// snippet.config
// Row i starts baseDelay + i · delayIncrement after the results load, on the smooth
// spring. It fades in, rises 12 points and grows from 0.9 to full size.
let config = try StaggerConfig(baseDelay: 0.2, delayIncrement: 0.05, curve: .smooth)
let tracks = [
    StaggerTrack.opacity, StaggerTrack("offsetY", from: 12, to: 0),
    StaggerTrack("scale", from: 0.9, to: 1)
]
var results = try StaggeredList(count: 5, config: config, tracks: tracks)
let lastDelay = try config.delay(for: 4)
print("row 4 starts \(lastDelay) s after the results load")  // 0.4 = 0.2 + 4 · 0.05

// snippet.appear
// The results load at 10 s on your clock: record the show, then sample every frame into
// one reused frame.
try results.show(at: 10)
var frame = results.makeFrame()
for elapsed in [0.25, 0.35, 0.5, 1.0] {
    try results.sample(at: 10 + elapsed, into: &frame)
    let opacity = rounded(frame.values(ofTrack: "opacity")!)
    let offset = rounded(frame.values(ofTrack: "offsetY")!)
    print("+\(elapsed) s: opacity \(opacity), offsetY \(offset)")
}

// snippet.changes
// Two results arrive at 11 s and appear staggered among themselves; one result drops
// out. The other rows keep their motion. The count changed, so make a new frame.
try results.insert(2, before: 1, at: 11)
try results.remove(items: 4..<5, at: 11)
frame = results.makeFrame()
try results.sample(at: 11.35, into: &frame)
print("11.35 s, \(results.count) rows:", rounded(frame.appearance))

// snippet.leave
// The list is cleared at 12.5 s: the rows leave, the last one first, on a quick ease-in.
results.hideCurve = try .easeIn(duration: 0.2)
try results.hide(at: 12.5)
try results.sample(at: 12.8, into: &frame)
print("12.8 s, hiding:", rounded(frame.appearance))

// snippet.reduced
// With Reduce Motion on, the next show fades the rows in, starting within 0.1 s of
// each other; offsets and scales jump into place as each row starts.
results.reducedMotion = .system(isEnabled: true)
try results.show(at: 14)
try results.sample(at: 14.25, into: &frame)
let fading = rounded(frame.values(ofTrack: 0)), jumped = rounded(frame.values(ofTrack: 1))
print("reduced, 14.25 s: opacity \(fading), offsetY \(jumped)")
print(
    "every row is at rest \(rounded(results.settlingDuration)) s after the show:",
    results.isComplete(at: 14 + results.settlingDuration))

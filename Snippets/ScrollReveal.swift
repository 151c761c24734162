// Rows that stagger in as they scroll into view: batches, a page opened scrolled down,
// and rows that play again when they come back.
import Stagger

// snippet.batches
// 100 rows, 50 points tall, in a scroll view 400 points high.
let rows = try (0..<100).map { try LayoutRect(x: 0, y: Double($0) * 50, width: 320, height: 50) }
var reveal = try ScrollReveal(
    frames: rows, viewportLength: 400,
    config: try StaggerConfig(spread: .each(0.05), curve: .easing(.easeOut, duration: 0.3)),
    batching: ScrollReveal.Batching(interval: 0.1))
try reveal.scroll(to: 0, at: 0)  // opened at the top: rows 0...7 start at 0, 0.05, ..., 0.35 s
try reveal.scroll(to: 200, at: 1.0)  // rows 8...11 come in and start at 1.1, 1.15, 1.2, 1.25 s

var frame = reveal.makeFrame()
try reveal.sample(at: 1.2, into: &frame)  // frame.values(ofTrack: "opacity")[row]
for (row, time) in try reveal.itemsStarting(after: 1.0, through: 1.3) {
    print("row \(row) starts at \(time) s")
}
// snippet.end

// snippet.openedScrolledDown
// Opened at offset 2,000 (a restored position): rows 0...39 are shown at once, rows
// 40...47 stagger in from 0 s.
var restored = try ScrollReveal(
    frames: rows, viewportLength: 400,
    config: try StaggerConfig(spread: .each(0.05), curve: .easing(.easeOut, duration: 0.3)))
try restored.scroll(to: 2_000, at: 0)
print(try restored.appearance(of: 10, at: 0), try restored.startTime(ofItem: 40) ?? .nan)  // 1.0 0.0
// snippet.end

// snippet.queuedAndReplayed
// A fast fling: batches of at most 4 that wait their turn, and rows that leave hide
// (out of sight) and play again when they come back.
var fling = try ScrollReveal(
    frames: rows, viewportLength: 400,
    config: try StaggerConfig(spread: .each(0.05), curve: .smooth),
    batching: ScrollReveal.Batching(interval: 0.1, maximum: 4, isQueued: true),
    leaving: .replays)
try fling.scroll(to: 0, at: 0)
try fling.scroll(to: 1_000, at: 0.5)
print(try fling.startTime(ofItem: 20) ?? .nan, fling.settleTime)
// snippet.end

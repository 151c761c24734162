import Stagger

// `each`: neighbours 0.05 s apart. `amount`: the farthest item waits 0.6 s in total.
let each = try StaggerConfig(spread: .each(0.05))
let amount = try StaggerConfig(spread: .amount(0.6))
let lastEach = try each.delay(for: 9, of: 10)  // 0.45
let lastAmount = try amount.delay(for: 9, of: 10)  // 0.6
print("last of 10: each \(lastEach) s, amount \(lastAmount) s")

// From the middle of a list: 0.1, 0.05, 0, 0.05, 0.1.
let center = try StaggerConfig(spread: .each(0.05), from: .center)
let fromCenter = try center.delays(count: 5)
print("from the center:", fromCenter)

// A ripple from a tapped cell of a 6 x 4 grid, with square fronts.
let grid = StaggerConfig.Grid(columns: 6, rows: 4, metric: .chebyshev)
let ripple = try StaggerConfig(spread: .each(0.04), from: .index(14), grid: grid)
let delays = try ripple.delays(count: 24)  // in the SIMD kernel, float32
for row in 0..<4 { print(delays[row * 6..<(row + 1) * 6].map { ($0 * 100).rounded() / 100 }) }

// Shape the spread with an easing, and run it backwards: 1, 0.94, 0.75, 0.44, 0.
let shaped = try StaggerConfig(spread: .amount(1), distribution: .easeInQuad, reversed: true)
let shapedDelays = try shaped.delays(count: 5)
print("shaped and reversed:", shapedDelays)

// Long lists: cap the wait, and stagger only the rows on screen.
var long = try StaggerConfig(spread: .each(0.05), maxDelay: 0.5)
let capped = try long.delay(for: 1_000, of: 5_000)  // 0.5
print("row 1,000 of 5,000 waits \(capped) s")
long.visibleWindow = StaggerConfig.VisibleWindow(4_000..<4_020, offscreen: .immediately)
let first = try long.delay(for: 4_000, of: 5_000)  // 0: the first visible row
let fifth = try long.delay(for: 4_005, of: 5_000)  // 0.25
let above = try long.delay(for: 10, of: 5_000)  // 0: off screen, no wait
print("visible window: \(first), \(fifth), off screen: \(above)")

// The same window on a real list, through the kernel: at 0.2 s the rows on screen are
// staggering in, the row above them started with the first, and the last on screen
// (0.95 s) has not begun.
var rows = try StaggeredList(count: 5_000, config: long)
try rows.show(at: 0)
var frame = rows.makeFrame()
try rows.sample(at: 0.2, into: &frame)
let opacity = frame.values(ofTrack: 0)  // opacity, the first of the default tracks
print(opacity[10] == opacity[4_000], opacity[4_005] < opacity[4_000], opacity[4_019])  // true true 0.0

import Stagger

// A ripple from cell 14 of a 6 x 5 grid: 8 points high, 2 cycles per second,
// half a cycle per cell, fading over 0.8 s.
let ripple = try Wave(
    amplitude: 8, temporalFrequency: 2, spatialFrequency: 0.5,
    envelope: .decay(0.8),
    field: .cells(from: .index(14), grid: StaggerConfig.Grid(columns: 6, rows: 5)))
print("the front moves one cell every \(ripple.frontDelay) s")

var offsets = [Float](repeating: 0, count: 30)
for time in [0.1, 0.3, 0.6] {
    try ripple.offsets(count: 30, at: time, into: &offsets)
    print("t = \(time) s, row 2:", offsets[12..<18].map { ($0 * 10).rounded() / 10 })
}

// The Double reference for one cell.
let reference = try ripple.offset(for: 14, of: 30, at: 0.3)
print("cell 14 at 0.3 s: \(reference)")

// A wave along a list that repeats every 2 s, forever.
let wave = try Wave.looping(amplitude: 4, cycles: 1, period: 2)
var rows = [Float](repeating: 0, count: 5)
try wave.offsets(count: 5, at: 0.5, into: &rows)
print("list wave at 0.5 s:", rows)

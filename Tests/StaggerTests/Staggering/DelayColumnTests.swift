import Testing

@testable import Stagger

/// The least and the largest of a column of floats, eight at a time with a scalar
/// tail: each found wherever it sits (first and last of a vector, first of the second,
/// in the tail), +∞ and −∞ (or `nil`) for none. Values worked by hand: every float is 1
/// but the one set to −2.5 (the least) or 4.25 (the largest).
@Suite struct DelayColumnTests {
    @Test func theExtremesAreFoundWhereverTheySit() {
        for count in [1, 7, 8, 9, 16, 19] {
            for position in 0..<count {
                var values = [Float](repeating: 1, count: count)
                values[position] = -2.5
                let least = values.withUnsafeBufferPointer { DelayColumn.least(of: $0.baseAddress!, count: count) }
                #expect(least == -2.5, "\(count) floats, the least at \(position)")
                values[position] = 4.25
                let largest = values.withUnsafeBufferPointer {
                    DelayColumn.largest(of: $0.baseAddress!, count: count)
                }
                #expect(largest == 4.25, "\(count) floats, the largest at \(position)")
                #expect(DelayColumn.largest(of: values) == 4.25)
            }
        }
        let none = [Float](repeating: 0, count: 1)
        let least = none.withUnsafeBufferPointer { DelayColumn.least(of: $0.baseAddress!, count: 0) }
        #expect(least == .infinity)
        let largest = none.withUnsafeBufferPointer { DelayColumn.largest(of: $0.baseAddress!, count: 0) }
        #expect(largest == -.infinity)
        #expect(DelayColumn.largest(of: []) == nil)
    }

    /// A list shown from rest comes to rest when its last item, the one with the
    /// largest delay, ends: 100 items staggered over 0.5 s in order (item i waits
    /// 0.5 · i / 99 s), 0.3 s each, shown at 2 s, settle at 2.8 s.
    @Test func aListFromRestSettlesAfterItsLargestDelay() throws {
        var config = try StaggerConfig(spread: .amount(0.5))
        config.curve = try .easeOut(duration: 0.3)
        var list = try StaggeredList(count: 100, config: config, tracks: [StaggerTrack("opacity", from: 0, to: 1)])
        try list.show(at: 2)
        #expect(abs(list.settleTime - 2.8) < 1e-6)
    }
}

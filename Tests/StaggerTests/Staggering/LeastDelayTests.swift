import Testing

@testable import Stagger

/// The least of a column of floats, eight at a time with a scalar tail: the least found
/// wherever it sits (first and last of a vector, first of the second, in the tail), +∞
/// for none. Values worked by hand: every float is 1 but the one set to −2.5.
@Suite struct LeastDelayTests {
    @Test func theLeastIsFoundWhereverItSits() {
        for count in [1, 7, 8, 9, 16, 19] {
            for position in 0..<count {
                var values = [Float](repeating: 1, count: count)
                values[position] = -2.5
                let least = values.withUnsafeBufferPointer {
                    InterruptedListMotion.least(of: $0.baseAddress!, count: count)
                }
                #expect(least == -2.5, "\(count) floats, the least at \(position)")
            }
        }
        let none = [Float](repeating: 0, count: 1)
        let least = none.withUnsafeBufferPointer { InterruptedListMotion.least(of: $0.baseAddress!, count: 0) }
        #expect(least == .infinity)
    }
}

import Testing

@testable import Stagger

/// The one-bit test for infinity and NaN that the vectorised passes OR over a column:
/// bit 31 set for every value that is not finite, clear for every finite one, the
/// extremes included (the largest finite value, the smallest subnormal, both zeros).
@Suite struct NonFiniteBitTests {
    static let sign: UInt32 = 0x8000_0000

    @Test func floatSetsTheBitForInfinityAndNaNOnly() {
        let notFinite: [Float] = [.infinity, -.infinity, .nan, -.nan, .signalingNaN, Float(bitPattern: 0x7fff_ffff)]
        for value in notFinite { #expect(value.nonFiniteBit & Self.sign != 0, "\(value.bitPattern)") }
        let finite: [Float] = [
            0, -0.0, 1, -1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
            .leastNormalMagnitude, Float(bitPattern: 0x7f7f_ffff), Float(bitPattern: 0xff7f_ffff)
        ]
        for value in finite { #expect(value.nonFiniteBit & Self.sign == 0, "\(value)") }
    }

    @Test func doubleSetsTheBitForInfinityAndNaNOnly() {
        let notFinite: [Double] = [.infinity, -.infinity, .nan, -.nan, .signalingNaN]
        for value in notFinite { #expect(value.nonFiniteBit & Self.sign != 0, "\(value.bitPattern)") }
        let finite: [Double] = [
            0, -0.0, 1, -1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
            .leastNormalMagnitude, 1e308, -1e-308
        ]
        for value in finite { #expect(value.nonFiniteBit & Self.sign == 0, "\(value)") }
    }

    /// Or-ed over a column, one value that is not finite anywhere sets the bit.
    @Test func oneValueInAColumnSetsTheBit() {
        for position in 0..<9 {
            var column = [Float](repeating: .greatestFiniteMagnitude, count: 9)
            column[position] = .infinity
            #expect(column.reduce(0) { $0 | $1.nonFiniteBit } & Self.sign != 0)
        }
        #expect(
            [Float](repeating: -.greatestFiniteMagnitude, count: 9).reduce(0) { $0 | $1.nonFiniteBit } & Self.sign == 0)
    }
}

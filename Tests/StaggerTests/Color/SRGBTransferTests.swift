import Foundation
import PropertyBased
import Testing

@testable import Stagger

/// The sRGB encode's x^(1/2.4) without libm's pow, against Foundation's `pow`.
@Suite(.shrinking(false)) struct SRGBTransferTests {
    /// The promised bound: 1e-15 relative (about 4.5 ulp).
    static let bound = 1e-15

    /// fl(5/12) − 5/12, exactly: 12·fl(5/12) − 5 is small and representable, so the
    /// fused multiply-add gives it without rounding.
    static let exponentRounding = (-5.0).addingProduct(12, 5.0 / 12) / 12

    /// The error relative to Foundation's pow(x, fl(5/12)), less what comes from pow's
    /// exponent being fl(5/12) rather than 5/12: x^fl(5/12) = x^(5/12) · e^(δ·ln x).
    static func relativeError(_ x: Double) -> Double {
        let reference = Foundation.pow(x, 5.0 / 12)
        let shift = abs(exponentRounding * Foundation.log(x))
        return max(0, abs(SRGBTransfer.power5Over12(x) - reference) / reference - 1.01 * shift)
    }

    /// Densely over the encode's range 0.0031308…1 (every 1/128 interval of every
    /// binade it spans, at 2¹⁸ evenly spaced points), and at every interval's ends.
    @Test func withinTheBoundOverTheEncodesRange() {
        var worst = 0.0
        let n = 1 << 18
        for i in 0...n {
            let x = 0.0031308 + (1 - 0.0031308) * Double(i) / Double(n)
            worst = max(worst, Self.relativeError(x))
        }
        for e in -9...0 {
            for j in 0..<128 {
                let start = Foundation.pow(2, Double(e)) * (1 + Double(j) / 128)
                worst = max(
                    worst, Self.relativeError(start), Self.relativeError(start.nextDown),
                    Self.relativeError(start.nextUp))
            }
        }
        #expect(worst <= Self.bound, "worst relative error \(worst)")
    }

    /// Over every binade of the normal doubles (all twelve residues of 5e mod 12).
    @Test func withinTheBoundOverEveryBinade() async {
        await checkProperty(count: 3000, input: Gen.int(in: -1022...1023), Gen.double(in: 1..<2)) { e, m in
            let x = m * Foundation.pow(2, Double(e))
            #expect(Self.relativeError(x) <= Self.bound, "x = \(x)")
        }
    }

    /// Exact where it must be: 1 gives 1 (so white encodes to 1), and so do the
    /// encode's ends; NaN and infinity go through pow.
    @Test func exactValuesAndNonFiniteInput() {
        #expect(Self.exponentRounding != 0 && abs(Self.exponentRounding) < 0x1p-55)
        #expect(SRGBTransfer.power5Over12(1) == 1)
        #expect(SRGBTransfer.encoded(fromLinear: 1) == 1)
        #expect(SRGBTransfer.encoded(fromLinear: -1) == -1)
        #expect(SRGBTransfer.power5Over12(4096) == 32)  // (2^12)^(5/12) = 2^5
        #expect(SRGBTransfer.power5Over12(0x1p-12) == 0x1p-5)
        #expect(SRGBTransfer.power5Over12(.infinity) == .infinity)
        #expect(SRGBTransfer.power5Over12(.nan).isNaN)
        #expect(SRGBTransfer.encoded(fromLinear: .nan).isNaN)
    }

    /// The encode as a whole moves by at most 1.055 · 1e-15 from the pow form.
    @Test func encodeMatchesThePowForm() async {
        await checkProperty(count: 2000, input: Gen.double(in: 0.0031309...1)) { l in
            let powForm = 1.055 * Foundation.pow(l, 1 / 2.4) - 0.055
            #expect(abs(SRGBTransfer.encoded(fromLinear: l) - powForm) <= 1.1e-15 + 2.3e-16, "l = \(l)")
        }
    }
}

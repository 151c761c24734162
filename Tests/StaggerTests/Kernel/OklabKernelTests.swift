import CInterp
import Foundation
import Testing

@testable import Stagger

/// The kernel's colours mixed in Oklab back to sRGB (`ci_oklab_to_srgb`, double
/// precision) against the Double reference, CSS gamut mapping's
/// ``GamutMapping/color(_:alpha:)``, on every backend: the reference's bits wherever the
/// kernel converts a colour, and NaN exactly where it leaves one to the caller.
@Suite struct OklabKernelTests {
    /// A premultiplied mix: (L, a, b) times alpha, and alpha.
    typealias Mix = (lightness: Float, a: Float, b: Float, alpha: Float)

    static func premultiplied(_ lightness: Double, _ a: Double, _ b: Double, alpha: Double) -> Mix {
        (Float(lightness * alpha), Float(a * alpha), Float(b * alpha), Float(alpha))
    }

    /// Colours over the sRGB gamut and past it: a grid of Oklab lightness and chroma
    /// (in gamut, at its edges and outside it), every alpha from barely visible to
    /// opaque, white, black and lightness past either end, clear, and non-finite input.
    static let mixes: [Mix] = {
        var mixes: [Mix] = []
        for lightness in stride(from: -0.05, through: 1.05, by: 0.05) {
            for a in stride(from: -0.3, through: 0.3, by: 0.075) {
                for b in stride(from: -0.3, through: 0.3, by: 0.1) {
                    for alpha in [1.0, 0.3, 1e-3] { mixes.append(premultiplied(lightness, a, b, alpha: alpha)) }
                }
            }
        }
        mixes += [
            premultiplied(1, 0, 0, alpha: 1), premultiplied(0, 0, 0, alpha: 0.5), premultiplied(0.5, 0.1, 0, alpha: 0),
            (0.5, 0, 0, -1), (0.5, 0, 0, .nan), (.nan, 0, 0, 1), (0.5, .infinity, 0, 1), (.infinity, 0, 0, 1),
            (0.5, 0, 0, .infinity), (3e38, 3e38, 0, 1e-38), (0.0031, 0, 0, 1), (1e-9, 0, 0, 1),
            premultiplied(0.9999, 0, 0, alpha: 1)
        ]
        return mixes
    }()

    static func kernel(_ mixes: [Mix], backend: Backend) -> [(red: Double, green: Double, blue: Double)] {
        let n = mixes.count
        var red = [Double](repeating: -1, count: n), green = red, blue = red
        let lightness = mixes.map(\.lightness), a = mixes.map(\.a), b = mixes.map(\.b), alpha = mixes.map(\.alpha)
        lightness.withUnsafeBufferPointer { l in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    alpha.withUnsafeBufferPointer { alpha in
                        var colors = ci_oklab_mixes(
                            lightness: l.baseAddress, a: a.baseAddress, b: b.baseAddress, alpha: alpha.baseAddress)
                        #expect(ci_oklab_to_srgb(backend.cValue, &colors, &red, &green, &blue, n) == CI_OK)
                    }
                }
            }
        }
        return (0..<n).map { (red[$0], green[$0], blue[$0]) }
    }

    /// What the reference makes of a mix, and whether the kernel converts it: the
    /// mixed colour is visible, its coordinates finite, and it lies inside the gamut
    /// or at or past white or black.
    static func reference(_ mix: Mix) -> (color: RGBAColor, converted: Bool) {
        let color = ColorMixing.oklab.color(
            Double(mix.lightness), Double(mix.a), Double(mix.b), Double(mix.alpha), gamutMapping: .css)
        let alpha = Double(mix.alpha)
        guard alpha > 0, alpha.isFinite else { return (color, false) }
        let lab = Oklab(lightness: Double(mix.lightness) / alpha, a: Double(mix.a) / alpha, b: Double(mix.b) / alpha)
        guard lab.lightness.isFinite, (lab.a * lab.a + lab.b * lab.b).isFinite else { return (color, false) }
        if lab.lightness >= 1 || lab.lightness <= 0 { return (color, true) }
        return (color, GamutMapping.inGamut(lab.linearSRGBVector))
    }

    @Test func everyBackendGivesTheReferencesBits() {
        let expected = Self.mixes.map(Self.reference)
        #expect(expected.filter(\.converted).count > expected.count / 4, "a good part of the grid is converted")
        #expect(expected.contains { !$0.converted }, "and some is left to the caller")
        for backend in Backend.supported {
            for count in [1, 2, 3, 5, 8, 9, 17, Self.mixes.count] {
                let channels = Self.kernel(Array(Self.mixes.prefix(count)), backend: backend)
                for k in 0..<count {
                    let (color, converted) = expected[k]
                    let got = channels[k]
                    if converted {
                        #expect(
                            got.red.bitPattern == color.red.bitPattern && got.green.bitPattern == color.green.bitPattern
                                && got.blue.bitPattern == color.blue.bitPattern,
                            "\(backend) \(Self.mixes[k]): \(got) vs \(color)")
                    } else {
                        #expect(
                            got.red.isNaN && got.green.isNaN && got.blue.isNaN, "\(backend) \(Self.mixes[k]): \(got)")
                    }
                }
            }
        }
    }

    /// Worked by hand: Oklab (L, 0, 0) is grey with every cube-rooted LMS channel L
    /// (the first column of the inverse matrix is 1), so linear L³ in each channel (the
    /// rows of the second matrix sum to 1 within 1e-10), encoded as
    /// 1.055 (L³)^(1/2.4) − 0.055; at L = 0.5, 1.055 · e^(ln(0.125)/2.4) − 0.055 = 1.055 ·
    /// 0.420448 − 0.055 = 0.388573; white and black
    /// exactly; past the gamut (Oklab (0.6, 0.4, 0): beyond sRGB red) left to the caller.
    @Test func greyWhiteBlackAndOutOfGamutWorkedByHand() {
        let channels = Self.kernel(
            [
                Self.premultiplied(0.5, 0, 0, alpha: 1), Self.premultiplied(0.5, 0, 0, alpha: 0.25),
                Self.premultiplied(1.2, 0, 0, alpha: 1), Self.premultiplied(-0.1, 0.05, 0, alpha: 1),
                Self.premultiplied(0.6, 0.4, 0, alpha: 1)
            ], backend: .active)
        let grey = 1.055 * Foundation.pow(0.125, 1 / 2.4) - 0.055
        #expect(abs(grey - 0.388573) < 1e-6)
        for k in 0..<2 {
            #expect(abs(channels[k].red - grey) < 1e-9 && abs(channels[k].blue - grey) < 1e-9, "\(channels[k])")
        }
        #expect(channels[2] == (1, 1, 1))
        #expect(channels[3] == (0, 0, 0))
        #expect(channels[4].red.isNaN && channels[4].green.isNaN && channels[4].blue.isNaN)
    }

    /// The power's tables (shared by the kernel and `SRGBTransfer.power5Over12`) are
    /// what their documentation says: 1/c by IEEE division and the binomial
    /// coefficients by their recurrence, to the bit; c^(5/12) and 2^(r/12) within one
    /// unit in the last place of the C library's `pow` (their being the nearest
    /// doubles was checked against 300-bit arithmetic when they were written down).
    @Test func thePowersTablesAreWhatTheySay() {
        let tables = ci_srgb_power_table()
        for j in 0..<128 {
            let c = 1 + Double(j) / 128
            #expect(tables.inverse_starts[j].bitPattern == (1 / c).bitPattern, "1/c, row \(j)")
            let power = tables.start_powers[j], exact = Foundation.pow(c, 5.0 / 12)
            #expect(abs(power - exact) <= exact.ulp, "c^(5/12), row \(j)")
        }
        for r in 0..<12 {
            let power = tables.twelfth_powers[r], exact = Foundation.pow(2, Double(r) / 12)
            #expect(abs(power - exact) <= exact.ulp, "2^(\(r)/12)")
        }
        var coefficient = 1.0
        for k in 0..<8 {
            if k > 0 { coefficient = coefficient * (5.0 / 12 - Double(k - 1)) / Double(k) }
            #expect(tables.binomial[k].bitPattern == coefficient.bitPattern, "C(5/12, \(k))")
        }
        #expect(tables.binomial[1] == 5.0 / 12 && tables.twelfth_powers[0] == 1 && tables.start_powers[0] == 1)
    }

    @Test func missingArraysAreRefused() {
        var red = [0.0], green = [0.0], blue = [0.0]
        let one: [Float] = [0.5]
        one.withUnsafeBufferPointer { p in
            var missing = ci_oklab_mixes(lightness: p.baseAddress, a: p.baseAddress, b: nil, alpha: p.baseAddress)
            #expect(ci_oklab_to_srgb(CI_BACKEND_SCALAR, &missing, &red, &green, &blue, 1) == CI_ERR_NULL_POINTER)
            #expect(red == [0], "nothing written")
            #expect(ci_oklab_to_srgb(CI_BACKEND_SCALAR, nil, &red, &green, &blue, 1) == CI_ERR_NULL_POINTER)
            var whole = ci_oklab_mixes(
                lightness: p.baseAddress, a: p.baseAddress, b: p.baseAddress, alpha: p.baseAddress)
            #expect(ci_oklab_to_srgb(CI_BACKEND_SCALAR, &whole, nil, &green, &blue, 1) == CI_ERR_NULL_POINTER)
            #expect(ci_oklab_to_srgb(CI_BACKEND_SCALAR, &whole, nil, nil, nil, 0) == CI_OK)
        }
    }
}

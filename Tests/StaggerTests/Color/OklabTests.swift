import PropertyBased
import RealModule
import Stagger
import Testing

/// Oklab and the sRGB transfer function against their published definitions.
@Suite(.shrinking(false)) struct OklabTests {
    /// Ottosson's post also publishes M1 for CIE XYZ input; composed with the sRGB → XYZ
    /// matrix of IEC 61966-2-1 (4 published digits) it must give the linear-sRGB M1.
    @Test func linearSRGBMatrixIsTheXYZMatrixComposedWithSRGBToXYZ() {
        let xyzToLMS: [[Double]] = [
            [0.8189330101, 0.3618667424, -0.1288597137],
            [0.0329845436, 0.9293118715, 0.0361456387],
            [0.0482003018, 0.2643662691, 0.6338517070]
        ]
        let srgbToXYZ: [[Double]] = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
        for i in 0..<3 {
            for j in 0..<3 {
                let composed = (0..<3).reduce(0.0) { $0 + xyzToLMS[i][$1] * srgbToXYZ[$1][j] }
                #expect(abs(composed - Oklab.linearSRGBToLMS[i][j]) < 1e-3, "M1[\(i)][\(j)]")
            }
        }
    }

    /// The published inverse matrices really are inverses of the forward ones.
    @Test func inverseMatricesInvert() {
        func product(_ a: Oklab.Matrix, _ b: Oklab.Matrix) -> [[Double]] {
            (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
        }
        let p1 = product(Oklab.lmsToLinearSRGB, Oklab.linearSRGBToLMS)
        let p2 = product(Oklab.labToLMS, Oklab.lmsToLab)
        for i in 0..<3 {
            for j in 0..<3 {
                // Ten published digits: identity to about 1e-7.
                #expect(abs(p1[i][j] - (i == j ? 1 : 0)) < 2e-7)
                #expect(abs(p2[i][j] - (i == j ? 1 : 0)) < 2e-7)
            }
        }
    }

    /// Ottosson's table of XYZ (D65) → Oklab pairs, published to 3 decimals; XYZ is
    /// taken to linear sRGB with IEC 61966-2-1's published inverse matrix (4 digits).
    @Test(arguments: [
        ([0.950, 1.000, 1.089], [1.000, 0.000, 0.000]),
        ([1.000, 0.000, 0.000], [0.450, 1.236, -0.019]),
        ([0.000, 1.000, 0.000], [0.922, -0.671, 0.263]),
        ([0.000, 0.000, 1.000], [0.153, -1.415, -0.449])
    ])
    func publishedXYZPairs(xyz: [Double], lab: [Double]) {
        let m: [[Double]] = [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]]
        let rgb = m.map { row in zip(row, xyz).reduce(0.0) { $0 + $1.0 * $1.1 } }
        let result = Oklab(linearRed: rgb[0], green: rgb[1], blue: rgb[2])
        // Half a unit of the third decimal, plus the 4-digit matrix's rounding.
        #expect(abs(result.lightness - lab[0]) < 2e-3)
        #expect(abs(result.a - lab[1]) < 2e-3)
        #expect(abs(result.b - lab[2]) < 2e-3)
    }

    /// sRGB white is L = 1, a = b = 0; the primaries have CSS Color 4's values
    /// (oklab(62.80% 0.2249 0.1258), oklab(86.64% −0.2339 0.1795), oklab(45.20% −0.0325 −0.3115)).
    @Test func knownSRGBColours() throws {
        let white = Oklab(RGBAColor.white)
        #expect(abs(white.lightness - 1) < 1e-4)
        #expect(abs(white.a) < 1e-4)
        #expect(abs(white.b) < 1e-4)
        let black = Oklab(RGBAColor.black)
        #expect(black.lightness == 0 && black.a == 0 && black.b == 0)
        let cases: [(RGBAColor, [Double])] = [
            (try RGBAColor(red: 1, green: 0, blue: 0), [0.6280, 0.2249, 0.1258]),
            (try RGBAColor(red: 0, green: 1, blue: 0), [0.8664, -0.2339, 0.1795]),
            (try RGBAColor(red: 0, green: 0, blue: 1), [0.4520, -0.0325, -0.3115])
        ]
        for (color, expected) in cases {
            let lab = Oklab(color)
            #expect(abs(lab.lightness - expected[0]) < 1e-4, "\(color)")
            #expect(abs(lab.a - expected[1]) < 1e-4, "\(color)")
            #expect(abs(lab.b - expected[2]) < 1e-4, "\(color)")
        }
    }

    /// The transfer function's published constants: 0.5 encoded is 0.214041 linear;
    /// the linear segment below 0.04045 is c/12.92; both pieces meet at the threshold.
    @Test func transferFunctionKnownValues() {
        #expect(abs(SRGBTransfer.linear(fromEncoded: 0.5) - 0.21404114) < 1e-8)
        #expect(SRGBTransfer.linear(fromEncoded: 0.04) == 0.04 / 12.92)
        #expect(abs(SRGBTransfer.encoded(fromLinear: 0.5) - 0.73535698) < 1e-8)
        #expect(SRGBTransfer.linear(fromEncoded: 1) == 1)
        #expect(abs(SRGBTransfer.encoded(fromLinear: 0.0031308) - 0.0031308 * 12.92) < 1e-9)
        #expect(SRGBTransfer.linear(fromEncoded: -0.5) == -SRGBTransfer.linear(fromEncoded: 0.5))
    }

    @Test func transferAndOklabRoundTrips() async {
        await checkProperty(count: 200, input: Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1)) {
            r, g, b in
            #expect(abs(SRGBTransfer.encoded(fromLinear: SRGBTransfer.linear(fromEncoded: r)) - r) < 1e-12)
            let color = try RGBAColor(red: r, green: g, blue: b)
            let back = Oklab(color).color()
            // The published inverses hold to ~1e-7; near black the linear segment
            // multiplies that by 12.92.
            #expect(abs(back.red - r) < 1e-5, "\(color) → \(back)")
            #expect(abs(back.green - g) < 1e-5, "\(color) → \(back)")
            #expect(abs(back.blue - b) < 1e-5, "\(color) → \(back)")
        }
    }

    /// Mixing black and white halfway: sRGB gives 0.5; linear light 0.5 encoded
    /// (0.735357); Oklab L = 0.5, a grey whose linear value is 0.5³ = 0.125 (every
    /// row of the inverse matrices sums to 1), encoded.
    @Test func mixingSpacesOnGrey() {
        let oklab = ColorMixing.oklab.mix(.black, .white, fraction: 0.5)
        let linear = ColorMixing.linearSRGB.mix(.black, .white, fraction: 0.5)
        let srgb = ColorMixing.sRGB.mix(.black, .white, fraction: 0.5)
        #expect(abs(srgb.red - 0.5) < 1e-12)
        #expect(abs(linear.green - 0.73535698) < 1e-7)
        let grey = 1.055 * Double.pow(0.125, 1 / 2.4) - 0.055
        #expect(abs(oklab.blue - grey) < 1e-4, "\(oklab)")
    }

    /// Premultiplied alpha: fading opaque red into transparent blue keeps red's hue
    /// all the way (a straight-alpha mix would turn purple), at half the alpha.
    @Test(arguments: ColorMixing.allCases)
    func premultipliedAlphaKeepsTheHue(mixing: ColorMixing) throws {
        let red = try RGBAColor(red: 1, green: 0, blue: 0)
        let clearBlue = try RGBAColor(red: 0, green: 0, blue: 1, alpha: 0)
        let mid = mixing.mix(red, clearBlue, fraction: 0.5)
        #expect(abs(mid.alpha - 0.5) < 1e-12)
        #expect(abs(mid.red - 1) < 1e-6 && abs(mid.green) < 1e-6 && abs(mid.blue) < 1e-6, "\(mixing): \(mid)")
    }
}

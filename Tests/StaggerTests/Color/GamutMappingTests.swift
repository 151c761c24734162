import Foundation
import PropertyBased
import Testing

@testable import Stagger

/// CSS Color 4's gamut mapping (https://www.w3.org/TR/css-color-4/#gamut-mapping)
/// against the properties its algorithm defines, and the clipping option.
@Suite(.shrinking(false)) struct GamutMappingTests {
    static let jnd = 0.02

    /// ΔEOK as CSS Color 4 defines it, computed here: the Euclidean distance in Oklab.
    static func distance(_ p: Oklab, _ q: Oklab) -> Double {
        let d = [p.lightness - q.lightness, p.a - q.a, p.b - q.b]
        return sqrt(d.map { $0 * $0 }.reduce(0, +))
    }

    /// An Oklch colour as Oklab.
    static func oklch(_ l: Double, _ c: Double, degrees h: Double) -> Oklab {
        Oklab(lightness: l, a: c * cos(h * .pi / 180), b: c * sin(h * .pi / 180))
    }

    /// The Oklab of an encoded sRGB colour's channels.
    static func lab(_ color: RGBAColor) -> Oklab { Oklab(color) }

    static func inGamut(_ color: RGBAColor) -> Bool {
        [color.red, color.green, color.blue, color.alpha].allSatisfy { (0...1).contains($0) }
    }

    /// Whether a linear-light triple lies in 0…1 (the spec's inGamut for sRGB).
    static func linearInGamut(_ lab: Oklab) -> Bool {
        let l = lab.linearSRGB
        return [l.red, l.green, l.blue].allSatisfy { (0...1).contains($0) }
    }

    @Test func deltaEOKIsTheEuclideanDistanceInOklab() {
        #expect(Oklab(lightness: 1, a: 0, b: 0).deltaEOK(Oklab(lightness: 0, a: 0, b: 0)) == 1)
        // A 3-4-5 triangle in a and b.
        #expect(abs(Oklab(lightness: 0.5, a: 0.03, b: 0).deltaEOK(Oklab(lightness: 0.5, a: 0, b: 0.04)) - 0.05) < 1e-15)
        #expect(Oklab(lightness: .nan, a: 0, b: 0).deltaEOK(Oklab(lightness: 0, a: 0, b: 0)).isNaN)
    }

    /// In-gamut colours come back as they went in, identically under both mappings
    /// (a round trip's rounding past 0 or 1 is within the JND, so CSS returns the clip).
    @Test func inGamutColoursAreUnchanged() async {
        await checkProperty(count: 300, input: Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1)) {
            r, g, b in
            let color = try RGBAColor(red: r, green: g, blue: b)
            let mapped = Oklab(color).color(gamutMapping: .css)
            #expect(mapped == Oklab(color).color(gamutMapping: .clip))
            #expect(abs(mapped.red - r) < 1e-5 && abs(mapped.green - g) < 1e-5 && abs(mapped.blue - b) < 1e-5)
        }
        // Halfway between two sRGB colours in linear light and in sRGB is in gamut too.
        let red = try! RGBAColor(red: 1, green: 0, blue: 0), teal = try! RGBAColor(red: 0, green: 0.5, blue: 0.5)
        for space in [ColorMixing.linearSRGB, .sRGB] {
            #expect(
                space.mix(red, teal, fraction: 0.3, gamutMapping: .css)
                    == space.mix(red, teal, fraction: 0.3, gamutMapping: .clip))
        }
    }

    /// Oklab L = 0.5 with no chroma is the grey whose linear value is 0.5³ (every row
    /// of the inverse matrices sums to 1): in gamut, so unchanged by either mapping.
    @Test func midGreyIsHandDerived() {
        let grey = 1.055 * pow(0.125, 1 / 2.4) - 0.055
        for mapping in GamutMapping.allCases {
            let c = Oklab(lightness: 0.5, a: 0, b: 0).color(gamutMapping: mapping)
            #expect(abs(c.red - grey) < 1e-6 && abs(c.green - grey) < 1e-6 && abs(c.blue - grey) < 1e-6, "\(mapping)")
        }
    }

    /// CSS: lightness ≥ 100% is white and ≤ 0% black, whatever the chroma, keeping alpha.
    @Test(arguments: [
        (1.0, 0.0, 0.0, true), (1.3, 0.0, 0.0, true), (1.0, 0.1, -0.05, true), (1.2, -0.3, 0.2, true),
        (0.0, 0.0, 0.0, false), (-0.2, 0.0, 0.0, false), (0.0, 0.1, 0.1, false), (-0.01, -0.2, 0.3, false)
    ])
    func lightnessOutOfRangeIsWhiteOrBlack(l: Double, a: Double, b: Double, white: Bool) {
        let c = Oklab(lightness: l, a: a, b: b).color(alpha: 0.4, gamutMapping: .css)
        let v = white ? 1.0 : 0.0
        #expect(c == RGBAColor(unchecked: v, v, v, 0.4), "\(c)")
    }

    /// The same colours clipped per channel are not white or black (the option differs).
    @Test func clippingDiffersFromWhiteAndBlack() {
        let light = Oklab(lightness: 1, a: 0.1, b: -0.05).color(gamutMapping: .clip)
        let dark = Oklab(lightness: 0, a: 0.1, b: 0.1).color(gamutMapping: .clip)
        #expect(light != .white)
        #expect(dark != .black)
    }

    /// Out-of-gamut colours of every hue: the result is in gamut; the search ends on a
    /// chroma whose clip is within the JND of that Oklch colour, up to the search's
    /// epsilon (as the algorithm defines its end); so lightness stays within that and
    /// the hue within asin(JND / chroma); and the chroma never grows.
    @Test func outOfGamutColoursAreMappedWithinTheJND() async {
        await checkProperty(
            count: 400, input: Gen.double(in: 0.02...0.98), Gen.double(in: 0.05...0.6), Gen.double(in: 0..<360)
        ) { l, c, h in
            let origin = Self.oklch(l, c, degrees: h)
            let result = origin.color(alpha: 1, gamutMapping: .css)
            #expect(Self.inGamut(result), "\(result)")
            let search = GamutMapping.cssMapped(origin)
            if Self.linearInGamut(origin) {
                #expect(search.chroma == c || abs(search.chroma - c) < 1e-12)
                return
            }
            #expect(search.chroma <= c + 1e-12)
            let current = Self.oklch(l, search.chroma, degrees: h)
            let mapped = Self.lab(result)
            // The algorithm returns the last clip it made, which may be the one that
            // lowered `high`: its chroma is within epsilon (1e-4) above one whose clip
            // was within the JND, so its distance may pass the JND by about that much
            // (seed nbuPWDNjTBvSTT0nrxd77etoubCiEWFtTFU64+Hymm8=: 0.020008 at L 0.09,
            // C 0.05, h 93.1). The encode rounds by ~1e-16; the conversion back by ~1e-7.
            let reach = Self.jnd + GamutMapping.epsilon
            #expect(Self.distance(current, mapped) < reach, "L \(l) C \(c) h \(h) → \(result)")
            #expect(abs(mapped.lightness - l) < reach)
            if search.chroma > 2 * Self.jnd {
                var dh = abs(atan2(mapped.b, mapped.a) * 180 / .pi - h)
                dh = min(dh, 360 - dh)
                #expect(dh <= asin(Self.jnd / search.chroma) * 180 / .pi + 1e-4, "hue \(h) → off by \(dh)°")
            }
        }
    }

    /// CSS's first test: when the plain clip is already within the JND, it is the
    /// answer. Linear sRGB (1.01, 0.5, 0.5) clips to (1, 0.5, 0.5); to first order the
    /// move is Δ = δ/3 · M2 · diag(lms^(−2/3)) · M1 · (1, 0, 0) with δ = 0.01 and
    /// lms = M1 · (1, 0.5, 0.5) ≈ (0.7061, 0.6060, 0.5442), so lms^(−2/3) ≈ (1.2611,
    /// 1.3965, 1.5003), M1's first column (0.4122, 0.2119, 0.0883) becomes (0.5199,
    /// 0.2959, 0.1325), and Δ ≈ (0.00115, 0.00123, 0.00046), |Δ| ≈ 0.00174 < 0.02.
    @Test func aClipWithinTheJNDIsTheAnswer() {
        let origin = Oklab(linearRed: 1.01, green: 0.5, blue: 0.5)
        let clip = Oklab(linearRed: 1, green: 0.5, blue: 0.5)
        let e = Self.distance(origin, clip)
        #expect(abs(e - 0.00174) < 0.00002, "first-order estimate 0.00174, exact \(e)")
        let result = origin.color(gamutMapping: .css)
        #expect(result == origin.color(gamutMapping: .clip))
        #expect(result.red == 1 && abs(result.green - 0.73535698) < 1e-6)
    }

    /// A vivid blue beyond sRGB: clipping shifts its hue towards purple, CSS mapping
    /// keeps it within the JND bound of the original hue.
    @Test func mappingKeepsHueWhereClippingDoesNot() {
        let origin = Self.oklch(0.45, 0.45, degrees: 264)
        func hue(_ c: RGBAColor) -> Double { let l = Self.lab(c); return atan2(l.b, l.a) * 180 / .pi + 360 }
        let css = hue(origin.color(gamutMapping: .css)), clip = hue(origin.color(gamutMapping: .clip))
        #expect(abs(css - 264) < abs(clip - 264))
        #expect(abs(css - 264) < 5)
    }

    /// Every mixing space maps a result that leaves sRGB (an overshoot past an end).
    @Test(arguments: ColorMixing.allCases)
    func overshootingMixesAreMapped(space: ColorMixing) throws {
        let blue = try RGBAColor(red: 0.1, green: 0.2, blue: 0.9), grey = try RGBAColor(red: 0.5, green: 0.5, blue: 0.5)
        // Fraction −0.6: past blue, away from grey, so beyond the gamut in every space.
        let css = space.mix(grey, blue, fraction: 1.6, gamutMapping: .css)
        let clip = space.mix(grey, blue, fraction: 1.6, gamutMapping: .clip)
        #expect(Self.inGamut(css) && Self.inGamut(clip))
        #expect(css != clip)
    }

    /// Bad input does not hang or escape 0…1: NaN and huge coordinates.
    @Test(arguments: [
        Oklab(lightness: .nan, a: 0, b: 0), Oklab(lightness: 0.5, a: .nan, b: 0.1),
        Oklab(lightness: 0.5, a: .infinity, b: 0), Oklab(lightness: 0.5, a: 1e30, b: -1e30),
        Oklab(lightness: 0.5, a: 1e300, b: 1e300)
    ])
    func badCoordinatesStayInGamut(lab: Oklab) {
        for mapping in GamutMapping.allCases {
            #expect(Self.inGamut(lab.color(gamutMapping: mapping)), "\(lab) \(mapping)")
        }
    }

    /// A matched pair uses its options' mapping in the Double reference and in the
    /// kernel decode alike: a back easing overshoots the blue end out of gamut.
    @Test func matchedPairsMapTheirColours() throws {
        let source = try MatchedGeometry(
            frame: LayoutRect(x: 0, y: 0, width: 10, height: 10), color: RGBAColor(red: 0.9, green: 0.9, blue: 0.1))
        let destination = try MatchedGeometry(
            frame: LayoutRect(x: 0, y: 0, width: 10, height: 10), color: RGBAColor(red: 0.05, green: 0.2, blue: 1))
        for mapping in GamutMapping.allCases {
            let pair = try MatchedPair(source: source, destination: destination, options: .init(gamutMapping: mapping))
            // easeInOutBack reaches 1.0997 at progress 0.75: 10% past blue, away from yellow.
            let state = try pair.state(atProgress: 0.75, easing: .easeInOutBack)
            let y = try Easing.easeInOutBack.value(at: 0.75)
            let expected = ColorMixing.oklab.mix(source.color, destination.color, fraction: y, gamutMapping: mapping)
            #expect(
                abs(state.color.red - expected.red) < 1e-9 && abs(state.color.blue - expected.blue) < 1e-9, "\(mapping)"
            )
            // The kernel's float32 lanes decode to the same colour as the Double reference.
            var group = try MatchedPairGroup([pair], curves: MatchedCurves(.easing(.easeInOutBack, duration: 1)))
            try group.start(at: 0)
            var frame = group.makeFrame()
            try group.sample(at: 0.75, into: &frame)
            let kernel = try group.state(ofPair: 0, in: frame).color,
                reference = try group.state(ofPair: 0, at: 0.75).color
            #expect(
                abs(kernel.red - reference.red) < 1e-4 && abs(kernel.green - reference.green) < 1e-4
                    && abs(kernel.blue - reference.blue) < 1e-4, "\(mapping): \(kernel) vs \(reference)")
            #expect(abs(reference.blue - expected.blue) < 1e-9 && abs(reference.red - expected.red) < 1e-9)
        }
        let css = try MatchedPair(source: source, destination: destination).state(
            atProgress: 0.75, easing: .easeInOutBack)
        let clip = try MatchedPair(source: source, destination: destination, options: .init(gamutMapping: .clip))
            .state(atProgress: 0.75, easing: .easeInOutBack)
        #expect(css.color != clip.color)
    }
}

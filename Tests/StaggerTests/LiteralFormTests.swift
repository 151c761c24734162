import Stagger
import Testing

/// Constants without `try` (issue 21): literals and hex colours give the same values as
/// the throwing initialisers.
@Suite struct LiteralFormTests {
    @Test func cornerRadiiFromLiterals() throws {
        let whole: CornerRadii = 16
        let fraction: CornerRadii = 12.5
        // A variable, not a literal: CornerRadii(16) would be the literal form again.
        let radius = 16.0
        #expect(whole == (try CornerRadii(radius)))
        #expect(
            fraction
                == (try CornerRadii(topLeading: 12.5, topTrailing: 12.5, bottomTrailing: 12.5, bottomLeading: 12.5)))
    }

    /// 0xFF8000: red 255/255, green 128/255, blue 0, opaque.
    @Test func colourFromHex() throws {
        #expect(RGBAColor(rgb: 0xFF8000) == (try RGBAColor(red: 1, green: 128.0 / 255, blue: 0)))
        #expect(RGBAColor(rgb: 0x000000) == .black)
        #expect(RGBAColor(rgb: 0xFFFFFF) == .white)
    }
}

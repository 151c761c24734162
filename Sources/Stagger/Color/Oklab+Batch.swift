internal import CInterp

extension Oklab {
    /// Encoded sRGB channels for many colours mixed in Oklab, a vector of colours at a
    /// time in the kernel (double precision): colour i's four mixed values are
    /// `lightness[i]`, `a[i]` and `b[i]` (each times alpha, as a mix leaves them) and
    /// `alpha[i]`; its channels go to `red[i]`, `green[i]` and `blue[i]`.
    ///
    /// Under CSS gamut mapping only: colours inside the sRGB gamut, or white or black
    /// by lightness, with a finite alpha > 0, are converted, to what
    /// ``GamutMapping/color(_:alpha:)`` (``GamutMapping/css``) gives them, bit for bit
    /// (the same operations in the same order, on the same tables).
    /// Every other colour gets NaN in all three channels, for the caller to convert by
    /// the reference (clear, or mapped into the gamut). The pointers hold `count`
    /// elements each. No allocation.
    static func encodedSRGB(
        lightness: UnsafePointer<Float>, a: UnsafePointer<Float>, b: UnsafePointer<Float>,
        alpha: UnsafePointer<Float>, count: Int, red: UnsafeMutablePointer<Double>,
        green: UnsafeMutablePointer<Double>, blue: UnsafeMutablePointer<Double>
    ) {
        var mixes = ci_oklab_mixes(lightness: lightness, a: a, b: b, alpha: alpha)
        let status = ci_oklab_to_srgb(CI_BACKEND_AUTO, &mixes, red, green, blue, count)
        // Refused only for a missing pointer, which a Swift pointer cannot be.
        precondition(status == CI_OK, "ci_oklab_to_srgb: \(status)")
    }
}

import RealModule

/// The sRGB transfer function (IEC 61966-2-1): between the encoded channel values a
/// colour picker shows and linear light, which is what mixing should add up.
public enum SRGBTransfer {
    /// Encoded → linear: c/12.92 for c ≤ 0.04045, else ((c + 0.055)/1.055)^2.4.
    ///
    /// Values outside 0…1 are extended by odd symmetry (−c gives −linear(c)), as CSS
    /// Color 4 does, so mixes that leave the gamut round-trip. NaN stays NaN.
    public static func linear(fromEncoded c: Double) -> Double {
        let magnitude = Swift.abs(c)
        let result =
            magnitude <= 0.04045
            ? magnitude / 12.92 : Double.pow((magnitude + 0.055) / 1.055, 2.4)
        return c < 0 ? -result : result
    }

    /// Linear → encoded: 12.92·l for l ≤ 0.0031308, else 1.055·l^(1/2.4) − 0.055; the
    /// inverse of ``linear(fromEncoded:)``, with the same odd extension.
    ///
    /// Evaluated as 1 + 1.055·(l^(1/2.4) − 1), the same value within an ulp, so that 1
    /// (white's channels) encodes to exactly 1. NaN stays NaN.
    public static func encoded(fromLinear l: Double) -> Double {
        let magnitude = Swift.abs(l)
        let result =
            magnitude <= 0.0031308
            ? 12.92 * magnitude : 1 + 1.055 * (power5Over12(magnitude) - 1)
        return l < 0 ? -result : result
    }
}

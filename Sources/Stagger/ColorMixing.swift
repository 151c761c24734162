/// The space in which two colours are mixed. Every space mixes with premultiplied
/// alpha, as CSS does: a colour fading to transparent keeps its hue instead of
/// darkening toward the transparent colour's channels.
public enum ColorMixing: String, Sendable, Hashable, CaseIterable {
    /// Oklab, the default: perceptually even (CSS `color-mix()` and transitions).
    case oklab
    /// Linear-light sRGB: physically correct light mixing; brighter mid-tones than sRGB.
    case linearSRGB
    /// The encoded sRGB channels as they are (what most UI frameworks do by default).
    case sRGB

    /// The four values a mix interpolates: the colour's three coordinates in this space,
    /// each multiplied by alpha, and alpha.
    public func mixComponents(of color: RGBAColor) -> [Double] {
        let m = mixTuple(of: color)
        return [m.0, m.1, m.2, m.3]
    }

    /// ``mixComponents(of:)`` without an array (the per-frame paths).
    func mixTuple(of color: RGBAColor) -> (Double, Double, Double, Double) {
        let alpha = color.alpha
        let (x, y, z) = coordinates(of: color)
        return (x * alpha, y * alpha, z * alpha, alpha)
    }

    /// The colour four mixed values stand for: alpha clipped to 0…1, the coordinates
    /// divided by the (unclipped) alpha, converted to sRGB and clipped to the gamut.
    /// A mix with alpha ≤ 0 (or not finite) is ``RGBAColor/clear``.
    public func color(fromMixComponents v: ArraySlice<Double>) -> RGBAColor {
        let s = v.startIndex
        return color(v[s], v[s + 1], v[s + 2], v[s + 3])
    }

    /// ``color(fromMixComponents:)`` from four scalars (the per-frame decode path).
    func color(_ x0: Double, _ y0: Double, _ z0: Double, _ alpha: Double) -> RGBAColor {
        guard alpha > 0, alpha.isFinite else { return .clear }
        let x = x0 / alpha, y = y0 / alpha, z = z0 / alpha
        let clippedAlpha = Swift.min(alpha, 1)
        switch self {
        case .oklab:
            return Oklab(lightness: x, a: y, b: z).color(alpha: clippedAlpha)
        case .linearSRGB:
            return RGBAColor(
                unchecked: SRGBTransfer.encoded(fromLinear: x), SRGBTransfer.encoded(fromLinear: y),
                SRGBTransfer.encoded(fromLinear: z), clippedAlpha
            ).clipped
        case .sRGB:
            return RGBAColor(unchecked: x, y, z, clippedAlpha).clipped
        }
    }

    /// The colour a fraction `t` (0…1; outside extrapolates, then clips) of the way
    /// from `start` to `end`.
    public func mix(_ start: RGBAColor, _ end: RGBAColor, fraction t: Double) -> RGBAColor {
        let a = mixTuple(of: start), b = mixTuple(of: end)
        return color(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t, a.3 + (b.3 - a.3) * t)
    }

    private func coordinates(of color: RGBAColor) -> (Double, Double, Double) {
        switch self {
        case .oklab:
            let lab = Oklab(color)
            return (lab.lightness, lab.a, lab.b)
        case .linearSRGB:
            return (SRGBTransfer.linear(fromEncoded: color.red), SRGBTransfer.linear(fromEncoded: color.green),
                    SRGBTransfer.linear(fromEncoded: color.blue))
        case .sRGB:
            return (color.red, color.green, color.blue)
        }
    }
}

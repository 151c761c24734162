/// The space in which two colours are mixed. Every space mixes with premultiplied
/// alpha, as CSS does: a colour fading to transparent keeps its hue instead of
/// darkening toward the transparent colour's channels. A mix that leaves the sRGB gamut
/// is brought back by a ``GamutMapping`` (CSS Color 4's by default).
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
    /// divided by the (unclipped) alpha, converted to sRGB and brought into the gamut by
    /// `gamutMapping` (default CSS Color 4's, see ``GamutMapping``) when they lie
    /// outside it. A mix with alpha ≤ 0 (or not finite) is ``RGBAColor/clear``.
    public func color(fromMixComponents v: ArraySlice<Double>, gamutMapping: GamutMapping = .css) -> RGBAColor {
        let s = v.startIndex
        return color(v[s], v[s + 1], v[s + 2], v[s + 3], gamutMapping: gamutMapping)
    }

    /// ``color(fromMixComponents:gamutMapping:)`` from four scalars (the per-frame
    /// decode path).
    func color(_ x0: Double, _ y0: Double, _ z0: Double, _ alpha: Double, gamutMapping: GamutMapping) -> RGBAColor {
        guard alpha > 0, alpha.isFinite else { return .clear }
        let x = x0 / alpha, y = y0 / alpha, z = z0 / alpha
        switch self {
        case .oklab:
            return gamutMapping.color(Oklab(lightness: x, a: y, b: z), alpha: alpha)
        case .linearSRGB:
            return gamutMapping.color(linearSRGB: SIMD3(x, y, z), alpha: alpha)
        case .sRGB:
            if GamutMapping.inGamut(SIMD3(x, y, z)) { return RGBAColor(unchecked: x, y, z, alpha).clipped }
            let linear = SIMD3(
                SRGBTransfer.linear(fromEncoded: x), SRGBTransfer.linear(fromEncoded: y),
                SRGBTransfer.linear(fromEncoded: z))
            return gamutMapping.color(linearSRGB: linear, alpha: alpha)
        }
    }

    /// The colour a fraction `t` (0…1; outside extrapolates) of the way from `start`
    /// to `end`, brought into the sRGB gamut by `gamutMapping` when it leaves it.
    public func mix(_ start: RGBAColor, _ end: RGBAColor, fraction t: Double, gamutMapping: GamutMapping = .css)
        -> RGBAColor
    {
        let a = mixTuple(of: start), b = mixTuple(of: end)
        return color(
            a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t, a.3 + (b.3 - a.3) * t,
            gamutMapping: gamutMapping)
    }

    private func coordinates(of color: RGBAColor) -> (Double, Double, Double) {
        switch self {
        case .oklab:
            let lab = Oklab(color)
            return (lab.lightness, lab.a, lab.b)
        case .linearSRGB:
            return (
                SRGBTransfer.linear(fromEncoded: color.red), SRGBTransfer.linear(fromEncoded: color.green),
                SRGBTransfer.linear(fromEncoded: color.blue)
            )
        case .sRGB:
            return (color.red, color.green, color.blue)
        }
    }
}

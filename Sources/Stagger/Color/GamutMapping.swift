/// How a colour that lies outside the sRGB gamut is brought into it: what a mix does
/// when its result leaves sRGB (a saturated midpoint in Oklab, a spring or a back
/// easing overshooting past one end).
///
/// Colours inside the gamut are never changed. Both ways give every channel in 0…1.
public enum GamutMapping: String, Sendable, Hashable, CaseIterable {
    /// CSS Color 4's gamut mapping (the default; "binary search gamut mapping with local
    /// MINDE", https://www.w3.org/TR/css-color-4/#gamut-mapping): lightness ≥ 1 gives
    /// white and ≤ 0 black; otherwise the chroma is reduced at constant Oklch lightness
    /// and hue by binary search until clipping the colour moves it by less than a just
    /// noticeable difference (deltaEOK 0.02), and that clipped colour is the result. Hue
    /// and lightness stay within 0.02 in Oklab of the original's, where clipping can
    /// shift them visibly.
    case css
    /// Each channel clipped to 0…1 on its own: cheapest, but a saturated colour can
    /// change hue and lightness (a vivid blue past the gamut turns purple).
    case clip

    /// CSS Color 4's just noticeable difference in deltaEOK.
    public static let justNoticeableDifference = 0.02
    /// CSS Color 4's tolerance on the chroma search, in Oklch chroma.
    static let epsilon = 0.0001

    /// The in-gamut linear-light sRGB triple for `color` (each channel 0…1).
    ///
    /// Non-finite coordinates (possible only from non-finite mix inputs) are clipped
    /// whatever the mapping, NaN channels becoming 0.
    func linearSRGB(_ color: Oklab) -> SIMD3<Double> {
        self == .css ? Self.cssMapped(color).linear : Self.clipped(color.linearSRGBVector)
    }

    /// The sRGB colour (encoded channels) for `color` with `alpha` (clipped to 0…1),
    /// brought into the gamut this way.
    ///
    /// Accuracy: in-gamut colours round-trip as ``Oklab/linearSRGB`` does (about 1e-7
    /// linear); the search stops within CSS's 0.0001 of chroma. No allocation.
    /// Bad input never throws or leaves 0…1: non-finite coordinates are clipped
    /// whatever the mapping (NaN channels become 0), and a NaN alpha becomes 0.
    public func color(_ color: Oklab, alpha: Double = 1) -> RGBAColor {
        Self.encoded(linearSRGB(color), alpha: alpha)
    }

    /// The sRGB colour for a linear-light triple (any values) and `alpha`, brought into
    /// the gamut this way when it lies outside (the CSS search runs in Oklab).
    func color(linearSRGB v: SIMD3<Double>, alpha: Double) -> RGBAColor {
        if Self.inGamut(v) || self == .clip { return Self.encoded(Self.clipped(v), alpha: alpha) }
        return color(Oklab(linearSRGB: v), alpha: alpha)
    }

    /// The encoded colour of an in-gamut linear triple, with `alpha` clipped to 0…1.
    static func encoded(_ v: SIMD3<Double>, alpha: Double) -> RGBAColor {
        RGBAColor(
            unchecked: SRGBTransfer.encoded(fromLinear: v.x), SRGBTransfer.encoded(fromLinear: v.y),
            SRGBTransfer.encoded(fromLinear: v.z), RGBAColor.clip(alpha))
    }

    /// Each channel clipped to 0…1, NaN to 0 (clipping linear light is clipping the
    /// encoded channels: the transfer function is increasing and fixes 0 and 1).
    static func clipped(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(RGBAColor.clip(v.x), RGBAColor.clip(v.y), RGBAColor.clip(v.z))
    }

    /// Whether every channel lies in 0…1.
    static func inGamut(_ v: SIMD3<Double>) -> Bool {
        v.x >= 0 && v.x <= 1 && v.y >= 0 && v.y <= 1 && v.z >= 0 && v.z <= 1
    }

    /// CSS Color 4's search: the linear result, and the Oklch chroma of the colour
    /// (at the original's lightness and hue) that the result is that colour's clip of:
    /// the original's own chroma when it is in gamut or its clip is within the JND,
    /// 0 for white and black.
    ///
    /// Works in linear light throughout: the gamut test and the clip give the same
    /// answers there as on encoded channels, so only the result is encoded.
    static func cssMapped(_ origin: Oklab) -> (linear: SIMD3<Double>, chroma: Double) {
        let lightness = origin.lightness
        let chroma = (origin.a * origin.a + origin.b * origin.b).squareRoot()
        guard lightness.isFinite, chroma.isFinite else { return (clipped(origin.linearSRGBVector), chroma) }
        if lightness >= 1 { return (SIMD3(1, 1, 1), 0) }
        if lightness <= 0 { return (SIMD3(0, 0, 0), 0) }
        let linear = origin.linearSRGBVector
        if inGamut(linear) { return (linear, chroma) }
        var clip = clipped(linear)
        var clipChroma = chroma
        if origin.deltaEOK(Oklab(linearSRGB: clip)) < justNoticeableDifference { return (clip, chroma) }
        // Bisect the chroma: `low` is in gamut (until a clip within the JND is found,
        // after which it is a chroma whose clip is close enough), `high` is not.
        var low = 0.0, high = chroma
        var lowInGamut = true
        while high - low > epsilon {
            let mid = (low + high) / 2
            let scale = mid / chroma
            let current = Oklab(lightness: lightness, a: origin.a * scale, b: origin.b * scale)
            let currentLinear = current.linearSRGBVector
            if lowInGamut && inGamut(currentLinear) {
                low = mid
                continue
            }
            clip = clipped(currentLinear)
            clipChroma = mid
            let e = current.deltaEOK(Oklab(linearSRGB: clip))
            if e < justNoticeableDifference {
                if justNoticeableDifference - e < epsilon { return (clip, clipChroma) }
                lowInGamut = false
                low = mid
            } else {
                high = mid
            }
        }
        return (clip, clipChroma)
    }
}

/// What turning a pair's lane values into its ``MatchedPairState`` needs of the pair
/// (its anchor and the ends and bend of its arc, how its corners and colours mix, its
/// two views' opacities), in a value of plain numbers and enums: the one place a pair's
/// lanes are decoded.
///
/// A group keeps one per pair, made with the pairs, so that decoding a frame reads no
/// pair: a ``MatchedPair`` is not a trivial value (its cross-fade's easings may hold
/// arrays), and Swift copied the whole pair, retains included, for every pair decoded,
/// a third of decoding every pair of a frame. The cross-fade, which is not plain either,
/// is passed in (the group keeps it beside the record).
struct MatchedPairDecoding: Sendable {
    let anchor: RelativePoint
    /// The anchor lanes' ends and the arc between them (``MatchedPair/anchorEnds``,
    /// ``MatchedPairOptions/arc``).
    let arcFrom: LayoutPoint, arcTo: LayoutPoint, bend: Double
    let relativeCorners: Bool
    let mixing: ColorMixing
    let gamut: GamutMapping
    /// The destination's and the source's own opacities, which the cross-fade scales.
    let incomingOpacity: Double, outgoingOpacity: Double

    init(_ pair: borrowing MatchedPair) {
        anchor = pair.options.anchor
        (arcFrom, arcTo) = pair.anchorEnds
        bend = pair.options.arc
        relativeCorners = pair.options.cornerRadius == .relativeToBox
        mixing = pair.options.colorMixing
        gamut = pair.options.gamutMapping
        incomingOpacity = pair.destination.opacity
        outgoingOpacity = pair.source.opacity
    }

    /// Encoded sRGB channels the kernel found for a pair's colour, NaN where it left the
    /// colour to the reference (``Oklab/encodedSRGB(lightness:a:b:alpha:count:red:green:blue:)``).
    typealias Encoded = (red: Double, green: Double, blue: Double)

    /// The presented state for lane values read through `v` (`v(lane.rawValue)`) under
    /// `crossFade` (the pair's), without allocating: the decode path of every frame.
    /// `color` and `shadow` are the kernel's channels for the two colours when it
    /// converted them (a frame's decode), `nil` to convert both here.
    @inline(__always) func state(
        lanes v: (Int) -> Double, crossFade fade: CrossFade, color encodedColor: Encoded? = nil,
        shadow encodedShadow: Encoded? = nil
    ) -> MatchedPairState {
        func lane(_ l: MatchedLane) -> Double { v(l.rawValue) }
        /// The colour whose four mixed lanes start at `first`: the kernel's channels
        /// when it converted them (it converts Oklab mixes under CSS gamut mapping),
        /// else the reference's.
        func mixed(_ first: MatchedLane, _ encoded: Encoded?) -> RGBAColor {
            let l = first.rawValue
            if mixing == .oklab, gamut == .css, let encoded, !encoded.red.isNaN {
                return RGBAColor(unchecked: encoded.red, encoded.green, encoded.blue, RGBAColor.clip(v(l + 3)))
            }
            return mixing.color(v(l), v(l + 1), v(l + 2), v(l + 3), gamutMapping: gamut)
        }
        let width = lane(.width), height = lane(.height)
        let point = MatchedPair.onArc(x: lane(.anchorX), y: lane(.anchorY), from: arcFrom, to: arcTo, bend: bend)
        let frame = LayoutRect(unchecked: point.x - anchor.x * width, point.y - anchor.y * height, width, height)
        let sx = relativeCorners ? width : 1, sy = relativeCorners ? height : 1
        let radii = EllipticalCornerRadii(
            horizontal: CornerRadii(
                unchecked: lane(.topLeadingX) * sx, lane(.topTrailingX) * sx, lane(.bottomTrailingX) * sx,
                lane(.bottomLeadingX) * sx),
            vertical: CornerRadii(
                unchecked: lane(.topLeadingY) * sy, lane(.topTrailingY) * sy, lane(.bottomTrailingY) * sy,
                lane(.bottomLeadingY) * sy))
        let progress = lane(.progress)
        let opacity = Swift.min(Swift.max(lane(.opacity), 0), 1)
        let color = mixed(.color0, encodedColor)
        let shadowColor = mixed(.shadow0, encodedShadow)
        let shadow = Shadow(
            unchecked: shadowColor, Swift.max(lane(.shadowRadius), 0), lane(.shadowOffsetX), lane(.shadowOffsetY))
        // Each view keeps its own opacity and the cross-fade scales it (Motion's
        // shared layout), so a half-transparent destination never shows more than half.
        return MatchedPairState(
            progress: progress, frame: frame, cornerRadii: radii, opacity: opacity, color: color, shadow: shadow,
            incomingOpacity: incomingOpacity * fade.incomingOpacity(at: progress),
            outgoingOpacity: outgoingOpacity * fade.outgoingOpacity(at: progress))
    }
}

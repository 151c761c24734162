/// Which parts of the geometry a matched pair carries from the source to the
/// destination, as `matchedGeometryEffect`'s `properties`.
public enum MatchedProperties: String, Sendable, Hashable, CaseIterable {
    /// Position and size: the view flies and resizes from the source frame.
    case frame
    /// Position only: the view keeps the destination's size while its anchor point
    /// travels from the source's anchor point (a position-only move).
    case position
    /// Size only: the view grows or shrinks from the source's size about the
    /// destination's anchor point, which stays put.
    case size
}

/// How corner radii are mixed.
public enum CornerRadiusMixing: String, Sendable, Hashable, CaseIterable {
    /// Each corner's radius is kept as a fraction of the box's width (horizontally) and
    /// height (vertically), mixed as fractions and multiplied by the current size: a
    /// card twice as big has corners twice as big on the way, and the corners follow a
    /// change of aspect instead of staying fixed while the box stretches around them.
    /// A side of length 0 at one end gives a fraction of 0 there.
    case relativeToBox
    /// Each corner's radius in points, mixed as it is (circular corners throughout).
    case absolute
}

/// The options of a matched pair: SwiftUI's `properties` and `anchor`, and the choices
/// SwiftUI leaves to the views (aspect, corners, cross-fade, colour space, gamut
/// mapping and an arc for the path).
public struct MatchedPairOptions: Sendable, Hashable {
    /// What moves: frame (default), position only, or size only.
    public var properties: MatchedProperties
    /// The point of each frame that is matched, and the one that travels in a straight
    /// line under a single curve (default center).
    public var anchor: RelativePoint
    /// Whether the moving box keeps the destination's aspect ratio throughout: it
    /// starts as the destination's shape fitted inside the source frame (about the
    /// anchor) and scales up uniformly, so a thumbnail that expands into a photo never
    /// stretches. Ignored for ``MatchedProperties/position`` and when the destination
    /// has a side of 0.
    public var preservesAspectRatio: Bool
    /// How corner radii are mixed (default ``CornerRadiusMixing/absolute``: circular
    /// corners in points, what `CALayer.cornerRadius` and SwiftUI's rounded rectangles
    /// draw; ``CornerRadiusMixing/relativeToBox`` keeps them proportional to the box, at
    /// the cost of elliptical corners on the way).
    public var cornerRadius: CornerRadiusMixing
    /// How the two views cross-fade (default ``CrossFade/standard``).
    public var crossFade: CrossFade
    /// The space colours (fill and shadow) are mixed in (default Oklab).
    public var colorMixing: ColorMixing
    /// How a mixed colour that leaves the sRGB gamut (a saturated Oklab midpoint, an
    /// overshooting curve) is brought back (default CSS Color 4's gamut mapping;
    /// ``GamutMapping/clip`` clips each channel).
    public var gamutMapping: GamutMapping
    /// How far the anchor's path bows from the straight line, -1…1 (default 0,
    /// straight): the path is the circular arc through both anchor points whose height
    /// at the middle is `arc` times half their distance, so 1 is a half circle.
    /// Positive bows to the left of the direction of travel as a screen shows it (y
    /// down): a move to the right arcs up. The curve still decides how far along the
    /// pair is: the fraction of the straight line the anchor has travelled becomes the
    /// same fraction of the arc's length. Beyond the ends (an overshooting spring) the
    /// path runs on along the arc's tangent there. Applied when a state is decoded
    /// (``MatchedPairGroup/state(ofPair:in:)``, ``MatchedPair/state(atProgress:easing:)``);
    /// the frame's raw anchor lanes stay the straight motion.
    public var arc: Double

    /// Options; every argument has the default described on its property.
    public init(
        properties: MatchedProperties = .frame, anchor: RelativePoint = .center, preservesAspectRatio: Bool = false,
        cornerRadius: CornerRadiusMixing = .absolute, crossFade: CrossFade = .standard,
        colorMixing: ColorMixing = .oklab, gamutMapping: GamutMapping = .css, arc: Double = 0
    ) {
        self.properties = properties
        self.anchor = anchor
        self.preservesAspectRatio = preservesAspectRatio
        self.cornerRadius = cornerRadius
        self.crossFade = crossFade
        self.colorMixing = colorMixing
        self.gamutMapping = gamutMapping
        self.arc = arc
    }
}

extension MatchedPairOptions {
    /// Throws for an anchor that is not finite or an arc outside −1…1 (its fields are
    /// mutable: checked where a pair, or a layout transition, takes them).
    func validate() throws(AnimatableError) {
        try requireFinite(anchor.x, "anchor x")
        try requireFinite(anchor.y, "anchor y")
        try requireFinite(arc, "arc")
        guard abs(arc) <= 1 else { throw .outOfRange(name: "arc", value: arc) }
    }
}

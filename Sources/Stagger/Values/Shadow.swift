/// A drop shadow: colour, blur radius and offset, in points.
///
/// A pair whose one side has no shadow mixes with a transparent shadow of zero blur and
/// offset (what CSS does between a shadow and `none`).
public struct Shadow: Sendable, Hashable {
    /// The shadow's colour (its alpha is the shadow's strength).
    public var color: RGBAColor
    /// Blur radius, points, finite and ≥ 0.
    public var radius: Double
    /// Horizontal offset, points, finite.
    public var offsetX: Double
    /// Vertical offset, points, finite.
    public var offsetY: Double

    /// A shadow.
    ///
    /// - Throws: ``AnimatableError`` for a bad colour, a negative or non-finite radius,
    ///   a non-finite offset.
    public init(color: RGBAColor, radius: Double, offsetX: Double = 0, offsetY: Double = 0) throws(AnimatableError) {
        try color.validate()
        try requireNonNegative(radius, "shadow radius")
        try requireFinite(offsetX, "shadow offsetX")
        try requireFinite(offsetY, "shadow offsetY")
        self.init(unchecked: color, radius, offsetX, offsetY)
    }

    init(unchecked color: RGBAColor, _ radius: Double, _ offsetX: Double, _ offsetY: Double) {
        self.color = color
        self.radius = radius
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// No visible shadow: transparent, no blur, no offset.
    public static let none = Shadow(unchecked: .clear, 0, 0, 0)
}

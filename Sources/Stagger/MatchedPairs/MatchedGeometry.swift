/// How one side of a matched pair looks: the frame, corners, opacity, colour and
/// shadow of the source view (before) or the destination view (after).
public struct MatchedGeometry: Sendable, Hashable {
    /// The view's frame, points (in the coordinate space both views share).
    public var frame: LayoutRect
    /// Each corner's radius, points.
    public var cornerRadii: CornerRadii
    /// The view's own opacity, 0…1 (the cross-fade multiplies it).
    public var opacity: Double
    /// A fill or tint colour the pair mixes.
    public var color: RGBAColor
    /// A drop shadow, or `nil` for none.
    public var shadow: Shadow?

    /// One side of a pair.
    ///
    /// - Throws: ``AnimatableError`` for a frame with a negative side or a non-finite
    ///   coordinate, a negative corner radius, an opacity outside 0…1, a colour channel
    ///   outside 0…1 (whatever the values' own initialisers let through, since their
    ///   fields are mutable).
    public init(
        frame: LayoutRect, cornerRadii: CornerRadii = .zero, opacity: Double = 1, color: RGBAColor = .clear,
        shadow: Shadow? = nil
    ) throws(AnimatableError) {
        try frame.validate()
        try cornerRadii.validate()
        try requireUnit(opacity, "opacity")
        try color.validate()
        if let shadow {
            _ = try Shadow(color: shadow.color, radius: shadow.radius, offsetX: shadow.offsetX, offsetY: shadow.offsetY)
        }
        self.frame = frame
        self.cornerRadii = cornerRadii
        self.opacity = opacity
        self.color = color
        self.shadow = shadow
    }

    /// Re-checks every field (they are mutable after the checked initialiser).
    func validate() throws(AnimatableError) {
        _ = try MatchedGeometry(frame: frame, cornerRadii: cornerRadii, opacity: opacity, color: color, shadow: shadow)
    }
}

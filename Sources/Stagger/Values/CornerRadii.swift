/// The radius of each of a rectangle's four corners, in points (a rounded rectangle
/// with different corners, as SwiftUI's `RectangleCornerRadii`).
public struct CornerRadii: ComponentAnimatable, Hashable {
    /// Top-left radius, points, finite and ≥ 0 when validated.
    public var topLeading: Double
    /// Top-right radius, points.
    public var topTrailing: Double
    /// Bottom-right radius, points.
    public var bottomTrailing: Double
    /// Bottom-left radius, points.
    public var bottomLeading: Double

    /// Four corners with their own radii.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞,
    ///   ``AnimatableError/negativeValue(name:value:)`` for a radius below 0.
    public init(topLeading: Double, topTrailing: Double, bottomTrailing: Double, bottomLeading: Double)
        throws(AnimatableError)
    {
        self.init(unchecked: topLeading, topTrailing, bottomTrailing, bottomLeading)
        try validate()
    }

    /// The same radius at every corner.
    ///
    /// - Throws: as ``init(topLeading:topTrailing:bottomTrailing:bottomLeading:)``.
    public init(_ radius: Double) throws(AnimatableError) {
        try self.init(topLeading: radius, topTrailing: radius, bottomTrailing: radius, bottomLeading: radius)
    }

    init(unchecked a: Double, _ b: Double, _ c: Double, _ d: Double) {
        topLeading = a
        topTrailing = b
        bottomTrailing = c
        bottomLeading = d
    }

    /// Square corners.
    public static let zero = CornerRadii(unchecked: 0, 0, 0, 0)

    /// The radii in corner order: top-leading, top-trailing, bottom-trailing, bottom-leading.
    public var corners: [Double] { [topLeading, topTrailing, bottomTrailing, bottomLeading] }

    /// Four components, in ``corners`` order.
    public static var componentCount: Int { 4 }
    /// Appends the four radii in ``corners`` order.
    public func appendComponents(to components: inout [Double]) {
        components.append(topLeading)
        components.append(topTrailing)
        components.append(bottomTrailing)
        components.append(bottomLeading)
    }
    /// The four radii from the first four components (not checked).
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(unchecked: components[s], components[s + 1], components[s + 2], components[s + 3])
    }
    /// Every radius finite and ≥ 0.
    public func validate() throws(AnimatableError) {
        try requireNonNegative(topLeading, "topLeading")
        try requireNonNegative(topTrailing, "topTrailing")
        try requireNonNegative(bottomTrailing, "bottomTrailing")
        try requireNonNegative(bottomLeading, "bottomLeading")
    }
}

extension CornerRadii: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The same radius at every corner, from a literal: `let radii: CornerRadii = 16`.
    ///
    /// - Precondition: the literal is not negative (a literal is the program's own
    ///   constant; values from elsewhere go through the throwing ``init(_:)``).
    public init(integerLiteral radius: Int) {
        self.init(floatLiteral: Double(radius))
    }

    /// The same radius at every corner, from a literal: `let radii: CornerRadii = 12.5`.
    ///
    /// - Precondition: as ``init(integerLiteral:)``.
    public init(floatLiteral radius: Double) {
        precondition(radius >= 0, "a CornerRadii literal is a radius in points, 0 or more, not \(radius)")
        self.init(unchecked: radius, radius, radius, radius)
    }
}

/// Elliptical corners: each corner's horizontal and vertical radius, in points (CSS
/// `border-radius: h / v`). What a matched pair presents when its corners are kept
/// relative to the box and the box changes aspect.
public struct EllipticalCornerRadii: Sendable, Hashable {
    /// Each corner's horizontal radius, points.
    public var horizontal: CornerRadii
    /// Each corner's vertical radius, points.
    public var vertical: CornerRadii

    /// Corners with these horizontal and vertical radii.
    public init(horizontal: CornerRadii, vertical: CornerRadii) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The radii to give a layer drawn at its own size and then scaled by
    /// (scaleX, scaleY), so that on screen it shows these radii: each horizontal radius
    /// divided by scaleX, each vertical one by scaleY (a scale transform would
    /// otherwise stretch the corners with the box).
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for a NaN or
    ///   infinite scale; ``AnimatableError/notPositive(name:value:)`` for a scale ≤ 0
    ///   (a layer scaled to nothing has no radii that would show).
    public func correctedForScale(x scaleX: Double, y scaleY: Double) throws(AnimatableError) -> EllipticalCornerRadii {
        try requireFinite(scaleX, "scaleX")
        try requireFinite(scaleY, "scaleY")
        guard scaleX > 0 else { throw .notPositive(name: "scaleX", value: scaleX) }
        guard scaleY > 0 else { throw .notPositive(name: "scaleY", value: scaleY) }
        func divide(_ r: CornerRadii, _ s: Double) -> CornerRadii {
            CornerRadii(unchecked: r.topLeading / s, r.topTrailing / s, r.bottomTrailing / s, r.bottomLeading / s)
        }
        return EllipticalCornerRadii(horizontal: divide(horizontal, scaleX), vertical: divide(vertical, scaleY))
    }
}

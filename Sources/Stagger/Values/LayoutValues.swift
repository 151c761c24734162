// Plain geometry in points: positions, sizes, rectangles, insets and unit points.
// Prefixed `Layout` (and `RelativePoint` for SwiftUI's `UnitPoint`) so that an app which
// also imports SwiftUI, CoreGraphics or MacTypes (`Point`, `Rect`, `Size`) never meets an
// ambiguous name.

/// A position in points (x to the right, y down, as in UIKit and SwiftUI).
public struct LayoutPoint: ComponentAnimatable, Hashable {
    /// Horizontal position, points, finite.
    public var x: Double
    /// Vertical position, points, finite.
    public var y: Double

    /// A point at (x, y).
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for a NaN or
    ///   infinite coordinate.
    public init(x: Double, y: Double) throws(AnimatableError) {
        try requireFinite(x, "x")
        try requireFinite(y, "y")
        self.x = x
        self.y = y
    }

    init(unchecked x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = LayoutPoint(unchecked: 0, 0)

    /// Two components: x, y.
    public static var componentCount: Int { 2 }
    /// Appends x, y.
    public func appendComponents(to components: inout [Double]) { components += [x, y] }
    /// x, y from the first two components.
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(unchecked: components[s], components[s + 1])
    }
}

/// A width and a height in points.
public struct LayoutSize: ComponentAnimatable, Hashable {
    /// Width, points, finite and ≥ 0 when validated.
    public var width: Double
    /// Height, points, finite and ≥ 0 when validated.
    public var height: Double

    /// A size of width × height points.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞,
    ///   ``AnimatableError/negativeValue(name:value:)`` for a side below 0.
    public init(width: Double, height: Double) throws(AnimatableError) {
        self.init(unchecked: width, height)
        try validate()
    }

    init(unchecked width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    /// 0 × 0.
    public static let zero = LayoutSize(unchecked: 0, 0)

    /// Two components: width, height.
    public static var componentCount: Int { 2 }
    /// Appends width, height.
    public func appendComponents(to components: inout [Double]) { components += [width, height] }
    /// width, height from the first two components (not checked: see ``ComponentAnimatable``).
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(unchecked: components[s], components[s + 1])
    }
    /// Both sides finite and ≥ 0.
    public func validate() throws(AnimatableError) {
        try requireNonNegative(width, "width")
        try requireNonNegative(height, "height")
    }
}

/// A rectangle: its top-left origin and its size, in points.
public struct LayoutRect: ComponentAnimatable, Hashable {
    /// The top-left corner.
    public var origin: LayoutPoint
    /// The size; both sides ≥ 0 when validated.
    public var size: LayoutSize

    /// A rectangle at (x, y) of width × height points.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞,
    ///   ``AnimatableError/negativeValue(name:value:)`` for a negative width or height
    ///   (a rectangle is never flipped silently).
    public init(x: Double, y: Double, width: Double, height: Double) throws(AnimatableError) {
        self.init(unchecked: x, y, width, height)
        try validate()
    }

    /// A rectangle from an origin and a size.
    ///
    /// - Throws: as ``init(x:y:width:height:)``.
    public init(origin: LayoutPoint, size: LayoutSize) throws(AnimatableError) {
        self.init(unchecked: origin.x, origin.y, size.width, size.height)
        try validate()
    }

    init(unchecked x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = LayoutPoint(unchecked: x, y)
        size = LayoutSize(unchecked: width, height)
    }

    /// The empty rectangle at the origin.
    public static let zero = LayoutRect(unchecked: 0, 0, 0, 0)

    /// Left edge x, points.
    public var minX: Double { origin.x }
    /// Top edge y, points.
    public var minY: Double { origin.y }
    /// Width, points.
    public var width: Double { size.width }
    /// Height, points.
    public var height: Double { size.height }

    /// The point at `anchor` (0, 0 top-left; 1, 1 bottom-right) of the rectangle.
    public func point(at anchor: RelativePoint) -> LayoutPoint {
        LayoutPoint(unchecked: origin.x + anchor.x * size.width, origin.y + anchor.y * size.height)
    }

    /// Four components: x, y, width, height.
    public static var componentCount: Int { 4 }
    /// Appends x, y, width, height.
    public func appendComponents(to components: inout [Double]) {
        components += [origin.x, origin.y, size.width, size.height]
    }
    /// x, y, width, height from the first four components (not checked).
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(unchecked: components[s], components[s + 1], components[s + 2], components[s + 3])
    }
    /// Finite coordinates and a size with both sides ≥ 0.
    public func validate() throws(AnimatableError) {
        try requireFinite(origin.x, "x")
        try requireFinite(origin.y, "y")
        try size.validate()
    }
}

/// Insets from each edge of a rectangle, in points (negative insets extend outward).
public struct LayoutInsets: ComponentAnimatable, Hashable {
    /// Inset from the top edge, points, finite.
    public var top: Double
    /// Inset from the leading (left) edge, points, finite.
    public var leading: Double
    /// Inset from the bottom edge, points, finite.
    public var bottom: Double
    /// Inset from the trailing (right) edge, points, finite.
    public var trailing: Double

    /// Insets of the given sizes (all default to 0).
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) throws(AnimatableError)
    {
        self.init(unchecked: top, leading, bottom, trailing)
        try validate()
    }

    init(unchecked top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Four components: top, leading, bottom, trailing.
    public static var componentCount: Int { 4 }
    /// Appends top, leading, bottom, trailing.
    public func appendComponents(to components: inout [Double]) {
        components += [top, leading, bottom, trailing]
    }
    /// top, leading, bottom, trailing from the first four components.
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(unchecked: components[s], components[s + 1], components[s + 2], components[s + 3])
    }
}

/// A point relative to a rectangle: (0, 0) its top-left corner, (1, 1) its bottom-right,
/// as SwiftUI's `UnitPoint`. Values outside 0…1 lie outside the rectangle.
public struct RelativePoint: Sendable, Hashable {
    /// Fraction of the width from the left edge; finite.
    public var x: Double
    /// Fraction of the height from the top edge; finite.
    public var y: Double

    /// A unit point at (x, y).
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞.
    public init(x: Double, y: Double) throws(AnimatableError) {
        try requireFinite(x, "x")
        try requireFinite(y, "y")
        self.x = x
        self.y = y
    }

    private init(constant x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// (0.5, 0.5), SwiftUI's default anchor.
    public static let center = RelativePoint(constant: 0.5, 0.5)
    /// (0, 0).
    public static let topLeading = RelativePoint(constant: 0, 0)
    /// (0.5, 0).
    public static let top = RelativePoint(constant: 0.5, 0)
    /// (1, 0).
    public static let topTrailing = RelativePoint(constant: 1, 0)
    /// (0, 0.5).
    public static let leading = RelativePoint(constant: 0, 0.5)
    /// (1, 0.5).
    public static let trailing = RelativePoint(constant: 1, 0.5)
    /// (0, 1).
    public static let bottomLeading = RelativePoint(constant: 0, 1)
    /// (0.5, 1).
    public static let bottom = RelativePoint(constant: 0.5, 1)
    /// (1, 1).
    public static let bottomTrailing = RelativePoint(constant: 1, 1)
}

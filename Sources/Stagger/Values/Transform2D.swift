/// A 2-D affine transform, x' = a·x + c·y + tx, y' = b·x + d·y + ty (CoreGraphics'
/// `CGAffineTransform` layout). Interpolated component by component: for rotations
/// prefer animating an angle and building the transform from it.
public struct Transform2D: ComponentAnimatable, Hashable {
    /// Row 1, column 1.
    public var a: Double
    /// Row 1, column 2.
    public var b: Double
    /// Row 2, column 1.
    public var c: Double
    /// Row 2, column 2.
    public var d: Double
    /// Horizontal translation, points.
    public var tx: Double
    /// Vertical translation, points.
    public var ty: Double

    /// A transform from its six entries.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) throws(AnimatableError) {
        self.init(unchecked: [a, b, c, d, tx, ty][...])
        try validate()
    }

    private init(unchecked m: ArraySlice<Double>) {
        let s = m.startIndex
        (a, b, c, d, tx, ty) = (m[s], m[s + 1], m[s + 2], m[s + 3], m[s + 4], m[s + 5])
    }

    /// The identity.
    public static let identity = Transform2D(unchecked: [1, 0, 0, 1, 0, 0][...])

    /// A scale by (sx, sy) then a translation by (tx, ty): the transform that maps a
    /// box onto another.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞.
    public static func scale(x sx: Double, y sy: Double, translationX tx: Double = 0, translationY ty: Double = 0)
        throws(AnimatableError) -> Transform2D
    {
        try Transform2D(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }

    /// Applies the transform to a point.
    public func applied(to p: LayoutPoint) -> LayoutPoint {
        LayoutPoint(unchecked: a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// Six components: a, b, c, d, tx, ty.
    public static var componentCount: Int { 6 }
    /// Appends a, b, c, d, tx, ty.
    public func appendComponents(to components: inout [Double]) { components += [a, b, c, d, tx, ty] }
    /// a, b, c, d, tx, ty from the first six components.
    public init(components: ArraySlice<Double>) { self.init(unchecked: components) }
}

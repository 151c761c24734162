/// Where an item on a motion path is, and which way the path runs there.
public struct MotionPathPoint: Sendable, Hashable {
    /// Horizontal position, in the path data's units (points), x to the right.
    public var x: Double
    /// Vertical position, in the path data's units, y down as in SVG and UIKit.
    public var y: Double
    /// The direction of travel, degrees in (−180, 180]: 0 to the right, 90 down (y
    /// down, so positive angles turn clockwise on screen), what CSS `offset-rotate: auto`
    /// turns an element by. A rotation effect given this angle keeps an item facing
    /// along the path.
    public var angle: Double

    /// A point at (x, y) heading `angle` degrees.
    public init(x: Double, y: Double, angle: Double) {
        self.x = x
        self.y = y
        self.angle = angle
    }

    /// The position as a ``LayoutPoint``.
    public var position: LayoutPoint { LayoutPoint(unchecked: x, y) }
}

/// One scalar a matched pair animates, and its row in a ``MatchedFrame``.
///
/// Lanes are grouped by the ``MatchedCurves/Part`` whose curve drives them, in this
/// order.
public enum MatchedLane: Int, Sendable, Hashable, CaseIterable {
    /// The anchor point's x, points.
    case anchorX
    /// The anchor point's y, points.
    case anchorY
    /// The box's width, points.
    case width
    /// The box's height, points.
    case height
    /// Top-leading horizontal corner radius: a fraction of the width (relative mixing) or points.
    case topLeadingX
    /// Top-trailing horizontal corner radius.
    case topTrailingX
    /// Bottom-trailing horizontal corner radius.
    case bottomTrailingX
    /// Bottom-leading horizontal corner radius.
    case bottomLeadingX
    /// Top-leading vertical corner radius: a fraction of the height (relative mixing) or points.
    case topLeadingY
    /// Top-trailing vertical corner radius.
    case topTrailingY
    /// Bottom-trailing vertical corner radius.
    case bottomTrailingY
    /// Bottom-leading vertical corner radius.
    case bottomLeadingY
    /// The transition's progress, 0 at the source and 1 at the destination; the
    /// cross-fade reads it.
    case progress
    /// The view's own opacity.
    case opacity
    /// The fill colour's first coordinate in the mixing space, times alpha.
    case color0
    /// The fill colour's second coordinate, times alpha.
    case color1
    /// The fill colour's third coordinate, times alpha.
    case color2
    /// The fill colour's alpha.
    case colorAlpha
    /// The shadow colour's first coordinate, times alpha.
    case shadow0
    /// The shadow colour's second coordinate, times alpha.
    case shadow1
    /// The shadow colour's third coordinate, times alpha.
    case shadow2
    /// The shadow colour's alpha.
    case shadowAlpha
    /// The shadow's blur radius, points.
    case shadowRadius
    /// The shadow's horizontal offset, points.
    case shadowOffsetX
    /// The shadow's vertical offset, points.
    case shadowOffsetY

    /// The part of the pair whose curve drives this lane.
    public var part: MatchedCurves.Part {
        switch self {
        case .anchorX, .anchorY: .position
        case .width, .height: .size
        case .topLeadingX, .topTrailingX, .bottomTrailingX, .bottomLeadingX,
            .topLeadingY, .topTrailingY, .bottomTrailingY, .bottomLeadingY:
            .cornerRadius
        default: .appearance
        }
    }
}

/// The curve of each ``Part`` of a matched pair: one curve for everything, or a spring
/// per part (a position that overshoots while the size settles smoothly).
public struct MatchedCurves: Sendable, Hashable {
    /// Drives the anchor point.
    public var position: Curve
    /// Drives width and height.
    public var size: Curve
    /// Drives the corner radii.
    public var cornerRadius: Curve
    /// Drives progress (and so the cross-fade), opacity, colour and shadow.
    public var appearance: Curve

    /// One curve for every part.
    public init(_ curve: Curve) {
        self.init(position: curve, size: curve, cornerRadius: curve, appearance: curve)
    }

    /// A curve per part.
    public init(position: Curve, size: Curve, cornerRadius: Curve, appearance: Curve) {
        self.position = position
        self.size = size
        self.cornerRadius = cornerRadius
        self.appearance = appearance
    }

    /// The curve of `part`.
    public subscript(part: Part) -> Curve {
        switch part {
        case .position: position
        case .size: size
        case .cornerRadius: cornerRadius
        case .appearance: appearance
        }
    }
}

extension MatchedCurves {
    /// A part of a matched pair that one curve drives (one spring each, when springs
    /// drive a pair): the position, the size, the corners or the appearance.
    public enum Part: Int, Sendable, Hashable, CaseIterable {
        /// The anchor point's position.
        case position
        /// The box's size.
        case size
        /// The corner radii.
        case cornerRadius
        /// Progress (cross-fade), opacity, colour and shadow.
        case appearance

        /// This part's lanes, contiguous in ``MatchedLane`` order.
        public var lanes: Range<Int> {
            switch self {
            case .position: 0..<2
            case .size: 2..<4
            case .cornerRadius: 4..<12
            case .appearance: 12..<MatchedPair.laneCount
            }
        }
    }
}

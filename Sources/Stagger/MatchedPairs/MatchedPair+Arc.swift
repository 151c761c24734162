extension MatchedPair {
    /// Where the anchor lanes start (progress 0) and end (progress 1): the anchor points
    /// of the two frames, except for a size-only move, whose anchor stays at the
    /// destination's.
    var anchorEnds: (from: LayoutPoint, to: LayoutPoint) {
        let to = destination.frame.point(at: options.anchor)
        return (options.properties == .size ? to : source.frame.point(at: options.anchor), to)
    }

    /// The straight motion's anchor point `(x, y)` carried onto the options' arc: moved
    /// sideways by the arc's height above the line between the anchor's ends, at the
    /// point's projection onto that line (clamped to the ends, where the height is 0).
    ///
    /// A fixed map of the plane for the pair, so whatever the lanes do (a spring, an
    /// interruption, a drag) the path stays continuous, and a way back runs the same
    /// arc. O(1), no allocation.
    func onArc(x: Double, y: Double) -> (x: Double, y: Double) {
        let bend = options.arc
        guard bend != 0 else { return (x, y) }
        let (from, to) = anchorEnds
        let dx = to.x - from.x, dy = to.y - from.y
        let squaredLength = dx * dx + dy * dy
        guard squaredLength > 0, squaredLength.isFinite else { return (x, y) }
        let u = ((x - from.x) * dx + (y - from.y) * dy) / squaredLength
        guard u > 0, u < 1 else { return (x, y) }
        let length = squaredLength.squareRoot()
        let sagitta = abs(bend) * length / 2
        let radius = (squaredLength / 4 + sagitta * sagitta) / (2 * sagitta)
        let fromMiddle = (u - 0.5) * length
        // The circle's height above the chord, sqrt(R² - m²) - (R - h), rewritten as
        // (L²/4 - m²) / (sqrt(R² - m²) + R - h): no cancellation when the arc is flat.
        let rise =
            squaredLength * u * (1 - u)
            / ((radius * radius - fromMiddle * fromMiddle).squareRoot() + radius - sagitta)
        guard rise.isFinite else { return (x, y) }
        // The unit normal (dy, -dx) / L points up for a move to the right (y down).
        let side = bend > 0 ? rise / length : -rise / length
        return (x + side * dy, y - side * dx)
    }
}

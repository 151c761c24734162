import RealModule

extension MatchedPair {
    /// Where the anchor lanes start (progress 0) and end (progress 1): the anchor points
    /// of the two frames, except for a size-only move, whose anchor stays at the
    /// destination's.
    var anchorEnds: (from: LayoutPoint, to: LayoutPoint) {
        let to = destination.frame.point(at: options.anchor)
        return (options.properties == .size ? to : source.frame.point(at: options.anchor), to)
    }

    /// The straight motion's anchor point `(x, y)` carried onto the options' arc.
    ///
    /// The point's fraction u of the way along the line between the anchor's ends becomes
    /// the same fraction of the arc's length, and its distance from that line is kept as
    /// a distance from the arc. Beyond the ends (u outside 0…1) the path runs on along the
    /// arc's tangent there, at the arc's speed. A fixed map of the plane for the pair, so
    /// whatever the lanes do (a spring, an interruption, a drag) the path stays
    /// continuous, and a way back runs the same arc; a small error of the lanes moves the
    /// point at most π/2 times as far. O(1), no allocation.
    func onArc(x: Double, y: Double) -> (x: Double, y: Double) {
        let (from, to) = anchorEnds
        return Self.onArc(x: x, y: y, from: from, to: to, bend: options.arc)
    }

    /// ``onArc(x:y:)`` for the anchor's ends `from` and `to` and the arc `bend`
    /// (``MatchedPairOptions/arc``): what a pair's decoding record holds of it.
    static func onArc(x: Double, y: Double, from: LayoutPoint, to: LayoutPoint, bend: Double) -> (x: Double, y: Double)
    {
        guard bend != 0 else { return (x, y) }
        let dx = to.x - from.x, dy = to.y - from.y
        // The length scaled by the larger side, so that it cannot overflow.
        let scale = Swift.max(abs(dx), abs(dy))
        guard scale > 0, scale.isFinite else { return (x, y) }
        let length = scale * ((dx / scale) * (dx / scale) + (dy / scale) * (dy / scale)).squareRoot()
        // Unit vectors along the line and across it; the normal points up for a move to
        // the right (y down), flipped for a negative arc.
        let along = (x: dx / length, y: dy / length)
        let side = bend > 0 ? 1.0 : -1.0
        let normal = (x: side * along.y, y: -side * along.x)
        let px = x - from.x, py = y - from.y
        let u = (px * along.x + py * along.y) / length
        // tan(α/2) = sagitta / (half the chord) = |arc|: α is half the angle the arc
        // spans, π/2 for a half circle. With R = L / (2 sin α), the point at angle
        // φ = α (2u − 1) from the middle lies (L/2) sin φ / sin α along the line from its
        // middle and L (sin²(α/2) − sin²(φ/2)) / sin α above it: no radius that a flat
        // arc would overflow, and exactly on the line at the ends. The map moves the
        // straight point by the difference, so its distance from the line is kept.
        let alpha = 2 * Double.atan(abs(bend))
        let sinAlpha = Double.sin(alpha)
        let halfAlpha = Double.sin(alpha / 2)
        func offset(_ phi: Double) -> (along: Double, up: Double) {
            let halfPhi = Double.sin(phi / 2)
            return (
                length / 2 * Double.sin(phi) / sinAlpha,
                length * (halfAlpha * halfAlpha - halfPhi * halfPhi) / sinAlpha
            )
        }
        var arc: (along: Double, up: Double)
        if u < 0 || u > 1 {
            // The tangent at the nearer end, at the arc's speed: length α / sin α per
            // unit of u.
            let end = u < 0 ? -alpha : alpha
            let base = offset(end)
            let travel = (u < 0 ? u : u - 1) * length * alpha / sinAlpha
            arc = (base.along + travel * Double.cos(end), base.up - travel * Double.sin(end))
        } else {
            arc = offset(alpha * (2 * u - 1))
        }
        let shift = arc.along - (u - 0.5) * length
        let result = (
            x: x + shift * along.x + arc.up * normal.x,
            y: y + shift * along.y + arc.up * normal.y
        )
        return result.x.isFinite && result.y.isFinite ? result : (x, y)
    }
}

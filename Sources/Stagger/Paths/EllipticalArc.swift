import RealModule

/// An SVG elliptical arc in centre form: the ellipse with radii `rx`, `ry` about
/// `center`, its x axis turned by `rotation` radians, swept from angle `start` through
/// `sweep` radians (positive: increasing angle, clockwise on a y-down screen).
///
/// Built from SVG's endpoint form by the conversion of SVG 2's implementation notes
/// ("Conversion from endpoint to center parameterization", steps 1 to 4, with the
/// out-of-range radii scaled up as "Correction of out-of-range radii" says).
struct EllipticalArc: Sendable, Hashable {
    let center: SIMD2<Double>
    let rx: Double
    let ry: Double
    let rotation: Double
    let start: Double
    let sweep: Double
    /// cos and sin of `rotation`, found once (every point and derivative needs them).
    private let cosRotation: Double
    private let sinRotation: Double

    /// The arc from `p1` to `p2` with radii `rx`, `ry` (their magnitudes), its x axis
    /// turned by `degrees`, and SVG's two flags; `nil` where SVG draws a straight line
    /// instead (a radius of 0) or nothing (equal endpoints): the caller decides.
    init?(
        from p1: SIMD2<Double>, to p2: SIMD2<Double>, rx: Double, ry: Double, degrees: Double,
        largeArc: Bool, sweep positive: Bool
    ) {
        var rx = abs(rx), ry = abs(ry)
        guard p1 != p2, rx > 0, ry > 0 else { return nil }
        let phi = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let c = Double.cos(phi), s = Double.sin(phi)
        // Step 1: the midpoint's offset in the ellipse's own axes.
        let half = (p1 - p2) / 2
        let x1 = c * half.x + s * half.y
        let y1 = -s * half.x + c * half.y
        // In units of the radii (so that no product of radii overflows or underflows):
        // a = x1'/rx, b = y1'/ry, and Λ = a² + b².
        var a = x1 / rx, b = y1 / ry
        // √Λ by hypot: Λ itself overflows for radii far below the distance to travel.
        let root = Double.hypot(a, b)
        // Radii too small to reach: scaled up by √Λ until they just do.
        if root > 1 {
            rx *= root
            ry *= root
            a /= root
            b /= root
        }
        // Step 2: the centre in those axes. The notes' square root,
        // √((rx²ry² − rx²y1'² − ry²x1'²) / (rx²y1'² + ry²x1'²)), divided through by rx²ry²:
        // √(1/Λ − 1) = √((1 − √Λ)(1 + √Λ)) / √Λ (no square of a tiny √Λ), 0 once the
        // radii were scaled.
        var factor = root >= 1 ? 0 : ((1 - root) * (1 + root)).squareRoot() / root
        if largeArc == positive { factor = -factor }
        let cx1 = factor * rx * b
        let cy1 = -factor * ry * a
        // Step 3: the centre in the path's coordinates.
        let middle = (p1 + p2) / 2
        center = SIMD2(c * cx1 - s * cy1 + middle.x, s * cx1 + c * cy1 + middle.y)
        // Step 4: the start angle and the angle swept.
        let u = SIMD2(a - factor * b, b + factor * a)
        let v = SIMD2(-a - factor * b, -b + factor * a)
        var delta = Double.atan2(y: u.x * v.y - u.y * v.x, x: u.x * v.x + u.y * v.y)
        if !positive, delta > 0 { delta -= 2 * .pi }
        if positive, delta < 0 { delta += 2 * .pi }
        self.rx = rx
        self.ry = ry
        rotation = phi
        cosRotation = c
        sinRotation = s
        start = Double.atan2(y: u.y, x: u.x)
        sweep = delta
    }

    /// The point at parameter `t` (0…1): angle start + t·sweep.
    func point(at t: Double) -> SIMD2<Double> {
        let theta = start + sweep * t
        let cosTheta = Double.cos(theta), sinTheta = Double.sin(theta)
        let c = cosRotation, s = sinRotation
        return center
            + SIMD2(c * rx * cosTheta - s * ry * sinTheta, s * rx * cosTheta + c * ry * sinTheta)
    }

    /// dP/dt at parameter `t`.
    func derivative(at t: Double) -> SIMD2<Double> {
        let theta = start + sweep * t
        let cosTheta = Double.cos(theta), sinTheta = Double.sin(theta)
        let c = cosRotation, s = sinRotation
        return SIMD2(-c * rx * sinTheta - s * ry * cosTheta, -s * rx * sinTheta + c * ry * cosTheta) * sweep
    }

    /// |dP/dt| at parameter `t`: the rotation does not change it.
    func speed(at t: Double) -> Double {
        let theta = start + sweep * t
        let a = rx * Double.sin(theta), b = ry * Double.cos(theta)
        return abs(sweep) * PathSegment.norm(a, b)
    }

    /// A length the arc's is of the order of (its larger radius times the angle swept),
    /// for the arc-length table's tolerance.
    var scale: Double { Swift.max(rx, ry) * abs(sweep) }
}

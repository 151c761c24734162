import RealModule

/// A colour in Oklab (Björn Ottosson, 2020): a perceptual space where equal steps look
/// equally large, so a mix of two colours passes through the hues and lightness the eye
/// expects (no grey dip between blue and yellow). CSS `color-mix()` and transitions mix
/// here by default.
///
/// L is lightness (0 black … 1 white for sRGB colours); a runs green (−) to red (+);
/// b runs blue (−) to yellow (+). Conversion: linear sRGB → LMS by a 3×3 matrix, cube
/// root, → Lab by a second 3×3 matrix (the published ones, below); back by the inverses.
public struct Oklab: Sendable, Hashable {
    /// Perceived lightness; 0…1 for sRGB colours.
    public var lightness: Double
    /// Green (−) to red (+); about ±0.4 for sRGB colours.
    public var a: Double
    /// Blue (−) to yellow (+); about ±0.4 for sRGB colours.
    public var b: Double

    /// An Oklab colour from its coordinates (not range-checked: every finite triple is a
    /// colour, possibly outside sRGB).
    public init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// A 3×3 matrix as three rows, held inline (no arrays, so converting a colour per
    /// frame allocates nothing).
    public struct Matrix: Sendable, Hashable {
        /// The rows, top to bottom.
        public let rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

        /// A matrix from its rows.
        public init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
            rows = (row0, row1, row2)
        }

        /// Row `index` (0, 1 or 2; anything else is a programming error and traps, as
        /// an array index would).
        public subscript(index: Int) -> SIMD3<Double> {
            switch index {
            case 0: rows.0
            case 1: rows.1
            case 2: rows.2
            default: preconditionFailure("Oklab.Matrix has rows 0...2, not \(index)")
            }
        }

        /// The product with a column vector.
        public func applied(to v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((rows.0 * v).sum(), (rows.1 * v).sum(), (rows.2 * v).sum())
        }

        /// Equal when every entry is.
        public static func == (lhs: Matrix, rhs: Matrix) -> Bool {
            lhs.rows.0 == rhs.rows.0 && lhs.rows.1 == rhs.rows.1 && lhs.rows.2 == rhs.rows.2
        }

        /// Hashes every entry.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(rows.0)
            hasher.combine(rows.1)
            hasher.combine(rows.2)
        }
    }

    /// Linear sRGB → LMS (Ottosson's published M1 for linear sRGB input).
    public static let linearSRGBToLMS = Matrix(
        SIMD3(0.4122214708, 0.5363325363, 0.0514459929),
        SIMD3(0.2119034982, 0.6806995451, 0.1073969566),
        SIMD3(0.0883024619, 0.2817188376, 0.6299787005))
    /// Cube-rooted LMS → Lab (Ottosson's published M2).
    public static let lmsToLab = Matrix(
        SIMD3(0.2104542553, 0.7936177850, -0.0040720468),
        SIMD3(1.9779984951, -2.4285922050, 0.4505937099),
        SIMD3(0.0259040371, 0.7827717662, -0.8086757660))
    /// Lab → cube-rooted LMS (the published inverse of ``lmsToLab``).
    public static let labToLMS = Matrix(
        SIMD3(1, 0.3963377774, 0.2158037573),
        SIMD3(1, -0.1055613458, -0.0638541728),
        SIMD3(1, -0.0894841775, -1.2914855480))
    /// LMS → linear sRGB (the published inverse of ``linearSRGBToLMS``).
    public static let lmsToLinearSRGB = Matrix(
        SIMD3(4.0767416621, -3.3077115913, 0.2309699292),
        SIMD3(-1.2684380046, 2.6097574011, -0.3413193965),
        SIMD3(-0.0041960863, -0.7034186147, 1.7076147010))

    /// The Oklab coordinates of a linear-light sRGB triple (any finite values).
    public init(linearRed r: Double, green g: Double, blue b: Double) {
        self.init(linearSRGB: SIMD3(r, g, b))
    }

    /// ``init(linearRed:green:blue:)`` from a vector.
    init(linearSRGB rgb: SIMD3<Double>) {
        let lms = Self.linearSRGBToLMS.applied(to: rgb)
        let root = SIMD3(Double.root(lms.x, 3), Double.root(lms.y, 3), Double.root(lms.z, 3))
        let lab = Self.lmsToLab.applied(to: root)
        self.init(lightness: lab.x, a: lab.y, b: lab.z)
    }

    /// The Oklab coordinates of an sRGB colour (alpha ignored).
    public init(_ color: RGBAColor) {
        self.init(
            linearRed: SRGBTransfer.linear(fromEncoded: color.red),
            green: SRGBTransfer.linear(fromEncoded: color.green),
            blue: SRGBTransfer.linear(fromEncoded: color.blue))
    }

    /// The linear-light sRGB triple of this colour (may leave 0…1 outside the gamut).
    public var linearSRGB: (red: Double, green: Double, blue: Double) {
        let rgb = linearSRGBVector
        return (rgb.x, rgb.y, rgb.z)
    }

    /// ``linearSRGB`` as a vector.
    var linearSRGBVector: SIMD3<Double> {
        let root = Self.labToLMS.applied(to: SIMD3(lightness, a, b))
        return Self.lmsToLinearSRGB.applied(to: root * root * root)
    }

    /// The Oklab colour difference ΔEOK (CSS Color 4): the Euclidean distance between
    /// the two colours in Oklab, ≥ 0; 0.02 is about one just noticeable difference.
    /// NaN when either has a NaN coordinate.
    public func deltaEOK(_ other: Oklab) -> Double {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// The sRGB colour with this Oklab value and `alpha` (clipped to 0…1), brought into
    /// the sRGB gamut by `gamutMapping` when it lies outside (default CSS Color 4's
    /// gamut mapping; see ``GamutMapping``).
    public func color(alpha: Double = 1, gamutMapping: GamutMapping = .css) -> RGBAColor {
        gamutMapping.color(self, alpha: alpha)
    }
}

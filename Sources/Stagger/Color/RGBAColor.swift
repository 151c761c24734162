/// A colour as sRGB channels and an alpha, each 0…1 (the encoded values a design tool
/// shows, `#FF8000` is red 1, green 0.502, blue 0, alpha 1). Alpha is straight (not
/// premultiplied).
///
/// As an ``ComponentAnimatable`` value its components are the four channels, mixed as they are
/// (plain sRGB); a ``MatchedPair`` mixes colours in Oklab instead (see ``ColorMixing``).
public struct RGBAColor: ComponentAnimatable, Hashable {
    /// Red channel, sRGB-encoded, 0…1.
    public var red: Double
    /// Green channel, sRGB-encoded, 0…1.
    public var green: Double
    /// Blue channel, sRGB-encoded, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// A colour from sRGB channels and an alpha.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for NaN or ∞,
    ///   ``AnimatableError/outOfRange(name:value:)`` for a channel outside 0…1 (wide
    ///   gamut colours are not silently clipped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) throws(AnimatableError) {
        self.init(unchecked: red, green, blue, alpha)
        try validate()
    }

    init(unchecked red: Double, _ green: Double, _ blue: Double, _ alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// An opaque colour from a hex literal, as a design tool shows it: `0xFF8000` is red
    /// 1, green 128/255, blue 0. For a colour from elsewhere, use the throwing
    /// ``init(red:green:blue:alpha:)``.
    ///
    /// - Precondition: `rgb` is at most `0xFFFFFF` (a literal is the program's own
    ///   constant).
    public init(rgb: UInt32) {
        precondition(rgb <= 0xFF_FFFF, "an RGBAColor literal is 0xRRGGBB (24 bits), not 0x\(String(rgb, radix: 16))")
        self.init(
            unchecked: Double(rgb >> 16) / 255, Double((rgb >> 8) & 0xFF) / 255, Double(rgb & 0xFF) / 255, 1)
    }

    /// Opaque black.
    public static let black = RGBAColor(unchecked: 0, 0, 0, 1)
    /// Opaque white.
    public static let white = RGBAColor(unchecked: 1, 1, 1, 1)
    /// Fully transparent black.
    public static let clear = RGBAColor(unchecked: 0, 0, 0, 0)

    /// The channels clipped to 0…1 (NaN becomes 0), each on its own: how
    /// ``GamutMapping/clip`` brings a mix that left the sRGB gamut back.
    public var clipped: RGBAColor {
        RGBAColor(unchecked: Self.clip(red), Self.clip(green), Self.clip(blue), Self.clip(alpha))
    }

    /// `v` clipped to 0…1, NaN to 0.
    static func clip(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }

    /// Four components: red, green, blue, alpha.
    public static var componentCount: Int { 4 }
    /// Appends red, green, blue, alpha.
    public func appendComponents(to components: inout [Double]) { components += [red, green, blue, alpha] }
    /// red, green, blue, alpha from the first four components (not checked).
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(unchecked: components[s], components[s + 1], components[s + 2], components[s + 3])
    }
    /// Every channel finite and in 0…1.
    public func validate() throws(AnimatableError) {
        try requireUnit(red, "red")
        try requireUnit(green, "green")
        try requireUnit(blue, "blue")
        try requireUnit(alpha, "alpha")
    }
}

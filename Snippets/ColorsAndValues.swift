import Stagger

// Mixing blue and yellow halfway: sRGB passes through grey, Oklab does not.
let blue = try RGBAColor(red: 0, green: 0, blue: 1)
let yellow = try RGBAColor(red: 1, green: 1, blue: 0)
print("sRGB: ", ColorMixing.sRGB.mix(blue, yellow, fraction: 0.5))
print("Oklab:", ColorMixing.oklab.mix(blue, yellow, fraction: 0.5))
print("difference ΔEOK:", Oklab(blue).deltaEOK(Oklab(yellow)))

// Values check themselves when built: no NaN, no negative size, channels in 0…1.
let rect = try LayoutRect(x: 0, y: 0, width: 100, height: 50)
let wide = try LayoutRect(x: 100, y: 0, width: 200, height: 100)
let between = try rect.interpolated(to: wide, fraction: 0.5)
print("centre \(rect.point(at: .center)); halfway \(between)")
let corners = try CornerRadii(topLeading: 12, topTrailing: 12, bottomTrailing: 0, bottomLeading: 0)
print(corners.corners)
do {
    _ = try LayoutRect(x: 0, y: 0, width: -1, height: 10)
} catch {
    print(error)
}

import Stagger

// A thumbnail that expands into a detail view: frame, corners, colour and shadow.
let thumbnail = try MatchedGeometry(
    frame: LayoutRect(x: 16, y: 120, width: 100, height: 100),
    cornerRadii: CornerRadii(12),
    color: RGBAColor(red: 0.2, green: 0.4, blue: 1))
let detail = try MatchedGeometry(
    frame: LayoutRect(x: 0, y: 0, width: 390, height: 500),
    color: RGBAColor(red: 1, green: 0.8, blue: 0.2),
    shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.3), radius: 20, offsetY: 8))
let options = MatchedPairOptions(anchor: .topLeading, crossFade: .standard, colorMixing: .oklab)
let card = try MatchedPair(source: thumbnail, destination: detail, options: options)

// Scrub it from a gesture: any progress, in any order.
for progress in [0.0, 0.25, 0.5, 1.0] {
    let state = try card.state(atProgress: progress, easing: .easeInOut)
    print(
        "progress \(progress): \(state.frame.width) x \(state.frame.height), "
            + "corner \(state.cornerRadii.horizontal.topLeading), "
            + "incoming \(state.incomingOpacity), outgoing \(state.outgoingOpacity)")
    print("  colour \(state.color), shadow radius \(state.shadow.radius)")
}

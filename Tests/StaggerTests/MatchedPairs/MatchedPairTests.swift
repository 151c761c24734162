import Stagger
import Testing

/// Matched pairs from their definitions (DefinitionsAndSources.md §5): modes, corners, cross-fade,
/// colour, bad input.
@Suite struct MatchedPairTests {
    static func geometry(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0) throws
        -> MatchedGeometry
    {
        try MatchedGeometry(frame: LayoutRect(x: x, y: y, width: w, height: h), cornerRadii: CornerRadii(radius))
    }

    /// Motion's shared-layout cross-fade: in over 0…0.5 with circ-out (√(1 − (u − 1)²)
    /// of u = p/0.5), out linearly over 0.5…0.95.
    @Test func standardCrossFade() {
        let fade = CrossFade.standard
        #expect(fade.incomingOpacity(at: 0) == 0)
        #expect(abs(fade.incomingOpacity(at: 0.25) - (1 - 0.25).squareRoot()) < 1e-12)
        #expect(abs(fade.incomingOpacity(at: 0.1) - (1 - 0.64).squareRoot()) < 1e-12)
        #expect(fade.incomingOpacity(at: 0.5) == 1)
        #expect(fade.incomingOpacity(at: 0.9) == 1)
        #expect(fade.outgoingOpacity(at: 0.3) == 1)
        #expect(fade.outgoingOpacity(at: 0.5) == 1)
        #expect(abs(fade.outgoingOpacity(at: 0.725) - 0.5) < 1e-12)
        #expect(fade.outgoingOpacity(at: 0.95) == 0)
        #expect(fade.outgoingOpacity(at: 1) == 0)
        // Never both half transparent: at every progress one view is at least 0.999 opaque.
        for i in 0...1000 {
            let p = Double(i) / 1000
            #expect(max(fade.incomingOpacity(at: p), fade.outgoingOpacity(at: p)) >= 0.999, "p \(p)")
        }
    }

    @Test func crossFadeFollowsThePairsProgress() throws {
        let pair = try MatchedPair(source: Self.geometry(0, 0, 10, 10), destination: Self.geometry(100, 0, 20, 20))
        let state = try pair.state(atProgress: 0.25)
        #expect(abs(state.incomingOpacity - (1 - 0.25).squareRoot()) < 1e-12)
        #expect(state.outgoingOpacity == 1)
    }

    /// Frame mode at the midpoint of a linear scrub: every edge halfway.
    @Test func frameInterpolatesEveryEdge() throws {
        let pair = try MatchedPair(source: Self.geometry(0, 0, 100, 50), destination: Self.geometry(200, 100, 300, 250))
        let mid = try pair.state(atProgress: 0.5).frame
        #expect(mid == (try LayoutRect(x: 100, y: 50, width: 200, height: 150)))
        #expect(try pair.state(atProgress: 0).frame == pair.source.frame)
        #expect(try pair.state(atProgress: 1).frame == pair.destination.frame)
    }

    /// Position only: the box keeps the destination's size and its anchor point
    /// travels between the two anchor points.
    @Test func positionOnlyKeepsTheDestinationSize() throws {
        let options = MatchedPairOptions(properties: .position, anchor: .topLeading)
        let pair = try MatchedPair(
            source: Self.geometry(0, 0, 10, 10), destination: Self.geometry(100, 40, 60, 30), options: options)
        let start = try pair.state(atProgress: 0).frame
        #expect(start == (try LayoutRect(x: 0, y: 0, width: 60, height: 30)))
        let mid = try pair.state(atProgress: 0.5).frame
        #expect(mid == (try LayoutRect(x: 50, y: 20, width: 60, height: 30)))
    }

    /// Size only about the bottom-trailing anchor: that corner never moves.
    @Test func sizeOnlyHoldsTheAnchor() throws {
        let options = MatchedPairOptions(properties: .size, anchor: .bottomTrailing)
        let pair = try MatchedPair(
            source: Self.geometry(0, 0, 10, 20), destination: Self.geometry(100, 100, 50, 60), options: options)
        for p in [0.0, 0.3, 0.7, 1] {
            let frame = try pair.state(atProgress: p).frame
            #expect(abs(frame.minX + frame.width - 150) < 1e-12 && abs(frame.minY + frame.height - 160) < 1e-12)
        }
        #expect(try pair.state(atProgress: 0).frame.size == (try LayoutSize(width: 10, height: 20)))
    }

    /// Aspect-preserving: a 100 × 100 thumbnail expanding into a 400 × 200 photo starts
    /// as 100 × 50 (the photo's 2:1 fitted in the thumbnail, centred) and keeps 2:1.
    @Test func aspectPreservingKeepsTheDestinationAspect() throws {
        let options = MatchedPairOptions(preservesAspectRatio: true)
        let pair = try MatchedPair(
            source: Self.geometry(0, 0, 100, 100), destination: Self.geometry(0, 300, 400, 200), options: options)
        #expect(try pair.state(atProgress: 0).frame == (try LayoutRect(x: 0, y: 25, width: 100, height: 50)))
        for p in stride(from: 0.0, through: 1, by: 0.125) {
            let size = try pair.state(atProgress: p, easing: .easeInOutCubic).frame.size
            #expect(abs(size.width / size.height - 2) < 1e-12, "p \(p)")
        }
    }

    /// Corners relative to the box: 100 × 50 with radius 10 (fractions 0.1, 0.2) to
    /// 200 × 200 with radius 40 (0.2, 0.2); halfway the box is 150 × 125 and the corner
    /// is 0.15 · 150 = 22.5 across, 0.2 · 125 = 25 down. Absolute mixing gives 25 both.
    @Test func cornerRadiusRelativeToTheBox() throws {
        let source = try Self.geometry(0, 0, 100, 50, radius: 10),
            destination = try Self.geometry(0, 0, 200, 200, radius: 40)
        let relative = try MatchedPair(
            source: source, destination: destination, options: .init(cornerRadius: .relativeToBox)
        )
        .state(atProgress: 0.5).cornerRadii
        #expect(abs(relative.horizontal.topLeading - 22.5) < 1e-12)
        #expect(abs(relative.vertical.bottomTrailing - 25) < 1e-12)
        // Absolute is the default (issue 21: circular corners, as CALayer.cornerRadius draws).
        let absolute = try MatchedPair(source: source, destination: destination).state(atProgress: 0.5).cornerRadii
        #expect(absolute.horizontal.topTrailing == 25 && absolute.vertical.topTrailing == 25)
        // At the ends both give back the geometry's own radii.
        let end = try MatchedPair(source: source, destination: destination).state(atProgress: 1).cornerRadii
        #expect(abs(end.horizontal.bottomLeading - 40) < 1e-12 && abs(end.vertical.bottomLeading - 40) < 1e-12)
    }

    /// A layer drawn at 200 × 200 and scaled to 150 × 125 must be given radii divided by
    /// the scale (0.75, 0.625) to show (22.5, 25) on screen.
    @Test func scaleCorrection() throws {
        let shown = EllipticalCornerRadii(horizontal: CornerRadii(22.5), vertical: CornerRadii(25))
        let corrected = try shown.correctedForScale(x: 0.75, y: 0.625)
        #expect(abs(corrected.horizontal.topLeading - 30) < 1e-12)
        #expect(abs(corrected.vertical.topLeading - 40) < 1e-12)
        #expect(throws: AnimatableError.notPositive(name: "scaleX", value: 0)) {
            try shown.correctedForScale(x: 0, y: 1)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "scaleY", value: .nan)) {
            try shown.correctedForScale(x: 1, y: .nan)
        }
    }

    /// The pair mixes its fill in Oklab by default: halfway from black to white is
    /// Oklab L = 0.5 (linear 0.125, encoded), not sRGB 0.5.
    @Test func colourMixesInOklabByDefault() throws {
        let source = try MatchedGeometry(frame: .zero, color: .black),
            destination = try MatchedGeometry(frame: .zero, color: .white)
        let mid = try MatchedPair(source: source, destination: destination).state(atProgress: 0.5).color
        let grey = SRGBTransfer.encoded(fromLinear: 0.125)
        #expect(abs(mid.red - grey) < 1e-4 && abs(mid.green - grey) < 1e-4)
        let plain = try MatchedPair(source: source, destination: destination, options: .init(colorMixing: .sRGB))
        #expect(abs(try plain.state(atProgress: 0.5).color.red - 0.5) < 1e-12)
    }

    /// A shadow against no shadow fades in place: same colour, rising alpha, blur and
    /// offset growing from 0.
    @Test func shadowFadesInFromNone() throws {
        let shadow = try Shadow(color: RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), radius: 10, offsetY: 4)
        let pair = try MatchedPair(
            source: MatchedGeometry(frame: .zero), destination: MatchedGeometry(frame: .zero, shadow: shadow))
        let mid = try pair.state(atProgress: 0.5).shadow
        #expect(abs(mid.color.alpha - 0.4) < 1e-12)
        #expect(abs(mid.color.red - 0.2) < 1e-6 && abs(mid.color.blue - 0.6) < 1e-6)
        #expect(abs(mid.radius - 5) < 1e-12 && abs(mid.offsetY - 2) < 1e-12)
    }

    /// Bad input: each rule with its documented error.
    @Test func badInputIsRejected() throws {
        #expect(throws: AnimatableError.negativeValue(name: "width", value: -1)) {
            try LayoutSize(width: -1, height: 2)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "x", value: .nan)) {
            try LayoutRect(x: .nan, y: 0, width: 1, height: 1)
        }
        #expect(throws: AnimatableError.negativeValue(name: "height", value: -3)) {
            try LayoutRect(x: 0, y: 0, width: 1, height: -3)
        }
        #expect(throws: AnimatableError.outOfRange(name: "red", value: 1.2)) {
            try RGBAColor(red: 1.2, green: 0, blue: 0)
        }
        #expect(throws: AnimatableError.outOfRange(name: "alpha", value: -0.1)) {
            try RGBAColor(red: 0, green: 0, blue: 0, alpha: -0.1)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "green", value: .infinity)) {
            try RGBAColor(red: 0, green: .infinity, blue: 0)
        }
        #expect(throws: AnimatableError.negativeValue(name: "topTrailing", value: -2)) {
            try CornerRadii(topLeading: 1, topTrailing: -2, bottomTrailing: 0, bottomLeading: 0)
        }
        #expect(throws: AnimatableError.outOfRange(name: "opacity", value: 2)) {
            try MatchedGeometry(frame: .zero, opacity: 2)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "component 1", value: .nan)) {
            try SIMD2<Float>(validatingComponents: [1, .nan])
        }
        #expect(throws: AnimatableError.componentCountMismatch(expected: 4, actual: 3)) {
            try LayoutRect(validatingComponents: [1, 2, 3])
        }
        // Fields are mutable: a pair re-checks them.
        var broken = try Self.geometry(0, 0, 1, 1)
        broken.frame.size.width = -5
        #expect(throws: AnimatableError.negativeValue(name: "width", value: -5)) {
            try MatchedPair(source: broken, destination: Self.geometry(0, 0, 1, 1))
        }
        let pair = try MatchedPair(source: Self.geometry(0, 0, 1, 1), destination: Self.geometry(0, 0, 2, 2))
        #expect(throws: AnimatableError.nonFiniteComponent(name: "progress", value: .nan)) {
            try pair.state(atProgress: .nan)
        }
        #expect(throws: AnimatableError.outOfRange(name: "fade end (must exceed start)", value: 0.2)) {
            try FadeWindow(start: 0.5, end: 0.2)
        }
    }

    /// Every conforming type round-trips through its components, and its count is
    /// what it writes.
    @Test func animatableRoundTrips() throws {
        func check<V: ComponentAnimatable>(_ value: V) throws {
            #expect(value.components.count == V.componentCount)
            #expect(try V(validatingComponents: value.components) == value)
        }
        try check(2.5)
        try check(Float(1.25))
        try check(try LayoutPoint(x: 1, y: -2))
        try check(try LayoutSize(width: 3, height: 4))
        try check(try LayoutRect(x: 1, y: 2, width: 3, height: 4))
        try check(try LayoutInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        try check(try CornerRadii(topLeading: 1, topTrailing: 2, bottomTrailing: 3, bottomLeading: 4))
        try check(try RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
        try check(try Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        try check(SIMD2<Float>(1, 2))
        try check(SIMD3<Float>(1, 2, 3))
        try check(SIMD4<Float>(1, 2, 3, 4))
        let a = try LayoutRect(x: 0, y: 0, width: 10, height: 20),
            b = try LayoutRect(x: 10, y: 10, width: 30, height: 40)
        #expect(try a.interpolated(to: b, fraction: 0.5) == (try LayoutRect(x: 5, y: 5, width: 20, height: 30)))
    }

    /// Relative corners are fractions of the box each end really shows: at progress 0
    /// the view has the source's radii and at 1 the destination's, in every mode (the
    /// position, size and aspect modes show a box that is not the view's own frame).
    @Test func cornersAtBothEndsInEveryMode() throws {
        let sourceRadii = try CornerRadii(topLeading: 10, topTrailing: 20, bottomTrailing: 5, bottomLeading: 0)
        let destinationRadii = try CornerRadii(topLeading: 8, topTrailing: 4, bottomTrailing: 16, bottomLeading: 2)
        let source = try MatchedGeometry(
            frame: LayoutRect(x: 0, y: 0, width: 100, height: 100), cornerRadii: sourceRadii)
        let destination = try MatchedGeometry(
            frame: LayoutRect(x: 50, y: 300, width: 400, height: 200), cornerRadii: destinationRadii)
        for properties in MatchedProperties.allCases {
            for aspect in [false, true] {
                for corners in CornerRadiusMixing.allCases {
                    for anchor in [RelativePoint.center, .topLeading, .bottomTrailing] {
                        let options = MatchedPairOptions(
                            properties: properties, anchor: anchor, preservesAspectRatio: aspect, cornerRadius: corners)
                        let pair = try MatchedPair(source: source, destination: destination, options: options)
                        for (progress, radii) in [(0.0, sourceRadii), (1.0, destinationRadii)] {
                            let shown = try pair.state(atProgress: progress).cornerRadii
                            for (got, want) in zip(
                                shown.horizontal.components + shown.vertical.components,
                                radii.components + radii.components)
                            {
                                #expect(abs(got - want) < 1e-12, "\(options) at \(progress): \(shown)")
                            }
                        }
                    }
                }
            }
        }
        // The case the review found: a 100 × 100 card with radius 10 expanding into a
        // 2:1 photo starts as 100 × 50 with circular 10-point corners, not 10 × 5.
        let card = try MatchedGeometry(
            frame: LayoutRect(x: 0, y: 0, width: 100, height: 100), cornerRadii: CornerRadii(10))
        let photo = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 400, height: 200))
        let start = try MatchedPair(source: card, destination: photo, options: .init(preservesAspectRatio: true))
            .state(atProgress: 0)
        #expect(start.frame.size == (try LayoutSize(width: 100, height: 50)))
        #expect(start.cornerRadii.horizontal.topLeading == 10 && start.cornerRadii.vertical.topLeading == 10)
    }

    /// Each view shows its own opacity times its fade factor (Motion), and an
    /// overshooting fade easing never gives a factor outside 0…1.
    @Test func eachViewKeepsItsOwnOpacity() throws {
        let source = try MatchedGeometry(frame: .zero, opacity: 0.8)
        let destination = try MatchedGeometry(frame: .zero, opacity: 0.4)
        let pair = try MatchedPair(source: source, destination: destination)
        let early = try pair.state(atProgress: 0.25)
        // Incoming circ-out at u = 0.5: √(1 − 0.25); outgoing not started.
        #expect(abs(early.incomingOpacity - 0.4 * (1 - 0.25).squareRoot()) < 1e-12)
        #expect(abs(early.outgoingOpacity - 0.8) < 1e-12)
        // Outgoing halfway through 0.5…0.95 at 0.725.
        #expect(abs(try pair.state(atProgress: 0.725).outgoingOpacity - 0.4) < 1e-12)
        let overshooting = CrossFade(
            incoming: try FadeWindow(start: 0, end: 1, easing: .easeOutBack),
            outgoing: try FadeWindow(start: 0, end: 1, easing: .easeInBack))
        // easeOutBack passes 1 near 0.7; easeInBack dips below 0 near 0.3.
        #expect(try Easing.easeOutBack.value(at: 0.7) > 1)
        #expect(try Easing.easeInBack.value(at: 0.3) < 0)
        #expect(overshooting.incomingOpacity(at: 0.7) == 1)
        #expect(overshooting.outgoingOpacity(at: 0.3) == 1)
        let bouncing = try MatchedPair(
            source: source, destination: destination, options: .init(crossFade: overshooting))
        for i in 0...100 {
            let state = try bouncing.state(atProgress: Double(i) / 100)
            #expect(state.incomingOpacity >= 0 && state.incomingOpacity <= 0.4)
            #expect(state.outgoingOpacity >= 0 && state.outgoingOpacity <= 0.8)
        }
    }

    /// Every field is public and mutable: a pair is checked again where it is used.
    @Test func mutatedFieldsAreCheckedAgain() throws {
        var pair = try MatchedPair(source: Self.geometry(0, 0, 10, 10), destination: Self.geometry(100, 0, 20, 20))
        pair.source.frame.size.width = -1
        #expect(throws: AnimatableError.negativeValue(name: "width", value: -1)) { try pair.state(atProgress: 0.5) }
        #expect(throws: AnimatableError.negativeValue(name: "width", value: -1)) {
            try MatchedPairGroup([pair], curves: MatchedCurves(.smooth))
        }
        pair.source.frame.size.width = 10
        pair.options.anchor.x = .nan
        #expect(throws: AnimatableError.nonFiniteComponent(name: "anchor x", value: .nan)) {
            try pair.state(atProgress: 0.5)
        }
        // A finite anchor far outside the box overflows the anchor lane.
        pair.options.anchor.x = 1e308
        #expect(throws: AnimatableError.nonFiniteComponent(name: "source anchorX", value: .infinity)) {
            try pair.state(atProgress: 0.5)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "pair 0 source anchorX", value: .infinity)) {
            try MatchedPairGroup([pair], curves: MatchedCurves(.smooth))
        }
        pair.options.anchor = .center
        pair.destination.color.alpha = 2
        #expect(throws: AnimatableError.outOfRange(name: "alpha", value: 2)) { try pair.state(atProgress: 0) }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "fraction", value: .nan)) {
            try LayoutPoint.zero.interpolated(to: LayoutPoint.zero, fraction: .nan)
        }
    }

    /// A conformance whose component count disagrees with what it writes is caught
    /// when the value is stored, with the two counts.
    @Test func brokenConformanceThrows() {
        var state = ComponentState("broken")
        #expect(throws: AnimatableError.componentCountMismatch(expected: 2, actual: 1)) {
            try state.set("value", of: "element", to: MiscountedValue(x: 1))
        }
        #expect(throws: AnimatableError.componentCountMismatch(expected: 2, actual: 1)) {
            try MiscountedValue(x: 1).interpolated(to: MiscountedValue(x: 2), fraction: 0.5)
        }
    }

    @Test func benchReportsCostPerPairPerFrame() throws {
        let result = try BuildArtifactTests.run(
            CommandLineTests.tool, ["matched", "--pairs", "300", "--repetitions", "2"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("ns/pair/frame"))
        let bad = try BuildArtifactTests.run(CommandLineTests.tool, ["matched", "--pairs", "0"])
        #expect(bad.status != 0)
        // A layout transition's taps: every figure named and positive.
        let layout = try BuildArtifactTests.run(
            CommandLineTests.tool, ["matched", "--pairs", "200", "--layout", "--repetitions", "1"])
        #expect(layout.status == 0, "\(layout.error)")
        for key in ["make", "start", "retarget", "relayout", "frame"] {
            #expect(layout.output.contains("\"\(key)_ns_per_item\" : "), "\(key): \(layout.output)")
        }
    }
}

/// Says it has two components but writes one: a broken conformance.
private struct MiscountedValue: ComponentAnimatable {
    var x: Double
    static var componentCount: Int { 2 }
    func appendComponents(to components: inout [Double]) { components.append(x) }
    init(x: Double) { self.x = x }
    init(components: ArraySlice<Double>) { x = components[components.startIndex] }
}

/// A view that moves from a source geometry to a destination geometry: the card that
/// expands into a detail view (`matchedGeometryEffect`), as plain values.
///
/// ``state(atProgress:easing:)`` answers for any progress (scrub it with a gesture);
/// a ``MatchedPairGroup`` drives one or thousands of pairs over time with any curve or
/// a spring per property, interruptible, each frame one kernel pass.
///
/// Internally a pair is one scalar per ``MatchedLane`` case: the anchor point, the size,
/// eight corner radii, progress, opacity, the fill and shadow colours (premultiplied,
/// in the mixing space) and the shadow's blur and offset. Each lane moves in a straight
/// line between its two ends under its property's curve.
public struct MatchedPair: Sendable, Hashable {
    /// How the pair looks at progress 0.
    public var source: MatchedGeometry
    /// How the pair looks at progress 1.
    public var destination: MatchedGeometry
    /// Properties, anchor, aspect, corners, cross-fade, colour space and gamut mapping.
    public var options: MatchedPairOptions

    /// A pair from two geometries.
    ///
    /// - Throws: ``AnimatableError`` when either geometry breaks its rules (see
    ///   ``MatchedGeometry/init(frame:cornerRadii:opacity:color:shadow:)``): a NaN
    ///   coordinate, a negative size, a colour or opacity outside 0…1; when the
    ///   options' anchor is not finite; ``AnimatableError/nonFiniteComponent(name:value:)``
    ///   or ``AnimatableError/outOfRange(name:value:)`` (named `arc`) for an arc that is
    ///   NaN or outside -1…1.
    public init(source: MatchedGeometry, destination: MatchedGeometry, options: MatchedPairOptions = .init())
        throws(AnimatableError)
    {
        self.source = source
        self.destination = destination
        self.options = options
        try validate()
    }

    /// Re-checks both geometries and the anchor: every field is mutable after the
    /// checked initialiser, so a pair is checked again wherever it enters a group or
    /// a computation.
    func validate() throws(AnimatableError) {
        try source.validate()
        try destination.validate()
        try options.validate()
    }

    /// Number of lanes per pair.
    public static let laneCount = MatchedLane.allCases.count

    // MARK: - Lanes

    /// Calls `body(lane, source, destination)` for every lane with its values at
    /// progress 0 and 1, in ``MatchedLane`` order, without allocating.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for a lane that
    ///   overflows (finite but huge frames or anchors), named by its end and lane: the
    ///   first at the source, else the first at the destination.
    func forEachLane(_ body: (Int, Double, Double) -> Void) throws(AnimatableError) {
        var colors = MixedColors()
        let overflow = Self.forEachLane(
            source: source, destination: destination, shape: LaneShape(options), colors: &colors, body)
        if let error = overflow.source ?? overflow.destination { throw error }
    }

    /// The first lane at each end whose value is not finite, as the error that names it
    /// (`nil` when every lane is finite). Each caller reports them in its own order.
    struct Overflow {
        var source: AnimatableError?
        var destination: AnimatableError?
    }

    /// The options that shape a pair's lanes. Plain values: a pass over many pairs
    /// reads them in place, where a copy of the options (the cross-fade's easings)
    /// cost a copy, a retain and a release per pair.
    struct LaneShape {
        let properties: MatchedProperties
        let anchor: RelativePoint
        let preservesAspectRatio: Bool
        let relativeCorners: Bool
        let colorMixing: ColorMixing

        init(_ options: borrowing MatchedPairOptions) {
            properties = options.properties
            anchor = options.anchor
            preservesAspectRatio = options.preservesAspectRatio
            relativeCorners = options.cornerRadius == .relativeToBox
            colorMixing = options.colorMixing
        }
    }

    /// The same for a pair of these geometries, shaped by `shape`, which need not be
    /// made (a retarget lays out its new destinations without a copy of every pair),
    /// with the colours' mixed values through `colors` (a pass over many pairs keeps
    /// one: consecutive pairs of one colour convert it once). Both ends in one call: a
    /// pass over many pairs reads each once. `body` gets every lane, whatever its
    /// values; the lanes that overflow come back in the result.
    static func forEachLane(
        source: borrowing MatchedGeometry, destination: borrowing MatchedGeometry, shape: LaneShape,
        colors: inout MixedColors, _ body: (Int, Double, Double) -> Void
    ) -> Overflow {
        let anchor = shape.anchor
        let target = destination.frame
        // The box at the source end: the destination's size for a position-only move,
        // its aspect fitted inside the source frame when the aspect is kept.
        var box = source.frame
        switch shape.properties {
        case .frame:
            if shape.preservesAspectRatio { box = Self.fit(target.size, into: source.frame, anchor: anchor) }
        case .position:
            box = Self.placed(target.size, at: source.frame.point(at: anchor), anchor: anchor)
        case .size:
            let size =
                shape.preservesAspectRatio
                ? Self.fit(target.size, into: source.frame, anchor: anchor).size : source.frame.size
            box = Self.placed(size, at: target.point(at: anchor), anchor: anchor)
        }
        // The overflow passed in, not captured: a nested function that captures a
        // variable boxed it on the heap per pair in a debug build.
        var overflow = Overflow()
        func put(_ lane: MatchedLane, _ from: Double, _ to: Double, _ overflow: inout Overflow) {
            if !from.isFinite, overflow.source == nil {
                overflow.source = .nonFiniteComponent(name: "source \(lane)", value: from)
            }
            if !to.isFinite, overflow.destination == nil {
                overflow.destination = .nonFiniteComponent(name: "destination \(lane)", value: to)
            }
            body(lane.rawValue, from, to)
        }
        let from = box.point(at: anchor), to = target.point(at: anchor)
        put(.anchorX, from.x, to.x, &overflow)
        put(.anchorY, from.y, to.y, &overflow)
        put(.width, box.width, target.width, &overflow)
        put(.height, box.height, target.height, &overflow)
        // Relative corners are fractions of the box each end actually shows (which is
        // not the view's own frame at the source in the position, size and aspect
        // modes): the state multiplies them by the moving box, so each end gives back
        // its view's radii.
        let r = source.cornerRadii, s = destination.cornerRadii
        let relative = shape.relativeCorners
        let w = (relative ? box.width : 1, relative ? target.width : 1)
        let h = (relative ? box.height : 1, relative ? target.height : 1)
        func fraction(_ radius: Double, _ side: Double) -> Double { side > 0 ? radius / side : 0 }
        put(.topLeadingX, fraction(r.topLeading, w.0), fraction(s.topLeading, w.1), &overflow)
        put(.topTrailingX, fraction(r.topTrailing, w.0), fraction(s.topTrailing, w.1), &overflow)
        put(.bottomTrailingX, fraction(r.bottomTrailing, w.0), fraction(s.bottomTrailing, w.1), &overflow)
        put(.bottomLeadingX, fraction(r.bottomLeading, w.0), fraction(s.bottomLeading, w.1), &overflow)
        put(.topLeadingY, fraction(r.topLeading, h.0), fraction(s.topLeading, h.1), &overflow)
        put(.topTrailingY, fraction(r.topTrailing, h.0), fraction(s.topTrailing, h.1), &overflow)
        put(.bottomTrailingY, fraction(r.bottomTrailing, h.0), fraction(s.bottomTrailing, h.1), &overflow)
        put(.bottomLeadingY, fraction(r.bottomLeading, h.0), fraction(s.bottomLeading, h.1), &overflow)
        put(.progress, 0, 1, &overflow)
        put(.opacity, source.opacity, destination.opacity, &overflow)
        let mixing = shape.colorMixing
        let fill = (
            colors.fill.source.mixed(source.color, by: mixing),
            colors.fill.destination.mixed(destination.color, by: mixing)
        )
        put(.color0, fill.0.0, fill.1.0, &overflow)
        put(.color1, fill.0.1, fill.1.1, &overflow)
        put(.color2, fill.0.2, fill.1.2, &overflow)
        put(.colorAlpha, fill.0.3, fill.1.3, &overflow)
        // A missing shadow is a transparent one with no blur or offset (as CSS), so
        // the other side's shadow fades in place instead of popping.
        let shadow = (source.shadow ?? .none, destination.shadow ?? .none)
        let shade = (
            colors.shadow.source.mixed(shadow.0.color, by: mixing),
            colors.shadow.destination.mixed(shadow.1.color, by: mixing)
        )
        put(.shadow0, shade.0.0, shade.1.0, &overflow)
        put(.shadow1, shade.0.1, shade.1.1, &overflow)
        put(.shadow2, shade.0.2, shade.1.2, &overflow)
        put(.shadowAlpha, shade.0.3, shade.1.3, &overflow)
        put(.shadowRadius, shadow.0.radius, shadow.1.radius, &overflow)
        put(.shadowOffsetX, shadow.0.offsetX, shadow.1.offsetX, &overflow)
        put(.shadowOffsetY, shadow.0.offsetY, shadow.1.offsetY, &overflow)
        return overflow
    }

    /// `size` placed with its `anchor` point at `point`.
    static func placed(_ size: LayoutSize, at point: LayoutPoint, anchor: RelativePoint) -> LayoutRect {
        LayoutRect(
            unchecked: point.x - anchor.x * size.width, point.y - anchor.y * size.height, size.width, size.height)
    }

    /// `size` scaled uniformly to fit inside `frame`, with both anchor points together.
    static func fit(_ size: LayoutSize, into frame: LayoutRect, anchor: RelativePoint) -> LayoutRect {
        guard size.width > 0, size.height > 0 else { return frame }
        let scale = Swift.min(frame.width / size.width, frame.height / size.height)
        let fitted = LayoutSize(unchecked: size.width * scale, size.height * scale)
        return placed(fitted, at: frame.point(at: anchor), anchor: anchor)
    }

    /// The presented state for lane values read through `v` (`v(lane.rawValue)`),
    /// without allocating: what ``MatchedPairDecoding`` gives for this pair.
    func state(lanes v: (Int) -> Double) -> MatchedPairState {
        MatchedPairDecoding(self).state(lanes: v, crossFade: options.crossFade)
    }

    // MARK: - Scrubbing

    /// The pair at `progress` (0 source, 1 destination) shaped by `easing`, in Double.
    ///
    /// Progress is clamped to 0…1 first; overshooting easings (back, elastic) then pass
    /// beyond the ends. Pure: call it from a gesture at any progress, in any order.
    ///
    /// Progress means the same as in ``MatchedPairGroup/state(ofPair:atProgress:)``, the
    /// fraction of the transition's time; what differs is the motion over that time.
    /// Here it is `easing` (linear by default: halfway in time is halfway in geometry);
    /// a group runs its own curves and stagger, so at the same progress a pair in a
    /// spring-driven group is further along (a spring is nearly there at half its
    /// settling duration) and a late pair of a stagger has not moved yet. An
    /// unstaggered group whose properties all run one easing scrubs exactly as this
    /// does with that easing.
    /// The pair is re-checked first (its fields are mutable).
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` (named `progress`) for
    ///   a NaN or infinite progress;
    ///   the errors of ``init(source:destination:options:)`` for a field mutated into
    ///   an invalid value; ``AnimatableError/nonFiniteComponent(name:value:)`` for a
    ///   lane that overflows at either end or on the way.
    public func state(atProgress progress: Double, easing: Easing = .linear) throws(AnimatableError) -> MatchedPairState
    {
        guard progress.isFinite else { throw .nonFiniteComponent(name: "progress", value: progress) }
        try validate()
        let y: Double
        do { y = try easing.value(at: Swift.min(Swift.max(progress, 0), 1)) } catch { throw .curve(error) }
        let count = Self.laneCount
        // Both ends on the stack: scrubbing allocates nothing on the heap.
        return try withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) {
            (ends) throws(AnimatableError) in
            try forEachLane { lane, source, destination in
                ends[lane] = source
                ends[count + lane] = destination
            }
            for l in 0..<count {
                let value = ends[l] + (ends[count + l] - ends[l]) * y
                guard value.isFinite else {
                    throw .nonFiniteComponent(name: "\(MatchedLane.allCases[l])", value: value)
                }
                ends[l] = value
            }
            return state { ends[$0] }
        }
    }
}

/// What a matched pair shows at one moment.
public struct MatchedPairState: Sendable, Hashable {
    /// The transition's progress (0 source, 1 destination; springs overshoot).
    public var progress: Double
    /// The moving box, points. Its size stays ≥ 0 under curves that do not overshoot;
    /// an overshooting curve may take it briefly below 0 (not clamped: the kernel's
    /// value is reported as it is).
    public var frame: LayoutRect
    /// The corners, points: horizontal and vertical radius of each (equal under
    /// ``CornerRadiusMixing/absolute``).
    public var cornerRadii: EllipticalCornerRadii
    /// The mixed opacity of the two geometries, clamped to 0…1: for a single view
    /// standing in for both (the two views use ``incomingOpacity`` and
    /// ``outgoingOpacity``).
    public var opacity: Double
    /// The mixed fill colour, brought into the sRGB gamut by the options'
    /// ``MatchedPairOptions/gamutMapping``.
    public var color: RGBAColor
    /// The mixed shadow (transparent when neither side has one).
    public var shadow: Shadow
    /// Opacity of the incoming (destination) view: the destination's own opacity times
    /// the cross-fade's incoming factor (0…1), so it lies in 0…1.
    public var incomingOpacity: Double
    /// Opacity of the outgoing (source) view: the source's own opacity times the
    /// cross-fade's outgoing factor (0…1), so it lies in 0…1.
    public var outgoingOpacity: Double
}

extension MatchedPair {
    /// The mixed values of the fill and shadow colours a pass over many pairs converted
    /// last at each end (``forEachLane(source:destination:shape:colors:_:)``): a grid of cards shares a few
    /// colours, and converting one to Oklab (a power and a cube root per channel) was a
    /// third of laying out a retarget's pairs. A colour is reused only when its bits
    /// and the mixing are the same, so the values are the conversion's own.
    struct MixedColors {
        var fill = (source: Last(), destination: Last())
        var shadow = (source: Last(), destination: Last())

        /// The last colour converted in one role, and its mixed values.
        struct Last {
            private var mixing: ColorMixing?
            private var bits: SIMD4<UInt64> = .zero
            private var values: (Double, Double, Double, Double) = (0, 0, 0, 0)

            /// `color`'s mixed values under `mixing` (``ColorMixing/mixTuple(of:)``).
            mutating func mixed(_ color: RGBAColor, by mixing: ColorMixing) -> (Double, Double, Double, Double) {
                let key = SIMD4(
                    color.red.bitPattern, color.green.bitPattern, color.blue.bitPattern, color.alpha.bitPattern)
                if self.mixing != mixing || key != bits {
                    self.mixing = mixing
                    bits = key
                    values = mixing.mixTuple(of: color)
                }
                return values
            }
        }
    }
}

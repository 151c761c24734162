/// A timing function that maps animation progress in [0, 1] to an eased value.
///
/// Values start at 0 and end at 1; some curves (back, elastic, cubic-beziers with y
/// outside [0, 1]) overshoot in between. The named curves follow their published
/// definitions: Penner's equations as on easings.net, the CSS named cubic-beziers, and
/// CSS `steps()`.
public struct Easing: Sendable, Hashable, CustomStringConvertible {
    /// The definition an easing evaluates.
    public enum Kind: Sendable, Hashable {
        /// The identity: value = progress.
        case linear
        /// One of Penner's equations (easings.net).
        case penner(EasingFamily, EasingDirection)
        /// A CSS `cubic-bezier()` timing function.
        case cubicBezier(CubicBezier)
        /// A CSS `steps(count, position)` staircase; count ≥ 1, or ≥ 2 for `jump-none`.
        case steps(count: Int, position: StepPosition)
        /// A CSS `linear()` curve: straight segments through points.
        case piecewiseLinear(PiecewiseLinear)
    }

    /// The definition this easing evaluates.
    public let kind: Kind

    /// Wraps a definition without validation: callers build kinds from validated parts.
    init(kind: Kind) {
        self.kind = kind
    }

    // MARK: - Constructors

    /// The identity curve: value = progress.
    public static let linear = Easing(kind: .linear)
    /// CSS `ease`: `cubic-bezier(0.25, 0.1, 0.25, 1)`, a gentle start and a long settle.
    public static let ease = named(0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`: `cubic-bezier(0.42, 0, 1, 1)`, slow start, abrupt end.
    public static let easeIn = named(0.42, 0, 1, 1)
    /// CSS `ease-out`: `cubic-bezier(0, 0, 0.58, 1)`, abrupt start, slow end.
    public static let easeOut = named(0, 0, 0.58, 1)
    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`, slow at both ends.
    public static let easeInOut = named(0.42, 0, 0.58, 1)

    /// The Penner easing of a family and direction, for example `.penner(.back, .out)`.
    public static func penner(_ family: EasingFamily, _ direction: EasingDirection) -> Easing {
        Easing(kind: .penner(family, direction))
    }

    /// A CSS `cubic-bezier(x1, y1, x2, y2)` easing.
    ///
    /// - Throws: ``CurveError/controlPointOutOfRange(name:value:)`` when x1 or x2 lies
    ///   outside [0, 1] or any coordinate is not finite.
    public static func cubicBezier(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
    ) throws(CurveError) -> Easing {
        Easing(kind: .cubicBezier(try CubicBezier(x1, y1, x2, y2)))
    }

    /// A CSS `steps(count, position)` staircase easing.
    ///
    /// - Parameters:
    ///   - count: The number of flat steps; at least 1, or at least 2 for `jump-none`.
    ///   - position: Where the jumps fall; CSS's default is `jump-end`.
    /// - Throws: ``CurveError/invalidStepCount(count:position:)`` when count is below
    ///   ``StepPosition/minimumStepCount`` or above ``StepPosition/maximumStepCount``.
    public static func steps(_ count: Int, _ position: StepPosition = .jumpEnd) throws(CurveError) -> Easing {
        guard (position.minimumStepCount...StepPosition.maximumStepCount).contains(count) else {
            throw .invalidStepCount(count: count, position: position)
        }
        return Easing(kind: .steps(count: count, position: position))
    }

    /// A CSS `linear()` easing through stops, for example
    /// `.linear([.init(0), .init(0.25, at: 0.75), .init(1)])` for `linear(0, 0.25 75%, 1)`.
    ///
    /// - Throws: the errors of ``PiecewiseLinear/init(stops:)``.
    public static func linear(_ stops: [PiecewiseLinear.Stop]) throws(CurveError) -> Easing {
        Easing(kind: .piecewiseLinear(try PiecewiseLinear(stops: stops)))
    }

    /// A CSS `linear()` easing through a curve's points.
    public static func linear(_ curve: PiecewiseLinear) -> Easing {
        Easing(kind: .piecewiseLinear(curve))
    }

    /// Builds one of the constant named cubic-beziers, whose control points are known valid.
    private static func named(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Easing {
        do {
            return try cubicBezier(x1, y1, x2, y2)
        } catch {
            preconditionFailure("named cubic-bezier constants are valid: \(error)")
        }
    }

    // MARK: - Penner curves by easings.net name

    /// Penner sine in: 1 − cos(pπ/2).
    public static let easeInSine = penner(.sine, .in)
    /// Penner sine out: sin(pπ/2).
    public static let easeOutSine = penner(.sine, .out)
    /// Penner sine in-out: −(cos(πp) − 1)/2.
    public static let easeInOutSine = penner(.sine, .inOut)
    /// Penner quad in: p².
    public static let easeInQuad = penner(.quad, .in)
    /// Penner quad out: 1 − (1 − p)².
    public static let easeOutQuad = penner(.quad, .out)
    /// Penner quad in-out: 2p² then 1 − (−2p + 2)²/2.
    public static let easeInOutQuad = penner(.quad, .inOut)
    /// Penner cubic in: p³.
    public static let easeInCubic = penner(.cubic, .in)
    /// Penner cubic out: 1 − (1 − p)³.
    public static let easeOutCubic = penner(.cubic, .out)
    /// Penner cubic in-out: 4p³ then 1 − (−2p + 2)³/2.
    public static let easeInOutCubic = penner(.cubic, .inOut)
    /// Penner quart in: p⁴.
    public static let easeInQuart = penner(.quart, .in)
    /// Penner quart out: 1 − (1 − p)⁴.
    public static let easeOutQuart = penner(.quart, .out)
    /// Penner quart in-out: 8p⁴ then 1 − (−2p + 2)⁴/2.
    public static let easeInOutQuart = penner(.quart, .inOut)
    /// Penner quint in: p⁵.
    public static let easeInQuint = penner(.quint, .in)
    /// Penner quint out: 1 − (1 − p)⁵.
    public static let easeOutQuint = penner(.quint, .out)
    /// Penner quint in-out: 16p⁵ then 1 − (−2p + 2)⁵/2.
    public static let easeInOutQuint = penner(.quint, .inOut)
    /// Penner expo in: 2^(10p − 10), exactly 0 at p = 0.
    public static let easeInExpo = penner(.expo, .in)
    /// Penner expo out: 1 − 2^(−10p), exactly 1 at p = 1.
    public static let easeOutExpo = penner(.expo, .out)
    /// Penner expo in-out: 2^(20p − 10)/2 then (2 − 2^(−20p + 10))/2, exact at both ends.
    public static let easeInOutExpo = penner(.expo, .inOut)
    /// Penner circ in: 1 − √(1 − p²).
    public static let easeInCirc = penner(.circ, .in)
    /// Penner circ out: √(1 − (p − 1)²).
    public static let easeOutCirc = penner(.circ, .out)
    /// Penner circ in-out: two quarter circles meeting vertically at p = ½.
    public static let easeInOutCirc = penner(.circ, .inOut)
    /// Penner back in: winds up to −0.1 before moving to 1.
    public static let easeInBack = penner(.back, .in)
    /// Penner back out: overshoots to 1.1000 before settling at 1.
    public static let easeOutBack = penner(.back, .out)
    /// Penner back in-out (with the published 1.525 factor): undershoots and overshoots by about 0.1002.
    public static let easeInOutBack = penner(.back, .inOut)
    /// Penner elastic in: a growing oscillation that snaps to 1.
    public static let easeInElastic = penner(.elastic, .in)
    /// Penner elastic out: snaps past 1 and rings down to it.
    public static let easeOutElastic = penner(.elastic, .out)
    /// Penner elastic in-out: rings up to the midpoint, then rings down to 1.
    public static let easeInOutElastic = penner(.elastic, .inOut)
    /// Penner bounce in: bounce out played backwards, 1 − out(1 − p).
    public static let easeInBounce = penner(.bounce, .in)
    /// Penner bounce out: falls to 1 and bounces three times on it.
    public static let easeOutBounce = penner(.bounce, .out)
    /// Penner bounce in-out: bounce in over the first half, bounce out over the second.
    public static let easeInOutBounce = penner(.bounce, .inOut)

    // MARK: - Names

    /// Every named easing, in this order: `linear`, `ease`, `easeIn`, `easeOut`,
    /// `easeInOut`, then the 30 Penner curves family by family (sine, quad, cubic, quart,
    /// quint, expo, circ, back, elastic, bounce), each as in, out, inOut.
    public static let allNamed: [Easing] =
        [.linear, .ease, .easeIn, .easeOut, .easeInOut]
        + EasingFamily.allCases.flatMap { family in
            EasingDirection.allCases.map { penner(family, $0) }
        }

    /// Looks up a named easing by its exact, case-sensitive name: `linear`, `ease`,
    /// `easeIn`, `easeOut`, `easeInOut`, or an easings.net name such as `easeInOutBack`.
    ///
    /// Returns nil for any other string, including CSS spellings like `ease-in`.
    public init?(name: String) {
        guard let easing = Self.byName[name] else { return nil }
        self = easing
    }

    /// Name → easing for ``init(name:)``.
    private static let byName: [String: Easing] = Dictionary(
        uniqueKeysWithValues: allNamed.map { ($0.description, $0) }
    )

    /// The name of a named easing (`easeInOutBack`, `ease`), else a form the CLI parses
    /// back: `cubicBezier(x1, y1, x2, y2)` or `steps(n, jump-none)`.
    public var description: String {
        switch kind {
        case .linear:
            return "linear"
        case .penner(let family, let direction):
            let directionName: String
            switch direction {
            case .in: directionName = "In"
            case .out: directionName = "Out"
            case .inOut: directionName = "InOut"
            }
            let familyName = family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst()
            return "ease" + directionName + familyName
        case .cubicBezier(let curve):
            // An equal curve prints the same whichever way it was built.
            for (name, named) in [
                ("ease", Self.ease), ("easeIn", Self.easeIn),
                ("easeOut", Self.easeOut), ("easeInOut", Self.easeInOut)
            ]
            where named.kind == kind {
                return name
            }
            return "cubicBezier(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2))"
        case .steps(let count, let position):
            return "steps(\(count), \(position.rawValue))"
        case .piecewiseLinear(let curve):
            return curve.description
        }
    }

    // MARK: - Evaluation

    /// The eased value at a progress.
    ///
    /// Progress is clamped to [0, 1] first: easings are defined on [0, 1] and hold their
    /// end values outside it. Then the published formula applies exactly; Penner curves
    /// return exactly 0 and 1 at the ends. Accuracy: a few ulps for the closed forms,
    /// about 1e-14 for cubic-beziers (see ``CubicBezier/value(at:)``).
    ///
    /// - Parameter progress: Fraction of the animation elapsed, nominally in [0, 1].
    /// - Throws: ``CurveError/nonFiniteInput(_:)`` for NaN or ±infinity.
    public func value(at progress: Double) throws(CurveError) -> Double {
        guard progress.isFinite else { throw .nonFiniteInput(progress) }
        let p = Swift.min(Swift.max(progress, 0), 1)
        switch kind {
        case .linear:
            return p
        case .penner(let family, let direction):
            return Penner.value(family, direction, p)
        case .cubicBezier(let curve):
            return curve.value(at: p)
        case .steps(let count, let position):
            return Self.steps(count, position, p)
        case .piecewiseLinear(let curve):
            return curve.value(at: p)
        }
    }

    /// The derivative d value / d progress at a progress, in value per unit of progress.
    ///
    /// Analytic for every kind. 0 outside [0, 1] (the value is held there) and for steps
    /// (flat between jumps; the jumps themselves are not differentiable). At 0 and 1 it is
    /// the derivative from inside. Infinite derivatives (circ and some beziers at vertical
    /// tangents) are reported as ±``CubicBezier/steepSlope``. NaN gives NaN; ±infinity
    /// gives 0, as it lies outside [0, 1].
    public func slope(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        guard (0...1).contains(progress) else { return 0 }
        switch kind {
        case .linear:
            return 1
        case .penner(let family, let direction):
            return Penner.slope(family, direction, progress)
        case .cubicBezier(let curve):
            return curve.slope(at: progress)
        case .steps:
            return 0
        case .piecewiseLinear(let curve):
            return curve.slope(at: progress)
        }
    }

    /// CSS `steps()` at progress p in [0, 1], as CSS Easing Level 2 defines it.
    private static func steps(_ count: Int, _ position: StepPosition, _ p: Double) -> Double {
        // Double arithmetic so that count + 1 cannot overflow for huge counts.
        let n = Double(count)
        var step = (p * n).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = n
        case .jumpNone: jumps = n - 1
        case .jumpBoth: jumps = n + 1
        }
        return Swift.min(Swift.max(step, 0), jumps) / jumps
    }
}

/// A named state of a component: what each of its elements looks like (StateAnimator's
/// idea, done declaratively): element id → its animatable properties.
///
/// ```swift
/// var collapsed = ComponentState("collapsed")
/// try collapsed.set("frame", of: "card", to: try LayoutRect(x: 16, y: 100, width: 160, height: 90))
/// try collapsed.set("opacity", of: "title", to: 0.0)
/// ```
public struct ComponentState: Sendable, Hashable {
    /// The state's name, reported in transition events.
    public var name: String
    /// Each element's properties.
    public private(set) var elements: [String: AnimatableValues]

    /// A state with the given elements.
    public init(_ name: String, elements: [String: AnimatableValues] = [:]) {
        self.name = name
        self.elements = elements
    }

    /// Sets property `property` of element `element` to `value`.
    ///
    /// - Throws: what ``AnimatableValues/set(_:to:)`` throws (the value's
    ///   ``ComponentAnimatable/validate()``, or a component count that breaks its type's
    ///   ``ComponentAnimatable/componentCount``).
    public mutating func set<Value: ComponentAnimatable>(_ property: String, of element: String, to value: Value)
        throws(AnimatableError)
    {
        var values = elements[element] ?? AnimatableValues()
        try values.set(property, to: value)
        elements[element] = values
    }

    /// Property `property` of element `element` as a `Value`.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` or
    ///   ``AnimatableError/typeMismatch(property:)``.
    public func value<Value: ComponentAnimatable>(
        _ property: String, of element: String, as type: Value.Type = Value.self
    ) throws(AnimatableError) -> Value {
        guard let values = elements[element] else { throw .unknownElement(element) }
        return try values.value(property, as: type)
    }

    /// Changes element `element`'s values in place, from none when it has none (for
    /// the animator's merged states): no copy of them, as reading, changing and setting
    /// them back made.
    mutating func updateElement(_ element: String, _ change: (inout AnimatableValues) -> Void) {
        change(&elements[element, default: AnimatableValues()])
    }
}

/// When and how one element moves in a component transition.
public struct ElementTiming: Sendable, Hashable {
    /// The curve the element's properties run.
    public var curve: Curve
    /// Seconds (finite, ≥ 0) after the transition starts before the element moves; set
    /// only through the checking initialiser.
    public private(set) var delay: Double

    /// A timing.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` (named `delay`) for a
    ///   NaN or infinite delay; ``AnimatableError/negativeValue(name:value:)`` (named
    ///   `delay`) for a negative one.
    public init(curve: Curve = .spring, delay: Double = 0) throws(AnimatableError) {
        guard delay.isFinite else { throw .nonFiniteComponent(name: "delay", value: delay) }
        guard delay >= 0 else { throw .negativeValue(name: "delay", value: delay) }
        self.init(unchecked: curve, delay)
    }

    private init(unchecked curve: Curve, _ delay: Double) {
        self.curve = curve
        self.delay = delay
    }

    /// The default spring at once: the timing of elements a transition does not name.
    static let immediateSpring = ElementTiming(unchecked: .spring, 0)
}

/// How a component moves from one state to another: a timing per element (its curve
/// and delay), and a default for the others.
public struct ComponentTransition: Sendable, Hashable {
    /// The timing of elements without their own.
    public var timing: ElementTiming
    /// Timings of particular elements.
    public var elementTimings: [String: ElementTiming]
    /// What properties do under reduced motion, by property name, where the name alone
    /// would not say: `["labelFade": .fade]` makes a property called `labelFade` fade,
    /// as a list's ``StaggerTrack/reducedMotion`` says it for a track. Other properties
    /// fade when they are colours or named for opacity or alpha (any case), and jump
    /// otherwise.
    public var reducedMotion: [String: StaggerTrack.Reduction]

    /// A transition; by default every element runs the default spring at once.
    public init(
        _ timing: ElementTiming? = nil, elements: [String: ElementTiming] = [:],
        reducedMotion: [String: StaggerTrack.Reduction] = [:]
    ) {
        self.timing = timing ?? .immediateSpring
        self.elementTimings = elements
        self.reducedMotion = reducedMotion
    }

    /// The timing of `element`.
    public func timing(of element: String) -> ElementTiming { elementTimings[element] ?? timing }
}

/// Something that happens during component transitions: the before and after hooks,
/// as events (see ``ComponentAnimator/events(from:to:)``), never closures on timers.
public struct ComponentEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The before hook: a transition from one state to another starts.
        case willTransition(from: String, to: String)
        /// An element's delay has passed: it starts to move.
        case elementStarted(String)
        /// An element has come to rest at its target.
        case elementFinished(String)
        /// The after hook: every element of the transition is at rest.
        case didTransition(from: String, to: String)
        /// The transition was interrupted by a later one before it finished (no
        /// after hook follows for it).
        case interrupted(from: String, to: String)
    }

    /// When, in seconds on the caller's clock.
    public var time: Double
    /// What.
    public var kind: Kind

    /// An event of `kind` at `time` seconds.
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}

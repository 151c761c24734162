/// One typed property of one element of a component: named once, then set, read and
/// released without strings or type annotations at every use.
///
/// ```swift
/// let cardOffset = ComponentProperty<Double>("offset", of: "card")
/// var raised = ComponentState("raised")
/// try raised.set(cardOffset, to: 40)
/// let y = try animator.value(cardOffset, at: time)   // a Double
/// ```
///
/// The type is checked where it matters: a property first set as one type cannot be read
/// as another (``AnimatableError/typeMismatch(property:)``, as with the string forms, which
/// these forms call).
public struct ComponentProperty<Value: ComponentAnimatable>: Sendable, Hashable {
    /// The element's id.
    public let element: String
    /// The property's name within the element.
    public let name: String

    /// Property `name` of element `element`, holding a `Value`.
    public init(_ name: String, of element: String) {
        self.name = name
        self.element = element
    }
}

extension ComponentState {
    /// Sets `property` to `value`; see ``set(_:of:to:)``.
    public mutating func set<Value>(_ property: ComponentProperty<Value>, to value: Value) throws(AnimatableError) {
        try set(property.name, of: property.element, to: value)
    }

    /// The value of `property`; see ``value(_:of:as:)``.
    public func value<Value>(_ property: ComponentProperty<Value>) throws(AnimatableError) -> Value {
        try value(property.name, of: property.element, as: Value.self)
    }
}

extension ComponentAnimator {
    /// `property` at `time`; see ``value(_:of:at:as:)``.
    public func value<Value>(_ property: ComponentProperty<Value>, at time: Double) throws(AnimatableError) -> Value {
        try value(property.name, of: property.element, at: time, as: Value.self)
    }

    /// The velocity of each component of `property` at `time`, per second; see
    /// ``velocity(_:of:at:)``.
    public func velocity<Value>(_ property: ComponentProperty<Value>, at time: Double) throws(AnimatableError)
        -> [Double]
    {
        try velocity(property.name, of: property.element, at: time)
    }

    /// Hands a drag of `property` over to the animator; see
    /// ``release(_:of:from:velocity:at:)``.
    public mutating func release<Value>(
        _ property: ComponentProperty<Value>, from value: Value, velocity: [Double], at time: Double
    ) throws(AnimatableError) {
        try release(property.name, of: property.element, from: value, velocity: velocity, at: time)
    }
}

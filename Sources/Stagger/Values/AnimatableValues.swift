/// The animatable properties of one element, by name (`"frame"`, `"opacity"`, `"tint"`),
/// each any ``ComponentAnimatable`` type: what a component state sets an element to.
///
/// Stores each value's components and its type, so a value read back is of the type
/// it was written as.
public struct AnimatableValues: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        var type: ObjectIdentifier
        var components: [Double]
    }

    private(set) var entries: [String: Entry] = [:]
    /// The keys of ``entries``, sorted: kept as names are added, so that reading them
    /// (every transition of a component, for every element) sorts and allocates nothing.
    private var sortedNames: [String] = []

    /// No properties.
    public init() {}

    /// The property names, sorted.
    public var propertyNames: [String] { sortedNames }

    /// Sets property `name` to `value`.
    ///
    /// - Throws: what the value's ``ComponentAnimatable/validate()`` throws (NaN components, a
    ///   negative size, a colour outside 0…1);
    ///   ``AnimatableError/componentCountMismatch(expected:actual:)`` when the type's
    ///   ``ComponentAnimatable/appendComponents(to:)`` writes another number of
    ///   components than its ``ComponentAnimatable/componentCount`` (a broken
    ///   conformance, caught here rather than as a trap when the value is read back).
    public mutating func set<Value: ComponentAnimatable>(_ name: String, to value: Value) throws(AnimatableError) {
        let components = value.components
        guard components.count == Value.componentCount else {
            throw .componentCountMismatch(expected: Value.componentCount, actual: components.count)
        }
        try value.validate()
        try Value.requireFiniteComponents(components)
        setComponents(name, type: ObjectIdentifier(Value.self), components)
    }

    /// Property `name` as a `Value`.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)`` when there is no such property,
    ///   ``AnimatableError/typeMismatch(property:)`` when it holds another type.
    public func value<Value: ComponentAnimatable>(_ name: String, as type: Value.Type = Value.self)
        throws(AnimatableError) -> Value
    {
        guard let entry = entries[name] else { throw .unknownElement(name) }
        guard entry.type == ObjectIdentifier(Value.self) else { throw .typeMismatch(property: name) }
        return Value(components: entry.components[...])
    }

    /// Stores raw components of an existing entry's type (for the animator).
    mutating func setComponents(_ name: String, type: ObjectIdentifier, _ components: [Double]) {
        if entries.updateValue(Entry(type: type, components: components), forKey: name) == nil {
            // A new name, at its place in order (binary search: the first name after it).
            var low = 0, high = sortedNames.count
            while low < high {
                let middle = (low + high) / 2
                if sortedNames[middle] < name { low = middle + 1 } else { high = middle }
            }
            sortedNames.insert(name, at: low)
        }
    }
}

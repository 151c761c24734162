/// A value made of a fixed number of floating-point components, which an animation
/// moves one component at a time (like SwiftUI's `VectorArithmetic`).
///
/// Stagger animates every component as a number of its own, beside every other
/// property's, so adding a type is one conformance: say how many components it has,
/// write them in a fixed order, and rebuild a value from them.
///
/// ```swift
/// struct Thermostat: ComponentAnimatable {
///     var celsius: Double
///     static var componentCount: Int { 1 }
///     func appendComponents(to components: inout [Double]) { components.append(celsius) }
///     init(components: ArraySlice<Double>) { celsius = components[components.startIndex] }
/// }
/// ```
public protocol ComponentAnimatable: Sendable, Equatable {
    /// How many components every value of the type has (≥ 1, the same for every value).
    static var componentCount: Int { get }

    /// Appends exactly ``componentCount`` components, always in the same order.
    func appendComponents(to components: inout [Double])

    /// Rebuilds a value from ``componentCount`` components starting at the slice's start.
    ///
    /// Values part-way through an animation come through here, and an overshooting
    /// curve (a spring, `back`, `elastic`) may leave a component past its valid range
    /// (a size below 0 for an instant): this initialiser accepts them as they are;
    /// ``validate()`` is where the rules are enforced.
    init(components: ArraySlice<Double>)

    /// Throws when the value breaks its type's rules.
    ///
    /// The default accepts any value that writes ``componentCount`` components, all
    /// finite, and throws ``AnimatableError/componentCountMismatch(expected:actual:)``
    /// or ``AnimatableError/nonFiniteComponent(name:value:)`` otherwise; types with ranges
    /// (sizes ≥ 0, colour channels in 0…1) add their own checks.
    func validate() throws(AnimatableError)
}

extension ComponentAnimatable {
    /// Every component in order, in a new array.
    public var components: [Double] {
        var result: [Double] = []
        result.reserveCapacity(Self.componentCount)
        appendComponents(to: &result)
        return result
    }

    /// Checks that the value writes ``componentCount`` components, all finite.
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)`` for a
    ///   conformance whose ``appendComponents(to:)`` disagrees with its count;
    ///   ``AnimatableError/nonFiniteComponent(name:value:)`` for a NaN or ∞.
    public func validate() throws(AnimatableError) {
        let components = self.components
        guard components.count == Self.componentCount else {
            throw .componentCountMismatch(expected: Self.componentCount, actual: components.count)
        }
        try Self.requireFiniteComponents(components)
    }

    /// Throws ``AnimatableError/nonFiniteComponent(name:value:)`` for the first NaN or
    /// infinite component, named by its index.
    static func requireFiniteComponents(_ components: [Double]) throws(AnimatableError) {
        for (index, value) in components.enumerated() where !value.isFinite {
            throw .nonFiniteComponent(name: "component \(index)", value: value)
        }
    }

    /// Rebuilds a value from a component array, checking the count and the value.
    ///
    /// - Throws: ``AnimatableError/componentCountMismatch(expected:actual:)``, or what
    ///   ``validate()`` throws.
    public init(validatingComponents components: [Double]) throws(AnimatableError) {
        guard components.count == Self.componentCount else {
            throw .componentCountMismatch(expected: Self.componentCount, actual: components.count)
        }
        self.init(components: components[...])
        try validate()
    }

    /// The value a fraction `t` of the way from `self` to `other`, component by
    /// component (`t` may leave 0…1 to extrapolate). One buffer holds both ends.
    ///
    /// - Throws: ``AnimatableError/nonFiniteComponent(name:value:)`` for a NaN or
    ///   infinite `t` (named `"fraction"`) or a component that overflows;
    ///   ``AnimatableError/componentCountMismatch(expected:actual:)`` for a conformance
    ///   whose ``appendComponents(to:)`` disagrees with ``componentCount``.
    public func interpolated(to other: Self, fraction t: Double) throws(AnimatableError) -> Self {
        try requireFinite(t, "fraction")
        let n = Self.componentCount
        var buffer: [Double] = []
        buffer.reserveCapacity(2 * n)
        appendComponents(to: &buffer)
        guard buffer.count == n else { throw .componentCountMismatch(expected: n, actual: buffer.count) }
        other.appendComponents(to: &buffer)
        guard buffer.count == 2 * n else { throw .componentCountMismatch(expected: n, actual: buffer.count - n) }
        for i in 0..<n {
            let mixed = buffer[i] + (buffer[n + i] - buffer[i]) * t
            guard mixed.isFinite else { throw .nonFiniteComponent(name: "component \(i)", value: mixed) }
            buffer[i] = mixed
        }
        return Self(components: buffer[0..<n])
    }
}

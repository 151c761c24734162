// Scalars and SIMD vectors as animatable values: one component per scalar.

extension Double: ComponentAnimatable {
    /// One component: the value itself.
    public static var componentCount: Int { 1 }
    /// Appends the value.
    public func appendComponents(to components: inout [Double]) { components.append(self) }
    /// The first component.
    public init(components: ArraySlice<Double>) { self = components[components.startIndex] }
}

extension Float: ComponentAnimatable {
    /// One component: the value itself, widened to Double.
    public static var componentCount: Int { 1 }
    /// Appends the value, widened to Double.
    public func appendComponents(to components: inout [Double]) { components.append(Double(self)) }
    /// The first component, rounded to Float.
    public init(components: ArraySlice<Double>) { self = Float(components[components.startIndex]) }
}

// Float SIMD vectors: each lane widened to Double, rounded back on the way in. Not
// generic over BinaryFloatingPoint: the protocol refines Sendable, and a conditional
// conformance cannot depend on the scalar's (marker) Sendable conformance; a type has
// one conformance, so Float is the scalar the kernel's float32 lanes match.

extension SIMD2: ComponentAnimatable where Scalar == Float {
    /// Two components: x, y.
    public static var componentCount: Int { 2 }
    /// Appends x, y, widened to Double.
    public func appendComponents(to components: inout [Double]) {
        components.append(Double(x))
        components.append(Double(y))
    }
    /// x, y from the first two components, rounded to Float.
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(Float(components[s]), Float(components[s + 1]))
    }
}

extension SIMD3: ComponentAnimatable where Scalar == Float {
    /// Three components: x, y, z.
    public static var componentCount: Int { 3 }
    /// Appends x, y, z, widened to Double.
    public func appendComponents(to components: inout [Double]) {
        components.append(Double(x))
        components.append(Double(y))
        components.append(Double(z))
    }
    /// x, y, z from the first three components, rounded to Float.
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(Float(components[s]), Float(components[s + 1]), Float(components[s + 2]))
    }
}

extension SIMD4: ComponentAnimatable where Scalar == Float {
    /// Four components: x, y, z, w.
    public static var componentCount: Int { 4 }
    /// Appends x, y, z, w, widened to Double.
    public func appendComponents(to components: inout [Double]) {
        components.append(Double(x))
        components.append(Double(y))
        components.append(Double(z))
        components.append(Double(w))
    }
    /// x, y, z, w from the first four components, rounded to Float.
    public init(components: ArraySlice<Double>) {
        let s = components.startIndex
        self.init(Float(components[s]), Float(components[s + 1]), Float(components[s + 2]), Float(components[s + 3]))
    }
}

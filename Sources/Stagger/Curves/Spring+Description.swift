extension Spring: CustomStringConvertible {
    /// The spring in SwiftUI's terms, then in physical ones, each figure to four
    /// significant digits: `Spring(response: 0.5 s, dampingFraction: 0.825; mass: 1.0,
    /// stiffness: 157.9, damping: 20.73)`.
    public var description: String {
        "Spring(response: \(response.readable) s, dampingFraction: \(dampingFraction.readable); "
            + "mass: \(mass.readable), stiffness: \(stiffness.readable), damping: \(damping.readable))"
    }
}

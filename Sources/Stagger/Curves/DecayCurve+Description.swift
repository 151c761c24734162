extension DecayCurve: CustomStringConvertible {
    /// The friction rate and the time to come within 0.001 of rest, to four significant
    /// digits: `DecayCurve(frictionRate: 4.605 per s; rests after 1.5 s)`.
    public var description: String {
        "DecayCurve(frictionRate: \(frictionRate.readable) per s; rests after \(validatedSettlingDuration(epsilon: 0.001).readable) s)"
    }
}

/// Curves and easings as JSON (or any Codable format), in the text form of
/// ``Curve/init(parsing:duration:)``, so that a design system can store them readably
/// and hand the same spring to every platform.
///
/// A curve encodes as `{"curve": "<description>"}`, plus `"duration"` for an easing;
/// an easing as its description. Decoding parses and checks them as
/// ``Curve/init(parsing:duration:)`` does: malformed text or an invalid parameter is a
/// `DecodingError.dataCorrupted` whose description is the ``CurveError``'s.
extension Curve: Codable {
    private enum CodingKeys: String, CodingKey {
        case curve, duration
    }

    /// Writes the curve's text form, and an easing's duration.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(description, forKey: .curve)
        if case .easing(_, let duration) = kind { try container.encode(duration, forKey: .duration) }
    }

    /// Reads a curve written by ``encode(to:)``; an easing without a duration gets 1 s.
    ///
    /// - Throws: `DecodingError` for missing fields, or `dataCorrupted` with the
    ///   ``CurveError``'s description for text that does not parse or names invalid
    ///   parameters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .curve)
        let duration = try container.decodeIfPresent(Double.self, forKey: .duration) ?? 1
        do {
            self = try Curve(parsing: text, duration: duration)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .curve, in: container, debugDescription: error.description)
        }
    }
}

extension Easing: Codable {
    /// Writes the easing's text form (`easeOutBack`, `cubicBezier(0.1, 0.2, 0.3, 1)`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Reads an easing written by ``encode(to:)``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the ``CurveError``'s description for
    ///   text that does not name an easing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let parsed: Curve
        do { parsed = try Curve(parsing: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
        guard case .easing(let easing, _) = parsed.kind else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an easing.")
        }
        self = easing
    }
}

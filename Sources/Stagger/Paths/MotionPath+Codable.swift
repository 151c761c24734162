/// A motion path as JSON (or any Codable format): its SVG path data, as a string, so
/// that a design tool's export and a stored path read the same.
///
/// Decoding reads the path data as ``MotionPath/init(_:)`` does: data it refuses is a
/// `DecodingError.dataCorrupted` whose description is the ``MotionPathError``'s.
extension MotionPath: Codable {
    /// Writes ``pathData``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pathData)
    }

    /// Reads a path written by ``encode(to:)``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the ``MotionPathError``'s description
    ///   for path data that does not read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try MotionPath(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }
}

/// An error raised when a motion path is read from SVG path data it cannot use, or
/// asked for a point at a distance or progress that is not a number.
///
/// Every case names what was wrong and where: offsets count Unicode scalars from 0 (for
/// path data, which is ASCII, the character's index). Two errors are equal when their
/// cases and payloads are equal, with NaN payloads equal to each other.
public enum MotionPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path data holds no command (empty, or only white space).
    case empty
    /// The first command is not a moveto (`M` or `m`); the payload is the command found
    /// and its offset.
    case missingMoveTo(found: String, offset: Int)
    /// A character that is neither a command, a number nor a separator, where one of
    /// those was expected.
    case unexpectedCharacter(String, offset: Int)
    /// A command's arguments end early: a number was expected at `offset`.
    ///
    /// - Parameters:
    ///   - command: The command letter, as written.
    ///   - offset: Where the missing number should start.
    case missingNumber(command: String, offset: Int)
    /// An arc's large-arc or sweep flag that is not `0` or `1`.
    ///
    /// - Parameters:
    ///   - found: The character found instead.
    ///   - offset: Its offset.
    case invalidArcFlag(found: String, offset: Int)
    /// A number too large for Double (`1e999`); the payload is its text and offset.
    case numberOutOfRange(String, offset: Int)
    /// A command whose coordinates, or whose segment's length, lie beyond Double's range
    /// although every number is finite (relative moves that add up past 1.8e308).
    ///
    /// - Parameters:
    ///   - command: The command letter, as written.
    ///   - offset: The command's offset.
    case nonFiniteGeometry(command: String, offset: Int)
    /// More segments than a path holds (``MotionPath/maximumSegmentCount``), refused
    /// while reading, before they are kept.
    case tooManySegments(count: Int, maximum: Int)
    /// A distance or progress that is NaN or infinite; the payload is that value.
    case nonFiniteInput(Double)
    /// A path valid in Double that the kernel cannot sample in float32
    /// (``MotionPath/points(atProgress:into:backend:)``; the Double reference,
    /// ``MotionPath/point(atProgress:)``, still answers).
    ///
    /// - Parameters:
    ///   - name: What does not fit: `"coordinate"` (beyond 3.4e38), or `"length"` (a
    ///     length beyond it, or one so short, below about 1e-38, that its reciprocal is).
    ///   - value: The value.
    case exceedsFloat32Range(name: String, value: Double)
    /// The requested compute backend is not available here; the payload names it.
    case unsupportedBackend(String)

    /// One sentence naming the problem and where it is.
    public var description: String {
        switch self {
        case .empty:
            return "The path data holds no command."
        case .missingMoveTo(let found, let offset):
            return "Path data must start with M or m, but starts with \(found) at offset \(offset)."
        case .unexpectedCharacter(let found, let offset):
            return "Unexpected \"\(found)\" at offset \(offset) of the path data."
        case .missingNumber(let command, let offset):
            return "Expected a number for \(command) at offset \(offset) of the path data."
        case .invalidArcFlag(let found, let offset):
            return "An arc flag must be 0 or 1, but got \"\(found)\" at offset \(offset) of the path data."
        case .numberOutOfRange(let text, let offset):
            return "The number \(text) at offset \(offset) of the path data is too large for Double."
        case .nonFiniteGeometry(let command, let offset):
            return "The \(command) at offset \(offset) of the path data reaches beyond Double's range."
        case .tooManySegments(let count, let maximum):
            return "A path holds at most \(maximum) segments, but the path data has more (\(count) read)."
        case .nonFiniteInput(let value):
            return "Expected a finite distance or progress, but got \(value)."
        case .exceedsFloat32Range(let name, let value):
            return "The path's \(name) \(value) does not fit float32, the precision of the SIMD path."
        case .unsupportedBackend(let name):
            return "The compute backend \"\(name)\" is not supported here."
        }
    }

    /// Equal cases with equal payloads; NaN payloads are equal.
    public static func == (lhs: MotionPathError, rhs: MotionPathError) -> Bool { errorsAreEqual(lhs, rhs) }
}

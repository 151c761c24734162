/// An error from staggering: a stagger, a list or a wave given input it cannot use.
public enum StaggerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An item count below 0.
    case negativeCount(Int)
    /// An index outside 0..<count.
    case indexOutOfRange(index: Int, count: Int)
    /// A spread (`each` or `amount`) that is negative or not finite, in seconds.
    case invalidSpread(Double)
    /// A cap (`maxDelay`) that is negative or NaN, in seconds.
    case invalidMaxDelay(Double)
    /// A base delay (``StaggerConfig/baseDelay``) that is negative, NaN or infinite, in
    /// seconds: every stagger starts at or after its transition, as a timeline's children
    /// start at or after their container.
    case invalidBaseDelay(Double)
    /// An origin index outside the items, or a ratio outside [0, 1].
    case originOutOfRange(Double)
    /// A grid with a side below 1, or fewer cells than items.
    case gridTooSmall(columns: Int, rows: Int, count: Int)
    /// A time or delay that is NaN or infinite, in seconds.
    case invalidTime(Double)
    /// A change stamped more than ``TimeOrder/tolerance`` before the latest one (`latest`),
    /// in seconds: the one rule of ``TimeOrder``.
    case timeRunsBackward(time: Double, latest: Double)
    /// `delay(for:)` without a count, for a configuration whose delays depend on it.
    case countRequired
    /// Output buffers that do not match the list: one per track, `count` values each.
    case bufferMismatch(expected: Int, actual: Int)
    /// A wave parameter that is not finite or overflows with the time or distance it
    /// multiplies (or, for the kernel, float32), or a period or envelope time not > 0.
    case invalidWaveParameter(name: String, value: Double)
    /// A ``ScrollReveal`` parameter out of its range, named: `viewportLength` (finite,
    /// > 0), `margin` (finite, the widened viewport longer than 0), `interval` (finite
    /// seconds, ≥ 0), `maximum` (≥ 1), `offset` (finite), or an item's frame
    /// (`frames[i].x`, `.y`: finite; `.width`, `.height`: finite and ≥ 0).
    case invalidScrollParameter(name: String, value: Double)
    /// More items than a staggered pass handles (``StaggeredList/maximumCount``, 2²³, the
    /// one limit of lists, grids, delay passes and a curve's staggered sampling).
    case tooManyItems(count: Int, maximum: Int)
    /// More tracks than a frame holds (``StaggerFrame/maximumTrackCount``).
    case tooManyTracks(count: Int, maximum: Int)
    /// An item's appearance, target or velocity that is NaN or infinite (named:
    /// `appearance`, `target`, `velocity`). One that is finite but beyond float32 is
    /// ``CurveError/exceedsFloat32Range(name:value:)`` under ``curve(_:)``, with the same
    /// name, as for matched pairs and components.
    case invalidAppearance(name: String, value: Double)
    /// An end of a range of staggered values that is NaN or infinite, or ends whose
    /// difference overflows (named: `from`, `to`, `to - from`).
    case invalidValueRange(name: String, value: Double)
    /// A ``StaggerTrack`` end (`from` or `to`) that is NaN or infinite, or ends whose
    /// difference overflows float32 (`to - from`): `name` is the track's, `field` the end.
    case invalidTrack(name: String, field: String, value: Double)
    /// A configuration's text form that does not parse (``StaggerConfig/init(parsing:duration:)``):
    /// the field at fault and what it should be.
    case malformedDescription(String)
    /// The curve could not be evaluated (see the wrapped error).
    case curve(CurveError)

    /// One sentence naming the problem and the offending value.
    public var description: String {
        switch self {
        case .negativeCount(let count):
            return "An item count must not be negative, but got \(count)."
        case .indexOutOfRange(let index, let count):
            return "Index \(index) is outside the \(count) items."
        case .invalidSpread(let value):
            return "A stagger spread must be finite and not negative, but got \(value) s."
        case .invalidMaxDelay(let value):
            return "A stagger cap (maxDelay) must not be negative or NaN, but got \(value) s."
        case .invalidBaseDelay(let value):
            return "A stagger's baseDelay must be a finite number of seconds, 0 or more, but got \(value) s."
        case .originOutOfRange(let value):
            return "The stagger origin \(value) is outside the items (indices 0..<count, ratios 0...1)."
        case .gridTooSmall(let columns, let rows, let count):
            if columns < 1 || rows < 1 {
                return "A grid of \(columns) x \(rows) cells is invalid: each side must be at least 1."
            }
            let (cells, overflow) = columns.multipliedReportingOverflow(by: rows)
            return "A grid of \(columns) x \(rows) cells cannot hold \(count) items: it has "
                + (overflow ? "too many cells to count." : "\(cells) cells.")
        case .invalidTime(let value):
            return "Expected a finite time or delay in seconds, but got \(value)."
        case .timeRunsBackward(let time, let latest):
            return timeRunsBackwardMessage(time: time, latest: latest)
        case .countRequired:
            return "This stagger's delays depend on the item count: call delay(for:of:)."
        case .bufferMismatch(let expected, let actual):
            return "Expected \(expected) output values, but the buffers hold \(actual)."
        case .invalidWaveParameter(let name, let value):
            let rule =
                ["period", "repeatPeriod", "attack", "decay"].contains(name)
                ? "a finite number of seconds greater than 0 (and its reciprocal within float32's range)"
                : "finite, and its products with the time and the distance too (within float32's range "
                    + "for offsets(count:at:into:))"
            return "Wave parameter \(name) = \(value) is invalid: it must be \(rule)."
        case .invalidScrollParameter(let name, let value):
            let rule: String
            switch name {
            case "viewportLength": rule = "a finite number of points greater than 0"
            case "margin": rule = "finite, and the viewport widened by it at both ends longer than 0"
            case "interval": rule = "a finite number of seconds, 0 or more"
            case "maximum": rule = "at least 1 item (or nil for no limit)"
            case "offset": rule = "a finite number of points"
            default: rule = name.hasSuffix("width") || name.hasSuffix("height") ? "finite and 0 or more" : "finite"
            }
            // A count is shown as one (the maximum of a batch: 0, not 0.0).
            let shown =
                name == "maximum" && value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
            return "Scroll reveal \(name) = \(shown) is invalid: it must be \(rule)."
        case .tooManyItems(let count, let limit):
            return "\(count) items is more than the \(limit) one pass handles."
        case .tooManyTracks(let count, let limit):
            return "\(count) tracks is more than the \(limit) a frame holds."
        case .invalidAppearance(let name, let value):
            return "An item's \(name) must be finite and within float32's range, but got \(value)."
        case .invalidValueRange(let name, let value):
            return "A staggered range's \(name) must be finite, but got \(value)."
        case .invalidTrack(let name, let field, let value):
            return "Track \"\(name)\": \(field) must be finite (and to - from within float32), but got \(value)."
        case .malformedDescription(let message):
            return "Malformed stagger: \(message)."
        case .curve(let error):
            return error.description
        }
    }

    /// Case by case, with NaN payloads equal so that an error always equals itself.
    public static func == (lhs: StaggerError, rhs: StaggerError) -> Bool { errorsAreEqual(lhs, rhs) }
}

extension StaggerError {
    /// A failure of a list's lane animation, named for lists: the item's value
    /// (`appearance`), its target or the span to it (`target`), its velocity
    /// (`velocity`), not finite (``invalidAppearance(name:value:)``) or beyond float32
    /// (``CurveError/exceedsFloat32Range(name:value:)``, as for pairs and components);
    /// or its start offset, which float32 cannot hold when `time` (of the operation) is
    /// that far from the motion's start (``invalidTime(_:)``).
    init(_ failure: LaneFailure, at time: Double) {
        func name(_ quantity: LaneQuantity) -> String? {
            switch quantity {
            case .value: "appearance"
            case .target, .span: "target"
            case .velocity: "velocity"
            case .delay: nil
            }
        }
        switch failure {
        case .nonFinite(_, let quantity, let value):
            self = name(quantity).map { .invalidAppearance(name: $0, value: value) } ?? .invalidTime(time)
        case .exceedsFloat32(_, let quantity, let value):
            self = name(quantity).map { .curve(.exceedsFloat32Range(name: $0, value: value)) } ?? .invalidTime(time)
        case .invalidTime(let value):
            self = .invalidTime(value)
        case .kernel(let failure):
            self = StaggerError(failure)
        }
    }
}

extension StaggerError {
    /// A pass's failure, named for lists.
    init(_ failure: KernelPass.Failure) {
        if case .time(let time) = failure { self = .invalidTime(time) } else { self = .curve(CurveError(failure)) }
    }
}

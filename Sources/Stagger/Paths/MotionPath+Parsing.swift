/// Reading SVG path data (SVG 2, "The grammar for path data"): the commands M, L, H, V,
/// C, S, Q, T, A and Z, absolute (upper case) and relative (lower case), arguments
/// separated by white space and at most one comma, repeated commands implied by more
/// arguments (after a moveto, implied linetos), numbers that run together where the
/// grammar allows (`0.5.5`, `1-2`, arc flags with no separator).
///
/// SVG renders a path up to its first error; a motion path refuses it instead, naming
/// the error and its offset, so that a typo does not silently shorten the motion.
struct PathDataReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// The segments read, each with the command that drew it and that command's
    /// offset (for an error found after reading: a length beyond Double's range).
    private(set) var segments: [(segment: PathSegment, command: String, offset: Int)] = []
    /// The first point of the path (where a path of no length stands).
    private(set) var firstPoint = SIMD2<Double>.zero
    /// Whether the last subpath was closed by Z.
    private(set) var endsClosed = false

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// Reads the whole path data.
    ///
    /// - Throws: ``MotionPathError`` for anything outside the grammar, a number too
    ///   large for Double, geometry beyond Double's range or too many segments.
    mutating func read() throws(MotionPathError) {
        var current = SIMD2<Double>.zero
        var subpathStart = SIMD2<Double>.zero
        // The control point the next S or T reflects: the last cubic's or quadratic's
        // second control point, nil after any other command.
        var lastCubicControl: SIMD2<Double>?
        var lastQuadraticControl: SIMD2<Double>?
        skipWhiteSpace()
        guard index < scalars.count else { throw .empty }
        var isFirst = true
        var hasFirstPoint = false
        while index < scalars.count {
            let offset = index
            let letter = scalars[index]
            guard let command = Command(letter) else {
                if isFirst, startsNumber(letter) { throw .missingMoveTo(found: String(letter), offset: offset) }
                throw .unexpectedCharacter(String(letter), offset: offset)
            }
            if isFirst, command.kind != .move { throw .missingMoveTo(found: String(letter), offset: offset) }
            isFirst = false
            index += 1
            afterCommand = true
            let name = String(letter)
            let relative = command.isRelative
            var kind = command.kind
            repeat {
                let origin = relative ? current : .zero
                var cubicControl: SIMD2<Double>?
                var quadraticControl: SIMD2<Double>?
                switch kind {
                case .move:
                    let point = origin + (try pair(for: name))
                    try requireFinite(point, command: name, offset: offset)
                    current = point
                    subpathStart = point
                    if !hasFirstPoint {
                        firstPoint = point
                        hasFirstPoint = true
                    }
                    // Further pairs are linetos, relative after m.
                    kind = .line
                case .line:
                    let point = origin + (try pair(for: name))
                    try add(.line(current, point), command: name, offset: offset)
                    current = point
                case .horizontal:
                    let x = (relative ? current.x : 0) + (try number(for: name))
                    let point = SIMD2(x, current.y)
                    try add(.line(current, point), command: name, offset: offset)
                    current = point
                case .vertical:
                    let y = (relative ? current.y : 0) + (try number(for: name))
                    let point = SIMD2(current.x, y)
                    try add(.line(current, point), command: name, offset: offset)
                    current = point
                case .cubic:
                    let c1 = origin + (try pair(for: name))
                    let c2 = origin + (try pair(for: name))
                    let end = origin + (try pair(for: name))
                    try add(.cubic(current, c1, c2, end), command: name, offset: offset)
                    cubicControl = c2
                    current = end
                case .smoothCubic:
                    let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
                    let c2 = origin + (try pair(for: name))
                    let end = origin + (try pair(for: name))
                    try add(.cubic(current, c1, c2, end), command: name, offset: offset)
                    cubicControl = c2
                    current = end
                case .quadratic:
                    let control = origin + (try pair(for: name))
                    let end = origin + (try pair(for: name))
                    try addQuadratic(from: current, control, end, command: name, offset: offset)
                    quadraticControl = control
                    current = end
                case .smoothQuadratic:
                    let control = lastQuadraticControl.map { current * 2 - $0 } ?? current
                    let end = origin + (try pair(for: name))
                    try addQuadratic(from: current, control, end, command: name, offset: offset)
                    quadraticControl = control
                    current = end
                case .arc:
                    let rx = try number(for: name)
                    let ry = try number(for: name)
                    let degrees = try number(for: name)
                    let largeArc = try flag(for: name)
                    let sweep = try flag(for: name)
                    let end = origin + (try pair(for: name))
                    try requireFinite(end, command: name, offset: offset)
                    if let arc = EllipticalArc(
                        from: current, to: end, rx: rx, ry: ry, degrees: degrees, largeArc: largeArc, sweep: sweep)
                    {
                        try add(.arc(arc), command: name, offset: offset)
                    } else if current != end {
                        try add(.line(current, end), command: name, offset: offset)
                    }
                    current = end
                case .close:
                    if current != subpathStart {
                        try add(.line(current, subpathStart), command: name, offset: offset)
                    }
                    current = subpathStart
                }
                endsClosed = kind == .close
                lastCubicControl = cubicControl
                lastQuadraticControl = quadraticControl
                // Another argument set repeats the command (Z takes none).
                if kind == .close { skipWhiteSpace() } else { skipSeparator(beforeNumber: false) }
            } while kind != .close && index < scalars.count && startsNumber(scalars[index])
        }
    }

    // MARK: - Segments

    private mutating func add(_ shape: PathSegment.Shape, command: String, offset: Int) throws(MotionPathError) {
        switch shape {
        case .line(_, let b): try requireFinite(b, command: command, offset: offset)
        case .cubic(_, let c1, let c2, let end):
            for point in [c1, c2, end] { try requireFinite(point, command: command, offset: offset) }
        case .arc(let arc):
            guard arc.center.x.isFinite, arc.center.y.isFinite, arc.rx.isFinite, arc.ry.isFinite else {
                throw .nonFiniteGeometry(command: command, offset: offset)
            }
        }
        guard segments.count < MotionPath.maximumSegmentCount else {
            throw .tooManySegments(count: segments.count + 1, maximum: MotionPath.maximumSegmentCount)
        }
        let segment = PathSegment(shape)
        guard segment.length.isFinite else { throw .nonFiniteGeometry(command: command, offset: offset) }
        segments.append((segment, command, offset))
    }

    /// A quadratic Bézier curve as the cubic that draws it (control points two thirds of
    /// the way from each end to the quadratic's).
    private mutating func addQuadratic(
        from start: SIMD2<Double>, _ control: SIMD2<Double>, _ end: SIMD2<Double>, command: String, offset: Int
    ) throws(MotionPathError) {
        try requireFinite(control, command: command, offset: offset)
        let c1 = start + (control - start) * (2.0 / 3)
        let c2 = end + (control - end) * (2.0 / 3)
        try add(.cubic(start, c1, c2, end), command: command, offset: offset)
    }

    private func requireFinite(_ point: SIMD2<Double>, command: String, offset: Int) throws(MotionPathError) {
        guard point.x.isFinite, point.y.isFinite else { throw .nonFiniteGeometry(command: command, offset: offset) }
    }

    // MARK: - Tokens

    private mutating func pair(for command: String) throws(MotionPathError) -> SIMD2<Double> {
        let x = try number(for: command)
        let y = try number(for: command)
        return SIMD2(x, y)
    }

    /// The next number, after a separator (white space only before a command's first).
    private mutating func number(for command: String) throws(MotionPathError) -> Double {
        skipSeparator(beforeNumber: true)
        afterCommand = false
        let start = index
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var digits = 0
        while index < scalars.count, Self.isDigit(scalars[index]) {
            index += 1
            digits += 1
        }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, Self.isDigit(scalars[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            index = start
            throw .missingNumber(command: command, offset: start)
        }
        // An exponent only when digits follow it ("1e" is the number 1 and then an e,
        // which the grammar does not allow anyway).
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var end = index + 1
            if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
            if end < scalars.count, Self.isDigit(scalars[end]) {
                index = end
                while index < scalars.count, Self.isDigit(scalars[index]) { index += 1 }
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<index])
        let string = String(text)
        guard let value = Double(string) else { throw .missingNumber(command: command, offset: start) }
        guard value.isFinite else { throw .numberOutOfRange(string, offset: start) }
        return value
    }

    /// An arc flag: one `0` or `1`, which may run into the next number.
    private mutating func flag(for command: String) throws(MotionPathError) -> Bool {
        skipSeparator(beforeNumber: true)
        afterCommand = false
        guard index < scalars.count else { throw .missingNumber(command: command, offset: index) }
        let scalar = scalars[index]
        guard scalar == "0" || scalar == "1" else { throw .invalidArcFlag(found: String(scalar), offset: index) }
        index += 1
        return scalar == "1"
    }

    /// Whether nothing has been read since the last command letter: the grammar allows
    /// white space there, not a comma.
    private var afterCommand = false

    /// Skips white space and at most one comma (none right after a command letter).
    /// Between argument sets (`beforeNumber` false) a comma is taken only when a
    /// number follows it; otherwise it is left for the caller to report.
    private mutating func skipSeparator(beforeNumber: Bool) {
        skipWhiteSpace()
        if !afterCommand, index < scalars.count, scalars[index] == "," {
            let comma = index
            index += 1
            skipWhiteSpace()
            if !beforeNumber, index >= scalars.count || !startsNumber(scalars[index]) { index = comma }
        }
    }

    private mutating func skipWhiteSpace() {
        while index < scalars.count, Self.isWhiteSpace(scalars[index]) { index += 1 }
    }

    private func startsNumber(_ scalar: Unicode.Scalar) -> Bool {
        Self.isDigit(scalar) || scalar == "." || scalar == "-" || scalar == "+"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    /// SVG's white space: space, tab, line feed, form feed and carriage return.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
    }

    /// A command letter.
    private struct Command {
        enum Kind { case move, line, horizontal, vertical, cubic, smoothCubic, quadratic, smoothQuadratic, arc, close }
        let kind: Kind
        let isRelative: Bool

        init?(_ scalar: Unicode.Scalar) {
            let kinds: [Unicode.Scalar: Kind] = [
                "M": .move, "L": .line, "H": .horizontal, "V": .vertical, "C": .cubic, "S": .smoothCubic,
                "Q": .quadratic, "T": .smoothQuadratic, "A": .arc, "Z": .close
            ]
            let upper = Unicode.Scalar(scalar.value & ~0x20) ?? scalar
            guard scalar.isASCII, scalar.properties.isAlphabetic, let kind = kinds[upper] else { return nil }
            self.kind = kind
            isRelative = scalar != upper
        }
    }
}

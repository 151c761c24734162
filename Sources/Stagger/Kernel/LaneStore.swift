/// The float32 lanes the kernel reads, in one buffer: `columnCount` columns of
/// `laneCount` floats each, every column one figure (a start offset, an endpoint, a
/// velocity) of every lane.
///
/// The one way Swift keeps lanes for the kernel: a lane animation's motions and layers,
/// a timeline's steps, a pair group's scrub lanes. ``withColumns(_:)`` hands every column
/// to a pass at once (one closure, where an array per figure needed one closure each),
/// and writing a column from Double checks that every value fits float32.
/// A value type with copy-on-write storage; O(1) to copy.
struct LaneStore: Sendable, Equatable {
    /// Floats per column.
    private(set) var laneCount: Int
    /// Columns held.
    private(set) var columnCount: Int
    /// Column c of lane l at `storage[c * laneCount + l]`.
    private var storage: [Float]

    /// `columns` columns of `lanes` zeros, with room for `reserved` columns in all, so
    /// that adding columns up to that many allocates nothing (pages the columns never
    /// reach are never touched).
    init(columns: Int, lanes: Int, reserving reserved: Int = 0) {
        laneCount = lanes
        columnCount = columns
        let count = columns * lanes
        // The room made with the zeros: reserving after writing them moved them.
        storage = [Float](unsafeUninitializedCapacity: Swift.max(columns, reserved) * lanes) { buffer, initialized in
            buffer.baseAddress?.initialize(repeating: 0, count: count)
            initialized = count
        }
    }

    /// Lane `lane` of column `column`.
    subscript(column: Int, lane: Int) -> Float {
        get { storage[column * laneCount + lane] }
        set { storage[column * laneCount + lane] = newValue }
    }

    /// Column `column`'s floats, lane 0 first.
    func column(_ column: Int) -> ArraySlice<Float> {
        storage[column * laneCount..<(column + 1) * laneCount]
    }

    /// Every column's first float, for the duration of `body` (valid for the call
    /// only). No allocation.
    func withColumns<R, E: Error>(_ body: (Columns) throws(E) -> R) throws(E) -> R {
        let count = laneCount
        // An empty store has no buffer: the kernel reads no lane of it.
        guard !storage.isEmpty else {
            return try withUnsafeTemporaryAllocation(of: Float.self, capacity: 1) { (empty) throws(E) in
                try body(Columns(base: UnsafePointer(empty.baseAddress!), laneCount: 0))
            }
        }
        return try storage.withUnsafeBufferPointer { (buffer) throws(E) in
            try body(Columns(base: buffer.baseAddress!, laneCount: count))
        }
    }

    /// The same with columns to write. No allocation once the storage is unique.
    mutating func withMutableColumns<R, E: Error>(_ body: (MutableColumns) throws(E) -> R) throws(E) -> R {
        let count = laneCount
        guard !storage.isEmpty else {
            return try withUnsafeTemporaryAllocation(of: Float.self, capacity: 1) { (empty) throws(E) in
                try body(MutableColumns(base: empty.baseAddress!, laneCount: 0))
            }
        }
        return try storage.withUnsafeMutableBufferPointer { (buffer) throws(E) in
            try body(MutableColumns(base: buffer.baseAddress!, laneCount: count))
        }
    }

    /// Writes `values` (one per lane) into column `column` in float32, and returns the
    /// first lane whose value float32 cannot hold (then the column holds infinities
    /// there), or `nil` when all fit. One pass that vectorises: a conversion and an
    /// exponent test per value.
    mutating func narrow(_ values: [Double], into column: Int) -> Int? {
        precondition(values.count == laneCount, "a column of \(laneCount) lanes given \(values.count) values")
        let fits = values.withUnsafeBufferPointer { source in
            withMutableColumns { columns in
                let target = columns[column]
                // An or of exponent tests rather than a chain of `&&`: the loop
                // vectorises (one conversion and one compare per element).
                var overflow: UInt32 = 0
                for lane in 0..<source.count {
                    let narrowed = Float(source[lane])
                    target[lane] = narrowed
                    overflow |= narrowed.bitPattern & 0x7f80_0000 == 0x7f80_0000 ? 1 : 0
                }
                return overflow == 0
            }
        }
        return fits ? nil : values.firstIndex { !Float($0).isFinite }
    }

    /// Writes `from` and `to` (one per lane) into columns `fromColumn` and `toColumn` in
    /// float32, in one pass that also tests `to − from` in float32 as the kernel computes
    /// it, and returns whether every value and span fits (else the columns hold
    /// infinities where they do not; ``narrow(_:into:)`` and
    /// ``firstOverflowingSpan(from:to:)`` then name the first). A motion's ends written
    /// and checked without reading the two columns back.
    mutating func narrowEnds(from: [Double], to: [Double], into fromColumn: Int, _ toColumn: Int) -> Bool {
        precondition(
            from.count == laneCount && to.count == laneCount,
            "columns of \(laneCount) lanes given \(from.count) and \(to.count) values")
        return from.withUnsafeBufferPointer { from in
            to.withUnsafeBufferPointer { to in
                withMutableColumns { columns in
                    let f = columns[fromColumn], t = columns[toColumn]
                    var overflow: UInt32 = 0
                    for lane in 0..<from.count {
                        let a = Float(from[lane]), b = Float(to[lane])
                        f[lane] = a
                        t[lane] = b
                        // An infinite end gives an infinite or NaN span: one test covers all three.
                        overflow |= (b - a).bitPattern & 0x7f80_0000 == 0x7f80_0000 ? 1 : 0
                    }
                    return overflow == 0
                }
            }
        }
    }

    /// The first lane where `to − from` overflows float32 (the kernel computes spans
    /// in float32), or `nil`.
    func firstOverflowingSpan(from: Int, to: Int) -> Int? {
        let overflows = withColumns { columns in
            let f = columns[from], t = columns[to]
            var overflow: UInt32 = 0
            for lane in 0..<laneCount {
                overflow |= (t[lane] - f[lane]).bitPattern & 0x7f80_0000 == 0x7f80_0000 ? 1 : 0
            }
            return overflow != 0
        }
        guard overflows else { return nil }
        return (0..<laneCount).first { !(self[to, $0] - self[from, $0]).isFinite }
    }

    /// Whether the buffer has room for `columns` columns without allocating.
    func hasRoom(forColumns columns: Int) -> Bool { columns * laneCount <= storage.capacity }

    /// Makes the store `columns` columns wide, in its own buffer when that has room (see
    /// ``hasRoom(forColumns:)``): the columns kept keep their floats, new ones are zeros.
    /// A transition then writes the store of a motion with more or fewer layers than its
    /// own instead of a fresh one.
    ///
    /// The buffer keeps the columns it drops (unused, not compared): taking them back
    /// zeroes them in place, where growing an array (`append(contentsOf:)`) allocated
    /// in a debug build, on every transition whose motion has another layer count.
    mutating func setColumnCount(_ columns: Int) {
        let used = columns * laneCount
        if used > storage.count {
            // Columns dropped earlier come back as zeros too.
            let first = columnCount * laneCount
            let kept = storage.count - first
            if kept > 0 {
                storage.withUnsafeMutableBufferPointer { ($0.baseAddress! + first).update(repeating: 0, count: kept) }
            }
            // From a block of zeros: appending a repeated element allocated per element
            // in a debug build, even within the capacity reserved for the columns.
            while storage.count < used {
                storage.append(contentsOf: Self.zeros.prefix(used - storage.count))
            }
        } else if columns > columnCount, laneCount > 0 {
            let first = columnCount * laneCount
            storage.withUnsafeMutableBufferPointer {
                ($0.baseAddress! + first).update(repeating: 0, count: used - first)
            }
        }
        columnCount = columns
    }

    /// Zeros a store's buffer grows by, a block at a time.
    private static let zeros = [Float](repeating: 0, count: 4096)

    /// Adds `count` columns of zeros after the last.
    mutating func appendColumns(_ count: Int) { setColumnCount(columnCount + count) }

    /// Adds `count` columns after the last, zeroing only column `zeroed`: the others
    /// hold what the buffer held there, for a caller that writes every lane of them.
    mutating func appendColumns(_ count: Int, zeroing zeroed: Int) {
        let used = (columnCount + count) * laneCount
        guard used <= storage.count else { return appendColumns(count) }
        columnCount += count
        // (A store of no lanes may have no buffer: nothing to zero.)
        guard laneCount > 0 else { return }
        let first = zeroed * laneCount
        storage.withUnsafeMutableBufferPointer { ($0.baseAddress! + first).update(repeating: 0, count: laneCount) }
    }

    static func == (a: LaneStore, b: LaneStore) -> Bool {
        a.laneCount == b.laneCount && a.columnCount == b.columnCount
            && a.storage[0..<a.columnCount * a.laneCount] == b.storage[0..<b.columnCount * b.laneCount]
    }

    /// Removes lanes `range` from every column.
    mutating func removeLanes(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var next = LaneStore(columns: columnCount, lanes: laneCount - range.count)
        for c in 0..<columnCount {
            let column = self.column(c)
            let start = c * next.laneCount
            next.storage.replaceSubrange(
                start..<start + next.laneCount,
                with: column[column.startIndex..<column.startIndex + range.lowerBound]
                    + column[column.startIndex + range.upperBound..<column.endIndex])
        }
        self = next
    }

    /// Column pointers for one pass: column c's first float at `self[c]`.
    struct Columns {
        let base: UnsafePointer<Float>
        let laneCount: Int
        subscript(column: Int) -> UnsafePointer<Float> { base + column * laneCount }
    }

    /// Column pointers to write.
    struct MutableColumns {
        let base: UnsafeMutablePointer<Float>
        let laneCount: Int
        subscript(column: Int) -> UnsafeMutablePointer<Float> { base + column * laneCount }
    }
}

internal import CInterp

/// Every item's point on one path, as float32 columns: what
/// ``MotionPath/points(atProgress:into:backend:)`` fills, frame after frame.
public struct MotionPathPoints: Sendable {
    /// Each item's horizontal position, path units.
    public internal(set) var x: [Float] = []
    /// Each item's vertical position, path units, y down.
    public internal(set) var y: [Float] = []
    /// Each item's direction of travel, degrees in (−180, 180] (see
    /// ``MotionPathPoint/angle``).
    public internal(set) var angle: [Float] = []

    /// No points yet: the first fill sizes the columns, later fills of as many items
    /// reuse them.
    public init() {}

    /// The number of items.
    public var count: Int { x.count }

    /// Item `index`'s point.
    ///
    /// - Precondition: `index` is in `0..<count` (as an array's subscript).
    public subscript(index: Int) -> MotionPathPoint {
        MotionPathPoint(x: Double(x[index]), y: Double(y[index]), angle: Double(angle[index]))
    }

    /// Columns of `count` items, keeping the storage when the count is the same.
    mutating func resize(to count: Int) {
        guard x.count != count else { return }
        x = [Float](repeating: 0, count: count)
        y = x
        angle = x
    }
}

extension MotionPath {
    /// Every item's point at its progress along the path, in one SIMD kernel pass: item
    /// i at `progress[i]` (a fraction of the length, wrapped round a closed path and
    /// held at the ends of an open one, as ``point(atProgress:)``).
    ///
    /// Feed it a staggered list's track that runs 0 → 1 and items travel the path in a
    /// stagger. `points` is replaced (reuse it frame after frame: once it holds as many
    /// items, nothing is allocated).
    ///
    /// Accuracy: the kernel's table is fitted to the reference to 1e-7 of the path's
    /// length and 1e-4 degrees where the fit is checked (a sixth, a half and five
    /// sixths of each row), plus float32 rounding of the distance and the coordinates,
    /// a few ulps of the path's size (the tests allow 8); headings near a cusp, where
    /// the direction turns round at a point, only as well as the finest rows follow it.
    /// Every backend gives the same bits. O(items), about 10 ns an item.
    ///
    /// - Throws: ``MotionPathError/nonFiniteInput(_:)`` for a NaN or infinite progress
    ///   (`points` is unchanged then); ``MotionPathError/exceedsFloat32Range(name:value:)``
    ///   for a path whose coordinates float32 cannot hold;
    ///   ``MotionPathError/unsupportedBackend(_:)`` for a backend this machine lacks.
    public func points<Progress: Collection<Float>>(
        atProgress progress: Progress, into points: inout MotionPathPoints, backend: Backend? = nil
    ) throws(MotionPathError) {
        if let value = table.beyondFloat32 { throw .exceedsFloat32Range(name: "coordinate", value: value) }
        // A path of no length stands at its first point, which float32 must hold too.
        for value in [firstPoint.x, firstPoint.y] where length == 0 && !Float(value).isFinite {
            throw .exceedsFloat32Range(name: "coordinate", value: value)
        }
        // In place where the collection has contiguous storage (an array, a frame's
        // track); copied otherwise. `rethrows` is untyped: the error comes back as a value.
        let inPlace = progress.withContiguousStorageIfAvailable { buffer in
            Result { () throws(MotionPathError) in try fill(&points, from: buffer, backend: backend) }
        }
        let result =
            inPlace
            ?? Array(progress).withUnsafeBufferPointer { buffer in
                Result { () throws(MotionPathError) in try fill(&points, from: buffer, backend: backend) }
            }
        try result.get()
    }

    private func fill(
        _ points: inout MotionPathPoints, from progress: UnsafeBufferPointer<Float>, backend: Backend?
    ) throws(MotionPathError) {
        if let bad = progress.first(where: { !$0.isFinite }) { throw .nonFiniteInput(Double(bad)) }
        if let backend, !backend.isSupported { throw .unsupportedBackend(backend.rawValue) }
        points.resize(to: progress.count)
        guard length > 0 else {
            // A path of no length: every item at its first point, heading 0.
            points.x.withUnsafeMutableBufferPointer { $0.update(repeating: Float(firstPoint.x)) }
            points.y.withUnsafeMutableBufferPointer { $0.update(repeating: Float(firstPoint.y)) }
            points.angle.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            return
        }
        let status = table.rows.withUnsafeBufferPointer { rows in
            table.buckets.withUnsafeBufferPointer { buckets in
                var path = ci_path(
                    intervals: rows.baseAddress, buckets: buckets.baseAddress,
                    interval_count: UInt32(table.rowCount), bucket_count: UInt32(buckets.count),
                    length: Float(length), bucket_scale: table.bucketScale, closed: isClosed ? 1 : 0)
                return points.x.withUnsafeMutableBufferPointer { x in
                    points.y.withUnsafeMutableBufferPointer { y in
                        points.angle.withUnsafeMutableBufferPointer { angle in
                            ci_path_points(
                                backend?.cValue ?? CI_BACKEND_AUTO, &path, progress.baseAddress, x.baseAddress,
                                y.baseAddress, angle.baseAddress, progress.count)
                        }
                    }
                }
            }
        }
        switch status {
        case CI_OK: return
        case CI_ERR_UNSUPPORTED_BACKEND: throw .unsupportedBackend(backend?.rawValue ?? "auto")
        default: throw .exceedsFloat32Range(name: "length", value: length)
        }
    }
}

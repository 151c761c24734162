/// The least and the largest of a column of float32 delays (a list's, as the kernel
/// finds them), eight at a time with a scalar tail: scalar running extremes waited on
/// one another, and `min()` and `max()` compare through a closure one element at a
/// time (a list's first interruption spent 6% on its least delay, a show or hide from
/// rest half its time on its largest). The compiler does not vectorise a floating-point
/// extreme it must keep in order, so the vectors are written out: a compare and a blend
/// (the generic `pointwiseMin` and `pointwiseMax` went element by element).
enum DelayColumn {
    /// The least of `count` floats (+∞ for none).
    static func least(of values: UnsafePointer<Float>, count: Int) -> Float {
        extreme(of: values, count: count, largest: false)
    }

    /// The largest of `count` floats (−∞ for none).
    static func largest(of values: UnsafePointer<Float>, count: Int) -> Float {
        extreme(of: values, count: count, largest: true)
    }

    /// The largest of `delays`, `nil` for none.
    static func largest(of delays: [Float]) -> Float? {
        delays.withUnsafeBufferPointer { delays in
            guard let base = delays.baseAddress, !delays.isEmpty else { return nil }
            return largest(of: base, count: delays.count)
        }
    }

    /// The least or the largest of `count` floats, by the type's loop.
    @inline(__always)
    private static func extreme(of values: UnsafePointer<Float>, count: Int, largest: Bool) -> Float {
        var lanes = SIMD8<Float>(repeating: largest ? -.infinity : .infinity)
        var i = 0
        while i + 8 <= count {
            let next = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD8<Float>.self)
            lanes.replace(with: next, where: largest ? next .> lanes : next .< lanes)
            i += 8
        }
        var extreme = largest ? lanes.max() : lanes.min()
        while i < count {
            extreme = largest ? Swift.max(extreme, values[i]) : Swift.min(extreme, values[i])
            i += 1
        }
        return extreme
    }
}

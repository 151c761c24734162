// Buffers a frame's kernel pass writes in place.

extension [Float] {
    /// `count` zeros in a buffer of their own, even for none: a shared buffer (another
    /// array's, or the empty array's) would be copied on the first frame's write, an
    /// allocation in the frame loop.
    static func frameBuffer(_ count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: Swift.max(count, 1)) { buffer, initialized in
            buffer.initialize(repeating: 0)
            initialized = count
        }
    }
}

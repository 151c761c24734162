/// The buffers of the motion before the last transition (``LaneAnimation/spare``), which
/// the next transition writes into instead of fresh memory, and the helpers that reuse
/// them.
extension LaneAnimation {
    struct Spare: Sendable {
        var planes: [Plane] = []
        var depth: [UInt8] = []
        var velocity: [Double] = []
        var durations: [Double] = []
        var kernel: LaneStore?
        var segmentDepth: [Int] = []
        /// A buffer for the caller of the next transition to write its delays into
        /// (``delayBuffer(count:)``), so that a tap allocates none.
        var delays: [Double] = []
        /// The ``LaneAnimation/motionName`` of the motion these buffers held.
        var motionName: Int?
        /// That named motion's ``LaneAnimation/namedSoonest``.
        var soonest = -Double.infinity

        /// `count` planes of `lanes` lanes, in the spare's own array and buffers where
        /// they have the size (else fresh ones), the layers (planes after the first)
        /// zero-filled: they hold 0 where a lane has none. The first plane's buffers are
        /// left as they are, for the caller to write every element. Planes beyond
        /// `count` go to `pool`; planes short of it come from there first.
        mutating func takePlanes(_ count: Int, lanes: Int, pool: inout [Plane]) -> [Plane] {
            var taken: [Plane] = []
            swap(&taken, &planes)
            while taken.count > count { pool.append(taken.removeLast()) }
            for p in taken.indices {
                if taken[p].from.count != lanes {
                    taken[p] = Plane(count: lanes)
                } else if p > 0 {
                    taken[p].clear()
                }
            }
            // Planes a layer left in the pool before fresh ones (cleared as above).
            while taken.count < count {
                if var plane = pool.popLast() {
                    guard plane.from.count == lanes else { continue }
                    plane.clear()
                    taken.append(plane)
                } else {
                    taken.append(Plane(count: lanes))
                }
            }
            return taken
        }

        /// Fills three arrays with zeros (a memset each, not a checked store per element).
        static func clear<T: BitwiseCopyable & ExpressibleByIntegerLiteral>(
            _ a: inout [T], _ b: inout [T], _ c: inout [T]
        ) {
            a.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            b.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            c.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }

        /// `array` taken out (uniquely referenced) if it holds `count` elements, left as
        /// it is for the caller to write every one, else a fresh one of zeros.
        static func reused<T: AdditiveArithmetic>(_ array: inout [T], count: Int) -> [T] {
            guard array.count == count else { return [T](repeating: .zero, count: count) }
            var taken: [T] = []
            swap(&taken, &array)
            return taken
        }
    }

    /// Takes the spare buffers out (leaving none), so that they are uniquely referenced
    /// while a transition writes them.
    mutating func takeSpare() -> Spare {
        var taken = Spare()
        swap(&taken, &spare)
        return taken
    }

    /// A buffer of `count` delays for the caller to fill and pass to the next
    /// transition, which keeps it for the one after (every element is the caller's to
    /// write: a reused buffer holds the last transition's delays).
    mutating func delayBuffer(count: Int) -> [Double] { Spare.reused(&spare.delays, count: count) }
}

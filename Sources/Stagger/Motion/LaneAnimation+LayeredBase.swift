/// The named motion under the layers that easing taps add (``LaneAnimation/layeredBase``):
/// what those taps record of plane 0 as they rewrite it, and the start from rest that
/// takes the motion back by dropping the layers.
extension LaneAnimation {
    /// The base ends of the lanes whose base motion transitions that added layers
    /// rewrote (``addLayer(at:targets:delays:carried:)``: its ends, not its offset, which
    /// stays), in the order rewritten (a lane may come twice: its first figures are the
    /// named motion's), and the name of the motion the base holds; `nil` for none.
    struct LayeredBase: Sendable {
        var name: Int?
        /// The named motion's ``LaneAnimation/namedSoonest``.
        var soonest = -Double.infinity
        var lanes: [Int] = []
        var from: [Double] = []
        var to: [Double] = []

        /// Where ``LayeredBase/withRoom(_:_:)``'s body writes: lane k of the room at
        /// `lanes[k]`, `from[k]`, `to[k]`.
        struct Room {
            let lanes: UnsafeMutablePointer<Int>
            let from: UnsafeMutablePointer<Double>
            let to: UnsafeMutablePointer<Double>
        }

        /// Room for up to `count` more lanes, which `body` writes in order through
        /// pointers (`nil` when `count` is 0) and returns how many it wrote; the rest is
        /// dropped again. An append per lane checked each array's uniqueness; the room
        /// is zeroed first (appended), a write per lane that may go unused, but in bulk.
        mutating func withRoom(_ count: Int, _ body: (Room?) -> Int) {
            guard count > 0 else {
                _ = body(nil)
                return
            }
            let first = lanes.count
            lanes.append(contentsOf: repeatElement(0, count: count))
            from.append(contentsOf: repeatElement(0, count: count))
            to.append(contentsOf: repeatElement(0, count: count))
            let written = lanes.withUnsafeMutableBufferPointer { lanes in
                from.withUnsafeMutableBufferPointer { from in
                    to.withUnsafeMutableBufferPointer { to in
                        body(
                            Room(
                                lanes: lanes.baseAddress! + first, from: from.baseAddress! + first,
                                to: to.baseAddress! + first))
                    }
                }
            }
            precondition(written <= count, "\(written) lanes written in room for \(count)")
            lanes.removeLast(count - written)
            from.removeLast(count - written)
            to.removeLast(count - written)
        }

        /// No lanes, the buffers kept.
        mutating func removeAll() {
            lanes.removeAll(keepingCapacity: true)
            from.removeAll(keepingCapacity: true)
            to.removeAll(keepingCapacity: true)
        }
    }

    /// Drops the layers above plane 0 and gives back the base figures ``layeredBase``
    /// recorded, starting the named motion it holds again at `time`: the motion that
    /// transition had, but for its start. O(lanes rewritten) plus a byte a lane.
    mutating func takeBackLayeredBase(at time: Double) {
        var base = LayeredBase()
        swap(&base, &layeredBase)
        while planes.count > 1 { layerPool.append(planes.removeLast()) }
        let narrows = kernel != nil
        // Moved out (`take()`), not copied: a copy shared its buffer until `kernel` let
        // go, and writing it copied every column.
        var store = kernel.take() ?? LaneStore(columns: 0, lanes: 0)
        store.withMutableColumns { columns in
            Self.withPointers(to: &planes) { planes in
                // Latest first: a lane recorded twice ends with its first figures.
                for k in base.lanes.indices.reversed() {
                    let lane = base.lanes[k]
                    planes[0].from[lane] = base.from[k]
                    planes[0].to[lane] = base.to[k]
                    if narrows {
                        columns[KernelColumn.from(0)][lane] = Float(base.from[k])
                        columns[KernelColumn.to(0)][lane] = Float(base.to[k])
                    }
                }
            }
        }
        if narrows { kernel = store }
        kernel?.setColumnCount(KernelColumn.count(planes: 1))
        depth.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
        segmentDepth.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
        start = time
        lastTransition = time
        name(base.name, startedAt: time, soonest: base.soonest)
        // Its buffers back, for the next record.
        base.removeAll()
        base.name = nil
        layeredBase = base
    }
}

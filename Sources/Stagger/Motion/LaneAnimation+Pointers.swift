/// The planes' buffers as pointers, for the passes that read or write every lane (array
/// subscripts checked uniqueness and bounds on every element, and reading a plane out
/// of the array per lane retained its buffers).
extension LaneAnimation {
    /// A plane's buffers as pointers, for a loop that writes lane by lane.
    struct PlanePointers {
        let offsets: UnsafeMutablePointer<Double>
        let from: UnsafeMutablePointer<Double>
        let to: UnsafeMutablePointer<Double>
    }

    /// `body` given pointers into every plane of `planes`, in order (valid for the call;
    /// on the stack: at most ``maximumLayers`` planes, no allocation).
    static func withPointers<E: Error>(
        to planes: inout [Plane], _ body: (UnsafeBufferPointer<PlanePointers>) throws(E) -> Void
    ) throws(E) {
        precondition(planes.count <= maximumLayers, "\(planes.count) planes, at most \(maximumLayers)")
        let count = planes.count
        try withUnsafeTemporaryAllocation(of: PlanePointers.self, capacity: maximumLayers) { (pointers) throws(E) in
            let base = pointers.baseAddress!
            try withPointers(to: &planes, into: base) { () throws(E) in
                try body(UnsafeBufferPointer(start: base, count: count))
            }
        }
    }

    /// The recursion under ``withPointers(to:_:)``: the last plane taken out, so that
    /// its buffers and the others' are distinct variables while each is accessed, its
    /// pointers written at its index; put back whatever happens (into the capacity it
    /// left: no allocation).
    private static func withPointers<E: Error>(
        to planes: inout [Plane], into pointers: UnsafeMutablePointer<PlanePointers>, _ body: () throws(E) -> Void
    ) throws(E) {
        guard var plane = planes.popLast() else { return try body() }
        defer { planes.append(plane) }
        let index = planes.count
        try withPointers(to: &planes, into: pointers) { () throws(E) in
            try plane.offsets.withUnsafeMutableBufferPointer { (offsets) throws(E) in
                try plane.from.withUnsafeMutableBufferPointer { (from) throws(E) in
                    try plane.to.withUnsafeMutableBufferPointer { (to) throws(E) in
                        pointers[index] = PlanePointers(
                            offsets: offsets.baseAddress!, from: from.baseAddress!, to: to.baseAddress!)
                        try body()
                    }
                }
            }
        }
    }

    /// `body` given a pointer to column `column` of every plane, in order (valid for
    /// the call; nothing allocated).
    func withPlaneColumns<R, E: Error>(
        _ column: KeyPath<Plane, [Double]>, _ body: (UnsafePointer<UnsafePointer<Double>>) throws(E) -> R
    ) throws(E) -> R {
        try withUnsafeTemporaryAllocation(of: UnsafePointer<Double>.self, capacity: Self.maximumLayers) {
            (pointers) throws(E) -> R in
            // A plane of no lanes has no buffer, and nothing reads through its pointer:
            // any address stands for it.
            let none = UnsafePointer<Double>(OpaquePointer(pointers.baseAddress!))
            func withPlane(_ p: Int) throws(E) -> R {
                guard p < planes.count else { return try body(UnsafePointer(pointers.baseAddress!)) }
                return try planes[p][keyPath: column].withUnsafeBufferPointer { (buffer) throws(E) -> R in
                    pointers[p] = buffer.baseAddress ?? none
                    return try withPlane(p + 1)
                }
            }
            return try withPlane(0)
        }
    }
}

/// The spring lanes of a transition whose settling bounds are still to be found,
/// gathered so that the kernel finds them a vector at a time
/// (``Spring/validatedSettlingDurations(targets:initialVelocities:epsilon:into:)``)
/// instead of one logarithm after another in the lane loop.
///
/// Lanes of one spring are added in any order; a batch is solved when it is full, when
/// a lane of another spring comes, and at ``flush(into:)``. Its storage is on the stack
/// (``with(_:)``): no allocation.
struct SettlingBatch {
    /// The tolerance of every lane's settling bound: within 0.1% of its span.
    static let epsilon = 0.001
    /// Lanes per kernel call: sixteen of the widest vector, in four buffers of 1 KiB,
    /// the most `withUnsafeTemporaryAllocation` keeps on the stack on every platform
    /// (beyond it, Linux's allocates on the heap).
    static let capacity = 128

    private let lanes: UnsafeMutablePointer<Double>
    private let targets: UnsafeMutablePointer<Double>
    private let velocities: UnsafeMutablePointer<Double>
    private let bounds: UnsafeMutablePointer<Double>
    private var count = 0
    private var spring: Spring?

    /// `body` given an empty batch, valid for the call.
    static func with<R, E: Error>(_ body: (inout SettlingBatch) throws(E) -> R) throws(E) -> R {
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (lanes) throws(E) -> R in
            try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (targets) throws(E) -> R in
                try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (velocities) throws(E) -> R in
                    try withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { (bounds) throws(E) -> R in
                        var batch = SettlingBatch(
                            lanes: lanes.baseAddress!, targets: targets.baseAddress!,
                            velocities: velocities.baseAddress!, bounds: bounds.baseAddress!)
                        return try body(&batch)
                    }
                }
            }
        }
    }

    private init(
        lanes: UnsafeMutablePointer<Double>, targets: UnsafeMutablePointer<Double>,
        velocities: UnsafeMutablePointer<Double>, bounds: UnsafeMutablePointer<Double>
    ) {
        self.lanes = lanes
        self.targets = targets
        self.velocities = velocities
        self.bounds = bounds
    }

    /// Adds lane `lane` of `spring`, moving `target` (its span) from rest at
    /// `velocity`; its bound goes to `durations[lane]` by the next flush at the latest.
    mutating func add(
        lane: Int, target: Double, velocity: Double, of spring: Spring,
        into durations: UnsafeMutableBufferPointer<Double>
    ) {
        // At rest and with nowhere to go, a lane's bound is 0 (the reference's first
        // rule): no batch for it.
        if target == 0 && velocity == 0 {
            durations[lane] = 0
            return
        }
        if count == Self.capacity || (count > 0 && self.spring != spring) { flush(into: durations) }
        self.spring = spring
        // Lane numbers are exact in Double.
        lanes[count] = Double(lane)
        targets[count] = target
        velocities[count] = velocity
        count += 1
    }

    /// Solves the lanes added since the last flush into `durations`.
    mutating func flush(into durations: UnsafeMutableBufferPointer<Double>) {
        guard count > 0, let spring else { return }
        spring.validatedSettlingDurations(
            targets: UnsafeBufferPointer(start: targets, count: count),
            initialVelocities: UnsafeBufferPointer(start: velocities, count: count),
            epsilon: Self.epsilon, into: UnsafeMutableBufferPointer(start: bounds, count: count))
        for k in 0..<count { durations[Int(lanes[k])] = bounds[k] }
        count = 0
    }
}

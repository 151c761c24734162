internal import CInterp

/// A staggered list's motion under one spring once a show or hide has interrupted it,
/// held in the form a spring allows: a spring is memoryless, so an item's motion is
/// where it starts (its value and velocity then, and when) and where it goes, one target
/// for every item. Per item, in float32: its start offset, value, velocity and settling
/// duration, the target the kernel's pass reads per item, and the spare offsets the next
/// interruption writes its delays into: 24 bytes, where the lane engine
/// (``LaneAnimation``) held 150 or more, and a tap that is one kernel pass over them.
///
/// The rule is the engine's (see ``StaggeredList``'s discussion), for the case it
/// covers: a spring interrupted by the same spring, in full motion, later than the last
/// change. An item moving at the tap starts toward the new target at once from its
/// value and velocity; any other (waiting for its delay, one that started within
/// ``startTolerance(_:)`` of the tap, or at rest) starts from its value after its new delay, with
/// the spring's own initial velocity scaled to its span.
/// Each new motion is stored as float32 figures (continuous to float32's precision, the
/// precision the kernel samples in), and its settling duration is that of the figures
/// stored.
///
/// The reference (``value(ofItem:at:)``, ``interrupt(at:toward:by:delays:)`` by
/// ``InterruptionMethod/reference``) reads the stored figures in Double.
struct SpringListMotion: Sendable {
    /// The columns of ``store``: what the kernel's per-item pass reads, each item's
    /// settling duration, and two columns of offsets that interruptions take in turn.
    enum Column {
        static let velocity = 0
        static let from = 1
        static let to = 2
        static let duration = 3
        static let offsets = (4, 5)
    }

    let count: Int
    let spring: Spring
    /// A motion from rest starts at this velocity per unit of its span (the curve's own
    /// initial velocity), and settles in ``ownDuration`` seconds when it moves: the
    /// settling tolerance is relative to the span, so the figure holds for every span.
    let ownVelocity: Double
    let ownDuration: Double
    /// The clock time the offsets count from: the last interruption, seconds.
    private(set) var start: Double
    /// Where every item goes.
    private(set) var target: Float
    /// Seconds after ``start`` at which each item's motion starts, in this column.
    private(set) var offsetColumn = Column.offsets.0
    private(set) var store: LaneStore
    /// When every item is at rest, seconds on the caller's clock.
    private(set) var settleTime: Double
    /// The earliest rest after ``start``: nothing comes to rest before it, so that a
    /// query of a frame or a tap amid rapid toggles ends at once.
    private(set) var restFloor: Double

    /// Whether a list running `curve` can be interrupted in this form: an under- or
    /// critically damped spring that damps (the kernel's spring states and settling
    /// bounds) and whose oscillation is at most 2,000 times its decay rate (so that the
    /// kernel's phase stays within its range until the motion has decayed). Other curves
    /// take the lane engine.
    static func covers(_ curve: Curve) -> Bool {
        guard case .spring(let spring, let velocity) = curve.kind else { return false }
        return SpringRestart.covers(spring, ownVelocity: velocity, ownDuration: curve.duration)
    }

    /// The uniform motion of `count` items from `from` to `to` under `curve` (a spring
    /// ``covers(_:)`` accepts), item i starting `delays[i]` seconds after `start` (the
    /// float32 delays the kernel sampled), to be interrupted next
    /// (``interrupt(at:toward:by:delays:)``).
    init(
        count: Int, curve: Curve, from: Float, to: Float, start: Double,
        delays: (UnsafeMutableBufferPointer<Float>) throws(StaggerError) -> Void
    ) throws(StaggerError) {
        guard case .spring(let spring, let ownVelocity) = curve.kind else { preconditionFailure("a spring") }
        self.count = count
        self.spring = spring
        self.ownVelocity = ownVelocity
        ownDuration = curve.duration
        self.start = start
        target = to
        store = LaneStore(columns: 6, lanes: count)
        let velocity = Float(Double(to - from) * ownVelocity)
        let duration = Float(from == to ? 0 : ownDuration)
        try store.withMutableColumns { (columns) throws(StaggerError) in
            try delays(UnsafeMutableBufferPointer(start: columns[Column.offsets.0], count: count))
            columns[Column.velocity].update(repeating: velocity, count: count)
            columns[Column.from].update(repeating: from, count: count)
            columns[Column.to].update(repeating: to, count: count)
            columns[Column.duration].update(repeating: duration, count: count)
        }
        // Unknown until the first interruption, which comes next.
        settleTime = .infinity
        restFloor = -.infinity
    }

    /// Before the first interruption: calls `body` with each item of the uniform motion
    /// it was made from that comes to rest by `through`, and that time, as the uniform
    /// motion finds them (its float32 delays plus the curve's duration in Double).
    func forEachUniformRest(through: Double, _ body: (_ index: Int, _ time: Double) -> Void) {
        store.withColumns { columns in
            StaggeredList.forEachRest(
                delays: UnsafeBufferPointer(start: columns[Column.offsets.0], count: count), start: start,
                duration: ownDuration, after: -.infinity, through: through, body)
        }
    }

    /// Item `index`'s motion as stored: its start (seconds after ``start``), value,
    /// velocity and settling duration.
    func figures(ofItem index: Int) -> (offset: Double, from: Double, velocity: Double, duration: Double) {
        (
            Double(store[offsetColumn, index]), Double(store[Column.from, index]),
            Double(store[Column.velocity, index]), Double(store[Column.duration, index])
        )
    }

    /// Item `index`'s value and velocity at `time`, in Double: the reference the kernel
    /// pass is tested against.
    func state(ofItem index: Int, at time: Double) -> (value: Double, velocity: Double) {
        let item = figures(ofItem: index)
        return Self.state(
            from: item.from, to: Double(target), velocity: item.velocity, elapsed: time - start - item.offset, spring)
    }

    /// Item `index`'s value at `time`.
    func value(ofItem index: Int, at time: Double) -> Double { state(ofItem: index, at: time).value }

    /// A motion's value and velocity `elapsed` seconds after its start: holding still at
    /// `from` until then (the kernel's rule, and the engine's; at the start itself too,
    /// where the spring's value is `from` and its velocity matters to no tap).
    static func state(
        from: Double, to: Double, velocity: Double, elapsed: Double, _ spring: Spring
    ) -> (value: Double, velocity: Double) {
        guard elapsed > 0 else { return (from, 0) }
        let motion = spring.motion(delta: to - from, initialVelocity: velocity, time: elapsed)
        return (from + motion.value, motion.velocity)
    }

    /// Calls `body` with each item that goes somewhere and whose rest (its start plus
    /// its settling duration: at ``start`` itself for a moving item whose span is 0) is
    /// in (`after`, `through`], and that time, in index order: O(count) when any can be
    /// there, else O(1); no allocation.
    func forEachRest(after: Double, through: Double, _ body: (_ index: Int, _ time: Double) -> Void) {
        guard through >= restFloor else { return }
        let (start, target, offsetColumn) = (start, target, offsetColumn)
        store.withColumns { columns in
            let offsets = columns[offsetColumn], from = columns[Column.from]
            let velocity = columns[Column.velocity], duration = columns[Column.duration]
            for i in 0..<count where !(velocity[i] == 0 && from[i] == target) {
                let rest = start + Double(offsets[i]) + Double(duration[i])
                if rest > after, rest <= through { body(i, rest) }
            }
        }
    }

    /// Interrupts every item at `time` (after the last interruption) toward `target`;
    /// items that are not moving then start after `delays` writes their delay (seconds
    /// after `time`, float32 as the kernel samples them). See the type's rule.
    ///
    /// In place: allocates nothing once the store is unique. Nothing changes when
    /// `delays` throws.
    ///
    /// - Throws: `delays`' errors; ``StaggerError/curve(_:)`` with
    ///   ``CurveError/unsupportedBackend(_:)`` for a backend the machine lacks.
    mutating func interrupt(
        at time: Double, toward target: Float, by method: InterruptionMethod = .kernel(nil),
        delays: (UnsafeMutableBufferPointer<Float>) throws(StaggerError) -> Void
    ) throws(StaggerError) {
        try method.requireSupported()
        let count = self.count
        let next = offsetColumn == Column.offsets.0 ? Column.offsets.1 : Column.offsets.0
        // The delays first, into the spare column: nothing else has changed when they throw.
        try store.withMutableColumns { (columns) throws(StaggerError) in
            try delays(UnsafeMutableBufferPointer(start: columns[next], count: count))
        }
        var bounds: (latest: Double, earliest: Double)
        switch method {
        case .kernel(let backend):
            bounds = interruptInKernel(at: time, toward: target, into: next, backend: backend)
        case .reference:
            interruptByReference(at: time, toward: target, into: next)
            bounds = Self.bounds(of: store, offsets: next, target: target, after: time)
        }
        if bounds.latest.isNaN {
            // Bounds the kernel's search could not finish (inputs near the ends of
            // Double's range): the reference's, then the rests again.
            let spring = self.spring
            store.withMutableColumns { columns in
                let duration = columns[Column.duration]
                for i in 0..<count where duration[i].isNaN {
                    duration[i] = Float(
                        spring.validatedSettlingDuration(
                            target: Double(target) - Double(columns[Column.from][i]),
                            initialVelocity: Double(columns[Column.velocity][i]), epsilon: SettlingBatch.epsilon))
                }
            }
            bounds = Self.bounds(of: store, offsets: next, target: target, after: time)
        }
        if target != self.target {
            store.withMutableColumns { $0[Column.to].update(repeating: target, count: count) }
        }
        start = time
        self.target = target
        offsetColumn = next
        settleTime = bounds.latest
        restFloor = bounds.earliest
    }

    /// The interruption's pass in the kernel (`ci_interrupt_spring_list`), writing the
    /// new offsets into column `next` and the other figures in place; the latest and the
    /// earliest rest after `time` (the latest NaN when some bound is left to the
    /// reference).
    private mutating func interruptInKernel(
        at time: Double, toward target: Float, into next: Int, backend: Backend?
    ) -> (latest: Double, earliest: Double) {
        var list = ci_spring_list()
        list.spring = spring.stateParameters
        list.epsilon = SettlingBatch.epsilon
        list.time = time
        list.start = start
        list.own_velocity = ownVelocity
        list.own_duration = ownDuration
        list.to = self.target
        list.target = target
        let (count, offsetColumn) = (count, offsetColumn)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2) { bounds in
            var unsolved = 0
            store.withMutableColumns { columns in
                list.offset = UnsafePointer(columns[offsetColumn])
                list.from = UnsafePointer(columns[Column.from])
                list.velocity = UnsafePointer(columns[Column.velocity])
                list.duration = UnsafePointer(columns[Column.duration])
                let status = ci_interrupt_spring_list(
                    backend?.cValue ?? CI_BACKEND_AUTO, &list, columns[next], columns[Column.from],
                    columns[Column.velocity], columns[Column.duration], bounds.baseAddress, &unsolved, count)
                // The spring was checked by covers(_:), the inputs are the motion's own
                // and the backend was checked.
                precondition(status == CI_OK, "ci_interrupt_spring_list: \(status)")
            }
            return (unsolved > 0 ? .nan : bounds[0], bounds[1])
        }
    }

    /// How long after its start an item still counts as not started at a tap, seconds:
    /// 2⁻²⁰ of its offset. Its float32 delay may round a few units in the last place
    /// before the tap where the reference's Double delay does not, and an item that
    /// started within that has not moved.
    static func startTolerance(_ offset: Double) -> Double { abs(offset) * 0x1p-20 }

    /// The interruption's pass in Swift, item by item: the reference the kernel's is
    /// tested against.
    private mutating func interruptByReference(at time: Double, toward target: Float, into next: Int) {
        let (count, spring, start, to, offsetColumn) = (count, spring, start, Double(self.target), offsetColumn)
        let (ownVelocity, ownDuration) = (ownVelocity, ownDuration)
        store.withMutableColumns { columns in
            for i in 0..<count {
                let from = Double(columns[Column.from][i]), velocity = Double(columns[Column.velocity][i])
                let offset = Double(columns[offsetColumn][i])
                let elapsed = time - start - offset
                let moving = Self.startTolerance(offset) < elapsed && elapsed < Double(columns[Column.duration][i])
                let state = Self.state(from: from, to: to, velocity: velocity, elapsed: elapsed, spring)
                let value = Double(Float(state.value))
                let span = Double(target) - value
                let newVelocity = Double(Float(moving ? state.velocity : span * ownVelocity))
                let duration =
                    moving
                    ? spring.validatedSettlingDuration(
                        target: span, initialVelocity: newVelocity, epsilon: SettlingBatch.epsilon)
                    : span == 0 ? 0 : ownDuration
                if moving { columns[next][i] = 0 }
                columns[Column.from][i] = Float(value)
                columns[Column.velocity][i] = Float(newVelocity)
                columns[Column.duration][i] = Float(duration)
            }
        }
    }

    /// The latest rest of `store`'s items (offsets in column `offsets`, counted from
    /// `after`) and the earliest at or after `after`, over the items that go somewhere:
    /// `after` and +∞ when none.
    static func bounds(
        of store: LaneStore, offsets: Int, target: Float, after: Double
    ) -> (latest: Double, earliest: Double) {
        var latest = after, earliest = Double.infinity
        store.withColumns { columns in
            let offset = columns[offsets], from = columns[Column.from]
            let velocity = columns[Column.velocity], duration = columns[Column.duration]
            for i in 0..<store.laneCount where !(velocity[i] == 0 && from[i] == target) {
                let rest = after + Double(offset[i]) + Double(duration[i])
                guard after <= rest else { continue }
                latest = Swift.max(latest, rest)
                earliest = Swift.min(earliest, rest)
            }
        }
        return (latest, earliest)
    }

    /// The motions as lanes of the engine (a change this form does not hold: an insert,
    /// a removal, a move, a release, another curve), the same figures in Double.
    ///
    /// - Throws: ``LaneFailure/kernel(_:)`` for a curve the kernel cannot run.
    func lanes(curve: Curve) throws(LaneFailure) -> LaneAnimation {
        var plane = LaneAnimation.Plane(count: count)
        var velocity = [Double](repeating: 0, count: count), durations = velocity
        for i in 0..<count {
            let item = figures(ofItem: i)
            plane.offsets[i] = item.offset
            plane.from[i] = item.from
            plane.to[i] = Double(target)
            velocity[i] = item.velocity
            durations[i] = item.duration
        }
        return try LaneAnimation(
            springPlane: plane, velocity: velocity, durations: durations, start: start, curve: curve)
    }

    /// Every item's appearance at `time` through `pass` (the motion's spring), mapped
    /// through `tracks`; see ``KernelPass/sample(at:start:lanes:count:tracks:values:velocities:keepsUntilStart:chunks:backend:)``.
    func sample(
        _ pass: KernelPass, at time: Double, tracks: UnsafeBufferPointer<KernelPass.Track>,
        values: UnsafeMutablePointer<Float>?, velocities: UnsafeMutablePointer<Float>?, chunks: Int, backend: Backend?
    ) throws(KernelPass.Failure) {
        let (count, start, offsetColumn) = (count, start, offsetColumn)
        try store.withColumns { (columns) throws(KernelPass.Failure) in
            let lanes = KernelPass.Lanes.items(
                offsets: columns[offsetColumn], from: columns[Column.from], to: columns[Column.to],
                velocity: columns[Column.velocity])
            try pass.sample(
                at: time, start: start, lanes: lanes, count: count, tracks: tracks, values: values,
                velocities: velocities, chunks: chunks, backend: backend)
        }
    }
}

internal import CInterp

/// A staggered list's motion once shows and hides have interrupted it under one easing,
/// held in the form the interruption itself has: the uniform motion it interrupted (one
/// span, each item's float32 delay), which items that motion never started, and up to
/// ``maximumLayers`` additive layers, each a change of target per item starting at one
/// interruption's time (at once for items that were moving, after their new delay for
/// the others). The lane engine (``LaneAnimation``) would hold the same motions as
/// Double planes per item: 150 bytes an item or more, and a tap that evaluates every
/// item's state in Double. Here an interruption costs a pass of float32 writes, and the
/// list holds 4 bytes an item for the base, 8 per layer, and once a layer was frozen 4
/// for the frozen values and 8 for the columns the next layer takes.
///
/// The rule is the engine's (see ``StaggeredList``'s discussion), for the case it
/// covers: an easing interrupted by the same easing, in full motion, at a later time
/// than the last change. An item still moving carries its motions on and adds the change
/// of target at once; an item at rest, or one that had not started yet, starts afresh
/// from its value after its new delay (the motion it was waiting for is cancelled). One
/// more layer than ``maximumLayers`` freezes the oldest layer at its value (every item's
/// share of it, in float32: the value stays continuous to float32's precision, that
/// layer's remaining velocity is dropped).
///
/// The reference (``value(ofItem:at:)``) reads the stored float32 figures, except the
/// base's delays of a closed-form stagger, which it takes from the Double reference as
/// the uniform motion did (so that an interruption is continuous in it to 1e-12).
struct InterruptedListMotion: Sendable {
    /// Most additive layers (the kernel's `CI_MAX_LAYERS`): with the base, four motions
    /// in flight, as in the lane engine.
    static let maximumLayers = KernelPass.maximumLayers

    /// One interruption's motions: item i's value gains a motion from 0 to its change
    /// starting its offset after the interruption; offsets in column ``column`` of the
    /// store, changes in the next.
    struct Layer: Sendable {
        /// The interruption's time, seconds after ``InterruptedListMotion/start``.
        var shift: Double
        var column: Int
    }

    /// Seconds after ``start`` at which item `index`'s motion in layer `p` starts,
    /// found as the lane engine finds its offsets (so that handing the motions over to
    /// it changes no figure).
    func offset(ofItem index: Int, layer p: Int) -> Double {
        layers[p].shift + Double(store[layers[p].column, index])
    }

    let count: Int
    /// The easing every motion runs, its duration in seconds.
    let easing: Easing
    let duration: Double
    /// The base motion: every started item from `from` to `to`.
    let from: Float, to: Float
    /// When the base's delays count from, seconds on the caller's clock.
    let start: Double
    /// The closed-form stagger of the base, whose Double delays the reference reads;
    /// `nil` when the base's float32 delays were its own.
    let order: StaggerConfig?
    /// Items whose base delay is at least this (seconds after ``start``) never start
    /// the base: the first interruption found them waiting.
    let cutoff: Float
    /// Column 0: the base's delays; then the frozen values (``frozenColumn``) and two
    /// columns per layer.
    var store: LaneStore
    var frozenColumn: Int?
    /// Two columns no layer uses, where the next interruption writes its delays (those
    /// of the layer the last one froze): a tap amid rapid toggles allocates nothing.
    var spareColumn: Int?
    /// Oldest first.
    var layers: [Layer] = []
    /// When every item is at rest, seconds on the caller's clock.
    private(set) var settleTime: Double
    /// The earliest rest after the last interruption (before one, after ``start``):
    /// nothing comes to rest before it, so that a query of a frame or a tap amid rapid
    /// toggles ends at once.
    private(set) var restFloor: Double

    /// Whether a list running `curve` can be interrupted in this form: an easing that is
    /// exactly 0 at its start and 1 at its end (a motion held at either end is then its
    /// endpoint, which the additive layers rely on). Springs take ``SpringListMotion``; other
    /// curves the lane engine.
    static func covers(_ curve: Curve) -> Bool {
        guard case .easing(let easing, _) = curve.kind else { return false }
        return (try? easing.value(at: 0)) == 0 && (try? easing.value(at: 1)) == 1
    }

    /// The uniform motion of `count` items from `from` to `to` under `curve` (an easing
    /// ``covers(_:)`` accepts), item i starting `delays[i]` seconds after `start` (the
    /// float32 delays the kernel sampled; `order` the closed-form stagger they came
    /// from, if any), as first interrupted at `time`: items whose delay had not passed
    /// never start.
    init(
        count: Int, curve: Curve, from: Float, to: Float, start: Double, order: StaggerConfig?,
        delays: (UnsafeMutableBufferPointer<Float>) throws(StaggerError) -> Void, interruptedAt time: Double
    ) throws(StaggerError) {
        guard case .easing(let easing, let duration) = curve.kind else { preconditionFailure("an easing") }
        self.count = count
        self.easing = easing
        self.duration = duration
        self.from = from
        self.to = to
        self.start = start
        self.order = order
        cutoff = Float(time - start)
        // The delays, and the columns of the first layer (written by the interruption).
        store = LaneStore(columns: 3, lanes: count)
        spareColumn = 1
        let least = try store.withMutableColumns { (columns) throws(StaggerError) -> Float in
            try delays(UnsafeMutableBufferPointer(start: columns[0], count: count))
            return DelayColumn.least(of: UnsafePointer(columns[0]), count: count)
        }
        settleTime = start
        // Items whose delay is below the cutoff come to rest at their delay's end.
        restFloor = from != to && least < cutoff ? start + Double(least) + duration : .infinity
    }

    /// The easing's value `elapsed` seconds after a motion's start: 0 until it starts,
    /// 1 from its end.
    func ease(_ elapsed: Double) -> Double { Self.ease(elapsed, easing, duration) }

    static func ease(_ elapsed: Double, _ easing: Easing, _ duration: Double) -> Double {
        guard elapsed > 0 else { return 0 }
        guard elapsed < duration else { return 1 }
        return (try? easing.value(at: elapsed / duration)) ?? 0
    }

    /// Item `index`'s appearance at `time`, in Double: the reference the kernel pass is
    /// tested against.
    func value(ofItem index: Int, at time: Double) -> Double {
        var value = frozenColumn.map { Double(store[$0, index]) } ?? 0
        value += Double(from)
        let delay = store[0, index]
        if delay < cutoff {
            let referenceDelay = order.flatMap { try? $0.delay(for: index, of: count) } ?? Double(delay)
            value += Double(to - from) * ease(time - start - referenceDelay)
        }
        for p in 0..<layers.count {
            let change = store[layers[p].column + 1, index]
            if change != 0 { value += Double(change) * ease(time - start - offset(ofItem: index, layer: p)) }
        }
        return value
    }

    /// Calls `body` with each item whose rest (the end of its latest motion that goes
    /// somewhere) is in (`after`, `through`] and after the last interruption (an earlier
    /// one is the rest of a motion that interruption replaced, which the list recorded
    /// then), and that time, in index order. O(count · layers) when any can be there,
    /// else O(1); no allocation.
    func forEachRest(after: Double, through: Double, _ body: (_ index: Int, _ time: Double) -> Void) {
        guard through >= restFloor else { return }
        let after = Swift.max(after, start + (layers.last?.shift ?? 0))
        let (start, duration, cutoff, baseMoves, layerCount) = (start, duration, cutoff, from != to, layers.count)
        withUnsafeTemporaryAllocation(of: (Int, Double).self, capacity: Self.maximumLayers) { placed in
            for p in 0..<layerCount { placed[p] = (layers[p].column, layers[p].shift) }
            store.withColumns { columns in
                let delays = columns[0]
                for i in 0..<count {
                    var latest = -Double.infinity
                    if baseMoves, delays[i] < cutoff { latest = start + Double(delays[i]) + duration }
                    for p in 0..<layerCount where columns[placed[p].0 + 1][i] != 0 {
                        latest = Swift.max(latest, start + (placed[p].1 + Double(columns[placed[p].0][i])) + duration)
                    }
                    if latest > after, latest <= through { body(i, latest) }
                }
            }
        }
    }

    /// Item `index`'s final value, in Double.
    func target(ofItem index: Int) -> Double {
        var target = frozenColumn.map { Double(store[$0, index]) } ?? 0
        target += Double(store[0, index] < cutoff ? to : from)
        for p in 0..<layers.count { target += Double(store[layers[p].column + 1, index]) }
        return target
    }

    /// Interrupts every item at `time` (after the last interruption) toward `target`;
    /// items that are not moving then start after `delays` writes their delay (seconds
    /// after `time`, float32 as the kernel samples them). See the type's rule.
    ///
    /// Allocates nothing once the list holds ``maximumLayers`` layers: the new layer
    /// takes the frozen one's columns. Nothing changes when `delays` throws.
    ///
    /// - Throws: `delays`' errors; ``StaggerError/curve(_:)`` with
    ///   ``CurveError/unsupportedBackend(_:)`` for a backend the machine lacks.
    mutating func interrupt(
        at time: Double, toward target: Float, by method: InterruptionMethod = .kernel(nil),
        delays: (UnsafeMutableBufferPointer<Float>) throws(StaggerError) -> Void
    ) throws(StaggerError) {
        try method.requireSupported()
        let count = self.count
        // The new layer's delays first, into columns no layer uses: nothing else has
        // changed when they throw.
        let column = Self.columns(&spareColumn, width: 2, of: &store)
        try store.withMutableColumns { (columns) throws(StaggerError) in
            try delays(UnsafeMutableBufferPointer(start: columns[column], count: count))
        }
        spareColumn = nil
        if layers.count == Self.maximumLayers {
            freezeOldestLayer(at: time)
            spareColumn = layers[0].column
            // Shifted down in place (removeFirst() reallocated), the last slot rewritten below.
            for p in 1..<layers.count { layers[p - 1] = layers[p] }
            layers.removeLast()
        }
        let bounds: (latest: Double, earliest: Double)
        switch method {
        case .kernel(let backend): bounds = interruptInKernel(at: time, toward: target, into: column, backend: backend)
        case .reference: bounds = interruptByReference(at: time, toward: target, into: column)
        }
        layers.append(Layer(shift: time - start, column: column))
        settleTime = bounds.latest
        restFloor = bounds.earliest
    }

    /// The interruption's pass in the kernel (`ci_interrupt_list`), writing the new
    /// layer into `column` and the next; the latest and the earliest rest after `time`.
    private mutating func interruptInKernel(
        at time: Double, toward target: Float, into column: Int, backend: Backend?
    ) -> (latest: Double, earliest: Double) {
        let (count, layerCount, frozenColumn) = (self.count, layers.count, self.frozenColumn)
        var list = ci_list_interruption()
        list.time = time
        list.start = start
        list.duration = duration
        list.from = from
        list.to = to
        list.cutoff = cutoff
        list.target = target
        list.layer_count = layerCount
        // The layers' shifts and columns, and the two bounds, on the stack.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.maximumLayers + 2) { figures in
            withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: Self.maximumLayers) { offsets in
                withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Float>?.self, capacity: Self.maximumLayers) {
                    changes in
                    store.withMutableColumns { columns in
                        for p in 0..<layerCount {
                            figures[2 + p] = layers[p].shift
                            offsets[p] = UnsafePointer(columns[layers[p].column])
                            changes[p] = columns[layers[p].column + 1]
                        }
                        list.delays = UnsafePointer(columns[0])
                        list.frozen = frozenColumn.map { UnsafePointer(columns[$0]) }
                        list.shifts = UnsafePointer(figures.baseAddress! + 2)
                        list.offsets = UnsafePointer(offsets.baseAddress)
                        list.changes = UnsafePointer(changes.baseAddress)
                        let status = ci_interrupt_list(
                            backend?.cValue ?? CI_BACKEND_AUTO, &list, columns[column], columns[column + 1],
                            figures.baseAddress, count)
                        // The inputs are the motion's own (finite, within the layer limit)
                        // and the backend was checked.
                        precondition(status == CI_OK, "ci_interrupt_list: \(status)")
                        return (figures[0], figures[1])
                    }
                }
            }
        }
    }

    /// The interruption's pass in Swift: the reference ``interruptInKernel(at:toward:into:backend:)``
    /// gives the bits of.
    private mutating func interruptByReference(
        at time: Double, toward target: Float, into column: Int
    ) -> (latest: Double, earliest: Double) {
        let count = self.count
        let goal = Double(target)
        var latest = time, floor = Double.infinity
        let shift = time - start
        let (duration, start, from, to, cutoff) = (self.duration, self.start, self.from, self.to, self.cutoff)
        let frozenColumn = self.frozenColumn
        let layerCount = layers.count
        // The layers' columns and shifts on the stack: the loop reads no array.
        withUnsafeTemporaryAllocation(of: (Int, Double).self, capacity: Self.maximumLayers) { placed in
            for p in 0..<layerCount { placed[p] = (layers[p].column, layers[p].shift) }
            store.withMutableColumns { columns in
                let delays = columns[0], offsets = columns[column], changes = columns[column + 1]
                let frozen = frozenColumn.map { columns[$0] }
                for i in 0..<count {
                    // Where the item goes with every motion it has (`carried`), and where
                    // it is if it is not moving (`settled`: its waiting motions left out).
                    var carried = Double(frozen?[i] ?? 0)
                    var moving = false
                    let started = delays[i] < cutoff
                    carried += Double(started ? to : from)
                    // Started (its delay is below the cutoff): moving until its end.
                    if started, from != to, time - start - Double(delays[i]) < duration { moving = true }
                    var settled = carried
                    var waits = false
                    for p in 0..<layerCount {
                        let change = Double(columns[placed[p].0 + 1][i])
                        guard change != 0 else { continue }
                        carried += change
                        let elapsed = time - start - (placed[p].1 + Double(columns[placed[p].0][i]))
                        if elapsed <= 0 {
                            waits = true
                        } else {
                            settled += change
                            if elapsed < duration { moving = true }
                        }
                    }
                    if moving {
                        offsets[i] = 0
                        changes[i] = Float(goal - carried)
                    } else {
                        if waits {
                            // Cancelled: the item starts afresh from where it is.
                            for p in 0..<layerCount
                            where time - start - (placed[p].1 + Double(columns[placed[p].0][i])) <= 0 {
                                columns[placed[p].0 + 1][i] = 0
                            }
                        }
                        changes[i] = Float(goal - settled)
                    }
                    // A moving item's earlier motions started before `time` and end before
                    // its new one; a settled item's have ended or were cancelled. A moving
                    // item with no change of target rests when its motions in flight end.
                    var rest = -Double.infinity
                    if changes[i] != 0 {
                        // As forEachRest finds it (the same roundings).
                        rest = start + (shift + Double(offsets[i])) + duration
                    } else if moving {
                        if started, from != to { rest = start + Double(delays[i]) + duration }
                        for p in 0..<layerCount where columns[placed[p].0 + 1][i] != 0 {
                            let offset = placed[p].1 + Double(columns[placed[p].0][i])
                            rest = Swift.max(rest, start + offset + duration)
                        }
                    }
                    if rest > time {
                        latest = Swift.max(latest, rest)
                        floor = Swift.min(floor, rest)
                    }
                }
            }
        }
        return (latest, floor)
    }

    /// The first of the columns `slot` names, or of `width` new ones (zeros) appended to
    /// `store`, which `slot` then names.
    private static func columns(_ slot: inout Int?, width: Int, of store: inout LaneStore) -> Int {
        if let column = slot { return column }
        let column = store.columnCount
        store.appendColumns(width)
        slot = column
        return column
    }

    /// Folds the oldest layer into the frozen values: each item keeps that layer's share
    /// of its value at `time` (summed in Double, stored in float32).
    private mutating func freezeOldestLayer(at time: Double) {
        let frozen = Self.columns(&frozenColumn, width: 1, of: &store)
        let oldest = layers[0]
        let (count, easing, duration, start) = (self.count, self.easing, self.duration, self.start)
        store.withMutableColumns { columns in
            let offsets = columns[oldest.column], changes = columns[oldest.column + 1], values = columns[frozen]
            // Items that were moving when the layer began share its offset (0): the
            // easing is evaluated once per run of equal offsets, with the same argument
            // and so the same bits; four items at a time while each goes nowhere or
            // shares the run's offset (the same operations in the same order).
            var lastOffset = Float.nan, eased = 0.0
            var i = 0
            while i < count {
                if i + 4 <= count {
                    let offset = UnsafeRawPointer(offsets + i).loadUnaligned(as: SIMD4<Float>.self)
                    let change = UnsafeRawPointer(changes + i).loadUnaligned(as: SIMD4<Float>.self)
                    let still = change .== 0
                    if all(still .| (offset .== SIMD4(repeating: lastOffset))) {
                        let value = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD4<Float>.self)
                        var frozen = SIMD4<Float>(SIMD4<Double>(value) + SIMD4<Double>(change) * eased)
                        frozen.replace(with: value, where: still)
                        UnsafeMutableRawPointer(values + i).storeBytes(of: frozen, as: SIMD4<Float>.self)
                        i += 4
                        continue
                    }
                }
                if changes[i] != 0 {
                    if offsets[i] != lastOffset {
                        lastOffset = offsets[i]
                        eased = Self.ease(time - start - (oldest.shift + Double(lastOffset)), easing, duration)
                    }
                    values[i] = Float(Double(values[i]) + Double(changes[i]) * eased)
                }
                i += 1
            }
        }
    }

    /// The same motions as lanes of the engine, for a change this form does not cover
    /// (an insert, a removal, a move, another curve): plane 0 holds each item's base
    /// with its frozen value, the next planes its layers that go somewhere, oldest first.
    ///
    /// - Throws: the engine's errors (none for figures that came from float32).
    func lanes(curve: Curve) throws(LaneFailure) -> LaneAnimation {
        let planeCount = 1 + layers.count
        var planes = (0..<planeCount).map { _ in LaneAnimation.Plane(count: count) }
        var depth = [UInt8](repeating: 1, count: count)
        // The reference's Double delays, found once (per item, each call re-checked the
        // stagger).
        let referenceDelays = try? order?.referenceDelays(count: count)
        for i in 0..<count {
            let frozen = frozenColumn.map { Double(store[$0, i]) } ?? 0
            let started = store[0, i] < cutoff
            planes[0].offsets[i] = started ? referenceDelays?[i] ?? Double(store[0, i]) : 0
            planes[0].from[i] = Double(from) + frozen
            planes[0].to[i] = Double(from) + frozen + (started ? Double(to - from) : 0)
            var p = 1
            for k in 0..<layers.count where store[layers[k].column + 1, i] != 0 {
                planes[p].offsets[i] = offset(ofItem: i, layer: k)
                planes[p].to[i] = Double(store[layers[k].column + 1, i])
                p += 1
            }
            depth[i] = UInt8(p)
        }
        let last = start + (layers.last?.shift ?? 0)
        return try LaneAnimation(easingPlanes: planes, depth: depth, start: start, lastTransition: last, curve: curve)
    }

    /// Every item's appearance at `time` through `pass` (the motion's easing), mapped
    /// through `tracks`; see ``KernelPass/sample(at:start:lanes:count:tracks:values:velocities:keepsUntilStart:chunks:backend:)``.
    func sample(
        _ pass: KernelPass, at time: Double, tracks: UnsafeBufferPointer<KernelPass.Track>,
        values: UnsafeMutablePointer<Float>?, velocities: UnsafeMutablePointer<Float>?, chunks: Int, backend: Backend?
    ) throws(KernelPass.Failure) {
        try store.withColumns { (columns) throws(KernelPass.Failure) in
            try withUnsafeTemporaryAllocation(of: KernelPass.Layer.self, capacity: Self.maximumLayers) {
                (kernelLayers) throws(KernelPass.Failure) in
                for p in 0..<layers.count {
                    kernelLayers.initializeElement(
                        at: p,
                        to: KernelPass.Layer(
                            offsets: columns[layers[p].column], to: columns[layers[p].column + 1],
                            time: start + layers[p].shift))
                }
                let lanes = KernelPass.Lanes.interrupted(
                    from: from, to: to, delays: columns[0], cutoff: cutoff, frozen: frozenColumn.map { columns[$0] },
                    layers: UnsafeBufferPointer(rebasing: kernelLayers[0..<layers.count]))
                try pass.sample(
                    at: time, start: start, lanes: lanes, count: count, tracks: tracks, values: values,
                    velocities: velocities, chunks: chunks, backend: backend)
            }
        }
    }
}

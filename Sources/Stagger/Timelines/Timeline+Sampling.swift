/// Which schedule a pass's steps follow.
enum PassLayout: Sendable {
    /// The forward schedule: forward passes, and contiguous reversed ones read backward.
    case forward
    /// A sequential reversed pass: a sequence's children replayed forward in reverse
    /// order (see `TimelinePlan.layOutMirrored`).
    case mirrored
    /// A `together` reversed pass, read backward: each group's children end with the
    /// group (see `TimelinePlan.layOutAligned`).
    case aligned
}

/// Where a time of the whole timeline (all passes) falls within one pass.
struct PassLocation {
    /// The pass.
    var iteration: Int
    /// The time within the pass's schedule (the mirrored schedule for a sequential
    /// reversed pass); −∞ once a contiguous or together reversed pass is back before
    /// its start.
    var local: Double
    /// Whether the pass plays in reverse.
    var reversed: Bool
    /// The schedule the steps follow.
    var layout: PassLayout

    /// Whether steps move back from `to` to `from` (a contiguous or together reversed
    /// pass), where a step's reverse easing applies.
    var goesBack: Bool { reversed && layout != .mirrored }
}

/// Where a step runs within a pass: the forward schedule or a sequential reversed one.
struct StepSpan {
    var start: Double
    var end: Double
}

extension Timeline {
    /// Seconds from the start of one pass to the start of the next.
    var period: Double { duration + options.repeatDelay }

    /// The start of pass k.
    func passStart(_ k: Int) -> Double { Double(k) * period }

    /// The pass containing time t: the last one that has started (the first before 0).
    func pass(containing t: Double) -> Int {
        let passes = options.passes
        // With no time per pass every pass starts (and ends) at 0: the last one holds.
        guard period > 0 else { return passes == Int.max ? 0 : passes - 1 }
        guard t > 0 else { return 0 }
        let estimate = (t / period).rounded(.down)
        var k = estimate >= Double(passes - 1) ? passes - 1 : Int(estimate)
        // Correct the rounding of the division against the exact starts.
        while k > 0 && passStart(k) > t { k -= 1 }
        while k < passes - 1 && passStart(k + 1) <= t { k += 1 }
        return k
    }

    func isReversed(pass k: Int) -> Bool { options.yoyo && k % 2 == 1 }

    /// The schedule pass k follows.
    func layout(ofPass k: Int) -> PassLayout {
        guard isReversed(pass: k) else { return .forward }
        switch options.reversing {
        case .contiguous: return .forward
        case .sequential: return .mirrored
        case .together: return .aligned
        }
    }

    /// Maps a timeline time to its pass and the time within the pass.
    func locate(_ t: Double) -> PassLocation {
        if t < 0 { return PassLocation(iteration: 0, local: t, reversed: false, layout: .forward) }
        let k = pass(containing: t)
        let u = t - passStart(k)
        let reversed = isReversed(pass: k)
        let layout = layout(ofPass: k)
        let mirrored = layout == .mirrored
        var local: Double
        if reversed && !mirrored {
            // Back at the start (or beyond) means before the start: leaves starting at 0
            // are pending again, as before the first pass.
            local = u >= duration ? -.infinity : duration - u
        } else if k == options.passes - 1 || u < duration {
            // The last pass keeps running after its logical end, so springs go on
            // settling (up to the rest duration, after which every one is at rest).
            let rest = mirrored ? mirroredRestDuration : restDuration
            local = rest.isFinite ? min(u, rest) : u
        } else {
            // A repeat delay holds the pass's end state.
            local = duration
        }
        return PassLocation(iteration: k, local: local, reversed: reversed, layout: layout)
    }

    /// Rejects NaN, and +∞ for a timeline that never ends.
    func checkTime(_ t: Double) throws(TimelineError) {
        guard !t.isNaN, !(t == .infinity && totalDuration == .infinity) else {
            throw .invalidTime(child: "time", value: t)
        }
    }

    /// Where step `index` runs in a pass of the given layout.
    func span(_ index: Int, layout: PassLayout) -> StepSpan {
        switch layout {
        case .forward: StepSpan(start: steps[index].start, end: steps[index].end)
        case .mirrored: StepSpan(start: mirroredStarts[index], end: mirroredEnds[index])
        case .aligned:
            StepSpan(start: steps[index].start + alignedShifts[index], end: steps[index].end + alignedShifts[index])
        }
    }

    /// Where node `node` starts in a pass of the given layout.
    func start(ofNode node: Int, layout: PassLayout) -> Double {
        switch layout {
        case .forward: nodes[node].start
        case .mirrored: nodes[node].mirrorStart
        case .aligned: nodes[node].start + nodes[node].alignShift
        }
    }

    /// The state of step `index` at pass-local time `local` (the Double reference).
    ///
    /// Before its start a step holds `from`, the value it moves from, even for an easing
    /// whose value at progress 0 is not 0 (`steps` with jump-start or jump-both jump
    /// when the step starts, not before); ``sample(at:into:backend:)`` does the same.
    /// Going back (a contiguous reversed pass), a step with a reverse easing runs it
    /// from `to` to `from` over its span, read from its end.
    func stepState(_ index: Int, local: Double, layout: PassLayout, goesBack: Bool) throws(TimelineError)
        -> TimelineStepState
    {
        let step = steps[index]
        // Phases compare the local time with the same start and end figures the events
        // use, so that a state and the events up to its time always agree.
        let span = span(index, layout: layout)
        let e = local - span.start
        let phase: TimelineStepState.Phase = local < span.start ? .pending : local >= span.end ? .finished : .active
        let progress = step.duration > 0 ? min(max(e / step.duration, 0), 1) : (e >= 0 ? 1 : 0)
        let value: Double
        if e < 0 {
            value = step.from
        } else if step.duration == 0 || e == .infinity {
            value = step.to
        } else if goesBack, let easing = step.reverseEasing, local < span.end {
            // From where the step is at its span's end (`to`, or a spring still short of
            // or past it), so the way back joins the motion played backwards before it.
            let back = (span.end - local) / step.duration
            do {
                let start = try wayBackStart(index)
                value = start + (step.from - start) * (try easing.value(at: min(back, 1)))
            } catch { throw .curve(child: step.id, error) }
        } else {
            do { value = step.from + (step.to - step.from) * (try step.curve.value(at: e)) } catch {
                throw .curve(child: step.id, error)
            }
        }
        let visible = phase == .active || (phase == .finished && step.keepsAlive)
        return TimelineStepState(
            id: step.id, phase: phase, elapsed: e, progress: progress, value: value, isVisible: visible)
    }

    /// Every step's phase, progress, eased value and visibility at time `t` (seconds of
    /// the whole timeline, every pass; negative is before the start), in Double.
    ///
    /// A pure function of t: the same for any path taken to t. After the last pass the
    /// end state holds; in a repeat delay, the end state of the pass before it.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time, or +∞ on a
    ///   timeline that repeats forever; ``TimelineError/curve(child:_:)`` when a step's
    ///   curve cannot be evaluated there.
    /// - Complexity: O(steps).
    public func state(at t: Double) throws(TimelineError) -> TimelineState {
        try checkTime(t)
        let location = locate(t)
        var states: [TimelineStepState] = []
        states.reserveCapacity(steps.count)
        var next = 0  // the next repeating child, by its steps
        var index = 0
        while index < steps.count {
            if next < repeatingChildren.count, repeatingChildren[next].steps.lowerBound == index {
                let child = repeatingChildren[next]
                let time = child.time(local: location.local, start: start(ofNode: child.node, layout: location.layout))
                states += try child.timeline.state(at: time).steps
                index = child.steps.upperBound
                next += 1
                continue
            }
            states.append(
                try stepState(index, local: location.local, layout: location.layout, goesBack: location.goesBack))
            index += 1
        }
        return TimelineState(
            time: t, iteration: location.iteration, isReversedPass: location.reversed,
            steps: states, stepsByID: stepsByID)
    }

    /// Every step's eased value at time `t` into `values` (one per step, in the order of
    /// ``scheduledSteps``, which is the order the children were written in), through the
    /// SIMD kernel: one call per run of consecutive steps sharing a curve.
    ///
    /// Agrees with ``state(at:)``'s values within the kernel's bounds (easings 2e-6,
    /// springs 1e-5 · max(1, |v₀|/ω₀)) plus what rounding the pass-local time and each
    /// start to float32 moves the curve (about 2⁻²⁴ s per second of timeline).
    ///
    /// - Throws: ``TimelineError/bufferMismatch(expected:actual:)`` when `values` does not
    ///   hold one value per step; ``TimelineError/invalidTime(child:value:)`` for a time
    ///   that is NaN or does not fit float32; ``TimelineError/curve(child:_:)`` when a
    ///   curve does not fit the kernel or the backend cannot run here.
    /// - Complexity: O(steps), no heap allocation (counted by AllocationTests).
    public func sample(
        at t: Double, into values: UnsafeMutableBufferPointer<Float>, backend: Backend? = nil
    ) throws(TimelineError) {
        guard values.count == steps.count else { throw .bufferMismatch(expected: steps.count, actual: values.count) }
        try checkTime(t)
        guard let output = values.baseAddress else { return }
        let location = locate(t)
        // Before the start and back before it: a time below every start.
        let local = location.local.isFinite ? location.local : -1 - duration
        guard Float(local).isFinite else { throw .invalidTime(child: "time", value: t) }
        let starts: KernelColumn =
            switch location.layout {
            case .forward: .starts
            case .mirrored: .mirroredStarts
            case .aligned: .alignedStarts
            }
        try kernelLanes.withColumns { (lanes) throws(TimelineError) in
            let from = lanes[KernelColumn.from.rawValue], to = lanes[KernelColumn.to.rawValue]
            // Indices, not `for group in curveGroups`: that form allocated once per
            // group here (measured by AllocationTests), this one does not.
            for index in curveGroups.indices {
                let group = curveGroups[index]
                if let child = group.repeatingChild {
                    try sample(repeatingChildren[child], local: local, layout: location.layout, output: output)
                    continue
                }
                guard let pass = curvePasses[index] else {
                    // Jumps: at their end value from the moment they start.
                    let start = lanes[starts.rawValue]
                    for i in group.range { output[i] = local - Double(start[i]) >= 0 ? to[i] : from[i] }
                    continue
                }
                try runKernel(
                    pass, local: local, lanes: lanes, starts: starts, range: group.range, output: output,
                    backend: backend)
            }
            guard location.goesBack, !reverseGroups.isEmpty else { return }
            // The way back on a time axis that runs backwards: time −local, each step
            // starting at −end, moving by its reverse easing from where it is at its end
            // to `from` (exactly `from` once back before its start). A step not yet going
            // back (at or after its end) keeps what the forward pass wrote: `to`, or a
            // spring still settling. One plan in the kernel: no Swift pass over it.
            let negatedEnds: KernelColumn = location.layout == .aligned ? .alignedNegatedEnds : .negatedEnds
            for index in reverseGroups.indices {
                let group = reverseGroups[index]
                guard let pass = reversePasses[index] else { continue }
                try runKernel(
                    pass, local: -local, lanes: lanes, starts: negatedEnds, range: group.range, output: output,
                    backend: backend, backward: true)
            }
        }
    }

    /// Where step `index` is at the end of its span, where its way back starts: `to` for
    /// an easing, the spring's or decay's value there otherwise (a spring given a
    /// duration shorter than its settling is still moving).
    func wayBackStart(_ index: Int) throws(CurveError) -> Double {
        try Self.wayBackStart(of: steps[index])
    }

    /// ``wayBackStart(_:)`` of one scheduled step.
    static func wayBackStart(of step: ScheduledStep) throws(CurveError) -> Double {
        if case .easing = step.curve.kind { return step.to }
        return step.from + (step.to - step.from) * (try step.curve.value(at: step.duration))
    }

    /// Every step's eased value at time `t` into an array of one value per step; see
    /// ``sample(at:into:backend:)-(_,UnsafeMutableBufferPointer<Float>,_)``.
    public func sample(at t: Double, into values: inout [Float], backend: Backend? = nil) throws(TimelineError) {
        try values.withUnsafeMutableBufferPointer { (buffer) throws(TimelineError) in
            try sample(at: t, into: buffer, backend: backend)
        }
    }

    /// One kernel pass over a run of steps with one curve: per-step starts (column
    /// `starts` of `lanes`), ends and (springs) initial velocity; `backward` runs a way
    /// back, from where each step is at its end to its `from`.
    private func runKernel(
        _ pass: KernelPass, local: Double, lanes: LaneStore.Columns, starts: KernelColumn, range: Range<Int>,
        output: UnsafeMutablePointer<Float>, backend: Backend?, backward: Bool = false
    ) throws(TimelineError) {
        let lower = range.lowerBound
        func column(_ column: KernelColumn) -> UnsafePointer<Float> { lanes[column.rawValue] + lower }
        let items = KernelPass.Lanes.items(
            offsets: column(starts), from: column(backward ? .wayBackStarts : .from),
            to: column(backward ? .from : .to), velocity: column(.velocity))
        do throws(KernelPass.Failure) {
            try pass.sample(
                at: local, start: 0, lanes: items, count: range.count, values: output + lower, velocities: nil,
                keepsUntilStart: backward, backend: backend)
        } catch {
            throw TimelineError(error, child: steps[lower].id)
        }
    }
}

extension Timeline {
    /// Builds a timeline from its top-level children, which run as a sequence (each after
    /// the previous one unless given a position), and compiles it into flat arrays.
    ///
    /// - Throws: ``TimelineError`` at build time for every bad input: a negative or
    ///   non-finite duration, gap or time (``TimelineError/negativeDuration(child:duration:)``,
    ///   ``TimelineError/negativeGap(child:gap:)``, ``TimelineError/invalidTime(child:value:)``),
    ///   an undamped spring without a duration (``TimelineError/infiniteDuration(child:)``),
    ///   an unknown or duplicate label, a cycle of labels, a child starting before time 0
    ///   (``TimelineError/startsBeforeZero(child:start:)``) or before its container
    ///   (``TimelineError/startsBeforeContainer(child:start:containerStart:)``: a negative
    ///   offset, an earlier label or a negative base delay; containers never grow
    ///   backward to hold such a child), a time scale that is not finite and > 0, a bad
    ///   repeat, a nested timeline that repeats; ``TimelineError/stagger(child:_:)`` for a
    ///   staggered list whose config does not fit its count or that has more than 2²³
    ///   items; ``TimelineError/invalidTime(child:value:)`` naming the child whose end
    ///   overflows Double (two steps of 1e308 s); ``TimelineError/invalidTimeScale(_:)``
    ///   for a time scale that pushes a time or a curve out of range (a huge scale
    ///   overflows a spring's stiffness, a tiny one an easing's duration).
    /// - Complexity: O(n log n) in the number of children, once; labels positioned
    ///   relative to later labels add a pass each.
    public init(_ children: [TimelineChild], options: Options = Options()) throws(TimelineError) {
        guard options.timeScale.isFinite, options.timeScale > 0 else {
            throw .invalidTimeScale(options.timeScale)
        }
        var repeatCount = 0
        if case .times(let n) = options.repeats { repeatCount = n }
        guard repeatCount >= 0, options.repeatDelay.isFinite, options.repeatDelay >= 0 else {
            throw .invalidRepeat(count: repeatCount, delay: options.repeatDelay)
        }
        var plan = TimelinePlan()
        if options.reducedMotion.isReduced {
            var reduced: [TimelineChild] = []
            for child in children { reduced.append(try child.reducedForMotion()) }
            try plan.addRoot(reduced)
        } else {
            try plan.addRoot(children)
        }
        try plan.resolve()
        let compiled = try plan.compile(
            timeScale: options.timeScale, aligned: options.yoyo && options.reversing == .together)
        self.options = options
        self.duration = compiled.duration
        self.restDuration = compiled.restDuration
        self.nodes = compiled.nodes
        self.steps = compiled.steps
        self.stepNodes = compiled.stepNodes
        self.curveGroups = compiled.groups
        self.reverseGroups = compiled.reverseGroups
        self.stepsByID = compiled.stepsByID
        self.labels = compiled.labels
        self.boundaries = compiled.boundaries
        self.mirroredBoundaries = compiled.mirroredBoundaries
        self.mirroredRestDuration = compiled.mirroredRestDuration
        self.mirroredStarts = compiled.mirroredStarts
        self.mirroredEnds = compiled.mirroredEnds
        self.reversedBoundaries = compiled.reversedBoundaries
        self.alignedShifts = compiled.alignedShifts
        self.alignedBoundaries = compiled.alignedBoundaries
        self.repeatingChildren = compiled.repeatingChildren
        var lanes = LaneStore(columns: KernelColumn.allCases.count, lanes: compiled.steps.count)
        let aligned = !compiled.alignedShifts.isEmpty
        for (i, step) in compiled.steps.enumerated() {
            func set(_ column: KernelColumn, _ value: Float) { lanes[column.rawValue, i] = value }
            set(.starts, Float(step.start))
            set(.mirroredStarts, Float(compiled.mirroredStarts[i]))
            set(.from, Float(step.from))
            set(.to, Float(step.to))
            // A spring's own initial velocity is per unit of span.
            set(.velocity, Float((step.to - step.from) * step.curve.initialVelocity))
            set(.negatedEnds, -Float(step.end))
            // Only a together-reversed timeline has an aligned schedule to read.
            if aligned {
                set(.alignedStarts, Float(step.start + compiled.alignedShifts[i]))
                set(.alignedNegatedEnds, -Float(step.end + compiled.alignedShifts[i]))
            }
            set(.wayBackStarts, Float(step.to))
        }
        // A spring or decay with a way back starts it from where it is at its end.
        for group in compiled.reverseGroups {
            for i in group.range {
                let step = compiled.steps[i]
                do { lanes[KernelColumn.wayBackStarts.rawValue, i] = Float(try Self.wayBackStart(of: step)) } catch {
                    throw .curve(child: step.id, error)
                }
            }
        }
        self.kernelLanes = lanes
        func passes(_ groups: [CurveGroup]) throws(TimelineError) -> [KernelPass?] {
            var passes: [KernelPass?] = []
            for group in groups {
                guard let curve = group.curve else {
                    passes.append(nil)
                    continue
                }
                do { passes.append(try KernelPass(curve: curve)) } catch {
                    throw TimelineError(error, child: compiled.steps[group.range.lowerBound].id)
                }
            }
            return passes
        }
        self.curvePasses = try passes(compiled.groups)
        self.reversePasses = try passes(compiled.reverseGroups)
    }
}

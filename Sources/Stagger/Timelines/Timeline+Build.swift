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
        let compiled = try plan.compile(timeScale: options.timeScale)
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
        self.kernelStarts = compiled.steps.map { Float($0.start) }
        self.kernelFrom = compiled.steps.map { Float($0.from) }
        self.kernelTo = compiled.steps.map { Float($0.to) }
        // A spring's own initial velocity is per unit of span.
        self.kernelVelocity = compiled.steps.map { Float(($0.to - $0.from) * $0.curve.initialVelocity) }
        self.mirroredRestDuration = compiled.mirroredRestDuration
        self.mirroredStarts = compiled.mirroredStarts
        self.mirroredEnds = compiled.mirroredEnds
        self.reversedBoundaries = compiled.reversedBoundaries
        self.kernelMirroredStarts = compiled.mirroredStarts.map { Float($0) }
        self.kernelNegatedEnds = compiled.steps.map { -Float($0.end) }
        // A spring or decay with a way back starts it from where it is at its end.
        var wayBack = compiled.steps.map { Float($0.to) }
        for group in compiled.reverseGroups {
            for i in group.range {
                let step = compiled.steps[i]
                do { wayBack[i] = Float(try Self.wayBackStart(of: step)) } catch {
                    throw .curve(child: step.id, error)
                }
            }
        }
        self.kernelWayBackStarts = wayBack
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

/// The tree of children while positions are being resolved: nodes in pre-order, each
/// with its position, and the leaves' motion.
struct TimelinePlan {
    struct Leaf {
        var id: String
        var curve: Curve
        var duration: Double
        var keepAlive: Bool
        var ends: StepEnds
        var reverseEasing: Easing?
    }

    var nodes: [TimelineNode] = []
    var anchors: [TimelinePosition.Anchor] = []
    var offsets: [Double] = []
    /// The previous sibling that is not a label marker, or -1.
    var previous: [Int] = []
    var leaves: [Int: Leaf] = [:]
    var labelNodes: [String: Int] = [:]
    var start: [Double] = []
    var end: [Double] = []

    // MARK: - The tree

    mutating func addRoot(_ children: [TimelineChild]) throws(TimelineError) {
        let root = append(
            TimelineNode(kind: .sequence, name: "timeline", parent: -1, depth: 0, indexInParent: 0),
            anchor: .at, offset: 0, previous: -1)
        try addChildren(children, to: root, defaultPosition: .afterPrevious())
        nodes[root].lastDescendant = nodes.count - 1
    }

    private mutating func append(
        _ node: TimelineNode, anchor: TimelinePosition.Anchor, offset: Double, previous: Int
    ) -> Int {
        let index = nodes.count
        nodes.append(node)
        anchors.append(anchor)
        offsets.append(offset)
        self.previous.append(previous)
        if node.parent >= 0 { nodes[node.parent].children.append(index) }
        return index
    }

    private mutating func addChildren(
        _ children: [TimelineChild], to parent: Int, defaultPosition: TimelinePosition
    ) throws(TimelineError) {
        var previous = -1
        for (position, child) in children.enumerated() {
            let index = try add(
                child, parent: parent, indexInParent: position,
                defaultPosition: defaultPosition, previous: previous)
            if nodes[index].kind != .marker { previous = index }
        }
    }

    /// Adds a child and its subtree; returns its index.
    private mutating func add(
        _ child: TimelineChild, parent: Int, indexInParent: Int,
        defaultPosition: TimelinePosition, previous: Int
    ) throws(TimelineError) -> Int {
        let depth = nodes[parent].depth + 1
        func node(_ kind: TimelineNode.Kind, _ name: String) -> TimelineNode {
            TimelineNode(kind: kind, name: name, parent: parent, depth: depth, indexInParent: indexInParent)
        }
        let isMarker: Bool = { if case .label = child.content { return true } else { return false } }()
        let position = child.position ?? (isMarker ? .afterPrevious() : defaultPosition)
        let name = Self.name(of: child.content)
        try Self.check(position, child: name)

        let index: Int
        switch child.content {
        case .step(let id, let curve, let duration, let keepAlive, let ends, let reverseEasing):
            let leaf = try Self.leaf(
                id: id, curve: curve, duration: duration, keepAlive: keepAlive, ends: ends, reverseEasing: reverseEasing
            )
            index = append(node(.step(-1), id), anchor: position.anchor, offset: position.offset, previous: previous)
            leaves[index] = leaf
        case .group(let groupName, let children):
            index = append(
                node(.group, groupName ?? "group"), anchor: position.anchor, offset: position.offset, previous: previous
            )
            try addChildren(children, to: index, defaultPosition: .at(0))
        case .sequence(let sequenceName, let children):
            index = append(
                node(.sequence, sequenceName ?? "sequence"), anchor: position.anchor, offset: position.offset,
                previous: previous)
            try addChildren(children, to: index, defaultPosition: .afterPrevious())
        case .staggered(let id, let count, let config, let duration, let keepAlive, let ends, let reverseEasing):
            guard count >= 0 else { throw .stagger(child: id, .negativeCount(count)) }
            index = append(node(.list, id), anchor: position.anchor, offset: position.offset, previous: previous)
            let template = try Self.leaf(
                id: id, curve: config.curve, duration: duration, keepAlive: keepAlive, ends: ends,
                reverseEasing: reverseEasing)
            let itemDepth = depth + 1
            // Checked once, count included, before a node is made for any item.
            let delays: [Double]
            do { delays = try config.referenceDelays(count: count) } catch { throw .stagger(child: id, error) }
            for (item, delay) in delays.enumerated() {
                var leaf = template
                leaf.id = "\(id)[\(item)]"
                let itemNode = TimelineNode(
                    kind: .step(-1), name: leaf.id, parent: index, depth: itemDepth, indexInParent: item)
                let itemIndex = append(itemNode, anchor: .at, offset: delay, previous: -1)
                // A leaf is its own subtree: its completion sorts after its start.
                nodes[itemIndex].lastDescendant = itemIndex
                leaves[itemIndex] = leaf
            }
        case .timeline(let timelineName, let nested):
            guard nested.options.passes == 1 else { throw .nestedRepeat(child: timelineName ?? "timeline") }
            index = append(
                node(.timeline, timelineName ?? "timeline"), anchor: position.anchor, offset: position.offset,
                previous: previous)
            insert(nested, under: index)
        case .label(let labelName):
            index = append(
                node(.marker, labelName), anchor: position.anchor, offset: position.offset, previous: previous)
            try define(labelName, at: index)
        }
        nodes[index].lastDescendant = nodes.count - 1
        if let label = child.label { try define(label, at: index) }
        return index
    }

    private mutating func define(_ label: String, at index: Int) throws(TimelineError) {
        guard labelNodes[label] == nil else { throw .duplicateLabel(label) }
        labelNodes[label] = index
    }

    /// Copies a compiled timeline's nodes under `container`, each at its fixed offset
    /// from its parent; its labels stay inside it.
    private mutating func insert(_ nested: Timeline, under container: Int) {
        var mapped = [Int](repeating: container, count: nested.nodes.count)
        let baseDepth = nodes[container].depth
        for old in nested.nodes.indices.dropFirst() {
            let source = nested.nodes[old]
            let parent = mapped[source.parent]
            var copy = TimelineNode(
                kind: source.kind, name: source.name, parent: parent,
                depth: baseDepth + source.depth, indexInParent: source.indexInParent)
            if case .step = source.kind { copy.kind = .step(-1) }
            let offset = source.start - nested.nodes[source.parent].start
            let index = append(copy, anchor: .at, offset: offset, previous: -1)
            mapped[old] = index
            if case .step(let step) = source.kind {
                let s = nested.steps[step]
                leaves[index] = Leaf(
                    id: s.id, curve: s.curve, duration: s.duration, keepAlive: s.keepAlive,
                    ends: StepEnds(from: s.from, to: s.to), reverseEasing: s.reverseEasing)
            }
        }
        // Last descendants, now that the subtree is complete (children follow parents).
        for old in nested.nodes.indices.dropFirst().reversed() {
            let index = mapped[old]
            nodes[index].lastDescendant = mapped[nested.nodes[old].lastDescendant]
        }
    }

    private static func name(of content: TimelineChild.Content) -> String {
        switch content {
        case .step(let id, _, _, _, _, _): id
        case .group(let name, _): name ?? "group"
        case .sequence(let name, _): name ?? "sequence"
        case .staggered(let id, _, _, _, _, _, _): id
        case .timeline(let name, _): name ?? "timeline"
        case .label(let name): name
        }
    }

    private static func check(_ position: TimelinePosition, child: String) throws(TimelineError) {
        guard position.offset.isFinite else { throw .invalidTime(child: child, value: position.offset) }
        if position.anchor == .afterPrevious, position.offset < 0 {
            throw .negativeGap(child: child, gap: position.offset)
        }
    }

    /// A leaf's duration (the explicit one or the curve's) and its curve, an easing
    /// stretched over that duration; its ends checked to fit float32 (the kernel's).
    private static func leaf(
        id: String, curve: Curve, duration: Double?, keepAlive: Bool, ends: StepEnds, reverseEasing: Easing?
    ) throws(TimelineError) -> Leaf {
        for value in [ends.from, ends.to] where !Float(value).isFinite { throw .invalidValue(child: id, value: value) }
        guard (Float(ends.to) - Float(ends.from)).isFinite else {
            throw .invalidValue(child: id, value: ends.to - ends.from)
        }
        let length: Double
        if let duration {
            guard duration.isFinite else { throw .invalidTime(child: id, value: duration) }
            guard duration >= 0 else { throw .negativeDuration(child: id, duration: duration) }
            length = duration
        } else {
            length = curve.duration
            guard length.isFinite else { throw .infiniteDuration(child: id) }
        }
        let stretched: Curve
        do { stretched = try curve.stretched(to: length) } catch { throw .curve(child: id, error) }
        // The kernel starts a spring or decay at its own velocity times the span.
        let velocity = (ends.to - ends.from) * stretched.initialVelocity
        guard Float(velocity).isFinite else { throw .invalidValue(child: id, value: velocity) }
        return Leaf(
            id: id, curve: stretched, duration: length, keepAlive: keepAlive, ends: ends, reverseEasing: reverseEasing)
    }

    // MARK: - Positions

    /// Resolves every start and end. Positions depend on parents, previous siblings and
    /// labels; a pass in document order resolves everything that depends only on earlier
    /// children, so only labels referring to later children need another pass. A pass
    /// that resolves nothing new means the remaining labels depend on each other.
    mutating func resolve() throws(TimelineError) {
        let n = nodes.count
        for anchor in anchors {
            if case .label(let name) = anchor, labelNodes[name] == nil { throw .unknownLabel(name) }
        }
        // closers[j]: containers whose subtree ends at node j, deepest first.
        var closers = [[Int]](repeating: [], count: n)
        for c in stride(from: n - 1, through: 0, by: -1) where !isLeaf(c) && nodes[c].kind != .marker {
            closers[nodes[c].lastDescendant].append(c)
        }
        start = [Double](repeating: .nan, count: n)
        end = [Double](repeating: .nan, count: n)
        start[0] = 0
        var unresolved = n
        while true {
            var progress = false
            for j in 0..<n {
                if start[j].isNaN, let s = startIfKnown(j) {
                    start[j] = s
                    progress = true
                }
                if !start[j].isNaN, end[j].isNaN, isLeaf(j) || nodes[j].kind == .marker {
                    end[j] = start[j] + (leaves[j]?.duration ?? 0)
                    unresolved -= 1
                }
                for c in closers[j] where end[c].isNaN && !start[c].isNaN {
                    var last = start[c]
                    var complete = true
                    for child in nodes[c].children {
                        if end[child].isNaN { complete = false; break }
                        last = max(last, end[child])
                    }
                    if complete {
                        end[c] = last
                        unresolved -= 1
                        progress = true
                    }
                }
            }
            if unresolved == 0 { break }
            if !progress {
                var names = Set<String>()
                for j in 0..<n where start[j].isNaN {
                    if case .label(let name) = anchors[j] { names.insert(name) }
                }
                throw .labelCycle(names.sorted())
            }
        }
        try checkContainment()
    }

    /// Holds every child inside its container's span (parents come before children in
    /// pre-order, so each container is settled before its children are checked). Events
    /// rely on it: a container starts before and completes after all its children, and
    /// a reversed pass mirrors children within their container. A few ulps below the
    /// container's start, from offsets that cancel, count as its start.
    private mutating func checkContainment() throws(TimelineError) {
        let n = nodes.count
        for j in 1..<max(n, 1) {
            let parent = nodes[j].parent
            let floor = start[parent]
            guard start[j] < floor else { continue }
            if floor - start[j] <= 1e-12 * max(1, abs(floor)) {
                start[j] = floor
                end[j] = max(end[j], floor)
                continue
            }
            // A label is only a time: it may precede its container, not the timeline.
            if nodes[j].kind == .marker && start[j] >= 0 { continue }
            if parent == 0 || start[j] < 0 && nodes[j].kind == .marker {
                throw .startsBeforeZero(child: nodes[j].name, start: start[j])
            }
            throw .startsBeforeContainer(child: nodes[j].name, start: start[j], containerStart: floor)
        }
        // Ends after those nudges: a container still ends with its last child.
        for j in stride(from: n - 1, through: 0, by: -1) where !isLeaf(j) && nodes[j].kind != .marker {
            for child in nodes[j].children { end[j] = max(end[j], end[child]) }
        }
    }

    private func isLeaf(_ j: Int) -> Bool {
        if case .step = nodes[j].kind { return true }
        return false
    }

    private func startIfKnown(_ j: Int) -> Double? {
        let parentStart = start[max(nodes[j].parent, 0)]
        let offset = offsets[j]
        let previous = self.previous[j]
        func known(_ value: Double) -> Double? { value.isNaN ? nil : value + offset }
        switch anchors[j] {
        case .at:
            return known(parentStart)
        case .afterPrevious:
            return known(previous < 0 ? parentStart : end[previous])
        case .withPrevious:
            return known(previous < 0 ? parentStart : start[previous])
        case .label(let name):
            return known(start[labelNodes[name]!])
        }
    }

    // MARK: - The flat form

    struct Compiled {
        var duration = 0.0
        var restDuration = 0.0
        var mirroredRestDuration = 0.0
        var nodes: [TimelineNode] = []
        var steps: [Timeline.ScheduledStep] = []
        var stepNodes: [Int] = []
        /// Per step: its start and end in a sequential reversed pass.
        var mirroredStarts: [Double] = []
        var mirroredEnds: [Double] = []
        var groups: [CurveGroup] = []
        var reverseGroups: [CurveGroup] = []
        var stepsByID: [String: [Int]] = [:]
        var labels: [String: Double] = [:]
        var boundaries: [TimelineBoundary] = []
        var mirroredBoundaries: [TimelineBoundary] = []
        var reversedBoundaries: [TimelineBoundary] = []
    }

    /// Applies the time scale and lays the steps out in document order, in runs of one
    /// curve.
    func compile(timeScale: Double) throws(TimelineError) -> Compiled {
        var out = Compiled()
        out.nodes = nodes
        // Refused where it is made, naming what overflows: durations whose sum is beyond
        // Double (two steps of 1e308 s) name the first step that ends there (steps before
        // the containers that hold them); a time scale that pushes a finite time there
        // (1e-320) is the scale's fault.
        // The root's end is the latest of all, so it alone tells whether any overflowed.
        if !end[0].isFinite {
            let j = nodes.indices.first { isLeaf($0) && !end[$0].isFinite } ?? 0
            throw .invalidTime(child: nodes[j].name, value: end[j])
        }
        for j in nodes.indices {
            out.nodes[j].start = start[j] / timeScale
            out.nodes[j].end = end[j] / timeScale
            guard out.nodes[j].start.isFinite, out.nodes[j].end.isFinite else { throw .invalidTimeScale(timeScale) }
        }
        out.duration = out.nodes[0].end
        for (name, node) in labelNodes { out.labels[name] = out.nodes[node].start }
        Self.layOutMirrored(&out.nodes)

        // Leaves in document order, their curves in timeline seconds.
        var leafNodes: [Int] = []
        var curves: [Curve] = []
        var rests: [Double] = []
        var mirroredRests: [Double] = []
        for j in nodes.indices where isLeaf(j) {
            let leaf = leaves[j]!
            let curve: Curve
            // A curve the scale pushes out of range (a spring's stiffness times 1e300²)
            // is the scale's fault.
            do { curve = try leaf.curve.spedUp(by: timeScale) } catch { throw .invalidTimeScale(timeScale) }
            leafNodes.append(j)
            curves.append(curve)
            let duration = leaf.duration / timeScale
            var rest = duration
            switch curve.kind {
            case .easing:
                break
            case .spring(let spring, let velocity):
                // A spring that cannot report settling is treated as never at rest.
                rest = max(
                    rest,
                    (try? spring.settlingDuration(target: 1, initialVelocity: velocity, epsilon: 1e-5)) ?? .infinity)
            case .decay(let decay):
                rest = max(rest, decay.validatedSettlingDuration(epsilon: 1e-5))
            }
            rests.append(out.nodes[j].start + rest)
            mirroredRests.append(out.nodes[j].mirrorStart + rest)
        }
        out.restDuration = max(out.duration, rests.max() ?? 0)
        out.mirroredRestDuration = max(out.duration, mirroredRests.max() ?? 0)

        // Steps stay in document order (what a caller indexes values by); each run of
        // consecutive steps with one curve (jumps apart) is one kernel call. A staggered
        // list is one run.
        let groupCurves: [Curve?] = leafNodes.indices.map { leaves[leafNodes[$0]]!.duration == 0 ? nil : curves[$0] }
        let order = Array(leafNodes.indices)
        var lower = 0
        for (position, k) in order.enumerated() {
            let j = leafNodes[k]
            let leaf = leaves[j]!
            out.nodes[j].kind = .step(position)
            out.stepNodes.append(j)
            out.steps.append(
                Timeline.ScheduledStep(
                    id: leaf.id, start: out.nodes[j].start, duration: leaf.duration / timeScale, end: out.nodes[j].end,
                    curve: curves[k], keepAlive: leaf.keepAlive, from: leaf.ends.from, to: leaf.ends.to,
                    reverseEasing: leaf.reverseEasing))
            out.mirroredStarts.append(out.nodes[j].mirrorStart)
            out.mirroredEnds.append(out.nodes[j].mirrorEnd)
            let isLast = position + 1 == order.count || groupCurves[order[position + 1]] != groupCurves[k]
            if isLast {
                out.groups.append(CurveGroup(curve: groupCurves[k], range: lower..<(position + 1)))
                lower = position + 1
            }
        }
        out.reverseGroups = Self.reverseGroups(out.steps)
        for (index, step) in out.steps.enumerated() { out.stepsByID[step.id, default: []].append(index) }
        for (id, indices) in out.stepsByID {
            out.stepsByID[id] = indices.sorted {
                (out.steps[$0].start, out.stepNodes[$0]) < (out.steps[$1].start, out.stepNodes[$1])
            }
        }

        Self.numberMirrored(&out.nodes)
        out.boundaries = Self.boundaries(out.nodes, layout: .forward)
        out.mirroredBoundaries = Self.boundaries(out.nodes, layout: .sequential)
        out.reversedBoundaries = Self.boundaries(out.nodes, layout: .contiguous)
        return out
    }

    /// Runs of consecutive steps with one way back (the same reverse easing over the
    /// same duration), one kernel call each in a contiguous reversed pass; steps without
    /// one, and jumps, belong to none.
    static func reverseGroups(_ steps: [Timeline.ScheduledStep]) -> [CurveGroup] {
        func wayBack(_ step: Timeline.ScheduledStep) -> Curve? {
            guard let easing = step.reverseEasing, step.duration > 0 else { return nil }
            return try? Curve.easing(easing, duration: step.duration)
        }
        var groups: [CurveGroup] = []
        var lower = 0
        while lower < steps.count {
            let curve = wayBack(steps[lower])
            var upper = lower + 1
            while upper < steps.count, wayBack(steps[upper]) == curve { upper += 1 }
            if curve != nil { groups.append(CurveGroup(curve: curve, range: lower..<upper)) }
            lower = upper
        }
        return groups
    }

    /// Whether a container lays its children out one after another (a sequence, a
    /// nested timeline, the timeline itself), rather than side by side.
    static func isSerial(_ kind: TimelineNode.Kind) -> Bool {
        kind == .sequence || kind == .timeline
    }

    /// Places every node in a sequential reversed pass (MotionMachine's `sequential`
    /// mode): a serial container plays its children in reverse order, each child
    /// mirrored within the container's span, while a group or a list keeps its
    /// children's offsets, so they replay forward together. Applied from the root down,
    /// a sequence of groups reverses the order of the groups, not the groups themselves.
    /// Children are clamped into their container's mirrored span so that rounding never
    /// lets a child outlast it.
    static func layOutMirrored(_ nodes: inout [TimelineNode]) {
        nodes[0].mirrorStart = 0
        nodes[0].mirrorEnd = nodes[0].end - nodes[0].start
        for j in nodes.indices.dropFirst() {
            let parent = nodes[nodes[j].parent]
            let node = nodes[j]
            var low: Double, high: Double
            if isSerial(parent.kind) {
                low = parent.mirrorStart + (parent.end - node.end)
                high = parent.mirrorStart + (parent.end - node.start)
            } else {
                low = parent.mirrorStart + (node.start - parent.start)
                high = parent.mirrorStart + (node.end - parent.start)
            }
            low = min(max(low, parent.mirrorStart), parent.mirrorEnd)
            high = max(min(high, parent.mirrorEnd), low)
            nodes[j].mirrorStart = low
            nodes[j].mirrorEnd = high
        }
    }

    /// Numbers nodes in pre-order with a serial container's children reversed (a
    /// sequential reversed pass's event order: a sequence's last child comes first, a
    /// group's children keep their order, as they replay forward).
    static func numberMirrored(_ nodes: inout [TimelineNode]) {
        var counter = 0
        var stack: [(Int, Bool)] = [(0, false)]
        while let (node, closing) = stack.popLast() {
            if closing {
                nodes[node].mirrorLastDescendant = counter - 1
                continue
            }
            nodes[node].mirrorOrder = counter
            counter += 1
            stack.append((node, true))
            // The stack pops last-first: push a sequence's children in document order
            // (visited reversed), a group's in reverse order (visited in order).
            let children = nodes[node].children
            if isSerial(nodes[node].kind) {
                for child in children { stack.append((child, false)) }
            } else {
                for child in children.reversed() { stack.append((child, false)) }
            }
        }
    }

    /// Which schedule a list of boundaries describes.
    enum BoundaryLayout {
        /// A forward pass.
        case forward
        /// A sequential reversed pass, played forward on the mirrored layout.
        case sequential
        /// A contiguous reversed pass: the forward schedule, crossed from its end back
        /// to its start (the list is read in reverse), with a sequence's step completed
        /// when the step has played back to its start.
        case contiguous
    }

    /// Every boundary of a pass in event order (ascending; a contiguous reversed pass
    /// reads it backward). At equal times: completions of children that took time
    /// (phase 0) come before starts (phase 1). A zero-length child starts and completes
    /// in phase 1, and so does every container ending at the same moment as such a
    /// child, so that a container completes after each of its children has started and
    /// completed. Within a phase completions sort by last descendant, deeper first, so a
    /// step completes before its sequence reports it and the sequence completes after
    /// that; starts sort by pre-order, so a container starts before its children.
    static func boundaries(_ nodes: [TimelineNode], layout: BoundaryLayout) -> [TimelineBoundary] {
        let mirrored = layout == .sequential
        let starts = nodes.map { mirrored ? $0.mirrorStart : $0.start }
        let ends = nodes.map { mirrored ? $0.mirrorEnd : $0.end }
        // Completion phases, children (later in pre-order) before their parents.
        var endPhase = [Int](repeating: 0, count: nodes.count)
        for j in nodes.indices.reversed() where nodes[j].kind != .marker {
            if ends[j] <= starts[j] { endPhase[j] = 1 }
            let parent = nodes[j].parent
            if parent >= 0, ends[j] == ends[parent], endPhase[j] == 1 { endPhase[parent] = 1 }
        }
        // In a contiguous list a start sorts just after its step-completed twin, so that
        // read backward the step has returned to its start before the sequence says so.
        let startTie = layout == .contiguous ? Int.min + 1 : Int.min
        var result: [TimelineBoundary] = []
        result.reserveCapacity(nodes.count * 3)
        for (j, node) in nodes.enumerated() where node.kind != .marker {
            let order = mirrored ? node.mirrorOrder : j
            let last = mirrored ? node.mirrorLastDescendant : node.lastDescendant
            result.append(
                TimelineBoundary(time: starts[j], phase: 1, order: order, tie: startTie, kind: .started, node: j))
            result.append(
                TimelineBoundary(
                    time: ends[j], phase: endPhase[j], order: last, tie: -(2 * node.depth + 1), kind: .completed,
                    node: j))
            guard isSerial(node.kind) else { continue }
            for child in node.children where nodes[child].kind != .marker {
                let c = nodes[child]
                let kind = TimelineBoundary.Kind.stepCompleted(c.indexInParent)
                if layout == .contiguous {
                    result.append(
                        TimelineBoundary(time: starts[child], phase: 1, order: child, tie: Int.min, kind: kind, node: j)
                    )
                } else {
                    result.append(
                        TimelineBoundary(
                            time: ends[child], phase: endPhase[child],
                            order: mirrored ? c.mirrorLastDescendant : c.lastDescendant,
                            tie: -(2 * c.depth), kind: kind, node: j))
                }
            }
        }
        result.sort { $0.precedes($1) }
        return result
    }
}

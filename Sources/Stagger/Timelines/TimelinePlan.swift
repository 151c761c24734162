/// The tree of children while positions are being resolved: nodes in pre-order, each
/// with its position, and the leaves' motion.
struct TimelinePlan {
    struct Leaf {
        var id: String
        var curve: Curve
        var duration: Double
        var keepsAlive: Bool
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
    /// The nested timelines that repeat, by the node that holds them.
    var repeating: [Int: RepeatingSlot] = [:]

    /// A nested timeline that repeats, in the plan: its slot lasts all its passes.
    struct RepeatingSlot {
        var timeline: Timeline
        /// Nested seconds per second of this plan (before its own time scale).
        var timeScale: Double
        /// The slot's length in seconds of this plan.
        var length: Double { timeline.totalDuration / timeScale }
    }

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
        case .step(let id, let curve, let duration, let keepsAlive, let ends, let reverseEasing):
            let leaf = try Self.leaf(
                id: id, curve: curve, duration: duration, keepsAlive: keepsAlive, ends: ends,
                reverseEasing: reverseEasing
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
        case .staggered(let id, let count, let config, let duration, let keepsAlive, let ends, let reverseEasing):
            guard count >= 0 else { throw .stagger(child: id, .negativeCount(count)) }
            index = append(node(.list, id), anchor: position.anchor, offset: position.offset, previous: previous)
            let template = try Self.leaf(
                id: id, curve: config.curve, duration: duration, keepsAlive: keepsAlive, ends: ends,
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
        case .timeline(_, let nested):
            index = try append(
                nested, named: name, node: node(.timeline, name), at: position, previous: previous
            )
        case .repeated(let child, let options):
            // The child was already reduced with the timeline around it.
            let nested = try Timeline([child], options: options)
            index = try append(nested, named: name, node: node(.timeline, name), at: position, previous: previous)
        case .label(let labelName):
            index = append(
                node(.marker, labelName), anchor: position.anchor, offset: position.offset, previous: previous)
            try define(labelName, at: index)
        }
        nodes[index].lastDescendant = nodes.count - 1
        if let label = child.label { try define(label, at: index) }
        return index
    }

    /// Appends a nested timeline's node and its subtree; one that repeats (a number of
    /// times: forever has no end to place) gets a slot for all its passes.
    private mutating func append(
        _ nested: Timeline, named name: String, node: TimelineNode, at position: TimelinePosition, previous: Int
    ) throws(TimelineError) -> Int {
        guard nested.totalDuration.isFinite else { throw .repeatsForever(child: name) }
        let index = append(node, anchor: position.anchor, offset: position.offset, previous: previous)
        insert(nested, under: index)
        if nested.options.passes > 1 { repeating[index] = RepeatingSlot(timeline: nested, timeScale: 1) }
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
                    id: s.id, curve: s.curve, duration: s.duration, keepsAlive: s.keepsAlive,
                    ends: StepEnds(from: s.from, to: s.to), reverseEasing: s.reverseEasing)
            }
        }
        // Last descendants, now that the subtree is complete (children follow parents).
        for old in nested.nodes.indices.dropFirst().reversed() {
            let index = mapped[old]
            nodes[index].lastDescendant = mapped[nested.nodes[old].lastDescendant]
        }
        // Its own repeating children keep their slots (a nested timeline that repeats
        // plays them itself).
        if nested.options.passes == 1 {
            for child in nested.repeatingChildren {
                repeating[mapped[child.node]] = RepeatingSlot(timeline: child.timeline, timeScale: child.timeScale)
            }
        }
    }

    private static func name(of content: TimelineChild.Content) -> String {
        switch content {
        case .step(let id, _, _, _, _, _): id
        case .group(let name, _): name ?? "group"
        case .sequence(let name, _): name ?? "sequence"
        case .staggered(let id, _, _, _, _, _, _): id
        case .timeline(let name, _): name ?? "timeline"
        case .repeated(let child, _): self.name(of: child.content)
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
        id: String, curve: Curve, duration: Double?, keepsAlive: Bool, ends: StepEnds, reverseEasing: Easing?
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
            id: id, curve: stretched, duration: length, keepsAlive: keepsAlive, ends: ends, reverseEasing: reverseEasing
        )
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
                        end[c] = max(last, start[c] + (repeating[c]?.length ?? 0))
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
            if let slot = repeating[j] { end[j] = max(end[j], start[j] + slot.length) }
        }
    }

    func isLeaf(_ j: Int) -> Bool {
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
}

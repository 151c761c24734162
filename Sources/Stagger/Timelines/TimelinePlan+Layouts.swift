/// The schedules of a pass besides the forward one, and the boundaries events read:
/// how a reversed pass lays out its children.
extension TimelinePlan {
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

    /// Places every node in the schedule a `together` reversed pass reads backward:
    /// the forward one, except that each child of a group is moved later until it ends
    /// with the group, so that read backward the group's children all turn back when
    /// the pass does. A sequence keeps its children's places (read backward, its last
    /// child turns back first), and so does a staggered list (its last item first).
    static func layOutAligned(_ nodes: inout [TimelineNode]) {
        for j in nodes.indices.dropFirst() {
            let parent = nodes[nodes[j].parent]
            nodes[j].alignShift = parent.alignShift + (parent.kind == .group ? parent.end - nodes[j].end : 0)
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
        /// A together reversed pass: as contiguous, on the aligned schedule.
        case together

        /// Whether the list is read backward.
        var readsBackward: Bool { self == .contiguous || self == .together }
    }

    /// Every boundary of a pass in event order (ascending; a contiguous reversed pass
    /// reads it backward). At equal times: completions of children that took time
    /// (phase 0) come before starts (phase 1). A zero-length child starts and completes
    /// in phase 1, and so does every container ending at the same moment as such a
    /// child, so that a container completes after each of its children has started and
    /// completed. Within a phase completions sort by last descendant, deeper first, so a
    /// step completes before its sequence reports it and the sequence completes after
    /// that; starts sort by pre-order, so a container starts before its children.
    ///
    /// `hidden` nodes (inside a repeating child, whose timeline reports them) have none.
    static func boundaries(_ nodes: [TimelineNode], layout: BoundaryLayout, hidden: [Bool]) -> [TimelineBoundary] {
        let mirrored = layout == .sequential
        let starts = nodes.map {
            switch layout {
            case .forward, .contiguous: $0.start
            case .sequential: $0.mirrorStart
            case .together: $0.start + $0.alignShift
            }
        }
        let ends = nodes.map {
            switch layout {
            case .forward, .contiguous: $0.end
            case .sequential: $0.mirrorEnd
            case .together: $0.end + $0.alignShift
            }
        }
        // Completion phases, children (later in pre-order) before their parents.
        var endPhase = [Int](repeating: 0, count: nodes.count)
        for j in nodes.indices.reversed() where nodes[j].kind != .marker {
            if ends[j] <= starts[j] { endPhase[j] = 1 }
            let parent = nodes[j].parent
            if parent >= 0, ends[j] == ends[parent], endPhase[j] == 1 { endPhase[parent] = 1 }
        }
        // In a contiguous list a start sorts just after its step-completed twin, so that
        // read backward the step has returned to its start before the sequence says so.
        let startTie = layout.readsBackward ? Int.min + 1 : Int.min
        var result: [TimelineBoundary] = []
        result.reserveCapacity(nodes.count * 3)
        for (j, node) in nodes.enumerated() where node.kind != .marker && !hidden[j] {
            let order = mirrored ? node.mirrorOrder : j
            let last = mirrored ? node.mirrorLastDescendant : node.lastDescendant
            result.append(
                TimelineBoundary(time: starts[j], phase: 1, order: order, tie: startTie, kind: .started, node: j))
            result.append(
                TimelineBoundary(
                    time: ends[j], phase: endPhase[j], order: last, tie: -(2 * node.depth + 1), kind: .completed,
                    node: j))
            guard isSerial(node.kind) else { continue }
            for child in node.children where nodes[child].kind != .marker && !hidden[child] {
                let c = nodes[child]
                let kind = TimelineBoundary.Kind.stepCompleted(c.indexInParent)
                if layout.readsBackward {
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

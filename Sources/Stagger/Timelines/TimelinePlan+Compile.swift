/// The flat form of a resolved plan: the time scale applied, steps in document order in
/// runs of one curve, rest durations, repeating children and the boundaries events read.
extension TimelinePlan {
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
        var alignedShifts: [Double] = []
        var alignedBoundaries: [TimelineBoundary] = []
        var repeatingChildren: [RepeatingChild] = []
    }

    /// Applies the time scale and lays the steps out in document order, in runs of one
    /// curve (a repeating child's steps as one run its timeline samples); `aligned`
    /// also lays out the schedule a `together` reversed pass reads.
    func compile(timeScale: Double, aligned: Bool) throws(TimelineError) -> Compiled {
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
        if aligned { Self.layOutAligned(&out.nodes) }
        // The nodes inside a repeating child: its timeline answers for them.
        var hidden = [Bool](repeating: false, count: nodes.count)
        for container in repeating.keys where container < nodes[container].lastDescendant {
            for j in (container + 1)...nodes[container].lastDescendant { hidden[j] = true }
        }

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
            if hidden[j] { continue }
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
        for (container, slot) in repeating where !hidden[container] {
            let rest = slot.timeline.restEnd / (slot.timeScale * timeScale)
            rests.append(out.nodes[container].start + rest)
            mirroredRests.append(out.nodes[container].mirrorStart + rest)
        }
        out.restDuration = max(out.duration, rests.max() ?? 0)
        out.mirroredRestDuration = max(out.duration, mirroredRests.max() ?? 0)

        // Steps stay in document order (what a caller indexes values by); each run of
        // consecutive steps with one curve (jumps apart) is one kernel call. A staggered
        // list is one run, and so is a repeating child (its timeline's call).
        let containers = repeating.keys.filter { !hidden[$0] }.sorted()
        var childOfNode = [Int?](repeating: nil, count: nodes.count)
        for (child, container) in containers.enumerated() where container < nodes[container].lastDescendant {
            for j in (container + 1)...nodes[container].lastDescendant { childOfNode[j] = child }
        }
        func key(_ k: Int) -> (child: Int?, curve: Curve?) {
            let j = leafNodes[k]
            if let child = childOfNode[j] { return (child, nil) }
            return (nil, leaves[j]!.duration == 0 ? nil : curves[k])
        }
        var lower = 0
        var childSteps = [Range<Int>?](repeating: nil, count: containers.count)
        for (position, j) in leafNodes.enumerated() {
            let leaf = leaves[j]!
            out.nodes[j].kind = .step(position)
            out.stepNodes.append(j)
            out.steps.append(
                Timeline.ScheduledStep(
                    id: leaf.id, start: out.nodes[j].start, duration: leaf.duration / timeScale, end: out.nodes[j].end,
                    curve: curves[position], keepsAlive: leaf.keepsAlive, from: leaf.ends.from, to: leaf.ends.to,
                    reverseEasing: leaf.reverseEasing))
            out.mirroredStarts.append(out.nodes[j].mirrorStart)
            out.mirroredEnds.append(out.nodes[j].mirrorEnd)
            if aligned { out.alignedShifts.append(out.nodes[j].alignShift) }
            let here = key(position)
            let isLast =
                position + 1 == leafNodes.count || key(position + 1).child != here.child
                || key(position + 1).curve != here.curve
            if isLast {
                let range = lower..<(position + 1)
                out.groups.append(CurveGroup(curve: here.curve, range: range, repeatingChild: here.child))
                if let child = here.child { childSteps[child] = range }
                lower = position + 1
            }
        }
        for (child, container) in containers.enumerated() {
            let slot = repeating[container]!
            out.repeatingChildren.append(
                RepeatingChild(
                    node: container, timeline: slot.timeline, steps: childSteps[child] ?? lower..<lower,
                    nodeBase: container, timeScale: slot.timeScale * timeScale))
        }
        out.reverseGroups = Self.reverseGroups(out.steps, excluding: out.groups.filter { $0.repeatingChild != nil })
        for (index, step) in out.steps.enumerated() { out.stepsByID[step.id, default: []].append(index) }
        for (id, indices) in out.stepsByID {
            out.stepsByID[id] = indices.sorted {
                (out.steps[$0].start, out.stepNodes[$0]) < (out.steps[$1].start, out.stepNodes[$1])
            }
        }

        Self.numberMirrored(&out.nodes)
        out.boundaries = Self.boundaries(out.nodes, layout: .forward, hidden: hidden)
        out.mirroredBoundaries = Self.boundaries(out.nodes, layout: .sequential, hidden: hidden)
        out.reversedBoundaries = Self.boundaries(out.nodes, layout: .contiguous, hidden: hidden)
        if aligned { out.alignedBoundaries = Self.boundaries(out.nodes, layout: .together, hidden: hidden) }
        return out
    }

    /// Runs of consecutive steps with one way back (the same reverse easing over the
    /// same duration), one kernel call each in a contiguous reversed pass; steps without
    /// one, and jumps, belong to none.
    static func reverseGroups(_ steps: [Timeline.ScheduledStep], excluding children: [CurveGroup]) -> [CurveGroup] {
        var excluded = [Bool](repeating: false, count: steps.count)
        for child in children { for i in child.range { excluded[i] = true } }
        func wayBack(_ i: Int) -> Curve? {
            let step = steps[i]
            guard !excluded[i], let easing = step.reverseEasing, step.duration > 0 else { return nil }
            return try? Curve.easing(easing, duration: step.duration)
        }
        var groups: [CurveGroup] = []
        var lower = 0
        while lower < steps.count {
            let curve = wayBack(lower)
            var upper = lower + 1
            while upper < steps.count, wayBack(upper) == curve { upper += 1 }
            if curve != nil { groups.append(CurveGroup(curve: curve, range: lower..<upper)) }
            lower = upper
        }
        return groups
    }
}

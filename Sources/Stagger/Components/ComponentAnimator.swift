/// Moves a component between ``ComponentState``s: each element on its own curve after
/// its own delay, interruptible at any moment by a transition to another state, which
/// starts from the current values and velocities.
///
/// A pure function of time: ``transition(to:at:using:)`` records what happens when;
/// ``value(_:of:at:as:)`` answers for any time from the last transition on, while
/// ``events(from:to:)`` keeps every transition's events (a frame loop asks for the events
/// since its previous frame, and a transition between two frames must not hide what the
/// motion it replaced did in between). An earlier time is answered by the motion the
/// latest transition set up: a spring, or an element restarted on another curve, holds
/// the value it started from; an easing carried on by the same curve still shows the
/// motion it interrupted, under a new one that has not begun (see ``StaggeredList`` for
/// why the replaced history is not kept).
public struct ComponentAnimator: Sendable {
    /// One transition, for the events.
    private struct Record: Sendable {
        var from: String
        var to: String
        var start: Double
        var elements: [(name: String, start: Double, end: Double)]
        var end: Double
        var cut: Double = .infinity
    }

    /// Whether motion is reduced, from the next transition (see ``ReducedMotion``):
    /// colours and properties named for opacity or alpha fade over
    /// ``ReducedMotion/fadeDuration`` seconds, every other property jumps as its element
    /// starts, and element delays keep their order within
    /// ``ReducedMotion/maximumSpread`` seconds. Pass the device's setting as
    /// `.system(isEnabled:)`; off by default.
    public var reducedMotion: ReducedMotion = .system(isEnabled: false)

    /// The state the component is heading to (or resting in).
    public private(set) var state: ComponentState
    private var layout: Layout
    /// Every lane's value in ``state``: where each lane is going.
    private var targets: [Double]
    private var engine: LaneAnimation
    /// The engine's segment of each element's first property, by the element's position
    /// in the layout; each property has a segment of its own when
    /// ``segmentPerProperty`` (a reduced transition's). Reading a value names its
    /// segment instead of the engine searching thousands of them for its lane.
    private var segmentStarts: [Int]
    private var segmentPerProperty = false
    private var records: [Record] = []

    /// A component resting in `state`.
    public init(state: ComponentState) {
        self.state = state
        layout = Layout(state)
        targets = layout.values(of: state)
        // One segment of every lane.
        segmentStarts = [Int](repeating: 0, count: layout.elements.count)
        // Evaluated in Double only: component values need not fit float32.
        engine = LaneAnimation(values: targets, segments: [.init(lanes: 0..<targets.count, curve: .spring)])
    }

    /// Starts the transition to `target` at `time` (seconds on the caller's clock).
    ///
    /// Properties the target sets move to it; properties it does not mention keep their
    /// current targets; properties new to the component appear at their target value
    /// at once. Elements still moving keep their value continuous, and their velocity:
    /// a spring starts from the current value and velocity; an easing the element was
    /// already running (the same curve) adds the change of target on top of the motion
    /// in flight, which runs on (SwiftUI's additive behaviour: the velocity carries over,
    /// plus the new curve's initial slope times the change, 0 for easeIn and easeInOut);
    /// another easing, or a decay, restarts from the current value (its slope may jump).
    ///
    /// The first transition may come at any finite time (a negative one included); each
    /// later one at or after the one before.
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a non-finite time;
    ///   ``AnimatableError/timeRunsBackward(time:latest:)`` for one more than
    ///   ``TimeOrder/tolerance`` before the last transition (one within it is taken at
    ///   that transition's time); ``AnimatableError/typeMismatch(property:)`` when the
    ///   target gives a property a different type;
    ///   ``AnimatableError/nonFiniteComponent(name:value:)`` when a span or velocity
    ///   overflows (values near Double's limits). Nothing changes on a throw.
    public mutating func transition(
        to target: ComponentState, at time: Double, using transition: ComponentTransition = .init()
    ) throws(AnimatableError) {
        let time = try changeTime(time)
        // What the target sets, checked against the types the component has (one lookup
        // per element, none per property), and whether it brings a new element or
        // property (a new layout) or sets every property there is (it is then the
        // merged state itself).
        var bringsNew = false
        var setsEverything = target.elements.count == layout.elements.count
        // Where each lane goes, under the same layout: the targets so far with the
        // target's values written over them, in the same pass (a new layout takes the
        // merged state's instead, below).
        var targets = self.targets
        for (element, properties) in target.elements {
            guard let position = layout.position(of: element) else {
                bringsNew = true
                setsEverything = false
                continue
            }
            let known = layout.elements[position]
            if properties.entries.count != known.properties.count { setsEverything = false }
            var mismatched = false
            for (property, entry) in properties.entries {
                guard let old = known.property(named: property) else {
                    bringsNew = true
                    continue
                }
                if old.type != entry.type {
                    mismatched = true
                } else {
                    targets.replaceSubrange(old.lanes, with: entry.components)
                }
            }
            if mismatched {
                // The first in name order, as the names are listed.
                for property in properties.propertyNames
                where known.property(named: property).map({ $0.type != properties.entries[property]!.type }) ?? false {
                    throw .typeMismatch(property: "\(element).\(property)")
                }
            }
        }
        // The merged state: old targets overridden by the new ones, each element's values
        // changed where they are (a copy per element was most of a transition).
        var merged: ComponentState
        if setsEverything && !bringsNew {
            merged = target
        } else {
            merged = state
            merged.name = target.name
            for (element, properties) in target.elements {
                merged.updateElement(element) { values in
                    for property in properties.propertyNames {
                        let entry = properties.entries[property]!
                        values.setComponents(property, type: entry.type, entry.components)
                    }
                }
            }
        }
        let nextLayout = bringsNew ? Layout(merged) : layout
        if bringsNew { targets = nextLayout.values(of: merged) }
        let reduced = reducedMotion.isReduced
        // Reduced: the delays of the elements that move keep their order within the
        // reduced spread.
        var delayScale = 1.0
        if reduced {
            var longestDelay = 0.0
            for element in nextLayout.elements {
                longestDelay = Swift.max(longestDelay, transition.timing(of: element.name).delay)
            }
            if longestDelay > ReducedMotion.maximumSpread { delayScale = ReducedMotion.maximumSpread / longestDelay }
        }
        var segments: [LaneAnimation.Segment] = []
        // The element of each segment, by position: an element with no properties has
        // an empty segment whose lower bound another element shares.
        var segmentElements: [String] = []
        var start: [(value: Double, velocity: Double)] = []
        var delays: [Double] = []
        // The old lane each moving lane continues (additively, when its easing is the same).
        var carried: [Int] = []
        segments.reserveCapacity(nextLayout.elements.count)
        segmentElements.reserveCapacity(nextLayout.elements.count)
        start.reserveCapacity(nextLayout.laneCount)
        delays.reserveCapacity(nextLayout.laneCount)
        carried.reserveCapacity(nextLayout.laneCount)
        var nextSegmentStarts = [Int](repeating: 0, count: nextLayout.elements.count)
        for (position, element) in nextLayout.elements.enumerated() {
            let timing = transition.timing(of: element.name)
            let first = start.count
            nextSegmentStarts[position] = segments.count
            for (index, property) in element.properties.enumerated() {
                let lanes = property.lanes
                // The lanes it had and their segment: the same place under the same layout.
                let old = bringsNew ? layout.find(property.name, of: element.name) : (position, index)
                if let old {
                    let oldLanes = layout.elements[old.position].properties[old.index].lanes
                    let segment = self.segment(ofProperty: old.index, element: old.position)
                    // Where it is now: its value, and its velocity when any of its
                    // components is moving (NaN otherwise: the curve's own).
                    let moving = oldLanes.contains { engine.isMoving(lane: $0, at: time) }
                    for lane in oldLanes {
                        let now = engine.reference(lane: lane, at: time, segment: segment)
                        start.append((now.value, moving ? now.velocity : .nan))
                        carried.append(moving ? lane : -1)
                    }
                } else {
                    // New: at its target at once.
                    for lane in lanes { start.append((targets[lane], .nan)) }
                    carried.append(contentsOf: repeatElement(-1, count: lanes.count))
                }
                // An element already moving continues at once; a delay applies to
                // elements at rest (a delay mid-flight would freeze them).
                let moving = start[lanes].contains { !$0.velocity.isNaN }
                delays.append(contentsOf: repeatElement(moving ? 0 : timing.delay * delayScale, count: lanes.count))
                if reduced {
                    let curve = Self.reducedCurve(
                        property.name, type: property.type, saying: transition.reducedMotion[property.name])
                    segments.append(.init(lanes: lanes, curve: curve))
                    segmentElements.append(element.name)
                }
            }
            if !reduced || start.count == first {
                segments.append(.init(lanes: first..<start.count, curve: reduced ? ReducedMotion.fade : timing.curve))
                segmentElements.append(element.name)
            }
        }
        var next = LaneAnimation(values: start.map(\.value), segments: segments)
        do throws(LaneFailure) {
            try next.setMotion(
                start: time, current: { lane, _ in start[lane] }, targets: .each(targets),
                delay: { lane, _ in delays[lane] },
                carrying: engine, carried: { carried[$0] })
        } catch {
            // Named only when there is an error: a name per lane was most of a
            // transition of many elements.
            throw AnimatableError(
                error,
                laneName: { lane in
                    for element in nextLayout.elements {
                        for property in element.properties where property.lanes.contains(lane) {
                            return "\(element.name).\(property.name) component \(lane - property.lanes.lowerBound)"
                        }
                    }
                    return "lane \(lane)"
                })
        }

        // Close the interrupted transition, record this one.
        if let last = records.indices.last, records[last].end > time { records[last].cut = time }
        var windows: [(name: String, start: Double, end: Double)] = []
        for (segment, name) in zip(segments, segmentElements) {
            var begin = Double.infinity, end = time
            for lane in segment.lanes {
                begin = Swift.min(begin, next.begin(ofLane: lane))
                end = Swift.max(end, next.end(ofLane: lane))
            }
            let window = (name: name, start: segment.lanes.isEmpty ? time : begin, end: end)
            // Under reduced motion an element has a segment per property: one window.
            if let last = windows.last, last.name == name {
                windows[windows.count - 1] = (
                    name, Swift.min(last.start, window.start), Swift.max(last.end, window.end)
                )
            } else {
                windows.append(window)
            }
        }
        records.append(
            Record(
                from: state.name, to: target.name, start: time, elements: windows,
                end: windows.map(\.end).max() ?? time))
        self.engine = next
        layout = nextLayout
        segmentStarts = nextSegmentStarts
        segmentPerProperty = reduced
        self.targets = targets
        state = merged
    }

    /// Hands a drag of one property over to the animator, as when a finger that was
    /// moving an element lets go: at `time` the property is at `value`, moving at
    /// `velocity` (per second, one entry per component, as ``velocity(_:of:at:)``
    /// reports it), and from there it runs to its target in ``state`` on the curve its
    /// element last ran, at once.
    ///
    /// A spring carries the velocity on, so value and velocity are continuous at the
    /// release; an easing starts from the value at rest, a decay at k times its new span.
    /// Every other property keeps its motion. A release is not a transition: it reports
    /// no events of its own, and a ``transition(to:at:using:)`` at the same time picks
    /// the released motion up like any other.
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a non-finite time;
    ///   ``AnimatableError/timeRunsBackward(time:latest:)`` for one more than
    ///   ``TimeOrder/tolerance`` before the last transition or release; ``AnimatableError/unknownElement(_:)``;
    ///   ``AnimatableError/typeMismatch(property:)`` for a `Value` of another type;
    ///   ``AnimatableError/componentCountMismatch(expected:actual:)`` for a velocity
    ///   with another number of components; ``AnimatableError/nonFiniteComponent(name:value:)``
    ///   for a value or velocity component that is not finite. Nothing changes on a throw.
    public mutating func release<Value: ComponentAnimatable>(
        _ property: String, of element: String, from value: Value, velocity: [Double], at time: Double
    ) throws(AnimatableError) {
        let time = try changeTime(time)
        let (key, _) = try find(property, of: element, at: time)
        guard key.type == ObjectIdentifier(Value.self) else { throw .typeMismatch(property: "\(element).\(property)") }
        let components = value.components
        guard components.count == key.lanes.count else {
            throw .componentCountMismatch(expected: key.lanes.count, actual: components.count)
        }
        guard velocity.count == components.count else {
            throw .componentCountMismatch(expected: components.count, actual: velocity.count)
        }
        do throws(LaneFailure) {
            try engine.release(lanes: key.lanes, values: components, velocities: velocity, at: time)
        } catch {
            throw AnimatableError(error, laneName: { "\(element).\(property) component \($0 - key.lanes.lowerBound)" })
        }
    }

    /// Property `property` of element `element` at `time`, as a `Value`.
    ///
    /// Colours and opacities stay within 0…1, as everywhere in the package (a list's
    /// opacity track, a pair's opacity and colours): a spring that overshoots a colour
    /// channel, or a property named for opacity or alpha, is clipped there, so that the
    /// value is one ``ComponentState/set(_:of:to:)`` accepts. Other properties follow the
    /// overshoot.
    ///
    /// - Throws: ``AnimatableError/unknownElement(_:)``, ``AnimatableError/typeMismatch(property:)``,
    ///   ``AnimatableError/invalidTime(_:)``.
    public func value<Value: ComponentAnimatable>(
        _ property: String, of element: String, at time: Double, as type: Value.Type = Value.self
    ) throws(AnimatableError) -> Value {
        let (key, segment) = try find(property, of: element, at: time)
        guard key.type == ObjectIdentifier(Value.self) else { throw .typeMismatch(property: "\(element).\(property)") }
        // A Double (opacity, offset, scale: most properties) is its one component: no
        // array to build it from, so that a frame reading every value allocates nothing.
        if Value.self == Double.self, key.lanes.count == 1 {
            let value = engine.reference(lane: key.lanes.lowerBound, at: time, segment: segment).value
            return (key.isFraction ? Swift.min(Swift.max(value, 0), 1) : value) as! Value
        }
        var components = key.lanes.map { engine.reference(lane: $0, at: time, segment: segment).value }
        if key.isFraction {
            for i in components.indices { components[i] = Swift.min(Swift.max(components[i], 0), 1) }
        }
        return Value(components: components[...])
    }

    /// The velocity of each component of property `property` of `element` at `time`,
    /// value units per second.
    ///
    /// - Throws: as ``value(_:of:at:as:)``.
    public func velocity(_ property: String, of element: String, at time: Double) throws(AnimatableError) -> [Double] {
        let (key, segment) = try find(property, of: element, at: time)
        return key.lanes.map { engine.reference(lane: $0, at: time, segment: segment).velocity }
    }

    /// The time at which a change stamped `time` takes effect, by the one rule of
    /// ``TimeOrder``.
    private func changeTime(_ time: Double) throws(AnimatableError) -> Double {
        try TimeOrder.accept(
            time, after: engine.lastTransition, nonFinite: AnimatableError.invalidTime,
            runsBackward: AnimatableError.timeRunsBackward)
    }

    /// Property `property` of element `element`, and its segment in the engine.
    private func find(_ property: String, of element: String, at time: Double) throws(AnimatableError)
        -> (Layout.Property, segment: Int)
    {
        guard time.isFinite else { throw .invalidTime(time) }
        guard let place = layout.find(property, of: element) else { throw .unknownElement("\(element).\(property)") }
        return (
            layout.elements[place.position].properties[place.index],
            segment(ofProperty: place.index, element: place.position)
        )
    }

    /// The engine's segment of property `index` of the element at `position`.
    private func segment(ofProperty index: Int, element position: Int) -> Int {
        segmentStarts[position] + (segmentPerProperty ? index : 0)
    }

    /// Whether every element is at rest at `time`.
    public func isComplete(at time: Double) -> Bool { time >= engine.settleTime }

    /// What a property runs under reduced motion: what the transition says of it, else
    /// fractions (``isFraction(_:type:)``) fade and everything else (frames, sizes,
    /// offsets, corner radii, transforms) jumps.
    static func reducedCurve(_ property: String, type: ObjectIdentifier, saying said: StaggerTrack.Reduction?) -> Curve
    {
        switch said ?? (isFraction(property, type: type) ? .fade : .jump) {
        case .fade: ReducedMotion.fade
        case .jump: ReducedMotion.jump
        }
    }

    /// Whether a property's values are fractions of 0…1: colours, and properties whose
    /// name says opacity or alpha (any case: `labelOpacity`). They fade under reduced
    /// motion and are clipped to 0…1 when read.
    static func isFraction(_ property: String, type: ObjectIdentifier) -> Bool {
        type == ObjectIdentifier(RGBAColor.self) || contains(property, "opacity") || contains(property, "alpha")
    }

    /// Whether `name` holds `word` (lowercase ASCII letters) in any case, byte by byte:
    /// property names are short, and the standard library's `contains` set up a
    /// searcher on every call (3 µs, most of a frame that reads every property). ASCII
    /// letters fold; the words are ASCII, and no other letter lowercases to one of
    /// theirs. The name's UTF-8 is read in place: a copy into an array allocated, twice
    /// per property of every transition.
    private static func contains(_ name: String, _ word: StaticString) -> Bool {
        var name = name
        return name.withUTF8 { bytes in contains(bytes, word) }
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return word.withUTF8Buffer { word in
            for start in 0...(bytes.count - count) {
                var matches = true
                for k in 0..<count {
                    let byte = bytes[start + k]
                    let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    if folded != word[k] {
                        matches = false
                        break
                    }
                }
                if matches { return true }
            }
            return false
        }
    }

    /// The time of the last event ``events(from:to:)`` can report (−∞ before the first
    /// transition): the last transition's end, or when it was cut.
    var lastEventTime: Double { records.last.map { Swift.min($0.end, $0.cut) } ?? -.infinity }

    /// The events with times in (from, to], in order (for a frame loop: the interval
    /// since the last frame). Going backward (to < from) lists the same events in
    /// reverse order. Events of a transition after its interruption are not reported.
    ///
    /// - Throws: ``AnimatableError/invalidTime(_:)`` for a NaN time.
    public func events(from: Double, to: Double) throws(AnimatableError) -> [ComponentEvent] {
        guard !from.isNaN else { throw .invalidTime(from) }
        guard !to.isNaN else { throw .invalidTime(to) }
        if from > to { return try events(from: to, to: from).reversed() }
        var all: [(event: ComponentEvent, order: Int)] = []
        for (r, record) in records.enumerated() {
            var order = r * 1_000_000
            func add(_ time: Double, _ kind: ComponentEvent.Kind) {
                order += 1
                if time <= record.cut { all.append((ComponentEvent(time: time, kind: kind), order)) }
            }
            add(record.start, .willTransition(from: record.from, to: record.to))
            for window in record.elements.sorted(by: { ($0.start, $0.name) < ($1.start, $1.name) }) {
                add(window.start, .elementStarted(window.name))
            }
            for window in record.elements.sorted(by: { ($0.end, $0.name) < ($1.end, $1.name) }) {
                add(window.end, .elementFinished(window.name))
            }
            if record.cut < record.end {
                order += 1
                all.append(
                    (ComponentEvent(time: record.cut, kind: .interrupted(from: record.from, to: record.to)), order))
            } else {
                add(record.end, .didTransition(from: record.from, to: record.to))
            }
        }
        return all.filter { $0.event.time > from && $0.event.time <= to }
            .sorted { ($0.event.time, $0.order) < ($1.event.time, $1.order) }
            .map(\.event)
    }
}

// A layout transition changing again, mid-flight or not.

extension LayoutTransition {
    /// The layout changes again at `time`, to `newer`, mid-flight or not: items in
    /// `newer` head to their frames there (one that was leaving comes back), items not
    /// in it disappear from where they were going, new items appear. Every item goes on
    /// from its value and its velocity, by the group's interruption rule (a spring's
    /// velocity; an easing adds the change on top of the motions in flight), and items
    /// at rest start after their stagger delay.
    ///
    /// With no new items, the group is retargeted (``MatchedPairGroup/retarget(_:at:)``):
    /// the order of the first change stays, and ``roles`` become this change's (an item
    /// in `newer` stays, one not in it leaves). With new items, the order and roles
    /// are this change's: the reading order of where the items are at `time` (or of
    /// `newer`, as ``order`` says), items not in `newer` that have faded out and come
    /// to rest dropped (``itemsSettling(after:through:)`` still lists their rests);
    /// each item that stays takes its state at `time` as its source (where a later
    /// ``reverse(at:)`` sends it).
    ///
    /// - Throws: as ``init(from:to:curves:stagger:order:arc:appearing:disappearing:)``
    ///   for `newer`, and as ``MatchedPairGroup/retarget(_:at:)``. Nothing changes on a
    ///   throw.
    public mutating func change(to newer: [(id: ID, frame: LayoutRect)], at time: Double) throws(AnimatableError) {
        if Self.sameIDs(newer, ids) {
            // The same items in the same order (a resize, another number of columns):
            // each item's place is its own, found without a dictionary of the new IDs,
            // and its destination goes into the buffer the last such change left.
            var destinations: [MatchedGeometry] = []
            swap(&destinations, &destinationBuffer)
            defer { swap(&destinations, &destinationBuffer) }
            destinations.removeAll(keepingCapacity: true)
            destinations.reserveCapacity(newer.count)
            for i in newer.indices {
                try Self.requireValid(newer[i].frame, item: { "new[\(i)]" })
                destinations.append(try MatchedGeometry(frame: newer[i].frame))
            }
            try group.retarget(destinations, at: time)
            // Every item is in the new layout: each stays (one leaving comes back).
            for i in roles.indices { roles[i] = .staying }
            return
        }
        // Each item's place in `newer` (−1: not there), one lookup per ID of `newer`, and
        // the places in `newer` of the IDs that are no item's. (Index loops, not
        // enumerated() or key paths: generic code here goes through the runtime per
        // element.)
        var places = [Int](repeating: -1, count: ids.count)
        var newcomers: [Int] = []
        for k in newer.indices { try Self.requireValid(newer[k].frame, item: { "new[\(k)]" }) }
        // An ID given twice is named by its second place, the first such in `newer`
        // (as the init names one): an item's found here, a newcomer's among the few
        // newcomers hashed again, and the earlier of the two thrown.
        var repeated: (first: Int, second: Int)?
        for k in newer.indices {
            guard let i = indexByID[newer[k].id] else {
                newcomers.append(k)
                continue
            }
            guard places[i] < 0 else {
                repeated = (places[i], k)
                break
            }
            places[i] = k
        }
        if let again = Self.firstRepeat(in: newer, at: newcomers), again.second < repeated?.second ?? .max {
            repeated = again
        }
        if let (first, second) = repeated {
            throw .duplicateElement("The ID \(newer[second].id) of new[\(first)] and new[\(second)]")
        }
        guard !newcomers.isEmpty else {
            var destinations: [MatchedGeometry] = []
            destinations.reserveCapacity(ids.count)
            for i in ids.indices {
                destinations.append(
                    places[i] >= 0
                        ? try MatchedGeometry(frame: newer[places[i]].frame) : try leavingDestination(ofPair: i))
            }
            try group.retarget(destinations, at: time)
            for i in roles.indices { roles[i] = places[i] >= 0 ? .staying : .leaving }
            return
        }
        // New items: laid out again from where every item is, each item that stays
        // carrying its motion on (faded out and not in `newer`: dropped), read at the
        // time the change takes effect (a time a hair before the last transition is
        // that transition's, by the one rule of TimeOrder), as the regrouped start is.
        let time = try group.changeTime(time)
        var current: [(id: ID, frame: LayoutRect)] = [], currentPairs: [Int] = []
        current.reserveCapacity(ids.count)
        currentPairs.reserveCapacity(ids.count)
        let states = try group.states(at: time)
        var dropped: [(id: ID, time: Double)] = []
        for i in ids.indices {
            // An item not in `newer` that has faded out is dropped once at rest (a
            // spring's opacity may dip below 0 and come back), its rests kept to be
            // heard of: the latest, and one an earlier transition replaced.
            if places[i] < 0, states[i].opacity <= 0 {
                let rest = try group.settleTime(ofPair: i)
                if rest <= time {
                    let earlier = group.earlierRests.isEmpty ? -.infinity : group.earlierRests[i]
                    if earlier.isFinite, earlier < rest { dropped.append((ids[i], earlier)) }
                    dropped.append((ids[i], rest))
                    continue
                }
            }
            let frame = states[i].frame
            currentPairs.append(i)
            current.append(
                (
                    ids[i],
                    try LayoutRect(
                        x: frame.minX, y: frame.minY, width: max(frame.width, 0), height: max(frame.height, 0))
                ))
        }
        var plan = try Self.plan(
            from: current, to: newer, order: order, options: options, appearing: appearing, disappearing: disappearing)
        var carriedPairs = [Int](repeating: -1, count: plan.ids.count)
        for j in plan.ids.indices where plan.oldPlaces[j] >= 0 {
            // An item of `current`: one of this transition's.
            let i = currentPairs[plan.oldPlaces[j]]
            carriedPairs[j] = i
            plan.pairs[j].source.opacity = min(max(states[i].opacity, 0), 1)
            if plan.roles[j] == .leaving { plan.pairs[j].destination = try leavingDestination(ofPair: i) }
        }
        var next = try group.regrouped(
            plan.pairs, carrying: carriedPairs, stagger: stagger.map { Self.fitted($0, count: plan.ids.count) })
        try next.start(at: time)
        group = next
        ids = plan.ids
        roles = plan.roles
        indexByID = plan.index
        // Each dropped item's latest rests, whatever changes come before a frame asks
        // for them (as the group keeps each pair's): an item dropped again replaces
        // its own.
        if !dropped.isEmpty {
            let again = Set(dropped.map(\.id))
            droppedRests.removeAll { again.contains($0.id) }
            droppedRests += dropped
        }
    }

    /// Whether `items` holds exactly `ids`, in that order. (The IDs of a transition are
    /// distinct, so such items are too.)
    private static func sameIDs(_ items: [(id: ID, frame: LayoutRect)], _ ids: [ID]) -> Bool {
        guard items.count == ids.count else { return false }
        for i in ids.indices where items[i].id != ids[i] { return false }
        return true
    }

    /// Where pair `i`, no longer in the layout, disappears: where it was going, scaled
    /// and transparent (as it is when it was already leaving).
    private func leavingDestination(ofPair i: Int) throws(AnimatableError) -> MatchedGeometry {
        let destination = group.pairs[i].destination
        guard destination.opacity != 0 else { return destination }
        return try Self.faded(
            destination.frame, by: disappearing.scale, item: { "item \(ids[i])" }, scale: "disappearing.scale")
    }

    /// The first ID that `items` gives twice at `places` (in order): the places of its
    /// first and second occurrence, or `nil` when none repeats.
    private static func firstRepeat(
        in items: [(id: ID, frame: LayoutRect)], at places: [Int]
    ) -> (first: Int, second: Int)? {
        var seen = [ID: Int](minimumCapacity: places.count)
        for k in places {
            if let first = seen.updateValue(k, forKey: items[k].id) { return (first, k) }
        }
        return nil
    }
}

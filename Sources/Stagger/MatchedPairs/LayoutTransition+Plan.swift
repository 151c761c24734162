// A layout transition's plan of a change: its items, in stagger order, their pairs, and
// the checks and names of what it is given.

extension LayoutTransition {
    /// The items of a change, in stagger order.
    struct Plan {
        var ids: [ID] = [], roles: [Role] = [], pairs: [MatchedPair] = []
        /// Each item's place in the old layout (−1 for one that arrives).
        var oldPlaces: [Int] = []
        /// Each ID's item.
        var index: [ID: Int] = [:]
    }

    /// The items of a change from `old` to `new`, in stagger order: their IDs, roles,
    /// pairs and places in `old`, and each ID's place among them.
    ///
    /// - Throws: ``AnimatableError/duplicateElement(_:)`` for an ID given twice in one
    ///   layout (`old` first); a pair's errors for a frame that is not finite or an arc
    ///   outside −1…1.
    static func plan(
        from old: [(id: ID, frame: LayoutRect)], to new: [(id: ID, frame: LayoutRect)], order: Order,
        options: MatchedPairOptions, appearing: Entrance, disappearing: Entrance
    ) throws(AnimatableError) -> Plan {
        // Every frame checked in the order given, named by its place (a frame's fields
        // are mutable, so a given one may hold a NaN).
        for k in old.indices { try Self.requireValid(old[k].frame, item: { "old[\(k)]" }) }
        for k in new.indices { try Self.requireValid(new[k].frame, item: { "new[\(k)]" }) }
        // One dictionary of every item, hashing each ID once per layout: the IDs are
        // generic and unspecialised in a client, so each hash and lookup goes through
        // witness tables (five per item when each layout, and then the items, had a
        // dictionary of their own). An item's slot is its place in `old`, or
        // `old.count` plus its place in `new` for an item only there.
        var slots = [ID: Int](minimumCapacity: Swift.max(old.count, new.count))
        for k in old.indices {
            if let first = slots.updateValue(k, forKey: old[k].id) {
                throw .duplicateElement("The ID \(old[k].id) of old[\(first)] and old[\(k)]")
            }
        }
        // Each old item's place in `new` (−1: leaving) and each new item's slot, in one
        // lookup per new ID that inserts the IDs only `new` has.
        var newPlaceOfOld = [Int](repeating: -1, count: old.count)
        var slotOfNew = [Int](repeating: 0, count: new.count)
        for k in new.indices {
            let fresh = old.count + k
            let slot = Self.claim(&slots[new[k].id, default: fresh])
            let first = slot >= old.count ? (slot == fresh ? -1 : slot - old.count) : newPlaceOfOld[slot]
            guard first < 0 else { throw .duplicateElement("The ID \(new[k].id) of new[\(first)] and new[\(k)]") }
            if slot < old.count { newPlaceOfOld[slot] = k }
            slotOfNew[k] = slot
        }
        // Every item once: the new layout's, then the old one's that left. Parallel
        // arrays, the generic IDs apart: loops over generic tuples went through the
        // runtime's metadata for every element, most of the init for 10,000 items.
        let leaving = newPlaceOfOld.indices.filter { newPlaceOfOld[$0] < 0 }
        let itemCount = new.count + leaving.count
        var itemSlots = slotOfNew
        itemSlots.append(contentsOf: leaving)
        var itemRoles: [Role] = [], oldFrames: [LayoutRect?] = [], newFrames: [LayoutRect?] = []
        itemRoles.reserveCapacity(itemCount)
        oldFrames.reserveCapacity(itemCount)
        newFrames.reserveCapacity(itemCount)
        for k in new.indices {
            let slot = slotOfNew[k]
            let before = slot < old.count ? old[slot].frame : nil
            itemRoles.append(before == nil ? .arriving : .staying)
            oldFrames.append(before)
            newFrames.append(new[k].frame)
        }
        for k in leaving {
            itemRoles.append(.leaving)
            oldFrames.append(old[k].frame)
            newFrames.append(nil)
        }
        // Reading order of the chosen layout (the other's frame where it has none; ties
        // in the order given).
        let keys = oldFrames.indices.map { i in
            let frame = (order == .oldLayout ? oldFrames[i] ?? newFrames[i] : newFrames[i] ?? oldFrames[i])!
            return (frame.minY, frame.minX, i)
        }
        let sorted = keys.indices.sorted { keys[$0] < keys[$1] }
        var plan = Plan()
        plan.pairs.reserveCapacity(sorted.count)
        plan.ids.reserveCapacity(sorted.count)
        plan.oldPlaces.reserveCapacity(sorted.count)
        // The pair each slot's item became.
        var pairOfSlot = [Int](repeating: 0, count: old.count + new.count)
        for (j, i) in sorted.enumerated() {
            let slot = itemSlots[i]
            pairOfSlot[slot] = j
            plan.ids.append(slot < old.count ? old[slot].id : new[slot - old.count].id)
            plan.oldPlaces.append(slot < old.count ? slot : -1)
            let source: MatchedGeometry, destination: MatchedGeometry
            switch itemRoles[i] {
            case .staying:
                source = try MatchedGeometry(frame: oldFrames[i]!)
                destination = try MatchedGeometry(frame: newFrames[i]!)
            case .arriving:
                source = try Self.faded(
                    newFrames[i]!, by: appearing.scale, item: { "new[\(slot - old.count)]" }, scale: "appearing.scale")
                destination = try MatchedGeometry(frame: newFrames[i]!)
            case .leaving:
                source = try MatchedGeometry(frame: oldFrames[i]!)
                destination = try Self.faded(
                    oldFrames[i]!, by: disappearing.scale, item: { "old[\(slot)]" }, scale: "disappearing.scale")
            }
            plan.pairs.append(try MatchedPair(source: source, destination: destination, options: options))
        }
        plan.roles = sorted.map { itemRoles[$0] }
        // The slots become pair indices in place: no ID hashed again.
        Self.replace(&slots.values, by: pairOfSlot)
        plan.index = slots
        return plan
    }

    /// `slot`, which a lookup that inserts gives in place (one hash for the lookup and
    /// the insert).
    private static func claim(_ slot: inout Int) -> Int { slot }

    /// Each of `values` replaced by the element of `table` it indexes, in place (the
    /// values of a dictionary given inout: one access, so its storage is not copied).
    private static func replace(_ values: inout [ID: Int].Values, by table: [Int]) {
        var place = values.startIndex
        while place != values.endIndex {
            values[place] = table[values[place]]
            values.formIndex(after: &place)
        }
    }

    /// Throws unless `frame` is finite with sides ≥ 0, named as `item`'s (`new[3].y`).
    static func requireValid(_ frame: LayoutRect, item: () -> String) throws(AnimatableError) {
        do throws(AnimatableError) { try frame.validate() } catch { throw named(error, item()) }
    }

    /// An entrance's (an exit's) geometry: `frame` scaled by `scale` about its centre,
    /// transparent; a side the scale overflows named as `item`'s
    /// (`new[3].width × appearing.scale`).
    static func faded(
        _ frame: LayoutRect, by scale: Double, item: () -> String, scale scaleName: String
    ) throws(AnimatableError) -> MatchedGeometry {
        do throws(AnimatableError) {
            return try MatchedGeometry(frame: scaled(frame, by: scale), opacity: 0)
        } catch {
            throw named(error, item(), " × \(scaleName)")
        }
    }

    /// `error` with the component it names given as `item`'s (`new[3].y`), `suffix` after.
    static func named(_ error: AnimatableError, _ item: String, _ suffix: String = "") -> AnimatableError {
        switch error {
        case .nonFiniteComponent(let name, let value):
            .nonFiniteComponent(name: "\(item).\(name)\(suffix)", value: value)
        case .negativeValue(let name, let value): .negativeValue(name: "\(item).\(name)\(suffix)", value: value)
        default: error
        }
    }

    /// `frame` scaled by `scale` about its centre.
    static func scaled(_ frame: LayoutRect, by scale: Double) -> LayoutRect {
        let width = frame.width * scale, height = frame.height * scale
        return LayoutRect(
            unchecked: frame.minX + (frame.width - width) / 2, frame.minY + (frame.height - height) / 2, width, height)
    }

    /// `stagger` for a change of `count` items: a grid keeps its columns and gets as
    /// many rows as the items fill (a change counts the items that leave, so a grid
    /// that fits either layout may not hold them all), an origin index past the last
    /// item is the last.
    static func fitted(_ stagger: StaggerConfig, count: Int) -> StaggerConfig {
        var fitted = stagger
        // A grid the config's own checks refuse (no columns) is left to refuse.
        if let grid = fitted.grid, grid.columns > 0, grid.rows > 0 {
            let (cells, overflow) = grid.columns.multipliedReportingOverflow(by: grid.rows)
            if !overflow, cells < count { fitted.grid?.rows = (count + grid.columns - 1) / grid.columns }
        }
        if case .index(let index) = fitted.from, index >= count { fitted.from = .index(Swift.max(count - 1, 0)) }
        return fitted
    }
}

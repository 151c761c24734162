import Stagger
import Testing

/// Layout changes that fly, against figures worked by hand: items on a linear easing of
/// 0.2 s are at old + (new − old)·(t − delay)/0.2 between their delay and its end; the
/// stagger's delays are `each` times the item's place in the chosen layout's reading
/// order. The kernel's frames are held to the same figures on every backend.
@Suite struct LayoutTransitionTests {
    /// Item `id` of a row at x = 100 · place, 80 x 80.
    static func row(_ places: [Int]) throws -> [(id: Int, frame: LayoutRect)] {
        try places.enumerated().map { id, place in
            (id, try LayoutRect(x: Double(place) * 100, y: 0, width: 80, height: 80))
        }
    }

    static let linear = MatchedCurves(try! Curve.linear(duration: 0.2))

    /// The worked example: four items at x = 0, 100, 200, 300 reversed, `each`
    /// 0.05 s from the first of the old layout. At 0.1 s item 0 is half way, 0 -> 300:
    /// 150; item 1 a quarter of the way, 100 -> 200: 125; item 2's delay of 0.1 s has
    /// just passed: 200; item 3 waits: 300. The Double reference and the kernel's frame.
    @Test(arguments: testedBackends)
    func workedExample(backend: Backend) throws {
        var flight = try LayoutTransition(
            from: try Self.row([0, 1, 2, 3]), to: try Self.row([3, 2, 1, 0]), curves: Self.linear,
            stagger: try StaggerConfig(spread: .each(0.05)))
        #expect(flight.ids == [0, 1, 2, 3] && flight.roles == [.staying, .staying, .staying, .staying])
        try flight.start(at: 0)
        var frame = flight.group.makeFrame()
        try flight.group.sample(at: 0.1, into: &frame, backend: backend)
        for (id, x) in [(0, 150.0), (1, 125), (2, 200), (3, 300)] {
            let reference = try #require(try flight.state(of: id, at: 0.1))
            #expect(abs(reference.frame.minX - x) <= 1e-9, "item \(id): \(reference.frame.minX)")
            #expect(reference.opacity == 1 && reference.frame.width == 80)
            let kernel = try flight.group.state(ofPair: try #require(flight.index(of: id)), in: frame)
            #expect(abs(kernel.frame.minX - x) <= 1e-4, "item \(id) on \(backend): \(kernel.frame.minX)")
        }
        #expect(try flight.state(of: 7, at: 0.1) == nil)
        // Every item is home at its delay plus 0.2 s: 0.35 s for the last.
        #expect(abs(flight.group.settleTime - 0.35) <= 1e-12)
    }

    /// Staggered in the new layout's reading order, item 3 (now at x = 0) leads: delays
    /// 0.15, 0.1, 0.05, 0 for items 0…3. At 0.1 s: item 3 half way 300 -> 0 (150),
    /// item 2 a quarter 200 -> 100 (175), items 1 and 0 not started (100, 0).
    @Test func staggerInTheNewLayoutsOrder() throws {
        var flight = try LayoutTransition(
            from: try Self.row([0, 1, 2, 3]), to: try Self.row([3, 2, 1, 0]), curves: Self.linear,
            stagger: try StaggerConfig(spread: .each(0.05)), order: .newLayout)
        #expect(flight.ids == [3, 2, 1, 0])
        try flight.start(at: 0)
        for (id, x) in [(3, 150.0), (2, 175), (1, 100), (0, 0)] {
            #expect(abs(try #require(try flight.state(of: id, at: 0.1)).frame.minX - x) <= 1e-9, "item \(id)")
        }
    }

    /// A filter that also adds: old [a, b, c] at x = 0, 100, 200, new [b, c, d] at 0,
    /// 100, 200, no stagger. b and c fly left 100; a leaves, shrinking to half about its
    /// centre (80 -> 40, its x 0 -> 20) and fading; d arrives at 200 growing from 0.5
    /// (x 220 -> 200, 40 -> 80) and fading in. Half way (0.1 s) every figure is the mean.
    @Test(arguments: testedBackends)
    func arrivalsAndDepartures(backend: Backend) throws {
        let frame = { (x: Double) in try LayoutRect(x: x, y: 0, width: 80, height: 80) }
        var flight = try LayoutTransition(
            from: [("a", try frame(0)), ("b", try frame(100)), ("c", try frame(200))],
            to: [("b", try frame(0)), ("c", try frame(100)), ("d", try frame(200))], curves: Self.linear,
            appearing: .init(scale: 0.5), disappearing: .init(scale: 0.5))
        #expect(flight.ids == ["a", "b", "c", "d"])
        #expect(flight.roles == [.leaving, .staying, .staying, .arriving])
        try flight.start(at: 0)
        var kernelFrame = flight.group.makeFrame()
        try flight.group.sample(at: 0.1, into: &kernelFrame, backend: backend)
        let expected: [(String, x: Double, width: Double, opacity: Double)] = [
            ("a", 10, 60, 0.5), ("b", 50, 80, 1), ("c", 150, 80, 1), ("d", 210, 60, 0.5)
        ]
        for (id, x, width, opacity) in expected {
            let state = try #require(try flight.state(of: id, at: 0.1))
            #expect(
                abs(state.frame.minX - x) <= 1e-9 && abs(state.frame.width - width) <= 1e-9, "\(id): \(state.frame)")
            #expect(abs(state.opacity - opacity) <= 1e-9, "\(id): opacity \(state.opacity)")
            let kernel = try flight.group.state(ofPair: try #require(flight.index(of: id)), in: kernelFrame)
            #expect(abs(kernel.frame.minX - x) <= 1e-4 && abs(kernel.opacity - opacity) <= 1e-5, "\(id) on \(backend)")
        }
        let end = try #require(try flight.state(of: "a", at: 1))
        #expect(end.opacity == 0 && abs(end.frame.minX - 20) <= 1e-9 && abs(end.frame.height - 40) <= 1e-9)
        #expect(try #require(try flight.state(of: "d", at: 1)).opacity == 1)
    }

    /// A second change mid-flight goes on from every item's value and velocity, with
    /// the same items (a retarget) or with one more: a spring's lanes are continuous in
    /// both across the change (one-sided differences of the reference), and every item
    /// ends at its newest frame. An added item waits for its delay in the new reading
    /// order (last: 4 · 0.03 s). A change stamped before the last throws and changes
    /// nothing.
    @Test(arguments: [false, true])
    func aSecondChangeKeepsValueAndVelocity(addingAnItem: Bool) throws {
        var flight = try LayoutTransition(
            from: try Self.row([0, 1, 2, 3]), to: try Self.row([3, 2, 1, 0]), curves: MatchedCurves(.snappy),
            stagger: try StaggerConfig(spread: .each(0.03)))
        try flight.start(at: 0)
        let before = flight
        // Item 9 at x = 400.
        let newer = try Self.row(addingAnItem ? [1, 0, 3, 2, 4] : [1, 0, 3, 2]).map {
            ($0.id == 4 ? 9 : $0.id, $0.frame)
        }
        try flight.change(to: newer, at: 0.12)
        let h = 1e-6
        for id in 0..<4 {
            let i = try #require(before.index(of: id)), j = try #require(flight.index(of: id))
            let x0 = try before.group.state(ofPair: i, at: 0.12).frame.minX
            let x1 = try flight.group.state(ofPair: j, at: 0.12).frame.minX
            #expect(abs(x1 - x0) <= 1e-9, "item \(id): \(x0) -> \(x1)")
            let incoming = (x0 - (try before.group.state(ofPair: i, at: 0.12 - h).frame.minX)) / h
            let outgoing = (try flight.group.state(ofPair: j, at: 0.12 + h).frame.minX - x1) / h
            #expect(abs(outgoing - incoming) <= 0.05 * max(1, abs(incoming)), "item \(id): \(incoming) -> \(outgoing)")
            #expect(abs(try flight.group.state(ofPair: j, at: 5).frame.minX - newer[id].1.minX) <= 1e-3)
        }
        if addingAnItem {
            let added = try #require(flight.index(of: 9))
            #expect(added == 4 && flight.roles[added] == .arriving)
            #expect(try #require(try flight.state(of: 9, at: 0.12 + 0.12 - 1e-9)).opacity == 0)
            #expect(try #require(try flight.state(of: 9, at: 0.12 + 0.13)).opacity > 0)
            #expect(abs(try #require(try flight.state(of: 9, at: 5)).opacity - 1) <= 1e-3)
        }
        let changed = flight
        #expect(throws: AnimatableError.self) {
            try flight.change(to: try Self.row(addingAnItem ? [0, 1, 2, 3, 4, 5] : [0, 1, 2, 3]), at: 0.05)
        }
        #expect(flight.ids == changed.ids && flight.group.settleTime == changed.group.settleTime)
    }

    /// A change names its items by ID, not by place: the same items listed in another
    /// order (found through a dictionary of the new IDs) fly exactly as when listed in
    /// the transition's own order (each item's place its own, no dictionary).
    @Test func aChangeOfTheSameItemsInAnyOrderIsOneChange() throws {
        var inOrder = try LayoutTransition(
            from: try Self.row([0, 1, 2, 3]), to: try Self.row([3, 2, 1, 0]), curves: MatchedCurves(.snappy),
            stagger: try StaggerConfig(spread: .each(0.03)))
        try inOrder.start(at: 0)
        var shuffled = inOrder
        let newer = try Self.row([1, 0, 3, 2])
        #expect(newer.map(\.id) == inOrder.ids)
        try inOrder.change(to: newer, at: 0.12)
        try shuffled.change(to: [newer[2], newer[0], newer[3], newer[1]], at: 0.12)
        #expect(shuffled.ids == inOrder.ids && shuffled.roles == inOrder.roles)
        for time in [0.12, 0.2, 0.35, 5] {
            for id in 0..<4 {
                #expect(
                    try shuffled.state(of: id, at: time) == inOrder.state(of: id, at: time), "item \(id) at \(time)")
            }
        }
        #expect(abs(try #require(try inOrder.state(of: 1, at: 5)).frame.minX - 0) <= 1e-3)
    }

    /// A change that drops an item sends it away from where it was going; one that adds
    /// an item lays the items out again from where they are: positions continuous, the
    /// new item appearing.
    @Test func changesThatDropAndAdd() throws {
        var flight = try LayoutTransition(
            from: try Self.row([0, 1, 2]), to: try Self.row([2, 1, 0]), curves: Self.linear)
        try flight.start(at: 0)
        // Item 1 dropped at 0.1 s: it fades from its place (100, staying put) to 0.
        try flight.change(
            to: [
                (0, try LayoutRect(x: 200, y: 0, width: 80, height: 80)),
                (2, try LayoutRect(x: 0, y: 0, width: 80, height: 80))
            ], at: 0.1)
        let dropped = try #require(try flight.state(of: 1, at: 0.2))
        #expect(abs(dropped.frame.minX - 100) <= 1e-9 && abs(dropped.opacity - 0.5) <= 1e-9, "\(dropped)")
        // Item 9 added at 0.2 s (item 1 still fading): items 0 and 2, home at 200 and 0,
        // start from there.
        let x0 = try #require(try flight.state(of: 0, at: 0.2)).frame.minX
        try flight.change(to: try Self.row([0, 2, 1]).map { ($0.id == 1 ? 9 : $0.id, $0.frame) }, at: 0.2)
        #expect(abs(try #require(try flight.state(of: 0, at: 0.2)).frame.minX - x0) <= 1e-9)
        let added = try #require(flight.index(of: 9)), fading = try #require(flight.index(of: 1))
        #expect(flight.roles[added] == .arriving && flight.roles[fading] == .leaving)
        #expect(try #require(try flight.state(of: 9, at: 0.2)).opacity == 0)
        #expect(try #require(try flight.state(of: 9, at: 0.4)).opacity == 1)
    }

    /// A change that adds an item carries the motions in flight on (the easing rule:
    /// the change of target added on top). Items 0 and 1 swap places (0 -> 100,
    /// 100 -> 0), linear 0.2 s; at 0.1 s both are at 50 and item 0 is sent on to 200
    /// while item 9 arrives at 300. Item 0 then runs its first motion to its end (100
    /// at 0.2 s) plus the added 100 over 0.1...0.3 s: 150 at 0.2 s, 200 at 0.3 s; its
    /// speed goes from 500 to 1,000 pt/s (linear's slope adds, 100 / 0.2). Item 1's
    /// target stays: 0 at 0.2 s. Item 9 fades in over 0.1...0.3 s: 0.5 at 0.2 s. (Laid
    /// out again from rest, item 0 would be at 50 + 150 / 2 = 125 at 0.2 s.) The
    /// reference and the kernel's frame on every backend.
    @Test(arguments: testedBackends)
    func aChangeThatAddsKeepsTheMotionInFlight(backend: Backend) throws {
        var flight = try LayoutTransition(from: try Self.row([0, 1]), to: try Self.row([1, 0]), curves: Self.linear)
        try flight.start(at: 0)
        try flight.change(to: try Self.row([2, 0, 3]).map { ($0.id == 2 ? 9 : $0.id, $0.frame) }, at: 0.1)
        #expect(Set(flight.ids) == [0, 1, 9])
        #expect(flight.roles[try #require(flight.index(of: 9))] == .arriving)
        var frame = flight.group.makeFrame()
        try flight.group.sample(at: 0.2, into: &frame, backend: backend)
        for (id, x, opacity) in [(0, 150.0, 1.0), (1, 0, 1), (9, 300, 0.5)] {
            let state = try #require(try flight.state(of: id, at: 0.2))
            #expect(abs(state.frame.minX - x) <= 1e-9 && abs(state.opacity - opacity) <= 1e-9, "item \(id): \(state)")
            let kernel = try flight.group.state(ofPair: try #require(flight.index(of: id)), in: frame)
            #expect(abs(kernel.frame.minX - x) <= 1e-4 && abs(kernel.opacity - opacity) <= 1e-5, "\(id) on \(backend)")
        }
        #expect(abs(try #require(try flight.state(of: 0, at: 0.3)).frame.minX - 200) <= 1e-9)
        let h = 1e-6
        let after = try #require(try flight.state(of: 0, at: 0.1 + h)).frame.minX
        #expect(abs((after - 50) / h - 1_000) <= 1e-3, "\((after - 50) / h)")
        // Motions layered before the change carry on too: item 0 sent to 200 at 0.05 s
        // (a change of 100 over 0.05...0.25 s), then to 300 as item 9 arrives at 0.1 s
        // (100 more over 0.1...0.3 s): 100 + 75 + 50 = 225 at 0.2 s.
        var layered = try LayoutTransition(from: try Self.row([0, 1]), to: try Self.row([1, 0]), curves: Self.linear)
        try layered.start(at: 0)
        try layered.change(to: try Self.row([2, 0]), at: 0.05)
        try layered.change(to: try Self.row([3, 0, 4]).map { ($0.id == 2 ? 9 : $0.id, $0.frame) }, at: 0.1)
        try layered.group.sample(at: 0.2, into: &frame, backend: backend)
        let x = try #require(try layered.state(of: 0, at: 0.2)).frame.minX
        let kernel = try layered.group.state(ofPair: try #require(layered.index(of: 0)), in: frame).frame.minX
        #expect(abs(x - 225) <= 1e-9 && abs(kernel - 225) <= 1e-4, "\(x), \(kernel) on \(backend)")
    }

    /// A frame loop hears of every rest, whatever changes come between two of its
    /// frames. Items 0 and 1 fly 200 pt right, `each` 0.05 s: item 0 rests at 0.2 s,
    /// item 1 at 0.25 s. A change at t = 0.22 s (or a retarget then, and the change at
    /// t = 0.3 s) adds item 2: item 0's rest at 0.2 s is still heard of, by its new
    /// index; then, in the change, item 1 (moving) carries on at once and item 0 (at
    /// rest, first in the order) starts at once, both resting at t + 0.2; item 2 (third)
    /// after 0.1 s, at t + 0.3.
    @Test(arguments: [false, true])
    func anItemThatRestedBeforeAChangeIsStillHeardOf(throughARetarget: Bool) throws {
        var flight = try LayoutTransition(
            from: try Self.row([0, 1]), to: try Self.row([2, 3]), curves: Self.linear,
            stagger: try StaggerConfig(spread: .each(0.05)))
        try flight.start(at: 0)
        if throughARetarget {
            try flight.change(to: try Self.row([2, 5]), at: 0.22)
            #expect(flight.ids == [0, 1])
        }
        let t = throughARetarget ? 0.3 : 0.22
        try flight.change(to: try Self.row([2, 5, 6]), at: t)
        #expect(flight.ids == [0, 1, 2])
        let before = try flight.group.pairsSettling(after: 0.1, through: 0.21)
        #expect(before.map(\.index) == [try #require(flight.index(of: 0))])
        #expect(abs((before.first?.time ?? 0) - 0.2) <= 1e-12)
        let after = try flight.group.pairsSettling(after: 0.21, through: 10)
        #expect(after.map(\.index) == [0, 1, 2].map { flight.index(of: $0) })
        for (rest, expected) in zip(after, [t + 0.2, t + 0.2, t + 0.3]) {
            #expect(abs(rest.time - expected) <= 1e-12, "\(after)")
        }
    }

    /// Old: 10, 11, 12 at x = 0, 100, 200; new: 12 at x = 0 and 13 at 300. In the old
    /// layout's reading order (13 where it arrives): 10 and 11 leave, 12 stays, 13
    /// arrives. In the new one's: 12 (x 0, given first) before 10 (x 0 in the old
    /// layout), then 11 (100), then 13 (300). Each found by its ID at its place.
    @Test(arguments: [LayoutTransition<Int>.Order.oldLayout, .newLayout])
    func itemsAreFoundByIDInEveryRole(order: LayoutTransition<Int>.Order) throws {
        let old = try Self.row([0, 1, 2]).map { ($0.id + 10, $0.frame) }
        let new = [
            (12, try LayoutRect(x: 0, y: 0, width: 80, height: 80)),
            (13, try LayoutRect(x: 300, y: 0, width: 80, height: 80))
        ]
        let flight = try LayoutTransition(from: old, to: new, curves: Self.linear, order: order)
        let expected: [(id: Int, role: LayoutTransition<Int>.Role)] =
            order == .oldLayout
            ? [(10, .leaving), (11, .leaving), (12, .staying), (13, .arriving)]
            : [(12, .staying), (10, .leaving), (11, .leaving), (13, .arriving)]
        #expect(flight.ids == expected.map(\.id) && flight.roles == expected.map(\.role))
        for (place, item) in expected.enumerated() { #expect(flight.index(of: item.id) == place) }
        #expect(flight.index(of: 99) == nil)
        // Item 12 flies from x = 200 to 0; item 13 starts where it arrives.
        #expect(try #require(try flight.state(of: 12, at: 0)).frame.minX == 200)
        #expect(try #require(try flight.state(of: 13, at: 0)).frame.minX == 300)
    }

    @Test func badInputIsNamed() throws {
        let frame = try LayoutRect(x: 0, y: 0, width: 10, height: 10)
        #expect(throws: AnimatableError.duplicateElement("The ID 1 of new[0] and new[2]")) {
            _ = try LayoutTransition(from: [], to: [(1, frame), (2, frame), (1, frame)], curves: Self.linear)
        }
        // An ID twice among the items that stay; in both layouts, the old one is named.
        #expect(throws: AnimatableError.duplicateElement("The ID 5 of new[1] and new[2]")) {
            _ = try LayoutTransition(from: [(5, frame)], to: [(6, frame), (5, frame), (5, frame)], curves: Self.linear)
        }
        #expect(throws: AnimatableError.duplicateElement("The ID 1 of old[0] and old[2]")) {
            _ = try LayoutTransition(
                from: [(1, frame), (2, frame), (1, frame)], to: [(3, frame), (3, frame)], curves: Self.linear)
        }
        // A frame's fields are mutable: one that is not finite is named by its place,
        // and so is one an entrance's scale overflows (x = 0 + (10 − ∞)/2).
        var broken = frame
        broken.origin.y = .nan
        #expect(throws: AnimatableError.nonFiniteComponent(name: "new[1].y", value: .nan)) {
            _ = try LayoutTransition(from: [(1, frame)], to: [(1, frame), (2, broken)], curves: Self.linear)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "new[0].x × appearing.scale", value: -.infinity)) {
            _ = try LayoutTransition(from: [], to: [(1, frame)], curves: Self.linear, appearing: .init(scale: 1e308))
        }
        var flight = try LayoutTransition(from: [(1, frame)], to: [(1, frame)], curves: Self.linear)
        #expect(throws: AnimatableError.nonFiniteComponent(name: "new[0].y", value: .nan)) {
            try flight.change(to: [(1, broken)], at: 0)
        }
        #expect(throws: AnimatableError.nonFiniteComponent(name: "new[1].y", value: .nan)) {
            try flight.change(to: [(1, frame), (2, broken)], at: 0)
        }
        #expect(throws: AnimatableError.negativeValue(name: "appearing.scale", value: -1)) {
            _ = try LayoutTransition(from: [], to: [(1, frame)], curves: Self.linear, appearing: .init(scale: -1))
        }
        #expect(throws: AnimatableError.self) {
            _ = try LayoutTransition(from: [(1, frame)], to: [(1, frame)], curves: Self.linear, arc: 2)
        }
    }

    /// Roles are the latest change's: item 2 arrives with the first; a change without
    /// item 1 makes it leave and item 2 stay; a change of every item in order brings
    /// item 1 back, staying.
    @Test func rolesAreTheLatestChanges() throws {
        var flight = try LayoutTransition(from: try Self.row([0, 1]), to: try Self.row([0, 1, 2]), curves: Self.linear)
        try flight.start(at: 0)
        #expect(flight.ids == [0, 1, 2] && flight.roles == [.staying, .staying, .arriving])
        try flight.change(to: try Self.row([0, 1, 2]).filter { $0.id != 1 }, at: 0.05)
        #expect(flight.roles == [.staying, .leaving, .staying])
        try flight.change(to: try Self.row([0, 1, 2]), at: 0.1)
        #expect(flight.roles == [.staying, .staying, .staying])
    }

    /// The stagger fits each change's items, those leaving included. Old [0, 1], new
    /// [1, 2]: three items, so a grid of two columns and one row gets a second row, the
    /// transition flying as one given the 2 x 2 grid; an origin index past the items of
    /// a later change (items 1 and 2 faded out and dropped: two items) is the last.
    @Test func theStaggerFitsEachChangesItems() throws {
        let old = try Self.row([0, 1]), new = try Self.row([1, 2]).map { ($0.id + 1, $0.frame) }
        func flight(rows: Int, from: StaggerConfig.Origin = .first) throws -> LayoutTransition<Int> {
            try LayoutTransition(
                from: old, to: new, curves: Self.linear,
                stagger: try StaggerConfig(spread: .each(0.05), from: from, grid: .init(columns: 2, rows: rows)))
        }
        var fitted = try flight(rows: 1), given = try flight(rows: 2)
        try fitted.start(at: 0)
        try given.start(at: 0)
        for t in [0.03, 0.07, 0.12, 0.3] {
            for id in 0...2 {
                #expect(try fitted.state(of: id, at: t) == given.state(of: id, at: t), "item \(id) at \(t)")
            }
        }
        var dropping = try LayoutTransition(
            from: try Self.row([0, 1, 2]), to: try Self.row([0, 1, 2]), curves: Self.linear,
            stagger: try StaggerConfig(spread: .each(0.05), from: .index(2)))
        try dropping.start(at: 0)
        try dropping.change(to: [try Self.row([0])[0]], at: 1)
        try dropping.change(to: try Self.row([0, 1]).map { ($0.id == 1 ? 9 : $0.id, $0.frame) }, at: 5)
        #expect(dropping.ids == [0, 9])
    }

    /// Under reduced motion an item's frame jumps as it starts (the worked example's
    /// item 0, at 300 just after 0), and a reverse sends the items back: linear 0.2 s,
    /// reversed at 0.1 s, item 0 (half way, 150) runs its first motion to 300 by 0.2 s
    /// while the way back adds −300 over 0.1…0.3 s: 150 at 0.2 s, 0 at 0.3 s.
    @Test func reducedMotionAndReverse() throws {
        var reduced = try LayoutTransition(
            from: try Self.row([0, 1, 2, 3]), to: try Self.row([3, 2, 1, 0]), curves: Self.linear)
        reduced.reducedMotion = .always
        try reduced.start(at: 0)
        #expect(try #require(try reduced.state(of: 0, at: 0.001)).frame.minX == 300)
        var back = try LayoutTransition(
            from: try Self.row([0, 1, 2, 3]), to: try Self.row([3, 2, 1, 0]), curves: Self.linear)
        try back.start(at: 0)
        try back.reverse(at: 0.1)
        for (t, x) in [(0.1, 150.0), (0.2, 150), (0.3, 0)] {
            #expect(abs(try #require(try back.state(of: 0, at: t)).frame.minX - x) <= 1e-9, "at \(t)")
        }
    }

    /// Every item's rest is heard of by ID, also one a change drops. Items 0 and 1
    /// swap (linear 0.2 s from 0); at 0.05 s item 1 is dropped from the layout and
    /// item 0 sent back to x = 0: both add their change over 0.05…0.25 s (item 1 fading
    /// out), at rest at 0.25 s. At 0.3 s item 9 arrives: item 1, faded and at rest, is
    /// dropped from the group, yet (0.2, 0.3] lists both rests at 0.25 s, item 0's from
    /// the group, item 1's from the transition.
    @Test func restsAreHeardOfByIDAlsoWhenDropped() throws {
        var flight = try LayoutTransition(from: try Self.row([0, 1]), to: try Self.row([1, 0]), curves: Self.linear)
        try flight.start(at: 0)
        try flight.change(to: [try Self.row([0])[0]], at: 0.05)
        var twice = flight
        try flight.change(to: try Self.row([0, 1]).map { ($0.id == 1 ? 9 : $0.id, $0.frame) }, at: 0.3)
        #expect(flight.ids == [0, 9] && flight.index(of: 1) == nil)
        // A second change before a frame asks, adding item 10 and dropping nothing:
        // both rests are still heard of.
        try twice.change(to: try Self.row([0, 1]).map { ($0.id == 1 ? 9 : $0.id, $0.frame) }, at: 0.3)
        try twice.change(to: try Self.row([0, 1, 2]).map { ($0.id == 0 ? 0 : $0.id + 8, $0.frame) }, at: 0.31)
        #expect(twice.ids == [0, 9, 10])
        #expect(try twice.itemsSettling(after: 0.2, through: 0.31).map(\.id) == [0, 1])
        let rests = try flight.itemsSettling(after: 0.2, through: 0.3)
        #expect(rests.map(\.id) == [0, 1], "\(rests)")
        for rest in rests { #expect(abs(rest.time - 0.25) <= 1e-12, "\(rests)") }
        #expect(try flight.itemsSettling(after: 0.25, through: 0.3).isEmpty)
        // Item 9 fades in over 0.3…0.5 s; item 0, at rest, starts again (a motion of
        // no span: a pair rests at the end of its lanes' latest motions), also at 0.5 s.
        let later = try flight.itemsSettling(after: 0.3, through: 1)
        #expect(later.map(\.id) == [0, 9] && later.allSatisfy { abs($0.time - 0.5) <= 1e-12 }, "\(later)")
    }

    /// An item that has faded out but still moves is kept until it rests. Position and
    /// size linear 0.4 s, appearance 0.1 s: item 1 (x 100 -> 0 from 0) is dropped from
    /// the layout at 0.05 s and fades out by 0.15 s while it still flies to x = 0 until
    /// 0.4 s. A change adding item 9 at 0.2 s keeps it, leaving, and its rest is heard
    /// of: the change adds a motion of no span to each of its lanes from 0.2 s, and a
    /// pair rests at the end of its lanes' latest motions, the position's at 0.6 s.
    @Test func anItemStillMovingIsKept() throws {
        let curves = MatchedCurves(
            position: try .linear(duration: 0.4), size: try .linear(duration: 0.4),
            cornerRadius: try .linear(duration: 0.4), appearance: try .linear(duration: 0.1))
        var flight = try LayoutTransition(from: try Self.row([0, 1]), to: try Self.row([1, 0]), curves: curves)
        try flight.start(at: 0)
        try flight.change(to: [try Self.row([0])[0]], at: 0.05)
        #expect(try #require(try flight.state(of: 1, at: 0.2)).opacity == 0)
        try flight.change(to: try Self.row([0, 1]).map { ($0.id == 1 ? 9 : $0.id, $0.frame) }, at: 0.2)
        let kept = try #require(flight.index(of: 1))
        #expect(flight.roles[kept] == .leaving)
        let rests = try flight.itemsSettling(after: 0.2, through: 1)
        let rest = try #require(rests.first { $0.id == 1 })
        #expect(abs(rest.time - 0.6) <= 1e-12, "\(rests)")
    }

    /// A change stamped a hair before the latest (within ``TimeOrder/tolerance``) takes
    /// effect at the latest's time, and reads the items there: items 0 and 1 swap
    /// (linear 0.2 s from 0), a change of the same items at 0.1 s, then one adding item 9
    /// stamped 0.07 s. Item 0, half way at 0.1 s (x = 50; 35 at 0.07 s), takes x = 50
    /// as its source, where a reverse sends it.
    @Test func aChangeReadsItemsAtTheTimeItTakesEffect() throws {
        var flight = try LayoutTransition(from: try Self.row([0, 1]), to: try Self.row([1, 0]), curves: Self.linear)
        try flight.start(at: 0)
        try flight.change(to: try Self.row([1, 0]), at: 0.1)
        try flight.change(to: try Self.row([1, 0, 2]).map { ($0.id == 2 ? 9 : $0.id, $0.frame) }, at: 0.07)
        let source = flight.group.pairs[try #require(flight.index(of: 0))].source.frame.minX
        #expect(abs(source - 50) <= 1e-9, "\(source)")
    }

    /// A change that gives an ID twice is named by both places in the new layout,
    /// whether the ID is an item's or a newcomer's, and changes nothing.
    @Test func aChangeNamesAnIDGivenTwice() throws {
        var flight = try LayoutTransition(from: try Self.row([0, 1]), to: try Self.row([1, 0]), curves: Self.linear)
        try flight.start(at: 0)
        let frame = try LayoutRect(x: 0, y: 0, width: 10, height: 10)
        for (newer, message) in [
            ([(1, frame), (0, frame), (1, frame)], "The ID 1 of new[0] and new[2]"),
            ([(7, frame), (0, frame), (1, frame), (7, frame)], "The ID 7 of new[0] and new[3]"),
            ([(0, frame), (7, frame), (8, frame), (1, frame), (8, frame)], "The ID 8 of new[2] and new[4]"),
            // Newcomers and items both given twice: the earlier second place is named.
            ([(7, frame), (7, frame), (0, frame), (0, frame)], "The ID 7 of new[0] and new[1]"),
            ([(0, frame), (7, frame), (0, frame), (7, frame)], "The ID 0 of new[0] and new[2]")
        ] {
            #expect(throws: AnimatableError.duplicateElement(message)) { try flight.change(to: newer, at: 0.1) }
            #expect(flight.ids == [0, 1] && flight.roles == [.staying, .staying])
            #expect(try #require(try flight.state(of: 0, at: 0.1)).frame.minX == 50)
        }
    }
}

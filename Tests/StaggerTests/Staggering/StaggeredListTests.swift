import PropertyBased
import Stagger
import Testing

/// The staggered list sampler: kernel against the Double reference, interruptions,
/// insertions, threads, and bad input.
@Suite(.shrinking(false)) struct StaggeredListTests {
    static let configGenerator = zip(
        Gen.int(in: 0...5), Gen.bool, Gen.double(in: 0.005...0.08), Gen.int(in: 0...3)
    ).map { choice, spring, each, origin -> StaggerConfig in
        let curve: Curve =
            spring
            ? [Curve.snappy, .bouncy, .smooth, try! .spring(response: 0.4, dampingFraction: 1.4), .fastDecay][
                choice % 5]
            : try! .easing([Easing.easeOutCubic, .ease, .easeInOutBack, .linear][choice % 4], duration: 0.3)
        var config = try! StaggerConfig(spread: .each(each), curve: curve)
        config.from = [StaggerConfig.Origin.first, .center, .edges, .random(seed: 5)][origin]
        if choice == 5 { config.maxDelay = 0.2 }
        return config
    }

    /// Tolerance for an item: the curve's bound plus what float32 times move it.
    func tolerance(_ list: StaggeredList, _ index: Int, _ time: Double) -> Double {
        let curve = list.config.curve
        let slope: Double
        switch curve.kind {
        case .spring: slope = 40
        case .decay(let decay): slope = decay.frictionRate
        case .easing(let easing, let duration):
            slope = 3 * max(1, abs(easing.slope(at: 0.5))) / duration
        }
        // Times are rounded to float32 relative to the transition (a few ulp of seconds).
        return 2e-5 + slope * (abs(time) + 1) * 0x1p-21
    }

    @Test(arguments: testedBackends)
    func samplesMatchTheReference(backend: Backend) async {
        await checkProperty(
            count: 25, input: Self.configGenerator, Gen.int(in: 0...1500), Gen.double(in: 0...1.5),
            Gen.double(in: 0...2)
        ) { config, count, hideAfter, time in
            var list = try StaggeredList(count: count, config: config)
            try list.show(at: 0)
            if hideAfter < 0.8 { try list.hide(at: hideAfter) }
            var frame = list.makeFrame()
            try list.sample(at: time, into: &frame, backend: backend)
            for i in 0..<count {
                let reference = try list.appearance(of: i, at: time)
                #expect(
                    abs(Double(frame.appearance[i]) - reference) <= tolerance(list, i, time),
                    "\(config.curve) item \(i)/\(count) at \(time) (hide \(hideAfter)): \(frame.appearance[i]) vs \(reference)"
                )
                // Tracks are the appearance mapped: opacity 0 -> 1 (clamped to 0...1, its
                // range), offset 20 -> 0, scale 0.95 -> 1.
                let a = frame.appearance[i]
                #expect(abs(frame.values[i] - min(max(a, 0), 1)) <= 1e-6)
                #expect(abs(frame.values[count + i] - 20 * (1 - a)) <= 2e-5)
                #expect(abs(frame.values[2 * count + i] - (0.95 + 0.05 * a)) <= 1e-6)
            }
        }
    }

    /// Orders that start at the far ends of a long list (edges first, a hide in reverse
    /// order) keep the precision of each item's own delay, not of the whole spread: 1421
    /// items 0.0737 s apart (a 52 s spread), sampled while the first ones move, within
    /// the decay's 1e-6 and a little. Found by the property test above: counted back from
    /// the largest delay, the outer items were 2.9e-5 off.
    @Test(arguments: testedBackends)
    func farEndItemsOfALongListKeepTheirPrecision(backend: Backend) throws {
        let each = 0.07373639601317804, count = 1421
        var edges = try StaggerConfig(spread: .each(each), curve: .fastDecay)
        edges.from = .edges
        var fromEdges = try StaggeredList(count: count, config: edges)
        try fromEdges.show(at: 0)
        var hiding = try StaggeredList(count: count, config: try StaggerConfig(spread: .each(each), curve: .fastDecay))
        try hiding.show(at: 0)
        try #require(hiding.isComplete(at: 200))
        try hiding.hide(at: 200)  // from rest, in reverse order: the last item leaves first
        var frame = fromEdges.makeFrame()
        for (list, start) in [(fromEdges, 0.0), (hiding, 200.0)] {
            for elapsed in [0.1026108793476257, 0.2, 0.31] {
                try list.sample(at: start + elapsed, into: &frame, backend: backend)
                for i in [0, 1, 2, 3, 4, count - 5, count - 4, count - 3, count - 2, count - 1] {
                    let reference = try list.appearance(of: i, at: start + elapsed)
                    #expect(
                        abs(Double(frame.appearance[i]) - reference) <= 3e-6,
                        "item \(i) at \(elapsed) s: \(frame.appearance[i]) vs \(reference)")
                }
            }
        }
    }

    /// Hiding mid-flight: every item's value and velocity just after the hide equal
    /// those just before (no jump, no kink).
    @Test(arguments: [Curve.bouncy, .snappy, try! Curve.spring(response: 0.3, dampingFraction: 1.3)])
    func interruptionKeepsValueAndVelocity(curve: Curve) async {
        await checkProperty(count: 20, input: Gen.double(in: 0.02...0.6), Gen.int(in: 1...400)) { hideTime, count in
            let config = try StaggerConfig(spread: .each(0.01), curve: curve)
            var before = try StaggeredList(count: count, config: config)
            try before.show(at: 0)
            var after = before
            try after.hide(at: hideTime)
            var frameBefore = before.makeFrame(), frameAfter = after.makeFrame()
            try before.sample(at: hideTime, into: &frameBefore)
            try after.sample(at: hideTime, into: &frameAfter)
            for i in 0..<count {
                #expect(
                    abs(frameBefore.appearance[i] - frameAfter.appearance[i]) <= 1e-5,
                    "item \(i) value at \(hideTime)")
                #expect(
                    abs(frameBefore.velocity[i] - frameAfter.velocity[i]) <= 1e-5 * 40,
                    "item \(i) velocity at \(hideTime): \(frameBefore.velocity[i]) vs \(frameAfter.velocity[i])")
            }
            // And the reference agrees that the values continue.
            for i in stride(from: 0, to: count, by: 37) {
                let a = try before.appearance(of: i, at: hideTime), b = try after.appearance(of: i, at: hideTime)
                #expect(abs(a - b) <= 1e-6)
            }
        }
    }

    /// A hide after a finished show runs in reverse order: the last item leaves first.
    @Test func hideRunsInReverseOrder() throws {
        var list = try StaggeredList(count: 10, config: try StaggerConfig(spread: .each(0.1), curve: .easeOut))
        try list.show(at: 0)
        let shownAt = list.settlingDuration + 0.01
        #expect(list.isComplete(at: shownAt))
        try list.hide(at: shownAt)
        // 0.05 s into the hide: only the last item (delay 0) has moved.
        #expect(try list.appearance(of: 9, at: shownAt + 0.05) < 1)
        #expect(try list.appearance(of: 0, at: shownAt + 0.05) == 1)
        #expect(try list.appearance(of: 0, at: shownAt + 0.9 + 0.05) < 1)
        list.hideOrder = .sameAsShow
        try list.show(at: 10)
        try list.hide(at: 20)
        #expect(try list.appearance(of: 0, at: 20.05) < 1)
        // Same order as the show: item 9 leaves last, 0.9 s after item 0.
        #expect(try list.appearance(of: 9, at: 20.05) == 1)
    }

    /// Per-item completion (issue 21): each item comes to rest at its delay plus the
    /// curve's duration; a frame loop asking for (previous frame, now] hears each moving
    /// item once; an interrupted show settles its moving items from the hide and lists
    /// none of the items that had nowhere to go.
    @Test func itemsSettleAtTheirDelayPlusTheDuration() throws {
        var list = try StaggeredList(
            count: 5, config: try StaggerConfig(spread: .each(0.1), curve: try .linear(duration: 1)))
        try list.show(at: 0)
        for i in 0..<5 { #expect(abs(try list.settleTime(ofItem: i) - (1 + 0.1 * Double(i))) <= 1e-7) }
        #expect(try list.itemsSettling(after: 1.05, through: 1.25).map(\.index) == [1, 2])
        let last = try list.settleTime(ofItem: 4)
        #expect(list.isComplete(at: last) && !list.isComplete(at: last - 1e-6))
        var heard: [Int] = []
        var previous = -1.0
        for frame in 0...120 {
            let now = Double(frame) / 60
            heard += try list.itemsSettling(after: previous, through: now).map(\.index)
            previous = now
        }
        #expect(heard == [0, 1, 2, 3, 4])
        // Hidden 0.25 s in: items 0-2 were moving and go back at once over the second;
        // items 3 and 4 had not started and have nowhere to go.
        try list.hide(at: 0.25)
        #expect(try list.itemsSettling(after: 0, through: 10).map(\.index) == [0, 1, 2])
        #expect(try list.settleTime(ofItem: 0) == 1.25 && list.settleTime(ofItem: 4) == 0.25)
        #expect(throws: StaggerError.indexOutOfRange(index: 5, count: 5)) { try list.settleTime(ofItem: 5) }
        #expect(throws: StaggerError.invalidTime(.nan)) { try list.itemsSettling(after: .nan, through: 1) }
    }

    /// A curve for the way back (issue 18): hides run `hideCurve`, shows the config's;
    /// values from easeInQuad's and the linear curve's definitions, on every backend. A
    /// snappy hide that interrupts a smooth show starts from the item's value and
    /// velocity (one-sided differences on either side of the hide).
    @Test(arguments: testedBackends)
    func hidesRunTheirOwnCurve(backend: Backend) throws {
        var list = try StaggeredList(
            count: 4, config: try StaggerConfig(spread: .each(0.1), curve: try .linear(duration: 1)))
        list.hideCurve = try .easing(.easeInQuad, duration: 0.5)
        var frame = list.makeFrame()
        func appearance(_ i: Int, at t: Double) throws -> (reference: Double, kernel: Double) {
            try list.sample(at: t, into: &frame, backend: backend)
            return (try list.appearance(of: i, at: t), Double(frame.appearance[i]))
        }
        try list.show(at: 0)
        try list.hide(at: 3)
        // In reverse order item 3 leaves first: 0.2 s of 0.5 s is easeInQuad(0.4) = 0.16.
        for (value, expected) in [(try appearance(3, at: 3.2), 0.84), (try appearance(0, at: 3.2), 1)] {
            #expect(abs(value.reference - expected) <= 1e-12 && abs(value.kernel - expected) <= 1e-6, "\(value)")
        }
        // Showing again runs the config's linear curve: item 0 half-way 0.5 s in.
        try list.show(at: 5)
        let shown = try appearance(0, at: 5.5)
        #expect(abs(shown.reference - 0.5) <= 1e-12 && abs(shown.kernel - 0.5) <= 1e-6)

        var sprung = try StaggeredList(count: 1, config: try StaggerConfig(spread: .each(0), curve: .smooth))
        sprung.hideCurve = .snappy
        try sprung.show(at: 0)
        let h = 1e-6
        let atHide = try sprung.appearance(of: 0, at: 0.1)
        let before = (atHide - (try sprung.appearance(of: 0, at: 0.1 - h))) / h
        try sprung.hide(at: 0.1)
        let after = (try sprung.appearance(of: 0, at: 0.1 + h) - (try sprung.appearance(of: 0, at: 0.1))) / h
        // Continuous in value (float32 state) and in velocity (the curvature over h:
        // snappy's acceleration of a few hundred per second squared gives ~1e-3).
        #expect(abs(try sprung.appearance(of: 0, at: 0.1) - atHide) <= 1e-6)
        #expect(before > 1 && abs(after - before) <= 2e-3 * before, "\(before) \(after)")
        // And it ends hidden, by the spring.
        #expect(abs(try sprung.appearance(of: 0, at: 0.5 + sprung.settlingDuration)) <= 1e-3 * 0.5 + 1e-6)
    }

    /// Inserting items mid-run leaves every other item on its trajectory; the new ones
    /// stagger from the moment they are inserted.
    @Test func insertionLeavesOthersUnchanged() async {
        await checkProperty(count: 15, input: Gen.int(in: 1...300), Gen.double(in: 0...0.5), Gen.int(in: 1...20)) {
            count, insertTime, added in
            let config = try StaggerConfig(spread: .each(0.02), curve: .snappy)
            var list = try StaggeredList(count: count, config: config)
            try list.show(at: 0)
            let original = list
            let position = count / 2
            try list.insert(added, before: position, at: insertTime)
            #expect(list.count == count + added)
            var old = original.makeFrame(), new = list.makeFrame()
            for time in [insertTime, insertTime + 0.1, insertTime + 0.7] {
                try original.sample(at: time, into: &old)
                try list.sample(at: time, into: &new)
                for i in 0..<count {
                    let j = i < position ? i : i + added
                    #expect(abs(old.appearance[i] - new.appearance[j]) <= 1e-5, "item \(i) at \(time)")
                }
                for r in 0..<added {
                    let expected = try Curve.snappy.value(at: time - insertTime - 0.02 * Double(r))
                    #expect(abs(Double(new.appearance[position + r]) - expected) <= 2e-5, "new item \(r) at \(time)")
                }
            }
            try list.remove(items: position..<(position + added), at: insertTime)
            var afterRemoval = list.makeFrame()
            try list.sample(at: insertTime + 0.1, into: &afterRemoval)
            try original.sample(at: insertTime + 0.1, into: &old)
            #expect(zip(old.appearance, afterRemoval.appearance).allSatisfy { abs($0 - $1) <= 1e-5 })
        }
    }

    /// Splitting across threads gives the same bits as one thread.
    @Test(arguments: [Curve.bouncy, Curve.easeInOut])
    func threadsAreBitIdentical(curve: Curve) throws {
        var list = try StaggeredList(count: 200_003, config: try StaggerConfig(spread: .each(0.00001), curve: curve))
        try list.show(at: 0)
        var one = list.makeFrame(), two = list.makeFrame(), three = list.makeFrame()
        try list.sample(at: 1.1, into: &one, threads: 1)
        try list.sample(at: 1.1, into: &two, threads: 2)
        try list.sample(at: 1.1, into: &three, threads: 3)
        #expect(one.values == two.values && one.values == three.values)
        #expect(one.appearance == two.appearance && one.velocity == three.velocity)
        // Per-item states too (after an interruption).
        try list.hide(at: 1.3)
        try list.sample(at: 1.4, into: &one, threads: 1)
        try list.sample(at: 1.4, into: &two, threads: 2)
        #expect(one.values == two.values)
    }

    /// Re-showing after an early hide: rows that never started are at rest at 0 and
    /// wait for their turn in the new show; they must not pop in together (issue 21,
    /// first wrong behaviour). Expected values from the stagger (0.05 s apart from the
    /// show at 0.5) and the spring's reference.
    @Test(arguments: testedBackends)
    func reshowKeepsTheStaggerOfRowsThatNeverStarted(backend: Backend) throws {
        let count = 20
        var list = try StaggeredList(count: count, config: try StaggerConfig(delayIncrement: 0.05, curve: .smooth))
        try list.show(at: 0)
        try list.hide(at: 0.3)
        try list.show(at: 0.5)
        var frame = list.makeFrame()
        // Rows 0-5 started before the hide (row 6 starts exactly at 0.3); rows 6-19 never
        // moved, so each starts at 0.5 + 0.05 i from 0 toward 1.
        for time in [0.6, 0.83, 1.0, 1.234, 1.6] {
            try list.sample(at: time, into: &frame, backend: backend)
            for i in 6..<count {
                let elapsed = time - 0.5 - 0.05 * Double(i)
                let expected = elapsed <= 0 ? 0 : try Curve.smooth.value(at: elapsed)
                #expect(
                    abs(Double(frame.appearance[i]) - expected) <= 3e-5,
                    "row \(i) at \(time): \(frame.appearance[i]) vs \(expected)")
                // The reference keeps per-item offsets in float32 (a few ulp of 1 s).
                #expect(abs(try list.appearance(of: i, at: time) - expected) <= 2e-6, "reference, row \(i) at \(time)")
            }
        }
        // The same for a long list: its last row starts in its turn, not at 0.5.
        var long = try StaggeredList(count: 10_000, config: try StaggerConfig(delayIncrement: 0.05, curve: .smooth))
        try long.show(at: 0)
        try long.hide(at: 0.3)
        try long.show(at: 0.5)
        var longFrame = long.makeFrame()
        try long.sample(at: 0.6, into: &longFrame, backend: backend)
        // (Row 6 starts at 0.3 exactly: float32 times may give it a few 1e-8 then.)
        #expect(longFrame.appearance[6...].allSatisfy { abs($0) <= 1e-6 })
        let lastStart = 0.5 + 0.05 * 9999
        for time in [lastStart - 0.01, lastStart + 0.1] {
            try long.sample(at: time, into: &longFrame, backend: backend)
            let expected = try Curve.smooth.value(at: max(0, time - lastStart))
            #expect(
                abs(Double(longFrame.appearance[9999]) - expected) <= tolerance(long, 9999, time), "last row at \(time)"
            )
        }
    }

    /// A config change without a transition leaves the motion in flight alone: the
    /// list samples, answers and completes as before; the change applies from the next
    /// transition (issue 16's reproduction).
    @Test(arguments: testedBackends)
    func configChangesApplyFromTheNextTransition(backend: Backend) throws {
        var list = try StaggeredList(count: 4, config: .standard)
        try list.show(at: 0)
        var changed = list
        changed.config.curve = try .easeOut(duration: 2)
        #expect(changed.settlingDuration == list.settlingDuration)
        var a = list.makeFrame(), b = changed.makeFrame()
        for time in [0.1, 0.3, 0.45] {
            try list.sample(at: time, into: &a, backend: backend)
            try changed.sample(at: time, into: &b, backend: backend)
            #expect(a.values == b.values && a.appearance == b.appearance)
            for i in 0..<4 {
                // .standard: 0.05 s apart, the default spring.
                let expected = try Curve.spring.value(at: max(0, time - 0.05 * Double(i)))
                #expect(abs(Double(b.appearance[i]) - expected) <= 2e-5, "item \(i) at \(time)")
                #expect(abs(try changed.appearance(of: i, at: time) - expected) <= 1e-9)
            }
        }
        // The next transition runs the new curve: a hide after everything settled,
        // reversed, so item 3 leaves first along easeOut over 2 s.
        let hideAt = changed.settlingDuration + 1
        try changed.hide(at: hideAt)
        #expect(abs(changed.settlingDuration - (3 * 0.05 + 2)) <= 1e-6)
        let easeOut = try Curve.easeOut(duration: 2)
        try changed.sample(at: hideAt + 0.5, into: &b, backend: backend)
        #expect(abs(Double(b.appearance[3]) - (1 - (try easeOut.value(at: 0.5)))) <= 2e-5)
        #expect(abs(Double(b.appearance[0]) - (1 - (try easeOut.value(at: 0.35)))) <= 2e-5)
    }

    /// Inserting after a curve change: items in flight go on from their value and
    /// velocity (no jump) under the new curve, which the new items run too.
    @Test func insertAfterACurveChangeIsContinuous() throws {
        var list = try StaggeredList(count: 30, config: try StaggerConfig(delayIncrement: 0.02, curve: .bouncy))
        try list.show(at: 0)
        let before = list
        list.config.curve = .snappy
        try list.insert(3, before: 30, at: 0.2)
        var old = before.makeFrame(), new = list.makeFrame()
        try before.sample(at: 0.2, into: &old)
        try list.sample(at: 0.2, into: &new)
        for i in 0..<30 {
            #expect(abs(old.appearance[i] - new.appearance[i]) <= 1e-5, "item \(i)")
            #expect(abs(old.velocity[i] - new.velocity[i]) <= 4e-4, "item \(i) velocity")
        }
        // The new items run the new curve from the insert.
        try list.sample(at: 0.5, into: &new)
        for r in 0..<3 {
            let expected = try Curve.snappy.value(at: 0.3 - 0.02 * Double(r))
            #expect(abs(Double(new.appearance[30 + r]) - expected) <= 2e-5)
        }
    }

    /// Every mutating call checks everything before it changes anything (issue 21,
    /// third and fourth wrong behaviours).
    @Test func refusedChangesLeaveTheListAsItWas() throws {
        var list = try StaggeredList(count: 4, config: .standard)
        try list.show(at: 0)
        let limit = StaggeredList.maximumCount
        #expect(throws: StaggerError.tooManyItems(count: .max, maximum: limit)) {
            try list.insert(.max, before: 0, at: 1)
        }
        #expect(throws: StaggerError.tooManyItems(count: limit + 1, maximum: limit)) {
            try list.insert(limit - 3, before: 0, at: 1)
        }
        #expect(list.count == 4)
        // The limit itself is accepted, one more is not. A list made at the limit, not
        // filled up by an insert: a shown list's inserted items are per-item motions
        // (over a gigabyte for 2^23 items in a debug build's time and memory).
        var full = try StaggeredList(count: limit, config: .standard)
        #expect(throws: StaggerError.tooManyItems(count: limit + 1, maximum: limit)) {
            try full.insert(1, before: 0, at: 2)
        }
        #expect(full.count == limit)

        var small = try StaggeredList(count: 5, config: .standard)
        let untouched = small
        small.config.grid = StaggerConfig.Grid(columns: 2, rows: 2)
        #expect(throws: StaggerError.gridTooSmall(columns: 2, rows: 2, count: 5)) { try small.show(at: 0) }
        #expect(!small.isShown)
        #expect(try small.appearance(of: 4, at: 10) == 0)
        #expect(small.settlingDuration == untouched.settlingDuration)
    }

    /// Opacity keeps to its range while a spring overshoots (issue 21: opacity reached
    /// 1.010); offset and scale, with no range, follow the overshoot.
    @Test(arguments: testedBackends)
    func opacityIsClampedToItsRange(backend: Backend) throws {
        var list = try StaggeredList(count: 3, config: try StaggerConfig(spread: .each(0.05), curve: .bouncy))
        try list.show(at: 0)
        var frame = list.makeFrame()
        // The bouncy spring overshoots 1 around 0.3 s after it starts.
        try list.sample(at: 0.3, into: &frame, backend: backend)
        let overshoot = frame.appearance[0]
        #expect(overshoot > 1)
        #expect(frame.values(ofTrack: "opacity")![0] == 1)
        #expect(abs(frame.values(ofTrack: "scale")![0] - (0.95 + 0.05 * overshoot)) <= 1e-6)
        let custom = StaggerTrack("blur", from: 10, to: 0, range: 0...10)
        #expect(custom.range == 0...10 && StaggerTrack.offsetY.range == nil)
    }

    /// A track's range holds in every pass that writes it: a long list (whose waiting and
    /// settled runs are filled from one item), an interrupted one (per-item motions),
    /// under reduced motion, and with a bound that is infinite. Each clamped value is the
    /// unclamped mapping of the frame's own appearance, clamped (worked from the track's
    /// definition: from + (to − from) a).
    @Test(arguments: testedBackends)
    func everyPassKeepsTracksInTheirRanges(backend: Backend) throws {
        let blur = StaggerTrack("blur", from: 10, to: 0, range: 0...10)
        let lift = StaggerTrack("lift", from: -4, to: 6, range: -Float.infinity...5)
        /// Whether anything overshot, for the caller to require of one of its frames.
        func check(_ list: StaggeredList, at time: Double, _ what: String) throws -> Bool {
            var frame = list.makeFrame()
            try list.sample(at: time, into: &frame, backend: backend)
            let opacity = frame.values(ofTrack: "opacity")!, blurs = frame.values(ofTrack: "blur")!
            let lifts = frame.values(ofTrack: "lift")!
            for item in 0..<list.count {
                let a = Double(frame.appearance[item])
                let tolerance = 1e-5 * max(1, abs(a))
                #expect(abs(Double(opacity[item]) - min(max(a, 0), 1)) <= tolerance, "\(what) item \(item)")
                #expect(abs(Double(blurs[item]) - min(max(10 - 10 * a, 0), 10)) <= 10 * tolerance)
                #expect(abs(Double(lifts[item]) - min(-4 + 10 * a, 5)) <= 10 * tolerance)
                #expect(opacity[item] <= 1 && blurs[item] >= 0 && lifts[item] <= 5)
            }
            return frame.appearance.contains { $0 > 1 }
        }
        let config = try StaggerConfig(spread: .each(0.0005), curve: .bouncy)
        var list = try StaggeredList(count: 2_000, config: config, tracks: [.opacity, blur, lift])
        try list.show(at: 0)
        #expect(try check(list, at: 0.9, "a long list"), "nothing overshoots")
        try list.hide(at: 0.5)
        try list.show(at: 0.6)
        var overshoots = false
        for time in [0.8, 0.95, 1.1, 1.3, 1.6] {
            overshoots = try check(list, at: time, "an interrupted list") || overshoots
        }
        #expect(overshoots, "the interrupted list never overshoots")
        // Under reduced motion `lift` jumps (to 6, past its bound) as each item starts,
        // through the second pass: 5 for items started, -4 for those still waiting.
        var reduced = try StaggeredList(count: 300, config: config, tracks: [.opacity, blur, lift])
        reduced.reducedMotion = .system(isEnabled: true)
        try reduced.show(at: 0)
        var frame = reduced.makeFrame()
        try reduced.sample(at: 0.1, into: &frame, backend: backend)
        let lifts = frame.values(ofTrack: "lift")!
        // (Unclamped, the started ones would read 6.)
        #expect(lifts[0] == 5 && lifts.allSatisfy { (-4...5).contains($0) })
        #expect(frame.values(ofTrack: "opacity")!.allSatisfy { (0...1).contains($0) })
    }

    /// A track's values start at index 0 whatever the track (issue 21: `opacity[0]`
    /// trapped for track 1 and later), and tracks are found by name.
    @Test func trackValuesAreZeroBasedAndNamed() throws {
        var list = try StaggeredList(count: 4, config: try StaggerConfig(spread: .each(0.1), curve: .easeOut))
        try list.show(at: 0)
        var frame = list.makeFrame()
        try list.sample(at: 0.15, into: &frame)
        let offset = frame.values(ofTrack: 1)
        #expect(offset.startIndex == 0 && offset.count == 4)
        #expect(Array(offset) == Array(frame.values[4..<8]))
        // Item 0 is 0.15 s into easeOut: the offset is 20 (1 - value).
        #expect(abs(Double(offset[0]) - 20 * (1 - (try Curve.easeOut.value(at: 0.15)))) < 1e-5)
        #expect(frame.trackNames == ["opacity", "offsetY", "scale"])
        #expect(frame.values(ofTrack: "offsetY").map(Array.init) == Array(offset))
        #expect(frame.values(ofTrack: "blur") == nil)
        #expect((try StaggerFrame(count: 2, trackCount: 1)).values(ofTrack: "opacity") == nil)
    }

    @Test func completionAndDuration() throws {
        let config = try StaggerConfig(spread: .each(0.05), curve: .easeOut)
        var list = try StaggeredList(count: 10, config: config)
        try list.show(at: 2)
        #expect(abs(list.settlingDuration - (9 * 0.05 + 0.35)) < 1e-6)
        #expect(!list.isComplete(at: 2.5))
        #expect(list.isComplete(at: 2 + 9 * 0.05 + 0.35 + 1e-6))
    }

    @Test func badInputIsRefused() throws {
        #expect(throws: StaggerError.negativeCount(-1)) { try StaggeredList(count: -1, config: .standard) }
        var list = try StaggeredList(count: 4, config: .standard)
        #expect(throws: StaggerError.invalidTime(.nan)) { try list.show(at: .nan) }
        try list.show(at: 0)
        var frame = list.makeFrame()
        #expect(throws: StaggerError.invalidTime(.infinity)) { try list.sample(at: .infinity, into: &frame) }
        var wrong = try StaggerFrame(count: 3, trackCount: 3)
        #expect(throws: StaggerError.bufferMismatch(expected: 12, actual: 9)) { try list.sample(at: 0.1, into: &wrong) }
        #expect(throws: StaggerError.indexOutOfRange(index: 9, count: 4)) { try list.insert(1, before: 9, at: 1) }
        #expect(throws: StaggerError.negativeCount(-2)) { try list.insert(-2, before: 0, at: 1) }
        #expect(throws: StaggerError.indexOutOfRange(index: 6, count: 4)) { try list.remove(items: 2..<6, at: 0) }
        // A removal is a change like the others: stamped in time order.
        #expect(throws: StaggerError.timeRunsBackward(time: -1, latest: 0)) { try list.remove(items: 0..<1, at: -1) }
        #expect(throws: StaggerError.invalidTime(.nan)) { try list.remove(items: 0..<1, at: .nan) }
        let grid = try StaggerConfig(spread: .each(0.1), grid: .init(columns: 2, rows: 2))
        #expect(throws: StaggerError.gridTooSmall(columns: 2, rows: 2, count: 5)) {
            try StaggeredList(count: 5, config: grid)
        }
    }

    /// A spring whose angular frequency sqrt(k / m) = 1e40 is beyond float32's largest
    /// finite value (about 3.4e38): the list refuses it when the motion is made (the
    /// list, a show, an insert), naming the parameter, not on the first frame.
    @Test func aCurveFloat32CannotHoldIsRefusedWhenTheMotionStarts() throws {
        let spring = try Curve.spring(Spring(mass: 1, stiffness: 1e80, damping: 1))
        let expected = StaggerError.curve(.exceedsFloat32Range(name: "angularFrequency", value: 1e40))
        var config = StaggerConfig.standard
        config.curve = spring
        #expect(throws: expected) { try StaggeredList(count: 4, config: config) }
        var list = try StaggeredList(count: 4, config: .standard)
        list.config.curve = spring
        #expect(throws: expected) { try list.show(at: 0) }
        #expect(throws: expected) { try list.insert(2, before: 0, at: 0) }
        // Unchanged by the refusals: the list still samples its old motion.
        var frame = list.makeFrame()
        try list.sample(at: 1, into: &frame)
        #expect(list.count == 4)
    }
}

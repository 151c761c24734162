import PropertyBased
import Stagger
import Testing

/// Items that stagger in as they scroll into view, against figures worked by hand from
/// the rules ``ScrollReveal`` states: which rows a viewport meets (rows of 50 pt: row r
/// spans [50 r, 50 r + 50)), the batch each joins, and its start (the batch's close plus
/// `each` times its place). Appearances use a linear easing, (t − start)/duration, so
/// that every expected value is arithmetic; the kernel is held to them on every backend.
@Suite(.shrinking(false)) struct ScrollRevealTests {
    /// `count` rows 50 pt tall, 320 wide, one under the other.
    static func rows(_ count: Int = 100) throws -> [LayoutRect] {
        try (0..<count).map { try LayoutRect(x: 0, y: Double($0) * 50, width: 320, height: 50) }
    }

    /// `each` 0.05 s on a linear easing of 0.3 s.
    static func config(each: Double = 0.05) throws -> StaggerConfig {
        try StaggerConfig(spread: .each(each), curve: .linear(duration: 0.3))
    }

    static func reveal(
        batching: ScrollReveal.Batching = ScrollReveal.Batching(), leaving: ScrollReveal.Leaving = .staysShown,
        margin: Double = 0
    ) throws -> ScrollReveal {
        try ScrollReveal(
            frames: try rows(), viewportLength: 400, margin: margin, config: try config(), batching: batching,
            leaving: leaving)
    }

    /// Every row's start (`nil`: not entered).
    static func starts(_ reveal: ScrollReveal, _ rows: Range<Int>) throws -> [Double?] {
        try rows.map { try reveal.startTime(ofItem: $0) }
    }

    static func expectStarts(
        _ reveal: ScrollReveal, _ expected: [Int: Double?], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (row, start) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = try reveal.startTime(ofItem: row)
            switch (actual, start) {
            case (nil, nil): break
            case (let a?, let e?):
                #expect(a == e || abs(a - e) <= 1e-12, "row \(row): \(a) vs \(e)", sourceLocation: sourceLocation)
            default: Issue.record("row \(row): \(String(describing: actual)) vs \(String(describing: start))")
            }
        }
    }

    /// The issue's worked example: opened at 0, rows 0…7 start at 0.05 k; a scroll to
    /// 200 at 1.0 s brings rows 8…11 in (the viewport meets rows 4…11), which start at
    /// the end of the 0.1 s interval: 1.1, 1.15, 1.2, 1.25 s. Row 12 has not entered.
    /// The kernel's frame at 1.2 s on every backend: row 8 is 0.1/0.3 of its way, row 9
    /// 0.05/0.3, rows 10 on at 0, rows 0…7 at 1.
    @Test(arguments: testedBackends)
    func workedExample(backend: Backend) throws {
        var reveal = try Self.reveal()
        try reveal.scroll(to: 0, at: 0)
        try Self.expectStarts(reveal, Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 0.05 * Double($0)) }))
        try Self.expectStarts(reveal, [8: nil, 50: nil])
        try reveal.scroll(to: 200, at: 1.0)
        try Self.expectStarts(reveal, [4: 0.2, 7: 0.35, 8: 1.1, 9: 1.15, 10: 1.2, 11: 1.25, 12: nil])
        var frame = reveal.makeFrame()
        try reveal.sample(at: 1.2, into: &frame, backend: backend)
        let expected: [Int: Double] = [0: 1, 7: 1, 8: 0.1 / 0.3, 9: 0.05 / 0.3, 10: 0, 11: 0, 12: 0, 99: 0]
        for (row, value) in expected {
            #expect(abs(try reveal.appearance(of: row, at: 1.2) - value) <= 1e-12, "row \(row)")
            #expect(abs(Double(frame.appearance[row]) - value) <= 1e-6, "row \(row): \(frame.appearance[row])")
            // The default tracks: opacity 0 -> 1, offsetY 20 -> 0, scale 0.95 -> 1.
            #expect(abs(Double(frame.values(ofTrack: "opacity")![row]) - value) <= 1e-6)
            #expect(abs(Double(frame.values(ofTrack: "offsetY")![row]) - 20 * (1 - value)) <= 2e-5)
        }
        #expect(try reveal.itemsStarting(after: 0.5, through: 1.21).map(\.index) == [8, 9, 10])
        #expect(try reveal.itemsSettling(after: 0, through: 0.36).map(\.index) == [0, 1])
        #expect(abs(reveal.settleTime - 1.55) <= 1e-12)
        #expect(!reveal.isComplete(at: 1.5) && reveal.isComplete(at: 1.55))
    }

    /// Opened at offset 2,000: rows 0…39 lie above the viewport and are shown at once
    /// (appearance 1 at any time, tracks at their ends, no start event); rows 40…47
    /// stagger in from 0 s; row 48 (at 2,400) has not entered.
    @Test(arguments: testedBackends)
    func openedScrolledDownShowsWhatIsAbove(backend: Backend) throws {
        var reveal = try Self.reveal()
        try reveal.scroll(to: 2_000, at: 0)
        try Self.expectStarts(reveal, [0: -.infinity, 39: -.infinity, 40: 0, 43: 0.15, 47: 0.35, 48: nil])
        var frame = reveal.makeFrame()
        try reveal.sample(at: 0, into: &frame, backend: backend)
        for row in [0, 20, 39] {
            #expect(frame.appearance[row] == 1 && frame.values(ofTrack: "offsetY")![row] == 0, "row \(row)")
            #expect(try reveal.appearance(of: row, at: 0) == 1)
        }
        for row in [40, 47, 48] { #expect(frame.appearance[row] == 0, "row \(row)") }
        try reveal.sample(at: 0.25, into: &frame, backend: backend)
        #expect(abs(Double(frame.appearance[41]) - 0.2 / 0.3) <= 1e-6)
        #expect(try reveal.itemsStarting(after: -1, through: 10).map(\.index) == Array(40...47))
        // A spring shown at once is at rest at its end too (the kernel's far past).
        var sprung = try ScrollReveal(
            frames: try Self.rows(), viewportLength: 400, config: try StaggerConfig(spread: .each(0.05), curve: .bouncy)
        )
        try sprung.scroll(to: 2_000, at: 1e6)
        var springFrame = sprung.makeFrame()
        try sprung.sample(at: 1e6, into: &springFrame, backend: backend)
        #expect(springFrame.appearance[0] == 1 && springFrame.velocity[0] == 0)
        #expect(springFrame.appearance[40] == 0 && springFrame.appearance[99] == 0)
    }

    /// Items entering within the interval join the open batch: rows 8…11 at 1.0 s and
    /// row 12 at 1.05 s start together from 1.1 s (row 12 fifth, at 1.3); rows 13 and 14
    /// at 1.12 s open a new batch that closes at 1.22 s. Between reports, a batch closes
    /// at its own time: a frame at 1.12 (before the report) sees row 8 under way.
    @Test func itemsWithinTheIntervalShareABatch() throws {
        var reveal = try Self.reveal()
        try reveal.scroll(to: 0, at: 0)
        try reveal.scroll(to: 200, at: 1.0)
        try reveal.scroll(to: 250, at: 1.05)
        try Self.expectStarts(reveal, [8: 1.1, 11: 1.25, 12: 1.3, 13: nil])
        #expect(abs(try reveal.appearance(of: 8, at: 1.12) - 0.02 / 0.3) <= 1e-12)
        try reveal.scroll(to: 350, at: 1.12)
        try Self.expectStarts(reveal, [12: 1.3, 13: 1.22, 14: 1.27, 15: nil])
        // Interval 0: each report's rows are their own batch, from the report.
        var eager = try Self.reveal(batching: ScrollReveal.Batching(interval: 0))
        try eager.scroll(to: 0, at: 0)
        try eager.scroll(to: 200, at: 1.0)
        try Self.expectStarts(eager, [8: 1.0, 11: 1.15])
    }

    /// At most three a batch, opened at 0 with rows 0…7 in view: three batches that all
    /// start at 0 (rows 0, 3, 6 together); queued, each waits one `each` after the
    /// previous batch's last start, which makes 0.05 k again, one sequence.
    @Test func maximumAndQueue() throws {
        var overlapping = try Self.reveal(batching: ScrollReveal.Batching(maximum: 3))
        try overlapping.scroll(to: 0, at: 0)
        try Self.expectStarts(overlapping, [0: 0, 2: 0.1, 3: 0, 5: 0.1, 6: 0, 7: 0.05])
        var queued = try Self.reveal(batching: ScrollReveal.Batching(maximum: 3, isQueued: true))
        try queued.scroll(to: 0, at: 0)
        try Self.expectStarts(queued, Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 0.05 * Double($0)) }))
        // A full batch starts at the report that filled it, not at the interval's end:
        // rows 8, 9 at 1.0 s; rows 10, 11 queued after row 9 (1.05 + 0.05).
        var pairs = try Self.reveal(batching: ScrollReveal.Batching(maximum: 2, isQueued: true))
        try pairs.scroll(to: 0, at: 0)
        try pairs.scroll(to: 200, at: 1.0)
        try Self.expectStarts(pairs, [8: 1.0, 9: 1.05, 10: 1.1, 11: 1.15])
        // An amount spread queues by its batch's gap: 0.3 s over 3 rows is 0.15 a gap.
        var amount = try ScrollReveal(
            frames: try Self.rows(), viewportLength: 400,
            config: try StaggerConfig(spread: .amount(0.3), curve: .linear(duration: 0.3)),
            batching: ScrollReveal.Batching(maximum: 3, isQueued: true))
        try amount.scroll(to: 0, at: 0)
        try Self.expectStarts(amount, [0: 0, 1: 0.15, 2: 0.3, 3: 0.45, 5: 0.75, 6: 0.9, 7: 1.2])
    }

    /// Only items still to come in view hold the queue. Opened at 0 with batches of four
    /// (rows 0…3 at 0…0.15, rows 4…7 at 0.2…0.35), scrolled to 1,000 at 0.1 s: rows 3…7
    /// left before their turn and are shown at once, rows 8…19 were jumped, and rows
    /// 20…23 start at once from 0.1 s (not after row 7's 0.35), rows 24…27 queued after
    /// them at 0.3…0.45. A base delay is paid once per batch, not again at each seam.
    @Test func theQueueWaitsOnlyForWhatCanBeSeen() throws {
        var reveal = try Self.reveal(batching: ScrollReveal.Batching(maximum: 4, isQueued: true))
        try reveal.scroll(to: 0, at: 0)
        try reveal.scroll(to: 1_000, at: 0.1)
        try Self.expectStarts(
            reveal, [0: 0, 2: 0.1, 3: -.infinity, 7: -.infinity, 8: -.infinity, 20: 0.1, 23: 0.25, 24: 0.3, 27: 0.45])
        var based = try ScrollReveal(
            frames: try Self.rows(), viewportLength: 400,
            config: try StaggerConfig(baseDelay: 0.1, spread: .each(0.05), curve: .linear(duration: 0.3)),
            batching: ScrollReveal.Batching(maximum: 3, isQueued: true))
        try based.scroll(to: 0, at: 0)
        try Self.expectStarts(based, Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 0.1 + 0.05 * Double($0)) }))
        // Replaying, rows that left are hidden and hold nothing: back at the top at
        // 0.55 s, rows 0…3 (a full batch) start at once, 4…7 queued after them.
        var replaying = try Self.reveal(
            batching: ScrollReveal.Batching(maximum: 4, isQueued: true), leaving: .replays)
        try replaying.scroll(to: 0, at: 0)
        try replaying.scroll(to: 1_000, at: 0.5)
        try replaying.scroll(to: 0, at: 0.55)
        try Self.expectStarts(replaying, [0: 0.55, 3: 0.7, 4: 0.75, 7: 0.9, 20: nil, 27: nil])
        // A fling of 300 points a frame to 10,200: the rows it stops on start within a
        // few tenths of a second, every row it flew past before its turn is shown.
        var fling = try ScrollReveal(
            frames: try Self.rows(300), viewportLength: 400, config: try Self.config(),
            batching: ScrollReveal.Batching(maximum: 4, isQueued: true))
        for k in 0...34 { try fling.scroll(to: Double(k) * 300, at: Double(k) / 60) }
        for row in 204...211 {
            let start = try #require(try fling.startTime(ofItem: row))
            #expect(start >= 34.0 / 60 && start < 34.0 / 60 + 0.5, "row \(row) starts at \(start)")
        }
        #expect(try fling.startTime(ofItem: 100) == -.infinity)
        #expect(fling.settleTime < 34.0 / 60 + 0.8)
    }

    /// A batch still open follows the queue at once when what it waited for leaves
    /// without anything entering. Ten rows, queued, interval 0.1 s: opened at 0, rows
    /// 0…7 start at 0.05 k (the queue's tail 0.35); a scroll to 100 at 0.05 s brings
    /// rows 8 and 9 into a batch closing at 0.15, queued after row 7: 0.4 and 0.45. A
    /// scroll to 400 at 0.06 s (rows 8 and 9 in view, nothing below) takes rows 2…7
    /// out before their turn: shown at once, they hold no queue, so rows 8 and 9 start
    /// at the batch's close, 0.15 and 0.2, as every later report and frame says.
    @Test func anOpenBatchFollowsTheQueueAsItEmpties() throws {
        var reveal = try ScrollReveal(
            frames: try Self.rows(10), viewportLength: 400, config: try Self.config(),
            batching: ScrollReveal.Batching(isQueued: true))
        try reveal.scroll(to: 0, at: 0)
        try reveal.scroll(to: 100, at: 0.05)
        try Self.expectStarts(reveal, [7: 0.35, 8: 0.4, 9: 0.45])
        try reveal.scroll(to: 400, at: 0.06)
        try Self.expectStarts(reveal, [1: 0.05, 2: -.infinity, 7: -.infinity, 8: 0.15, 9: 0.2])
        #expect(try reveal.itemsStarting(after: 0.06, through: 1).map(\.index) == [8, 9])
        #expect(abs(reveal.settleTime - 0.5) <= 1e-12)
        try reveal.scroll(to: 400, at: 0.3)
        try Self.expectStarts(reveal, [8: 0.15, 9: 0.2])
    }

    /// When a batch fills early its starts move earlier, and the settle time with them:
    /// rows 8, 9 due at 1.1 and 1.15 s; row 10 fills the batch of three at 1.01 s, so
    /// 1.01, 1.06, 1.11, at rest at 1.41.
    @Test func settleTimeFollowsAFullBatch() throws {
        var reveal = try Self.reveal(batching: ScrollReveal.Batching(maximum: 3))
        try reveal.scroll(to: 0, at: 0)
        try reveal.scroll(to: 100, at: 1.0)
        #expect(abs(reveal.settleTime - 1.45) <= 1e-12)
        try reveal.scroll(to: 150, at: 1.01)
        try Self.expectStarts(reveal, [8: 1.01, 9: 1.06, 10: 1.11])
        #expect(abs(reveal.settleTime - 1.41) <= 1e-12)
    }

    /// A config whose grid or origin index does not fit every item is fine (a batch is
    /// its own list); a positive margin takes no row above the viewport into a batch.
    @Test func configsAndMarginsAsDocumented() throws {
        _ = try ScrollReveal(
            frames: try Self.rows(), viewportLength: 400,
            config: try StaggerConfig(spread: .each(0.05), grid: .init(columns: 4, rows: 3)))
        var indexed = try ScrollReveal(
            frames: try Self.rows(3), viewportLength: 400,
            config: try StaggerConfig(spread: .each(0.1), from: .index(5)))
        try indexed.scroll(to: 0, at: 0)
        try Self.expectStarts(indexed, [0: 0.2, 1: 0.1, 2: 0])
        var wide = try Self.reveal(margin: 100)
        try wide.scroll(to: 2_000, at: 0)
        try Self.expectStarts(wide, [37: -.infinity, 38: -.infinity, 39: -.infinity, 40: 0, 49: 0.45, 50: nil])
    }

    /// A 50-pt margin brings row 8 (400…450) in at offset 0; a margin of −60 narrows the
    /// region to [60, 340): rows 1…6 meet it and row 0, in view but past the region's
    /// start, enters too (nothing in view is shown at once or left out); row 7 waits.
    @Test func marginWidensOrNarrowsTheViewport() throws {
        var wide = try Self.reveal(margin: 50)
        try wide.scroll(to: 0, at: 0)
        try Self.expectStarts(wide, [8: 0.4, 9: nil])
        var narrow = try Self.reveal(margin: -60)
        try narrow.scroll(to: 0, at: 0)
        try Self.expectStarts(narrow, [0: 0, 1: 0.05, 6: 0.3, 7: nil])
        // Scrolled to 1,000 with the narrow region [1,060, 1,340): rows 20 (in view,
        // past the line) to 26 enter; rows 8…19, out of sight above, are shown at once.
        try narrow.scroll(to: 1_000, at: 1)
        try Self.expectStarts(narrow, [8: -.infinity, 19: -.infinity, 20: 1.1, 26: 1.4, 27: nil])
    }

    /// Replays: rows that leave hide at once and play again when they come back, and
    /// the events keep the play a reset ended. Opened at 0 (rows 0…7), scrolled to 1,000
    /// at 2 s (rows 0…7 leave; 8…19 are shown at once; 20…27 start at 2.1 + 0.05 k),
    /// back to 0 at 3 s (rows 0…7 play again from 3.1; 20…27 leave, hidden).
    @Test(arguments: testedBackends)
    func leavingRowsReplay(backend: Backend) throws {
        var reveal = try Self.reveal(leaving: .replays)
        try reveal.scroll(to: 0, at: 0)
        try reveal.scroll(to: 1_000, at: 2)
        try Self.expectStarts(reveal, [0: nil, 7: nil, 8: -.infinity, 19: -.infinity, 20: 2.1, 27: 2.45])
        try reveal.scroll(to: 0, at: 3)
        try Self.expectStarts(reveal, [0: 3.1, 7: 3.45, 8: -.infinity, 20: nil, 27: nil])
        var frame = reveal.makeFrame()
        try reveal.sample(at: 3.2, into: &frame, backend: backend)
        #expect(abs(Double(frame.appearance[0]) - 0.1 / 0.3) <= 1e-6 && frame.appearance[20] == 0)
        #expect(frame.appearance[8] == 1)
        let started = try reveal.itemsStarting(after: 1.9, through: 3.21)
        #expect(started.map(\.index) == Array(20...27) + [0, 1, 2])
        #expect(abs(started[0].time - 2.1) <= 1e-12)
        let settled = try reveal.itemsSettling(after: 1.9, through: 3.47)
        #expect(settled.map(\.index) == Array(20...27) + [0, 1])
        // Staying shown (the default), rows 0…7 keep their starts through both scrolls.
        var staying = try Self.reveal()
        try staying.scroll(to: 0, at: 0)
        try staying.scroll(to: 1_000, at: 2)
        try staying.scroll(to: 0, at: 3)
        try Self.expectStarts(staying, [0: 0, 7: 0.35, 20: 2.1])
    }

    /// A row of three cards staggered from the batch's centre over positions, 0.01 s per
    /// point: centres at 50, 150, 250, the box's centre 150, so delays 1, 0, 1 s.
    @Test func positionsFromTheCentre() throws {
        let cards = try (0..<3).map { try LayoutRect(x: Double($0) * 100, y: 0, width: 100, height: 50) }
        var reveal = try ScrollReveal(
            frames: cards, viewportLength: 400,
            config: try StaggerConfig(spread: .each(0.01), curve: .linear(duration: 0.3), from: .center),
            batching: ScrollReveal.Batching(order: .positions()))
        try reveal.scroll(to: 0, at: 0)
        try Self.expectStarts(reveal, [0: 1, 1: 0, 2: 1])
        // Reading order from the centre of the list of three: index 1 first, ends 1 step.
        // Reduced motion bounds a spread over positions too: 1 s becomes 0.1 s.
        var reduced = try ScrollReveal(
            frames: cards, viewportLength: 400,
            config: try StaggerConfig(spread: .each(0.01), curve: .linear(duration: 0.3), from: .center),
            batching: ScrollReveal.Batching(order: .positions()), reducedMotion: .always)
        try reduced.scroll(to: 0, at: 0)
        try Self.expectStarts(reduced, [0: 0.1, 1: 0, 2: 0.1])
        var reading = try ScrollReveal(
            frames: cards, viewportLength: 400,
            config: try StaggerConfig(spread: .each(0.1), curve: .linear(duration: 0.3), from: .center))
        try reading.scroll(to: 0, at: 0)
        try Self.expectStarts(reading, [0: 0.1, 1: 0, 2: 0.1])
    }

    /// Sideways: columns 100 pt wide in a 250-pt viewport, read left to right and top to
    /// bottom: columns 0…2 (x < 250), two cards each, in the order (0,top) (0,bottom) ...
    @Test func horizontalReadsColumns() throws {
        var cards: [LayoutRect] = []
        for column in 0..<6 {
            for row in 0..<2 {
                cards.append(try LayoutRect(x: Double(column) * 100, y: Double(row) * 60, width: 90, height: 50))
            }
        }
        var reveal = try ScrollReveal(frames: cards, viewportLength: 250, axis: .horizontal, config: try Self.config())
        try reveal.scroll(to: 0, at: 0)
        // Card 2 c + r: column c, row r.
        try Self.expectStarts(reveal, [0: 0, 1: 0.05, 2: 0.1, 3: 0.15, 4: 0.2, 5: 0.25, 6: nil])
    }

    /// Reduced motion: the 0.35 s spread of eight rows is scaled to 0.1 s (row k at
    /// k/70 s), the curve is the 0.2-s fade, and the offset track jumps at the start.
    @Test(arguments: testedBackends)
    func reducedMotionFadesAndJumps(backend: Backend) throws {
        var reveal = try ScrollReveal(
            frames: try Self.rows(), viewportLength: 400, config: try Self.config(), reducedMotion: .always)
        try reveal.scroll(to: 0, at: 0)
        try Self.expectStarts(reveal, [0: 0, 7: 0.1, 3: 0.3 / 7])
        #expect(reveal.curve == ReducedMotion.fade)
        var frame = reveal.makeFrame()
        try reveal.sample(at: 0.1, into: &frame, backend: backend)
        // Row 0 half way through the fade (easeInOut at 0.5 is 0.5); its offset jumped.
        #expect(abs(Double(frame.values(ofTrack: "opacity")![0]) - 0.5) <= 1e-5)
        #expect(frame.values(ofTrack: "offsetY")![0] == 0)
        try reveal.sample(at: 0.09, into: &frame, backend: backend)
        #expect(frame.values(ofTrack: "offsetY")![7] == 20 && frame.appearance[7] == 0)
    }

    /// The kernel's frames against the reference after any run of reports (scrolls up
    /// and down, jumps, batches open and closed), for easings, springs and reduced
    /// motion, replaying or not, on every backend.
    @Test(arguments: testedBackends)
    func framesMatchTheReference(backend: Backend) async {
        let scrolls = Gen.double(in: -300...4_800).array(of: 1...8)
        await checkProperty(
            count: 25, input: scrolls, Gen.int(in: 0...5), Gen.double(in: 0...1.5)
        ) { offsets, variant, after in
            let curve: Curve = variant % 3 == 0 ? .bouncy : (variant % 3 == 1 ? try .easeOut(duration: 0.3) : .smooth)
            var reveal = try ScrollReveal(
                frames: try Self.rows(), viewportLength: 400, margin: Double(variant) * 10 - 20,
                config: try StaggerConfig(spread: .each(0.03), curve: curve),
                batching: ScrollReveal.Batching(interval: 0.05, maximum: variant == 2 ? 3 : nil, isQueued: variant > 3),
                leaving: variant % 2 == 0 ? .replays : .staysShown, reducedMotion: variant == 5 ? .always : .never)
            var time = 0.0
            for offset in offsets {
                try reveal.scroll(to: offset, at: time)
                time += 0.04
            }
            let at = time + after
            var frame = reveal.makeFrame()
            try reveal.sample(at: at, into: &frame, backend: backend)
            for i in 0..<reveal.count {
                let reference = try reveal.appearance(of: i, at: at)
                #expect(
                    abs(Double(frame.appearance[i]) - reference) <= 2e-5,
                    "item \(i) at \(at): \(frame.appearance[i]) vs \(reference)")
            }
        }
    }

    /// Reports in time order, by ``TimeOrder``'s rule: one a frame late is taken at the
    /// latest report's time; one further back is refused and changes nothing.
    @Test func reportsRunForward() throws {
        var reveal = try Self.reveal()
        try reveal.scroll(to: 0, at: 1)
        try reveal.scroll(to: 200, at: 0.97)
        try Self.expectStarts(reveal, [8: 1.1])
        #expect(throws: StaggerError.timeRunsBackward(time: 0.5, latest: 1)) { try reveal.scroll(to: 400, at: 0.5) }
        try Self.expectStarts(reveal, [12: nil])
    }

    /// Bad input is refused with the parameter's name.
    @Test func badInputIsNamed() throws {
        func refused(_ name: String, _ make: () throws -> Void) {
            do {
                try make()
                Issue.record("\(name): no error")
            } catch {
                #expect("\(error)".contains(name), "\(error)")
            }
        }
        let rows = try Self.rows(3), config = try Self.config()
        refused("viewportLength = 0.0") { _ = try ScrollReveal(frames: rows, viewportLength: 0, config: config) }
        refused("viewportLength = nan") { _ = try ScrollReveal(frames: rows, viewportLength: .nan, config: config) }
        refused("margin = -200.0") {
            _ = try ScrollReveal(frames: rows, viewportLength: 400, margin: -200, config: config)
        }
        refused("interval = -1.0") {
            _ = try ScrollReveal(
                frames: rows, viewportLength: 400, config: config, batching: ScrollReveal.Batching(interval: -1))
        }
        refused("interval = inf") {
            _ = try ScrollReveal(
                frames: rows, viewportLength: 400, config: config, batching: ScrollReveal.Batching(interval: .infinity))
        }
        refused("maximum = 0 is invalid") {
            _ = try ScrollReveal(
                frames: rows, viewportLength: 400, config: config, batching: ScrollReveal.Batching(maximum: 0))
        }
        var bad = rows
        bad[1].origin.y = .nan
        refused("frames[1].y = nan") { _ = try ScrollReveal(frames: bad, viewportLength: 400, config: config) }
        bad = rows
        bad[2].size.height = -5
        refused("frames[2].height = -5.0") { _ = try ScrollReveal(frames: bad, viewportLength: 400, config: config) }
        var reveal = try ScrollReveal(frames: rows, viewportLength: 400, config: config)
        refused("offset = nan") { try reveal.scroll(to: .nan, at: 0) }
        refused("finite time") { try reveal.scroll(to: 0, at: .infinity) }
        refused("Index 3") { _ = try reveal.appearance(of: 3, at: 0) }
        #expect(try reveal.startTime(ofItem: 0) == nil)
        #expect(reveal.description.contains("not opened"))
    }
}

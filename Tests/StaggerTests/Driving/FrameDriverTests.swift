import AllocationCounter
import PropertyBased
import Stagger
import Testing

/// The frame driver: the same values and the same events whatever the frame times, rest
/// detected when the settling durations say, nothing allocated per frame, bad frame
/// times refused.
@Suite(.shrinking(false)) struct FrameDriverTests {
    /// A screen's worth of animations: a list, a pair group, a timeline player and a
    /// component animator, and the transitions to apply at their times.
    struct Scene {
        var driver = FrameDriver()
        let list: FrameDriver.ListID
        let group: FrameDriver.PairGroupID
        let player: FrameDriver.PlayerID
        let animator: FrameDriver.AnimatorID
        /// (time, change), in time order.
        let changes: [(Double, (inout FrameDriver) throws -> Void)]
        var applied = 0

        init(config: StaggerConfig, count: Int, hideAt: Double, reverseAt: Double) throws {
            list = driver.add(try StaggeredList(count: count, config: config))
            let card = try MatchedGeometry(frame: LayoutRect(x: 16, y: 400, width: 160, height: 100))
            let detail = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 390, height: 600))
            let pair = try MatchedPair(source: card, destination: detail)
            group = driver.add(
                try MatchedPairGroup(
                    Array(repeating: pair, count: 5), curves: MatchedCurves(.snappy),
                    stagger: try StaggerConfig(spread: .each(0.03))))
            let reveal = try Timeline([
                .step("background", .easeOut),
                .group([.step("icon", .snappy), .step("title", .snappy)], at: .afterPrevious(gap: 0.05)),
                .staggered("row", count: 6, config: .fast, at: .withPrevious(offset: 0.1))
            ])
            player = driver.add(TimelinePlayer(reveal))
            let (collapsed, expanded, _) = try ComponentStateTests.states()
            animator = driver.add(ComponentAnimator(state: collapsed))
            let (list, group, player, animator) = (list, group, player, animator)
            changes = [
                (0, { try $0[list].show(at: 0) }),
                (0, { try $0[group].start(at: 0) }),
                (0, { try $0[player].play(at: 0) }),
                (0.05, { try $0[animator].transition(to: expanded, at: 0.05) }),
                (hideAt, { try $0[list].hide(at: hideAt) }),
                (reverseAt, { try $0[group].reverse(at: reverseAt) }),
                (reverseAt, { try $0[animator].transition(to: collapsed, at: reverseAt) })
            ].sorted { $0.0 < $1.0 }
        }

        /// Applies the changes due by `time`, then advances to it.
        mutating func frame(at time: Double) throws {
            while applied < changes.count, changes[applied].0 <= time {
                try changes[applied].1(&driver)
                applied += 1
            }
            try driver.advance(to: time)
        }
    }

    /// Each animation's events, in the order reported.
    static func eventsByAnimation(_ events: [FrameDriver.Event]) -> [String: [FrameDriver.Event]] {
        var result: [String: [FrameDriver.Event]] = [:]
        for event in events {
            let key: String
            switch event {
            // Per-item events apart: a frame reports a collection's in time order, but a
            // settling found at a tap comes first in the next frame.
            case .listSettled(let id, _): key = "list \(id)"
            case .itemSettled(let id, _, _): key = "list \(id) items"
            case .revealItemStarted(let id, _, _), .revealItemSettled(let id, _, _): key = "reveal \(id) items"
            case .pairGroupSettled(let id, _): key = "group \(id)"
            case .pairSettled(let id, _, _): key = "group \(id) pairs"
            case .timeline(let id, _): key = "player \(id)"
            case .component(let id, _): key = "animator \(id)"
            }
            result[key, default: []].append(event)
        }
        return result
    }

    /// Any partition of time into frames gives the same values at the same time and
    /// reports every event exactly once: the same events, in the same order per
    /// animation, as frames only at the changes and at the end.
    @Test func anyPartitionGivesTheSameValuesAndEvents() async {
        await checkProperty(
            count: 20, input: StaggeredListTests.configGenerator, Gen.int(in: 1...300),
            Gen.double(in: 0.05...1.2), Gen.double(in: 0.1...1.5), Gen.int(in: 1...400)
        ) { config, count, hideAt, reverseAt, seed in
            let end = 3.0
            var coarse = try Scene(config: config, count: count, hideAt: hideAt, reverseAt: reverseAt)
            var fine = try Scene(config: config, count: count, hideAt: hideAt, reverseAt: reverseAt)
            var coarseEvents: [FrameDriver.Event] = [], fineEvents: [FrameDriver.Event] = []
            // Coarse: a frame at each change and at the end. Fine: irregular frames
            // (a deterministic sequence of steps from 1 to 40 ms).
            for time in [0, 0.05, hideAt, reverseAt].sorted() + [end] {
                try coarse.frame(at: time)
                coarseEvents += coarse.driver.events
            }
            var time = 0.0, state = UInt64(seed)
            while time < end {
                try fine.frame(at: time)
                fineEvents += fine.driver.events
                state = state &* 6364136223846793005 &+ 1442695040888963407
                time = min(end, time + 0.001 + Double(state >> 33 % 40) * 0.001)
            }
            try fine.frame(at: end)
            fineEvents += fine.driver.events
            #expect(Self.eventsByAnimation(coarseEvents) == Self.eventsByAnimation(fineEvents))
            #expect(coarse.driver.frame(of: coarse.list).values == fine.driver.frame(of: fine.list).values)
            #expect(coarse.driver.frame(of: coarse.group).values == fine.driver.frame(of: fine.group).values)
            #expect(coarse.driver.isAtRest == fine.driver.isAtRest)
            #expect(coarse.driver.values(of: coarse.player) == fine.driver.values(of: fine.player))
            // Exactly once: the list and the group settle once per transition that moved
            // them (the hide and the reverse come after the start, so at most twice).
            // So does each item and pair.
            let perAnimation = Self.eventsByAnimation(fineEvents)
            var whole: [String: Int] = [:], each: [String: Int] = [:]
            for event in fineEvents {
                switch event {
                case .listSettled(let id, _): whole["list \(id)", default: 0] += 1
                case .pairGroupSettled(let id, _): whole["group \(id)", default: 0] += 1
                case .itemSettled(let id, let item, _): each["list \(id) item \(item)", default: 0] += 1
                case .pairSettled(let id, let pair, _): each["group \(id) pair \(pair)", default: 0] += 1
                default: break
                }
            }
            #expect(whole.values.allSatisfy { $0 <= 2 }, "\(whole)")
            #expect(each.values.allSatisfy { $0 <= 2 }, "\(each)")
            // The animator's events are its own, each once.
            let own = try fine.driver[fine.animator].events(from: -.infinity, to: end)
            #expect(perAnimation["animator \(fine.animator)"] == own.map { .component(fine.animator, $0) })
        }
    }

    /// Rest comes when the settling durations say: a list of 10 items 0.05 s apart on
    /// easeOut over 0.35 s (the last starts at 0.45 s and ends at 0.8 s), and a single
    /// pair on an easing of 0.4 s.
    @Test func restMatchesTheSettlingDurations() throws {
        var driver = FrameDriver()
        #expect(driver.isAtRest)
        let list = driver.add(
            try StaggeredList(count: 10, config: try StaggerConfig(spread: .each(0.05), curve: .easeOut)))
        let pair = try MatchedPair(
            source: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10)),
            destination: try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10)))
        let group = driver.add(try MatchedPairGroup([pair], curves: MatchedCurves(try .easing(.linear, duration: 0.4))))
        try driver.advance(to: 0)
        #expect(driver.isAtRest && driver.events.isEmpty)  // nothing started
        try driver[list].show(at: 1)
        try driver[group].start(at: 1)
        var settled: [FrameDriver.Event] = []
        var restAt: Double?
        for frame in 60...150 {
            let time = Double(frame) / 60
            try driver.advance(to: time)
            // Whole-collection events here; ItemCompletionTests checks the per-item ones.
            settled += driver.events.filter {
                switch $0 {
                case .itemSettled, .pairSettled: false
                default: true
                }
            }
            if driver.isAtRest, restAt == nil { restAt = time }
        }
        // At rest from the first frame at or after 1 + 0.8 s (the list outlasts the pair).
        #expect(restAt == Double(108) / 60)
        #expect(settled.count == 2)
        if case .pairGroupSettled(let id, let at) = settled.first {
            #expect(id == group && abs(at - 1.4) < 1e-9)
        } else {
            Issue.record("expected the pair group to settle first: \(settled)")
        }
        if case .listSettled(let id, let at) = settled.last {
            #expect(id == list && abs(at - 1.8) < 1e-6)
        } else {
            Issue.record("expected the list to settle: \(settled)")
        }
        // A player's step values: a linear step of 1 s played at 1 s is half way at 1.5 s.
        let player = driver.add(TimelinePlayer(try Timeline([.step("fade", try .easing(.linear, duration: 1))])))
        #expect(driver.values(of: player) == [0])
        try driver[player].play(at: 2.5)
        try driver.advance(to: 3)
        #expect(abs(driver.values(of: player)[0] - 0.5) < 1e-6)
        #expect(!driver.isAtRest)
        // And the values are the list's own at that time.
        var alone = try StaggeredList(count: 10, config: try StaggerConfig(spread: .each(0.05), curve: .easeOut))
        try alone.show(at: 1)
        var frame = alone.makeFrame(recordsAppearance: false)
        try alone.sample(at: 3, into: &frame)
        #expect(driver.frame(of: list).values == frame.values)
    }

    /// A transition started at exactly the previous frame's time reports its events at
    /// that time once; removing items after a list settled does not report it again;
    /// replacing a group or a player with another size keeps the driver working.
    @Test func changesBetweenFramesReportOnce() throws {
        var driver = FrameDriver()
        let (collapsed, expanded, _) = try ComponentStateTests.states()
        let animator = driver.add(ComponentAnimator(state: collapsed))
        let list = driver.add(
            try StaggeredList(count: 10, config: try StaggerConfig(spread: .each(0.05), curve: .easeOut)))
        try driver[list].show(at: 0)
        try driver.advance(to: 1)
        var events = driver.events
        // Started at the previous frame's time, 1 s.
        try driver[animator].transition(
            to: expanded, at: 1, using: ComponentTransition(try ElementTiming(curve: .easing(.linear, duration: 0.1))))
        try driver.advance(to: 1.05)
        events += driver.events
        try driver.advance(to: 2)
        events += driver.events
        let own = try driver[animator].events(from: 0, to: 2).map { FrameDriver.Event.component(animator, $0) }
        #expect(events.filter { if case .component = $0 { true } else { false } } == own)
        #expect(
            own.first
                == .component(
                    animator, ComponentEvent(time: 1, kind: .willTransition(from: "collapsed", to: "expanded"))))
        // The list settled at 0.8 s (reported in the frame at 1 s); removing its last
        // item afterwards changes its settle time but reports nothing more.
        #expect(events.filter { if case .listSettled = $0 { true } else { false } }.count == 1)
        try driver[list].remove(items: 9..<10, at: 2)
        try driver.advance(to: 3)
        #expect(driver.events.isEmpty)
        // Another group size and another timeline: frames and values follow.
        let pair = try MatchedPair(
            source: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10)),
            destination: try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10)))
        let group = driver.add(try MatchedPairGroup([pair], curves: MatchedCurves(.snappy)))
        let player = driver.add(TimelinePlayer(try Timeline([.step("a", .easeOut)])))
        driver[group] = try MatchedPairGroup([pair, pair, pair], curves: MatchedCurves(.snappy))
        driver[player] = TimelinePlayer(try Timeline([.step("a", .easeOut), .step("b", .easeOut)]))
        try driver[player].play(at: 3)
        try driver.advance(to: 3.1)
        #expect(driver.frame(of: group).pairCount == 3 && driver.values(of: player).count == 2)
    }

    @Test func badFrameTimesAreRefused() throws {
        var driver = FrameDriver()
        let list = driver.add(try StaggeredList(count: 3, config: .standard))
        #expect(throws: FrameDriverError.invalidTime(.nan, previous: nil)) { try driver.advance(to: .nan) }
        #expect(throws: FrameDriverError.invalidTime(.infinity, previous: nil)) { try driver.advance(to: .infinity) }
        try driver.advance(to: 1)
        #expect(throws: FrameDriverError.timeRunsBackward(time: 0.5, latest: 1)) { try driver.advance(to: 0.5) }
        #expect(driver.time == 1)
        // An animation's own error comes back with its index.
        try driver[list].show(at: 1)
        #expect(throws: FrameDriverError.list(index: 0, .invalidTime(1e39))) { try driver.advance(to: 1e39) }
        #expect(FrameDriverError.timeRunsBackward(time: 0.5, latest: 1).description.contains("0.5"))
    }
}

/// No heap allocation per frame once the driver's frames exist.
@Suite(.enabled(if: allocation_counter_available() != 0, "malloc cannot be counted in this build"))
struct FrameDriverAllocationTests {
    @Test func framesAllocateNothing() throws {
        var driver = FrameDriver()
        let list = driver.add(try StaggeredList(count: 5_000, config: .standard))
        let pair = try MatchedPair(
            source: try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10)),
            destination: try MatchedGeometry(frame: LayoutRect(x: 100, y: 50, width: 40, height: 20)))
        let group = driver.add(try MatchedPairGroup(Array(repeating: pair, count: 100), curves: MatchedCurves(.snappy)))
        _ = driver.add(TimelinePlayer(try Timeline([.step("idle", .easeOut)])))
        let (collapsed, _, _) = try ComponentStateTests.states()
        _ = driver.add(ComponentAnimator(state: collapsed))
        try driver[list].show(at: 0)
        try driver[group].start(at: 0)
        try driver.advance(to: 0.01)  // warm up
        allocation_counter_start()
        for step in 1...50 { try driver.advance(to: 0.01 + Double(step) / 120) }
        let made = Int(allocation_counter_stop())
        #expect(made == 0)
    }
}

/// A scroll reveal driven frame by frame, its offset reported through the driver: every
/// row's start and rest heard once, at the times the worked example gives (rows 0…7 at
/// 0.05 k, rows 8…11 from 1.1 s after a scroll to 200 at 1.0 s; linear 0.3 s), whatever
/// the frame rate, and the driver at rest once the last row has. An app may report the
/// offset before each frame or after it: a report at the frame's own time starts rows
/// then, which the next frame reports (its interval starts after that time).
@Suite struct FrameDriverScrollRevealTests {
    /// A driver with the worked example's reveal: 100 rows 50 pt tall in a 400-pt
    /// viewport, `each` 0.05 s on a linear easing of 0.3 s.
    static func workedExample() throws -> (FrameDriver, FrameDriver.RevealID) {
        let rows = try (0..<100).map { try LayoutRect(x: 0, y: Double($0) * 50, width: 320, height: 50) }
        var driver = FrameDriver()
        let id = driver.add(
            try ScrollReveal(
                frames: rows, viewportLength: 400,
                config: try StaggerConfig(spread: .each(0.05), curve: .linear(duration: 0.3))))
        return (driver, id)
    }

    @Test(arguments: [60.0, 24, 7], [true, false])
    func revealEventsComeOnce(fps: Double, reportsBeforeTheFrame: Bool) throws {
        var (driver, id) = try Self.workedExample()
        var started: [Int: Double] = [:], settled: [Int: Double] = [:]
        var frame = 0
        while Double(frame) / fps <= 2 {
            let time = Double(frame) / fps
            if reportsBeforeTheFrame { try driver[id].scroll(to: time < 1 ? 0 : 200, at: time) }
            try driver.advance(to: time)
            if !reportsBeforeTheFrame { try driver[id].scroll(to: time < 1 ? 0 : 200, at: time) }
            for event in driver.events {
                switch event {
                case .revealItemStarted(let reveal, let item, let at):
                    #expect(reveal == id && started.updateValue(at, forKey: item) == nil, "row \(item) started twice")
                case .revealItemSettled(_, let item, let at):
                    #expect(settled.updateValue(at, forKey: item) == nil, "row \(item) settled twice")
                default: Issue.record("unexpected \(event)")
                }
            }
            frame += 1
        }
        // The scroll is reported at the first frame at or after 1 s: the batch closes
        // 0.1 s after that report.
        let reported = (fps * 1).rounded(.up) / fps
        #expect(started.keys.sorted() == Array(0...11) && settled.keys.sorted() == Array(0...11))
        for row in 0...11 {
            let expected = row < 8 ? 0.05 * Double(row) : reported + 0.1 + 0.05 * Double(row - 8)
            #expect(abs(try #require(started[row]) - expected) <= 1e-9, "row \(row) at \(fps) fps")
            #expect(abs(try #require(settled[row]) - expected - 0.3) <= 1e-9)
        }
        #expect(driver.isAtRest)
        let opacity = try #require(driver.frame(of: id).values(ofTrack: "opacity"))
        #expect(opacity[11] == 1 && opacity[12] == 0)
    }

    /// Rows 0 and 1 start at 0 and 0.05 s after a report at 0 made after the frame at
    /// 0: the next frame reports row 0, once, also when frames repeat a time; a report
    /// in between frames at one time is heard at the second of them.
    @Test func aReportAtTheFramesOwnTimeIsHeardOnce() throws {
        var (driver, id) = try Self.workedExample()
        try driver.advance(to: 0)
        try driver[id].scroll(to: 0, at: 0)
        try driver.advance(to: 0)
        #expect(driver.events == [.revealItemStarted(id, item: 0, at: 0)])
        try driver.advance(to: 0)
        #expect(driver.events.isEmpty)
        try driver.advance(to: 0.02)
        #expect(driver.events.isEmpty)
        try driver.advance(to: 0.06)
        guard driver.events.count == 1, case .revealItemStarted(id, 1, let at) = driver.events[0] else {
            Issue.record("\(driver.events)")
            return
        }
        #expect(abs(at - 0.05) <= 1e-9)
    }

    /// Tracks changed through the driver get a frame of their number.
    @Test func newTracksGetAFrameOfTheirSize() throws {
        let rows = try (0..<10).map { try LayoutRect(x: 0, y: Double($0) * 50, width: 320, height: 50) }
        var driver = FrameDriver()
        let id = driver.add(try ScrollReveal(frames: rows, viewportLength: 400, config: .standard))
        try driver.advance(to: 0)
        driver[id].tracks = [StaggerTrack("opacity", from: 0, to: 1)]
        try driver[id].scroll(to: 0, at: 0.1)
        try driver.advance(to: 5)
        #expect(driver.frame(of: id).trackCount == 1)
        #expect(driver.frame(of: id).values(ofTrack: "opacity")?[0] == 1)
    }
}

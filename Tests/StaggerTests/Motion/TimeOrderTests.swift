import Testing

@testable import Stagger

/// The one rule for a clock that runs backwards (TimeOrder), on every type that takes
/// changes in order: a change up to 0.05 s before the latest acts at the latest one's
/// time (the same values as a change made then); one further back is refused, naming
/// both times, and changes nothing.
@Suite struct TimeOrderTests {
    @Test func theToleranceIsAStatedFigure() {
        #expect(TimeOrder.tolerance == 0.05)
        #expect(TimeOrder.effectiveTime(9.96, after: 10) == 10)
        #expect(TimeOrder.effectiveTime(10.5, after: 10) == 10.5)
        #expect(TimeOrder.effectiveTime(9.9, after: 10) == nil)
        #expect(TimeOrder.effectiveTime(-5, after: -.infinity) == -5)
    }

    @Test func aList() throws {
        var list = try StaggeredList(count: 4, config: StaggerConfig(spread: .each(0.05), curve: .snappy))
        try list.show(at: 10)
        var onTime = list
        try onTime.hide(at: 10)
        var late = list
        try late.hide(at: 9.96)
        for t in [10.0, 10.1, 10.3] {
            for i in 0..<4 { #expect(try late.appearance(of: i, at: t) == onTime.appearance(of: i, at: t)) }
        }
        #expect(throws: StaggerError.timeRunsBackward(time: 5, latest: 10)) { try list.hide(at: 5) }
        #expect(throws: StaggerError.timeRunsBackward(time: 9.9, latest: 10)) { try list.move(item: 1, to: 0, at: 9.9) }
        #expect(throws: StaggerError.timeRunsBackward(time: 9, latest: 10)) { try list.insert(1, before: 0, at: 9) }
        #expect(list.isShown && list.count == 4)
        #expect(throws: StaggerError.invalidTime(.nan)) { try list.hide(at: .nan) }
        // A question about an earlier time is not a change.
        #expect(try list.appearance(of: 0, at: 5) == 0)
    }

    @Test func aPairGroup() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 100, y: 0, width: 10, height: 10))
        var group = try MatchedPairGroup([try MatchedPair(source: a, destination: b)], curves: MatchedCurves(.snappy))
        try group.start(at: 10)
        var onTime = group, late = group
        try onTime.reverse(at: 10.2)
        try group.reverse(at: 10.2)
        try late.reverse(at: 10.2)
        try late.start(at: 10.16)
        try onTime.start(at: 10.2)
        for t in [10.2, 10.3, 10.6] {
            #expect(try late.state(ofPair: 0, at: t).frame.minX == onTime.state(ofPair: 0, at: t).frame.minX)
        }
        #expect(throws: AnimatableError.timeRunsBackward(time: 10, latest: 10.2)) { try group.start(at: 10) }
    }

    @Test func aComponentAnimator() throws {
        let (collapsed, expanded, _) = try ComponentStateTests.states()
        var animator = ComponentAnimator(state: collapsed)
        try animator.transition(to: expanded, at: 3)
        #expect(throws: AnimatableError.timeRunsBackward(time: 2.9, latest: 3)) {
            try animator.transition(to: collapsed, at: 2.9)
        }
        var trailing = animator
        try trailing.transition(to: collapsed, at: 2.97)
        var exact = animator
        try exact.transition(to: collapsed, at: 3)
        for t in [3.0, 3.2, 3.5] {
            let x = try trailing.value("frame", of: "card", at: t, as: LayoutRect.self)
            let y = try exact.value("frame", of: "card", at: t, as: LayoutRect.self)
            #expect(x == y, "at \(t)")
        }
    }

    @Test func aTimelinePlayer() throws {
        var player = TimelinePlayer(try Timeline([.step("fade", try .easing(.linear, duration: 1))]))
        try player.play(at: 10)
        _ = try player.update(at: 10.5)
        // 0.03 s back: taken as 10.5, the timeline stays at 0.5 s.
        _ = try player.update(at: 10.47)
        #expect(try player.time(at: 10.5) == 0.5)
        #expect(throws: TimelineError.timeRunsBackward(time: 10.2, latest: 10.5)) { _ = try player.update(at: 10.2) }
        #expect(throws: TimelineError.timeRunsBackward(time: 9, latest: 10.5)) { try player.pause(at: 9) }
        #expect(throws: TimelineError.timeRunsBackward(time: 9, latest: 10.5)) { try player.seek(to: 0, at: 9) }
        #expect(player.status == .playing)
    }

    @Test func aFrameDriver() throws {
        var driver = FrameDriver()
        let list = driver.add(try StaggeredList(count: 3, config: .standard))
        try driver[list].show(at: 0)
        try driver.advance(to: 0.2)
        let values = driver.frame(of: list).values
        try driver.advance(to: 0.17)  // taken as 0.2: nothing moves, nothing is reported
        #expect(driver.time == 0.2 && driver.frame(of: list).values == values && driver.events.isEmpty)
        #expect(throws: FrameDriverError.timeRunsBackward(time: 0.1, latest: 0.2)) { try driver.advance(to: 0.1) }
    }
}

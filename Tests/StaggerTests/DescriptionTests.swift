import Stagger
import Testing

/// The `description`s that print a value for a log or a debugger: figures worked out by
/// hand from each value's definition, to four significant digits.
@Suite struct DescriptionTests {
    /// k = 100, m = 1, c = 10: ω = 10 rad/s, response 2π/10 = 0.6283 s, damping
    /// fraction c / (2 m ω) = 0.5.
    @Test func springInBothVocabularies() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(
            spring.description
                == "Spring(response: 0.628 s, dampingFraction: 0.5; mass: 1.0, stiffness: 100.0, damping: 10.0)")
    }

    /// k = 2 per second: within 0.001 of rest after ln(1000) / 2 = 3.4539 s.
    @Test func decayWithItsRestingTime() throws {
        #expect(
            try DecayCurve(frictionRate: 2).description == "DecayCurve(frictionRate: 2.0 per s; rests after 3.454 s)")
    }

    /// Four items 0.1 s apart on a 0.3 s easing, shown at 2 s: the last starts at 2.3 s
    /// and rests at 2.6 s.
    @Test func listWithItsLastTransition() throws {
        let config = try StaggerConfig(spread: .each(0.1), curve: .easing(.easeOutCubic, duration: 0.3))
        var list = try StaggeredList(count: 4, config: config)
        try list.show(at: 2)
        #expect(
            list.description
                == "StaggeredList of 4 items, shown at 2.0 s by easeOutCubic (0.3 s), at rest after 2.6 s; "
                + "3 tracks: opacity, offsetY, scale")
    }

    /// Steps of 0.1 and 0.4 s in sequence: 0.5 s a pass; three repeats make four passes.
    @Test func timelineWithItsSchedule() throws {
        let timeline = try Timeline(
            [.step("a", try .linear(duration: 1), duration: 0.1), .step("b", try .linear(duration: 1), duration: 0.4)],
            options: .init(repeats: .times(3), yoyo: true))
        #expect(timeline.description == "Timeline of 2 steps, 0.5 s a pass, 4 passes (2.0 s), yoyo")
    }

    @Test func matchedFrameShowsTheFirstPairs() throws {
        let frame = try MatchedFrame(pairCount: 5, recordsVelocity: false)
        let zeros = "0.0, 0.0, 0.0, 0.0, ..."
        #expect(
            frame.description
                == "MatchedFrame of 5 pairs\n  anchorX: \(zeros)\n  anchorY: \(zeros)\n  width: \(zeros)\n"
                + "  height: \(zeros)\n  opacity: \(zeros)")
    }

    /// Rounding: three decimals below 10, four significant digits above, whole numbers
    /// from 1000 on; the values StaggerFrame prints.
    @Test func frameValuesAreRounded() throws {
        var frame = try StaggerFrame(count: 3, trackCount: 1, recordsAppearance: false)
        frame.values = [0.123456, 157.91367, 12345.6]
        #expect(frame.description == "StaggerFrame of 3 items, 1 tracks\n  track 0: 0.123, 157.9, 12346")
    }
}

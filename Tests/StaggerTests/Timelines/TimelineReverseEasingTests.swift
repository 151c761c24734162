import Stagger
import Testing

/// A step's way back (`reverseEasing`, GSAP's `yoyoEase`): in a yoyo's contiguous
/// reversed pass the step runs it from `to` to `from` over its span, read from its end
/// (DefinitionsAndSources.md §4); everything else is unchanged.
@Suite struct TimelineReverseEasingTests {
    /// easeInQuad both ways, 10 → 20 over 1 s, yoyo once: going back, the step has moved
    /// 10 · q² from 20 after q of its second, where playing the forward motion backwards
    /// would give 10 + 10 · (1 − q)².
    @Test func wayBackByHand() throws {
        let forward = try Curve.easing(.easeInQuad, duration: 1)
        let options = Timeline.Options(repeats: .times(1), yoyo: true)
        let timeline = try Timeline(
            [.step("x", forward, from: 10, to: 20, reverseEasing: .easeInQuad)], options: options)
        let plain = try Timeline([.step("x", forward, from: 10, to: 20)], options: options)
        #expect(timeline.scheduledSteps[0].reverseEasing == .easeInQuad)
        #expect(plain.scheduledSteps[0].reverseEasing == nil)
        let cases: [(t: Double, wayBack: Double, played: Double)] = [
            (0.5, 12.5, 12.5),  // forward pass: the forward curve, with or without a way back
            (1.0, 20, 20),
            (1.25, 20 - 10 * 0.0625, 10 + 10 * 0.5625),
            (1.5, 20 - 10 * 0.25, 10 + 10 * 0.25),
            (1.9, 20 - 10 * 0.81, 10 + 10 * 0.01),
            (2.0, 10, 10),
            (3.0, 10, 10)  // after the last pass
        ]
        for c in cases {
            let value = try timeline.state(at: c.t)["x"]!.value
            #expect(abs(value - c.wayBack) < 1e-12, "t \(c.t): \(value)")
            #expect(abs(try plain.state(at: c.t)["x"]!.value - c.played) < 1e-12, "t \(c.t)")
            for backend in testedBackends {
                var values: [Float] = [0]
                try timeline.sample(at: c.t, into: &values, backend: backend)
                #expect(abs(Double(values[0]) - c.wayBack) < 2e-5, "\(backend) t \(c.t): \(values[0])")
            }
        }
    }

    /// A way back by a `linear()` that ends at 1/2 still ends at `from`: the reference
    /// holds `from` once the step is back before its start, and the kernel's way back
    /// ends where it is going. 0 → 10 over 1 s, yoyo once, back by linear(0, 0.5):
    /// q of the way back in, the step is at 10 − 10 · q/2 (by hand), then 0.
    @Test func aWayBackThatEndsShortStillEndsAtFrom() throws {
        let options = Timeline.Options(repeats: .times(1), yoyo: true)
        let timeline = try Timeline(
            [.step("x", try .linear(duration: 1), from: 0, to: 10, reverseEasing: try .linear([.init(0), .init(0.5)]))],
            options: options)
        for (t, expected) in [(1.5, 7.5), (1.9, 5.5), (2.0, 0.0), (2.5, 0.0), (4.0, 0.0)] {
            #expect(abs(try timeline.state(at: t)["x"]!.value - expected) < 1e-12, "t \(t)")
            for backend in testedBackends {
                var values: [Float] = [0]
                try timeline.sample(at: t, into: &values, backend: backend)
                #expect(abs(Double(values[0]) - expected) < 2e-5, "\(backend) t \(t): \(values[0])")
            }
        }
    }

    /// A staggered list of 1,000 items coming back on easeOutBack (it overshoots
    /// `from`), a second on linear(0.2, 1) (which moves at its start, so the kernel's
    /// clamped value must be replaced before it), and a plain step between:
    /// the kernel agrees with the reference on every backend at times all over the
    /// reversed pass.
    @Test(arguments: testedBackends)
    func kernelAgreesWithTheReference(backend: Backend) throws {
        let config = try StaggerConfig(spread: .amount(0.5), curve: try .easeOut(duration: 0.4))
        guard case .easing(let jumpsAtStart, _) = try Curve(parsing: "linear(0.2, 1)", duration: 1).kind else {
            Issue.record("linear() is an easing")
            return
        }
        let timeline = try Timeline(
            [
                .staggered("back", count: 1_000, config: config, from: 2, to: 5, reverseEasing: .easeOutBack),
                .step("plain", .snappy, at: .withPrevious()),
                .staggered(
                    "steps", count: 200, config: config, reverseEasing: jumpsAtStart, at: .withPrevious(offset: 0.1))
            ], options: .init(repeats: .times(1), repeatDelay: 0.05, yoyo: true))
        let d = timeline.duration, period = d + 0.05
        var values = [Float](repeating: .nan, count: timeline.stepCount)
        for k in 0...40 {
            let t = period + Double(k) / 40 * d
            try timeline.sample(at: t, into: &values, backend: backend)
            let state = try timeline.state(at: t)
            for (i, step) in timeline.scheduledSteps.enumerated() {
                let reference = state.steps[i].value
                // The kernel's easing bound plus float32 times (2⁻²² of the time around
                // a steep part, slope ≤ 5 per unit of progress of these curves).
                let timeError: Double = 5 * (t + 1) * 0x1p-22 / max(step.duration, 0.1)
                let bound: Double = (2e-6 + timeError) * max(abs(step.to - step.from), 1)
                if abs(Double(values[i]) - reference) > bound {
                    Issue.record("\(backend) \(step.id) at \(t): \(values[i]) vs \(reference)")
                    return
                }
            }
        }
    }

    /// A spring given a slot shorter than its settling is still moving at the slot's
    /// end: going back, it plays backwards until the way back begins, which starts from
    /// where the spring is there (no jump), and the kernel agrees with the reference
    /// before, during and after the way back, on every backend.
    @Test func aSpringStepGoesBackFromWhereItIs() throws {
        let timeline = try Timeline(
            [
                .step("s", .bouncy, from: 0, to: 100, duration: 0.2, reverseEasing: .easeInQuad),
                .step("slow", try .easing(.linear, duration: 1), at: .withPrevious())
            ], options: .init(repeats: .times(1), yoyo: true))
        let span = timeline.scheduledSteps[0]
        let atEnd = try Curve.bouncy.value(at: 0.2) * 100
        #expect(abs(atEnd - 100) > 1, "the spring is still moving at its slot's end: \(atEnd)")
        // The reversed pass runs from t = 1 (local 1) to t = 2 (local 0); the way back
        // is local in (0, 0.2), t in (1.8, 2).
        let justBefore = try timeline.state(at: 2 - span.end - 1e-9)["s"]!.value
        let justAfter = try timeline.state(at: 2 - span.end + 1e-9)["s"]!.value
        #expect(abs(justBefore - atEnd) < 1e-4 && abs(justAfter - atEnd) < 1e-4, "\(justBefore) \(justAfter)")
        for backend in testedBackends {
            var values: [Float] = [0, 0]
            for k in 0...100 {
                let t = 1 + Double(k) / 100
                try timeline.sample(at: t, into: &values, backend: backend)
                let reference = try timeline.state(at: t)["s"]!.value
                #expect(abs(Double(values[0]) - reference) < 2e-3, "\(backend) t \(t): \(values[0]) vs \(reference)")
            }
        }
    }

    /// Where steps do not go back, the way back is not used: sequential reversed passes
    /// replay steps forward, and reduced motion fades both ways.
    @Test func onlyContiguousReversedPassesUseIt() throws {
        let curve = try Curve.easing(.easeInCubic, duration: 0.5)
        func timelines(_ options: Timeline.Options) throws -> (Timeline, Timeline) {
            (
                try Timeline(
                    [.step("a", curve, reverseEasing: .easeOutElastic), .step("b", .smooth)], options: options),
                try Timeline([.step("a", curve), .step("b", .smooth)], options: options)
            )
        }
        let sequential = try timelines(.init(repeats: .times(1), yoyo: true, reversing: .sequential))
        let reduced = try timelines(.init(repeats: .times(1), yoyo: true, reducedMotion: .always))
        for (with, without) in [sequential, reduced] {
            for k in 0...60 {
                let t = Double(k) / 60 * with.totalDuration
                #expect(try with.state(at: t)["a"]!.value == without.state(at: t)["a"]!.value, "t \(t)")
                var values: [Float] = [0, 0], expected: [Float] = [0, 0]
                try with.sample(at: t, into: &values)
                try without.sample(at: t, into: &expected)
                #expect(values == expected, "t \(t)")
            }
        }
    }

    /// A nested timeline keeps its steps' way back when an outer yoyo reverses it.
    @Test func nestedTimelinesKeepIt() throws {
        let step = TimelineChild.step("a", try .easing(.linear, duration: 1), reverseEasing: .easeInQuad)
        let nested = try Timeline([.timeline(try Timeline([step]))], options: .init(repeats: .times(1), yoyo: true))
        let flat = try Timeline([step], options: .init(repeats: .times(1), yoyo: true))
        for t in [0.3, 1.2, 1.7] {
            #expect(try nested.state(at: t)["a"]!.value == flat.state(at: t)["a"]!.value)
        }
        #expect(abs(try nested.state(at: 1.5)["a"]!.value - 0.75) < 1e-12)
    }
}

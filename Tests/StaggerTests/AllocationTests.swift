import AllocationCounter
import Stagger
import Testing

/// Per-frame paths allocate nothing on the heap once their buffers exist: counted by
/// interposing malloc for the test thread (Linux with glibc, no sanitizer).
@Suite(.enabled(if: allocation_counter_available() != 0, "malloc cannot be counted in this build"))
struct AllocationTests {
    /// Heap allocations made by `body` on this thread.
    func allocations(_ body: () throws -> Void) rethrows -> Int {
        allocation_counter_start()
        defer { _ = allocation_counter_stop() }
        try body()
        return Int(allocation_counter_stop())
    }

    @Test func countingSeesAnAllocation() {
        let made = allocations { _ = [Float](repeating: 1, count: 1000) }
        #expect(made >= 1)
    }

    /// `steps` frames of `list` into `frame`, 20 ms apart from `time`.
    static func sampleFrames(
        _ list: inout StaggeredList, into frame: inout StaggerFrame, after time: Double, steps: Int
    ) throws {
        for step in 0..<steps { try list.sample(at: time + Double(step) * 0.02, into: &frame, threads: 1) }
    }

    @Test func staggeredListFramesAllocateNothing() throws {
        // The Swift runtime makes the generic types' metadata of each path once per
        // process (which other tests may or may not have done first): a throwaway list
        // takes both paths before anything is counted.
        var warm = try StaggeredList(count: 10, config: .standard)
        var warmFrame = warm.makeFrame()
        try warm.show(at: 0)
        try Self.sampleFrames(&warm, into: &warmFrame, after: 0, steps: 1)
        try warm.hide(at: 0.1)
        try Self.sampleFrames(&warm, into: &warmFrame, after: 0.1, steps: 1)

        var list = try StaggeredList(count: 5_000, config: .standard)
        try list.show(at: 0)
        var frame = list.makeFrame()
        // From the first frame of a new frame on: its buffers are its own.
        let made = try allocations { try Self.sampleFrames(&list, into: &frame, after: 0, steps: 50) }
        #expect(made == 0)
        // After an interruption the per-item source is used: still nothing per frame.
        try list.hide(at: 0.3)
        let afterHide = try allocations {
            try Self.sampleFrames(&list, into: &frame, after: 0.3, steps: 50)
        }
        #expect(afterHide == 0)
    }

    /// A list whose easing was interrupted twice samples a base and two additive layers
    /// (summed in the kernel), in full and reduced motion: still nothing.
    @Test func layeredListFramesAllocateNothing() throws {
        for reduced in [false, true] {
            var list = try StaggeredList(
                count: 5_000, config: try StaggerConfig(spread: .each(0.0001), curve: try .easeInOut(duration: 0.5)))
            list.reducedMotion = reduced ? .always : .never
            try list.show(at: 0)
            try list.hide(at: 0.1)
            try list.show(at: 0.15)
            var frame = list.makeFrame()
            try list.sample(at: 0.16, into: &frame, threads: 1)
            let made = try allocations {
                for step in 1...50 { try list.sample(at: 0.15 + Double(step) * 0.01, into: &frame, threads: 1) }
            }
            #expect(made == 0, "reduced \(reduced)")
        }
    }

    /// Reduced motion samples twice (the fade, then the jumping tracks): still nothing.
    @Test func reducedMotionFramesAllocateNothing() throws {
        var list = try StaggeredList(count: 5_000, config: .standard)
        list.reducedMotion = .always
        try list.show(at: 0)
        var frame = list.makeFrame()
        try list.sample(at: 0.01, into: &frame, threads: 1)
        let made = try allocations {
            for step in 1...50 { try list.sample(at: Double(step) * 0.005, into: &frame, threads: 1) }
        }
        #expect(made == 0)
    }

    /// A show or hide amid rapid toggles, once the list has run a few, allocates
    /// nothing: the engine writes the buffers of the motion before last, and the delays
    /// go into the buffer it keeps for them. Easings (the additive layers at their most,
    /// four) and springs (value and velocity carried).
    @Test(arguments: [false, true])
    func listTogglesAllocateNothingOnceSeen(springs: Bool) throws {
        let curve = springs ? Curve.snappy : try Curve.easing(.easeOutCubic, duration: 0.35)
        var list = try StaggeredList(count: 5_000, config: try StaggerConfig(spread: .amount(0.5), curve: curve))
        try list.show(at: 0)
        var time = 0.25
        func toggle() throws {
            if list.isShown { try list.hide(at: time) } else { try list.show(at: time) }
            time += 0.01
        }
        for _ in 0..<8 { try toggle() }
        let made = try allocations { for _ in 0..<4 { try toggle() } }
        #expect(made == 0)
        // The toggles did move the items: the last one sent every item back toward 1.
        #expect(list.isShown)
        #expect(try list.appearance(of: 0, at: time) > 0)
    }

    /// A frame loop that reads a component's Double properties (opacity, offset: most
    /// of them) allocates nothing.
    @Test func componentDoubleReadsAllocateNothing() throws {
        var hidden = ComponentState("hidden"), shown = ComponentState("shown")
        let elements = ["title", "subtitle", "badge"]
        for element in elements {
            try hidden.set("opacity", of: element, to: 0.0)
            try hidden.set("offset", of: element, to: 0.0)
            try shown.set("opacity", of: element, to: 1.0)
            try shown.set("offset", of: element, to: 20.0)
        }
        var animator = ComponentAnimator(state: hidden)
        try animator.transition(to: shown, at: 0, using: ComponentTransition(try ElementTiming(curve: .snappy)))
        var sum = try animator.value("opacity", of: "title", at: 0.01, as: Double.self)  // warm up
        let made = try allocations {
            // Index loops: iterating the array itself allocated in a debug build.
            for step in 1...20 {
                for k in elements.indices {
                    sum += try animator.value("opacity", of: elements[k], at: Double(step) * 0.02, as: Double.self)
                    sum += try animator.value("offset", of: elements[k], at: Double(step) * 0.02, as: Double.self)
                }
            }
        }
        #expect(made == 0)
        // The reads moved: a spring from 0 toward 1 and 20, summed over 20 frames.
        #expect(sum > 0)
    }

    @Test func batchEvaluationAllocatesNothing() throws {
        let input = (0..<4096).map { Float($0) / 4095 }
        var output = [Float](repeating: 0, count: input.count)
        func evaluate() throws {
            try Easing.easeInOutBack.evaluate(input, into: &output)
            try Curve.bouncy.evaluate(times: input, into: &output)
            try Curve.snappy.sampleStaggered(at: 0.5, baseDelay: 0, delayIncrement: 0.001, into: &output)
        }
        // Warmed up first, every call: what runs once per process (the runtime's type
        // metadata, lazily made globals) may fall to whichever test calls first.
        try evaluate()
        let made = try allocations { try evaluate() }
        #expect(made == 0)
    }

    @Test func matchedPairFramesAllocateNothing() throws {
        // Colours far apart, so the decode converts them, and snappy's overshoot takes
        // them past blue, out of the gamut (the CSS search runs).
        let card = try MatchedGeometry(
            frame: LayoutRect(x: 16, y: 400, width: 160, height: 100), color: RGBAColor(red: 0.9, green: 0.9, blue: 0.1)
        )
        let detail = try MatchedGeometry(
            frame: LayoutRect(x: 0, y: 0, width: 390, height: 600), color: RGBAColor(red: 0.05, green: 0.2, blue: 1),
            shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0.5, alpha: 0.4), radius: 10))
        let pair = try MatchedPair(source: card, destination: detail)
        var group = try MatchedPairGroup(Array(repeating: pair, count: 200), curves: MatchedCurves(.snappy))
        try group.start(at: 0)
        var frame = group.makeFrame()
        var states = [MatchedPairState]()
        func frames() throws {
            for step in 1...20 {
                try group.sample(at: Double(step) * 0.02, into: &frame)
                try group.states(in: frame, into: &states)
            }
        }
        // Warm up over the same frames: the first call sizes the array, and the first
        // run of each code path (the gamut search) may make the runtime's one-time
        // allocations; per frame nothing is allocated.
        try frames()
        let made = try allocations { try frames() }
        #expect(made == 0)
        // A new frame's buffers are its own from its first sample on (with velocities
        // or without).
        for recordsVelocity in [true, false] {
            var fresh = group.makeFrame(recordsVelocity: recordsVelocity)
            let first = try allocations { try group.sample(at: 0.1, into: &fresh) }
            #expect(first == 0, "records velocity: \(recordsVelocity)")
        }
    }

    static let card = try! MatchedGeometry(
        frame: LayoutRect(x: 16, y: 400, width: 160, height: 100), color: RGBAColor(red: 0.9, green: 0.9, blue: 0.1))
    static let detail = try! MatchedGeometry(
        frame: LayoutRect(x: 0, y: 0, width: 390, height: 600), color: RGBAColor(red: 0.05, green: 0.2, blue: 1))

    /// 200 cards flying to the detail, staggered: easings, or a spring per property.
    static func cardGroup(springs: Bool) throws -> MatchedPairGroup {
        let curves =
            springs
            ? MatchedCurves(position: .bouncy, size: .smooth, cornerRadius: .smooth, appearance: .snappy)
            : MatchedCurves(try .easing(.easeInOutCubic, duration: 0.4))
        return try MatchedPairGroup(
            Array(repeating: try MatchedPair(source: card, destination: detail), count: 200), curves: curves,
            stagger: try StaggerConfig(spread: .amount(0.25)))
    }

    /// A start or a reverse mid-flight, once the group has run one of each, allocates
    /// nothing: the engine writes the buffers of the motion before last, the delays
    /// into the buffer it keeps, and the group keeps those of its moving pairs and of
    /// their rests. Easings (an additive layer each way) and a spring per property.
    @Test(arguments: [false, true])
    func pairTapsAllocateNothingOnceSeen(springs: Bool) throws {
        var group = try Self.cardGroup(springs: springs)
        // Each tap 0.1 s after the one before: every pair still moving, or waiting.
        var time = 0.0
        func startAndReverse() throws {
            try group.start(at: time)
            try group.reverse(at: time + 0.1)
            time += 0.2
        }
        // Easing lanes pile up additive layers while taps come faster than the curve's
        // duration, up to four: warmed up until they have.
        for _ in 0..<4 { try startAndReverse() }
        let made = try allocations { try startAndReverse() }
        #expect(made == 0)
        #expect(!group.isAtDestination)
    }

    /// A retarget mid-flight, once the group has made two (it lays its ends out in the
    /// buffers of the ends before the last one), allocates nothing either: the new
    /// destinations replace the old in place, each pair's decoding record and the scrub
    /// lanes are rewritten where they are. Easings (added layers, then a rewrite once
    /// five motions overlap) and a spring per property.
    @Test(arguments: [false, true])
    func pairRetargetsAllocateNothingOnceSeen(springs: Bool) throws {
        var group = try Self.cardGroup(springs: springs)
        let near = Self.detail
        let far = try MatchedGeometry(
            frame: LayoutRect(x: 40, y: 80, width: 300, height: 500), color: RGBAColor(red: 0.5, green: 0.2, blue: 1))
        let nearAll = Array(repeating: near, count: 200), farAll = Array(repeating: far, count: 200)
        var time = 0.0
        func retargets() throws {
            try group.start(at: time)
            try group.retarget(farAll, at: time + 0.1)
            try group.retarget(nearAll, at: time + 0.2)
            time += 0.3
        }
        for _ in 0..<4 { try retargets() }
        let made = try allocations { try retargets() }
        #expect(made == 0)
        #expect(group.pairs[0].destination == near)
    }

    /// A layout change that keeps every item in order (a resize), once the transition
    /// has made a few, allocates nothing either: the destinations go into the buffer
    /// the last such change filled, and the group retargets in place.
    @Test func layoutChangesOfTheSameItemsAllocateNothingOnceSeen() throws {
        func grid(_ columns: Int) throws -> [(id: Int, frame: LayoutRect)] {
            try (0..<60).map {
                (
                    id: $0,
                    frame: try LayoutRect(
                        x: Double($0 % columns) * 50, y: Double($0 / columns) * 50, width: 40, height: 40)
                )
            }
        }
        let wide = try grid(6), narrow = try grid(3)
        var flight = try LayoutTransition(
            from: wide, to: narrow, curves: MatchedCurves(.snappy), stagger: try StaggerConfig(spread: .each(0.01)))
        try flight.start(at: 0)
        var time = 0.0
        func changes() throws {
            try flight.change(to: wide, at: time + 0.05)
            try flight.change(to: narrow, at: time + 0.1)
            time += 0.1
        }
        for _ in 0..<4 { try changes() }
        let made = try allocations { try changes() }
        #expect(made == 0)
        let rested = try #require(try flight.state(of: 59, at: time + 5)).frame
        #expect(abs(rested.minX - narrow[59].frame.minX) < 1e-6 && abs(rested.minY - narrow[59].frame.minY) < 1e-6)
    }

    /// A release of a drag, once the group has made one, allocates nothing either: the
    /// lanes' states and delays go into the buffers the last release filled, the new
    /// motion into the engine's spare, and spring lanes start from those states in the
    /// kernel (easings drop the layer a start added into the engine's pool). Easings and
    /// a spring per property, released either way.
    @Test(arguments: [false, true])
    func pairReleasesAllocateNothingOnceSeen(springs: Bool) throws {
        var group = try Self.cardGroup(springs: springs)
        var time = 0.0
        func releases() throws {
            try group.start(at: time)
            try group.release(fromProgress: 0.4, velocity: 1.5, toward: .destination, at: time + 0.1)
            try group.release(fromProgress: 0.6, velocity: -2, toward: .source, at: time + 0.2)
            time += 0.3
        }
        for _ in 0..<4 { try releases() }
        let made = try allocations { try releases() }
        #expect(made == 0)
        #expect(!group.isAtDestination)
    }

    /// Interrupted easing lanes stack additive layers, which the kernel adds up in the
    /// same call: still no allocation per frame.
    @Test func layeredEasingFramesAllocateNothing() throws {
        let card = try MatchedGeometry(frame: LayoutRect(x: 16, y: 400, width: 160, height: 100))
        let detail = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 390, height: 600))
        let pair = try MatchedPair(source: card, destination: detail)
        var group = try MatchedPairGroup(
            Array(repeating: pair, count: 200), curves: MatchedCurves(try .easeInOut(duration: 0.5)))
        try group.start(at: 0)
        try group.reverse(at: 0.1)
        try group.start(at: 0.2)
        var frame = group.makeFrame()
        try group.sample(at: 0.21, into: &frame)
        let made = try allocations {
            for step in 1...20 { try group.sample(at: 0.2 + Double(step) * 0.02, into: &frame) }
        }
        #expect(made == 0)
    }

    @Test func groupScrubbingAllocatesNothing() throws {
        let card = try MatchedGeometry(frame: LayoutRect(x: 16, y: 400, width: 160, height: 100))
        let detail = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 390, height: 600))
        let pair = try MatchedPair(source: card, destination: detail)
        let group = try MatchedPairGroup(
            Array(repeating: pair, count: 200),
            curves: MatchedCurves(
                position: .snappy, size: .decay, cornerRadius: .smooth,
                appearance: try .easeInOut(duration: 0.3)),
            stagger: try StaggerConfig(spread: .each(0.01)))
        var frame = group.makeFrame()
        try group.sample(atProgress: 0.01, into: &frame)
        let made = try allocations {
            for step in 1...20 { try group.sample(atProgress: Double(step) * 0.05, into: &frame) }
        }
        #expect(made == 0)
    }

    @Test func timelineFramesAllocateNothing() throws {
        let timeline = try AnimationSequence.rowByRow(count: 2_000).timeline
        var values = [Float](repeating: 0, count: timeline.scheduledSteps.count)
        try timeline.sample(at: 0.01, into: &values)
        let made = try allocations {
            for step in 1...50 { try timeline.sample(at: Double(step) * 0.05, into: &values) }
        }
        #expect(made == 0)
    }

    /// Children with passes of their own are sampled by their own timelines, in every
    /// kind of reversed pass, without allocating either.
    @Test func repeatingChildFramesAllocateNothing() throws {
        for timeline in TimelineEventTests.timelines.dropFirst(4) {
            var values = [Float](repeating: 0, count: timeline.stepCount)
            try timeline.sample(at: 0.01, into: &values)
            let end = timeline.totalDuration
            let made = try allocations {
                for step in 0...50 { try timeline.sample(at: Double(step) / 50 * end, into: &values) }
            }
            #expect(made == 0)
        }
    }
}

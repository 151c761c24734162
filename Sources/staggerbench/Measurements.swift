import Foundation
import HeapStatistics
import Stagger

// The measurements every timing command shares. `benchmark`, `stagger`, `timeline` and
// `matched` print them in their own layouts and `bench` gathers them into one report,
// so each workload is built and timed in exactly one place: a change to how something
// is measured changes every command that reports it.

/// Nanoseconds `body` takes, the fastest of `runs` runs, with a floor of 1 ns so that
/// ratios and rates stay finite when a tiny workload beats the clock's resolution.
private func fastestNanoseconds(of runs: Int, _ body: () throws -> Void) throws -> Double {
    max(try fastestRun(of: runs, body), 1)
}

/// The store floor: the fastest fill of `buffers` with a constant. A kernel pass writes
/// at least these bytes, so no pass over them can beat this; the ratio to it says how
/// much of the pass is arithmetic rather than memory. Pass the very buffers the timed
/// pass writes: a second set of the same size sits elsewhere in the caches and the
/// page tables (a fresh 12 MB buffer's fill varied by 30 % from run to run).
///
/// The fill is the C library's `memset`, the widest stores the machine has (glibc picks
/// AVX-512 or `rep stosb` here); a Swift `update(repeating:)` loop compiles for the
/// baseline ISA (16-byte stores), which the kernel's own AVX-512 fills beat.
func storeFloor(filling buffers: [UnsafeMutableBufferPointer<Float>], repetitions: Int) throws -> Double {
    try fastestNanoseconds(of: repetitions) {
        for buffer in buffers {
            _ = memset(buffer.baseAddress!, 0, buffer.count * MemoryLayout<Float>.stride)
        }
    }
}

/// The store floor over new buffers holding `floatCounts` floats, for passes whose
/// output the caller does not keep.
func storeFloor(floatCounts: [Int], repetitions: Int) throws -> Double {
    let buffers = floatCounts.map { count in
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        return buffer
    }
    defer { for buffer in buffers { buffer.deallocate() } }
    return try storeFloor(filling: buffers, repetitions: repetitions)
}

/// One curve pass timed on both sides, in nanoseconds for all items.
struct CurvePassTiming {
    /// The SIMD kernel's fastest run.
    let kernel: Double
    /// The Double reference's (`Curve.value(at:)` per item) fastest run.
    let reference: Double
    /// Sum of kernel minus reference values: printed so that neither loop can be
    /// optimised away, and small when they agree.
    let checksum: Double
}

/// Times `curve` over `items` evenly spaced times across its duration (or, when
/// `staggered`, the staggered pass: `items` items one increment apart, sampled at the
/// moment the first one ends), kernel against the Swift reference.
///
/// The reference runs a fifth as often as the kernel: it is slower by an order of
/// magnitude or two, so its fastest run settles sooner.
func measureCurvePass(
    _ curve: Curve, staggered: Bool, items: Int, repetitions: Int, backend: Backend?
) throws -> CurvePassTiming {
    let span = curve.duration
    let times = (0..<items).map { Float(span * Double($0) / Double(max(items - 1, 1))) }
    var values = [Float](repeating: 0, count: items)
    var reference = [Double](repeating: 0, count: items)
    let increment = span / Double(max(items, 1))
    let midpoint = span

    let kernel = try fastestNanoseconds(of: repetitions) {
        if staggered {
            try curve.sampleStaggered(
                at: midpoint, baseDelay: 0, delayIncrement: increment, into: &values, backend: backend)
        } else {
            try curve.evaluate(times: times, into: &values, backend: backend)
        }
    }
    let swift = try fastestNanoseconds(of: max(1, repetitions / 5)) {
        if staggered {
            for i in 0..<items { reference[i] = try curve.value(at: midpoint - Double(i) * increment) }
        } else {
            for i in 0..<items { reference[i] = try curve.value(at: Double(times[i])) }
        }
    }
    var sum = 0.0
    for i in 0..<items { sum += Double(values[i]) - reference[i] }
    return CurvePassTiming(kernel: kernel, reference: swift, checksum: sum)
}

/// One frame of a staggered list, in nanoseconds for the whole list.
struct StaggeredListTiming {
    /// The fused sampling pass on the requested threads.
    let sampled: Double
    /// The same pass on one thread, when it was asked for.
    let singleThread: Double?
    /// Writing the frame's bytes with a plain fill.
    let floor: Double
    /// The same list sampled before it starts: every item waits, so the kernel writes
    /// each track with its own vector stores and no arithmetic.
    let waiting: Double
}

/// Shows `items` items staggered over half a second, `tracks` tracks each, and times
/// one frame mid-transition (some items waiting, some moving, some done) at 0.4 s.
func measureStaggeredList(
    items: Int, tracks: Int, curve: Curve, threads: Int, compareOneThread: Bool,
    repetitions: Int, backend: Backend?
) throws -> StaggeredListTiming {
    let list = try shownList(items: items, tracks: tracks, curve: curve)
    var frame = list.makeFrame(recordsAppearance: false)
    let time = 0.4

    var sampled: Double, single: Double?
    if compareOneThread && threads > 1 {
        // Taking turns: the speed-up is a ratio of two timings that a drifting machine
        // would otherwise skew (sequential blocks of runs gave 1.65-2.06x here).
        let fastest = try fastestRuns(
            of: repetitions,
            [
                { try list.sample(at: time, into: &frame, backend: backend, threads: threads) },
                { try list.sample(at: time, into: &frame, backend: backend, threads: 1) }
            ])
        (sampled, single) = (max(fastest[0], 1), max(fastest[1], 1))
    } else {
        sampled = try fastestNanoseconds(of: repetitions) {
            try list.sample(at: time, into: &frame, backend: backend, threads: threads)
        }
        single = nil
    }
    let floor = try frame.values.withUnsafeMutableBufferPointer { values in
        try storeFloor(filling: [values], repetitions: repetitions)
    }
    let waiting = try fastestNanoseconds(of: repetitions) {
        try list.sample(at: -1, into: &frame, backend: backend, threads: threads)
    }
    return StaggeredListTiming(sampled: sampled, singleThread: single, floor: floor, waiting: waiting)
}

/// The list `stagger` and `bench` time: `items` items shown at 0 by `curve`,
/// staggered over half a second, with `tracks` tracks.
private func shownList(items: Int, tracks: Int, curve: Curve) throws -> StaggeredList {
    let trackList = (0..<tracks).map { StaggerTrack("track\($0)", from: Float($0), to: Float($0) + 1) }
    let config = try StaggerConfig(spread: .amount(0.5), curve: curve)
    var list = try StaggeredList(count: items, config: config, tracks: trackList)
    try list.show(at: 0)
    return list
}

/// What a transition of a staggered list costs the thread that makes it, in
/// nanoseconds for the whole list.
struct TransitionTiming {
    /// Hiding the list once every item is at rest: no item gets a motion of its own
    /// (the delays stay a closed form).
    let fromRest: Double
    /// Hiding the list mid-transition, the first interruption: every item gets a motion
    /// of its own (the list's per-item engine is built).
    let first: Double
    /// One show or hide in a run of rapid toggles, 10 ms apart, once the engine holds
    /// its most layers per item (the additive rule's steady state).
    let toggle: Double
    /// Sampling a frame 50 ms after the first interruption (every item's own motion,
    /// one additive layer on the moving ones), and amid the toggles (up to four).
    let frameAfterFirst: Double, frameAmidToggles: Double
    /// Heap bytes a list holds per item: shown and at rest, and once interrupted
    /// (`nil` where the C library cannot say).
    let bytesPerItemAtRest: Double?, bytesPerItemInterrupted: Double?
}

/// Heap bytes in use now, from the C library's allocator statistics; `nil` where it
/// has none (only glibc's is read).
func heapBytesInUse() -> Int? {
    heap_statistics_available() != 0 ? Int(heap_bytes_in_use()) : nil
}

/// Shows `items` items staggered over half a second, `tracks` tracks each, and times
/// hiding them a second after they are all at rest and at 0.25 s (each from a copy of
/// the shown list each run), then a toggle every 10 ms on one list, after eight to reach
/// the steady state; and a frame of each interrupted list on one thread.
func measureTransitions(
    items: Int, tracks: Int, curve: Curve, repetitions: Int, backend: Backend?
) throws -> TransitionTiming {
    let shown = try shownList(items: items, tracks: tracks, curve: curve)
    var frame = shown.makeFrame(recordsAppearance: false)
    func frameTime(_ list: StaggeredList, at time: Double) throws -> Double {
        try fastestNanoseconds(of: repetitions) {
            try list.sample(at: time, into: &frame, backend: backend, threads: 1)
        }
    }
    let fromRest = try fastestRun(of: repetitions) {
        var list = shown
        try list.hide(at: shown.settlingDuration + 1)
    }
    let first = try fastestRun(of: repetitions) {
        var list = shown
        try list.hide(at: 0.25)
    }
    var toggling = shown
    var time = 0.25
    func toggle() throws {
        if toggling.isShown { try toggling.hide(at: time) } else { try toggling.show(at: time) }
        time += 0.01
    }
    for _ in 0..<8 { try toggle() }
    let each = try fastestRun(of: repetitions) { try toggle() }
    var interrupted = shown
    try interrupted.hide(at: 0.25)
    // What one list holds: built alone (no copy shares its buffers), then interrupted.
    var bytesAtRest: Double?, bytesInterrupted: Double?
    if let before = heapBytesInUse() {
        var alone = try shownList(items: items, tracks: tracks, curve: curve)
        bytesAtRest = heapBytesInUse().map { Double($0 - before) / Double(items) }
        try alone.hide(at: 0.25)
        bytesInterrupted = heapBytesInUse().map { Double($0 - before) / Double(items) }
        withExtendedLifetime(alone) {}
    }
    return TransitionTiming(
        fromRest: fromRest, first: first, toggle: each,
        frameAfterFirst: try frameTime(interrupted, at: 0.3),
        frameAmidToggles: try frameTime(toggling, at: time - 0.005),
        bytesPerItemAtRest: bytesAtRest, bytesPerItemInterrupted: bytesInterrupted)
}

/// The card-reveal timeline `timeline` and `bench` time: four staggered groups in
/// sequence, each on its own curve.
struct TimelineTiming {
    let stepCount: Int
    let curveCount: Int
    /// Seconds the timeline runs.
    let duration: Double
    /// Building it, once, in nanoseconds.
    let build: Double
    /// Per frame, in nanoseconds: the kernel, the Double reference (`state(at:)`) and
    /// the event query.
    let kernel: Double, reference: Double, events: Double
    /// A player's taps mid-play, each with the events up to it (what `update(at:)`
    /// would report): `reverse(at:)`, `pause(at:)`, and `seek(to:at:)` back to a quarter.
    let reverse: Double, pause: Double, seek: Double
}

/// Builds a sequence of four groups, each a staggered list of `children / 4` children
/// (ease-out, snappy, ease-in-out-back, smooth), so one frame is four kernel calls, and
/// times frames spread over the whole timeline.
///
/// - Precondition: `children >= 4` (callers validate it).
func measureTimeline(children: Int, repetitions: Int, backend: Backend?) throws -> TimelineTiming {
    let curves: [Curve] = [try .easeOut(duration: 0.3), .snappy, try .easing(.easeInOutBack, duration: 0.4), .smooth]
    let perGroup = children / 4
    let groups = try curves.enumerated().map { index, curve in
        TimelineChild.staggered(
            "g\(index)", count: index == 3 ? children - 3 * perGroup : perGroup,
            config: try StaggerConfig(spread: .amount(0.5), curve: curve))
    }
    let buildStart = ContinuousClock.now
    let timeline = try Timeline(groups)
    let build = ContinuousClock.now - buildStart
    var values = [Float](repeating: 0, count: timeline.stepCount)
    let times = (0..<8).map { timeline.duration * Double($0) / 7 }
    let frames = Double(times.count)

    let kernel =
        try fastestNanoseconds(of: repetitions) {
            for t in times { try timeline.sample(at: t, into: &values, backend: backend) }
        } / frames
    // The reference allocates a state per child: a tenth of the runs is plenty.
    let reference =
        try fastestNanoseconds(of: max(1, repetitions / 10)) {
            for t in times { _ = try timeline.state(at: t) }
        } / frames
    let events =
        try fastestNanoseconds(of: repetitions) {
            var count = 0
            for (a, b) in zip([-1] + times, times) { count += try timeline.events(from: a, to: b).count }
            precondition(count > 0)
        } / frames
    // A player's taps, each on a player that has played to half way and reported
    // its events up to 0.1 s before the tap (a frame loop's last update).
    var playing = TimelinePlayer(timeline)
    let half = timeline.duration / 2
    try playing.play(at: 0)
    _ = try playing.update(at: half - 0.1)
    func tap(_ body: (inout TimelinePlayer) throws -> Void) throws -> Double {
        try fastestNanoseconds(of: repetitions) {
            var player = playing
            try body(&player)
        }
    }
    let reverse = try tap { try $0.reverse(at: half) }
    let pause = try tap { try $0.pause(at: half) }
    let seek = try tap { try $0.seek(to: timeline.duration / 4, at: half) }
    return TimelineTiming(
        stepCount: timeline.stepCount, curveCount: curves.count, duration: timeline.duration,
        build: Double(build.components.seconds) * 1e9 + Double(build.components.attoseconds) / 1e9,
        kernel: kernel, reference: reference, events: events, reverse: reverse, pause: pause, seek: seek)
}

/// One frame of a matched-pair group, in nanoseconds for all pairs.
struct MatchedTiming {
    /// `start(at:)` of the whole group from rest, on the group itself, as an app's tap
    /// runs it: after the first, the group takes back the motion it made then (the
    /// same ends, curves and delays) instead of writing every lane.
    let started: Double
    /// `reverse(at:)` mid-flight (every lane keeps its value and velocity), likewise.
    let reversed: Double
    /// The same two on a fresh copy of a group (one that shares its buffers with
    /// another value, so the transition maps new memory and writes every lane).
    let startedOnCopy: Double
    let reversedOnCopy: Double
    /// `retarget(_:at:)` mid-flight to destinations 20 points to the right (or back),
    /// and `release(fromProgress:velocity:toward:at:)` from half way back to the
    /// sources, on the group itself.
    let retargeted: Double, released: Double
    /// The kernel calls (one per property curve), values and velocities.
    let sampled: Double
    /// Decoding every pair from the frame as an app would (Oklab to sRGB, cross-fade),
    /// in one `states(in:into:)` call.
    let decoded: Double
    /// The same with one `state(ofPair:in:)` call per pair on the group variable.
    let decodedPerCall: Double
    /// A frame loop's question which pairs came to rest over its last frame
    /// (`pairsSettling(after:through:)`), once some may have (past the earliest end).
    let settlingQuery: Double
    /// Writing the frame's bytes (values and velocities) with a plain fill.
    let floor: Double
    /// Kernel calls per frame.
    let calls: Int
    /// Sum of decoded widths, printed so the decode loop is not optimised away.
    let checksum: Double
}

/// Builds `pairs` thumbnails flying to a new layout (frame, corners, colour, shadow),
/// started staggered over a quarter second, and times one frame mid-flight at 0.3 s.
func measureMatched(pairs: Int, springs: Bool, repetitions: Int, backend: Backend?) throws -> MatchedTiming {
    let list = try (0..<pairs).map { i -> MatchedPair in
        let column = Double(i % 100), row = Double(i / 100)
        let source = try MatchedGeometry(
            frame: LayoutRect(x: column * 40, y: row * 40, width: 36, height: 36), cornerRadii: CornerRadii(6),
            color: RGBAColor(red: 0.9, green: 0.2, blue: 0.1))
        let destination = try MatchedGeometry(
            frame: LayoutRect(x: column * 80, y: row * 60, width: 72, height: 54), cornerRadii: CornerRadii(12),
            color: RGBAColor(red: 0.1, green: 0.3, blue: 0.9),
            shadow: Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.3), radius: 8, offsetY: 4))
        return try MatchedPair(source: source, destination: destination)
    }
    let curves =
        springs
        ? MatchedCurves(position: .bouncy, size: .smooth, cornerRadius: .smooth, appearance: .snappy)
        : MatchedCurves(try .easing(.easeInOutCubic, duration: 0.4))
    let idle = try MatchedPairGroup(list, curves: curves, stagger: try StaggerConfig(spread: .amount(0.25)))
    // A transition is what a tap costs. On the app's own group: a start from rest, then
    // a reverse 0.2 s in, again and again 100 s apart (back at rest by then), each
    // timed alone; the first ones map the buffers that later ones reuse.
    var live = idle
    var tap = 0.0
    let liveRuns = try fastestRuns(
        of: min(repetitions, 5),
        [
            { try live.start(at: tap) },
            {
                try live.reverse(at: tap + 0.2)
                tap += 100
            }
        ])
    let moved = list.map { pair in
        var destination = pair.destination
        destination.frame.origin.x += 20
        return destination
    }
    // Each run from rest at the sources (the release heads back there: a group at rest
    // at its destination would start nowhere, and its retarget would start from rest),
    // retargeting to the moved destinations and back in turn.
    let destinations = list.map(\.destination)
    var retargets = 0
    let otherRuns = try fastestRuns(
        of: min(repetitions, 5),
        [
            { try live.start(at: tap) },
            {
                try live.retarget(retargets % 2 == 0 ? moved : destinations, at: tap + 0.2)
                retargets += 1
            },
            {
                try live.release(fromProgress: 0.5, velocity: 1, toward: .source, at: tap + 0.4)
                tap += 100
            }
        ])
    // On a copy that shares its buffers with another value: fresh memory each time.
    let startedOnCopy = try fastestNanoseconds(of: min(repetitions, 5)) {
        var copy = idle
        try copy.start(at: 0)
    }
    var group = idle
    try group.start(at: 0)
    let reversedOnCopy = try fastestNanoseconds(of: min(repetitions, 5)) {
        var copy = group
        try copy.reverse(at: 0.2)
    }
    var frame = group.makeFrame()
    let time = 0.3

    let sampled = try fastestNanoseconds(of: repetitions) { try group.sample(at: time, into: &frame, backend: backend) }
    var checksum = 0.0
    var states: [MatchedPairState] = []
    let decoded = try fastestNanoseconds(of: repetitions) {
        try group.states(in: frame, into: &states)
        for i in states.indices { checksum += states[i].frame.width }
    }
    let decodedPerCall = try fastestNanoseconds(of: repetitions) {
        for i in 0..<pairs { checksum += try group.state(ofPair: i, in: frame).frame.width }
    }
    // A frame of 10 ms once the first pairs come to rest (0.4 s: the shortest delay
    // and duration of either curve set have passed), started at 0.
    let settlingQuery = try fastestNanoseconds(of: repetitions) {
        checksum += Double(try group.pairsSettling(after: 0.59, through: 0.6).count)
    }
    // The floor writes the bytes the sample writes: every value and every velocity
    // (the frame records both; its buffers are read-only outside the library, so the
    // floor fills buffers of the same sizes).
    let floor = try storeFloor(floatCounts: [frame.values.count, frame.velocities.count], repetitions: repetitions)
    return MatchedTiming(
        started: max(liveRuns[0], 1), reversed: max(liveRuns[1], 1), startedOnCopy: startedOnCopy,
        reversedOnCopy: reversedOnCopy, retargeted: max(otherRuns[1], 1), released: max(otherRuns[2], 1),
        sampled: sampled, decoded: decoded, decodedPerCall: decodedPerCall, settlingQuery: settlingQuery,
        floor: floor,
        calls: springs ? MatchedCurves.Part.allCases.count : 1, checksum: checksum)
}

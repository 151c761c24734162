// A tap's latency against the frame it changes, for 10,000 items, pairs, elements or
// children: what the `stagger --json`, `matched --json`, `components --json` and
// `timeline --json` figures of `staggerbench` time as the fastest of a few runs, here as
// a distribution (p50, p99) with the allocations of each.
// A tap is timed on a collection made for it, as an app's first tap of its kind (what
// sets it up is outside the measurement: startMeasurement/stopMeasurement), or for a
// timeline player on a copy of one that has played half way; a frame and a decoding on
// one collection made once, as an app's frame loop.

import Benchmark
import Stagger

let count = 10_000

/// The list `staggerbench stagger` measures: `count` items, three tracks, easeOutCubic
/// (or, with `snappy`, the spring `--curve snappy` runs), staggered over half a second;
/// shown at 0 unless `shown` is false.
func makeList(shown: Bool = true, snappy: Bool = false) throws -> StaggeredList {
    let tracks = (0..<3).map { StaggerTrack("track\($0)", from: Float($0), to: Float($0) + 1) }
    let curve: Curve = snappy ? .snappy : try .easing(.easeOutCubic, duration: 0.35)
    let config = try StaggerConfig(spread: .amount(0.5), curve: curve)
    var list = try StaggeredList(count: count, config: config, tracks: tracks)
    if shown { try list.show(at: 0) }
    return list
}

/// The pairs `staggerbench matched` measures: cards on a grid that grow into larger
/// ones, a spring per property or easeInOutCubic 0.4 s, staggered by a quarter second.
func pairGroup(springs: Bool) throws -> MatchedPairGroup {
    let pairs = try (0..<count).map { i -> MatchedPair in
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
    return try MatchedPairGroup(pairs, curves: curves, stagger: try StaggerConfig(spread: .amount(0.25)))
}

/// The timeline `staggerbench timeline` measures: a sequence of four groups, each a
/// staggered list of a quarter of `count` children (easeOut, snappy, easeInOutBack,
/// smooth).
func makeTimeline() throws -> Timeline {
    let curves: [Curve] = [try .easeOut(duration: 0.3), .snappy, try .easing(.easeInOutBack, duration: 0.4), .smooth]
    let perGroup = count / 4
    return try Timeline(
        try curves.enumerated().map { index, curve in
            TimelineChild.staggered(
                "group\(index)", count: index == 3 ? count - 3 * perGroup : perGroup,
                config: try StaggerConfig(spread: .amount(0.5), curve: curve))
        })
}

/// The component `staggerbench components` measures: `count` elements with an opacity
/// and an offset each, hidden (0, 0) and shown (1, 20), easeOutCubic 0.35 s staggered
/// over half a second by element timings.
struct Component {
    let hidden: ComponentState, shown: ComponentState
    let transition: ComponentTransition
    let names: [String]

    init() throws {
        var hidden = ComponentState("hidden"), shown = ComponentState("shown")
        var timings: [String: ElementTiming] = [:]
        let curve = try Curve.easing(.easeOutCubic, duration: 0.35)
        names = (0..<count).map { "item\($0)" }
        for (index, name) in names.enumerated() {
            try hidden.set("opacity", of: name, to: 0.0)
            try hidden.set("offset", of: name, to: 0.0)
            try shown.set("opacity", of: name, to: 1.0)
            try shown.set("offset", of: name, to: 20.0)
            timings[name] = try ElementTiming(curve: curve, delay: 0.5 * Double(index) / Double(count - 1))
        }
        self.hidden = hidden
        self.shown = shown
        transition = ComponentTransition(try ElementTiming(curve: curve), elements: timings)
    }
}

let benchmarks: @Sendable () -> Void = {
    // Wall time and mallocs, one call per sample.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 3,
        scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 200)

    // A frame samples one list, made once, into one frame: an app's frame loop. The
    // easing list, then the list under one spring (its compact form once interrupted).
    for snappy in [false, true] {
        let kind = snappy ? "list (snappy)" : "list"
        let shown = try! makeList(snappy: snappy)
        var listFrame = shown.makeFrame(recordsAppearance: false)
        Benchmark("\(kind): a frame, 3 tracks") { _ in
            try shown.sample(at: 0.25, into: &listFrame, threads: 1)
        }
        Benchmark("\(kind): show from rest") { benchmark in
            var list = try makeList(shown: false, snappy: snappy)
            benchmark.startMeasurement()
            try list.show(at: 0)
            benchmark.stopMeasurement()
            blackHole(list)
        }
        Benchmark("\(kind): first interruption (hide mid-show)") { benchmark in
            var list = try makeList(snappy: snappy)
            benchmark.startMeasurement()
            try list.hide(at: 0.25)
            benchmark.stopMeasurement()
            blackHole(list)
        }
        Benchmark("\(kind): a toggle amid rapid show/hide") { benchmark in
            var list = try makeList(snappy: snappy)
            var time = 0.25
            for _ in 0..<8 {
                if list.isShown { try list.hide(at: time) } else { try list.show(at: time) }
                time += 0.01
            }
            benchmark.startMeasurement()
            try list.hide(at: time)
            benchmark.stopMeasurement()
            blackHole(list)
        }
    }

    // A component animator has no kernel pass: its frame reads every value in Double.
    let component = try! Component()
    var showing = ComponentAnimator(state: component.hidden)
    try! showing.transition(to: component.shown, at: 0, using: component.transition)
    Benchmark("components: a frame (every value)") { [showing] _ in
        for name in component.names {
            blackHole(try showing.value("opacity", of: name, at: 0.3, as: Double.self))
            blackHole(try showing.value("offset", of: name, at: 0.3, as: Double.self))
        }
    }
    Benchmark("components: show from rest") { benchmark in
        var animator = ComponentAnimator(state: component.hidden)
        benchmark.startMeasurement()
        try animator.transition(to: component.shown, at: 0, using: component.transition)
        benchmark.stopMeasurement()
        blackHole(animator)
    }
    Benchmark("components: hide mid-show") { benchmark in
        var animator = showing
        benchmark.startMeasurement()
        try animator.transition(to: component.hidden, at: 0.25, using: component.transition)
        benchmark.stopMeasurement()
        blackHole(animator)
    }

    // A timeline player that has played to half way and reported its events up to 0.1 s
    // before: a frame loop's last update. Each tap on a copy made outside the clock
    // (and the events it collects dropped outside it too).
    let timeline = try! makeTimeline()
    let half = timeline.duration / 2
    var playing = TimelinePlayer(timeline)
    try! playing.play(at: 0)
    _ = try! playing.update(at: half - 0.1)
    var timelineValues = [Float](repeating: 0, count: timeline.stepCount)
    Benchmark("timeline: a frame (kernel)") { _ in
        try timeline.sample(at: half, into: &timelineValues)
    }
    Benchmark("timeline: the events of a frame") { _ in
        blackHole(try timeline.events(from: half - 1.0 / 120, to: half))
    }
    func playerTap(_ name: String, _ tap: @escaping @Sendable (inout TimelinePlayer) throws -> Void) {
        Benchmark("timeline player: \(name)") { [playing] benchmark in
            var player = playing
            benchmark.startMeasurement()
            try tap(&player)
            benchmark.stopMeasurement()
            blackHole(player)
        }
    }
    playerTap("pause half way") { try $0.pause(at: half) }
    playerTap("reverse half way") { try $0.reverse(at: half) }
    playerTap("seek back to a quarter") { try $0.seek(to: half / 2, at: half) }

    for springs in [false, true] {
        let kind = springs ? "springs" : "easeInOutCubic"
        var started = try! pairGroup(springs: springs)
        try! started.start(at: 0)
        var pairFrame = started.makeFrame()
        Benchmark("pairs (\(kind)): a frame") { [started] _ in
            try started.sample(at: 0.3, into: &pairFrame)
        }
        Benchmark("pairs (\(kind)): start") { benchmark in
            var group = try pairGroup(springs: springs)
            benchmark.startMeasurement()
            try group.start(at: 0)
            benchmark.stopMeasurement()
            blackHole(group)
        }
        // Opened and closed from rest before: the group takes back the motion it made.
        Benchmark("pairs (\(kind)): start again from rest") { benchmark in
            var group = try pairGroup(springs: springs)
            try group.start(at: 0)
            try group.reverse(at: 10)
            benchmark.startMeasurement()
            try group.start(at: 20)
            benchmark.stopMeasurement()
            blackHole(group)
        }
        Benchmark("pairs (\(kind)): reverse mid-flight") { benchmark in
            var group = try pairGroup(springs: springs)
            try group.start(at: 0)
            benchmark.startMeasurement()
            try group.reverse(at: 0.2)
            benchmark.stopMeasurement()
            blackHole(group)
        }
        // The layout changed mid-flight: every destination 20 pt to the right.
        Benchmark("pairs (\(kind)): retarget mid-flight") { benchmark in
            var group = try pairGroup(springs: springs)
            try group.start(at: 0)
            let moved = group.pairs.map { pair in
                var destination = pair.destination
                destination.frame.origin.x += 20
                return destination
            }
            benchmark.startMeasurement()
            try group.retarget(moved, at: 0.2)
            benchmark.stopMeasurement()
            blackHole(group)
        }
        Benchmark("pairs (\(kind)): release a drag") { benchmark in
            var group = try pairGroup(springs: springs)
            try group.start(at: 0)
            benchmark.startMeasurement()
            try group.release(fromProgress: 0.5, velocity: 1, toward: .destination, at: 0.4)
            benchmark.stopMeasurement()
            blackHole(group)
        }
        // The frame at 0.3 s, decoded (both frame benchmarks leave it there).
        try! started.sample(at: 0.3, into: &pairFrame)
        var states: [MatchedPairState] = []
        Benchmark("pairs (\(kind)): decode every pair") { [started] _ in
            try started.states(in: pairFrame, into: &states)
        }
    }
}

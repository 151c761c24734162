/// Items that stagger in as they scroll into view: the app reports the scroll offset,
/// and the items that come into the viewport are collected into batches, each batch
/// staggered by a ``StaggerConfig``, all sampled in one kernel pass like a
/// ``StaggeredList``'s.
///
/// A pure function of time and of the offsets reported: ``scroll(to:at:)`` records
/// where the content was when, and ``sample(at:into:backend:threads:)`` answers for any
/// time from the latest report on, with no timers. What it decides, report by report:
/// - **Which items enter**: those whose frame meets the viewport widened by ``margin``
///   at both ends (a positive margin brings items in before they show; a negative one
///   waits until they are that far inside, and takes in items in view that are already
///   past that line, as a page opened mid-way has them).
/// - **Batches** (``Batching``): items entering within ``Batching/interval`` seconds of
///   a batch's first are staggered together from the end of that interval, up to
///   ``Batching/maximum`` items (a full batch starts at once), in reading order or from
///   an origin (``Batching/Order``). The items in view when the first report opens the
///   reveal start at once, without waiting the interval.
/// - **Queueing** (``Batching/isQueued``): a batch's first item starts no earlier than
///   one stagger step after the previous batch's last, so that a fast scroll reads as
///   one sequence instead of overlapping ones; only items still to come that are in
///   view hold the queue.
/// - **Opened scrolled down**: items that have never entered and lie wholly before the
///   viewport itself (above it, scrolling down; the margin does not count: such an item
///   is out of sight) are shown at once instead of staggering in from the top, at the
///   first report and whenever a scroll jumps past items.
/// - **Leaving** (``Leaving``): items stay shown (one that leaves before its turn is
///   shown at once rather than animated out of sight), or return to hidden at once when
///   they leave the viewport (and a positive margin: never while in view) and play again
///   when they come back.
///
/// Worked example (the Staggering article's): 100 rows 50 pt tall, a 400-pt viewport,
/// `each` 0.05 s, interval 0.1 s. Opened at offset 0, rows 0…7 start at 0, 0.05, …,
/// 0.35 s; a scroll to offset 200 at 1.0 s brings rows 8…11 in, which start at 1.1,
/// 1.15, 1.2 and 1.25 s. Opened at offset 2,000, rows 0…39 are shown at once and rows
/// 40…47 start at 0, 0.05, …, 0.35 s.
///
/// ```swift
/// let rows = try (0..<100).map { try LayoutRect(x: 0, y: Double($0) * 50, width: 320, height: 50) }
/// var reveal = try ScrollReveal(frames: rows, viewportLength: 400, config: config)
/// try reveal.scroll(to: 0, at: 0)
/// var frame = reveal.makeFrame()
/// try reveal.sample(at: 0.2, into: &frame)
/// ```
///
/// Reports come in time order (``TimeOrder``); a report visits the items near the
/// viewport (see ``scroll(to:at:)``) and allocates only what the items entering need;
/// a frame costs what a list's frame of the same size costs (one kernel pass over
/// per-item delays).
public struct ScrollReveal: Sendable {
    /// Where an item stands, between reports.
    enum ItemState: UInt8, Sendable {
        /// Has never entered: hidden until it does.
        case waiting
        /// Entered and left, under ``Leaving/replays``: hidden, plays again on entering.
        case reset
        /// Entered, in the batch still open: starts when it closes.
        case pending
        /// Entered, with a start time (−∞ for an item shown at once that has since
        /// been in view).
        case started
        /// Shown at once without having been in view (it lay before the viewport).
        case shownAtOnce
    }

    /// The batch still collecting items: when it opened and closes, and its items.
    struct OpenBatch: Sendable {
        var closes: Double
        var members: [Int]
    }

    /// Each item's frame, in the content's coordinates (points; y down).
    public let frames: [LayoutRect]
    /// The viewport's length along ``axis``, in points: finite, > 0.
    public let viewportLength: Double
    /// Which way the content scrolls.
    public let axis: Axis
    /// Points the viewport is widened by at both ends to decide what enters (negative
    /// narrows it, so that items enter only once that far inside): finite, with
    /// `viewportLength + 2 margin > 0`.
    public let margin: Double
    /// How each batch is staggered, and the curve every item runs. A grid and a
    /// visible window play no part (a batch is its own list).
    public let config: StaggerConfig
    /// How entering items are collected and ordered.
    public let batching: Batching
    /// What happens to items that leave.
    public let leaving: Leaving
    /// The motion policy, fixed for the reveal's life: reduced, every batch runs
    /// ``ReducedMotion/fade`` with its stagger scaled to ``ReducedMotion/maximumSpread``
    /// and tracks that jump jump (as a list's transition does).
    public let reducedMotion: ReducedMotion

    /// The properties every item animates, as a list's (``StaggeredList/tracks``).
    public var tracks: [StaggerTrack] {
        get { list.tracks }
        set { list.tracks = newValue }
    }

    /// The number of items.
    public var count: Int { frames.count }

    /// The latest report: the offset and its time (`nil` before the first).
    public private(set) var latestReport: (offset: Double, time: Double)?

    /// Each item's first and last coordinate along ``axis``.
    let lowers: [Double], uppers: [Double]
    /// The longest item along ``axis``: every item meeting a span starts within this
    /// much before it.
    let longestExtent: Double
    /// The items by their first coordinate (ties by index), and those coordinates: a
    /// report visits only the items near the viewport.
    let byLower: [Int], sortedLowers: [Double]
    /// Items at `byLower` positions below this have been looked at for lying wholly
    /// before the viewport (shown at once, or entered): every report's viewport start
    /// only moves it forward.
    var frontier = 0
    /// Under ``Leaving/replays``, the items that have entered and not been reset
    /// (pending or started): the ones a report checks for leaving.
    var live: [Int] = []

    /// The frames' machinery: a list whose items wait per-item delays, each ``starts``
    /// less the list's `start` narrowed to float32 (the start is moved to the latest
    /// report's time once the delays would grow past ``rebaseAfter`` seconds).
    var list: StaggeredList
    /// Each item's start on the caller's clock: +∞ hidden (waiting, reset), −∞ shown at
    /// once. The truth the reference and the events read.
    var starts: [Double]
    var states: [ItemState]
    var openBatch: OpenBatch?
    /// The latest start still to come of a closed batch's item in view (or the last
    /// closed batch's, once all have come), and that batch's stagger step: what a queued
    /// batch waits for. Items that leave before their turn stop holding the queue.
    var queueTail: (lastStart: Double, step: Double)?
    /// The closed batches' items whose start was still to come at the latest report.
    var upcoming: [Int] = []
    /// The latest start already come of an item in a closed batch (−∞ for none).
    var latestPastStart = -Double.infinity
    /// The latest start of an item that has entered and not been reset (−∞ for none):
    /// with the curve, when all are at rest. Found anew at every report that changes
    /// anything.
    var latestStart = -Double.infinity
    /// Under ``Leaving/replays``, each item's start and rest in the play a reset ended
    /// (−∞ for none; empty until an item is reset), so that a frame after a report
    /// still hears of them.
    var earlierStarts: [Double] = []
    var earlierRests: [Double] = []

    /// Seconds from the list's start beyond which delays are rewritten from a later
    /// start: float32 then still resolves 8 µs.
    static let rebaseAfter = 64.0

    /// A reveal of items at `frames` in a viewport `viewportLength` points long,
    /// nothing shown until the first ``scroll(to:at:)``.
    ///
    /// - Throws: ``StaggerError/invalidScrollParameter(name:value:)`` for a viewport
    ///   length, margin, interval or maximum out of range or a frame that is not finite
    ///   or has a negative size (named `frames[i].y` and so on);
    ///   ``StaggerError/tooManyItems(count:maximum:)`` beyond ``StaggeredList/maximumCount``;
    ///   the config's errors (its origin checked for a batch of ``Batching/maximum``
    ///   items, at least two); the tracks' errors as ``StaggeredList/init(count:config:tracks:)``.
    public init(
        frames: [LayoutRect], viewportLength: Double, axis: Axis = .vertical, margin: Double = 0,
        config: StaggerConfig, batching: Batching = Batching(), leaving: Leaving = .staysShown,
        reducedMotion: ReducedMotion = .system(isEnabled: false), tracks: [StaggerTrack] = StaggerTrack.appearance
    ) throws(StaggerError) {
        guard viewportLength.isFinite, viewportLength > 0 else {
            throw .invalidScrollParameter(name: "viewportLength", value: viewportLength)
        }
        guard margin.isFinite, viewportLength + 2 * margin > 0 else {
            throw .invalidScrollParameter(name: "margin", value: margin)
        }
        guard batching.interval.isFinite, batching.interval >= 0 else {
            throw .invalidScrollParameter(name: "interval", value: batching.interval)
        }
        if let maximum = batching.maximum, maximum < 1 {
            throw .invalidScrollParameter(name: "maximum", value: Double(maximum))
        }
        guard frames.count <= StaggeredList.maximumCount else {
            throw .tooManyItems(count: frames.count, maximum: StaggeredList.maximumCount)
        }
        for (i, frame) in frames.enumerated() {
            for (field, value) in [
                ("x", frame.minX), ("y", frame.minY), ("width", frame.width), ("height", frame.height)
            ]
            where !value.isFinite || (field.count > 1 && value < 0) {
                throw .invalidScrollParameter(name: "frames[\(i)].\(field)", value: value)
            }
        }
        var probe = Self.batchConfig(config, count: max(batching.maximum ?? 2, 2))
        if reducedMotion.isReduced { probe = try probe.reducedForMotion(count: max(batching.maximum ?? 2, 2)) }
        try probe.validate(count: max(batching.maximum ?? 2, 2))
        self.frames = frames
        self.viewportLength = viewportLength
        self.axis = axis
        self.margin = margin
        self.config = config
        self.batching = batching
        self.leaving = leaving
        self.reducedMotion = reducedMotion
        let n = frames.count
        starts = [Double](repeating: .infinity, count: n)
        states = [ItemState](repeating: .waiting, count: n)
        var lowers = [Double](repeating: 0, count: n), uppers = lowers
        var longest = 0.0
        for i in 0..<n {
            let f = frames[i]
            (lowers[i], uppers[i]) = axis == .vertical ? (f.minY, f.minY + f.height) : (f.minX, f.minX + f.width)
            longest = max(longest, uppers[i] - lowers[i])
        }
        self.lowers = lowers
        self.uppers = uppers
        longestExtent = longest
        byLower = (0..<n).sorted { (lowers[$0], $0) < (lowers[$1], $1) }
        sortedLowers = byLower.map { lowers[$0] }
        // The list only samples: its config's grid and origin play no part (a batch is
        // its own list), so they are not checked against every item.
        list = try StaggeredList(count: n, config: Self.batchConfig(config, count: n), tracks: tracks)
        let isReduced = reducedMotion.isReduced
        list.motion = try StaggeredList.Motion(
            .delays(from: 0, to: 1, delays: [Float](repeating: Self.hidden, count: n)),
            curve: isReduced ? ReducedMotion.fade : config.curve, count: n, isReduced: isReduced)
    }

    /// The float32 delay of an item that has not started: it waits longer than any
    /// time float32 holds.
    static let hidden = Float.greatestFiniteMagnitude
    /// The float32 delay of an item shown at once: it started longer ago than any time
    /// float32 holds (the kernel takes a spring's or easing's end for it).
    static let shown = -Float.greatestFiniteMagnitude

    /// `config` as a batch of `count` items uses it: no grid, no window, an origin
    /// index past the last item taken as the last.
    static func batchConfig(_ config: StaggerConfig, count: Int) -> StaggerConfig {
        var plain = config
        plain.grid = nil
        plain.visibleWindow = nil
        if case .index(let index) = plain.from, index >= count { plain.from = .index(max(count - 1, 0)) }
        return plain
    }

    /// The curve every item runs: the config's, or under reduced motion the fade.
    public var curve: Curve { list.motion.curve }

    // MARK: - Reports

    /// Records that the content is scrolled to `offset` (points along ``axis``) at
    /// `time` (seconds on the caller's clock): the items that enter join a batch, items
    /// before the viewport that never entered are shown at once, and under
    /// ``Leaving/replays`` items that left are hidden. The first report opens the reveal:
    /// the items in view then start at once (staggered, without waiting the interval).
    /// Report every frame, or whenever the offset changes: a batch closes at its own
    /// time whether or not a report comes then.
    ///
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a time that is not finite;
    ///   ``StaggerError/timeRunsBackward(time:latest:)`` for one more than
    ///   ``TimeOrder/tolerance`` before the latest report (one within it is taken at the
    ///   latest report's time); ``StaggerError/invalidScrollParameter(name:value:)``
    ///   (`offset`) for an offset that is not finite. Nothing changes when it throws.
    /// - Complexity: O(log count + the items near the viewport + the items entering +
    ///   the items waiting their turn); under ``Leaving/replays``, plus the items that
    ///   have entered and not left. "Near" is within the longest item's length of the
    ///   viewport: one very long frame makes every report visit the items that far up.
    ///   Once a minute of reports, O(count) (the float32 delays are rewritten from a
    ///   later start).
    public mutating func scroll(to offset: Double, at time: Double) throws(StaggerError) {
        let time = try TimeOrder.accept(
            time, after: latestReport?.time ?? -.infinity, nonFinite: StaggerError.invalidTime,
            runsBackward: StaggerError.timeRunsBackward)
        guard offset.isFinite else { throw .invalidScrollParameter(name: "offset", value: offset) }
        let isOpening = latestReport == nil
        latestReport = (offset, time)
        // The delays are written in place: taken out of the list (uniquely referenced).
        guard case .delays(let from, let to, var delays) = list.motion.source else { return }
        list.motion.source = .delays(from: 0, to: 0, delays: [])
        defer { list.motion.source = .delays(from: from, to: to, delays: delays) }
        if abs(time - list.start) > Self.rebaseAfter {
            list.start = time
            for i in starts.indices { delays[i] = delay(ofStart: starts[i]) }
        }
        // The batch whose time has come is closed: its starts stand.
        if let open = openBatch, time >= open.closes { close(open, delays: &delays) }

        // Items enter where they meet the viewport widened by the margin (narrowed, for a
        // negative one), or once they have passed that region's start while still in
        // view; they leave, and are shown at once, only out of sight (beyond the
        // viewport and a positive margin), so that no item changes while it shows.
        let low = offset - margin, high = offset + viewportLength + margin
        let viewLow = offset - max(margin, 0), viewHigh = offset + viewportLength + max(margin, 0)
        func inView(_ i: Int) -> Bool { Self.meets(lowers[i], uppers[i], viewLow, viewHigh) }

        if leaving == .replays {
            var leftOpen = false, kept = 0
            for k in live.indices {
                let i = live[k]
                if inView(i) {
                    live[kept] = i
                    kept += 1
                    continue
                }
                if states[i] == .pending { leftOpen = true } else { recordEarlier(i, at: time) }
                states[i] = .reset
                setStart(i, .infinity, delays: &delays)
            }
            if kept < live.count { live.removeSubrange(kept...) }
            if leftOpen { reopen(delays: &delays) }
        } else if let open = openBatch, open.members.contains(where: { !inView($0) }) {
            // An item that leaves before its batch starts is shown, not animated out of
            // sight (and holds no queue).
            for i in open.members where !inView(i) {
                states[i] = .started
                setStart(i, -.infinity, delays: &delays)
            }
            reopen(delays: &delays)
        }
        let tail = queueTail
        passUpcoming(at: time, view: viewLow..<viewHigh, delays: &delays)
        // A queued batch still open waits for the new tail (earlier, or none when what
        // it waited for left unseen) from this report on, not only from its close.
        if batching.isQueued, let open = openBatch, tail?.lastStart != queueTail?.lastStart {
            schedule(open, delays: &delays)
        }

        // Never-entered items wholly before the viewport itself (not its margin: an
        // item above the viewport is out of sight) are shown at once.
        let top = offset
        while frontier < byLower.count, sortedLowers[frontier] < top {
            let i = byLower[frontier]
            if states[i] == .waiting, uppers[i] <= top, !Self.meets(lowers[i], uppers[i], top, top + viewportLength) {
                states[i] = .shownAtOnce
                setStart(i, -.infinity, delays: &delays)
            }
            frontier += 1
        }

        // The items near the viewport: entering ones, and items shown at once seen.
        var entering: [Int] = []
        var p = Self.firstPosition(in: sortedLowers, notBelow: viewLow - longestExtent)
        while p < byLower.count, sortedLowers[p] < max(high, viewHigh) {
            let i = byLower[p]
            p += 1
            switch states[i] {
            case .waiting, .reset:
                let seen = inView(i)
                if Self.meets(lowers[i], uppers[i], low, high) || (seen && uppers[i] <= low) { entering.append(i) }
            case .shownAtOnce:
                if inView(i) {
                    states[i] = .started
                    if leaving == .replays { live.append(i) }
                }
            case .pending, .started:
                break
            }
        }
        defer { findLatestStart() }
        guard !entering.isEmpty else { return }
        sortInReadingOrder(&entering)
        if leaving == .replays { live += entering }
        var next = 0
        while next < entering.count {
            var open = openBatch ?? OpenBatch(closes: isOpening ? time : time + batching.interval, members: [])
            let room = batching.maximum.map { $0 - open.members.count } ?? entering.count
            let taken = min(room, entering.count - next)
            for i in entering[next..<next + taken] { states[i] = .pending }
            open.members += entering[next..<next + taken]
            next += taken
            // A full batch, or one whose interval is 0 or that opened the reveal,
            // starts now.
            if open.members.count == batching.maximum || open.closes <= time {
                open.closes = time
                close(open, delays: &delays)
            } else {
                openBatch = open
                schedule(open, delays: &delays)
            }
        }
    }

    /// The first position of `sorted` whose value is at least `value` (its count when
    /// none is).
    static func firstPosition(in sorted: [Double], notBelow value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether the extent `lower...upper` meets [`low`, `high`): a frame of no length
    /// where its point is.
    static func meets(_ lower: Double, _ upper: Double, _ low: Double, _ high: Double) -> Bool {
        lower < upper ? lower < high && upper > low : lower >= low && lower < high
    }

    /// Sorts `items` in reading order: along the axis first, then across it, then by index.
    func sortInReadingOrder(_ items: inout [Int]) {
        let vertical = axis == .vertical
        items.sort { a, b in
            let fa = frames[a], fb = frames[b]
            let ka = vertical ? (fa.minY, fa.minX) : (fa.minX, fa.minY)
            let kb = vertical ? (fb.minY, fb.minX) : (fb.minX, fb.minY)
            return ka != kb ? ka < kb : a < b
        }
    }

    /// Item `index`'s start set to `start`, and its float32 delay in `delays`.
    mutating func setStart(_ index: Int, _ start: Double, delays: inout [Float]) {
        starts[index] = start
        delays[index] = delay(ofStart: start)
    }

    /// The float32 delay of a start: the time from the list's start, or the sentinels.
    func delay(ofStart start: Double) -> Float {
        if start == .infinity { return Self.hidden }
        if start == -.infinity { return Self.shown }
        return Float(start - list.start)
    }
}

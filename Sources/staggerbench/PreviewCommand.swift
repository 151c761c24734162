import ArgumentParser
import Foundation
import Stagger

/// `staggerbench preview`: a staggered list or grid as an animated, self-contained
/// HTML page whose every frame the kernel computed.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write an animated HTML preview of a staggered list or grid, every frame from the kernel.",
        discussion: """
            Shows the items themselves (opacity, offset and scale: the default tracks of
            StaggeredList), beside a heat map of each item's start delay. The list shows
            at 0 s; --hide-at hides it (in reverse order) and --show-again-at shows it
            again, interrupting whatever is still moving. Frames are sampled at --fps by
            StaggeredList.sample and embedded in the page, which only draws them: one
            file, no network, no external scripts or fonts; it opens from disk.

            --matched draws a card flying to full screen instead (frame, corner radius,
            colour), sent back at --reverse-at, mid-flight by default; --arc bends its
            path into a circular arc.

            --path PATH-DATA draws items travelling an SVG path one after another instead
            (--items of them, 12 by default, staggered by --stagger), each an arrowhead
            at the point and heading MotionPath's kernel gives for its progress.

            --viewport OFFSET@TIME,... draws a column of rows (--items, 60 by default, 50
            points tall) staggering in as they scroll into a 400-point viewport instead:
            the scroll runs through the keyframes in straight lines (two at one time make
            a jump), its offset reported to a ScrollReveal every frame; beside it, a map
            of every row.

            --layout SCENE draws cards flying from one layout to another instead, with a
            LayoutTransition staggered and driven by --stagger (its curve moves every
            card): reverse (a row of --items cards, 8 by default, reversed), columns (a
            grid of four columns becoming two), filter (every third card leaves, new ones
            arrive at the end). Arriving cards grow in from 60 %, leaving ones shrink out.

            --timeline NAME draws a timeline instead, as a Gantt chart: per step a bar
            for its delay, one while it runs, a sparkline of its value and its events.

            --reduced-motion adds the same list under reduced motion (transforms jump,
            opacity fades, the stagger shrinks to 0.1 s) beside it. --format svg writes
            an animated SVG of the items instead (SMIL, no script, 30 fps): it plays in
            any browser and in a README.

            In the page: space plays or pauses, left and right arrows step a frame, 1 2 3
            choose 0.1x 0.25x 1x speed, L toggles looping. A fragment #t=SECONDS opens
            it paused at that time (what the screenshot tests use).

            CONFIG is the stagger grammar of `plot --stagger`:
            \(StaggerSpec.help)

            Examples:
              staggerbench preview --stagger each:0.05,curve:snappy -o list.html
              staggerbench preview --stagger each:0.04,grid:12x8,from:center -o grid.html
              staggerbench preview --stagger each:0.05,curve:smooth --items 20 --hide-at 0.3 --show-again-at 0.5 -o reshow.html
              staggerbench preview --stagger each:0.05,curve:bouncy --reduced-motion -o reduced.html
              staggerbench preview --stagger each:0.03,grid:12x8,from:center --ripple 40 -o ripple.html
              staggerbench preview --timeline cardReveal -o card.html
              staggerbench preview --matched --curve bouncy --reverse-at 0.3 --arc -0.4 -o card-flight.html
              staggerbench preview --path 'M0 0 C40 120 160 -40 200 80' --stagger each:0.08,curve:easeInOut -o path.html
              staggerbench preview --viewport 0@0,0@1,1200@2,2000@2.5 --stagger each:0.05,curve:smooth -o scroll.html
              staggerbench preview --layout columns --stagger each:0.03,curve:smooth --items 16 -o layout.html
              staggerbench preview --stagger each:0.06,curve:snappy --items 8 --format svg -o docs/stagger.svg
            """
    )

    @Option(help: "The stagger, e.g. each:0.05,grid:12x8,from:center,curve:snappy.")
    var stagger: String = "each:0.05,curve:snappy"

    @Option(help: "Items, 1 to 5,000 (default: every cell of the grid, else 12).")
    var items: Int?

    @Option(help: "Seconds an easing curve takes (springs run until they settle).")
    var duration: Double = 0.5

    @Option(help: "Seconds at which the items hide (in reverse order), 0 to 60, if at all.")
    var hideAt: Double?

    @Option(help: "Seconds at which the items show again after --hide-at, up to 60.")
    var showAgainAt: Double?

    @Option(help: "Frames per second sampled, 1 to 240 (default 60; 30 for svg).")
    var fps: Int?

    @Flag(help: "Also show the same list (or matched pair) under reduced motion, side by side.")
    var reducedMotion = false

    @Option(
        help:
            "Draw a timeline as a Gantt chart instead of a list: reveal (the README's), cardReveal, rowByRow or sequence (a MatchedSequence)."
    )
    var timeline: PreviewTimeline?

    @Flag(help: "Draw a matched pair instead of a list: a card flying to full screen, sent back mid-flight.")
    var matched = false

    @Option(help: "With --matched: the curve of every property (eval's grammar; easings over --duration).")
    var curve: String = "snappy"

    @Option(help: "With --matched: seconds at which the card is sent back, 0 to 60.")
    var reverseAt: Double = 0.35

    @Option(
        parsing: .unconditional,
        help:
            "With --matched: how far the card's path bows from the straight line, -1...1 (0 straight, 1 a half circle; positive arcs left of the travel)."
    )
    var arc: Double = 0

    @Option(
        help:
            "A ripple from this cell of the grid (an index): a decaying wave, 8 pt, 2 Hz, half a cycle per cell, added to each item's offset."
    )
    var ripple: Int?

    @Option(
        help: "html (default): the interactive page; svg: an animated SVG (SMIL, no script) of the items, for a README."
    )
    var format: PreviewFormat = .html

    @Option(
        help: ArgumentHelp(
            "Draw items travelling this SVG path instead, staggered by --stagger (arrowheads at the kernel's points and angles).",
            valueName: "path-data"))
    var path: String?

    @Option(
        help: ArgumentHelp(
            "Draw rows staggering in as a scroll through these OFFSET@TIME keyframes (times 0 to 60 s) brings them into view instead.",
            valueName: "offset@time,..."))
    var viewport: String?

    @Option(help: "Draw cards flying between two layouts instead: reverse, columns or filter.")
    var layout: LayoutScene?

    @Option(name: [.customShort("o"), .long], help: "The HTML file to write.")
    var output: String

    func validate() throws {
        if let items, !(1...5_000).contains(items) { throw ValidationError("--items must be between 1 and 5,000") }
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps must be between 1 and 240") }
        if format == .svg, reducedMotion { throw ValidationError("--reduced-motion needs --format html") }
        if format == .svg, ripple != nil { throw ValidationError("--ripple needs --format html") }
        if !(reverseAt >= 0) || !reverseAt.isFinite {
            throw ValidationError("--reverse-at must be a time in seconds, 0 or later (got \(reverseAt))")
        }
        try PreviewLength.check(reverseAt, option: "--reverse-at")
        if !(abs(arc) <= 1) { throw ValidationError("--arc must be between -1 and 1 (got \(arc))") }
        if path != nil, matched || timeline != nil || format == .svg || ripple != nil || hideAt != nil || reducedMotion
        {
            throw ValidationError(
                "--path draws the path alone: drop --matched, --timeline, --hide-at, --ripple, --reduced-motion and --format svg"
            )
        }
        if viewport != nil,
            path != nil || matched || timeline != nil || format == .svg || ripple != nil || hideAt != nil
                || reducedMotion
        {
            throw ValidationError(
                "--viewport draws the scroll alone: drop --path, --matched, --timeline, --hide-at, --ripple, --reduced-motion and --format svg"
            )
        }
        if layout != nil,
            viewport != nil || path != nil || matched || timeline != nil || format == .svg || ripple != nil
                || hideAt != nil || reducedMotion
        {
            throw ValidationError(
                "--layout draws the layouts alone: drop --viewport, --path, --matched, --timeline, --hide-at, --ripple, --reduced-motion and --format svg"
            )
        }
        if arc != 0, !matched { throw ValidationError("--arc bends a matched pair's path: add --matched") }
        if matched, timeline != nil || format == .svg || ripple != nil || hideAt != nil || items != nil {
            throw ValidationError(
                "--matched draws the pair alone: drop --timeline, --items, --hide-at, --ripple and --format svg")
        }
        if timeline != nil, format == .svg || reducedMotion || ripple != nil || hideAt != nil || items != nil {
            throw ValidationError(
                "--timeline draws the timeline alone: drop --items, --hide-at, --ripple, --reduced-motion and --format svg"
            )
        }
        if !(duration > 0) || !duration.isFinite {
            throw ValidationError("--duration must be a positive number of seconds")
        }
        if let hideAt, !(hideAt >= 0) || !hideAt.isFinite {
            throw ValidationError("--hide-at must be a time in seconds, 0 or later (got \(hideAt))")
        }
        try hideAt.map { try PreviewLength.check($0, option: "--hide-at") }
        try showAgainAt.map { try PreviewLength.check($0, option: "--show-again-at") }
        if let showAgainAt {
            guard let hideAt else { throw ValidationError("--show-again-at needs --hide-at") }
            guard showAgainAt.isFinite, showAgainAt > hideAt else {
                throw ValidationError("--show-again-at must come after --hide-at (\(hideAt) s), got \(showAgainAt)")
            }
        }
        if output.isEmpty { throw ValidationError("give the file to write: -o FILE.html (or FILE.svg)") }
    }

    func run() throws {
        if let layout {
            let count = items ?? (layout == .reverse ? 8 : 16)
            let spec = try StaggerSpec.parse(stagger, count: count, easingDuration: duration)
            let page: String
            do {
                page = try PreviewLayoutPage(
                    scene: layout, curve: spec.config.curve, config: spec.config, order: .oldLayout, count: count,
                    fps: fps ?? 60, title: "layout \(layout.rawValue), stagger \(stagger)"
                ).render()
            } catch let error as AnimatableError { throw CommandFailure("--layout: \(error.description)") }
            try writeTextFile(page, to: output)
            print("wrote \(output) (\(count) cards changing layout, \(page.utf8.count / 1024) KiB)")
            return
        }
        if let viewport {
            let keyframes = try scrollReports(viewport, option: "--viewport")
            for (a, b) in zip(keyframes, keyframes.dropFirst()) where b.time < a.time {
                throw ValidationError("--viewport: keyframes must come in time order (\(b.time) s after \(a.time) s)")
            }
            for keyframe in keyframes { try PreviewLength.check(keyframe.time, option: "--viewport") }
            let count = items ?? 60
            let spec = try StaggerSpec.parse(stagger, count: count, easingDuration: duration)
            let page: String
            do {
                page = try PreviewScrollPage(
                    keyframes: keyframes, config: spec.config, count: count, fps: fps ?? 60,
                    title: "scroll \(viewport), stagger \(stagger)"
                ).render()
            } catch let error as StaggerError { throw CommandFailure("--viewport: \(error.description)") }
            try writeTextFile(page, to: output)
            print("wrote \(output) (\(count) rows scrolling into view, \(page.utf8.count / 1024) KiB)")
            return
        }
        if let path {
            let motionPath: MotionPath
            do { motionPath = try MotionPath(path) } catch { throw CommandFailure("--path: \(error.description)") }
            let count = items ?? 12
            let spec = try StaggerSpec.parse(stagger, count: count, easingDuration: duration)
            let page = try PreviewPathPage(
                path: motionPath, config: spec.config, count: count, fps: fps ?? 60,
                title: "path \(path), stagger \(stagger)"
            ).render()
            try writeTextFile(page, to: output)
            print(
                "wrote \(output) (\(count) items along a path of length \(staggerbench.format(motionPath.length, 1)), \(page.utf8.count / 1024) KiB)"
            )
            return
        }
        if matched {
            let parsed: Curve
            do { parsed = try Curve(parsing: curve, duration: duration) } catch {
                throw CommandFailure(error.description)
            }
            let page = try PreviewMatchedPage(
                curves: MatchedCurves(parsed), arc: arc, reverseAt: reverseAt, reducedMotion: reducedMotion,
                fps: fps ?? 60,
                title: "matched pair, \(curve)"
            ).render()
            try writeTextFile(page, to: output)
            print("wrote \(output) (a matched pair, \(page.utf8.count / 1024) KiB)")
            return
        }
        if let timeline {
            let page = try PreviewTimelinePage(
                timeline: try timeline.build(), title: "timeline \(timeline.rawValue)", fps: fps ?? 60
            ).render()
            try writeTextFile(page, to: output)
            print("wrote \(output) (timeline \(timeline.rawValue), \(page.utf8.count / 1024) KiB)")
            return
        }
        // The grid decides the default count, so read the spec once for its grid.
        let probe = try StaggerSpec.parse(stagger, count: 1, easingDuration: duration)
        let count = items ?? probe.config.grid.map { $0.columns * $0.rows } ?? 12
        guard count <= 5_000 else {
            throw CommandFailure("the grid has \(count) cells; give --items up to 5,000")
        }
        let spec = try StaggerSpec.parse(stagger, count: count, easingDuration: duration)
        var events: [PreviewScene.Event] = [.init(time: 0, shows: true)]
        if let hideAt { events.append(.init(time: hideAt, shows: false)) }
        if let showAgainAt { events.append(.init(time: showAgainAt, shows: true)) }
        let fps = self.fps ?? (format == .svg ? 30 : 60)
        var wave: Wave?
        if let ripple {
            guard let grid = spec.config.grid else {
                throw CommandFailure("--ripple needs a grid in --stagger (grid:CxR)")
            }
            guard (0..<count).contains(ripple) else {
                throw CommandFailure("--ripple \(ripple) is not a cell of the \(count) items")
            }
            wave = try Wave(
                amplitude: 8, temporalFrequency: 2, spatialFrequency: 0.5, envelope: .decay(0.8),
                field: .cells(from: .index(ripple), grid: grid))
        }
        let scene = try PreviewScene(
            config: spec.config, count: count, events: events, fps: fps, reducedMotion: reducedMotion, ripple: wave)
        let text: String
        switch format {
        case .html: text = PreviewPage(scene: scene, title: "stagger \(stagger)").render()
        case .svg: text = PreviewSVG(scene: scene, title: "stagger \(stagger)").render()
        }
        try writeTextFile(text, to: output)
        print(
            "wrote \(output) (\(count) items, \(scene.frameCount) frames at \(fps) fps, \(text.utf8.count / 1024) KiB)")
    }
}

/// The timelines `preview --timeline` draws.
enum PreviewTimeline: String, ExpressibleByArgument, CaseIterable {
    case reveal, cardReveal, rowByRow, sequence

    /// The timeline itself.
    func build() throws -> Timeline {
        switch self {
        case .reveal:
            // The README's example.
            return try Timeline([
                .step("background", .easeOut),
                .group([.step("icon", .snappy), .step("title", .snappy)], at: .afterPrevious(gap: 0.05)),
                .staggered("row", count: 20, config: .fast, at: .withPrevious(offset: 0.1))
            ])
        case .cardReveal:
            return AnimationSequence.cardReveal.timeline
        case .rowByRow:
            return try AnimationSequence.rowByRow(count: 8, each: 0.05, duration: 0.3).timeline
        case .sequence:
            return try MatchedSequence([
                MatchedStep("title", curve: .snappy, delay: 0.05),
                MatchedStep("chipA", curve: .smooth, waitsForCompletion: false),
                MatchedStep("chipB", curve: .smooth),
                MatchedStep("detail", curve: .bouncy)
            ]).timeline
        }
    }
}

/// What `preview` writes.
enum PreviewFormat: String, ExpressibleByArgument, CaseIterable {
    case html, svg
}

/// A staggered list run through its shows and hides, sampled frame by frame: in full
/// motion, and under reduced motion when asked.
struct PreviewScene {
    /// A show or a hide, at seconds from the start.
    struct Event {
        let time: Double
        let shows: Bool
    }

    /// One run of the list: its title and every frame's tracks, frame f, track k,
    /// item i at `tracks[(f * trackCount + k) * count + i]`.
    struct Variant {
        let title: String
        let tracks: [Float]
    }

    let config: StaggerConfig
    let count: Int
    let events: [Event]
    let fps: Int
    /// Every item's start delay in the first show, seconds (the kernel's delays).
    let delays: [Float]
    let variants: [Variant]
    let trackNames: [String]
    let frameCount: Int

    /// Samples `events` at `fps` frames per second until every item is at rest, plus a
    /// quarter of a second (at most ``PreviewLength/longestMotion`` after the last event); with `reducedMotion`, a second run under
    /// ``ReducedMotion/always`` beside the first.
    ///
    /// - Throws: ``StaggerError`` from the list (a config that does not fit `count`).
    init(config: StaggerConfig, count: Int, events: [Event], fps: Int, reducedMotion: Bool = false, ripple: Wave? = nil)
        throws
    {
        self.config = config
        self.count = count
        self.events = events
        self.fps = fps
        delays = try config.delays(count: count)
        let list = try StaggeredList(count: count, config: config)
        // A ripple is one more track: its offsets, from the wave's own kernel pass.
        trackNames = list.tracks.map(\.name) + (ripple == nil ? [] : ["ripple"])
        // The end: when the last transition settles (full motion takes the longest).
        var probe = list
        for event in events {
            if event.shows { try probe.show(at: event.time) } else { try probe.hide(at: event.time) }
        }
        let lastEvent = events.last?.time ?? 0
        // A ripple's envelope decays over 0.8 s: by 3 s it is under a point.
        let end = max(lastEvent + probe.settlingDuration, ripple == nil ? 0 : 2.75)
        let frameCount = PreviewLength.frameCount(through: end, lastEvent: lastEvent, fps: fps)
        self.frameCount = frameCount
        let title = ripple == nil ? "items (opacity, offset, scale)" : "items, with the ripple added to the offset"
        var variants = [Variant(title: title, tracks: try Self.run(list, events, fps, frameCount, ripple))]
        if reducedMotion {
            var reduced = list
            reduced.reducedMotion = .always
            variants.append(
                Variant(title: "reduced motion", tracks: try Self.run(reduced, events, fps, frameCount, ripple)))
        }
        self.variants = variants
    }

    /// Every frame of `list` through `events`, recorded as they come, as an app would:
    /// a later transition must not change what earlier frames showed.
    private static func run(
        _ list: StaggeredList, _ events: [Event], _ fps: Int, _ frameCount: Int, _ ripple: Wave?
    ) throws -> [Float] {
        var list = list
        var frame = list.makeFrame(recordsAppearance: false)
        var offsets = [Float](repeating: 0, count: ripple == nil ? 0 : list.count)
        var tracks: [Float] = []
        tracks.reserveCapacity(frameCount * (frame.values.count + offsets.count))
        var next = 0
        for index in 0..<frameCount {
            let time = Double(index) / Double(fps)
            while next < events.count, events[next].time <= time {
                let event = events[next]
                if event.shows { try list.show(at: event.time) } else { try list.hide(at: event.time) }
                next += 1
            }
            try list.sample(at: time, into: &frame)
            tracks.append(contentsOf: frame.values)
            if let ripple {
                try ripple.offsets(count: list.count, at: time, into: &offsets)
                tracks.append(contentsOf: offsets)
            }
        }
        return tracks
    }
}

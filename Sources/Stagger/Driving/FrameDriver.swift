/// Advances every running animation of a screen to one frame's time: lists, scroll
/// reveals, matched-pair groups, timeline players and component animators, with their
/// values and the events since the previous frame.
///
/// Your display link (`CADisplayLink`, SwiftUI's `TimelineView(.animation)`, a game loop,
/// a test) calls ``advance(to:)`` once per frame with the frame's timestamp. The driver
/// has no clock and no timer: the same timestamps always give the same values and events,
/// whatever the frame rate. When ``isAtRest`` turns true nothing moves until you start
/// something, so the app can pause its display link.
///
/// ```swift
/// var driver = FrameDriver()
/// let rows = driver.add(try StaggeredList(count: 200, config: .standard))
/// try driver[rows].show(at: 0)
/// for frame in 0...60 {
///     try driver.advance(to: Double(frame) / 60)
///     let opacity = driver.frame(of: rows).values(ofTrack: 0)
///     // draw with opacity; react to driver.events
/// }
/// ```
///
/// Start, reverse or retarget an animation through the driver's subscripts
/// (`driver[rows].hide(at:)`), at any time at or after the previous frame. Times run
/// forward by the one rule of ``TimeOrder``, for frames and changes alike.
///
/// Every frame samples each list and pair group into a frame the driver keeps, and each
/// player's timeline into its step values (``values(of:)``); a component animator's
/// values are ``ComponentAnimator/value(_:of:at:as:)`` at ``time``. After a warm-up
/// frame no heap memory is allocated per frame by lists, pair groups, idle players and
/// animators at rest. Playing timelines and animators in transition report
/// their events through arrays, which allocate when an event fires.
public struct FrameDriver: Sendable {
    /// A list added with ``add(_:)-(StaggeredList)``.
    public struct ListID: Hashable, Sendable { let index: Int }
    /// A scroll reveal added with ``add(_:)-(ScrollReveal)``.
    public struct RevealID: Hashable, Sendable { let index: Int }
    /// A matched-pair group added with ``add(_:)-(MatchedPairGroup)``.
    public struct PairGroupID: Hashable, Sendable { let index: Int }
    /// A timeline player added with ``add(_:)-(TimelinePlayer)``.
    public struct PlayerID: Hashable, Sendable { let index: Int }
    /// A component animator added with ``add(_:)-(ComponentAnimator)``.
    public struct AnimatorID: Hashable, Sendable { let index: Int }

    /// Something that happened between the previous frame and this one.
    public enum Event: Sendable, Hashable {
        /// A list came to rest: every item at its target. `at` is when, in seconds on
        /// the caller's clock (at or before the frame that reports it). A transition
        /// that moves nothing reports nothing.
        case listSettled(ListID, at: Double)
        /// Item `item` of a list came to rest at `at` seconds (at or before the frame
        /// that reports it): per-item completion, as GSAP's per-target `onComplete`.
        /// Every item that settles is reported once, also when a transition started
        /// between two frames replaced the motion it settled in
        /// (``StaggeredList/itemsSettling(after:through:)``). A frame reports a list's
        /// items in index order, before its ``listSettled(_:at:)``.
        case itemSettled(ListID, item: Int, at: Double)
        /// Item `item` of a scroll reveal started at `at` seconds (its batch's turn came;
        /// ``ScrollReveal/itemsStarting(after:through:)``).
        case revealItemStarted(RevealID, item: Int, at: Double)
        /// Item `item` of a scroll reveal came to rest at `at` seconds
        /// (``ScrollReveal/itemsSettling(after:through:)``). A frame reports a reveal's
        /// starts and rests in time order (ties by index).
        case revealItemSettled(RevealID, item: Int, at: Double)
        /// A pair group came to rest at `at` seconds.
        case pairGroupSettled(PairGroupID, at: Double)
        /// Pair `pair` of a group came to rest at `at` seconds
        /// (``MatchedPairGroup/pairsSettling(after:through:)``), in pair order, before
        /// its group's ``pairGroupSettled(_:at:)``.
        case pairSettled(PairGroupID, pair: Int, at: Double)
        /// What the player reported (``TimelinePlayer/update(at:)``), except
        /// ``TimelinePlayer/Event/updated(_:)``, which every playing frame would repeat.
        case timeline(PlayerID, TimelinePlayer.Event)
        /// An event of the animator (``ComponentAnimator/events(from:to:)``).
        case component(AnimatorID, ComponentEvent)
    }

    // Each kind of animation, with its outputs and what was reported (see FrameDriven).
    private var lists = DrivenSlots<StaggeredList>()
    private var reveals = DrivenSlots<ScrollReveal>()
    private var groups = DrivenSlots<MatchedPairGroup>()
    private var players = DrivenSlots<TimelinePlayer>()
    private var animators = DrivenSlots<ComponentAnimator>()
    /// Scratch for a list's delays while its items' rests are found (one buffer for
    /// every list, grown once, so that frames allocate nothing).
    private var delayScratch: [Float] = []
    /// Events that a change made through a subscript revealed before the next frame:
    /// a settling that a new transition came after (the frame that would have seen it
    /// never came), and an animator's events at exactly the previous frame's time (a
    /// transition started then). Reported at the next frame, first.
    private var pendingEvents: [Event] = []

    /// The time of the last frame, in seconds on the caller's clock (`nil` before the
    /// first).
    public private(set) var time: Double?
    /// The events between the previous frame and the last one: for each list, pair
    /// group, player and animator in the order they were added, its events in their
    /// own order.
    public private(set) var events: [Event] = []
    /// Whether nothing moves at the last frame's time and nothing will until an
    /// animation is started: every list and pair group settled, no player playing,
    /// every animator at rest. `true` before the first frame.
    public private(set) var isAtRest = true

    /// A driver with nothing to drive.
    public init() {}

    // MARK: - Adding and changing animations

    /// Adds `list`; ``frame(of:)-(FrameDriver.ListID)`` holds its tracks after each frame.
    public mutating func add(_ list: StaggeredList) -> ListID { ListID(index: lists.add(list)) }

    /// Adds `reveal`; ``frame(of:)-(FrameDriver.RevealID)`` holds its
    /// tracks after each frame. Report the scroll offset through the driver's subscript
    /// (`driver[id].scroll(to:at:)`) before each frame, or after it at its time: what a
    /// report at the frame's time starts then, the next frame reports.
    public mutating func add(_ reveal: ScrollReveal) -> RevealID { RevealID(index: reveals.add(reveal)) }

    /// Adds `group`; ``frame(of:)->MatchedFrame`` holds its lanes after each frame.
    public mutating func add(_ group: MatchedPairGroup) -> PairGroupID { PairGroupID(index: groups.add(group)) }

    /// Adds `player` (playing or not; play it through the driver's subscript).
    public mutating func add(_ player: TimelinePlayer) -> PlayerID { PlayerID(index: players.add(player)) }

    /// Adds `animator`.
    public mutating func add(_ animator: ComponentAnimator) -> AnimatorID { AnimatorID(index: animators.add(animator)) }

    /// The list, to start a transition on it (`driver[id].show(at:)`) or read it.
    ///
    /// A transition applies from the next frame; one that changes the item count or
    /// the tracks gets a new frame of the right size then.
    public subscript(id: ListID) -> StaggeredList {
        get { lists.animations[id.index] }
        set {
            let old = lists.animations[id.index]
            if old.settlingDuration > 0, old.settleTime <= newValue.start, newValue.start != old.start,
                lists.records[id.index] != old.start
            {
                lists.records[id.index] = old.start
                pendingEvents.append(.listSettled(id, at: old.settleTime))
            }
            lists.animations[id.index] = newValue
            lists.resizeOutput(id.index)
        }
    }

    /// The scroll reveal, to report the offset (`driver[id].scroll(to:at:)`), in place,
    /// or read it.
    public subscript(id: RevealID) -> ScrollReveal {
        get { reveals.animations[id.index] }
        _modify {
            // New tracks get a frame of their size.
            defer { reveals.resizeOutput(id.index) }
            yield &reveals.animations[id.index]
        }
    }

    /// A scroll reveal's start or rest of `item` at `at`, as the driver reports it.
    static func revealEvent(_ id: RevealID, item: Int, at: Double, isStart: Bool) -> Event {
        isStart ? .revealItemStarted(id, item: item, at: at) : .revealItemSettled(id, item: item, at: at)
    }

    /// The pair group, to start, reverse or retarget it, or read it.
    ///
    /// `driver[id].reverse(at:)` changes the group in place (a yielded access, not a
    /// copy and a set), so that its transition writes into the group's own buffers
    /// rather than fresh memory.
    public subscript(id: PairGroupID) -> MatchedPairGroup {
        get { groups.animations[id.index] }
        _modify {
            // Only figures of the group before, not a copy of it: a copy would share its
            // buffers and make the transition copy them.
            let index = id.index
            // The settle time found once (a pass over every lane).
            let settle = groups.animations[index].settleTime
            let before = (
                hasMoved: groups.animations[index].hasMoved(settlingAt: settle), settleTime: settle,
                lastTransition: groups.animations[index].lastTransition
            )
            defer {
                let lastTransition = groups.animations[index].lastTransition
                if before.hasMoved, before.settleTime <= lastTransition, lastTransition != before.lastTransition,
                    groups.records[index] != before.lastTransition
                {
                    groups.records[index] = before.lastTransition
                    pendingEvents.append(.pairGroupSettled(id, at: before.settleTime))
                }
                groups.resizeOutput(index)
            }
            yield &groups.animations[index]
        }
    }

    /// The timeline player, to play, pause, seek or reverse it, or read its state (a
    /// player of another timeline gets step values of its size).
    public subscript(id: PlayerID) -> TimelinePlayer {
        get { players.animations[id.index] }
        set {
            players.animations[id.index] = newValue
            players.resizeOutput(id.index)
        }
    }

    /// The component animator, to start a transition, or read its values.
    public subscript(id: AnimatorID) -> ComponentAnimator {
        get { animators.animations[id.index] }
        set {
            // A transition started at the previous frame's time has events at that time,
            // which the next frame's interval (previous, next] leaves out: queue the ones
            // the change added.
            if let previous = time {
                let old = animators.animations[id.index]
                var before = (try? old.events(from: previous.nextDown, to: previous)) ?? []
                for event in (try? newValue.events(from: previous.nextDown, to: previous)) ?? [] {
                    if let k = before.firstIndex(of: event) {
                        before.remove(at: k)
                    } else {
                        pendingEvents.append(.component(id, event))
                    }
                }
            }
            animators.animations[id.index] = newValue
        }
    }

    /// The list's tracks at the last frame (all zero before the first).
    ///
    /// The driver makes its frames with `recordsAppearance: false`, so `appearance` and
    /// `velocity` are empty: read the tracks (``StaggerFrame/values(ofTrack:)-(Int)``), or
    /// sample the list into a frame of your own that records them
    /// (``StaggeredList/makeFrame(recordsAppearance:)``). That keeps a frame of 10,000
    /// items two passes of memory lighter.
    public func frame(of id: ListID) -> StaggerFrame { lists.outputs[id.index] }

    /// The scroll reveal's tracks at the last frame (all zero before the first), as a
    /// list's (``frame(of:)-(FrameDriver.ListID)``).
    public func frame(of id: RevealID) -> StaggerFrame { reveals.outputs[id.index] }

    /// The pair group's lanes at the last frame (all zero before the first); decode
    /// them with ``MatchedPairGroup/states(in:into:)``.
    public func frame(of id: PairGroupID) -> MatchedFrame { groups.outputs[id.index] }

    /// Every step's eased value of the player's timeline at the last frame, in the
    /// order of ``Timeline/scheduledSteps`` (all zero before the first frame and while
    /// the player has never played).
    public func values(of id: PlayerID) -> [Float] { players.outputs[id.index] }

    // MARK: - Frames

    /// Advances everything to `time`: samples every list and pair group, updates every
    /// player, and collects the events in (previous frame, `time`] into ``events``.
    ///
    /// - Parameter time: The frame's timestamp, in seconds on the clock the animations
    ///   were started with; finite, and not before the previous frame's (one up to
    ///   ``TimeOrder/tolerance`` before it is taken as the previous frame's time).
    /// - Throws: ``FrameDriverError/invalidTime(_:previous:)`` for a NaN or infinite
    ///   time, ``FrameDriverError/timeRunsBackward(time:latest:)`` for one further
    ///   before the previous frame (nothing changes then); otherwise the
    ///   first animation's error, wrapped with its index (the animations before it have
    ///   advanced, those after it have not).
    public mutating func advance(to time: Double) throws(FrameDriverError) {
        let previous = self.time ?? -.infinity
        guard time.isFinite else { throw .invalidTime(time, previous: self.time) }
        // A frame that trails the previous one by up to the tolerance is the previous one.
        guard let time = TimeOrder.effectiveTime(time, after: previous) else {
            throw .timeRunsBackward(time: time, latest: previous)
        }
        events.removeAll(keepingCapacity: true)
        events.append(contentsOf: pendingEvents)
        pendingEvents.removeAll(keepingCapacity: true)
        // Every kind, in the order of the docs: lists, reveals, pair groups, players,
        // animators.
        var atRest = try lists.advance(to: time, after: previous, scratch: &delayScratch, events: &events)
        atRest = try reveals.advance(to: time, after: previous, scratch: &delayScratch, events: &events) && atRest
        atRest = try groups.advance(to: time, after: previous, scratch: &delayScratch, events: &events) && atRest
        atRest = try players.advance(to: time, after: previous, scratch: &delayScratch, events: &events) && atRest
        atRest = try animators.advance(to: time, after: previous, scratch: &delayScratch, events: &events) && atRest
        self.time = time
        isAtRest = atRest
    }

    /// Puts one collection's item or pair events, `events[first...]`, in time order,
    /// ties by index (they come in index order and both sorts keep it): the order does
    /// not depend on how time was cut into frames. A frame has few: an insertion sort
    /// in place, allocating nothing; the library's sort past 32.
    static func sortByTime(_ events: inout [Event], from first: Int) {
        let count = events.count - first
        guard count > 1 else { return }
        guard count <= 32 else {
            events[first...].sort { $0.settledAt < $1.settledAt }
            return
        }
        for i in (first + 1)..<events.count {
            var j = i
            while j > first, events[j].settledAt < events[j - 1].settledAt {
                events.swapAt(j, j - 1)
                j -= 1
            }
        }
    }
}

extension FrameDriver.Event {
    /// When an item or pair came to rest, or a revealed item started (−∞ for other
    /// events).
    var settledAt: Double {
        switch self {
        case .itemSettled(_, _, let at), .pairSettled(_, _, let at), .revealItemStarted(_, _, let at),
            .revealItemSettled(_, _, let at):
            at
        default: -.infinity
        }
    }
}

/// An error from ``FrameDriver/advance(to:)``: a bad frame time, or an animation's own
/// error with the index it was added at (per kind, from 0).
public enum FrameDriverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A frame time that is NaN or infinite (`previous`: the previous frame's).
    case invalidTime(Double, previous: Double?)
    /// A frame time more than ``TimeOrder/tolerance`` before the previous frame's
    /// (`latest`): the one rule of ``TimeOrder``.
    case timeRunsBackward(time: Double, latest: Double)
    /// The list at `index` failed to sample.
    case list(index: Int, StaggerError)
    /// The scroll reveal at `index` failed to sample.
    case scrollReveal(index: Int, StaggerError)
    /// The pair group at `index` failed to sample.
    case pairGroup(index: Int, AnimatableError)
    /// The timeline player at `index` failed to update.
    case timeline(index: Int, TimelineError)
    /// The component animator at `index` failed to list its events.
    case component(index: Int, AnimatableError)

    /// One sentence naming the problem and the offending value.
    public var description: String {
        switch self {
        case .timeRunsBackward(let time, let latest):
            return timeRunsBackwardMessage(time: time, latest: latest)
        case .invalidTime(let time, _):
            return "A frame time must be a finite number of seconds, but got \(time)."
        case .list(let index, let error):
            return "List \(index): \(error.description)"
        case .scrollReveal(let index, let error):
            return "Scroll reveal \(index): \(error.description)"
        case .pairGroup(let index, let error):
            return "Pair group \(index): \(error.description)"
        case .timeline(let index, let error):
            return "Timeline player \(index): \(error.description)"
        case .component(let index, let error):
            return "Component animator \(index): \(error.description)"
        }
    }

    /// Case by case, with NaN payloads equal so that an error always equals itself.
    public static func == (lhs: FrameDriverError, rhs: FrameDriverError) -> Bool { errorsAreEqual(lhs, rhs) }
}

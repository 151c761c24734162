/// One kind of animation a ``FrameDriver`` drives: what a frame does to one of them.
///
/// The driver keeps each kind in a ``DrivenSlots`` and runs every kind through this
/// protocol, the one place its frame loop asks anything of an animation; a new kind is a
/// conformance here, plus its typed ID and subscript on the driver.
protocol FrameDriven: Sendable {
    /// What a frame writes for the app to read: a list's tracks, a group's lanes, a
    /// timeline's step values; nothing for an animator, whose values are functions of time.
    associatedtype FrameOutput: Sendable
    /// What the driver remembers of it between frames: the transition whose settling
    /// it has reported.
    associatedtype Reported: Sendable

    /// An output of this animation's size.
    func makeOutput() -> FrameOutput
    /// Whether `output` still has its size (a change through the driver may resize it).
    func fits(_ output: FrameOutput) -> Bool
    /// The record of an animation just added.
    static var freshRecord: Reported { get }

    /// Advances to `time` from the previous frame's `previous`: writes `output` and
    /// appends what happened in (`previous`, `time`] to `events`, in time order (and
    /// what a change at `previous`, after that frame, made happen then).
    /// `index` is where the driver keeps it (for its events and errors); `scratch` is
    /// shared by every animation of a frame (grown once, so that frames allocate
    /// nothing).
    ///
    /// - Returns: whether it still moves after `time`.
    /// - Throws: its own error, wrapped with `index`.
    mutating func advance(
        to time: Double, after previous: Double, index: Int, output: inout FrameOutput, record: inout Reported,
        scratch: inout [Float], events: inout [FrameDriver.Event]
    ) throws(FrameDriverError) -> Bool
}

/// The animations of one kind a ``FrameDriver`` drives, with their outputs and records,
/// in the order they were added (an ID is an index here).
struct DrivenSlots<Animation: FrameDriven>: Sendable {
    var animations: [Animation] = []
    var outputs: [Animation.FrameOutput] = []
    var records: [Animation.Reported] = []

    /// Adds `animation` with an output of its size; its index.
    mutating func add(_ animation: Animation) -> Int {
        animations.append(animation)
        outputs.append(animation.makeOutput())
        records.append(Animation.freshRecord)
        return animations.count - 1
    }

    /// After a change to animation `index`: an output of its new size where the old
    /// one no longer fits.
    mutating func resizeOutput(_ index: Int) {
        if !animations[index].fits(outputs[index]) { outputs[index] = animations[index].makeOutput() }
    }

    /// Advances every animation, in order (see ``FrameDriven/advance(to:after:index:output:record:scratch:events:)``).
    ///
    /// - Returns: whether every one is at rest after `time`.
    /// - Throws: the first one's error (those before it have advanced).
    mutating func advance(
        to time: Double, after previous: Double, scratch: inout [Float], events: inout [FrameDriver.Event]
    ) throws(FrameDriverError) -> Bool {
        var atRest = true
        for i in animations.indices {
            let moving = try animations[i].advance(
                to: time, after: previous, index: i, output: &outputs[i], record: &records[i], scratch: &scratch,
                events: &events)
            if moving { atRest = false }
        }
        return atRest
    }
}

extension StaggeredList: FrameDriven {
    func makeOutput() -> StaggerFrame { makeFrame(recordsAppearance: false) }
    func fits(_ output: StaggerFrame) -> Bool { output.count == count && output.trackCount == tracks.count }
    static var freshRecord: Double? { nil }

    /// Samples the tracks; reports each item that settles, then the list once it has
    /// (`record`: the start of the transition whose settling was reported).
    mutating func advance(
        to time: Double, after previous: Double, index: Int, output: inout StaggerFrame, record: inout Double?,
        scratch: inout [Float], events: inout [FrameDriver.Event]
    ) throws(FrameDriverError) -> Bool {
        let id = FrameDriver.ListID(index: index)
        let first = events.count
        do {
            try sample(at: time, into: &output)
            try forEachItemSettling(after: previous, through: time, scratch: &scratch) {
                events.append(.itemSettled(id, item: $0, at: $1))
            }
        } catch { throw .list(index: index, error) }
        FrameDriver.sortByTime(&events, from: first)
        let settle = settleTime
        if settlingDuration > 0, time >= settle, record != start {
            record = start
            events.append(.listSettled(id, at: settle))
        }
        return time < settle
    }
}

extension ScrollReveal: FrameDriven {
    func makeOutput() -> StaggerFrame { makeFrame(recordsAppearance: false) }
    func fits(_ output: StaggerFrame) -> Bool { output.count == count && output.trackCount == tracks.count }
    /// The frame time this reveal last advanced to and the events it reported at
    /// exactly that time: a report at that time (which the driver accepts) can start
    /// items then, after the frame that covered it.
    static var freshRecord: (time: Double, events: [FrameDriver.Event]) { (-.infinity, []) }

    /// Samples the tracks; reports each item that starts and each that settles, in time
    /// order (a start before a rest at the same time), those at the previous frame's
    /// time too when that frame did not report them.
    mutating func advance(
        to time: Double, after previous: Double, index: Int, output: inout StaggerFrame,
        record: inout (time: Double, events: [FrameDriver.Event]), scratch: inout [Float],
        events: inout [FrameDriver.Event]
    ) throws(FrameDriverError) -> Bool {
        let id = FrameDriver.RevealID(index: index)
        let first = events.count
        // What the frame at `previous` reported at that time, each skipped once (a
        // record of another time, when a later kind failed that frame, holds nothing
        // of `previous`).
        let atPrevious = record.time == previous ? record.events : []
        var skipped = [Bool](repeating: false, count: atPrevious.count)
        do {
            try sample(at: time, into: &output)
            forEachEvent(after: previous.nextDown, through: time) { item, at, isStart in
                let event = FrameDriver.revealEvent(id, item: item, at: at, isStart: isStart)
                if at == previous, let k = atPrevious.indices.first(where: { !skipped[$0] && atPrevious[$0] == event })
                {
                    skipped[k] = true
                    return
                }
                events.append(event)
            }
        } catch { throw .scrollReveal(index: index, error) }
        FrameDriver.sortByTime(&events, from: first)
        // A frame at the same time keeps what the one before reported then.
        if time != previous { record.events.removeAll(keepingCapacity: true) }
        record.time = time
        for event in events[first...] where event.settledAt == time { record.events.append(event) }
        return time < settleTime
    }
}

extension MatchedPairGroup: FrameDriven {
    func makeOutput() -> MatchedFrame { makeFrame(recordsVelocity: false) }
    func fits(_ output: MatchedFrame) -> Bool { output.pairCount == pairs.count }
    static var freshRecord: Double? { nil }

    /// Samples the lanes; reports each pair that settles, then the group once it has
    /// (`record`: the last transition whose settling was reported).
    mutating func advance(
        to time: Double, after previous: Double, index: Int, output: inout MatchedFrame, record: inout Double?,
        scratch: inout [Float], events: inout [FrameDriver.Event]
    ) throws(FrameDriverError) -> Bool {
        let id = FrameDriver.PairGroupID(index: index)
        do { try sample(at: time, into: &output) } catch { throw .pairGroup(index: index, error) }
        let first = events.count
        let found = forEachPairSettling(after: previous, through: time) {
            events.append(.pairSettled(id, pair: $0, at: $1))
        }
        FrameDriver.sortByTime(&events, from: first)
        // Before the earliest end of the lanes' motions nothing has come to rest: the
        // group is moving, found without a pass over every lane. After it, the pass of
        // the pairs' rests found the group's settle time too.
        if !pairs.isEmpty, time < storage.engine.earliestEnd { return true }
        let settle = found ?? settleTime
        if hasMoved(settlingAt: settle), time >= settle, record != lastTransition {
            record = lastTransition
            events.append(.pairGroupSettled(id, at: settle))
        }
        return time < settle
    }
}

extension TimelinePlayer: FrameDriven {
    func makeOutput() -> [Float] { [Float](repeating: 0, count: timeline.stepCount) }
    func fits(_ output: [Float]) -> Bool { output.count == timeline.stepCount }
    static var freshRecord: Void { () }

    /// Updates the player (its events but `updated`) and samples its timeline's steps
    /// while it is not idle.
    mutating func advance(
        to time: Double, after previous: Double, index: Int, output: inout [Float], record: inout Void,
        scratch: inout [Float], events: inout [FrameDriver.Event]
    ) throws(FrameDriverError) -> Bool {
        // A player that is not playing and has nothing to report would return an
        // empty list: skip the call.
        if status == .playing || hasPendingEvents {
            let reported: [TimelinePlayer.Event]
            do { reported = try update(at: time) } catch { throw .timeline(index: index, error) }
            for event in reported {
                if case .updated = event { continue }
                events.append(.timeline(FrameDriver.PlayerID(index: index), event))
            }
        }
        if status != .idle {
            do { try timeline.sample(at: try self.time(at: time), into: &output) } catch {
                throw .timeline(index: index, error)
            }
        }
        return status == .playing
    }
}

extension ComponentAnimator: FrameDriven {
    func makeOutput() {}
    func fits(_ output: Void) -> Bool { true }
    static var freshRecord: Void { () }

    /// Reports its events; its values are functions of time, read by the app.
    mutating func advance(
        to time: Double, after previous: Double, index: Int, output: inout Void, record: inout Void,
        scratch: inout [Float], events: inout [FrameDriver.Event]
    ) throws(FrameDriverError) -> Bool {
        if lastEventTime > previous {
            let reported: [ComponentEvent]
            do { reported = try self.events(from: previous, to: time) } catch { throw .component(index: index, error) }
            for event in reported { events.append(.component(FrameDriver.AnimatorID(index: index), event)) }
        }
        return !isComplete(at: time)
    }
}

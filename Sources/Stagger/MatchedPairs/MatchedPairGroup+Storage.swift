// A group's lanes, buffers and per-pair records behind one reference, copied on write.

extension MatchedPairGroup {
    /// What a group holds in memory of its own (the lane engine, each pair's lanes at
    /// both ends, delays and decoding records, the buffers its taps reuse), behind one
    /// reference: a group read or passed by value (an app's model property read for one
    /// pair's state, a closure's capture) then costs one retain, not one per array (some
    /// thirty, three quarters of reading one pair's state from a frame that way).
    ///
    /// Copied on write: every mutating method of a group calls
    /// ``MatchedPairGroup/makeUnique()`` first and then changes `storage`'s properties in
    /// place, so a storage that two groups share is never written (hence `@unchecked
    /// Sendable`: it is only ever mutated while uniquely referenced). The accessors below
    /// read; loops over lanes take what they need as arguments, read once (a read of a
    /// class's property is an exclusivity check at run time). Not `_read` and `_modify`
    /// accessors: in a debug build each of their calls allocated its coroutine's frame.
    final class Storage: @unchecked Sendable {
        /// The group's curves and stagger (``MatchedPairGroup/curves``,
        /// ``MatchedPairGroup/reverseCurves``, ``MatchedPairGroup/stagger``): here rather
        /// than in the group, whose copy copied each of their curves (an enum that may
        /// hold an array, copied by a switch and retains): most of reading one pair's
        /// state through a copy of the group.
        let curves: MatchedCurves
        var reverseCurves: MatchedCurves?
        let stagger: StaggerConfig?
        var engine: LaneAnimation
        var sourceLanes: [Double]
        var destinationLanes: [Double]
        /// The moving pairs and the delays of the last transition: buffers the next one
        /// fills (never read otherwise).
        var movingPairBuffer: [Int] = []
        var pairDelayBuffer: [Double] = []
        var earlierRests: [Double] = []
        /// The buffer the next transition's rests are written into (never read otherwise).
        var restBuffer: [Double] = []
        /// The lanes of both ends before the last retarget: buffers the next one lays
        /// its ends out in (never read otherwise).
        var spareSourceLanes: [Double] = []
        var spareDestinationLanes: [Double] = []
        /// A release's lane values and velocities and its curves' value and slope per
        /// pair: buffers the next release fills (never read otherwise).
        var releaseValues: [Double] = []
        var releaseVelocities: [Double] = []
        var releaseFigures: [Double] = []
        var decodings: [Decoding]
        /// The cross-fade every pair has, when they share one (as a group made with one
        /// set of options does): a decode of every pair reads it once, where reading
        /// each pair's own from ``decodings`` copies it (its easings' references):
        /// 12-16% of the decode on a Zen 3 VM.
        let sharedCrossFade: CrossFade?

        /// ``sharedCrossFade`` as a decode of every pair reads it, into two `let`s
        /// once: `fade` is then borrowed by each pair's decode (an optional bound per
        /// pair, or a choice between it and the pair's own, was copied per pair).
        /// `.standard` stands in, unread, when the pairs share none.
        var crossFadeReadOnce: (isShared: Bool, fade: CrossFade) {
            (sharedCrossFade != nil, sharedCrossFade ?? .standard)
        }
        var delays: [Double]
        var scrubLanes: ScrubLanes?
        /// How many times the destinations changed (a retarget): part of the name of a
        /// start from rest (``LaneAnimation/startFromRest(at:values:targets:name:delays:)``).
        var layoutGeneration = 0

        init(
            curves: MatchedCurves, stagger: StaggerConfig?, engine: LaneAnimation, sourceLanes: [Double],
            destinationLanes: [Double], decodings: [Decoding], delays: [Double], scrubLanes: ScrubLanes?
        ) {
            self.curves = curves
            self.stagger = stagger
            self.engine = engine
            self.sourceLanes = sourceLanes
            self.destinationLanes = destinationLanes
            self.decodings = decodings
            let first = decodings.first?.crossFade
            sharedCrossFade = decodings.allSatisfy { $0.crossFade == first } ? first : nil
            self.delays = delays
            self.scrubLanes = scrubLanes
        }

        /// A storage of its own with the same contents.
        init(copying other: Storage) {
            curves = other.curves
            reverseCurves = other.reverseCurves
            stagger = other.stagger
            engine = other.engine
            sourceLanes = other.sourceLanes
            destinationLanes = other.destinationLanes
            movingPairBuffer = other.movingPairBuffer
            pairDelayBuffer = other.pairDelayBuffer
            earlierRests = other.earlierRests
            restBuffer = other.restBuffer
            // Not the spare buffers of retargets and releases: a copy would keep them alive
            // in both groups, and the first of either to write them would copy them.
            decodings = other.decodings
            sharedCrossFade = other.sharedCrossFade
            delays = other.delays
            scrubLanes = other.scrubLanes
            layoutGeneration = other.layoutGeneration
        }
    }

    /// Gives this group a storage of its own before a change (copy on write).
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// Every pair's lanes (lane-major: lane l · n + pair); MatchedPairGroup+Settling.swift
    /// reads their ends. A read copies the engine (a retain and a release per array):
    /// a query per pair or per lane reaches `storage.engine` in place instead.
    var engine: LaneAnimation { storage.engine }
    /// Every pair's lanes at its source and at its destination, lane-major: laid out
    /// once (and again on a retarget), not on every transition.
    var sourceLanes: [Double] { storage.sourceLanes }
    var destinationLanes: [Double] { storage.destinationLanes }
    /// Each pair's time of coming to rest in a motion that a later transition replaced
    /// (−∞ for none; empty until some pair has one), so that a frame after a tap still
    /// hears of a pair that settled since the previous frame: the latest per pair.
    /// (Kept by MatchedPairGroup+Settling.swift.)
    var earlierRests: [Double] { storage.earlierRests }
    /// Each pair's decoding record and cross-fade, made with the pairs
    /// (MatchedPairGroup+Decoding.swift reads them).
    var decodings: [Decoding] { storage.decodings }
    /// Each pair's stagger delay, seconds.
    var delays: [Double] { storage.delays }
    /// Float32 ends of every lane for scrubbing; `nil` when one does not fit float32
    /// (scrubbing then throws that error).
    var scrubLanes: ScrubLanes? { storage.scrubLanes }
    var layoutGeneration: Int { storage.layoutGeneration }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Caller-owned output of ``StaggeredList/sample(at:into:backend:threads:)``: every
/// track's values for every item, struct-of-arrays, reused frame after frame.
public struct StaggerFrame: Sendable, CustomStringConvertible {
    /// Items per track.
    public let count: Int
    /// Tracks held.
    public let trackCount: Int
    /// The tracks' names, from the list that made the frame (empty for a frame made with
    /// ``init(count:trackCount:recordsAppearance:)``).
    public let trackNames: [String]
    /// Track k's values at `values[k * count ..< (k + 1) * count]`.
    public var values: [Float]
    /// Each item's appearance (0 hidden, 1 shown; springs overshoot).
    public var appearance: [Float]
    /// Each item's appearance velocity, per second (0 for easing curves).
    public var velocity: [Float]

    /// Most tracks a frame holds.
    public static let maximumTrackCount = 64

    /// A frame for `count` items and `trackCount` tracks, all zero.
    ///
    /// - Parameters:
    ///   - count: items per track.
    ///   - trackCount: tracks held.
    ///   - recordsAppearance: whether sampling also writes ``appearance`` and
    ///     ``velocity``; without them (both empty) a pass writes only the tracks.
    /// - Throws: ``StaggerError/negativeCount(_:)`` for a negative count or track count;
    ///   ``StaggerError/tooManyItems(count:maximum:)`` above 2²³ items,
    ///   ``StaggerError/tooManyTracks(count:maximum:)`` above ``maximumTrackCount`` tracks
    ///   (refused before anything is allocated).
    public init(count: Int, trackCount: Int, recordsAppearance: Bool = true) throws(StaggerError) {
        guard count >= 0 else { throw .negativeCount(count) }
        guard trackCount >= 0 else { throw .negativeCount(trackCount) }
        let limit = StaggeredList.maximumCount
        guard count <= limit else { throw .tooManyItems(count: count, maximum: limit) }
        guard trackCount <= Self.maximumTrackCount else {
            throw .tooManyTracks(count: trackCount, maximum: Self.maximumTrackCount)
        }
        self.init(validCount: count, trackCount: trackCount, recordsAppearance: recordsAppearance)
    }

    init(validCount count: Int, trackCount: Int, recordsAppearance: Bool, trackNames: [String] = []) {
        self.count = count
        self.trackCount = trackCount
        self.trackNames = trackNames
        values = .frameBuffer(count * trackCount)
        appearance = .frameBuffer(recordsAppearance ? count : 0)
        velocity = .frameBuffer(recordsAppearance ? count : 0)
    }

    /// Track `track`'s values, one per item, item 0 at index 0: a view of the frame's
    /// storage, no copy.
    ///
    /// - Precondition: `track` is in `0..<trackCount` (a programming error otherwise, as
    ///   an array index).
    public func values(ofTrack track: Int) -> TrackValues {
        precondition((0..<trackCount).contains(track), "track \(track) is not in 0..<\(trackCount)")
        return TrackValues(storage: values, offset: track * count, count: count)
    }

    /// The values of the track named `name` (``StaggerTrack/name``), item 0 at index 0;
    /// `nil` when the frame has no track of that name.
    public func values(ofTrack name: String) -> TrackValues? {
        trackNames.firstIndex(of: name).map { values(ofTrack: $0) }
    }

    /// A summary: the size, then each track's first values (up to 8, four significant
    /// digits) by name.
    public var description: String {
        var lines = ["StaggerFrame of \(count) items, \(trackCount) tracks"]
        for k in 0..<trackCount {
            let name = k < trackNames.count ? trackNames[k] : "track \(k)"
            let shown = values(ofTrack: k).prefix(8).map(\.readable)
            lines.append("  \(name): " + shown.joined(separator: ", ") + (count > 8 ? ", ..." : ""))
        }
        return lines.joined(separator: "\n")
    }

    /// One track's values in a frame, item 0 first.
    public struct TrackValues: RandomAccessCollection, Sendable {
        let storage: [Float]
        let offset: Int
        /// Items in the track.
        public let count: Int

        /// 0.
        public var startIndex: Int { 0 }
        /// The item count.
        public var endIndex: Int { count }
        /// Item `index`'s value.
        public subscript(index: Int) -> Float {
            precondition((0..<count).contains(index), "item \(index) is not in 0..<\(count)")
            return storage[offset + index]
        }

        /// `body` given the values in place (the frame's own storage): no copy for a
        /// caller that reads a track as one buffer (``MotionPath/points(atProgress:into:backend:)``).
        public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows
            -> R?
        {
            try storage.withUnsafeBufferPointer { buffer in
                try body(UnsafeBufferPointer(rebasing: buffer[offset..<offset + count]))
            }
        }
    }
}

extension StaggeredList {
    /// Item counts from which ``sample(at:into:backend:threads:)`` splits the work
    /// across cores by default.
    public static let parallelThreshold = 131_072

    /// A frame sized for this list and its tracks (see
    /// ``StaggerFrame/init(count:trackCount:recordsAppearance:)``).
    /// (More than ``StaggerFrame/maximumTrackCount`` tracks get a frame of that many,
    /// which sampling then refuses.)
    public func makeFrame(recordsAppearance: Bool = true) -> StaggerFrame {
        StaggerFrame(
            validCount: count, trackCount: min(tracks.count, StaggerFrame.maximumTrackCount),
            recordsAppearance: recordsAppearance, trackNames: tracks.prefix(StaggerFrame.maximumTrackCount).map(\.name))
    }

    /// Writes every track, appearance and velocity of every item at `time` into
    /// `frame`, in one fused SIMD pass (the appearance is computed once per item).
    ///
    /// - Parameters:
    ///   - time: seconds on the caller's clock.
    ///   - frame: from ``StaggeredList/makeFrame(recordsAppearance:)``, reused across frames (no allocation per call).
    ///   - backend: the instruction-set path, or `nil` for ``Backend/active``.
    ///   - threads: how many cores to split the items over, or `nil` for one below
    ///     ``parallelThreshold`` items and every core above. The result is bit-identical
    ///     whatever the split.
    /// - Throws: ``StaggerError/invalidTime(_:)`` for a non-finite time (or one float32
    ///   cannot hold relative to the last transition); ``StaggerError/bufferMismatch(expected:actual:)``
    ///   when the frame does not match the list; ``StaggerError/invalidTrack(name:field:value:)``
    ///   for a track changed to a bad end since; curve range errors as ``StaggerError/curve(_:)``.
    ///
    /// Accuracy: as ``Curve/sampleStaggered(at:baseDelay:delayIncrement:into:backend:)-(_,_,_,UnsafeMutableBufferPointer<Float>,_)``
    /// against ``appearance(of:at:)``. O(count · tracks).
    public func sample(
        at time: Double, into frame: inout StaggerFrame, backend: Backend? = nil, threads: Int? = nil
    ) throws(StaggerError) {
        guard tracks.count <= StaggerFrame.maximumTrackCount else {
            throw .tooManyTracks(count: tracks.count, maximum: StaggerFrame.maximumTrackCount)
        }
        // `tracks` is public and mutable: a bad end is named here, not blamed on the time.
        // An index loop: a for-in over the array allocated per element in a debug build.
        for k in tracks.indices { try tracks[k].validate() }
        // The arrays are public and mutable: check their real sizes, not just the
        // frame's declared ones, before the kernel writes through them.
        let expected = count * tracks.count
        guard frame.count == count, frame.trackCount == tracks.count, frame.values.count == expected else {
            throw .bufferMismatch(expected: expected, actual: frame.values.count)
        }
        guard frame.appearance.isEmpty || frame.appearance.count == count,
            frame.velocity.count == frame.appearance.count
        else {
            throw .bufferMismatch(expected: count, actual: frame.appearance.count)
        }
        let count = self.count
        let records = !frame.appearance.isEmpty
        try frame.values.withUnsafeMutableBufferPointer { (values) throws(StaggerError) in
            try frame.appearance.withUnsafeMutableBufferPointer { (appearance) throws(StaggerError) in
                try frame.velocity.withUnsafeMutableBufferPointer { (velocity) throws(StaggerError) in
                    guard motion.isReduced else {
                        try sample(
                            at: time, values: values.baseAddress, trackStride: count,
                            appearance: records ? appearance.baseAddress : nil,
                            velocity: records ? velocity.baseAddress : nil,
                            backend: backend, threads: threads)
                        return
                    }
                    // Reduced motion: the appearance and the fading tracks run the
                    // motion's fade; transforms jump, through a second pass.
                    try sample(
                        at: time, values: values.baseAddress, trackStride: count,
                        appearance: records ? appearance.baseAddress : nil,
                        velocity: records ? velocity.baseAddress : nil,
                        backend: backend, threads: threads, tracks: .reduction(.fade))
                    try sample(
                        at: time, values: values.baseAddress, trackStride: count, appearance: nil, velocity: nil,
                        backend: backend, threads: threads, jump: true, tracks: .reduction(.jump))
                }
            }
        }
    }

    /// The pass itself: the motion's ``KernelPass`` (or, with `jump`, the reduced
    /// motion's jump) over every item, or the lane animation's passes with their
    /// additive layers, split into chunks of whole vectors on `threads` cores.
    private func sample(
        at time: Double, values: UnsafeMutablePointer<Float>?, trackStride: Int,
        appearance: UnsafeMutablePointer<Float>?, velocity: UnsafeMutablePointer<Float>?,
        backend: Backend?, threads: Int?, jump: Bool = false, tracks selection: TrackSelection = .all
    ) throws(StaggerError) {
        guard time.isFinite else { throw .invalidTime(time) }
        guard count > 0 else { return }
        let pass = jump ? motion.jumpPass : motion.pass
        guard let pass else { return }
        var selectedCount = 0
        for k in 0..<tracks.count where selection.includes(tracks[k]) { selectedCount += 1 }
        // Per-frame scratch lives on the stack: sampling allocates nothing.
        try withUnsafeTemporaryAllocation(of: KernelPass.Track.self, capacity: max(selectedCount, 1)) {
            (kernelTracks) throws(StaggerError) in
            var m = 0
            if let values {
                for k in 0..<tracks.count where selection.includes(tracks[k]) {
                    kernelTracks.initializeElement(
                        at: m,
                        // A track's range is clamped in the pass (opacity in 0...1: a
                        // spring's overshoot must not leak past fully opaque).
                        to: KernelPass.Track(
                            from: tracks[k].from, to: tracks[k].to, output: values + k * trackStride,
                            range: tracks[k].range))
                    m += 1
                }
            }
            let chunks = Self.chunkCount(items: count, threads: threads)
            let selected = UnsafeBufferPointer(rebasing: kernelTracks[0..<m])
            do throws(KernelPass.Failure) {
                switch motion.source {
                case .closedForm(let from, let to, _):
                    try pass.sample(
                        at: time, start: start, lanes: .uniform(from: from, to: to, delays: nil), count: count,
                        tracks: selected, values: appearance, velocities: velocity, chunks: chunks, backend: backend)
                case .delays(let from, let to, let delays):
                    try delays.withUnsafeBufferPointer { (delays) throws(KernelPass.Failure) in
                        try pass.sample(
                            at: time, start: start, lanes: .uniform(from: from, to: to, delays: delays.baseAddress!),
                            count: count, tracks: selected, values: appearance, velocities: velocity, chunks: chunks,
                            backend: backend)
                    }
                case .interrupted(let interrupted):
                    try interrupted.sample(
                        pass, at: time, tracks: selected, values: appearance, velocities: velocity, chunks: chunks,
                        backend: backend)
                case .springs(let springs):
                    try springs.sample(
                        pass, at: time, tracks: selected, values: appearance, velocities: velocity, chunks: chunks,
                        backend: backend)
                case .lanes(let engine):
                    // The engine's passes (its base motions written, additive layers
                    // added onto the appearance and every track); the jump over the
                    // same motions under reduced motion.
                    try engine.sampleLanes(
                        at: time, values: appearance, velocities: velocity, tracks: selected, chunks: chunks,
                        override: jump ? pass : nil, backend: backend)
                }
            } catch {
                throw StaggerError(error)
            }
        }
    }

    /// Which tracks a pass writes.
    enum TrackSelection {
        case all
        /// The tracks that do this under reduced motion.
        case reduction(StaggerTrack.Reduction)

        func includes(_ track: StaggerTrack) -> Bool {
            switch self {
            case .all: true
            case .reduction(let reduction): track.reducedMotion == reduction
            }
        }
    }

    /// Online cores, read once: glibc's sysconf reads a file under /sys each call.
    static let cores = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)

    /// How many chunks to split `items` into: one for one thread, else one per thread
    /// or, for long lists, up to sixteen per thread of at least 16,384 items. Chunks
    /// differ in cost (the kernel fills runs of waiting or finished items instead of
    /// computing them), and `concurrentPerform` hands each chunk to whichever thread is
    /// free, so several per thread even out (1,000,000 springs on 2 threads: 1.69-1.76x
    /// one thread with eight per thread, 1.68-1.86x with sixteen, same session).
    static func chunkCount(items: Int, threads: Int?) -> Int {
        let wanted = threads ?? (items >= parallelThreshold ? cores : 1)
        guard wanted > 1 else { return 1 }
        let perThread = min(wanted * 16, (items + 16_383) / 16_384)
        return max(1, min(max(wanted, perThread), (items + 63) / 64))
    }
}

internal import CInterp
import Dispatch

/// The one way from Swift into the kernel's sampling pass (`ci_sample`), shared by
/// staggered lists, lane animations (matched pairs and component states over time),
/// group scrubbing and timeline steps.
///
/// Made when a motion starts: the curve becomes the kernel's descriptor once (and a
/// list's stagger its closed-form delays), so a frame only points the pass at its lanes
/// and outputs. It also owns the one reading of the pass's status as an error
/// (``Failure``), which each caller names in its own error type.
struct KernelPass: @unchecked Sendable {
    // @unchecked: the descriptor of a linear() easing points into the float32 copy of
    // its points, immutable storage owned by `curve`, which this value holds.

    /// The curve every lane runs.
    let curve: Curve
    private let descriptor: ci_curve
    /// The easing duration in seconds (1 for springs and decays, which ignore it).
    private let duration: Double
    /// The closed-form delays of a list's stagger, for ``Lanes/uniform(from:to:delays:)``
    /// without per-lane delays.
    private let list: ci_list_delays?

    /// What a pass can refuse.
    enum Failure: Error, Equatable {
        /// The curve cannot run in the kernel: its range, an easing duration float32
        /// rounds to 0, or an unsupported backend.
        case curve(CurveError)
        /// The time, or its distance from the start, does not fit float32.
        case time(Double)
        /// The stagger's delays (or the lanes' offsets) at this time (seconds) do not fit
        /// float32.
        case delays(Double)
    }

    /// A pass of `curve`, with the closed-form delays of a list's stagger when given
    /// (a stagger that has them makes them: `StaggerConfig.listDelays(count:)`).
    ///
    /// - Throws: ``Failure/curve(_:)`` with the curve's range error
    ///   (``CurveError/exceedsFloat32Range(name:value:)``) for a spring or decay whose
    ///   parameters do not fit float32.
    init(curve: Curve, listDelays: ci_list_delays? = nil) throws(Failure) {
        let described: (curve: ci_curve, duration: Double)
        do { described = try curve.kernelDescriptor() } catch { throw .curve(error) }
        self.curve = curve
        descriptor = described.curve
        duration = described.duration
        list = listDelays
    }

    /// Where each lane's start and endpoints come from, for one call.
    enum Lanes {
        /// Every lane moves from `from` to `to` (springs from rest at the curve's own
        /// initial velocity); lane i starts `delays[i]` seconds after the start, or, with
        /// no delays, at the closed-form delay of the stagger the pass was made with.
        case uniform(from: Float, to: Float, delays: UnsafePointer<Float>?)
        /// Lane i starts `offsets[i]` seconds after the start and moves from `from[i]` to
        /// `to[i]`, springs with initial velocity `velocity[i]`; under an easing, each of
        /// `layers` (at most ``maximumLayers``) adds its motion on top.
        case items(
            offsets: UnsafePointer<Float>, from: UnsafePointer<Float>, to: UnsafePointer<Float>,
            velocity: UnsafePointer<Float>,
            layers: UnsafeBufferPointer<Layer> = UnsafeBufferPointer(start: nil, count: 0))
        /// Under an easing: lane i moves from `from` to `to` starting `delays[i]` seconds
        /// after the start, unless its delay is at least `cutoff` (then it never starts),
        /// plus `frozen[i]` when given, plus the motions of `layers` (an interrupted
        /// list: see ``InterruptedListMotion``).
        case interrupted(
            from: Float, to: Float, delays: UnsafePointer<Float>, cutoff: Float?, frozen: UnsafePointer<Float>?,
            layers: UnsafeBufferPointer<Layer>)
    }

    /// One additive layer of per-lane easing motions: lane i's value gains a motion from
    /// 0 to `to[i]` that starts `offsets[i]` seconds after `time` (the pass's start when
    /// `nil`): the motions an interrupted easing keeps in flight; see ``LaneAnimation``.
    struct Layer {
        var offsets: UnsafePointer<Float>
        var to: UnsafePointer<Float>
        /// The clock time the offsets count from, seconds; `nil` for the pass's start.
        var time: Double? = nil
    }

    /// Most additive layers of one pass (the kernel's `CI_MAX_LAYERS`).
    static let maximumLayers = Int(CI_MAX_LAYERS)

    /// A property the pass maps every lane's value to: lane i's value v gives
    /// `from + (to - from) v` at `output[i]`, kept within `range` when there is one.
    struct Track {
        var from: Float
        var to: Float
        var output: UnsafeMutablePointer<Float>
        /// Bounds the value is clamped into (either may be infinite).
        var range: ClosedRange<Float>? = nil
    }

    /// Writes every lane's value at `time` to `values`, its velocity to `velocities` (0
    /// for easings: the kernel's rule) and each track's mapping of it to the track's
    /// output, for lanes `0..<count`, in `chunks` calls
    /// run on as many cores as are free (the result is bit-identical whatever the
    /// split).
    ///
    /// - Parameters:
    ///   - time: seconds on the caller's clock; `start`: the clock time delays and
    ///     offsets count from.
    ///   - tracks: at most ``StaggerFrame/maximumTrackCount``.
    ///   - keepsUntilStart: with ``Lanes/items(offsets:from:to:velocity:layers:)``, no
    ///     tracks and `values`: lanes not past their start keep what `values` (and
    ///     `velocities`) already hold, a second pass taking over from a first at each
    ///     lane's own time.
    /// - Throws: ``Failure``, the first chunk's when several fail. The lanes and tracks
    ///   themselves were checked to be finite and fit float32 by the caller. No
    ///   allocation.
    func sample(
        at time: Double, start: Double, lanes: Lanes, count: Int,
        tracks: UnsafeBufferPointer<Track> = UnsafeBufferPointer(start: nil, count: 0),
        values: UnsafeMutablePointer<Float>?, velocities: UnsafeMutablePointer<Float>?,
        keepsUntilStart: Bool = false, chunks: Int = 1, backend: Backend?
    ) throws(Failure) {
        guard count > 0 else { return }
        if case .uniform(_, _, nil) = lanes { precondition(list != nil, "a pass without delays needs a stagger") }
        let chunkCount = max(1, chunks)
        let chunk = ((count + chunkCount - 1) / chunkCount + 63) / 64 * 64
        let backendValue = backend?.cValue ?? CI_BACKEND_AUTO
        let status: ci_status
        if chunkCount == 1 {
            // Called directly: a closure stored for the parallel split would be
            // allocated on every frame.
            status = call(
                at: time, start: start, lanes: lanes, lower: 0, upper: count, tracks: tracks, values: values,
                velocities: velocities, keepsUntilStart: keepsUntilStart, backend: backendValue)
        } else {
            status = withUnsafeTemporaryAllocation(of: ci_status.self, capacity: chunkCount) { statuses in
                let pass = ChunkedPass { index in
                    let lower = min(index * chunk, count), upper = min(lower + chunk, count)
                    statuses[index] = call(
                        at: time, start: start, lanes: lanes, lower: lower, upper: upper, tracks: tracks,
                        values: values, velocities: velocities, keepsUntilStart: keepsUntilStart,
                        backend: backendValue)
                }
                DispatchQueue.concurrentPerform(iterations: chunkCount) { pass.body($0) }
                return statuses.first { $0 != CI_OK } ?? CI_OK
            }
        }
        if let failure = failure(status, at: time, start: start, backend: backend) { throw failure }
    }

    /// One kernel call over lanes [lower, upper).
    private func call(
        at time: Double, start: Double, lanes: Lanes, lower: Int, upper: Int, tracks: UnsafeBufferPointer<Track>,
        values: UnsafeMutablePointer<Float>?, velocities: UnsafeMutablePointer<Float>?, keepsUntilStart: Bool,
        backend: ci_backend
    ) -> ci_status {
        var request = ci_sample_request()
        request.keep_until_start = keepsUntilStart ? 1 : 0
        request.time = time
        request.start = start
        request.duration = duration
        request.index_base = lower
        var layers = UnsafeBufferPointer<Layer>(start: nil, count: 0)
        switch lanes {
        case .uniform(let from, let to, let delays):
            request.from = from
            request.to = to
            request.delays = delays.map { $0 + lower }
        case .interrupted(let from, let to, let delays, let cutoff, let frozen, let listLayers):
            request.from = from
            request.to = to
            request.delays = delays + lower
            request.has_cutoff = cutoff == nil ? 0 : 1
            request.cutoff = cutoff ?? 0
            request.item_add = frozen.map { $0 + lower }
            layers = listLayers
        case .items(let offsets, let from, let to, let velocity, let itemLayers):
            request.item_start = offsets + lower
            request.item_from = from + lower
            request.item_to = to + lower
            request.item_velocity = velocity + lower
            layers = itemLayers
        }
        var curve = descriptor
        var listCopy = list ?? ci_list_delays()
        let usesList = request.delays == nil && request.item_start == nil
        let trackCount = tracks.count
        return withUnsafeTemporaryAllocation(of: ci_track.self, capacity: max(trackCount, 1)) { kernelTracks in
            withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Float>?.self, capacity: max(trackCount, 1)) {
                outputs in
                for k in 0..<trackCount {
                    let range = tracks[k].range
                    kernelTracks[k] = ci_track(
                        from: tracks[k].from, to: tracks[k].to, clamped: range == nil ? 0 : 1,
                        lower: range?.lowerBound ?? 0, upper: range?.upperBound ?? 0)
                    outputs[k] = tracks[k].output + lower
                }
                return withUnsafePointer(to: &listCopy) { listPointer in
                    request.list = usesList ? listPointer : nil
                    // This call's part of each layer, on the stack (no allocation per frame).
                    return withUnsafeTemporaryAllocation(
                        of: UnsafePointer<Float>?.self, capacity: 2 * max(layers.count, 1)
                    ) { layerPointers in
                        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(layers.count, 1)) { times in
                            var timed = false
                            for (p, layer) in layers.enumerated() {
                                layerPointers[p] = layer.offsets + lower
                                layerPointers[layers.count + p] = layer.to + lower
                                times[p] = layer.time ?? start
                                if layer.time != nil { timed = true }
                            }
                            request.layer_start = UnsafePointer(layerPointers.baseAddress)
                            request.layer_to = UnsafePointer(layerPointers.baseAddress! + layers.count)
                            request.layer_count = layers.count
                            request.layer_time = timed ? UnsafePointer(times.baseAddress) : nil
                            return ci_sample(
                                backend, &curve, &request, kernelTracks.baseAddress, trackCount, outputs.baseAddress,
                                values.map { $0 + lower }, velocities.map { $0 + lower }, upper - lower)
                        }
                    }
                }
            }
        }
    }

    /// The status of a pass as a ``Failure``, `nil` for success. The kernel says only
    /// that a parameter is invalid; the causes the caller has not ruled out are checked
    /// here in the kernel's own order, so the error names the one that failed.
    private func failure(_ status: ci_status, at time: Double, start: Double, backend: Backend?) -> Failure? {
        switch status {
        case CI_OK:
            return nil
        case CI_ERR_UNSUPPORTED_BACKEND:
            return .curve(.unsupportedBackend(backend?.rawValue ?? "auto"))
        case CI_ERR_INVALID_CURVE:
            return .curve(curve.rangeError)
        case CI_ERR_INVALID_PARAMETER:
            guard Float(time).isFinite, Float(start).isFinite, Float(time - start).isFinite else { return .time(time) }
            if case .easing(_, let d) = curve.kind, !(Float(d) > 0) || !Float(d).isFinite {
                return .curve(.invalidDuration(d))
            }
            return .delays(time)
        default:
            // A non-finite offset or delay (the callers keep them finite), or a spring
            // constant the kernel derives that overflows.
            return .delays(time)
        }
    }
}

extension CurveError {
    /// A pass's failure as a curve's: the one naming of each failure, which the list,
    /// pair and timeline errors wrap (they name a bad time their own way).
    init(_ failure: KernelPass.Failure) {
        switch failure {
        case .curve(let error): self = error
        case .time(let time): self = .exceedsFloat32Range(name: "time", value: time)
        case .delays(let time): self = .exceedsFloat32Range(name: "delays at this time", value: time)
        }
    }
}

/// One chunk of a parallel pass. Chunks read shared inputs and write only their own
/// index range of every output (and their own status slot), so no element is touched by
/// two threads: the captured pointers are safe to share, which the compiler cannot see.
private struct ChunkedPass: @unchecked Sendable {
    let body: (Int) -> Void
}

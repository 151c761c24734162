/// The additive layers of easing lanes: the motions in flight that an interruption
/// keeps, each in absolute time, and which of them a new motion carries.
extension LaneAnimation {
    /// One motion of an easing lane in absolute time: from `from` to `to` starting at
    /// `start` seconds on the caller's clock.
    struct Layer {
        var start: Double
        var from: Double
        var to: Double
    }

    /// Lane `lane`'s easing motions as they continue after an interruption at `time`
    /// toward `target`, oldest first, the new one last (whose start the caller sets):
    /// motions finished by `time`, or going nowhere, are folded (as their end values) into the oldest one
    /// still moving; with ``maximumLayers`` still moving, the oldest is frozen at its
    /// value at `time` and folded likewise; the new motion runs from 0 to what is left
    /// to reach `target`. With none still moving, one motion from the lane's value.
    ///
    /// `curve` is the lane's easing and `duration` its duration, which the caller has
    /// at hand (looking the curve up lane by lane copied it). The layers are written to
    /// `moving` (room for ``maximumLayers`` + 1, reused lane after lane, so that no lane
    /// allocates); returns how many.
    ///
    /// - Throws: ``LaneFailure/nonFinite(lane:_:value:)`` (for lane `reported`)
    ///   when a folded end or the new span overflows.
    func carriedLayers(
        of lane: Int, at time: Double, curve: Curve, duration: Double, target: Double,
        into moving: UnsafeMutablePointer<Layer>, reportedAs reported: Int
    ) throws(LaneFailure) -> Int {
        if depth[lane] == 1 {
            // The common case (a lane with one motion: every lane of a reverse after a
            // start), the loop below written out: the same sums, to the last bit.
            let begin = planes[0].start + planes[0].offsets[lane]
            let from = planes[0].from[lane] + 0.0, to = planes[0].to[lane] + 0.0
            if time - begin >= duration {
                moving[0] = Layer(start: time, from: to, to: target)
                return 1
            }
            moving[0] = Layer(start: begin, from: from, to: to)
            let reached = 0.0 + to
            try requireFinite(reached, lane: reported, .target)
            try requireFinite(target - reached, lane: reported, .span)
            moving[1] = Layer(start: time, from: 0, to: target - reached)
            return 2
        }
        var count = 0
        var folded = 0.0
        for p in 0..<Int(depth[lane]) {
            let layer = Layer(
                start: planes[p].start + planes[p].offsets[lane], from: planes[p].from[lane], to: planes[p].to[lane])
            // A motion that goes nowhere (a layer holding none of the lane's motions) is
            // at its end whenever it runs: folded, as a finished one.
            if time - layer.start >= duration || layer.from == layer.to {
                folded += layer.to
            } else {
                moving[count] = layer
                count += 1
            }
        }
        var first = 0
        if count == Self.maximumLayers {
            let oldest = moving[0]
            folded +=
                Self.motion(of: curve, from: oldest.from, to: oldest.to, velocity: 0, elapsed: time - oldest.start)
                .value
            first = 1
        }
        guard count > first else {
            moving[0] = Layer(start: time, from: folded, to: target)
            return 1
        }
        if first == 1 { for p in 1..<count { moving[p - 1] = moving[p] } }
        count -= first
        moving[0].from += folded
        moving[0].to += folded
        var reached = 0.0
        for p in 0..<count { reached += moving[p].to }
        try requireFinite(reached, lane: reported, .target)
        try requireFinite(target - reached, lane: reported, .span)
        moving[count] = Layer(start: time, from: 0, to: target - reached)
        return count + 1
    }
}

/// A value moved through keyframes, as SwiftUI's `KeyframeTrack` does, evaluated at any
/// time: linear, spring, cubic and move keyframes, one after another.
///
/// Each keyframe starts where the previous one ended, with its velocity, so motion stays
/// continuous across keyframes (a move keyframe jumps and stops).
///
/// ```swift
/// let scale = try KeyframeTrack(initialValue: 1, [
///     .linear(to: 1.2, duration: 0.15),
///     .spring(to: 1, spring: .bouncy),          // duration: the spring's settling duration
///     .cubic(to: 0.9, duration: 0.2), .cubic(to: 1, duration: 0.2),
///     .move(to: 0),
/// ])
/// let value = try scale.value(at: 0.4)
/// ```
public struct KeyframeTrack: Sendable, Hashable {
    /// One keyframe: a target value and how to get there.
    public enum Keyframe: Sendable, Hashable {
        /// Interpolates to `to` over `duration` seconds (finite, ≥ 0) along `easing`.
        case linear(to: Double, duration: Double, easing: Easing = .linear)
        /// A spring toward `to`; `duration` (seconds, finite, ≥ 0) defaults to the
        /// spring's settling duration for this move; the start velocity defaults to the
        /// velocity the previous keyframe ended with.
        case spring(to: Double, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Double? = nil)
        /// A cubic (Hermite) segment to `to` over `duration` seconds. Adjacent cubic
        /// keyframes form a Catmull–Rom spline: the tangent at a joint is
        /// (next value − previous value) / (time between them). A run's first tangent is
        /// the incoming velocity, its last the slope of its final segment, unless given:
        /// a joint's tangent is the earlier keyframe's `endVelocity`, else the later
        /// one's `startVelocity`, and both keyframes use it (the velocity is continuous
        /// there unless both are given and differ).
        case cubic(to: Double, duration: Double, startVelocity: Double? = nil, endVelocity: Double? = nil)
        /// Jumps to `to` at once, at rest.
        case move(to: Double)
    }

    /// A compiled keyframe: when it runs and how it moves.
    struct Segment: Sendable, Hashable {
        enum Motion: Sendable, Hashable {
            case eased(Easing)
            case spring(Spring)
            case hermite(startTangent: Double, endTangent: Double)
            case jump
        }
        var start: Double
        var duration: Double
        var from: Double
        var to: Double
        var startVelocity: Double
        var motion: Motion
    }

    /// The value before the first keyframe.
    public let initialValue: Double
    /// The keyframes, in order.
    public let keyframes: [Keyframe]
    /// Seconds from the start to the end of the last keyframe.
    public let duration: Double
    /// The value once every keyframe has run.
    public let finalValue: Double
    let segments: [Segment]

    /// A track from `initialValue` through `keyframes`.
    ///
    /// - Throws: ``TimelineError/negativeDuration(child:duration:)`` or
    ///   ``TimelineError/invalidTime(child:value:)`` (child `"keyframe i"`) for a negative
    ///   or non-finite duration, target or velocity;
    ///   ``TimelineError/invalidValue(child:value:)`` when the distance from the previous
    ///   value to a target, or the velocity a keyframe ends with, overflows (targets
    ///   near ±`Double.greatestFiniteMagnitude` of opposite signs, a huge move over a
    ///   tiny duration); ``TimelineError/curve(child:_:)`` when a spring cannot be
    ///   evaluated for the move.
    public init(initialValue: Double, _ keyframes: [Keyframe]) throws(TimelineError) {
        guard initialValue.isFinite else { throw .invalidTime(child: "initialValue", value: initialValue) }
        self.initialValue = initialValue
        self.keyframes = keyframes
        var segments: [Segment] = []
        var time = 0.0, value = initialValue, velocity = 0.0

        // Targets and durations first: Catmull–Rom tangents look one keyframe ahead.
        func target(_ k: Keyframe) -> Double {
            switch k {
            case .linear(let to, _, _), .spring(let to, _, _, _), .cubic(let to, _, _, _), .move(let to): to
            }
        }
        for (i, keyframe) in keyframes.enumerated() {
            let name = "keyframe \(i)"
            let to = target(keyframe)
            guard to.isFinite else { throw .invalidTime(child: name, value: to) }
            func checked(_ d: Double) throws(TimelineError) -> Double {
                guard d.isFinite else { throw .invalidTime(child: name, value: d) }
                guard d >= 0 else { throw .negativeDuration(child: name, duration: d) }
                return d
            }
            // Every motion below works with the distance to the target.
            guard (to - value).isFinite else { throw .invalidValue(child: name, value: to - value) }
            var segment: Segment
            switch keyframe {
            case .linear(_, let d, let easing):
                let d = try checked(d)
                segment = Segment(
                    start: time, duration: d, from: value, to: to, startVelocity: velocity,
                    motion: d > 0 ? .eased(easing) : .jump)
                velocity = d > 0 ? (to - value) * easing.slope(at: 1) / d : 0
            case .spring(_, let d, let spring, let start):
                let v0 = start ?? velocity
                guard v0.isFinite else { throw .invalidTime(child: name, value: v0) }
                let span = to - value
                let length = try checked(
                    d ?? spring.validatedSettlingDuration(target: span, initialVelocity: v0, epsilon: 0.001))
                segment = Segment(
                    start: time, duration: length, from: value, to: to, startVelocity: v0, motion: .spring(spring))
                let end = try Self.springMotion(spring, span: span, velocity: v0, time: length, name: name)
                velocity = end.velocity
                segment.to = value + end.value
            case .cubic(_, let d, let startVelocity, let endVelocity):
                let d = try checked(d)
                // One tangent per joint, which both keyframes use: the earlier one's
                // endVelocity, else the later one's startVelocity, else Catmull–Rom's
                // (next value - previous value) / (time between them). So a keyframe
                // starts with the velocity the one before it ended with (a cubic's end
                // tangent was found that way), unless it gives its own.
                let m0 = startVelocity ?? velocity
                var m1 = d > 0 ? (to - value) / d : 0
                if let endVelocity {
                    m1 = endVelocity
                } else if i + 1 < keyframes.count,
                    case .cubic(let next, let nextDuration, let nextStart, _) = keyframes[i + 1]
                {
                    if let nextStart {
                        m1 = nextStart
                    } else if d + nextDuration > 0, nextDuration.isFinite {
                        m1 = (next - value) / (d + nextDuration)
                    }
                }
                guard m0.isFinite, m1.isFinite else { throw .invalidTime(child: name, value: m0.isFinite ? m1 : m0) }
                segment = Segment(
                    start: time, duration: d, from: value, to: to, startVelocity: m0,
                    motion: d > 0 ? .hermite(startTangent: m0, endTangent: m1) : .jump)
                velocity = d > 0 ? m1 : 0
            case .move:
                segment = Segment(start: time, duration: 0, from: value, to: to, startVelocity: 0, motion: .jump)
                velocity = 0
            }
            // The next keyframe starts with this velocity and at this value and time.
            guard velocity.isFinite else { throw .invalidValue(child: name, value: velocity) }
            guard segment.to.isFinite else { throw .invalidValue(child: name, value: segment.to) }
            guard (time + segment.duration).isFinite else {
                throw .invalidTime(child: name, value: time + segment.duration)
            }
            segments.append(segment)
            time += segment.duration
            value = segment.to
        }
        self.segments = segments
        self.duration = time
        self.finalValue = value
    }

    /// The value at `time` seconds after the track starts: the initial value before 0,
    /// the final value after ``duration``.
    ///
    /// - Throws: ``TimelineError/invalidTime(child:value:)`` for a NaN time;
    ///   ``TimelineError/curve(child:_:)`` (child `"keyframe i"`) when the keyframe's
    ///   easing or spring cannot be evaluated there.
    /// - Complexity: O(log keyframes).
    public func value(at time: Double) throws(TimelineError) -> Double {
        guard !time.isNaN else { throw .invalidTime(child: "time", value: time) }
        guard time >= 0, !segments.isEmpty else { return initialValue }
        // The last segment starting at or before `time` (a jump at t wins at t).
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].start <= time { lo = mid + 1 } else { hi = mid }
        }
        let segment = segments[lo - 1]
        let e = time - segment.start
        if e >= segment.duration { return lo == segments.count ? finalValue : segment.to }
        let span = segment.to - segment.from
        switch segment.motion {
        case .jump:
            return segment.to
        case .eased(let easing):
            do { return segment.from + span * (try easing.value(at: e / segment.duration)) } catch {
                throw .curve(child: "keyframe \(lo - 1)", error)
            }
        case .spring(let spring):
            let target = keyframeTarget(lo - 1)
            let motion = try Self.springMotion(
                spring, span: target - segment.from, velocity: segment.startVelocity,
                time: e, name: "keyframe \(lo - 1)")
            return segment.from + motion.value
        case .hermite(let m0, let m1):
            let d = segment.duration, s = e / d
            let s2 = s * s, s3 = s2 * s
            return (2 * s3 - 3 * s2 + 1) * segment.from + (s3 - 2 * s2 + s) * d * m0
                + (-2 * s3 + 3 * s2) * segment.to + (s3 - s2) * d * m1
        }
    }

    private func keyframeTarget(_ index: Int) -> Double {
        if case .spring(let to, _, _, _) = keyframes[index] { return to }
        return segments[index].to
    }

    /// A spring's displacement and velocity after `time` seconds of a move of `span`.
    static func springMotion(
        _ spring: Spring, span: Double, velocity: Double, time: Double, name: String
    ) throws(TimelineError) -> (value: Double, velocity: Double) {
        do {
            return (
                try spring.value(target: span, initialVelocity: velocity, time: time),
                try spring.velocity(target: span, initialVelocity: velocity, time: time)
            )
        } catch {
            throw .curve(child: name, error)
        }
    }
}

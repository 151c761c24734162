import Stagger
import Testing

/// SwiftUI-style keyframe tracks: values at any time from the segment definitions, and
/// bad input.
@Suite struct KeyframeTrackTests {
    @Test func keyframeTracksEvaluateAtAnyTime() throws {
        let track = try KeyframeTrack(
            initialValue: 0,
            [
                .linear(to: 10, duration: 1),
                .spring(to: 0, spring: .smooth),
                .cubic(to: 4, duration: 0.5), .cubic(to: 2, duration: 0.5), .cubic(to: 6, duration: 0.5),
                .move(to: -1)
            ])
        #expect(try track.value(at: -1) == 0)
        #expect(try abs(track.value(at: 0.5) - 5) < 1e-12)
        // The spring's duration defaults to its settling duration for this move (from 10
        // to 0 with the linear segment's velocity 10/s), and starts with that velocity.
        let settle = try Spring.smooth.settlingDuration(target: -10, initialVelocity: 10)
        let springEnd = 1 + settle
        #expect(abs(track.duration - (springEnd + 1.5)) < 1e-12)
        let midSpring = try 10 + Spring.smooth.value(target: -10, initialVelocity: 10, time: 0.2)
        #expect(try abs(track.value(at: 1.2) - midSpring) < 1e-12)
        // Catmull–Rom between adjacent cubic keyframes, uniform spacing: the segment from
        // P1 = 4 to P2 = 2 with neighbours P0 = start, P3 = 6 (standard matrix form).
        let p0 = try track.value(at: springEnd), p1 = 4.0, p2 = 2.0, p3 = 6.0
        for s in [0.0, 0.3, 0.5, 0.9] {
            let catmullRom =
                0.5
                * (2 * p1 + (-p0 + p2) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s * s
                    + (-p0 + 3 * p1 - 3 * p2 + p3) * s * s * s)
            #expect(try abs(track.value(at: springEnd + 0.5 + 0.5 * s) - catmullRom) < 1e-9, "s = \(s)")
        }
        // A move jumps at its time and holds.
        #expect(try abs(track.value(at: track.duration - 1e-9) - 6) < 1e-6)
        #expect(try track.value(at: track.duration) == -1 && track.value(at: 100) == -1)
        #expect(throws: TimelineError.negativeDuration(child: "keyframe 0", duration: -1)) {
            try KeyframeTrack(initialValue: 0, [.linear(to: 1, duration: -1)])
        }
        // Finite targets whose distance overflows, and a velocity that does.
        #expect(throws: TimelineError.invalidValue(child: "keyframe 1", value: .infinity)) {
            try KeyframeTrack(initialValue: 0, [.move(to: -1e308), .linear(to: 1e308, duration: 1)])
        }
        #expect(throws: TimelineError.invalidValue(child: "keyframe 0", value: .infinity)) {
            try KeyframeTrack(initialValue: 0, [.linear(to: 1e300, duration: 1e-300)])
        }
    }
    /// A joint's tangent is the earlier cubic's endVelocity, else the later one's
    /// startVelocity, and both keyframes use it. Hermite values worked by hand
    /// (h00 = h01 = 1/2, h10 = 1/8, h11 = -1/8 at the middle of a segment).
    @Test func cubicKeyframesShareTheVelocityGivenAtTheirJoint() throws {
        // 0 -> 1 ending at rest, then 1 -> 2 (its end tangent the slope, 2): the second
        // starts at rest, so at its middle 1/2 + 1/2 * 2 - 1/8 * 0.5 * 2 = 1.375
        // (Catmull-Rom's tangent 2 at the joint would give 1.5).
        let ending = try KeyframeTrack(
            initialValue: 0, [.cubic(to: 1, duration: 0.5, endVelocity: 0), .cubic(to: 2, duration: 0.5)])
        #expect(abs(try ending.value(at: 0.75) - 1.375) <= 1e-12)
        let h = 1e-6
        #expect(abs((try ending.value(at: 0.5 + h) - 1) / h) <= 1e-4)  // curvature · h
        #expect(abs((1 - (try ending.value(at: 0.5 - h))) / h) <= 1e-4)
        // The later one's startVelocity, 4, ends the first too: at 0.25,
        // 1/2 - 1/8 * 0.5 * 4 = 0.25; at 0.75, 1/2 + 1/8 * 0.5 * 4 + 1 - 1/8 * 0.5 * 2 = 1.625.
        let starting = try KeyframeTrack(
            initialValue: 0, [.cubic(to: 1, duration: 0.5), .cubic(to: 2, duration: 0.5, startVelocity: 4)])
        #expect(abs(try starting.value(at: 0.25) - 0.25) <= 1e-12)
        #expect(abs(try starting.value(at: 0.75) - 1.625) <= 1e-12)
    }
}

/// The one rule for a clock that runs backwards, kept by every type that takes changes
/// in time order: ``StaggeredList``, ``ScrollReveal`` (its reports), ``MatchedPairGroup``,
/// ``ComponentAnimator``, ``TimelinePlayer`` and ``FrameDriver``.
///
/// A change (a show, a hide, a move, a start, a reverse, a transition, a play, a
/// pause, a seek) or a frame timestamped before the latest one:
/// - by at most ``tolerance`` seconds, is taken at the latest one's time: a tap stamped
///   by the event system and a display link's frame stamp can disagree by part of a
///   frame, and neither is wrong;
/// - by more, is refused with `timeRunsBackward(time:latest:)` (the same name on
///   ``StaggerError``, ``AnimatableError``, ``TimelineError`` and
///   ``FrameDriverError``), naming both times. Nothing changes then.
///
/// Questions about a time (``StaggeredList/appearance(of:at:)``, a frame sampled with
/// `sample(at:into:)`, ``ComponentAnimator/value(_:of:at:as:)``) are pure functions of
/// time and take any time: an earlier one is answered from the latest change on.
public enum TimeOrder {
    /// How far, in seconds, a change or frame may trail the latest one and still be
    /// taken, at the latest one's time: 0.05 s, three frames at 60 Hz, more than one at
    /// 24 Hz.
    public static let tolerance = 0.05

    /// The time at which a change stamped `time` takes effect after the latest change
    /// at `latest` (−∞ when there was none): `time` itself from `latest` on, `latest`
    /// when `time` trails it by at most ``tolerance``, `nil` when it trails by more. For
    /// a finite `time`.
    static func effectiveTime(_ time: Double, after latest: Double) -> Double? {
        if time >= latest { return time }
        return latest - time <= tolerance ? latest : nil
    }

    /// ``effectiveTime(_:after:)`` for a caller's time, with the caller's errors: each
    /// type that takes changes checks its times through this one function.
    static func accept<Failure: Error>(
        _ time: Double, after latest: Double, nonFinite: (Double) -> Failure,
        runsBackward: (_ time: Double, _ latest: Double) -> Failure
    ) throws(Failure) -> Double {
        guard time.isFinite else { throw nonFinite(time) }
        guard let effective = effectiveTime(time, after: latest) else { throw runsBackward(time, latest) }
        return effective
    }
}

/// The sentence every `timeRunsBackward(time:latest:)` error reads.
func timeRunsBackwardMessage(time: Double, latest: Double) -> String {
    "A time must not run backward: got \(time) s after a change or frame at \(latest) s "
        + "(up to \(TimeOrder.tolerance) s earlier is taken as \(latest) s)."
}

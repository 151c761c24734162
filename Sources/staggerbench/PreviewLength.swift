import ArgumentParser

/// How long a preview runs: every page samples frames from 0 through the end of its
/// motion, a quarter of a second past it to show the rest, and no longer than its limits.
enum PreviewLength {
    /// The latest time an event of a preview may come at, seconds (`--hide-at`,
    /// `--show-again-at`, `--reverse-at`, `--viewport` keyframes): a page holds every
    /// frame up to it.
    static let latestEvent = 60.0
    /// The longest a preview draws motion after its last event, seconds: a spring that
    /// never settles (an undamped one) is drawn for this long rather than forever.
    static let longestMotion = 20.0

    /// Frames at `fps` from 0 through `end` seconds (when the motion settles; +∞ or NaN
    /// for never) plus a quarter second, motion after `lastEvent` cut at
    /// ``longestMotion``.
    static func frameCount(through end: Double, lastEvent: Double = 0, fps: Int) -> Int {
        let cut = lastEvent + longestMotion
        let shown = (end.isNaN ? cut : min(end, cut)) + 0.25
        return Int((shown * Double(fps)).rounded(.up)) + 1
    }

    /// Throws unless `time` (seconds, an event of `option`) comes by ``latestEvent``.
    static func check(_ time: Double, option: String) throws {
        guard time <= latestEvent else {
            throw ValidationError("\(option): a preview's events come by \(Int(latestEvent)) s (got \(time) s)")
        }
    }
}

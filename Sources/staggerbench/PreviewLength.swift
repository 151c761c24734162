import ArgumentParser

/// How long a preview runs: every page samples frames from 0 through the end of its
/// motion, a quarter of a second past it to show the rest, and no longer than its limits.
enum PreviewLength {
    /// The latest time an event of a preview may come at, seconds (`--hide-at`,
    /// `--show-again-at`, `--reverse-at`, `--viewport` keyframes, each from 0): a page
    /// holds every frame up to it.
    static let latestEvent = 60.0
    /// The longest a preview draws motion after its last event, seconds: a spring that
    /// never settles (an undamped one), or a stagger longer than this, is cut there
    /// rather than drawn forever (or into a page of gigabytes).
    static let longestMotion = 60.0

    /// Frames at `fps` from 0 through `end` seconds (when the motion settles; +∞ or NaN
    /// for never) plus a quarter second, motion after `lastEvent` cut at
    /// ``longestMotion``.
    static func frameCount(through end: Double, lastEvent: Double = 0, fps: Int) -> Int {
        Int((shownEnd(through: end, lastEvent: lastEvent) * Double(fps)).rounded(.up)) + 1
    }

    /// The last time a preview draws, seconds: `end` plus a quarter second, motion after
    /// `lastEvent` cut at ``longestMotion``.
    static func shownEnd(through end: Double, lastEvent: Double) -> Double {
        let cut = lastEvent + longestMotion
        return (end.isNaN ? cut : min(end, cut)) + 0.25
    }

    /// Throws unless `time` (seconds, an event of `option`) comes between 0 and
    /// ``latestEvent``.
    static func check(_ time: Double, option: String) throws {
        guard (0...latestEvent).contains(time) else {
            throw ValidationError(
                "\(option): a preview's events come between 0 and \(Int(latestEvent)) s (got \(time) s)")
        }
    }
}

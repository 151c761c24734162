import ArgumentParser
import Stagger

/// The options every timer shares (`bench`, `stagger`, `timeline`, `matched`): the
/// backend it measures, and how many runs the fastest is kept of.
struct TimingOptions: ParsableArguments {
    @Option(help: "auto, scalar, portable, sse2, avx2, avx512 or neon.")
    var backend: BackendChoice = .auto

    @Option(
        help: ArgumentHelp(
            "Repetitions per measurement, 1 to 1000; the fastest is kept.",
            discussion: "Default: 15 for bench, 20 for timeline, 30 for stagger and matched."))
    var repetitions: Int?

    func validate() throws {
        if let repetitions, !(1...1000).contains(repetitions) {
            throw ValidationError("--repetitions must be between 1 and 1000")
        }
    }

    /// The repetitions asked for, or the command's own default.
    func repetitions(default value: Int) -> Int { repetitions ?? value }
}

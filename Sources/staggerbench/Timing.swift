/// The fastest of `runs` runs of `body`, in nanoseconds: the least disturbed
/// measurement on a shared machine. Rethrows the first error `body` throws.
func fastestRun(of runs: Int, _ body: () throws -> Void) throws -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<max(runs, 1) {
        var failure: (any Error)?
        let elapsed = clock.measure {
            do { try body() } catch { failure = error }
        }
        if let failure { throw failure }
        best = min(best, Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    return best
}

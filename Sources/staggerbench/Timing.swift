/// The fastest of `runs` runs of each body, in nanoseconds: the least disturbed
/// measurement on a shared machine. The bodies take turns, one run each per round, so
/// that a machine whose speed drifts during the measurement (a VM between phases)
/// slows them alike and their ratio holds. Rethrows the first error a body throws.
func fastestRuns(of runs: Int, _ bodies: [() throws -> Void]) throws -> [Double] {
    let clock = ContinuousClock()
    var best = [Double](repeating: .infinity, count: bodies.count)
    for _ in 0..<max(runs, 1) {
        for (index, body) in bodies.enumerated() {
            var failure: (any Error)?
            let elapsed = clock.measure {
                do { try body() } catch { failure = error }
            }
            if let failure { throw failure }
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            best[index] = min(best[index], nanoseconds)
        }
    }
    return best
}

/// The fastest of `runs` runs of `body`, in nanoseconds (see `fastestRuns`).
func fastestRun(of runs: Int, _ body: () throws -> Void) throws -> Double {
    try withoutActuallyEscaping(body) { try fastestRuns(of: runs, [$0])[0] }
}

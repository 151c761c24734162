import ArgumentParser
import Stagger

/// `staggerbench backends`: which instruction-set paths this build has and this
/// machine runs.
struct BackendsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backends",
        abstract: "List the kernel's backends: built, runnable here, native or emulated.",
        discussion: """
            A build finds the SIMDe headers or not: without them the portable backend,
            and NEON off AArch64, are not built, and every other path is unchanged.

            Examples:
              staggerbench backends
              staggerbench backends --runnable   (names only, one per line, for scripts)
            """
    )

    @Flag(help: "Print only the names of the backends this machine can run, one per line.")
    var runnable = false

    func run() {
        if runnable {
            for backend in Backend.supported { print(backend.rawValue) }
            return
        }
        let active = Backend.active
        print("backend   lanes  built  runs here  native")
        for backend in Backend.allCases {
            func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
            let name = backend == active ? "\(backend.rawValue) *" : backend.rawValue
            print(
                name.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(backend.laneCount).padding(toLength: 7, withPad: " ", startingAt: 0)
                    + yes(backend.isBuilt).padding(toLength: 7, withPad: " ", startingAt: 0)
                    + yes(backend.isSupported).padding(toLength: 11, withPad: " ", startingAt: 0)
                    + (backend.isSupported ? yes(backend.isNative) : "-"))
        }
        print("* the automatic choice (STAGGER_BACKEND=NAME overrides it)")
    }
}

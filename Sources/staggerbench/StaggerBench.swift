import ArgumentParser
import Stagger

/// The `staggerbench` command: profiling and inspection of Stagger's curves.
@main
struct StaggerBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staggerbench",
        abstract: "Benchmark and inspect Stagger's timing curves.",
        discussion: """
            With no subcommand, runs `bench`: every scenario (the curve families, a
            staggered list, a timeline, matched pairs) on the active backend against the
            Swift reference and a store floor, in one run.

            Examples:
              staggerbench
              staggerbench eval 'spring(duration: 0.5, bounce: 0.3)' --samples 5 --velocity
              staggerbench eval easeInOutBack --at 0,0.25,0.5 --backend avx2
              staggerbench accuracy --backend sse2
              staggerbench backends
              staggerbench bench --scenario spring-bouncy --json
              staggerbench plot easeInOutCubic easeOutBack snappy bouncy -o curves.svg
              staggerbench export snappy --max-error 0.001
              staggerbench plot --stagger each:0.05,from:center,curve:snappy -o s.svg
              staggerbench preview --stagger each:0.04,grid:12x8,from:center -o grid.html
            """,
        subcommands: [
            BenchCommand.self, Eval.self, Accuracy.self, StaggerCommand.self, TimelineCommand.self,
            MatchedCommand.self, ComponentsCommand.self, PathCommand.self, ScrollCommand.self, PlotCommand.self,
            ExportCommand.self,
            PreviewCommand.self,
            BackendsCommand.self
        ],
        defaultSubcommand: BenchCommand.self
    )
}

/// `--backend` values: `auto` or a backend name.
enum BackendChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, scalar, portable, sse2, avx2, avx512, neon

    /// The backend to pass to Stagger (`nil` for automatic), or a validation error when
    /// this machine cannot run it.
    func resolve() throws -> Backend? {
        guard let backend = Backend(rawValue: rawValue) else { return nil }
        guard backend.isBuilt else {
            throw ValidationError(
                "backend '\(rawValue)' was not built (it needs the SIMDe headers "
                    + "at build time); built: \(Backend.built.map(\.rawValue).joined(separator: ", "))")
        }
        guard backend.isSupported else {
            throw ValidationError(
                "backend '\(rawValue)' cannot run on this machine; "
                    + "supported: \(Backend.supported.map(\.rawValue).joined(separator: ", "))")
        }
        return backend
    }
}

/// A CURVE argument, parsed with Stagger's curve grammar.
struct CurveArgument: ExpressibleByArgument {
    let text: String

    init?(argument: String) { text = argument }

    func curve(duration: Double) throws -> Curve {
        do {
            return try Curve(parsing: text, duration: duration)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

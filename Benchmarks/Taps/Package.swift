// swift-tools-version: 6.1
// The latency of a tap (a transition that runs once, between two frames) and of a
// frame, with its spread and its allocations, measured by ordo-one's package-benchmark
// (p50, p99, mallocs). A package of its own, so that Stagger's clients never fetch the
// benchmark's dependencies:
//
//   cd Benchmarks/Taps && swift package --allow-writing-to-package-directory benchmark
//   swift package benchmark baseline update before     # then, after a change:
//   swift package benchmark baseline compare before
import PackageDescription

let package = Package(
    name: "StaggerTaps",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Stagger", path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"])
    ],
    targets: [
        .executableTarget(
            name: "Taps",
            dependencies: [
                .product(name: "Stagger", package: "Stagger"),
                .product(name: "Benchmark", package: "benchmark")
            ],
            path: "Benchmarks/Taps",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)

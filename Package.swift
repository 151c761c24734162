// swift-tools-version: 6.0
import PackageDescription

#if canImport(FoundationEssentials)
    import class FoundationEssentials.ProcessInfo
#else
    import class Foundation.ProcessInfo
#endif

// The library builds the native backends only, the same on every machine. The tests
// add the SIMDe-emulated ones (the portable backend, NEON off AArch64) when asked:
// STAGGER_EMULATED_BACKENDS=1, as scripts/test and scripts/quick set it.
let emulatedBackends = ProcessInfo.processInfo.environment["STAGGER_EMULATED_BACKENDS"] == "1"

let package = Package(
    name: "Stagger",
    products: [
        .library(name: "Stagger", targets: ["Stagger"]),
        .executable(name: "staggerbench", targets: ["staggerbench"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // The SIMD kernel. Instruction sets are chosen per function inside its sources
        // (target attributes) and dispatched at run time: no compiler flags here, so the
        // package stays usable as a versioned dependency.
        .target(
            name: "CInterp",
            cSettings: emulatedBackends ? [.define("CI_EMULATED_BACKENDS")] : []
        ),
        .target(
            name: "Stagger",
            dependencies: [
                "CInterp",
                .product(name: "RealModule", package: "swift-numerics")
            ]
        ),
        // The allocator's figures staggerbench reports bytes held with (glibc).
        .target(name: "HeapStatistics"),
        .executableTarget(
            name: "staggerbench",
            dependencies: [
                "Stagger",
                "HeapStatistics",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // Counts the test thread's heap allocations (interposes malloc on glibc).
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        .testTarget(
            name: "StaggerTests",
            dependencies: [
                "Stagger",
                "CInterp",
                "AllocationCounter",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "RealModule", package: "swift-numerics")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)

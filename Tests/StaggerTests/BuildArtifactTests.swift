import Foundation
import Testing

/// Checks on what the build produced: the kernel's objects and the staggerbench tool.
@Suite struct BuildArtifactTests {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build folder `swift build` wrote this test binary into.
    static var buildFolder: URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        // The test bundle may be a folder (StaggerPackageTests.xctest/...).
        while folder.pathComponents.count > 1,
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("CInterp.build").path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
        throws -> (status: Int32, output: String, error: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    /// The kernel must run its own vector math: a call to libm's scalar functions from a
    /// kernel object would run one lane at a time.
    @Test func kernelObjectsCallNoScalarLibm() throws {
        let objects = Self.buildFolder.appendingPathComponent("CInterp.build")
        let files = try FileManager.default.contentsOfDirectory(atPath: objects.path)
            .filter { $0.hasPrefix("backend_") && $0.hasSuffix(".o") }
        #expect(files.count == 6, "expected six backend objects in \(objects.path), found \(files)")
        // Only memory helpers and the kernel's own shared tables (`ci_`, defined once for
        // every backend) may be imported; any libm function (expf, sinf, cosf, powf,
        // sqrtf, ...) would be a scalar call per lane.
        let allowed: Set<String> = ["memcpy", "memset"]
        for file in files {
            let result = try Self.run("/usr/bin/env", ["nm", "-u", objects.appendingPathComponent(file).path])
            #expect(result.status == 0, "nm failed on \(file): \(result.error)")
            // One symbol per line, after its type letter (U, or w for weak references).
            let symbols = Set(
                result.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
            // Sanitizer builds (scripts/sanitize) add their own runtime hooks.
            let calls = symbols.subtracting(allowed).filter {
                !$0.hasPrefix("ci_") && !$0.hasPrefix("__tsan_") && !$0.hasPrefix("__asan_")
                    && !$0.hasPrefix("__ubsan_") && !$0.hasPrefix("__sanitizer_") && !$0.hasSuffix("_asan_globals")
            }.sorted()
            #expect(calls.isEmpty, "\(file) calls \(calls)")
        }
    }
}

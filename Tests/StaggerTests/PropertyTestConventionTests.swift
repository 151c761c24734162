import Foundation
import PropertyBased
import Testing

/// The test suite's own conventions, read from its sources.
@Suite struct PropertyTestConventionTests {
    /// Every suite with property tests turns shrinking off, so that a failure reports its
    /// input and the `.fixedSeed(...)` that replays it at once. Shrinking reruns the body,
    /// often over thousands of items, until the input is minimal: under AddressSanitizer
    /// one failing case held a CI run for more than ten minutes without a word.
    @Test func propertyTestSuitesDoNotShrink() throws {
        let tests = BuildArtifactTests.packageRoot.appendingPathComponent("Tests/StaggerTests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var checked = 0
        for file in files {
            let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            guard source.contains("await checkProperty("), !file.hasSuffix("CheckProperty.swift") else { continue }
            checked += 1
            let shrinkingOff = source.contains("@Suite(.shrinking(false))")
            #expect(shrinkingOff, "\(file) runs property tests with shrinking on")
        }
        #expect(checked > 0, "found no file with property tests: is the path right?")
    }

    /// Property tests go through `checkProperty` (CheckProperty.swift): PropertyBased's
    /// own `propertyCheck` runs its body under `try?`, so a body that throws on every
    /// input passes, as a property test of visible windows once did while every kernel
    /// call it made threw.
    @Test func propertyTestsRecordWhatTheyThrow() throws {
        let tests = BuildArtifactTests.packageRoot.appendingPathComponent("Tests/StaggerTests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
            .filter {
                $0.hasSuffix(".swift") && !$0.hasSuffix("CheckProperty.swift")
                    && !$0.hasSuffix(#fileID.split(separator: "/").last!)
            }
        for file in files {
            let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            #expect(!source.contains("await propertyCheck("), "\(file) calls propertyCheck: call checkProperty")
        }
    }
}

/// `checkProperty` itself: an error thrown in its body fails the test.
@Suite(.shrinking(false)) struct CheckPropertyTests {
    struct Thrown: Error {}

    @Test func aThrowingBodyFails() async {
        await withKnownIssue("the body throws on every input") {
            await checkProperty(count: 3, input: Gen.int(in: 0...1)) { _ in throw Thrown() }
        }
    }
}

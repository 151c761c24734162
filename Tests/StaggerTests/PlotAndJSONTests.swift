import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `staggerbench plot` and `staggerbench bench`, run as built: the SVG is XML a browser
/// accepts with one path per curve (one bar per item), the JSON parses with every
/// field, and malformed calls fail with one clear line. Small counts keep each run in
/// the tens of milliseconds even in a debug build.
@Suite struct PlotAndJSONTests {
    /// What a test needs to know of an SVG file, gathered while parsing it.
    final class SVGSummary: NSObject, XMLParserDelegate {
        var root: String?
        var paths = 0
        /// The `x` of every `<rect class="bar">`, in document (item) order.
        var barStarts: [Double] = []
        var legend: [String] = []
        private var inLegend = false

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes: [String: String] = [:]
        ) {
            if root == nil { root = elementName }
            switch elementName {
            case "path": paths += 1
            case "rect" where attributes["class"] == "bar": barStarts.append(Double(attributes["x"] ?? "") ?? .nan)
            case "text" where attributes["class"] == "legend":
                inLegend = true
                legend.append("")
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inLegend { legend[legend.count - 1] += string }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            if elementName == "text" { inLegend = false }
        }
    }

    /// Parses `url` strictly: any XML error fails the test.
    private func summary(of url: URL) throws -> SVGSummary {
        let data = try Data(contentsOf: url)
        let parser = XMLParser(data: data)
        let summary = SVGSummary()
        parser.delegate = summary
        let parsed = parser.parse()
        #expect(parsed, "not well-formed XML: \(String(describing: parser.parserError))")
        #expect(summary.root == "svg")
        return summary
    }

    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("staggerbench-\(UUID().uuidString)-\(name)")
    }

    @Test func plotDrawsOnePathPerCurve() throws {
        // A spring with commas in its name checks that legends and titles are escaped
        // and that every curve form draws.
        let curves = ["easeInOutCubic", "easeOutBack", "snappy", "bouncy", "spring(duration: 0.5, bounce: 0.3)"]
        let file = temporaryFile("curves.svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuildArtifactTests.run(CommandLineTests.tool, ["plot"] + curves + ["-o", file.path])
        #expect(result.status == 0, "\(result.error)")
        let svg = try summary(of: file)
        #expect(svg.paths == curves.count)
        #expect(svg.legend == curves)
    }

    @Test(arguments: [
        ("each:0.05,from:center,curve:snappy", 7),
        ("amount:0.6,grid:4x5,from:edges", 20),
        ("each:0.02,curve:spring(duration: 0.4, bounce: 0.2),distribution:easeInQuad,reversed", 30)
    ])
    func plotStaggerDrawsOneBarPerItem(config: String, items: Int) throws {
        let file = temporaryFile("stagger.svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuildArtifactTests.run(
            CommandLineTests.tool, ["plot", "--stagger", config, "--items", "\(items)", "-o", file.path])
        #expect(result.status == 0, "\(result.error)")
        let svg = try summary(of: file)
        #expect(svg.barStarts.count == items)
        #expect(svg.paths == 1, "the value curve beneath the bars")
    }

    /// The bars sit at the configuration's delays: from the centre, the middle item
    /// starts first and the ends last, symmetrically.
    @Test func staggerBarsFollowTheDelays() throws {
        let file = temporaryFile("center.svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuildArtifactTests.run(
            CommandLineTests.tool, ["plot", "--stagger", "each:0.1,from:center", "--items", "5", "-o", file.path])
        #expect(result.status == 0, "\(result.error)")
        let starts = try summary(of: file).barStarts
        try #require(starts.count == 5)
        #expect(starts[2] < starts[1] && starts[1] < starts[0])
        #expect(starts[0] == starts[4] && starts[1] == starts[3])
    }

    /// `bench --json`'s scenario entries, as tooling reads them.
    struct Scenario: Decodable {
        let scenario: String
        let detail: String
        let items: Int
        let unit: String
        let threads: Int
        let nanosecondsPerItem: Double
        let itemsPerFrame: Double
        let referenceNanosecondsPerItem: Double?
        let speedupOverReference: Double?
        let floorNanosecondsPerItem: Double
        let ratioToFloor: Double
    }

    struct Report: Decodable {
        let cpu: String
        let backend: String
        let lanes: Int
        let emulated: Bool
        let items: Int
        let repetitions: Int
        let threads: Int
        let frameBudgetMilliseconds: Double
        let scenarios: [Scenario]
    }

    @Test func benchJSONParsesWithEveryField() throws {
        let result = try BuildArtifactTests.run(
            CommandLineTests.tool, ["bench", "--json", "--scenario", "cubic", "--items", "2000", "--repetitions", "2"])
        #expect(result.status == 0, "\(result.error)")
        // Piped stderr gets no progress: nothing at all on success.
        #expect(result.error.isEmpty)
        let report = try JSONDecoder().decode(Report.self, from: Data(result.output.utf8))
        #expect(!report.cpu.isEmpty && !report.backend.isEmpty && report.lanes >= 1)
        #expect(report.items == 2000 && report.frameBudgetMilliseconds == 8.3)
        try #require(report.scenarios.count == 1)
        let cubic = report.scenarios[0]
        #expect(cubic.scenario == "cubic" && cubic.items == 2000 && cubic.unit == "value")
        #expect(cubic.nanosecondsPerItem > 0 && cubic.floorNanosecondsPerItem > 0 && cubic.ratioToFloor > 0)
        #expect(abs(cubic.itemsPerFrame * cubic.nanosecondsPerItem - 8.3e6) < 1)
        let reference = try #require(cubic.referenceNanosecondsPerItem)
        let speedup = try #require(cubic.speedupOverReference)
        #expect(abs(speedup - reference / cubic.nanosecondsPerItem) < 1e-9 * speedup)
    }

    /// A workload with no Swift reference still has the field, as null: every entry
    /// has the same keys.
    @Test func benchJSONHasNullWhereNoReferenceExists() throws {
        let result = try BuildArtifactTests.run(
            CommandLineTests.tool,
            [
                "bench", "--json", "--scenario", "staggered-list", "--items", "2000", "--repetitions", "1", "--threads",
                "2"
            ])
        #expect(result.status == 0, "\(result.error)")
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let scenarios = try #require(json?["scenarios"] as? [[String: Any]])
        try #require(scenarios.count == 1)
        #expect(scenarios[0]["referenceNanosecondsPerItem"] is NSNull)
        #expect(scenarios[0]["threads"] as? Int == 2)
        #expect(json?["threads"] as? Int == 2)
    }

    @Test func benchTableNamesBackendCPUAndEachScenario() throws {
        let result = try BuildArtifactTests.run(
            CommandLineTests.tool,
            ["bench", "--scenario", "sine", "--scenario", "timeline", "--items", "400", "--repetitions", "1"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("backend: ") && $0.contains("cpu: ") })
        let rows = lines.filter { $0.hasPrefix("sine ") || $0.hasPrefix("timeline ") }
        #expect(rows.count == 2, "\(result.output)")
        // Both have a Swift reference: a speed-up, not "-".
        #expect(
            rows.allSatisfy { row in
                let fields = row.split(separator: " ")
                return fields.suffix(2).allSatisfy { $0.hasSuffix("x") }
            }, "\(rows)")
    }

    @Test(arguments: [
        (["bench", "--scenario", "nope"], "unknown scenario 'nope'"),
        (["bench", "--items", "0"], "--items"),
        (["bench", "--threads", "0"], "--threads"),
        (["bench", "--backend", "sse9"], "sse9"),
        (["plot", "-o", "x.svg"], "nothing to plot"),
        (["plot", "linear"], "-o FILE.svg"),
        (["plot", "wobble", "-o", "x.svg"], "wobble"),
        (["plot", "linear", "-o", "/nonexistent-staggerbench-dir/x.svg"], "cannot write"),
        (["plot", "linear", "--duration", "0", "-o", "x.svg"], "--duration"),
        (["plot", "linear", "--stagger", "each:0.1", "-o", "x.svg"], "not both"),
        (["plot", "linear", "--items", "3", "-o", "x.svg"], "--items"),
        (["plot", "spring(mass: 1, stiffness: 100, damping: 0)", "-o", "x.svg"], "never settles"),
        (["plot", "--stagger", "", "-o", "x.svg"], "empty"),
        (["plot", "--stagger", "foo:1", "-o", "x.svg"], "unknown key 'foo'"),
        (["plot", "--stagger", "each:abc", "-o", "x.svg"], "'abc'"),
        (["plot", "--stagger", "each:-1", "-o", "x.svg"], "'-1'"),
        (["plot", "--stagger", "each:0.1,amount:1", "-o", "x.svg"], "each or amount"),
        (["plot", "--stagger", "each:0.1,each:0.2", "-o", "x.svg"], "twice"),
        (["plot", "--stagger", "each", "-o", "x.svg"], "needs a value"),
        (["plot", "--stagger", "from:middle", "-o", "x.svg"], "'middle'"),
        (["plot", "--stagger", "from:20", "--items", "10", "-o", "x.svg"], "origin"),
        (["plot", "--stagger", "grid:2x2", "--items", "10", "-o", "x.svg"], "grid"),
        (["plot", "--stagger", "grid:4y5", "-o", "x.svg"], "'4y5'"),
        (["plot", "--stagger", "axis:x", "-o", "x.svg"], "needs a grid"),
        (["plot", "--stagger", "curve:wobble", "-o", "x.svg"], "wobble"),
        (["plot", "--stagger", "curve:spring(duration: 0.5", "-o", "x.svg"], "unbalanced"),
        (["plot", "--stagger", "distribution:snappy", "-o", "x.svg"], "easing"),
        (["plot", "--stagger", "each:0.1", "--items", "0", "-o", "x.svg"], "--items")
    ])
    func malformedCallsFailWithOneClearLine(arguments: [String], mentions: String) throws {
        // Run where a stray x.svg could be written harmlessly, should a case succeed.
        let result = try BuildArtifactTests.run(
            CommandLineTests.tool, arguments.map { $0 == "x.svg" ? temporaryFile("x.svg").path : $0 })
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        let firstLine = result.error.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("Error:") && firstLine.contains(mentions), "\(arguments): \(result.error)")
    }
}

import Foundation
import Stagger
import Testing

/// staggerbench as a user runs it: output format, and a one-line error with a non-zero
/// exit for every malformed call.
@Suite struct CommandLineTests {
    static var tool: String {
        BuildArtifactTests.buildFolder.appendingPathComponent("staggerbench").path
    }

    @Test func evalPrintsCSVFromTheKernel() throws {
        let result = try BuildArtifactTests.run(Self.tool, ["eval", "easeInQuad", "--at", "0,0.5,2", "--duration", "2"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "time,value")
        // easeInQuad is p^2 (DefinitionsAndSources.md 2); over 2 s, t = 0.5 is p = 0.25.
        let values = lines.dropFirst().map { Double($0.split(separator: ",")[1])! }
        #expect(values.count == 3)
        #expect(abs(values[0]) < 1e-7 && abs(values[1] - 0.0625) < 1e-6 && abs(values[2] - 1) < 1e-7)
    }

    @Test func evalSpringVelocityAndSamples() throws {
        let result = try BuildArtifactTests.run(
            Self.tool,
            ["eval", "spring(duration: 0.5, bounce: 0.3, initialVelocity: 2)", "--samples", "5", "--velocity"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.first == "time,value,velocity")
        #expect(lines.count == 6)
        // At t = 0 the spring is at 0 with its initial velocity.
        let first = lines[1].split(separator: ",").map { Double($0)! }
        #expect(first == [0, 0, 2])
    }

    /// The issue's worked path: 300 right then 400 down (length 700); halfway is 50 down
    /// the second leg, heading down; a quarter is 175 along the first, heading right.
    @Test func pathPrintsPointsAlongThePath() throws {
        let result = try BuildArtifactTests.run(
            Self.tool, ["path", "M0 0 L300 0 L300 400", "--progress", "0.5,0.25,1"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "progress,x,y,angle\n0.5,300,50,90\n0.25,175,0,0\n1,300,400,90\n")
        let samples = try BuildArtifactTests.run(Self.tool, ["path", "M0 0 H100 V100 H0 Z", "--samples", "5"])
        // A square of side 100, closed: every quarter is a corner, heading along the next side.
        #expect(
            samples.output == "progress,x,y,angle\n0,0,0,0\n0.25,100,0,90\n0.5,100,100,180\n0.75,0,100,-90\n1,0,0,0\n")
    }

    /// The issue's worked scroll: rows 0…7 at 0.05 k, then rows 8…11 from the 0.1-s
    /// batch after the scroll at 1.0 s; opened at 2,000, rows 0…39 shown at once.
    @Test func scrollPrintsWhenRowsStart() throws {
        let result = try BuildArtifactTests.run(Self.tool, ["scroll", "--viewport", "0@0,200@1"])
        #expect(result.status == 0, "\(result.error)")
        let expected =
            (0..<8).map { "\($0),\(["0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "0.35"][$0])" }
            + ["8,1.1", "9,1.15", "10,1.2", "11,1.25"]
        #expect(result.output == "item,start\n" + expected.joined(separator: "\n") + "\n")
        let restored = try BuildArtifactTests.run(Self.tool, ["scroll", "--viewport", "2000@0"])
        let lines = restored.output.split(separator: "\n")
        #expect(lines.count == 49 && lines[1] == "0,shown" && lines[40] == "39,shown" && lines[41] == "40,0")
        #expect(lines[48] == "47,0.35")
    }

    /// A decay from its text form: 1 − e^(−kt) and k·e^(−kt) (libm's exp here).
    @Test func evalDecay() throws {
        let result = try BuildArtifactTests.run(
            Self.tool, ["eval", "decay(frictionRate: 4)", "--at", "0,0.25,1", "--velocity"])
        #expect(result.status == 0, "\(result.error)")
        let rows = result.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == 3)
        for row in rows {
            #expect(abs(row[1] - (1 - exp(-4 * row[0]))) < 1e-6 && abs(row[2] - 4 * exp(-4 * row[0])) < 1e-5, "\(row)")
        }
        let samples = try BuildArtifactTests.run(Self.tool, ["eval", "fastDecay", "--samples", "3"])
        let last = samples.output.split(separator: "\n").last!.split(separator: ",").map { Double($0)! }
        // The last sample is the settling time, ln(1000)/k, where 0.001 remains.
        #expect(abs(last[0] - log(1000) / (-1000 * log(0.99))) < 1e-6 && abs(last[1] - 0.999) < 1e-6)
    }

    /// `export` prints CSS a browser reads: a linear() whose points, read back by the
    /// library's parser, stay within the error asked for of the spring they came from
    /// over the printed duration.
    @Test func exportPrintsCSSWithinTheError() throws {
        let result = try BuildArtifactTests.run(Self.tool, ["export", "bouncy", "--max-error", "0.002"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0].hasPrefix("/* bouncy: "))
        let easingText = lines[1].replacingOccurrences(of: "transition-timing-function: ", with: "").dropLast()
        let duration = Double(lines[2].replacingOccurrences(of: "transition-duration: ", with: "").dropLast(2))!
        let exported = try Curve(parsing: String(easingText), duration: duration)
        // The spring's settling duration at half the error, printed to six digits.
        let settles = try Spring.bouncy.settlingDuration(epsilon: 0.001)
        #expect(abs(duration - settles) <= 5e-6 * settles)
        for i in 0...2_000 {
            let t = duration * Double(i) / 2_000
            // The six-digit duration moves a time (under 1.2 s) by at most 5e-6 of
            // itself: with the spring's speed below 6 per second, under 4e-5 of value.
            #expect(abs((try exported.value(at: t)) - (try Curve.bouncy.value(at: t))) <= 0.002 + 4e-5, "at \(t)")
        }
    }

    /// `accuracy` prints a row per easing family, the spring and the decay, each within the
    /// bound the README promises (easings 2e-6, springs 1e-5, decays 1e-6), for the
    /// backend asked for.
    @Test func accuracyTableStaysWithinThePromisedBounds() throws {
        let result = try BuildArtifactTests.run(Self.tool, ["accuracy", "--backend", "scalar", "--samples", "1001"])
        #expect(result.status == 0, "\(result.error)")
        let rows = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.first == ["family", "scalar"])
        var bounds = ["linear": 2e-6, "cubic-bezier": 2e-6, "steps": 2e-6]
        for family in EasingFamily.allCases { bounds[family.rawValue] = 2e-6 }
        for quantity in ["value", "velocity"] {
            bounds["spring \(quantity)"] = 1e-5
            bounds["decay \(quantity)"] = 1e-6
        }
        for (name, bound) in bounds {
            let row = rows.first { $0.dropLast().joined(separator: " ") == name }
            let error = row.flatMap { Double($0.last!) }
            #expect(error.map { $0 >= 0 && $0 <= bound } == true, "\(name): \(row ?? [])")
        }
        #expect(result.output.contains("decays 1e-6"))
    }

    /// `backends` lists every backend with what this build and machine say of it.
    @Test func backendsListsWhatWasBuilt() throws {
        let table = try BuildArtifactTests.run(Self.tool, ["backends"])
        #expect(table.status == 0, "\(table.error)")
        for backend in Backend.allCases {
            let row = table.output.split(separator: "\n").first { $0.hasPrefix(backend.rawValue + " ") }
            let fields = row.map { $0.split(separator: " ").filter { $0 != "*" } } ?? []
            #expect(fields.count == 5, "\(backend): \(table.output)")
            if fields.count == 5 {
                #expect(fields[1] == "\(backend.laneCount)")
                #expect(fields[2] == (backend.isBuilt ? "yes" : "no"))
                #expect(fields[3] == (backend.isSupported ? "yes" : "no"))
            }
        }
        let names = try BuildArtifactTests.run(Self.tool, ["backends", "--runnable"])
        #expect(names.output.split(separator: "\n").map(String.init) == Backend.supported.map(\.rawValue))
    }

    /// Every backend prints the same curve, and that curve is the reference's.
    @Test func forcedBackendAnswersTheSame() throws {
        let easing = Easing.easeOutElastic
        for backend in Backend.supported {
            let result = try BuildArtifactTests.run(
                Self.tool, ["eval", "easeOutElastic", "--samples", "41", "--backend", backend.rawValue])
            #expect(result.status == 0, "\(backend): \(result.error)")
            let rows = result.output.split(separator: "\n").dropFirst()
            #expect(rows.count == 41)
            for row in rows {
                let fields = row.split(separator: ",").map { Double($0)! }
                let reference = try easing.value(at: fields[0])
                #expect(
                    abs(fields[1] - reference) <= easingTolerance(easing, at: fields[0]) + 1e-7,
                    "\(backend) at \(fields[0])")
            }
        }
    }

    @Test(arguments: [
        (["eval", "easeInOutWobble"], "unknown curve 'easeInOutWobble'"),
        (["eval", "cubicBezier(1.5, 0, 0.5, 1)"], "x1"),
        (["eval", "cubicBezier(0.5, 0)"], "cubicBezier takes 4 numbers"),
        (["eval", "steps(0)"], "steps(0"),
        (["eval", "spring(response: 0.5)"], "spring takes"),
        (["eval", "spring(response: -1, dampingFraction: 0.5)"], "response"),
        (["eval", "linear", "--backend", "mmx"], "mmx"),
        (["eval", "linear", "--duration", "-1"], "--duration"),
        (["eval", "linear", "--at", "0,nan"], "nan"),
        (["eval", "linear", "--samples", "0"], "--samples"),
        (["bench", "--items", "0"], "--items"),
        (["bench", "--items", "99999999999"], "--items"),
        (["bench", "--backend", "sse9"], "sse9"),
        (["stagger", "--repetitions", "0"], "--repetitions"),
        (["accuracy", "--samples", "1"], "--samples"),
        (["stagger", "--items", "0"], "--items"),
        (["stagger", "--items", "100000000000"], "--items"),
        (["stagger", "--tracks", "9"], "--tracks"),
        (["stagger", "--threads", "0"], "--threads"),
        (["stagger", "--curve", "wobble"], "wobble"),
        (["eval"], "curve"),
        (["eval", "linear", "--samples", "ten"], "ten"),
        (["timeline", "--children", "2"], "--children"),
        (["components", "--elements", "0"], "--elements"),
        (["components", "--elements", "100001"], "--elements"),
        (["timeline", "--children", "many"], "many"),
        (["preview", "-o", "/tmp/p.html", "--items", "0"], "--items"),
        (["preview", "-o", "/tmp/p.html", "--fps", "0"], "--fps"),
        (["preview", "-o", "/tmp/p.html", "--duration", "nan"], "--duration"),
        (["preview", "-o", "/tmp/p.html", "--hide-at", "-1"], "--hide-at"),
        (["preview", "-o", "/tmp/p.html", "--show-again-at", "2"], "--show-again-at needs --hide-at"),
        (["preview", "-o", "/tmp/p.html", "--hide-at", "1", "--show-again-at", "0.5"], "after --hide-at"),
        (["preview", "-o", "/tmp/p.html", "--stagger", "each:0.05,curve:wobble"], "wobble"),
        (["preview", "-o", "/tmp/p.html", "--stagger", "grid:100x100"], "5,000"),
        (["preview", "--stagger", "each:0.05"], "output"),
        (["preview", "-o", "/tmp/p.svg", "--format", "svg", "--reduced-motion"], "--reduced-motion"),
        (["preview", "-o", "/tmp/p.svg", "--format", "gif"], "gif"),
        (["preview", "-o", "/tmp/p.html", "--ripple", "3"], "--ripple needs a grid"),
        (["preview", "-o", "/tmp/p.html", "--stagger", "grid:6x4", "--ripple", "24"], "not a cell"),
        (["preview", "-o", "/tmp/p.html", "--timeline", "bogus"], "bogus"),
        (
            ["preview", "-o", "/tmp/p.html", "--timeline", "reveal", "--items", "3"],
            "--timeline draws the timeline alone"
        ),
        (["preview", "-o", "/tmp/p.html", "--matched", "--timeline", "reveal"], "--matched draws the pair alone"),
        (["preview", "-o", "/tmp/p.html", "--matched", "--curve", "wobble"], "wobble"),
        (["preview", "-o", "/tmp/p.html", "--matched", "--reverse-at", "nan"], "--reverse-at"),
        (["preview", "-o", "/tmp/p.html", "--matched", "--arc", "1.5"], "--arc must be between -1 and 1"),
        (["preview", "-o", "/tmp/p.html", "--arc", "0.5"], "add --matched"),
        (["export", "snappy", "--max-error", "0"], "--max-error"),
        (["export", "snappy", "--max-error", "1e-12"], "1024 points"),
        (["export", "wobble"], "wobble"),
        (["eval", "linear(0, 0.5 10% 20% 30%, 1)"], "at most 2"),
        (["path", "M0 0 L5", "--progress", "0.5"], "Expected a number for L at offset 7"),
        (["scroll", "--viewport", "0@x"], "'x' is not a finite number of seconds"),
        (["scroll", "--viewport", "0"], "'0' is not OFFSET@TIME"),
        (["scroll", "--viewport-length", "0"], "--viewport-length must be finite and > 0"),
        (["scroll", "--viewport", "0@1,0@0"], "must not run backward"),
        (["scroll", "--items", "2"], "--items must be between 4"),
        (["preview", "-o", "/tmp/p.html", "--viewport", "0@1,0@0"], "keyframes must come in time order"),
        (["preview", "-o", "/tmp/p.html", "--viewport", "0@0", "--matched"], "--viewport draws the scroll alone"),
        (["preview", "-o", "/tmp/p.html", "--layout", "spiral"], "spiral"),
        (["preview", "-o", "/tmp/p.html", "--layout", "reverse", "--hide-at", "1"], "--layout draws the layouts alone"),
        (["path", "M0 0 L10 0", "--progress", "0.5,x"], "'x' is not a finite number"),
        (["path", "M0 0 L10 0"], "--progress or --samples"),
        (["path", "M0 0 L10 0", "--samples", "0"], "--samples"),
        (["path", "M0 0 L10 0", "--items", "5", "--samples", "3"], "one of --progress, --samples and --items"),
        (["preview", "-o", "/tmp/p.html", "--path", "M0 0 L5"], "--path: Expected a number for L at offset 7"),
        (["preview", "-o", "/tmp/p.html", "--path", "M0 0 L5 5", "--matched"], "--path draws the path alone"),
        (["preview", "-o", "/tmp/p.html", "--hide-at", "100"], "--hide-at: a preview's events come between 0 and 60 s"),
        (["preview", "-o", "/tmp/p.html", "--viewport", "0@0,100@1e9"], "--viewport: a preview's events come"),
        (["preview", "-o", "/tmp/p.html", "--viewport", "0@-1e9,0@0"], "--viewport: a preview's events come"),
        (["preview", "-o", "/tmp/p.html", "--matched", "--reverse-at", "61"], "--reverse-at: a preview's events")
    ])
    func malformedCallsFailWithOneClearLine(arguments: [String], mentions: String) throws {
        let result = try BuildArtifactTests.run(Self.tool, arguments)
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        let firstLine = result.error.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.contains("Error:") && firstLine.contains(mentions), "\(arguments): \(result.error)")
    }

    /// A spring that never settles (no damping) is drawn for 60 s after the last event
    /// rather than trapping on an infinite frame count: 60.25 s at 10 fps is 603 frames
    /// after the first, on every page.
    @Test func previewsOfMotionThatNeverSettlesAreCut() throws {
        let spring = "each:0.05,curve:spring(stiffness:100,damping:0)"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("undamped.html").path
        for extra in [[], ["--path", "M0 0 L300 0"], ["--layout", "reverse"]] {
            let result = try BuildArtifactTests.run(
                Self.tool, ["preview", "--stagger", spring, "--items", "3", "--fps", "10", "-o", output] + extra)
            #expect(result.status == 0, "\(extra): \(result.error)")
            let page = try String(contentsOfFile: output, encoding: .utf8)
            #expect(page.contains("\"frameCount\":604"), "\(extra)")
        }
    }

    /// `staggerbench timeline` builds the timeline it describes and reports each cost.
    @Test func timelinePrintsItsCosts() throws {
        // Four lists of 10 / 4 = 2 children, the last taking the remainder: 10 in all.
        try expectReport(
            ["timeline", "--children", "10"], firstLine: "timeline: 10 children, 4 curves",
            lines: ["build", "kernel", "reference", "events", "reverse", "pause", "seek"],
            jsonKeys: ["frame", "events", "reverse", "pause", "seek"].map { "\($0)_ns_per_child" })
    }

    /// `staggerbench components` times what it says, for the elements asked, and its
    /// JSON carries every figure per element.
    @Test func componentsPrintsItsCosts() throws {
        try expectReport(
            ["components", "--elements", "20"], firstLine: "components: 20 elements x 2 properties",
            lines: ["frame", "events", "first", "interrupt", "toggle"],
            jsonKeys: ["frame", "first", "interrupt", "toggle", "events"].map { "\($0)_ns_per_element" })
    }

    /// Runs a timer once (one repetition) and expects its report: the first line, a line
    /// starting with each of `lines`, and with `--json` every one of `jsonKeys`.
    func expectReport(_ arguments: [String], firstLine: String, lines labels: [String], jsonKeys: [String]) throws {
        let result = try BuildArtifactTests.run(Self.tool, arguments + ["--repetitions", "1"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(firstLine) == true, "\(result.output)")
        for label in labels {
            #expect(lines.contains { $0.hasPrefix(label) }, "\(label): \(result.output)")
        }
        let json = try BuildArtifactTests.run(Self.tool, arguments + ["--repetitions", "1", "--json"])
        #expect(json.status == 0, "\(json.error)")
        for key in jsonKeys {
            #expect(json.output.contains("\"\(key)\""), "\(key): \(json.output)")
        }
    }

    @Test func environmentVariableForcesTheBackend() throws {
        let result = try BuildArtifactTests.run(
            Self.tool, ["bench", "--scenario", "linear", "--items", "64", "--repetitions", "1"],
            environment: ["STAGGER_BACKEND": "scalar"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("backend: scalar"))
    }
}

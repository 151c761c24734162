// libFuzzer target for `Curve(parsing:)` (scripts/fuzz-parsers). Any text: a curve that
// parses prints a description that parses back to the same curve; text that does not
// parse throws a CurveError with a message. A trap, a sanitizer report or a broken
// invariant stops the run with the input saved.
import Stagger

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurveParsing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for duration in [1.0, 0.25] {
        do {
            let curve = try Curve(parsing: text, duration: duration)
            let again: Curve
            do { again = try Curve(parsing: curve.description, duration: duration) } catch {
                fatalError("INVARIANT BROKEN: '\(curve.description)' (from '\(text)') does not parse: \(error)")
            }
            if again != curve {
                fatalError("INVARIANT BROKEN: '\(text)' -> '\(curve.description)' -> '\(again.description)'")
            }
        } catch {
            if error.description.isEmpty { fatalError("INVARIANT BROKEN: an empty message for '\(text)'") }
        }
    }
    return 0
}

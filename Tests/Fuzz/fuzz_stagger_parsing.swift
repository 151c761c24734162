// libFuzzer target for `StaggerConfig(parsing:)` (scripts/fuzz-parsers). Any text: a
// configuration that parses prints a description that parses back to it, and its
// delays for a few counts are finite or a StaggerError; text that does not parse throws
// a StaggerError with a message. A trap, a sanitizer report or a broken invariant stops
// the run with the input saved.
import Stagger

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStaggerParsing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let config = try StaggerConfig(parsing: text, duration: 0.3)
        let again: StaggerConfig
        do { again = try StaggerConfig(parsing: config.description, duration: 0.3) } catch {
            fatalError("INVARIANT BROKEN: '\(config.description)' (from '\(text)') does not parse: \(error)")
        }
        if again != config {
            fatalError("INVARIANT BROKEN: '\(text)' -> '\(config.description)' -> '\(again.description)'")
        }
        for count in [1, 7, 40] {
            guard let delays = try? config.delays(count: count) else { continue }
            if delays.contains(where: { !$0.isFinite }) {
                fatalError("INVARIANT BROKEN: a delay that is not finite for '\(text)', \(count) items")
            }
        }
    } catch {
        if error.description.isEmpty { fatalError("INVARIANT BROKEN: an empty message for '\(text)'") }
    }
    return 0
}

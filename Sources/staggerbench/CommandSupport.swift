import ArgumentParser
import Foundation

/// A failure the user can fix, reported as one line: `Error: <description>`.
///
/// ArgumentParser prints a `ValidationError` with the usage text after it; the newer
/// commands throw this instead for mistakes in a value (an unknown scenario, a curve or
/// stagger configuration that does not parse, a path that cannot be written), where
/// the usage would only bury the one line that matters.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A progress note on stderr that rewrites itself in place, shown only when stderr is
/// a terminal: piped or redirected output (CI logs, `--json > file`) stays free of
/// carriage returns and escape codes.
struct ProgressLine {
    let isEnabled = isatty(2) != 0

    /// Replaces the note with `text`.
    func show(_ text: String) {
        // \r returns to the line start; ESC[2K erases the previous, possibly longer, note.
        write("\r\u{1B}[2K" + text)
    }

    /// Erases the note, leaving the cursor at the start of an empty line.
    func clear() {
        write("\r\u{1B}[2K")
    }

    private func write(_ text: String) {
        guard isEnabled else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Writes `text` to `path`, replacing the file, or fails with one line naming the path
/// and the system's reason (no such directory, permission denied, ...).
func writeTextFile(_ text: String, to path: String) throws {
    guard let file = fopen(path, "w") else {
        throw CommandFailure("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    let written = fwrite(bytes, 1, bytes.count, file)
    // fclose flushes: a full disk may only show here.
    let closed = fclose(file)
    guard written == bytes.count, closed == 0 else {
        throw CommandFailure("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}

/// The finite numbers of a comma-separated option (`--at 0,0.5,1`, `--progress 0.25,0.5`),
/// spaces around each allowed; an empty field or one that is not a finite number is
/// refused, naming the option and the field (and `unit`, the numbers' meaning).
func finiteNumbers(_ text: String, option: String, unit: String = "") throws -> [Double] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { field in
        let trimmed = field.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else {
            throw ValidationError("\(option): '\(trimmed)' is not a finite number\(unit.isEmpty ? "" : " of \(unit)")")
        }
        return value
    }
}

/// Scroll reports written `OFFSET@TIME,...` (points@seconds), as `scroll --viewport` and
/// `preview --viewport` take them; `option` names the option in errors.
func scrollReports(_ text: String, option: String) throws -> [(offset: Double, time: Double)] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { report in
        let parts = report.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ValidationError("\(option): '\(report)' is not OFFSET@TIME (points@seconds)")
        }
        let offset = try finiteNumbers(String(parts[0]), option: option, unit: "points")[0]
        let time = try finiteNumbers(String(parts[1]), option: option, unit: "seconds")[0]
        return (offset, time)
    }
}

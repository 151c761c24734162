// libFuzzer target for `MotionPath(_:)`, SVG path data (scripts/fuzz-parsers). Any
// text: a path that reads has a finite length, reads back from its path data as an equal
// path, and gives finite points with angles in (-180, 180] from the reference and from
// the kernel (or, for coordinates float32 cannot hold, the kernel's named refusal);
// text that does not read throws a MotionPathError with a message. A trap, a sanitizer
// report or a broken invariant stops the run with the input saved.
import Stagger

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathParsing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let path = try MotionPath(text)
        if !(path.length.isFinite && path.length >= 0) {
            fatalError("INVARIANT BROKEN: length \(path.length) for '\(text)'")
        }
        guard let again = try? MotionPath(path.pathData), again.length == path.length, again.isClosed == path.isClosed,
            (try? again.point(atProgress: 0.3)) == (try? path.point(atProgress: 0.3))
        else {
            fatalError("INVARIANT BROKEN: '\(text)' does not read back as the same path")
        }
        let progress: [Float] = [-0.5, 0, 0.3, 0.5, 1, 2.25]
        for p in progress {
            let point = try path.point(atProgress: Double(p))
            if !(point.x.isFinite && point.y.isFinite && point.angle > -180 && point.angle <= 180) {
                fatalError("INVARIANT BROKEN: \(point) at \(p) for '\(text)'")
            }
        }
        var points = MotionPathPoints()
        do {
            try path.points(atProgress: progress, into: &points)
            for k in progress.indices
            where
                !(points.x[k].isFinite && points.y[k].isFinite && points.angle[k] > -180
                && points.angle[k] <= 180)
            {
                fatalError("INVARIANT BROKEN: kernel point \(points[k]) at \(progress[k]) for '\(text)'")
            }
        } catch .exceedsFloat32Range {
            // A path beyond float32: the kernel refuses it by name; the reference answered.
        }
    } catch {
        if error.description.isEmpty { fatalError("INVARIANT BROKEN: an empty message for '\(text)'") }
    }
    return 0
}

import Foundation
import PropertyBased
import Stagger
import Testing

/// Every backend this machine can run: each kernel test runs on all of them. A
/// developer's quick run (`scripts/quick`, which sets `STAGGER_TEST_BACKENDS=active`)
/// tests only the backend calls choose here by default.
let testedBackends: [Backend] = {
    let supported = Backend.supported
    guard ProcessInfo.processInfo.environment["STAGGER_TEST_BACKENDS"] == "active" else { return supported }
    return [Backend.active]
}()

/// Random easings: any named curve, random cubic-beziers (x in [0, 1], y in [-1, 2]),
/// random steps of every position, and (one in eight) random CSS `linear()` curves.
let easingGenerator = zip(namedOrParametricEasing, piecewiseLinearGenerator, Gen.int(in: 0...7))
    .map { easing, linear, choice in choice == 0 ? linear : easing }

/// Random CSS `linear()` curves: 2 to 12 points at inputs k/64 from −0.25 to 1.25 (exact
/// in float32, so that the kernel and the reference pick the same segment), repeated
/// inputs among them (jumps), outputs in [−0.5, 1.5].
let piecewiseLinearGenerator = zip(
    Gen.int(in: -16...80).array(of: 2...12), Gen.double(in: -0.5...1.5).array(of: 12...12)
).map { inputs, outputs -> Easing in
    let points = zip(inputs.sorted(), outputs).map { PiecewiseLinear.Point(input: Double($0) / 64, output: $1) }
    return Easing.linear(try! PiecewiseLinear(points: points))
}

/// Named curves, cubic-beziers and steps.
let namedOrParametricEasing = zip(
    Gen.int(in: 0...59), Gen.double(in: 0...1), Gen.double(in: -1...2),
    Gen.double(in: 0...1), Gen.double(in: -1...2), Gen.int(in: 2...40)
).map { choice, x1, y1, x2, y2, count -> Easing in
    let named = Easing.allNamed
    if choice < named.count { return named[choice] }
    if choice < named.count + 15 { return try! .cubicBezier(x1, y1, x2, y2) }
    return try! .steps(count, StepPosition.allCases[choice % StepPosition.allCases.count])
}

/// Random springs over the range the accuracy promise covers: damping fraction
/// 0.05...3, response 0.05...5 s (one in five exactly or nearly critical).
let springGenerator = zip(
    Gen.double(in: 0.05...3), Gen.double(in: 0.05...5), Gen.int(in: 0...9),
    Gen.double(in: -1e-6...1e-6)
).map { zeta, response, choice, nudge -> Spring in
    let fraction = choice == 0 ? 1 : choice == 1 ? 1 + nudge : zeta
    return try! Spring(response: response, dampingFraction: fraction)
}

/// A float buffer whose first element sits `offset` floats into its storage, so tests
/// reach unaligned starts and every tail length.
struct OffsetBuffer {
    var storage: [Float]
    let offset: Int
    let count: Int

    init(_ values: [Float], offset: Int) {
        self.offset = offset
        self.count = values.count
        storage = [Float](repeating: .nan, count: offset) + values
    }

    init(count: Int, offset: Int) {
        self.init([Float](repeating: 0, count: count), offset: offset)
    }

    var values: ArraySlice<Float> { storage[offset...] }

    func withInput<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[offset...])) }
    }

    mutating func withOutput<R>(_ body: (UnsafeMutableBufferPointer<Float>) throws -> R) rethrows -> R {
        let offset = self.offset
        return try storage.withUnsafeMutableBufferPointer {
            try body(UnsafeMutableBufferPointer(rebasing: $0[offset...]))
        }
    }
}

/// The easing accuracy promise: 2e-6 plus |slope| · 2⁻²³ (input rounding).
///
/// A `linear()` curve adds what its float32 arithmetic and its points allow: the value's
/// own rounding (extended segments reach well beyond 1), the slope times the rounding of
/// the interpolation fraction, and at a point within the input's uncertainty the other
/// segment (its jump, and the slopes on either side over that distance).
func easingTolerance(_ easing: Easing, at progress: Double, extraInputError: Double = 0) -> Double {
    var tolerance = 2e-6 + abs(easing.slope(at: progress)) * (0x1p-23 + extraInputError)
    guard case .piecewiseLinear(let curve) = easing.kind else { return tolerance }
    let p = min(max(progress, 0), 1)
    tolerance += abs(curve.value(at: p)) * 0x1p-22 + abs(curve.slope(at: p)) * 0x1p-21
    let window = 0x1p-22 + extraInputError
    let points = curve.points
    for k in points.indices where abs(points[k].input - p) <= window {
        let before = k > 0 ? points[k - 1] : points[k]
        let after = k + 1 < points.count ? points[k + 1] : points[k]
        let jump = abs(after.output - before.output)
        let slopes = segmentSlope(before, points[k]) + segmentSlope(points[k], after)
        tolerance += jump + slopes * window
    }
    return tolerance
}

/// |Δoutput / Δinput| of a segment, 0 where its inputs are equal.
private func segmentSlope(_ a: PiecewiseLinear.Point, _ b: PiecewiseLinear.Point) -> Double {
    a.input == b.input ? 0 : abs((b.output - a.output) / (b.input - a.input))
}

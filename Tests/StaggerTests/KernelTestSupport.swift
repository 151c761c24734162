import PropertyBased
import Stagger
import Testing

/// Every backend this machine can run: each kernel test runs on all of them.
let testedBackends = Backend.supported

/// Random easings: any named curve, random cubic-beziers (x in [0, 1], y in [-1, 2])
/// and random steps of every position.
let easingGenerator = zip(
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
func easingTolerance(_ easing: Easing, at progress: Double, extraInputError: Double = 0) -> Double {
    2e-6 + abs(easing.slope(at: progress)) * (0x1p-23 + extraInputError)
}

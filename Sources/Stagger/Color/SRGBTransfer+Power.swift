internal import CInterp
import RealModule

extension SRGBTransfer {
    /// x^(5/12), which is x^(1/2.4), for x > 0: within 1e-15 relative of the exact
    /// power (tested against Foundation's `pow` over every binade), exactly 1 at 1, with
    /// no call into libm: the per-frame colour decode runs it six times per matched
    /// pair. NaN, ∞, 0 and subnormals go to `pow` (the transfer function never passes
    /// them: it is linear below 0.0031308).
    ///
    /// x = 2^e · m with m in [1, 2), split into 128 intervals [c, c + 1/128): m^(5/12)
    /// is c^(5/12) (a table) times (1 + t)^(5/12) for t = m/c − 1 in
    /// [0, 1/128), by its binomial series to t⁷ (the first term left out is below
    /// 0.015 · 2⁻⁵⁶, 3e-19); 2^(5e/12) is 2^q (exact) times 2^(r/12) (a table of twelve)
    /// with 5e = 12q + r. Rounding: t to half an ulp, the series to about one, the two
    /// table values and three products to half an ulp each: about 3.5 ulp in all.
    static func power5Over12(_ x: Double) -> Double {
        guard x.isFinite, x >= .leastNormalMagnitude else { return Double.pow(x, 5.0 / 12) }
        let tables = PowerTables.shared
        let bits = x.significandBitPattern
        let j = Int(truncatingIfNeeded: bits >> 45)  // the top 7 of 52 fraction bits
        let m = Double(sign: .plus, exponentBitPattern: 1023, significandBitPattern: bits)
        let t = m * tables.inverseStarts[j] - 1
        // Estrin's scheme: the series in a short chain of dependent operations.
        let b = tables.binomial
        let t2 = t * t
        let low = (b.0 + b.1 * t) + t2 * (b.2 + b.3 * t)
        let high = (b.4 + b.5 * t) + t2 * (b.6 + b.7 * t)
        let f = 5 * (Int(x.exponentBitPattern) - 1023)
        var q = f / 12, r = f % 12
        if r < 0 { (q, r) = (q - 1, r + 12) }
        // |q| ≤ 426: 2^q is a normal double, built from its bits (an exact scaling).
        let scale = Double(sign: .plus, exponentBitPattern: UInt(1023 + q), significandBitPattern: 0)
        return (low + (t2 * t2) * high) * tables.startPowers[j] * tables.twelfthPowers[r] * scale
    }
}

/// The tables of ``SRGBTransfer/power5Over12(_:)``: the kernel's own
/// (`ci_srgb_power_table`: 1/c, c^(5/12) and 2^(r/12) correctly rounded, the binomial
/// coefficients by their recurrence in double), copied once,
/// so that the kernel's colour decode gives this function's bits whatever the
/// platform's `pow` rounds to.
private struct PowerTables: Sendable {
    static let shared = PowerTables()

    /// 1/c for the intervals' starts c = 1 + j/128.
    let inverseStarts: [Double]
    /// c^(5/12) for the same starts.
    let startPowers: [Double]
    /// 2^(r/12), r = 0…11.
    let twelfthPowers: [Double]
    /// The binomial coefficients C(5/12, k), k = 0…7.
    let binomial: (Double, Double, Double, Double, Double, Double, Double, Double)

    private init() {
        let tables = ci_srgb_power_table()
        inverseStarts = Array(UnsafeBufferPointer(start: tables.inverse_starts, count: 128))
        startPowers = Array(UnsafeBufferPointer(start: tables.start_powers, count: 128))
        twelfthPowers = Array(UnsafeBufferPointer(start: tables.twelfth_powers, count: 12))
        let c = tables.binomial!
        binomial = (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7])
    }
}

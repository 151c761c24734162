import Stagger
import Testing

/// Waves against their definitions.
@Suite struct WaveTests {
    /// A looping list wave, A sin((phi + u 2 pi) f) with phi = 2 pi (t mod P) / P and
    /// u = index / (count - 1), computed here from that formula.
    @Test(arguments: testedBackends)
    func loopingWaveMatchesItsFormula(backend: Backend) throws {
        let wave = try Wave.looping(amplitude: 12, cycles: 2, period: 1.5)
        let count = 37
        var offsets = [Float](repeating: 0, count: count)
        for time in [0, 0.3, 1.49, 1.5, 7.77, 1000.25] {
            try wave.offsets(count: count, at: time, into: &offsets, backend: backend)
            let phi = 2 * Double.pi * time.truncatingRemainder(dividingBy: 1.5) / 1.5
            for i in 0..<count {
                let u = Double(i) / Double(count - 1)
                let expected = 12 * sin2((phi + u * 2 * Double.pi) * 2)
                #expect(abs(Double(offsets[i]) - expected) <= 12 * 4e-6, "t \(time) item \(i)")
                #expect(abs(try wave.offset(for: i, of: count, at: time) - expected) <= 1e-9)
            }
        }
    }

    /// A ripple from a tapped cell: zero until its front arrives, then the decaying wave.
    @Test(arguments: testedBackends)
    func rippleFromATappedCell(backend: Backend) throws {
        let grid = StaggerConfig.Grid(columns: 6, rows: 5)
        let ripple = try Wave(
            amplitude: 8, temporalFrequency: 2, spatialFrequency: 0.5,
            envelope: .decay(0.8), field: .cells(from: .index(14), grid: grid))
        #expect(ripple.frontDelay == 0.25)  // 0.5 cycles per cell / 2 cycles per second
        var offsets = [Float](repeating: 0, count: 30)
        for time in [0.1, 0.4, 1.3] {
            try ripple.offsets(count: 30, at: time, into: &offsets, backend: backend)
            for i in 0..<30 {
                // Cell 14 is column 2, row 2; distances by hand.
                let dx = Double(i % 6 - 2), dy = Double(i / 6 - 2)
                let u = (dx * dx + dy * dy).squareRoot()
                let tau = time - 0.25 * u
                let expected =
                    tau > 0 ? 8 * exp2(-tau / 0.8 / log(2.0)) * sin2(2 * Double.pi * (2 * time - 0.5 * u)) : 0
                #expect(abs(Double(offsets[i]) - expected) <= 8 * 6e-6, "t \(time) cell \(i)")
            }
        }
    }

    @Test func badWavesAreRefused() {
        #expect(throws: StaggerError.invalidWaveParameter(name: "decay", value: 0)) {
            try Wave(amplitude: 1, temporalFrequency: 1, spatialFrequency: 1, envelope: .decay(0))
        }
        #expect(throws: StaggerError.invalidWaveParameter(name: "amplitude", value: .nan)) {
            try Wave(amplitude: .nan, temporalFrequency: 1, spatialFrequency: 1)
        }
        #expect(throws: StaggerError.invalidWaveParameter(name: "period", value: 0)) {
            try Wave.looping(amplitude: 1, cycles: 1, period: 0)
        }
    }
}

/// sin and 2^x written out so the expected values do not go through RealModule, which
/// the reference uses.
private func sin2(_ x: Double) -> Double {
    var r = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if r > Double.pi { r -= 2 * Double.pi } else if r < -Double.pi { r += 2 * Double.pi }
    var term = r, sum = r
    for k in 1..<30 {
        term *= -r * r / Double((2 * k) * (2 * k + 1))
        sum += term
    }
    return sum
}

private func exp2(_ x: Double) -> Double {
    // e^(x ln 2) by its series on a reduced argument.
    let n = x.rounded(), f = (x - n) * 0.6931471805599453
    var term = 1.0, sum = 1.0
    for k in 1..<30 { term *= f / Double(k); sum += term }
    return sum * Double(sign: .plus, exponent: Int(n), significand: 1)
}

private func log(_ x: Double) -> Double { x == 2 ? 0.6931471805599453 : .nan }

import RealModule

/// A wave across items: each item's offset at time t is
///
///     amplitude · envelope(τ) · sin(2π (temporalFrequency · t − spatialFrequency · u) + phase)
///
/// where u is the item's distance (a list position 0…1, or cells from an origin in a
/// grid) and τ the time since the wavefront reached it. Time and space have their own
/// frequencies, so a ripple can spread from a tapped cell at any speed.
///
/// ```swift
/// // A ripple from cell 14 of a 6-column grid, fading over 0.8 s.
/// let ripple = try Wave(amplitude: 8, temporalFrequency: 2, spatialFrequency: 0.5,
///                       envelope: .decay(0.8),
///                       field: .cells(from: .index(14), grid: .init(columns: 6, rows: 5)))
/// var offsets = [Float](repeating: 0, count: 30)
/// try ripple.offsets(count: 30, at: 0.3, into: &offsets)
/// ```
public struct Wave: Sendable, Hashable {
    /// How the amplitude evolves at each item from the moment the wavefront reaches it.
    public enum Envelope: Sendable, Hashable {
        /// Constant: the wave runs forever.
        case none
        /// e^(−τ / decay): a ripple that fades (seconds, > 0).
        case decay(Double)
        /// (1 − e^(−τ / attack)) · e^(−τ / decay): swells in, then fades (seconds, > 0).
        case attackDecay(attack: Double, decay: Double)
    }

    /// What u, an item's distance, is.
    public enum Field: Sendable, Hashable {
        /// index / (count − 1): 0 at the first item, 1 at the last.
        case listPosition
        /// Cells (or positions in a list without a grid) from an origin, measured as
        /// StaggerConfig measures them: a ripple from a tapped cell uses
        /// `.cells(from: .index(tapped), grid: ...)`.
        case cells(from: StaggerConfig.Origin, grid: StaggerConfig.Grid?)
    }

    /// Peak offset, in the caller's units.
    public var amplitude: Double
    /// Cycles per second at each item.
    public var temporalFrequency: Double
    /// Cycles per unit of distance; positive values travel away from the origin.
    public var spatialFrequency: Double
    /// Phase at t = 0 and distance 0, radians.
    public var phase: Double
    /// The amplitude envelope.
    public var envelope: Envelope
    /// The distance field.
    public var field: Field
    /// Seconds after which the wave repeats, or `nil`: when set, time wraps to
    /// [0, period) before it reaches the phase, as a phase animated from 0 to 2π and
    /// repeated every `period` seconds does.
    public var repeatPeriod: Double?

    /// A wave; see the type's formula.
    ///
    /// - Throws: ``StaggerError/invalidWaveParameter(name:value:)`` for a non-finite
    ///   value, an envelope time that is not > 0, or a repeat period that is not > 0.
    public init(
        amplitude: Double, temporalFrequency: Double, spatialFrequency: Double, phase: Double = 0,
        envelope: Envelope = .none, field: Field = .listPosition, repeatPeriod: Double? = nil
    ) throws(StaggerError) {
        self.amplitude = amplitude
        self.temporalFrequency = temporalFrequency
        self.spatialFrequency = spatialFrequency
        self.phase = phase
        self.envelope = envelope
        self.field = field
        self.repeatPeriod = repeatPeriod
        try validate()
    }

    /// A wave along a list that loops every `period` seconds: offset = amplitude ·
    /// sin((φ + u · 2π) · cycles), with u = index / (count − 1) and φ going linearly from
    /// 0 to 2π every `period` seconds, forever. `cycles` is how many waves fit along the
    /// list.
    ///
    /// - Throws: as ``init(amplitude:temporalFrequency:spatialFrequency:phase:envelope:field:repeatPeriod:)``.
    public static func looping(amplitude: Double, cycles: Double, period: Double) throws(StaggerError) -> Wave {
        guard period > 0, period.isFinite else { throw .invalidWaveParameter(name: "period", value: period) }
        // sin((2π t'/P + 2π u) c) = sin(2π ((c/P) t' − (−c) u)), t' = t mod P.
        return try Wave(
            amplitude: amplitude, temporalFrequency: cycles / period, spatialFrequency: -cycles,
            field: .listPosition, repeatPeriod: period)
    }

    func validate() throws(StaggerError) {
        let values = [
            ("amplitude", amplitude), ("temporalFrequency", temporalFrequency),
            ("spatialFrequency", spatialFrequency), ("phase", phase)
        ]
        for (name, value) in values where !value.isFinite {
            throw .invalidWaveParameter(name: name, value: value)
        }
        switch envelope {
        case .none: break
        case .decay(let decay):
            guard decay > 0, decay.isFinite else { throw .invalidWaveParameter(name: "decay", value: decay) }
        case .attackDecay(let attack, let decay):
            guard attack > 0, attack.isFinite else { throw .invalidWaveParameter(name: "attack", value: attack) }
            guard decay > 0, decay.isFinite else { throw .invalidWaveParameter(name: "decay", value: decay) }
        }
        if let repeatPeriod, !(repeatPeriod > 0 && repeatPeriod.isFinite) {
            throw .invalidWaveParameter(name: "repeatPeriod", value: repeatPeriod)
        }
    }

    /// Seconds per unit of distance the wavefront takes: the phase speed
    /// spatialFrequency / temporalFrequency (0 when either is 0 or negative: the
    /// envelope then starts everywhere at once).
    public var frontDelay: Double {
        guard temporalFrequency > 0, spatialFrequency > 0 else { return 0 }
        return spatialFrequency / temporalFrequency
    }

    /// The time the phase sees: wrapped to [0, period) for a repeating wave.
    func phaseTime(_ time: Double) -> Double {
        guard let repeatPeriod else { return time }
        return time - (time / repeatPeriod).rounded(.down) * repeatPeriod
    }

    /// The config whose distances define `.cells` fields.
    func fieldConfig(_ origin: StaggerConfig.Origin, _ grid: StaggerConfig.Grid?) -> StaggerConfig {
        var config = StaggerConfig.standard
        config.from = origin
        config.grid = grid
        return config
    }

    /// Item `index`'s distance in this field, in Double.
    func distance(of index: Int, count: Int) throws(StaggerError) -> Double {
        switch field {
        case .listPosition:
            return count > 1 ? Double(index) / Double(count - 1) : 0
        case .cells(let origin, let grid):
            let config = fieldConfig(origin, grid)
            try config.validate(count: count)
            return try config.normalisedDistanceParts(of: index, in: count).distance
        }
    }

    /// Item `index`'s offset at `time` seconds after the wave started, in Double: the
    /// reference the kernel is tested against.
    ///
    /// - Throws: ``StaggerError/indexOutOfRange(index:count:)``, ``StaggerError/invalidTime(_:)``,
    ///   the field's errors (an origin outside the items, a grid too small);
    ///   ``StaggerError/invalidWaveParameter(name:value:)`` naming a frequency whose
    ///   product with the time or the distance overflows.
    public func offset(for index: Int, of count: Int, at time: Double) throws(StaggerError) -> Double {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        guard time.isFinite else { throw .invalidTime(time) }
        try validate()
        let u = try distance(of: index, count: count)
        let cycles = (temporal: temporalFrequency * phaseTime(time), spatial: spatialFrequency * u)
        // A product that overflows would make the sine NaN: name its parameter.
        guard cycles.temporal.isFinite else {
            throw .invalidWaveParameter(name: "temporalFrequency", value: temporalFrequency)
        }
        guard cycles.spatial.isFinite else {
            throw .invalidWaveParameter(name: "spatialFrequency", value: spatialFrequency)
        }
        let angle = 2 * Double.pi * (cycles.temporal - cycles.spatial) + phase
        let tau = time - u * frontDelay
        let gain: Double
        switch envelope {
        case .none: gain = 1
        case .decay(let decay): gain = tau > 0 ? Double.exp(-tau / decay) : 0
        case .attackDecay(let attack, let decay):
            gain = tau > 0 ? (1 - Double.exp(-tau / attack)) * Double.exp(-tau / decay) : 0
        }
        guard angle.isFinite else { throw .invalidWaveParameter(name: "temporalFrequency", value: temporalFrequency) }
        return amplitude * gain * Double.sin(angle)
    }
}

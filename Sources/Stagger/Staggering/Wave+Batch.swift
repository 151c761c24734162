internal import CInterp

extension Wave {
    /// Every item's offset at `time` seconds after the wave started, in the SIMD kernel.
    ///
    /// - Throws: the errors of ``offset(for:of:at:)``; ``StaggerError/bufferMismatch(expected:actual:)``;
    ///   ``StaggerError/invalidWaveParameter(name:value:)`` naming a parameter that
    ///   float32 cannot hold (an amplitude of 1e300, a decay whose reciprocal
    ///   overflows) or a phase that overflows at `time`.
    ///
    /// Accuracy: within 2e-6 · |amplitude| · (1 + 2π |spatialFrequency| u) of
    /// ``offset(for:of:at:)`` (the phase is reduced in double; distances are float32).
    /// O(count); allocates only for `.cells` fields of random origins.
    public func offsets(
        count: Int, at time: Double, into offsets: UnsafeMutableBufferPointer<Float>,
        backend: Backend? = nil
    ) throws(StaggerError) {
        guard count >= 0 else { throw .negativeCount(count) }
        guard offsets.count == count else { throw .bufferMismatch(expected: count, actual: offsets.count) }
        guard time.isFinite else { throw .invalidTime(time) }
        try validate()
        try validateForKernel(at: time)
        var wave = ci_wave()
        wave.phase = temporalFrequency * phaseTime(time) + phase / (2 * Double.pi)
        wave.elapsed = time
        wave.amplitude = amplitude
        wave.spatial_frequency = spatialFrequency
        wave.front_delay = frontDelay
        switch envelope {
        case .none: wave.envelope = Int32(CI_ENVELOPE_NONE.rawValue)
        case .decay(let decay):
            wave.envelope = Int32(CI_ENVELOPE_DECAY.rawValue)
            wave.decay = decay
        case .attackDecay(let attack, let decay):
            wave.envelope = Int32(CI_ENVELOPE_ATTACK_DECAY.rawValue)
            wave.attack = attack
            wave.decay = decay
        }
        let backendValue = backend?.cValue ?? CI_BACKEND_AUTO
        switch field {
        case .listPosition:
            let status = ci_wave_offsets(backendValue, &wave, nil, offsets.baseAddress, count)
            try checkStaggerStatus(status, backend: backend)
        case .cells(let origin, let grid):
            // The distances land in the output first; the wave then runs in place.
            let config = fieldConfig(origin, grid)
            try config.validate(count: count)
            if var layout = config.delayLayout(count: count) {
                let status = ci_distances(backendValue, &layout, offsets.baseAddress, count)
                try checkStaggerStatus(status, backend: backend)
            } else {
                for i in 0..<count { offsets[i] = Float(try distance(of: i, count: count)) }
            }
            let status = ci_wave_offsets(
                backendValue, &wave, UnsafePointer(offsets.baseAddress), offsets.baseAddress, count)
            try checkStaggerStatus(status, backend: backend)
        }
    }

    /// The kernel's float32 parameters, each checked where Swift can name it (the kernel
    /// refuses the same ones, without a name).
    private func validateForKernel(at time: Double) throws(StaggerError) {
        func fits(_ value: Double) -> Bool { abs(value) <= Double(Float.greatestFiniteMagnitude) }
        let phaseCycles = temporalFrequency * phaseTime(time) + phase / (2 * Double.pi)
        guard phaseCycles.isFinite else {
            throw .invalidWaveParameter(name: "temporalFrequency", value: temporalFrequency)
        }
        guard fits(amplitude) else { throw .invalidWaveParameter(name: "amplitude", value: amplitude) }
        guard fits(spatialFrequency) else {
            throw .invalidWaveParameter(name: "spatialFrequency", value: spatialFrequency)
        }
        guard fits(frontDelay) else {
            throw .invalidWaveParameter(name: "spatialFrequency / temporalFrequency", value: frontDelay)
        }
        guard fits(time) else { throw .invalidTime(time) }
        switch envelope {
        case .none: break
        case .decay(let decay):
            guard fits(decay), fits(1 / decay) else { throw .invalidWaveParameter(name: "decay", value: decay) }
        case .attackDecay(let attack, let decay):
            guard fits(attack), fits(1 / attack) else { throw .invalidWaveParameter(name: "attack", value: attack) }
            guard fits(decay), fits(1 / decay) else { throw .invalidWaveParameter(name: "decay", value: decay) }
        }
    }

    /// Array form of ``offsets(count:at:into:backend:)-(_,_,UnsafeMutableBufferPointer<Float>,_)``.
    public func offsets(count: Int, at time: Double, into offsets: inout [Float], backend: Backend? = nil)
        throws(StaggerError)
    {
        try offsets.withUnsafeMutableBufferPointer { (buffer) throws(StaggerError) in
            try self.offsets(count: count, at: time, into: buffer, backend: backend)
        }
    }
}

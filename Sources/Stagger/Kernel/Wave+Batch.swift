internal import CInterp

extension Wave {
    /// Every item's offset at `time` seconds after the wave started, in the SIMD kernel.
    ///
    /// - Throws: the errors of ``offset(for:of:at:)``; ``StaggerError/bufferMismatch(expected:actual:)``.
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

    /// Array form of ``offsets(count:at:into:backend:)-(_,_,UnsafeMutableBufferPointer<Float>,_)``.
    public func offsets(count: Int, at time: Double, into offsets: inout [Float], backend: Backend? = nil)
        throws(StaggerError)
    {
        try offsets.withUnsafeMutableBufferPointer { (buffer) throws(StaggerError) in
            try self.offsets(count: count, at: time, into: buffer, backend: backend)
        }
    }
}

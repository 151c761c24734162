import CInterp
import Stagger
import Testing

/// Bad input at the batch entry points: a thrown CurveError (Swift) or a defined status
/// (C), never a crash or a silent NaN.
@Suite struct KernelInputTests {
    @Test func mismatchedLengthsThrowAndWriteNothing() throws {
        var short = [Float](repeating: 42, count: 3)
        #expect(throws: CurveError.bufferMismatch(expected: 4, actual: 3)) {
            try Easing.easeInQuad.evaluate([0, 0.1, 0.2, 0.3], into: &short)
        }
        #expect(short == [42, 42, 42])
        #expect(throws: CurveError.bufferMismatch(expected: 2, actual: 3)) {
            try Curve.snappy.evaluate(times: [0, 1], into: &short)
        }
        var velocities = [Float](repeating: 0, count: 2)
        #expect(throws: CurveError.bufferMismatch(expected: 2, actual: 3)) {
            try Spring.bouncy.evaluate(times: [0, 1], into: &short, velocities: &velocities)
        }
        #expect(throws: CurveError.bufferMismatch(expected: 2, actual: 3)) {
            try Curve.easeIn.sampleStaggered(at: 1, delays: [0, 0.1], into: &short)
        }
    }

    @Test(arguments: testedBackends)
    func nonFiniteInputsAreNamedAndTheRestWritten(backend: Backend) throws {
        for bad in [Float.nan, .infinity, -.infinity] {
            let input: [Float] = [0.25, bad, 0.75] + [Float](repeating: 0.5, count: 20)
            var output = [Float](repeating: 0, count: input.count)
            #expect(throws: CurveError.nonFiniteInput(Double(bad))) {
                try Easing.easeOutCubic.evaluate(input, into: &output, backend: backend)
            }
            #expect(abs(Double(output[0]) - (try Easing.easeOutCubic.value(at: 0.25))) < 1e-6)
            #expect(abs(Double(output[2]) - (try Easing.easeOutCubic.value(at: 0.75))) < 1e-6)

            #expect(throws: CurveError.nonFiniteInput(Double(bad))) {
                try Curve.bouncy.evaluate(times: input, into: &output, backend: backend)
            }
            #expect(throws: CurveError.nonFiniteInput(Double(bad))) {
                try Curve.easeOut.sampleStaggered(at: 1, delays: input, into: &output, backend: backend)
            }
        }
    }

    @Test func nonFiniteStaggerParametersThrow() {
        var values = [Float](repeating: 0, count: 4)
        for bad in [Double.nan, .infinity] {
            #expect(throws: CurveError.nonFiniteInput(bad)) {
                try Curve.snappy.sampleStaggered(at: bad, baseDelay: 0, delayIncrement: 0.05, into: &values)
            }
            #expect(throws: CurveError.nonFiniteInput(bad)) {
                try Curve.snappy.sampleStaggered(at: 1, baseDelay: bad, delayIncrement: 0.05, into: &values)
            }
            #expect(throws: CurveError.nonFiniteInput(bad)) {
                try Curve.snappy.sampleStaggered(at: 1, baseDelay: 0, delayIncrement: bad, into: &values)
            }
        }
    }

    /// A duration valid in Double that float32 cannot divide by is refused, not turned
    /// into NaN inside the kernel.
    @Test func durationsThatUnderflowFloatAreRefused() throws {
        let curve = try Curve.easing(.easeInSine, duration: 1e-50)
        var values = [Float](repeating: 0, count: 2)
        #expect(throws: CurveError.invalidDuration(1e-50)) {
            try curve.evaluate(times: [0, 1], into: &values)
        }
    }

    /// Finite values that overflow float32 once inside the kernel are refused with a
    /// named error, never turned into NaN or a trap.
    @Test func valuesBeyondFloat32AreRefused() throws {
        var values = [Float](repeating: 0, count: 3), velocities = values
        // dampingFraction = 1 / (2 sqrt(1e-80)) = 5e39: finite in Double, not in Float.
        let tiny = try Spring(stiffness: 1e-80, damping: 1)
        #expect(throws: CurveError.self) {
            try tiny.evaluate(times: [0, 1, 2], into: &values, velocities: &velocities)
        }
        // omega0 = 1e25 fits float; lambda^2 overflows.
        let stiff = try Spring(stiffness: 1e50, damping: 1e25)
        #expect(throws: CurveError.exceedsFloat32Range(name: "spring", value: 1e50)) {
            try stiff.evaluate(times: [0, 1, 2], into: &values, velocities: &velocities)
        }
        let tall = try Curve.easing(.cubicBezier(0.5, 2e38, 0.5, 1), duration: 1)
        #expect(throws: CurveError.exceedsFloat32Range(name: "cubicBezier", value: 2e38)) {
            try tall.evaluate(times: [0, 0.5, 1], into: &values)
        }
        #expect(throws: CurveError.exceedsFloat32Range(name: "time", value: 1e300)) {
            try Curve.snappy.sampleStaggered(at: 1e300, baseDelay: 0, delayIncrement: 0.1, into: &values)
        }
        // 1e10 s is 1e40 durations of 1e-30 s: the progress saturates, nothing is refused.
        let instant = try Curve.easing(.easeInOutCubic, duration: 1e-30)
        try instant.sampleStaggered(at: 1e10, baseDelay: 0, delayIncrement: 0.1, into: &values)
        #expect(values == [1, 1, 1])
        #expect(throws: CurveError.invalidStepCount(count: (1 << 20) + 1, position: .jumpEnd)) {
            try Easing.steps((1 << 20) + 1)
        }
        #expect(try Easing.steps(1 << 20).value(at: 0.5) == 0.5)
    }

    /// An item exactly at its start or its end (elapsed times exact in binary) gets
    /// progress exactly 0 or 1 on every backend, long lists (split into runs) included:
    /// expo and elastic jump by 2^-10 just inside, so anything else would show.
    @Test(arguments: testedBackends)
    func itemsAtTheirEndsAreExact(backend: Backend) throws {
        var values = [Float](repeating: -1, count: 1_000)
        let elastic = try Curve.easing(.easeOutElastic, duration: 0.5)
        let expo = try Curve.easing(.easeInExpo, duration: 0.5)
        for k in [0, 1, 7, 300, 999] {
            try elastic.sampleStaggered(
                at: 0.5 + 0.25 * Double(k), baseDelay: 0, delayIncrement: 0.25,
                into: &values, backend: backend)
            #expect(values[k] == 1, "item \(k) at its end")
            try expo.sampleStaggered(
                at: 0.25 * Double(k), baseDelay: 0, delayIncrement: 0.25,
                into: &values, backend: backend)
            #expect(values[k] == 0, "item \(k) at its start")
        }
    }

    /// A curve's staggered sampling refuses more items than every staggered pass takes;
    /// the buffer is never touched, so a tiny allocation with a huge count is safe here.
    @Test func tooManyItemsAreRefused() {
        let one = UnsafeMutablePointer<Float>.allocate(capacity: 1)
        defer { one.deallocate() }
        // The one item limit of every staggered pass, the list's; the curves' limits,
        // which curves state below the kernel, are the kernel's.
        #expect(StaggeredList.maximumCount == Int(CI_MAX_GRID_ITEMS))
        #expect(StepPosition.maximumStepCount == Int(CI_MAX_STEPS))
        #expect(PiecewiseLinear.maximumPointCount == Int(CI_MAX_LINEAR_POINTS))
        let huge = UnsafeMutableBufferPointer(start: one, count: (1 << 23) + 1)
        #expect(throws: CurveError.tooManyItems(count: (1 << 23) + 1, maximum: 1 << 23)) {
            try Curve.snappy.sampleStaggered(at: 1, baseDelay: 0, delayIncrement: 0.01, into: huge)
        }
    }

    /// A decayed spring must land exactly on its target, not on 2^-126 times a huge t.
    @Test(arguments: testedBackends)
    func springsFarInTheFutureRest(backend: Backend) throws {
        var values = [Float](repeating: .nan, count: 3), velocities = values
        for spring in [Spring.smooth, .snappy, try Spring(response: 0.5, dampingFraction: 2)] {
            try spring.evaluate(
                times: [1e4, 1e30, 3e38], into: &values, velocities: &velocities, backend: backend)
            #expect(values == [1, 1, 1], "\(spring) \(backend)")
            #expect(velocities == [0, 0, 0], "\(spring) \(backend)")
        }
    }

    /// The process-wide choice can be forced and restored.
    ///
    /// Tests run in parallel, so for a moment every test that leaves the backend
    /// automatic may run on `scalar`: those check values against bounds every backend
    /// meets, and a test that compares bit for bit names its backend
    /// (`ConcurrencyTests`).
    @Test func forcingTheActiveBackend() throws {
        let detected = Backend.active
        try Backend.force(.scalar)
        #expect(Backend.active == .scalar)
        try Backend.force(nil)
        #expect(Backend.active == detected)
    }

    @Test func emptyBuffersAreFine() throws {
        var empty: [Float] = []
        try Easing.ease.evaluate([], into: &empty)
        try Curve.spring.evaluate(times: [], into: &empty)
        try Curve.spring.sampleStaggered(at: 0, baseDelay: 0, delayIncrement: 0.1, into: &empty)
    }

    // MARK: the C interface

    private func pennerCurve(_ kind: ci_curve_kind) -> ci_curve {
        var curve = ci_curve()
        curve.kind = Int32(kind.rawValue)
        return curve
    }

    @Test func cRejectsInvalidCurves() {
        var input: [Float] = [0.5], output: [Float] = [0]
        func status(_ curve: ci_curve) -> ci_status {
            var curve = curve
            return ci_ease(CI_BACKEND_SCALAR, &curve, &input, &output, 1)
        }
        var curve = pennerCurve(CI_CURVE_SINE)
        curve.direction = 7
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve = ci_curve()
        curve.kind = 99
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve = pennerCurve(CI_CURVE_CUBIC_BEZIER)
        curve.params = (1.5, 0, 0.5, 1)
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve.params = (0.5, .nan, 0.5, 1)
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve = pennerCurve(CI_CURVE_STEPS)
        curve.steps = 0
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve.steps = 1
        curve.step_position = Int32(CI_JUMP_NONE.rawValue)
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve.steps = Int32(CI_MAX_STEPS) + 1
        curve.step_position = Int32(CI_JUMP_END.rawValue)
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve = pennerCurve(CI_CURVE_SPRING)
        curve.params = (0, 0.5, 1, 0)
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve.params = (10, -0.1, 1, 0)
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        curve.params = (10, 0.5, .infinity, 0)
        #expect(status(curve) == CI_ERR_INVALID_CURVE)
        #expect(output == [0])
    }

    @Test func cRejectsNullPointersAndBadParameters() {
        var curve = pennerCurve(CI_CURVE_LINEAR)
        var input: [Float] = [0.5, 0.5]
        var buffer: [Float] = [0.5, 0.5]
        #expect(ci_ease(CI_BACKEND_AUTO, &curve, nil, &buffer, 2) == CI_ERR_NULL_POINTER)
        #expect(ci_ease(CI_BACKEND_AUTO, &curve, &input, nil, 2) == CI_ERR_NULL_POINTER)
        #expect(ci_ease(CI_BACKEND_AUTO, nil, &input, &buffer, 2) == CI_ERR_NULL_POINTER)
        #expect(ci_ease(CI_BACKEND_AUTO, &curve, nil, nil, 0) == CI_OK)
        #expect(ci_over_time(CI_BACKEND_AUTO, &curve, 0, &input, &buffer, 2) == CI_ERR_INVALID_PARAMETER)
        #expect(ci_over_time(CI_BACKEND_AUTO, &curve, .nan, &input, &buffer, 2) == CI_ERR_INVALID_PARAMETER)
        #expect(ci_spring(CI_BACKEND_AUTO, &curve, &input, &buffer, nil, 2) == CI_ERR_INVALID_CURVE)

        // The staggered pass: a list of closed-form delays 0.1 s apart.
        var list = ci_list_delays()
        list.slope = 0.1
        list.max_delay = .infinity
        list.window_end = Double(CI_MAX_INDEXED_ITEMS)
        var request = ci_sample_request()
        request.time = 1
        request.duration = 0.3
        request.to = 1
        func sample(count: Int) -> ci_status {
            withUnsafePointer(to: &list) { list in
                request.list = list
                return ci_sample(CI_BACKEND_AUTO, &curve, &request, nil, 0, nil, &buffer, nil, count)
            }
        }
        #expect(sample(count: 2) == CI_OK)
        // Validated before any memory is touched: the count is never dereferenced.
        #expect(sample(count: Int(CI_MAX_INDEXED_ITEMS) + 1) == CI_ERR_INVALID_PARAMETER)
        request.duration = -1
        #expect(sample(count: 2) == CI_ERR_INVALID_PARAMETER)
        request.duration = 0.3
        request.time = .nan
        #expect(sample(count: 2) == CI_ERR_INVALID_PARAMETER)
        // A clamped track's bounds must be in order.
        request.time = 1
        var track = ci_track(from: 0, to: 1, clamped: 1, lower: 1, upper: 0)
        let status = buffer.withUnsafeMutableBufferPointer { output in
            var outputs: [UnsafeMutablePointer<Float>?] = [output.baseAddress]
            return withUnsafePointer(to: &list) { list in
                request.list = list
                return ci_sample(CI_BACKEND_AUTO, &curve, &request, &track, 1, &outputs, nil, nil, 2)
            }
        }
        #expect(status == CI_ERR_INVALID_PARAMETER)
    }

    @Test func cBackendQueries() {
        #expect(ci_ease(ci_backend(rawValue: 42), nil, nil, nil, 0) == CI_ERR_UNSUPPORTED_BACKEND)
        #expect(ci_set_backend(ci_backend(rawValue: 42)) == CI_ERR_UNSUPPORTED_BACKEND)
        #expect(ci_backend_from_name("bogus") == -2)
        #expect(ci_backend_from_name("auto") == -1)
        for backend in Backend.allCases {
            #expect(
                String(cString: ci_backend_name(ci_backend(rawValue: Int32(ci_backend_from_name(backend.rawValue)))))
                    == backend.rawValue)
        }
        #expect(ci_backend_name(CI_BACKEND_COUNT) == nil)
        // Scalar runs everywhere, portable wherever it was built; the automatic choice
        // is always runnable.
        #expect(Backend.scalar.isSupported && Backend.portable.isSupported == Backend.portable.isBuilt)
        #expect(Backend.active.isSupported)
        #expect(!Backend.portable.isNative)
        // What was built: scalar always, the native backends of the architecture
        // always, SIMDe's paths only together (both need its headers).
        #expect(Backend.built.contains(.scalar))
        #if arch(x86_64)
            #expect(Backend.sse2.isBuilt && Backend.avx2.isBuilt && Backend.avx512.isBuilt)
            #expect(Backend.neon.isBuilt == Backend.portable.isBuilt)
        #elseif arch(arm64)
            #expect(Backend.neon.isBuilt && Backend.neon.isNative)
        #endif
        #expect(Backend.supported.allSatisfy { $0.isBuilt })
        #expect(Backend.avx512.laneCount == 16 && Backend.scalar.laneCount == 1)
    }
}

/// Parameters the kernel refuses although Swift accepts them (their float32
/// arithmetic would overflow) surface as errors, not traps.
@Suite struct KernelRefusalTests {
    @Test func hugeDelayIncrementThrows() {
        var values = [Float](repeating: 0, count: 100)
        #expect(throws: CurveError.self) {
            try Curve.easeInOut.sampleStaggered(at: 1, baseDelay: 0, delayIncrement: 1e36, into: &values)
        }
    }
}

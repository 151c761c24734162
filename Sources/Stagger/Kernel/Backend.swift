internal import CInterp

/// An instruction-set path of the SIMD kernel.
///
/// Every backend runs the same algorithms and meets the same accuracy bounds; they
/// differ only in speed. The kernel picks the best supported one at first use (or the
/// one named by the environment variable `STAGGER_BACKEND`), and every batch call can
/// name one explicitly, which is how the tests run each path on every machine.
public enum Backend: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Plain C, one lane: the baseline of every speed-up.
    case scalar
    /// SIMDe's portable implementation, 8 lanes, no intrinsics: runs anywhere. Built
    /// only in the package's test builds (see ``isBuilt``).
    case portable
    /// x86-64 SSE2, 4 lanes.
    case sse2
    /// x86-64 AVX2 with FMA, 8 lanes.
    case avx2
    /// x86-64 AVX-512F, 16 lanes.
    case avx512
    /// AArch64 NEON, 4 lanes. On other architectures the package's test builds emulate
    /// it with SIMDe (slowly), so the NEON source path is exercised on every machine.
    case neon

    /// The backend's name as the command line and `STAGGER_BACKEND` spell it.
    public var description: String { rawValue }

    var cValue: ci_backend {
        switch self {
        case .scalar: CI_BACKEND_SCALAR
        case .portable: CI_BACKEND_PORTABLE
        case .sse2: CI_BACKEND_SSE2
        case .avx2: CI_BACKEND_AVX2
        case .avx512: CI_BACKEND_AVX512
        case .neon: CI_BACKEND_NEON
        }
    }

    init?(_ value: ci_backend) {
        guard let match = Backend.allCases.first(where: { $0.cValue == value }) else {
            return nil
        }
        self = match
    }

    /// Whether this build of the package compiled this backend.
    ///
    /// The scalar backend and the native backends of the target architecture always
    /// are (SSE2, AVX2 and AVX-512 on x86-64; NEON on AArch64): they need only the
    /// compiler's own intrinsics. ``portable``, and ``neon`` elsewhere than AArch64,
    /// are built only in the package's test builds (`STAGGER_EMULATED_BACKENDS=1`),
    /// never in a library build.
    public var isBuilt: Bool { ci_backend_built(cValue) != 0 }

    /// Whether this backend was built and can run on this machine (CPU and operating
    /// system).
    public var isSupported: Bool { ci_backend_supported(cValue) != 0 }

    /// Whether this backend runs the hardware's own instructions rather than an
    /// emulation (`portable` never does; `neon` only on AArch64).
    public var isNative: Bool { ci_backend_native(cValue) != 0 }

    /// Float lanes per vector (1 for `scalar`).
    public var laneCount: Int { Int(ci_backend_lanes(cValue)) }

    /// Every backend this build compiled, in declaration order, whether or not this
    /// CPU can run it (see ``isBuilt``).
    public static var built: [Backend] { allCases.filter(\.isBuilt) }

    /// Every backend this machine can run, in declaration order.
    public static var supported: [Backend] { allCases.filter(\.isSupported) }

    /// The backend that calls without an explicit backend use now.
    public static var active: Backend {
        Backend(ci_active_backend()) ?? .scalar
    }

    /// Makes `backend` the automatic choice for the whole process; `nil` restores
    /// detection (including `STAGGER_BACKEND`).
    ///
    /// Throws ``CurveError/unsupportedBackend(_:)`` when the machine cannot run it.
    /// This is global state: tests should pass a backend to each call instead.
    public static func force(_ backend: Backend?) throws(CurveError) {
        let status = ci_set_backend(backend?.cValue ?? CI_BACKEND_AUTO)
        if status != CI_OK { throw .unsupportedBackend(backend?.rawValue ?? "auto") }
    }
}

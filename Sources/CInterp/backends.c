/*
 * backends.c: the backends this build compiled, which of them this CPU and operating
 * system run, and the automatic choice: the one place that maps a ci_backend to its
 * kernel table.
 */
#include <stdlib.h>
#include <string.h>

#include "dispatch_internal.h"

#if defined(CI_HAVE_X86_BACKENDS)
#include <cpuid.h>
#if defined(__APPLE__)
#include <sys/sysctl.h>
#endif
#endif

/* What the CPU (and the operating system) must provide to run a backend. */
typedef enum { NEEDS_NOTHING, NEEDS_SSE2, NEEDS_AVX2_FMA, NEEDS_AVX512F } cpu_needs;

/* Every backend, indexed by ci_backend: its name, the floats one vector holds, what the
 * CPU must have, whether it runs the hardware's own instructions, and its kernel table
 * where this build compiled it (NULL where not). A new backend is a row here, its
 * backend_*.c with its vec_*.h, and its value in ci_backend (and Swift's Backend). */
typedef struct {
    const char *name;
    int lanes;
    cpu_needs needs;
    int native;
    const ci_kernel_table *table;
} backend_row;

#if defined(CI_HAVE_PORTABLE_BACKEND)
#define PORTABLE_TABLE &ci_table_portable
#else
#define PORTABLE_TABLE NULL
#endif
#if defined(CI_HAVE_NEON_BACKEND)
#define NEON_TABLE &ci_table_neon
#else
#define NEON_TABLE NULL
#endif
#if defined(CI_NEON_IS_NATIVE)
#define NEON_NATIVE 1
#else
#define NEON_NATIVE 0
#endif
#if defined(CI_HAVE_X86_BACKENDS)
#define X86_TABLE(name) &ci_table_##name
#else
#define X86_TABLE(name) NULL
#endif

static const backend_row backends[CI_BACKEND_COUNT] = {
    [CI_BACKEND_SCALAR] = {"scalar", 1, NEEDS_NOTHING, 1, &ci_table_scalar},
    [CI_BACKEND_PORTABLE] = {"portable", 8, NEEDS_NOTHING, 0, PORTABLE_TABLE},
    [CI_BACKEND_SSE2] = {"sse2", 4, NEEDS_SSE2, 1, X86_TABLE(sse2)},
    [CI_BACKEND_AVX2] = {"avx2", 8, NEEDS_AVX2_FMA, 1, X86_TABLE(avx2)},
    [CI_BACKEND_AVX512] = {"avx512", 16, NEEDS_AVX512F, 1, X86_TABLE(avx512)},
    [CI_BACKEND_NEON] = {"neon", 4, NEEDS_NOTHING, NEON_NATIVE, NEON_TABLE},
};

static int in_range(ci_backend b) { return (int)b >= 0 && b < CI_BACKEND_COUNT; }

#if defined(CI_HAVE_X86_BACKENDS)
static unsigned long long read_xcr0(void) {
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

/* CPUID says what the core can do; XCR0 says whether the OS saves the wider
 * registers on a context switch. Both are needed. */
static int x86_supports(cpu_needs needs) {
    unsigned int eax, ebx, ecx, edx;
    if (needs == NEEDS_SSE2) return 1; /* x86-64 baseline */
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1, fma = (ecx >> 12) & 1;
    if (!osxsave || !avx) return 0;
    unsigned long long xcr0 = read_xcr0();
    if ((xcr0 & 0x6) != 0x6) return 0; /* XMM and YMM state */
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int avx2 = (ebx >> 5) & 1, avx512f = (ebx >> 16) & 1;
    if (needs == NEEDS_AVX2_FMA) return avx2 && fma;
    if (needs == NEEDS_AVX512F) {
#if defined(__APPLE__)
        /* macOS enables the AVX-512 state on first use, so XCR0 does not show it
         * yet; the kernel reports support through sysctl instead. */
        int has = 0;
        size_t size = sizeof has;
        if (sysctlbyname("hw.optional.avx512f", &has, &size, NULL, 0) != 0) has = 0;
        return avx512f && avx2 && fma && has;
#else
        return avx512f && avx2 && fma && (xcr0 & 0xE0) == 0xE0; /* opmask, ZMM */
#endif
    }
    return 0;
}
#endif

static int detect_support(ci_backend b) {
    if (!backends[b].table) return 0;
    if (backends[b].needs == NEEDS_NOTHING) return 1;
#if defined(CI_HAVE_X86_BACKENDS)
    return x86_supports(backends[b].needs);
#else
    return 0;
#endif
}

int ci_backend_built(ci_backend b) { return in_range(b) && backends[b].table != NULL; }

/* Bit b + 1 set when backend b runs here; bit 0 marks the set as computed. CPUID and
 * XGETBV are slow under a hypervisor, so they run once, not per call. */
static int supported_set = 0;

int ci_backend_supported(ci_backend b) {
    if (!in_range(b)) return 0;
    int set = __atomic_load_n(&supported_set, __ATOMIC_ACQUIRE);
    if (!set) {
        set = 1;
        for (int i = 0; i < CI_BACKEND_COUNT; i++)
            if (detect_support((ci_backend)i)) set |= 2 << i;
        __atomic_store_n(&supported_set, set, __ATOMIC_RELEASE);
    }
    return (set >> (b + 1)) & 1;
}

int ci_backend_native(ci_backend b) { return ci_backend_supported(b) && backends[b].native; }

const char *ci_backend_name(ci_backend b) {
    if (b == CI_BACKEND_AUTO) return "auto";
    return in_range(b) ? backends[b].name : NULL;
}

int ci_backend_from_name(const char *name) {
    if (!name) return -2;
    if (strcmp(name, "auto") == 0) return CI_BACKEND_AUTO;
    for (int b = 0; b < CI_BACKEND_COUNT; b++)
        if (strcmp(name, backends[b].name) == 0) return b;
    return -2;
}

int ci_backend_lanes(ci_backend b) { return in_range(b) ? backends[b].lanes : 0; }

static ci_backend best_backend(void) {
    static const ci_backend preference[] = {
        CI_BACKEND_AVX512,
        CI_BACKEND_AVX2,
        CI_BACKEND_SSE2,
    };
#if defined(CI_NEON_IS_NATIVE)
    return CI_BACKEND_NEON;
#endif
    for (size_t i = 0; i < sizeof preference / sizeof preference[0]; i++)
        if (ci_backend_supported(preference[i])) return preference[i];
    /* Another architecture: SIMDe's portable vectors where built, else plain C. */
    return ci_backend_supported(CI_BACKEND_PORTABLE) ? CI_BACKEND_PORTABLE : CI_BACKEND_SCALAR;
}

/* The only global mutable state: the automatic choice, -1 until first resolved. */
static int active_backend = -1;

static ci_backend detect_backend(void) {
    const char *forced = getenv("STAGGER_BACKEND");
    if (forced) {
        int b = ci_backend_from_name(forced);
        if (b >= 0 && ci_backend_supported((ci_backend)b)) return (ci_backend)b;
    }
    return best_backend();
}

ci_backend ci_active_backend(void) {
    int b = __atomic_load_n(&active_backend, __ATOMIC_ACQUIRE);
    if (b < 0) {
        b = detect_backend();
        __atomic_store_n(&active_backend, b, __ATOMIC_RELEASE);
    }
    return (ci_backend)b;
}

ci_status ci_set_backend(ci_backend b) {
    if (b == CI_BACKEND_AUTO) {
        __atomic_store_n(&active_backend, (int)detect_backend(), __ATOMIC_RELEASE);
        return CI_OK;
    }
    if (!ci_backend_supported(b)) return CI_ERR_UNSUPPORTED_BACKEND;
    __atomic_store_n(&active_backend, (int)b, __ATOMIC_RELEASE);
    return CI_OK;
}

const ci_kernel_table *ci_resolve_backend(ci_backend b) {
    if (b == CI_BACKEND_AUTO) b = ci_active_backend();
    if (!ci_backend_supported(b)) return NULL;
    return backends[b].table;
}

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

static const char *const backend_names[CI_BACKEND_COUNT] = {
    "scalar", "portable", "sse2", "avx2", "avx512", "neon",
};

static const int backend_lanes[CI_BACKEND_COUNT] = {1, 8, 4, 8, 16, 4};

/* The backends this build compiled (see kernel_internal.h); NULL for the others. */
static const ci_kernel_table *table_for(ci_backend b) {
    switch (b) {
    case CI_BACKEND_SCALAR: return &ci_table_scalar;
#if defined(CI_HAVE_PORTABLE_BACKEND)
    case CI_BACKEND_PORTABLE: return &ci_table_portable;
#endif
#if defined(CI_HAVE_NEON_BACKEND)
    case CI_BACKEND_NEON: return &ci_table_neon;
#endif
#if defined(CI_HAVE_X86_BACKENDS)
    case CI_BACKEND_SSE2: return &ci_table_sse2;
    case CI_BACKEND_AVX2: return &ci_table_avx2;
    case CI_BACKEND_AVX512: return &ci_table_avx512;
#endif
    default: return NULL;
    }
}

#if defined(CI_HAVE_X86_BACKENDS)
static unsigned long long read_xcr0(void) {
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

/* CPUID says what the core can do; XCR0 says whether the OS saves the wider
 * registers on a context switch. Both are needed. */
static int x86_supports(ci_backend b) {
    unsigned int eax, ebx, ecx, edx;
    if (b == CI_BACKEND_SSE2) return 1; /* x86-64 baseline */
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1, fma = (ecx >> 12) & 1;
    if (!osxsave || !avx) return 0;
    unsigned long long xcr0 = read_xcr0();
    if ((xcr0 & 0x6) != 0x6) return 0; /* XMM and YMM state */
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int avx2 = (ebx >> 5) & 1, avx512f = (ebx >> 16) & 1;
    if (b == CI_BACKEND_AVX2) return avx2 && fma;
    if (b == CI_BACKEND_AVX512) {
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
    if (!table_for(b)) return 0;
    switch (b) {
    case CI_BACKEND_SCALAR:
    case CI_BACKEND_PORTABLE:
    case CI_BACKEND_NEON: return 1;
#if defined(CI_HAVE_X86_BACKENDS)
    case CI_BACKEND_SSE2:
    case CI_BACKEND_AVX2:
    case CI_BACKEND_AVX512: return x86_supports(b);
#endif
    default: return 0;
    }
}

int ci_backend_built(ci_backend b) { return table_for(b) != NULL; }

/* Bit b + 1 set when backend b runs here; bit 0 marks the set as computed. CPUID and
 * XGETBV are slow under a hypervisor, so they run once, not per call. */
static int supported_set = 0;

int ci_backend_supported(ci_backend b) {
    if ((int)b < 0 || b >= CI_BACKEND_COUNT) return 0;
    int set = __atomic_load_n(&supported_set, __ATOMIC_ACQUIRE);
    if (!set) {
        set = 1;
        for (int i = 0; i < CI_BACKEND_COUNT; i++)
            if (detect_support((ci_backend)i)) set |= 2 << i;
        __atomic_store_n(&supported_set, set, __ATOMIC_RELEASE);
    }
    return (set >> (b + 1)) & 1;
}

int ci_backend_native(ci_backend b) {
    if (!ci_backend_supported(b)) return 0;
    if (b == CI_BACKEND_NEON) {
#if defined(CI_NEON_IS_NATIVE)
        return 1;
#else
        return 0;
#endif
    }
    return b != CI_BACKEND_PORTABLE;
}

const char *ci_backend_name(ci_backend b) {
    if (b == CI_BACKEND_AUTO) return "auto";
    if ((int)b < 0 || b >= CI_BACKEND_COUNT) return NULL;
    return backend_names[b];
}

int ci_backend_from_name(const char *name) {
    if (!name) return -2;
    if (strcmp(name, "auto") == 0) return CI_BACKEND_AUTO;
    for (int b = 0; b < CI_BACKEND_COUNT; b++)
        if (strcmp(name, backend_names[b]) == 0) return b;
    return -2;
}

int ci_backend_lanes(ci_backend b) {
    if ((int)b < 0 || b >= CI_BACKEND_COUNT) return 0;
    return backend_lanes[b];
}

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
    const char *forced = getenv("CINTERP_BACKEND");
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
    return table_for(b);
}

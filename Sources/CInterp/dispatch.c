/*
 * dispatch.c: the single dispatch point. Validates arguments, derives per-call
 * constants in double precision (ci_prepared), picks a backend table and runs it.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_internal.h"

#if defined(CI_HAVE_X86_BACKENDS)
#include <cpuid.h>
#if defined(__APPLE__)
#include <sys/sysctl.h>
#endif
#endif

/* ---- backends --------------------------------------------------------------------- */

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
        CI_BACKEND_AVX512, CI_BACKEND_AVX2, CI_BACKEND_SSE2,
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

static const ci_kernel_table *resolve(ci_backend b) {
    if (b == CI_BACKEND_AUTO) b = ci_active_backend();
    if (!ci_backend_supported(b)) return NULL;
    return table_for(b);
}

/* ---- curves ----------------------------------------------------------------------- */

static int ci_is_finite(double x) { return isfinite(x); }

/* A duration the float kernel can divide by: finite and positive after rounding. */
static int valid_duration(double d) {
    return ci_is_finite(d) && (float)d > 0 && isfinite((float)d) && isfinite(1.0f / (float)d);
}

/* A linear() curve's float arithmetic stays finite over progress [0, 1]: differences
 * between neighbouring points, and the two ends, which may extend the first or last
 * segment (the fraction along it and the value there), fit float with room to spare.
 * Inside a segment the fraction is in [0, 1] and the value between its outputs. */
static int linear_values_fit(const float *q, int32_t count) {
    const double limit = FLT_MAX / 4;
    for (int32_t k = 1; k < count; k++)
        if (!(fabs((double)q[2 * k] - q[2 * k - 2]) <= limit &&
              fabs((double)q[2 * k + 1] - q[2 * k - 1]) <= limit))
            return 0;
    for (int end = 0; end <= 1; end++) {
        int32_t a = 0;
        for (int32_t k = 1; k + 1 < count; k++)
            if (q[2 * k] <= end) a = k;
        double xa = q[2 * a], ya = q[2 * a + 1], xb = q[2 * a + 2], yb = q[2 * a + 3];
        if (xa == xb) continue;
        double along = (end - xa) / (xb - xa);
        if (!(fabs(along) <= limit && fabs(ya + along * (yb - ya)) <= limit)) return 0;
    }
    return 1;
}

ci_status ci_curve_validate(const ci_curve *c) {
    if (!c) return CI_ERR_NULL_POINTER;
    for (int i = 0; i < 4; i++)
        if (!ci_is_finite(c->params[i])) return CI_ERR_INVALID_CURVE;
    switch (c->kind) {
    case CI_CURVE_LINEAR: return CI_OK;
    case CI_CURVE_CUBIC_BEZIER: {
        float x1 = c->params[0], x2 = c->params[2];
        return (x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1) ? CI_OK : CI_ERR_INVALID_CURVE;
    }
    case CI_CURVE_STEPS: {
        int minimum = c->step_position == CI_JUMP_NONE ? 2 : 1;
        if (c->step_position < CI_JUMP_START || c->step_position > CI_JUMP_BOTH)
            return CI_ERR_INVALID_CURVE;
        return (c->steps >= minimum && (uint32_t)c->steps <= CI_MAX_STEPS)
                   ? CI_OK : CI_ERR_INVALID_CURVE;
    }
    case CI_CURVE_SPRING:
        return (c->params[0] > 0 && c->params[1] >= 0) ? CI_OK : CI_ERR_INVALID_CURVE;
    case CI_CURVE_DECAY:
        return c->params[0] > 0 ? CI_OK : CI_ERR_INVALID_CURVE;
    case CI_CURVE_PIECEWISE_LINEAR: {
        if (!c->points) return CI_ERR_NULL_POINTER;
        if (c->point_count < 2 || (uint32_t)c->point_count > CI_MAX_LINEAR_POINTS)
            return CI_ERR_INVALID_CURVE;
        for (int32_t i = 0; i < c->point_count; i++) {
            float input = c->points[2 * i], output = c->points[2 * i + 1];
            if (!ci_is_finite(input) || !ci_is_finite(output)) return CI_ERR_INVALID_CURVE;
            if (i > 0 && !(input >= c->points[2 * i - 2])) return CI_ERR_INVALID_CURVE;
        }
        return linear_values_fit(c->points, c->point_count) ? CI_OK : CI_ERR_INVALID_CURVE;
    }
    default:
        if (c->kind < CI_CURVE_SINE || c->kind > CI_CURVE_BOUNCE) return CI_ERR_INVALID_CURVE;
        return (c->direction >= CI_EASE_IN && c->direction <= CI_EASE_IN_OUT)
                   ? CI_OK : CI_ERR_INVALID_CURVE;
    }
}

/* Spring constants in double: the float kernel then rounds each once. */
#define M_LOG2E_DOUBLE 1.4426950408889634074

static void prepare_spring(ci_prepared *P, double omega0, double zeta, double delta,
                           double v0) {
    double lambda = zeta * omega0, b = lambda * delta - v0, omega = 0, k = lambda * b;
    if (zeta < 1) {
        P->spring_regime = CI_SPRING_UNDER;
        omega = omega0 * sqrt((1 - zeta) * (1 + zeta));
        k += omega * omega * delta;
    } else if (zeta > 1) {
        P->spring_regime = CI_SPRING_OVER;
        double root = sqrt((zeta - 1) * (zeta + 1));
        omega = omega0 * root;
        k -= omega * omega * delta;
        /* -lambda + omega without cancellation. */
        P->rate_slow = (float)(-omega0 / (zeta + root));
        P->rate_fast = (float)(-lambda - omega);
        P->rate_slow_log2 = (float)(-omega0 / (zeta + root) * M_LOG2E_DOUBLE);
        P->rate_fast_log2 = (float)((-lambda - omega) * M_LOG2E_DOUBLE);
    } else {
        P->spring_regime = CI_SPRING_CRITICAL;
    }
    P->delta = (float)delta;
    P->v0 = (float)v0;
    P->lambda = (float)lambda;
    P->omega = (float)omega;
    P->inv_omega = omega > 0 ? (float)(1 / omega) : 0;
    P->half_inv_omega = omega > 0 ? (float)(0.5 / omega) : 0;
    P->b = (float)b;
    P->k = (float)k;
    P->decay_log2 = (float)(-lambda * M_LOG2E_DOUBLE);
    P->omega_half_turns = (float)(omega / 3.14159265358979323846);
    P->b_over_omega = omega > 0 ? (float)(b / omega) : 0;
    P->k_over_omega = omega > 0 ? (float)(k / omega) : 0;
    /* b / omega can overflow where b and 1 / omega each fit: such a spring takes the
     * general path through eC and eS. */
    P->factored_under = P->spring_regime == CI_SPRING_UNDER && isfinite(P->b_over_omega) &&
                        isfinite(P->k_over_omega);
    P->omega0_squared = (float)(omega0 * omega0);
}

/* A decay as the spring loops read it (see CI_SPRING_DECAY): x(t) = delta - delta eC,
 * x'(t) = v0 eC with eC = e^(-k t). The finite check below covers k delta. */
static void prepare_decay(ci_prepared *P, double k, double delta) {
    P->kind = CI_CURVE_SPRING;
    P->spring_regime = CI_SPRING_DECAY;
    P->delta = (float)delta;
    P->v0 = (float)(k * delta);
    P->lambda = (float)k;
    P->decay_log2 = (float)(-k * M_LOG2E_DOUBLE);
}

/* Springs and decays take time in seconds and ignore an easing duration. */
static int is_timed(int kind) { return kind == CI_CURVE_SPRING || kind == CI_CURVE_DECAY; }

/* Finite inputs can still overflow float once combined (a stiffness of 1e80, a
 * control point of 2e38): every constant the loops use must be finite. */
static int prepared_is_finite(const ci_prepared *P) {
    const float values[] = {3.0f * P->y1, 3.0f * P->y2, 3.0f * (1.0f - P->y1),
                            3.0f * (1.0f - P->y2), P->delta, P->v0,
                            P->lambda, P->omega, P->inv_omega, P->half_inv_omega, P->b,
                            P->k, P->rate_slow, P->rate_fast, P->omega0_squared,
                            P->decay_log2, P->rate_slow_log2, P->rate_fast_log2};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        if (!isfinite(values[i])) return 0;
    return 1;
}

/* Finite constants are not enough for a spring: the values the loops form from them
 * must fit float too. |x(t)| <= 2 |delta| + |b| s and |x'(t)| <= |v0| + |k| s, where s
 * bounds e^(-lambda t) S(t) over t >= 0: by 1 / omega while it oscillates, by
 * t e^(-(lambda - omega) t) <= 1 / (e (lambda - omega)) once damped. Half of FLT_MAX
 * leaves room for rounding. */
static int spring_magnitudes_fit(const ci_curve *c) {
    const double limit = FLT_MAX / 2, e = 2.718281828459045;
    if (c->kind != CI_CURVE_SPRING) return 1;
    double omega0 = c->params[0], zeta = c->params[1], delta = c->params[2];
    double v0 = c->params[3], lambda = zeta * omega0, b = lambda * delta - v0, s, k;
    if (zeta < 1) {
        double omega = omega0 * sqrt((1 - zeta) * (1 + zeta));
        s = 1 / omega;
        if (lambda > 0) s = fmin(s, 1 / (e * lambda));
        k = lambda * b + omega * omega * delta;
    } else if (zeta == 1) {
        s = 1 / (e * lambda);
        k = lambda * b;
    } else {
        double root = sqrt((zeta - 1) * (zeta + 1)), omega = omega0 * root;
        s = (zeta + root) / (e * omega0); /* 1 / (e (lambda - omega)) */
        k = lambda * b - omega * omega * delta;
    }
    return 2 * fabs(delta) + fabs(b) * s <= limit && fabs(v0) + fabs(k) * s <= limit;
}

static void prepare(ci_prepared *P, const ci_curve *c) {
    memset(P, 0, sizeof *P);
    P->kind = c->kind;
    P->direction = c->direction;
    if (c->kind == CI_CURVE_CUBIC_BEZIER) {
        P->x1 = c->params[0]; P->y1 = c->params[1];
        P->x2 = c->params[2]; P->y2 = c->params[3];
        double x1 = P->x1, x2 = P->x2, m1 = 1.0 - x2, m2 = 1.0 - x1;
        P->bezier_a = (float)(3 * x1);
        P->bezier_b = (float)(3 * x2 - 6 * x1);
        P->bezier_c = (float)(1 + 3 * x1 - 3 * x2);
        P->bezier_mirror_a = (float)(3 * m1);
        P->bezier_mirror_b = (float)(3 * m2 - 6 * m1);
        P->bezier_mirror_c = (float)(1 + 3 * m1 - 3 * m2);
    } else if (c->kind == CI_CURVE_STEPS) {
        int n = c->steps;
        P->steps_n = (float)n;
        P->steps_offset = (c->step_position == CI_JUMP_START ||
                           c->step_position == CI_JUMP_BOTH) ? 1.0f : 0.0f;
        P->steps_jumps = (float)(c->step_position == CI_JUMP_NONE   ? n - 1
                                 : c->step_position == CI_JUMP_BOTH ? n + 1
                                                                    : n);
    } else if (c->kind == CI_CURVE_SPRING) {
        prepare_spring(P, c->params[0], c->params[1], c->params[2], c->params[3]);
    } else if (c->kind == CI_CURVE_DECAY) {
        prepare_decay(P, c->params[0], c->params[2]);
    } else if (c->kind == CI_CURVE_PIECEWISE_LINEAR) {
        P->linear_points = c->points;
        P->linear_count = c->point_count;
    }
}

/* ---- entry points ----------------------------------------------------------------- */

static ci_status finish(int saw_nonfinite) {
    return saw_nonfinite ? CI_ERR_NONFINITE_INPUT : CI_OK;
}

/* What every entry point does first: a runnable backend, a valid curve, constants
 * that fit float. */
static ci_status begin(ci_backend backend, const ci_curve *curve,
                       const ci_kernel_table **table, ci_prepared *P) {
    *table = resolve(backend);
    if (!*table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!curve) return CI_ERR_NULL_POINTER;
    ci_status status = ci_curve_validate(curve);
    if (status != CI_OK) return status;
    prepare(P, curve);
    return prepared_is_finite(P) && spring_magnitudes_fit(curve) ? CI_OK
                                                                 : CI_ERR_INVALID_CURVE;
}

ci_status ci_ease(ci_backend backend, const ci_curve *curve, const float *progress,
                  float *value, size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    ci_status status = begin(backend, curve, &table, &P);
    if (status != CI_OK || count == 0) return status;
    if (!progress || !value) return CI_ERR_NULL_POINTER;
    if (is_timed(curve->kind))
        return finish(table->spring(&P, progress, value, NULL, count));
    return finish(table->ease(&P, progress, value, count));
}

ci_status ci_over_time(ci_backend backend, const ci_curve *curve, double duration,
                       const float *time, float *value, size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    ci_status status = begin(backend, curve, &table, &P);
    if (status != CI_OK) return status;
    int is_spring = is_timed(curve->kind);
    if (!is_spring && !valid_duration(duration)) return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (!time || !value) return CI_ERR_NULL_POINTER;
    if (is_spring) return finish(table->spring(&P, time, value, NULL, count));
    P.divide_by_duration = 1;
    P.duration = (float)duration;
    return finish(table->ease(&P, time, value, count));
}

ci_status ci_spring(ci_backend backend, const ci_curve *curve, const float *time,
                    float *value, float *velocity, size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    ci_status status = begin(backend, curve, &table, &P);
    if (status != CI_OK) return status;
    if (!is_timed(curve->kind)) return CI_ERR_INVALID_CURVE;
    if (count == 0) return CI_OK;
    if (!time || (!value && !velocity)) return CI_ERR_NULL_POINTER;
    return finish(table->spring(&P, time, value, velocity, count));
}

/* A seconds value the float kernel can hold. */
static int fits_float(double x) { return ci_is_finite(x) && isfinite((float)x); }

/* The closed-form list delays as the sampling pass reads them, relative to `now`
 * (time - start), all in double before one rounding each. */
static ci_status prepare_list(ci_sample_prepared *S, const ci_list_delays *L, double now,
                              size_t index_base, size_t count) {
    double cap = L->max_delay;
    if (!ci_is_finite(L->base_delay) || !ci_is_finite(L->offset) || !ci_is_finite(L->slope) ||
        !ci_is_finite(L->origin) || isnan(cap) || cap < 0 || !ci_is_finite(L->window_start) ||
        !ci_is_finite(L->window_end) || L->window_end < L->window_start ||
        (L->outside != CI_OUTSIDE_IMMEDIATE && L->outside != CI_OUTSIDE_WINDOW_EDGE))
        return CI_ERR_INVALID_PARAMETER;
    if (index_base + count > CI_MAX_INDEXED_ITEMS || L->window_end > CI_MAX_INDEXED_ITEMS ||
        L->window_start < 0 || fabs(L->origin) > CI_MAX_INDEXED_ITEMS)
        return CI_ERR_INVALID_PARAMETER;
    double start_elapsed = now - L->base_delay;
    double after_offset = start_elapsed - L->offset;
    if (!fits_float(start_elapsed) || !fits_float(after_offset) || !fits_float(L->slope))
        return CI_ERR_INVALID_PARAMETER;
    /* slope * |j - origin| over this call's items and, in backends without FMA, Dekker's
     * split of slope (times 4097) must stay finite, or the elapsed time is NaN: x86
     * min/max turn that into a wrong progress, NEON's propagate it. */
    double last_j = L->window_end > L->window_start ? L->window_end - 1 : L->window_start;
    double j0 = fmin(fmax((double)index_base, L->window_start), last_j) - L->window_start;
    double j1 = fmin(fmax((double)index_base + (double)(count ? count - 1 : 0), L->window_start),
                     last_j) - L->window_start;
    double reach = 1 + fmax(fabs(j0 - L->origin), fabs(j1 - L->origin));
    if (!(fabs(L->slope) * reach <= FLT_MAX / 8192)) return CI_ERR_INVALID_PARAMETER;
    S->source = CI_SOURCE_LIST;
    S->start_elapsed = (float)start_elapsed;
    S->after_offset = (float)after_offset;
    S->cap_elapsed = isinf(cap) || !fits_float(start_elapsed - cap) ? -INFINITY
                                                                    : (float)(start_elapsed - cap);
    S->slope = (float)L->slope;
    /* Exact for indices and origins below 2^23, as every distance then is. */
    S->center = (float)(L->window_start + L->origin);
    /* With offset and slope >= 0 the clamp at start_elapsed cannot bind: rounding is
     * monotonic, so offset + slope |j - c| >= 0 stays so in float. */
    S->clamp_to_start = L->offset < 0 || L->slope < 0;
    /* An empty window has no edge to clamp to: every item is outside. */
    S->window_start = (float)L->window_start;
    S->window_last = L->window_end > L->window_start ? (float)(L->window_end - 1)
                                                     : (float)L->window_start - 1;
    S->outside_immediate = L->outside == CI_OUTSIDE_IMMEDIATE || L->window_end <= L->window_start;
    S->index_base = (float)index_base;
    S->has_cap = S->cap_elapsed != -INFINITY;
    S->window_covers_call = L->window_end > L->window_start && count > 0 &&
                            (double)index_base >= L->window_start &&
                            (double)index_base + (double)(count - 1) <= L->window_end - 1;
    return CI_OK;
}

/* The interiors of the two moving runs (see ci_sample_prepared.interior_at): items
 * whose elapsed time a - s |j - c|, with the float constants a, s the kernel uses, lies
 * in [m, duration - m] for a margin m far beyond the float pass's rounding (a few
 * 2^-24 of |a| + s |j - c|, and of the duration for the multiply by its inverse), so
 * the progress needs no clamp. Bounds in double, rounded inward. */
static void prepare_interiors(ci_sample_prepared *S, double base, double c, size_t count) {
    double a = S->after_offset, s = S->slope, duration = S->duration;
    if (!(s > 0)) return;
    double last = base + (double)(count - 1);
    double reach = fmax(fabs(base - c), fabs(last - c)) + 1;
    double margin = 0x1p-20 * (fabs(a) + s * reach + duration) + 0x1p-100;
    /* margin <= a - s d <= duration - margin */
    double d_low = (a - duration + margin) / s, d_high = (a - margin) / s;
    if (!(d_high >= d_low) || d_high < 0) return;
    d_low = fmax(d_low, 0);
    const size_t *b = S->split_at;
    /* left run [b0, b1): j = c - d; right run [b2, b3): j = c + d */
    double left_begin = fmax(ceil(c - d_high), base + (double)b[0]);
    double left_end = fmin(floor(c - d_low) + 1, base + (double)b[1]);
    double right_begin = fmax(ceil(c + d_low), base + (double)b[2]);
    double right_end = fmin(floor(c + d_high) + 1, base + (double)b[3]);
    /* Progress is below 1/2 beyond d_below, at or above it within d_above (the same
     * margin: the float progress stays on that side). */
    double d_below = (a - duration / 2 + margin) / s, d_above = (a - duration / 2 - margin) / s;
    if (left_end > left_begin) {
        S->interior_at[0][0] = (size_t)(left_begin - base);
        S->interior_at[0][1] = (size_t)(left_end - base);
        /* j = c - d: below up to c - d_below, at or above from c - d_above */
        double below_end = fmin(fmax(floor(c - d_below) + 1, left_begin), left_end);
        double above_begin = fmin(fmax(ceil(c - d_above), below_end), left_end);
        S->half_at[0][0] = (size_t)(below_end - base);
        S->half_at[0][1] = (size_t)(above_begin - base);
    }
    if (right_end > right_begin) {
        S->interior_at[1][0] = (size_t)(right_begin - base);
        S->interior_at[1][1] = (size_t)(right_end - base);
        /* j = c + d: at or above up to c + d_above, below from c + d_below */
        double above_end = fmin(fmax(floor(c + d_above) + 1, right_begin), right_end);
        double below_begin = fmin(fmax(ceil(c + d_below), above_end), right_end);
        S->half_at[1][0] = (size_t)(above_end - base);
        S->half_at[1][1] = (size_t)(below_begin - base);
    }
}

/* Splits a list call into runs of waiting, moving and done items (see
 * ci_sample_prepared.split), for the simple list: every item inside the window, no cap,
 * delays growing with distance from the origin. Elapsed time is
 * after_offset - slope |index - c| with c = window_start + origin; the bounds come from
 * double arithmetic with a margin (2^-20 relative) far beyond the float pass's own
 * rounding (a few 2^-24), so an item in a waiting run has elapsed < 0 in float too and
 * one in a done run has elapsed / duration >= 1: progress clamps to exactly 0 or 1,
 * the same for every item of the run. Springs and decays are never done (they only
 * approach rest), so they get no done run. A fill cannot add, so an accumulating call
 * is not split; nor are short calls, which are not worth it. */
static void prepare_split(ci_sample_prepared *S, int is_spring, size_t track_count,
                          size_t count) {
    if (S->source != CI_SOURCE_LIST || !S->window_covers_call || S->has_cap || S->accumulate ||
        !(S->slope > 0) || track_count > CI_SPAN_TRACKS || count < 256)
        return;
    double base = S->index_base, last = base + (double)(count - 1);
    double c = (double)S->center;
    double a = S->after_offset, slope = S->slope;
    double reach = fmax(fabs(base - c), fabs(last - c)) + 1;
    double margin = 0x1p-20 * (fabs(a) + slope * reach) + 0x1p-100;
    /* Waiting beyond d_wait; done within d_done (distances from c). */
    double d_wait = (a + margin) / slope;
    double d_done = is_spring ? -1 : (a - margin - S->duration * (1 + 0x1p-20)) / slope;
    if (d_wait < 0) { /* every item waits */
        S->split = 1;
        for (int k = 0; k < 4; k++) S->split_at[k] = count;
        return;
    }
    /* Offsets into the call, clamped before conversion (d_wait may be huge). */
#define CI_OFFSET(index) ((size_t)fmin(fmax((index) - base, 0.0), (double)count))
    size_t waiting_left = CI_OFFSET(floor(c - d_wait));
    size_t waiting_right = CI_OFFSET(ceil(c + d_wait) + 1);
    if (waiting_right < waiting_left) waiting_right = waiting_left;
    size_t done_begin, done_end;
    if (d_done >= 0) {
        done_begin = CI_OFFSET(ceil(c - d_done) + 1);
        done_end = CI_OFFSET(floor(c + d_done));
    } else {
        done_begin = done_end = CI_OFFSET(floor(c));
    }
#undef CI_OFFSET
    if (done_begin < waiting_left) done_begin = waiting_left;
    if (done_begin > waiting_right) done_begin = waiting_right;
    if (done_end < done_begin) done_end = done_begin;
    if (done_end > waiting_right) done_end = waiting_right;
    S->split = 1;
    S->split_at[0] = waiting_left;
    S->split_at[1] = done_begin;
    S->split_at[2] = done_end;
    S->split_at[3] = waiting_right;
    if (!is_spring && !S->clamp_to_start) prepare_interiors(S, base, c, count);
}

ci_status ci_sample(ci_backend backend, const ci_curve *curve,
                    const ci_sample_request *request, const ci_track *tracks,
                    size_t track_count, float *const *outputs, float *appearance,
                    float *velocity, size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    if (!request) return resolve(backend) ? CI_ERR_NULL_POINTER : CI_ERR_UNSUPPORTED_BACKEND;
    ci_curve unit = curve ? *curve : (ci_curve){0};
    if (curve && is_timed(unit.kind)) unit.params[2] = 1;
    ci_status status = begin(backend, curve ? &unit : NULL, &table, &P);
    if (status != CI_OK) return status;

    const ci_sample_request *R = request;
    int sources = (R->list != NULL) + (R->delays != NULL) + (R->item_start != NULL);
    int is_spring = is_timed(unit.kind);
    double now = R->time - R->start;
    if (sources != 1 || (R->accumulate && track_count > 0) || !fits_float(R->time) || !fits_float(R->start) || !fits_float(now) ||
        !isfinite(R->from) || !isfinite(R->to) || !fits_float((double)R->to - R->from) ||
        (!is_spring && !valid_duration(R->duration)))
        return CI_ERR_INVALID_PARAMETER;
    if (R->item_start && (!R->item_from || !R->item_to || !R->item_velocity))
        return CI_ERR_NULL_POINTER;

    ci_sample_prepared S;
    memset(&S, 0, sizeof S);
    S.sides = CI_SIDES_TEST;
    S.duration = is_spring ? 1.0f : (float)R->duration;
    S.inverse_duration = 1.0f / S.duration;
    if (R->list) {
        status = prepare_list(&S, R->list, now, R->index_base, count);
        if (status != CI_OK) return status;
    } else {
        S.source = R->delays ? CI_SOURCE_DELAYS : CI_SOURCE_ITEMS;
        S.time_after_start = (float)now;
    }
    S.accumulate = R->accumulate != 0;
    S.from = R->from;
    S.to = R->to;
    S.unit_span = S.source != CI_SOURCE_ITEMS && R->from == 0 && R->to == 1;
    /* A decay's velocity follows from its span (the kernel computes it). */
    S.uniform_velocity = unit.kind == CI_CURVE_SPRING ? (R->to - R->from) * unit.params[3] : 0;
    if (!isfinite(S.uniform_velocity)) return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (track_count > 0 && !outputs) return CI_ERR_NULL_POINTER;
    for (size_t k = 0; k < track_count; k++)
        if (!outputs[k] || !tracks || !isfinite(tracks[k].from) || !isfinite(tracks[k].to))
            return outputs[k] && tracks ? CI_ERR_INVALID_PARAMETER : CI_ERR_NULL_POINTER;
    prepare_split(&S, is_spring, track_count, count);
    S.exact_spans = track_count <= CI_SPAN_TRACKS;
    for (size_t k = 0; k < track_count && S.exact_spans; k++) {
        double span = (double)tracks[k].to - (double)tracks[k].from;
        S.track_span[k] = (float)span;
        S.exact_spans = (double)S.track_span[k] == span;
    }
    S.simple_list = S.source == CI_SOURCE_LIST && S.window_covers_call && !S.has_cap &&
                    !S.clamp_to_start && !S.accumulate && S.exact_spans;
    return finish(table->sample(&P, &S, R, tracks, track_count, outputs, appearance,
                                velocity, count));
}

ci_status ci_stagger_progress(ci_backend backend, const ci_curve *curve,
                              const ci_stagger *stagger, const float *delays,
                              float *value, size_t count) {
    if (!stagger) return resolve(backend) ? CI_ERR_NULL_POINTER : CI_ERR_UNSUPPORTED_BACKEND;
    /* base + i * increment; a negative increment is the same line seen from the last
     * item, which keeps the list form's stagger part non-negative. */
    double last = count > 0 ? (double)(count - 1) : 0;
    int falling = stagger->increment < 0;
    ci_list_delays list = {
        .base_delay = falling ? stagger->base_delay + last * stagger->increment
                              : stagger->base_delay,
        .offset = 0, .slope = fabs(stagger->increment), .origin = falling ? last : 0,
        .max_delay = INFINITY, .window_start = 0,
        .window_end = (double)CI_MAX_INDEXED_ITEMS, .outside = CI_OUTSIDE_WINDOW_EDGE,
    };
    ci_sample_request request = {
        .time = stagger->time, .start = 0, .duration = stagger->duration,
        .list = delays ? NULL : &list, .delays = delays, .from = 0, .to = 1,
    };
    if (count > 0 && !value) return CI_ERR_NULL_POINTER;
    return ci_sample(backend, curve, &request, NULL, 0, NULL, value, NULL, count);
}

/* ---- layouts and waves -------------------------------------------------------------- */

static ci_status prepare_layout(ci_layout_prepared *L, const ci_delay_layout *D,
                                size_t count, int distances_only) {
    memset(L, 0, sizeof *L);
    if (D->columns < 1 || D->rows < 1 || (uint64_t)D->columns * (uint64_t)D->rows < count ||
        count > CI_MAX_GRID_ITEMS || D->metric < CI_METRIC_EUCLIDEAN ||
        D->metric > CI_METRIC_CHEBYSHEV || D->axis < CI_AXIS_BOTH || D->axis > CI_AXIS_Y ||
        !fits_float(D->origin_x) || !fits_float(D->origin_y) || !fits_float(D->max_distance) ||
        D->max_distance < 0 || fabs(D->origin_x) > 1e18 || fabs(D->origin_y) > 1e18 ||
        (D->max_distance > 0 && !fits_float(1 / D->max_distance)))
        return CI_ERR_INVALID_PARAMETER;
    L->metric = D->metric;
    L->axis = D->axis;
    L->invert = D->invert != 0;
    L->distances_only = distances_only;
    L->columns = (float)D->columns;
    L->origin_x = (float)D->origin_x;
    L->origin_y = (float)D->origin_y;
    L->max_distance = (float)D->max_distance;
    if (distances_only) return CI_OK;

    if (!fits_float(D->base_delay) || !fits_float(D->spread) || D->spread < 0 ||
        !fits_float(fabs(D->base_delay) + D->spread) ||
        !(D->nearest_distance >= 0 && D->nearest_distance <= D->max_distance) ||
        (D->max_distance > D->nearest_distance &&
         !fits_float(1 / (D->max_distance - D->nearest_distance))) ||
        isnan(D->max_delay) || D->max_delay < 0 || !ci_is_finite(D->window_start) ||
        !ci_is_finite(D->window_end) || D->window_end < D->window_start || D->window_start < 0 ||
        (D->outside != CI_OUTSIDE_IMMEDIATE && D->outside != CI_OUTSIDE_WINDOW_EDGE))
        return CI_ERR_INVALID_PARAMETER;
    if (is_timed(D->distribution.kind)) return CI_ERR_INVALID_CURVE;
    ci_status status = ci_curve_validate(&D->distribution);
    if (status != CI_OK) return status;
    prepare(&L->distribution, &D->distribution);
    if (!prepared_is_finite(&L->distribution)) return CI_ERR_INVALID_CURVE;
    L->reversed = D->reversed != 0;
    double range = D->max_distance - D->nearest_distance;
    L->nearest_distance = (float)D->nearest_distance;
    L->inverse_distance_range = range > 0 ? (float)(1 / range) : 0;
    L->base_delay = (float)D->base_delay;
    L->spread = (float)D->spread;
    /* A distribution that overshoots (back, elastic: s > 1) can take spread s past
     * FLT_MAX; capping the stagger at FLT_MAX - |base| keeps every delay finite. */
    double finite_cap = (double)FLT_MAX - fabs(D->base_delay);
    double cap = D->max_delay < finite_cap ? D->max_delay : finite_cap;
    L->max_delay = (float)cap;
    if ((double)L->max_delay > cap) L->max_delay = nextafterf(L->max_delay, 0);
    double end = D->window_end < (double)CI_MAX_GRID_ITEMS ? D->window_end : (double)CI_MAX_GRID_ITEMS;
    L->window_start = (float)D->window_start;
    L->window_last = end > D->window_start ? (float)(end - 1) : (float)D->window_start - 1;
    L->outside_immediate = D->outside == CI_OUTSIDE_IMMEDIATE || end <= D->window_start;
    return CI_OK;
}

static ci_status run_layout(ci_backend backend, const ci_delay_layout *layout, float *out,
                            size_t count, int distances_only) {
    const ci_kernel_table *table = resolve(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!layout) return CI_ERR_NULL_POINTER;
    ci_layout_prepared L;
    ci_status status = prepare_layout(&L, layout, count, distances_only);
    if (status != CI_OK || count == 0) return status;
    if (!out) return CI_ERR_NULL_POINTER;
    return finish(table->layout(&L, out, count));
}

ci_status ci_delays(ci_backend backend, const ci_delay_layout *layout, float *delays,
                    size_t count) {
    return run_layout(backend, layout, delays, count, 0);
}

ci_status ci_distances(ci_backend backend, const ci_delay_layout *layout,
                       float *distances, size_t count) {
    return run_layout(backend, layout, distances, count, 1);
}

ci_status ci_wave_offsets(ci_backend backend, const ci_wave *wave, const float *distances,
                          float *offsets, size_t count) {
    const ci_kernel_table *table = resolve(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!wave) return CI_ERR_NULL_POINTER;
    int uses_decay = wave->envelope != CI_ENVELOPE_NONE;
    int uses_attack = wave->envelope == CI_ENVELOPE_ATTACK_DECAY;
    if (!ci_is_finite(wave->phase) || !fits_float(wave->elapsed) ||
        !fits_float(wave->amplitude) || !fits_float(wave->spatial_frequency) ||
        !fits_float(wave->front_delay) || wave->envelope < CI_ENVELOPE_NONE ||
        wave->envelope > CI_ENVELOPE_ATTACK_DECAY ||
        (uses_decay && !(wave->decay > 0 && fits_float(wave->decay) &&
                         fits_float(1 / wave->decay))) ||
        (uses_attack && !(wave->attack > 0 && fits_float(wave->attack) &&
                          fits_float(1 / wave->attack))))
        return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (!offsets) return CI_ERR_NULL_POINTER;
    ci_wave_prepared V;
    memset(&V, 0, sizeof V);
    V.envelope = wave->envelope;
    V.indexed = distances == NULL;
    V.phase = (float)(wave->phase - floor(wave->phase)); /* cycles, reduced in double */
    V.elapsed = (float)wave->elapsed;
    V.amplitude = (float)wave->amplitude;
    V.spatial_frequency = (float)wave->spatial_frequency;
    V.front_delay = (float)wave->front_delay;
    V.inverse_decay = uses_decay ? (float)(1 / wave->decay) : 0;
    V.inverse_attack = uses_attack ? (float)(1 / wave->attack) : 0;
    V.index_scale = count > 1 ? (float)(1.0 / (double)(count - 1)) : 0;
    if (V.indexed && count > CI_MAX_INDEXED_ITEMS) return CI_ERR_INVALID_PARAMETER;
    return finish(table->wave(&V, distances, offsets, count));
}

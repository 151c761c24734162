/*
 * kernel_internal.h: what the dispatch layer hands to a backend.
 *
 * dispatch.c validates a ci_curve and derives, once per call and in double precision,
 * every constant a loop needs (ci_prepared). Backends only run loops over it, so no
 * backend repeats validation or parameter algebra.
 */
#ifndef CINTERP_KERNEL_INTERNAL_H
#define CINTERP_KERNEL_INTERNAL_H

#include <stddef.h>
#include "cinterp.h"

/* Spring regimes, chosen once per call from zeta. */
enum { CI_SPRING_UNDER = 0, CI_SPRING_CRITICAL = 1, CI_SPRING_OVER = 2 };

typedef struct ci_prepared {
    int kind;      /* ci_curve_kind */
    int direction; /* ci_direction */

    /* Easing input over time: p = input / duration when divide_by_duration. */
    int divide_by_duration;
    float duration;

    /* Direction mapping of a Penner "in" function f onto p (see kernel_template.h):
     * u = lo ? a_lo * p + b_lo : a_hi * p + b_hi, lo = p < split; r = f(u) * scale;
     * result = lo ? r : 1 - r. */
    float split, a_lo, b_lo, a_hi, b_hi, scale;

    /* Cubic-bezier control points (P0 = 0, P3 = 1). */
    float x1, y1, x2, y2;

    /* Steps: value = clamp(floor(p n) + offset, 0, jumps) / jumps. */
    float steps_n, steps_offset, steps_jumps;

    /* Spring, x(t) = delta - e^(-lambda t) (delta C + b S), see kernel_template.h. */
    int spring_regime;
    float delta, v0, lambda, omega, inv_omega, half_inv_omega, b, k;
    float rate_slow, rate_fast; /* over-damped: -lambda + omega, -lambda - omega */
} ci_prepared;

typedef struct ci_stagger_prepared {
    float time;            /* explicit-delay form: elapsed_i = time - delays[i] */
    float time_after_base; /* indexed form: elapsed_i = time_after_base - i * increment */
    float increment;
    float duration;
} ci_stagger_prepared;

/* A backend: three loops. Each returns 1 when it met a non-finite input, else 0. */
typedef struct ci_kernel_table {
    int (*ease)(const ci_prepared *P, const float *in, float *out, size_t n);
    int (*spring)(const ci_prepared *P, const float *t, float *value, float *velocity,
                  size_t n);
    int (*stagger)(const ci_prepared *P, const ci_stagger_prepared *S,
                   const float *delays, float *out, size_t n);
} ci_kernel_table;

/* Defined by the backend_*.c files; a backend not built for this architecture is
 * absent (its table pointer is NULL in dispatch.c). */
extern const ci_kernel_table ci_table_scalar;
extern const ci_kernel_table ci_table_portable;
extern const ci_kernel_table ci_table_neon;
#if defined(__x86_64__) || defined(_M_X64)
#define CI_HAVE_X86_BACKENDS 1
extern const ci_kernel_table ci_table_sse2;
extern const ci_kernel_table ci_table_avx2;
extern const ci_kernel_table ci_table_avx512;
#endif

#endif /* CINTERP_KERNEL_INTERNAL_H */

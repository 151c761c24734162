/*
 * kernel_internal.h: what the dispatch layer hands to a backend.
 *
 * curve_preparation.c validates a ci_curve and derives, once per call and in double precision,
 * every constant a loop needs (ci_prepared). Backends only run loops over it, so no
 * backend repeats validation or parameter algebra.
 */
#ifndef CINTERP_KERNEL_INTERNAL_H
#define CINTERP_KERNEL_INTERNAL_H

#include <stddef.h>
#include "cinterp.h"

/* Spring regimes, chosen once per call from zeta. A decay (CI_CURVE_DECAY) is prepared
 * as a spring (kind CI_CURVE_SPRING) in a regime of its own: eC = e^(-lambda t),
 * eS = 0, lambda = k, b = 0, v0 = k delta, so every spring loop evaluates it. */
enum { CI_SPRING_UNDER = 0, CI_SPRING_CRITICAL = 1, CI_SPRING_OVER = 2, CI_SPRING_DECAY = 3 };

typedef struct ci_prepared {
    int kind;      /* ci_curve_kind */
    int direction; /* ci_direction */

    /* Easing input over time: p = input / duration when divide_by_duration. */
    int divide_by_duration;
    float duration;
    /* Over time, an easing above 0 at progress 0 holds 0 before its start (input < 0)
     * instead of its clamped value (set by the entry points over time). */
    int holds_start;
    /* In a keep_until_start pass, an easing whose value at progress 1 is not 1 ends at
     * 1 instead once an item is past its end (set by ci_sample). */
    int holds_end;

    /* Cubic-bezier (P0 = 0, P1 = (x1, y1), P2 = (x2, y2), P3 = 1): x(t) =
     * t (a + t (b + c t)) of the curve and of its mirror (control points 1 - x2, 1 - x1). */
    float bezier_a, bezier_b, bezier_c, bezier_mirror_a, bezier_mirror_b, bezier_mirror_c;
    /* 3 x1, 3 x2, 3 y1, 3 y2 of the curve [0] and of its mirror [1] (control points
     * 1 - x2, 1 - x1 and 1 - y2, 1 - y1): the Bernstein form's weights, its factor 3
     * taken in (bezier_coordinate in kernel_bezier.h). */
    float bezier_weights[2][4];
    /* Filled by a backend that starts the solve from a table, on its own copy at the
     * start of a call (bezier_prepare in kernel_bezier.h): per step of x (or of sqrt(x),
     * see bezier_by_root), t as a cubic in the step's own variable u in [0, 1],
     * t = c0 + u (c1 + u (c2 + u c3)), bezier_hermite[j] holding c_j for the curve
     * (entries 0-7) and for its mirror (8-15), j = 0, 1; [2] holds c2 and c3 as
     * bfloat16 bits, c2 in the high half. On AVX2 entries 8-15 hold their bits xor
     * those of 0-7 (CI_LOOKUP16_XOR, vec_avx2.h). */
    float bezier_hermite[3][16];
    int bezier_by_root;   /* the steps are even in sqrt(x), else in x */
    float bezier_scale;   /* steps per unit of sqrt(x) or of x */
    /* A Newton step's check (bezier_converged): 1/K1 and 1/K2. */
    float bezier_inverse_k1, bezier_inverse_k2;
    int bezier_two_steps; /* two Newton steps from the table's start, else one */
    /* A (nearly) vertical tangent inside the curve: x'(t) is least at the inflection
     * t_m, where it is k (below 2^-10). Around it x(t) = x_m + s (k + c s^2), s = t - t_m,
     * exactly, and bezier_tangent_solve bisects on that form: t_m and x_m of the curve
     * [0] and of its mirror [1], each as two floats (hi, lo), so that q - x_m keeps the
     * digits a cube root would magnify. */
    int bezier_tangent;
    float bezier_tangent_t[2][2], bezier_tangent_x[2][2], bezier_tangent_k, bezier_tangent_c;

    /* Steps: value = clamp(floor(p n) + offset, 0, jumps) / jumps. */
    float steps_n, steps_offset, steps_jumps;

    /* CSS linear(): the caller's (input, output) pairs, valid for the call. */
    const float *linear_points;
    int linear_count;

    /* Spring, x(t) = delta - e^(-lambda t) (delta C + b S), see kernel_template.h. */
    int spring_regime;
    float delta, v0, lambda, omega, inv_omega, half_inv_omega, b, k;
    float rate_slow, rate_fast; /* over-damped: -lambda + omega, -lambda - omega */
    /* Exponents in base 2: -lambda log2(e) and the two rates times log2(e). */
    float decay_log2, rate_slow_log2, rate_fast_log2;
    float b_over_omega, k_over_omega; /* under-damped: b / omega, k / omega */
    float omega_half_turns;           /* omega / pi: the phase rate in half turns */
    int factored_under;               /* under-damped with both of those finite */
    float omega0_squared;       /* lambda^2 +- omega^2, the same in every regime */
} ci_prepared;

#define CI_SPAN_TRACKS 8

/* Where the lanes of an inOut easing lie against its split at progress 1/2: all below
 * (LOW), none below (HIGH), either (MIXED: penner selects per lane), or unknown (TEST:
 * penner tests each vector and takes a side where it can). All four give the same
 * values lane for lane. Progress runs in order along a list with closed-form delays, so
 * its calls test (a vector straddles the split at most twice a call) and the interiors
 * of its runs are cut at the split beforehand (ci_sample_prepared.half_at); in no order
 * the test costs more than it saves (3-5 % on easings), so ci_ease mixes. */
enum { CI_SIDES_MIXED, CI_SIDES_LOW, CI_SIDES_HIGH, CI_SIDES_TEST };

/* Sources of elapsed time for the sampling pass. */
enum { CI_SOURCE_LIST = 0, CI_SOURCE_DELAYS = 1, CI_SOURCE_ITEMS = 2 };

/* A sampling request reduced to float constants (times made relative in double first,
 * so the float kernel only sees small differences). */
typedef struct ci_sample_prepared {
    int source;
    int outside_immediate;
    int layer_count;         /* additive layers (request's arrays) */
    int layered;             /* layers or item_add: something is added to the appearance */
    int has_cutoff;          /* delays source: items with delay >= cutoff hold `from` */
    float cutoff;
    float layer_after[CI_MAX_LAYERS]; /* per layer: time - its clock time, seconds */
    int keep_until_start;    /* items with elapsed <= 0 keep the appearance buffer's values */
    float time_after_start;  /* delays / items: elapsed_i = this - d_i, in seconds */
    /* list: elapsed_i = after_offset - slope ||j - center| - pivot| seconds with center =
     * window_start + origin, then clamped to [cap_elapsed, start_elapsed] (the stagger
     * part in [0, max_delay]). An easing's progress is elapsed_i / duration, taken as
     * a multiply by inverse_duration after the elapsed time: an item exactly at its
     * start or end gets exactly 0 or 1 whenever its elapsed time is exact (folding
     * 1/duration into these constants lost that: expo and elastic jump by 2^-10 there). */
    float after_offset, slope, cap_elapsed, start_elapsed, center, pivot;
    float window_start, window_last, index_base;
    int has_cap;            /* cap_elapsed is finite */
    int clamp_to_start;     /* offset or slope is negative: the stagger part can be too */
    int window_covers_call; /* every item of the call is inside the window */
    int unit_span;          /* from 0 to 1 for every item (not CI_SOURCE_ITEMS) */
    /* Tracks whose span to - from is exact in float (so from + span is exactly to):
     * value = from + a span, one fused operation. Up to CI_SPAN_TRACKS tracks. */
    int exact_spans;
    float track_span[CI_SPAN_TRACKS];
    /* A list call split into runs: items [0, split_at[0]) wait, [split_at[1],
     * split_at[2]) are done, [split_at[3], n) wait, the two runs between move. Set only
     * where every item of a waiting or done run provably has progress 0 or 1 in float
     * (see prepare_split in sampling_plan.c), and for at most CI_SPAN_TRACKS tracks. */
    int split;
    size_t split_at[4];
    /* Within each moving run (0: left of the center, 1: right), the items whose progress
     * is provably inside [0, 1] in float: [interior_at[r][0], interior_at[r][1]). Set by
     * prepare_split for easings; empty otherwise. */
    size_t interior_at[2][2];
    /* A call over one interior: elapsed = after_offset + interior_slope (j - center),
     * no absolute value (the run is on one side of the center: interior_slope is
     * -slope on the right, +slope on the left) and no clamp of the progress (the same
     * bits as the clamped form there). Set by sample_loop on its copy for that call. */
    int interior;
    float interior_slope;
    /* Where each interior's progress provably crosses 1/2 (CI_SIDES_*): in the left
     * interior (progress rising with the index) items before half_at[0][0] are below
     * it and items from half_at[0][1] on at or above it; in the right one (falling)
     * items before half_at[1][0] are at or above and from half_at[1][1] on below. The
     * few between are tested. Set by prepare_interiors; sample_loop cuts the interiors
     * there and sets `sides` on its copy for each part (CI_SIDES_TEST otherwise). */
    size_t half_at[2][2];
    int sides;
    /* The common list call: list source, every item inside the window, no cap, no
     * clamp at the start, no pivot, exact spans (sample_range runs it through loops
     * where these are constants). */
    int simple_list;
    float from, to, uniform_velocity, duration, inverse_duration;
} ci_sample_prepared;

/* A delay layout reduced to float constants; `distribution` is the prepared easing. */
typedef struct ci_layout_prepared {
    int metric, axis, invert, reversed, outside_immediate, distances_only;
    float columns, origin_x, origin_y, max_distance;
    /* u = (d - u_zero_distance) * u_per_distance: (d - nearest) / range, or for `invert`
     * (max - d) / range, which stays exact for the items at the far ends that start
     * first where 1 - (d - nearest) / range would cancel. */
    float u_zero_distance, u_per_distance;
    float base_delay, spread, max_delay, window_start, window_last;
    float min_stagger; /* -(FLT_MAX - |base_delay|): a reversed overshoot stays finite */
    ci_prepared distribution;
} ci_layout_prepared;

typedef struct ci_wave_prepared {
    int envelope, indexed;
    float phase, elapsed, amplitude, spatial_frequency, front_delay;
    float inverse_attack, inverse_decay, index_scale;
} ci_wave_prepared;

/* The tables of the sRGB transfer function's power (color_tables.c). */
extern const double ci_srgb_inverse_starts[128];
extern const double ci_srgb_start_powers[128];
extern const double ci_srgb_twelfth_powers[12];
extern const double ci_srgb_binomial[8];

/* A backend: its loops. Each returns 1 when it met a non-finite input, else 0. */
typedef struct ci_kernel_table {
    int (*ease)(const ci_prepared *P, const float *in, float *out, size_t n);
    int (*spring)(const ci_prepared *P, const float *t, float *value, float *velocity, size_t n);
    int (*sample)(const ci_prepared *P, const ci_sample_prepared *S,
                  const ci_sample_request *request, const ci_track *tracks, size_t track_count,
                  float *const *outputs, float *appearance, float *velocity, size_t n);
    int (*layout)(const ci_layout_prepared *L, float *out, size_t n);
    int (*wave)(const ci_wave_prepared *V, const float *distances, float *out, size_t n);
    int (*settling)(const ci_settling *spring, const double *delta, const double *velocity,
                    double *duration, size_t n);
    int (*spring_state)(const ci_spring_state *spring, const double *elapsed, const double *delta,
                        const double *v0, double *value, double *velocity, size_t n);
    int (*path)(const ci_path *path, const float *progress, float *x, float *y, float *angle,
                size_t n);
    void (*interrupt)(const ci_list_interruption *list, float *new_offset, float *new_change,
                      double bounds[2], size_t n);
    void (*oklab)(const ci_oklab_mixes *mixes, double *red, double *green, double *blue, size_t n);
    size_t (*spring_list)(const ci_spring_list *list, float *new_offset, float *new_from,
                          float *new_velocity, float *new_duration, double bounds[2], size_t n);
    int (*spring_restart)(const ci_spring_restart *lanes, double *new_offset, double *new_from,
                          double *new_to, double *new_velocity, double *new_duration,
                          double *soonest, size_t *unsolved, size_t n);
} ci_kernel_table;

/* Which backends this build has. The native ones need only the compiler's own
 * intrinsics: scalar everywhere, SSE2/AVX2/AVX-512 on x86-64, NEON on AArch64; a
 * library build has those and nothing else, whatever the build machine has installed.
 * The tests add the emulated ones explicitly (CI_EMULATED_BACKENDS, which
 * STAGGER_EMULATED_BACKENDS=1 sets for SwiftPM): the portable backend and, off AArch64,
 * NEON emulated by SIMDe (Debian's libsimde-dev), so those paths run on every machine. */
#if defined(CI_EMULATED_BACKENDS)
#if defined(__has_include)
#if !__has_include(<simde/simde-common.h>)
#error "CI_EMULATED_BACKENDS needs the SIMDe headers (Debian: libsimde-dev)"
#endif
#endif
#define CI_HAVE_SIMDE 1
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
#define CI_NEON_IS_NATIVE 1
#endif
#if defined(CI_HAVE_SIMDE)
#define CI_HAVE_PORTABLE_BACKEND 1
#endif
#if defined(CI_NEON_IS_NATIVE) || defined(CI_HAVE_SIMDE)
#define CI_HAVE_NEON_BACKEND 1
#endif
#if defined(__x86_64__) || defined(_M_X64)
#define CI_HAVE_X86_BACKENDS 1
#endif

/* Defined by the backend_*.c files that this build compiles. */
extern const ci_kernel_table ci_table_scalar;
#if defined(CI_HAVE_PORTABLE_BACKEND)
extern const ci_kernel_table ci_table_portable;
#endif
#if defined(CI_HAVE_NEON_BACKEND)
extern const ci_kernel_table ci_table_neon;
#endif
#if defined(CI_HAVE_X86_BACKENDS)
extern const ci_kernel_table ci_table_sse2;
extern const ci_kernel_table ci_table_avx2;
extern const ci_kernel_table ci_table_avx512;
#endif

#endif /* CINTERP_KERNEL_INTERNAL_H */

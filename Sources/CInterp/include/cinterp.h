/*
 * cinterp.h: the public C interface of Stagger's SIMD timing kernel.
 *
 * Pure functions over float32 buffers: easing curves (linear, the 30 Penner curves,
 * CSS cubic-bezier and steps), damped springs in closed form, and the staggered pass
 * that gives every item of a list its eased progress at one time t.
 *
 * Every batch function takes a backend (CI_BACKEND_AUTO for the run-time choice), a
 * curve descriptor, input and output pointers and a count. Pointers need no alignment;
 * any count works (the tail is handled); output may alias input (in-place). Nothing is
 * allocated. The only global state is the automatic backend choice (ci_set_backend).
 *
 * Accuracy, in normalised units (progress 0...1, spring displacement 1), measured
 * against a Double-precision evaluation of the same float32 input:
 *   easings   within 2e-6, plus |slope| * 2^-23 where a steep curve amplifies the
 *             rounding of its input;
 *   springs   within 1e-5 * max(1, |delta|, |v0| / omega0) for t in [0, 10 s],
 *             damping fraction in [0.05, 3], response in [0.05, 5 s].
 * Every backend meets the same bounds (the algorithms are written once).
 */
#ifndef CINTERP_H
#define CINTERP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Result of every entry point. Outputs are fully written unless the status says so. */
typedef enum ci_status {
    CI_OK = 0,
    /** At least one input (time, progress or delay) was NaN or infinite. All outputs
     *  were written; the lanes of the non-finite inputs hold unspecified values. */
    CI_ERR_NONFINITE_INPUT = 1,
    /** A required pointer was NULL while count > 0. Nothing was written. */
    CI_ERR_NULL_POINTER = 2,
    /** The curve descriptor is invalid: unknown kind or direction, cubic-bezier x
     *  outside [0, 1], steps count out of range, non-finite or out-of-range spring
     *  parameters, or parameters whose derived constants overflow float (a stiffness
     *  of 1e80, a control point of 2e38). Nothing was written. */
    CI_ERR_INVALID_CURVE = 3,
    /** A parameter is invalid: an easing duration that is not finite and > 0 once
     *  rounded to float (springs ignore the duration), a stagger time or delay
     *  parameter that does not fit float, or more than CI_MAX_INDEXED_ITEMS items for
     *  the indexed stagger form. Nothing was written. */
    CI_ERR_INVALID_PARAMETER = 4,
    /** The backend asked for does not exist or cannot run on this machine. */
    CI_ERR_UNSUPPORTED_BACKEND = 5
} ci_status;

/** The instruction-set paths. Each is compiled into every build for its architecture
 *  and selectable at run time. */
typedef enum ci_backend {
    CI_BACKEND_AUTO = -1,    /**< the current automatic choice (see ci_active_backend) */
    CI_BACKEND_SCALAR = 0,   /**< plain C, one lane */
    CI_BACKEND_PORTABLE = 1, /**< SIMDe with SIMDE_NO_NATIVE, 8 lanes, no intrinsics */
    CI_BACKEND_SSE2 = 2,     /**< x86-64 SSE2, 4 lanes */
    CI_BACKEND_AVX2 = 3,     /**< x86-64 AVX2 + FMA, 8 lanes */
    CI_BACKEND_AVX512 = 4,   /**< x86-64 AVX-512F, 16 lanes */
    CI_BACKEND_NEON = 5,     /**< AArch64 NEON, 4 lanes (on x86-64: SIMDe's emulation) */
    CI_BACKEND_COUNT = 6
} ci_backend;

/** Curve kinds. Penner families (sine ... bounce) take a direction. */
typedef enum ci_curve_kind {
    CI_CURVE_LINEAR = 0,
    CI_CURVE_SINE = 1,
    CI_CURVE_QUAD = 2,
    CI_CURVE_CUBIC = 3,
    CI_CURVE_QUART = 4,
    CI_CURVE_QUINT = 5,
    CI_CURVE_EXPO = 6,
    CI_CURVE_CIRC = 7,
    CI_CURVE_BACK = 8,
    CI_CURVE_ELASTIC = 9,
    CI_CURVE_BOUNCE = 10,
    CI_CURVE_CUBIC_BEZIER = 11, /**< params: x1, y1, x2, y2 */
    CI_CURVE_STEPS = 12,        /**< count, step_position */
    CI_CURVE_SPRING = 13        /**< params: omega0 (rad/s), zeta, delta, v0 */
} ci_curve_kind;

/** Direction of a Penner family: in, out, or in then out. */
typedef enum ci_direction {
    CI_EASE_IN = 0,
    CI_EASE_OUT = 1,
    CI_EASE_IN_OUT = 2
} ci_direction;

/** CSS steps() positions. */
typedef enum ci_step_position {
    CI_JUMP_START = 0,
    CI_JUMP_END = 1,
    CI_JUMP_NONE = 2,
    CI_JUMP_BOTH = 3
} ci_step_position;

/** Largest steps() count accepted. */
#define CI_MAX_STEPS (1u << 20)
/** Largest item count for ci_stagger with computed delays (indices stay exact in float). */
#define CI_MAX_INDEXED_ITEMS (1u << 24)

/**
 * A curve descriptor: plain data, cheap to build per call.
 *
 * Springs: params[0] = omega0 = sqrt(stiffness / mass) in rad/s (> 0),
 * params[1] = zeta = damping fraction (>= 0), params[2] = delta = target displacement,
 * params[3] = v0 = initial velocity in value units per second. The spring moves from 0
 * toward delta. For ci_stagger a spring is evaluated with delta = 1 whatever params[2].
 */
typedef struct ci_curve {
    int32_t kind;          /**< ci_curve_kind */
    int32_t direction;     /**< ci_direction, for Penner families */
    int32_t steps;         /**< steps count: >= 1, >= 2 for jump-none, <= CI_MAX_STEPS */
    int32_t step_position; /**< ci_step_position */
    float params[4];
} ci_curve;

/** Checks a curve descriptor: CI_OK or CI_ERR_INVALID_CURVE. */
ci_status ci_curve_validate(const ci_curve *curve);

/**
 * Easing: writes curve(progress[i]) to value[i] for i < count.
 * Progress is clamped to [0, 1] first (easings hold their end values outside it).
 * For a spring curve the input is time in seconds (see ci_spring).
 */
ci_status ci_ease(ci_backend backend, const ci_curve *curve,
                  const float *progress, float *value, size_t count);

/**
 * A curve over time: writes the value at time[i] seconds to value[i]. Easings map
 * time / duration, clamped to [0, 1], through the curve (duration finite and > 0);
 * springs take the time in seconds directly and ignore duration.
 */
ci_status ci_over_time(ci_backend backend, const ci_curve *curve, double duration,
                       const float *time, float *value, size_t count);

/**
 * Spring: writes the displacement travelled at time[i] seconds to value[i] and, when
 * velocity is not NULL, its derivative (value units per second) to velocity[i].
 * Negative times are clamped to 0 (the spring has not started). The curve must be
 * CI_CURVE_SPRING. value may be NULL when velocity is not.
 */
ci_status ci_spring(ci_backend backend, const ci_curve *curve, const float *time,
                    float *value, float *velocity, size_t count);

/**
 * The staggered pass: item i starts at its delay d_i and runs for `duration` seconds.
 * Easing curves write curve(clamp((time - d_i) / duration, 0, 1)); springs write the
 * displacement (delta 1) at max(time - d_i, 0) seconds and ignore duration.
 * Delays come from `delays` when it is not NULL, else d_i = base_delay + i * increment,
 * with i * increment split exactly so that the elapsed time's rounding error stays
 * relative to time - base_delay and the elapsed time, not to i * increment.
 */
typedef struct ci_stagger {
    double time;       /**< seconds, finite */
    double duration;   /**< seconds, finite and > 0 (easings; springs ignore it) */
    double base_delay; /**< seconds, finite; used when delays is NULL */
    double increment;  /**< seconds per item, finite; used when delays is NULL */
} ci_stagger;

/** Runs the staggered pass described above over `count` items (delays, when given,
 *  holds `count` values). Writes value[i] for every item. */
ci_status ci_stagger_progress(ci_backend backend, const ci_curve *curve,
                              const ci_stagger *stagger, const float *delays,
                              float *value, size_t count);

/* Backends. */

/** The backend CI_BACKEND_AUTO resolves to now. First call decides: the environment
 *  variable CINTERP_BACKEND (a name below) if set and runnable, else the best the CPU
 *  and OS support. */
ci_backend ci_active_backend(void);

/** Forces the automatic choice (CI_BACKEND_AUTO restores detection). */
ci_status ci_set_backend(ci_backend backend);

/** 1 when the backend can run on this machine, else 0. */
int ci_backend_supported(ci_backend backend);

/** 1 when the backend runs the hardware's own instructions (not an emulation). */
int ci_backend_native(ci_backend backend);

/** "scalar", "portable", "sse2", "avx2", "avx512", "neon"; NULL if out of range. */
const char *ci_backend_name(ci_backend backend);

/** The backend with that name, or CI_BACKEND_AUTO for "auto"; -2 if unknown. */
int ci_backend_from_name(const char *name);

/** Number of float lanes one vector of the backend holds (1 for scalar). */
int ci_backend_lanes(ci_backend backend);

#ifdef __cplusplus
}
#endif

#endif /* CINTERP_H */

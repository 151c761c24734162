/*
 * cinterp.h: the public C interface of Stagger's SIMD timing kernel.
 *
 * Pure functions over float32 buffers: easing curves (linear, the 30 Penner curves,
 * CSS cubic-bezier and steps), damped springs in closed form, and the staggered pass
 * (ci_sample) that gives every item of a list its eased progress at one time t; and
 * over double buffers, what a transition needs of spring lanes (their states and
 * settling bounds).
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
 *             damping fraction in [0.05, 3], response in [0.05, 5 s];
 *   decays    within 1e-6 * max(1, |delta|) in value and 1e-6 * k * max(1, |delta|)
 *             in velocity, for any t >= 0; tested for friction rates k in [0.05, 900].
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
     *  outside [0, 1], steps count out of range, non-finite or out-of-range spring or
     *  decay parameters, or parameters whose derived constants overflow float (a
     *  stiffness of 1e80, a control point of 2e38, a decay's k * delta) or whose spring
     *  would move or travel faster than float holds (omega0 1e-7 rad/s launched at
     *  1e38). Nothing was written. */
    CI_ERR_INVALID_CURVE = 3,
    /** A parameter is invalid: an easing duration that is not finite and > 0 once
     *  rounded to float, or so short (below 2.9e-39 s) that its reciprocal overflows
     *  (springs ignore the duration), a stagger time or delay
     *  parameter that does not fit float, or more than CI_MAX_INDEXED_ITEMS items for
     *  a list source (ci_sample). Nothing was written. */
    CI_ERR_INVALID_PARAMETER = 4,
    /** The backend asked for does not exist or cannot run on this machine. */
    CI_ERR_UNSUPPORTED_BACKEND = 5
} ci_status;

/** The instruction-set paths. Each is compiled into every build for its architecture
 *  and selectable at run time. */
typedef enum ci_backend {
    CI_BACKEND_AUTO = -1,    /**< the current automatic choice (see ci_active_backend) */
    CI_BACKEND_SCALAR = 0,   /**< plain C, one lane */
    CI_BACKEND_PORTABLE = 1, /**< SIMDe with SIMDE_NO_NATIVE, 8 lanes, no intrinsics
                                  (built where SIMDe is installed) */
    CI_BACKEND_SSE2 = 2,     /**< x86-64 SSE2, 4 lanes */
    CI_BACKEND_AVX2 = 3,     /**< x86-64 AVX2 + FMA, 8 lanes */
    CI_BACKEND_AVX512 = 4,   /**< x86-64 AVX-512F, 16 lanes */
    CI_BACKEND_NEON = 5,     /**< AArch64 NEON, 4 lanes (elsewhere: SIMDe's emulation,
                                  built where SIMDe is installed) */
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
    CI_CURVE_SPRING = 13,       /**< params: omega0 (rad/s), zeta, delta, v0 */
    CI_CURVE_DECAY = 14,        /**< params: k (friction rate, 1/s), unused, delta, unused */
    CI_CURVE_PIECEWISE_LINEAR = 15 /**< CSS linear(): points, point_count (see ci_curve) */
} ci_curve_kind;

/** Direction of a Penner family: in, out, or in then out. */
typedef enum ci_direction { CI_EASE_IN = 0, CI_EASE_OUT = 1, CI_EASE_IN_OUT = 2 } ci_direction;

/** CSS steps() positions. */
typedef enum ci_step_position {
    CI_JUMP_START = 0,
    CI_JUMP_END = 1,
    CI_JUMP_NONE = 2,
    CI_JUMP_BOTH = 3
} ci_step_position;

/** Largest steps() count accepted. */
#define CI_MAX_STEPS (1u << 20)
/** Most points of a CSS linear() curve (each vector of progress reads them in order). */
#define CI_MAX_LINEAR_POINTS 1024u
/** Largest item count of a ci_sample call with list delays (indices stay exact in float). */
#define CI_MAX_INDEXED_ITEMS (1u << 24)

/**
 * A curve descriptor: plain data, cheap to build per call.
 *
 * Springs: params[0] = omega0 = sqrt(stiffness / mass) in rad/s (> 0),
 * params[1] = zeta = damping fraction (>= 0), params[2] = delta = target displacement,
 * params[3] = v0 = initial velocity in value units per second. The spring moves from 0
 * toward delta. For ci_sample a spring is evaluated with delta = 1 whatever params[2].
 *
 * Decays (exponential approach, a fling under friction): params[0] = k, the friction
 * rate per second (> 0), params[2] = delta; params[1] and params[3] are ignored (they
 * must still be finite). The value moves from 0 toward delta as
 *   x(t) = delta (1 - e^(-k t)),   x'(t) = k delta e^(-k t),
 * so its initial velocity is k delta: a fling launched at v0 comes to rest at v0 / k.
 * Everywhere a spring takes time in seconds and ignores the duration, so does a decay;
 * ci_sample evaluates it with delta = 1 like a spring. k * delta must fit
 * float (CI_ERR_INVALID_CURVE otherwise).
 *
 * CSS linear() (CSS Easing Level 2): `points` holds point_count (input, output) pairs,
 * interleaved, as the specification's canonical form (every input set, inputs
 * non-decreasing), 2 <= point_count <= CI_MAX_LINEAR_POINTS, all finite
 * (CI_ERR_INVALID_CURVE otherwise; CI_ERR_NULL_POINTER for NULL points), and the
 * values over progress [0, 1] must fit float (the end segments extended to 0 and 1
 * included; CI_ERR_INVALID_CURVE otherwise). Progress p,
 * clamped to [0, 1] as for every easing, is interpolated on the segment from the last
 * point whose input is <= p (the first segment when none is, the last when p is at or
 * past the last point), extended beyond its ends; a segment whose two inputs are equal
 * gives its second output. The points are read during the call only. Other kinds
 * ignore points and point_count.
 */
typedef struct ci_curve {
    int32_t kind;          /**< ci_curve_kind */
    int32_t direction;     /**< ci_direction, for Penner families */
    int32_t steps;         /**< steps count: >= 1, >= 2 for jump-none, <= CI_MAX_STEPS */
    int32_t step_position; /**< ci_step_position */
    float params[4];
    const float *points;   /**< CSS linear(): (input, output) pairs; NULL otherwise */
    int32_t point_count;   /**< CSS linear(): the number of pairs */
} ci_curve;

/** Checks a curve descriptor: CI_OK or CI_ERR_INVALID_CURVE. */
ci_status ci_curve_validate(const ci_curve *curve);

/**
 * Easing: writes curve(progress[i]) to value[i] for i < count.
 * Progress is clamped to [0, 1] first (easings hold their end values outside it).
 * For a spring or decay curve the input is time in seconds (see ci_spring).
 */
ci_status ci_ease(ci_backend backend, const ci_curve *curve, const float *progress, float *value,
                  size_t count);

/**
 * A curve over time: writes the value at time[i] seconds to value[i]. Easings map
 * time / duration, clamped to [0, 1], through the curve (duration finite and > 0),
 * except that every curve is 0 before its start (time < 0), also one that jumps at it
 * (steps jump-start, a linear() whose first output is not 0); springs and decays take
 * the time in seconds directly and ignore duration.
 */
ci_status ci_over_time(ci_backend backend, const ci_curve *curve, double duration,
                       const float *time, float *value, size_t count);

/**
 * Spring: writes the displacement travelled at time[i] seconds to value[i] and, when
 * velocity is not NULL, its derivative (value units per second) to velocity[i].
 * Negative times are clamped to 0 (the spring has not started). The curve must be
 * CI_CURVE_SPRING or CI_CURVE_DECAY. value may be NULL when velocity is not.
 */
ci_status ci_spring(ci_backend backend, const ci_curve *curve, const float *time, float *value,
                    float *velocity, size_t count);

/* ---- Staggered lists ------------------------------------------------------------ */

/** Where items outside a visible window start. */
typedef enum ci_outside_policy {
    CI_OUTSIDE_IMMEDIATE = 0,   /**< at once (no stagger delay) */
    CI_OUTSIDE_WINDOW_EDGE = 1  /**< with the nearest item of the window */
} ci_outside_policy;

/**
 * Closed-form delays of a 1-D list, computed from the index in the kernel (no delay
 * array). Item i, with j = clamp(i, window_start, window_end - 1) - window_start, waits
 *   base_delay + min(max(offset + slope * | |j - origin| - pivot |, 0), max_delay)
 * seconds; an item outside [window_start, window_end) waits base_delay when `outside`
 * is CI_OUTSIDE_IMMEDIATE. first / last / center / edges / reversed / amount all reduce
 * to this form. Indices up to CI_MAX_INDEXED_ITEMS; origin and pivot multiples of 1/2.
 * A pivot at the largest distance (offset 0, slope >= 0) gives orders that start at the
 * far ends (edges, a reversed order): each item's delay is then rounded relative to
 * itself, where offset - slope |j - origin| would round the first items' delays
 * relative to the whole spread.
 */
typedef struct ci_list_delays {
    double base_delay;   /**< seconds */
    double offset;       /**< seconds */
    double slope;        /**< seconds per index of distance (may be negative) */
    double origin;       /**< index the distance is measured from */
    double max_delay;    /**< cap on the stagger part, seconds (INFINITY: none) */
    double window_start; /**< first visible index */
    double window_end;   /**< one past the last visible index */
    int32_t outside;     /**< ci_outside_policy */
    int32_t reserved;
    double pivot;        /**< distance the stagger part counts from (0: the origin) */
} ci_list_delays;

/**
 * One animated property of every item: value = from + (to - from) * appearance, then,
 * when `clamped` is nonzero, kept within [lower, upper] (opacity in 0...1: a spring's
 * overshoot must not pass fully opaque). A track written {from, to} is not clamped.
 */
typedef struct ci_track {
    float from, to;
    int32_t clamped;     /**< nonzero: clamp the value into [lower, upper] */
    float lower, upper;  /**< lower <= upper, either may be infinite (read when clamped) */
} ci_track;

/**
 * What to sample: every item's appearance (a value the curve moves between `from` and
 * `to`) at `time`, from exactly one source of elapsed times:
 *   list        closed-form delays (ci_list_delays), uniform from/to;
 *   delays      per-item delays in seconds after `start`, uniform from/to;
 *   item_start  per-item state: start offsets in seconds after `start`, and per-item
 *               item_from, item_to, item_velocity (appearance units per second).
 * A spring moves appearance a from f toward g with initial velocity v as
 *   a = f + (g - f) X1(e) + v X2(e),  X1 = 1 - eC - lambda eS,  X2 = eS,
 * (the unit spring's terms; uniform sources use v = (to - from) * the curve's initial
 * velocity); a decay as a = f + (g - f)(1 - e^(-k e)) with velocity (g - f) k e^(-k e)
 * (its velocity is fixed by its span: item_velocity is read, checked finite and
 * otherwise ignored); an easing as a = f + (g - f) * curve(clamp(e / duration, 0, 1)).
 * Before its start (e < 0) an item holds f with velocity 0.
 * With an easing, `layer_count` additive layers (the motions an interrupted easing
 * keeps in flight): layer p adds
 *   layer_to[p][i] * curve(clamp((time - t_p - layer_start[p][i]) / duration, 0, 1))
 * to item i's appearance (a motion from 0), in layer order, before the tracks map it,
 * where t_p is layer_time[p] (or `start` without layer_time). Also under an easing,
 * item_add[i] is added to item i's appearance (motions an interruption froze at their
 * value), and with the delays source and `has_cutoff`, items whose delay is at least
 * `cutoff` never start: they hold `from` (those an interruption found still waiting).
 */
typedef struct ci_sample_request {
    double time;        /**< seconds on the caller's clock */
    double start;       /**< seconds: the clock time delays and offsets count from */
    double duration;    /**< easing duration, seconds (springs ignore it) */
    const ci_list_delays *list;
    const float *delays;
    const float *item_start;
    const float *item_from;
    const float *item_to;
    const float *item_velocity;
    float from, to;     /**< appearance endpoints of the uniform sources */
    size_t index_base;  /**< index of this call's first item in the whole list */
    const float *const *layer_start; /**< per layer: start offsets, seconds after `start` */
    const float *const *layer_to;    /**< per layer: the change of appearance it adds */
    size_t layer_count;              /**< additive layers, 0 to CI_MAX_LAYERS */
    /** Nonzero: items not past their start (elapsed <= 0) keep what `appearance` and
     *  `velocity` already hold instead (item_start source, no tracks), and an easing's
     *  items past its end are exactly at item_to whatever the curve's value at progress
     *  1 (a linear() may end elsewhere): a second pass that takes over from a first one
     *  at each item's own time and ends where it is going, as a timeline's way back
     *  takes over from the motion played forward and ends at the step's start value. */
    int32_t keep_until_start;
    int32_t has_cutoff; /**< nonzero: delays source items with delay >= cutoff hold `from` */
    float cutoff;       /**< seconds after `start` (read with has_cutoff) */
    const double *layer_time; /**< per layer: clock time its offsets count from; NULL: start */
    const float *item_add;    /**< per item: added to the appearance; NULL: nothing */
} ci_sample_request;

/** Most additive layers of one ci_sample call. */
#define CI_MAX_LAYERS 3

/**
 * Samples `count` items in one fused pass (a spring or decay curve's params[2] is
 * ignored: the appearance runs from `from` to `to`): the appearance is computed once per
 * item, written to appearance[i] and velocity[i] (each may be NULL; velocity is 0 for
 * easings), and mapped through every track into outputs[k][i] (outputs holds
 * track_count pointers, each to count floats); an item's additive layers (see
 * ci_sample_request) are in the appearance the tracks map. Counts up to
 * CI_MAX_INDEXED_ITEMS for the list source. Tracks are evaluated as
 * appearance * to + (1 - appearance) * from, or
 * from + appearance * (to - from) where that difference is exact in float, so the
 * appearance and the endpoints must keep those products within float (any on-screen
 * property does). Items are independent: splitting a list across calls (with
 * index_base and offset pointers) gives bit-identical results; a long list call fills
 * its runs of waiting and finished items with what computing them gives.
 * Errors: CI_ERR_INVALID_PARAMETER for zero or several sources, layers beyond
 * CI_MAX_LAYERS, layers, item_add or a cutoff under a spring or decay, a cutoff without
 * the delays source or not finite, a layer time that does not fit float,
 * times that do not fit float, a bad duration, a window with end < start, a clamped track
 * whose bounds are NaN or out of order, from/to whose
 * difference does not fit float, a list slope whose delays over this call's items reach
 * FLT_MAX / 8192, keep_until_start without the item_start source, without an appearance
 * buffer or with tracks; CI_ERR_NULL_POINTER for a NULL item or layer array;
 * CI_ERR_NONFINITE_INPUT for a non-finite per-item or per-layer value or per-item
 * from/to whose difference overflows float (all outputs written).
 */
ci_status ci_sample(ci_backend backend, const ci_curve *curve, const ci_sample_request *request,
                    const ci_track *tracks, size_t track_count, float *const *outputs,
                    float *appearance, float *velocity, size_t count);

/** Distance metrics of a grid stagger. */
typedef enum ci_metric {
    CI_METRIC_EUCLIDEAN = 0,
    CI_METRIC_MANHATTAN = 1,
    CI_METRIC_CHEBYSHEV = 2
} ci_metric;

/** Which axes a grid distance uses. */
typedef enum ci_axis {
    CI_AXIS_BOTH = 0,
    CI_AXIS_X = 1, /**< columns only */
    CI_AXIS_Y = 2  /**< rows only */
} ci_axis;

/**
 * A general stagger layout: item i sits in cell (i mod columns, i / columns) (a list is
 * one row of `count` columns). Its distance d from (origin_x, origin_y) uses `metric`
 * and `axis`. Then
 *   u = (d - nearest_distance) / (max_distance - nearest_distance), clamped to [0, 1]
 *   (0 when the two are equal), turned into 1 - u by `invert` (edges first: the items
 *   nearest the origin wait longest; computed as (max_distance - d) / (max_distance -
 *   nearest_distance), exact for the first items), s = distribution(u),
 *   stagger = spread * (reversed ? 1 - s : s), capped at max_delay and at
 *   FLT_MAX - |base_delay| and held above -(FLT_MAX - |base_delay|) (a distribution
 *   that overshoots, back, elastic or a cubic-bezier, has s > 1, so spread * s or,
 *   reversed, spread * (1 - s) could overflow), delay = base_delay + stagger.
 * The visible window and outside policy act as in ci_list_delays, on the index: the
 * window's items are laid out from cell 0 (j in place of i above), so columns * rows need
 * hold only the positions j that occur (a list is one row of the window's items).
 * Up to 2^23 items (cell coordinates stay exact). CI_ERR_INVALID_PARAMETER also for an
 * origin beyond 1e18 cells (its squared distance would overflow), a nearest_distance
 * outside [0, max_distance], a distance range whose reciprocal overflows float, or
 * |base_delay| + spread beyond float.
 */
typedef struct ci_delay_layout {
    int32_t columns, rows;
    int32_t metric;        /**< ci_metric */
    int32_t axis;          /**< ci_axis */
    int32_t invert;
    int32_t reversed;
    int32_t outside;       /**< ci_outside_policy */
    int32_t reserved;
    double origin_x, origin_y;
    double max_distance;   /**< > 0 normalises; 0 when every item is at the origin */
    double nearest_distance; /**< subtracted first (GSAP's normalisation); 0 for none;
                                  a delay field (ci_distances ignores it) */
    double base_delay, spread, max_delay;
    double window_start, window_end;
    ci_curve distribution; /**< an easing (not a spring or decay); linear for none */
} ci_delay_layout;

/** Largest item count of ci_delays and ci_distances. */
#define CI_MAX_GRID_ITEMS (1u << 23)

/** Writes every item's delay (seconds) under `layout`. */
ci_status ci_delays(ci_backend backend, const ci_delay_layout *layout, float *delays, size_t count);

/** Writes every item's distance from the origin (cells; `invert` makes it max_distance - d),
 *  the field a wave or a custom stagger can use. Ignores the delay fields and the window. */
ci_status ci_distances(ci_backend backend, const ci_delay_layout *layout, float *distances,
                       size_t count);

/* ---- Waves ------------------------------------------------------------------------- */

/** Envelopes of a wave over each item's local time. */
typedef enum ci_envelope {
    CI_ENVELOPE_NONE = 0,        /**< constant 1 */
    CI_ENVELOPE_DECAY = 1,       /**< e^(-tau / decay) after the front */
    CI_ENVELOPE_ATTACK_DECAY = 2 /**< (1 - e^(-tau / attack)) e^(-tau / decay) */
} ci_envelope;

/**
 * A wave over a distance field: item i with distance u_i writes
 *   amplitude * envelope(tau_i) * sin(2 pi (phase - spatial_frequency * u_i))
 * where `phase` (cycles at distance 0, any size: the kernel reduces it modulo 1 in
 * double) carries the time dependence, and tau_i = elapsed - u_i * front_delay is the
 * item's time since the wavefront reached it (envelopes are 0 before it).
 * Distances come from `distances`, or when NULL u_i = i / (count - 1) (0 for one item).
 */
typedef struct ci_wave {
    double phase;              /**< cycles */
    double elapsed;            /**< seconds since the wave started (envelopes) */
    double amplitude;
    double spatial_frequency;  /**< cycles per unit of distance */
    double front_delay;        /**< seconds per unit of distance (envelopes) */
    double attack, decay;      /**< seconds, > 0 where the envelope uses them */
    int32_t envelope;          /**< ci_envelope */
    int32_t reserved;
} ci_wave;

/** Writes every item's wave offset. CI_ERR_INVALID_PARAMETER for non-finite fields or
 *  an attack/decay the envelope uses that is not positive and finite as a float;
 *  CI_ERR_NONFINITE_INPUT for a non-finite distance. */
ci_status ci_wave_offsets(ci_backend backend, const ci_wave *wave, const float *distances,
                          float *offsets, size_t count);

/* Backends. */

/** The backend CI_BACKEND_AUTO resolves to now. First call decides: the environment
 *  variable STAGGER_BACKEND (a name below) if set and runnable, else the best the CPU
 *  and OS support. */
ci_backend ci_active_backend(void);

/** Forces the automatic choice (CI_BACKEND_AUTO restores detection). */
ci_status ci_set_backend(ci_backend backend);

/** 1 when this build compiled the backend, else 0. The native backends of the target
 *  architecture and scalar always are; portable, and NEON off AArch64, only where the
 *  SIMDe headers were found at build time. */
int ci_backend_built(ci_backend backend);

/** 1 when the backend was built and can run on this machine (CPU and OS), else 0. */
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

/* Motion paths, the state of many lanes at a tap, and colours mixed in Oklab back to
 * sRGB: headers of their own, part of this API. */
#include "cinterp_path.h"
#include "cinterp_transition.h"
#include "cinterp_color.h"

#endif /* CINTERP_H */

/*
 * fuzz_kernel.c: libFuzzer target over the whole C API of the kernel (cinterp.h and
 * the headers it includes, cinterp_path.h, cinterp_transition.h and cinterp_color.h).
 *
 * Each input is decoded into one call: a curve descriptor of any kind (invalid ones
 * included), parameters that may be NaN, infinite, denormal, huge or tiny, a backend
 * number in and out of range, a count up to 4096, input and output arrays at
 * misaligned offsets, possibly in place. The target checks what the header promises
 * and abort()s when a promise is broken:
 *   - the status is a ci_status, and the one the documented rules call for;
 *   - a call that fails (other than CI_ERR_NONFINITE_INPUT) writes nothing;
 *   - every lane whose inputs are finite gets a finite output (no silent NaN or
 *     infinity), whatever the curve parameters the validator let through;
 *   - curves that stay inside [0, 1] do so, and backends agree with the scalar one
 *     where the header's accuracy bounds say they must;
 *   - no byte outside the output ranges is touched: the arrays are heap blocks of
 *     exactly the element count (ASan sees an overrun) whose leading padding, used to
 *     misalign them, is poisoned and filled with a canary (an underrun).
 * The double-precision and table-driven entry points (ci_spring_settling,
 * ci_spring_states, ci_interrupt_list, ci_interrupt_spring_list, ci_restart_spring_lanes,
 * ci_path_points, ci_oklab_to_srgb) promise every backend the same bits: they are checked
 * bit for bit against the scalar backend (any NaN matching any NaN), each non-finite lane
 * is NaN where the header says so and every lane is written, and what each promises
 * besides: settling bounds that are not negative and after which the spring stays within
 * its tolerance, spring states within 1e-14 of the closed form at the motion's scale and
 * at rest before their start, interrupted items that keep or zero their offsets and
 * cancel layers only to 0; items of a list under a spring that zero their offsets
 * exactly when they are moving, start from the state ci_spring_states gives, with the
 * bound ci_spring_settling gives (moving) or the spring's own (at rest), NaN only where
 * *unsolved counts it, between bounds that are the span of their rests; restarted spring
 * lanes that go to their targets from the state ci_spring_states gives, carrying their
 * motion on (offset 0, that state's velocity, ci_spring_settling's bound, NaN only where
 * *unsolved counts it) or starting afresh (their delay, the spring's own velocity times
 * the span, its own bound or 0), the soonest end the least offset plus bound, and
 * CI_ERR_NONFINITE_INPUT exactly where the rule's figures are not finite; path angles in
 * (-180, 180]; colours NaN in all three channels exactly where the header leaves them
 * to the caller (a clear colour, a non-finite coordinate or chroma, a lightness inside
 * (0, 1) out of gamut), else in [0, 1]: white and black exactly, the others within
 * 1e-12 of the sRGB transfer function of the linear light the published Oklab
 * matrices give.
 *
 *   scripts/fuzz [seconds]   builds it with clang's libFuzzer, ASan and UBSan and runs it
 *   -DFUZZ_KERNEL_STANDALONE  adds a main() that replays files or directories of inputs
 *                             (no libFuzzer needed: e.g. a cross build under qemu-user)
 *
 * Input layout (bytes past the end read as 0, so every input decodes): see decode().
 */
#define _POSIX_C_SOURCE 200112L
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cinterp.h"

#if defined(FUZZ_KERNEL_STANDALONE)
#include <dirent.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#endif
#if defined(FUZZ_ASAN)
#include <sanitizer/asan_interface.h>
#else
#define ASAN_POISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#define ASAN_UNPOISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#endif

#define MAX_COUNT 4096
#define MAX_LINEAR_POINTS 40 /* linear() points a case carries */
#define MAX_OFFSET 16 /* floats: every residue modulo the widest vector (64 bytes) */
#define MAX_PATH_ROWS 24 /* a path's rows and buckets a case carries */
#define MAX_PATH_BUCKETS 24

/* ---- reading the fuzz bytes ----------------------------------------------------- */

typedef struct reader {
    const uint8_t *data;
    size_t size, pos;
} reader;

static uint8_t take_u8(reader *r) { return r->pos < r->size ? r->data[r->pos++] : 0; }

static uint16_t take_u16(reader *r) {
    uint16_t lo = take_u8(r);
    return (uint16_t)(lo | (uint16_t)take_u8(r) << 8);
}

static uint32_t take_u32(reader *r) {
    uint32_t lo = take_u16(r);
    return lo | (uint32_t)take_u16(r) << 16;
}

static uint64_t take_u64(reader *r) {
    uint64_t lo = take_u32(r);
    return lo | (uint64_t)take_u32(r) << 32;
}

static float float_from_bits(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t bits_of_float(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Values that matter to curves and springs, reached in one byte. */
static const float interesting_floats[16] = {
    0.0f,       1.0f,       0.5f,  0.05f, 3.0f, 0.999999f, 1.000001f, 6.2831853f,
    125.66371f, 1.2566371f, 10.0f, 1e-3f, 1e3f, 0.25f,     0.42f,     1.6f,
};

/* A float from a selector byte: its bit 7 is the sign, its low nibble the class, so
 * that mutations move between classes (special, tiny, huge, ordinary) easily. */
static float take_float(reader *r) {
    uint8_t s = take_u8(r);
    uint32_t sign = (s & 0x80) ? 0x80000000u : 0;
    float f;
    switch (s & 15) {
    case 0: return float_from_bits(take_u32(r)); /* anything at all */
    case 1: return float_from_bits(sign | 0x7FC00000u | (take_u32(r) & 0x3FFFFFu)); /* NaN */
    case 2: f = INFINITY; break;
    case 3: return float_from_bits(sign | ((take_u32(r) & 0x7FFFFFu) | 1u)); /* denormal */
    case 4: f = 0.0f; break;
    case 5: f = FLT_MAX; break;
    case 6: f = FLT_MIN; break;
    case 7: f = ldexpf(1.0f + take_u8(r) / 256.0f, -(20 + take_u8(r) % 107)); break;
    case 8: f = ldexpf(1.0f + take_u8(r) / 256.0f, 20 + take_u8(r) % 108); break;
    case 9: f = interesting_floats[take_u8(r) % 16]; break;
    case 10:
    case 11:
    case 12: f = (int16_t)take_u16(r) / 1024.0f; break;
    case 13:
    case 14: f = (int16_t)take_u16(r) / 64.0f; break;
    default: f = take_u16(r) / 65535.0f; break; /* a progress in [0, 1] */
    }
    return float_from_bits(bits_of_float(f) ^ sign);
}

/* A double for the double-typed parameters (durations, stagger times): includes values
 * that are finite as doubles but round to 0, to a denormal or to infinity as floats. */
static double take_double(reader *r) {
    uint8_t s = take_u8(r);
    double sign = (s & 0x80) ? -1.0 : 1.0;
    switch (s & 15) {
    case 0: {
        uint64_t u = take_u64(r);
        double d;
        memcpy(&d, &u, sizeof d);
        return d;
    }
    case 1: return sign * NAN;
    case 2: return sign * INFINITY;
    case 3: return sign * DBL_MAX;
    case 4: return sign * ldexp(1.0 + take_u8(r) / 256.0, 128 + take_u8(r) % 896);
    case 5: return sign * ldexp(1.0 + take_u8(r) / 256.0, -150 - take_u8(r) % 900);
    /* Around half the least float. */
    case 6: return sign * ldexp(1.0 + take_u8(r) / 256.0, -150);
    /* Rounds to FLT_MAX or inf. */
    case 7: return sign * FLT_MAX * (1.0 + (take_u8(r) % 4) * 0x1p-25);
    default: return (double)take_float(r);
    }
}

/* A small integer in [lo, hi], or (selector 0xFF) any int32. */
static int32_t take_small(reader *r, int lo, int hi) {
    uint8_t b = take_u8(r);
    if (b == 0xFF) return (int32_t)take_u32(r);
    return lo + b % (hi - lo + 1);
}

/* A tap's spring (ci_interrupt_spring_list, ci_restart_spring_lanes), by selector f:
 * mostly one as the Swift layer makes it (bit 0: a response in [0.05, 5] s, a damping
 * fraction in [0.05, 1], epsilon a power of 2), else raw doubles or (bit 1) their
 * magnitudes; omega_d^2 = omega0^2 - lambda^2 as Swift forms it, or (bit 2) any. */
static void take_tap_spring(reader *r, uint8_t f, ci_spring_state *spring, double *epsilon) {
    double lambda, w2;
    if (f & 1) {
        double omega0 = 6.283185307179586 / (0.05 + take_u8(r) / 255.0 * 4.95);
        lambda = (0.05 + take_u8(r) / 255.0 * 0.95) * omega0;
        w2 = omega0 * omega0;
        *epsilon = ldexp(1, -(take_u8(r) % 24));
    } else {
        lambda = take_double(r);
        w2 = take_double(r);
        *epsilon = take_double(r);
        if (f & 2) {
            lambda = fabs(lambda);
            w2 = fabs(w2);
            *epsilon = fabs(*epsilon);
        }
    }
    spring->decay_rate = lambda;
    spring->undamped_frequency_squared = w2;
    spring->damped_frequency_squared = (f & 4) ? take_double(r) : w2 - lambda * lambda;
}

/* A tap's clock and its spring's own motion: modest (the tap within 8 s after the start,
 * an own velocity within [-8, 8] per second, an own duration within [0, 4] s) or any. */
static void take_tap_times(reader *r, int modest, double *start, double *time, double *own_velocity,
                           double *own_duration) {
    if (modest) {
        *start = (int8_t)take_u8(r) / 8.0;
        *time = *start + take_u8(r) / 32.0;
        *own_velocity = (int8_t)take_u8(r) / 16.0;
        *own_duration = take_u8(r) / 64.0;
    } else {
        *start = take_double(r);
        *time = take_double(r);
        *own_velocity = take_double(r);
        *own_duration = take_double(r);
    }
}

/* ---- the decoded case --------------------------------------------------------------- */

/* A stagger of a curve's progress over items: item i starts at delays[i], or at
 * base_delay + i * increment without delays, and runs for `duration` seconds (springs
 * and decays ignore it). The fuzzer drives ci_sample's delays and list sources through
 * it: a falling increment is the same line seen from the last item, the form a list's
 * closed-form delays take. */
typedef struct fuzz_stagger {
    double time, duration, base_delay, increment;
} fuzz_stagger;

static ci_status stagger_progress(ci_backend backend, const ci_curve *curve,
                                  const fuzz_stagger *stagger, const float *delays, float *value,
                                  size_t count) {
    if (!stagger)
        return ci_backend_supported(backend) || backend == CI_BACKEND_AUTO
                   ? CI_ERR_NULL_POINTER
                   : CI_ERR_UNSUPPORTED_BACKEND;
    double last = count > 0 ? (double)(count - 1) : 0;
    int falling = stagger->increment < 0;
    ci_list_delays list = {
        .base_delay =
            falling ? stagger->base_delay + last * stagger->increment : stagger->base_delay,
        .slope = fabs(stagger->increment),
        .origin = falling ? last : 0,
        .max_delay = INFINITY,
        .window_end = (double)CI_MAX_INDEXED_ITEMS,
        .outside = CI_OUTSIDE_WINDOW_EDGE,
    };
    ci_sample_request request = {
        .time = stagger->time,
        .duration = stagger->duration,
        .list = delays ? NULL : &list,
        .delays = delays,
        .to = 1,
    };
    if (count > 0 && !value) return CI_ERR_NULL_POINTER;
    return ci_sample(backend, curve, &request, NULL, 0, NULL, value, NULL, count);
}

enum {
    OP_EASE,
    OP_OVER_TIME,
    OP_SPRING_VALUE,
    OP_SPRING_VELOCITY,
    OP_SPRING_BOTH,
    OP_STAGGER_DELAYS,
    OP_STAGGER_INDEXED,
    OP_BACKEND_API,
    OP_SAMPLE,
    OP_LAYOUT,
    OP_WAVE,
    OP_SETTLING,
    OP_SPRING_STATES,
    OP_INTERRUPT,
    OP_PATH,
    OP_OKLAB,
    OP_SPRING_LIST,
    OP_SPRING_RESTART,
    OP_COUNT
};

static const char *const op_names[OP_COUNT] = {
    "ci_ease",
    "ci_over_time",
    "ci_spring(value)",
    "ci_spring(velocity)",
    "ci_spring(both)",
    "ci_sample(stagger, delays)",
    "ci_sample(stagger, indexed)",
    "backend api",
    "ci_sample",
    "ci_delays/ci_distances",
    "ci_wave_offsets",
    "ci_spring_settling",
    "ci_spring_states",
    "ci_interrupt_list",
    "ci_path_points",
    "ci_oklab_to_srgb",
    "ci_interrupt_spring_list",
    "ci_restart_spring_lanes",
};

/* In-place modes: which output shares the input array. */
enum { ALIAS_NONE, ALIAS_VALUE, ALIAS_VELOCITY };

typedef struct fuzz_case {
    int op;
    int backend;
    int alias;
    int null_curve, null_input, null_value, null_velocity, null_stagger;
    int huge_count; /* indexed stagger past CI_MAX_INDEXED_ITEMS: must be refused */
    ci_curve curve;
    size_t count;
    size_t input_offset, value_offset, velocity_offset;
    fuzz_stagger stagger; /* stagger.duration doubles as ci_over_time's duration */
    int fill;
    float fill_a, fill_b;
    const uint8_t *tail; /* what is left: input values, a backend name */
    size_t tail_size;

    /* ci_sample: which sources, which outputs, the closed-form list, endpoints. */
    int sources; /* bit 0 list, bit 1 delays, bit 2 item_start */
    int no_appearance, no_velocity, null_outputs, null_one_output, null_tracks;
    int null_item_from, null_item_velocity;
    int layers; /* additive layers, 0 to CI_MAX_LAYERS + 1 (one too many: refused) */
    int track_count;
    double start;
    ci_list_delays list;
    float from, to, item_from, item_to, item_velocity;
    ci_track tracks[3];
    size_t index_base;
    /* ci_delays / ci_distances, ci_wave_offsets */
    ci_delay_layout layout;
    int distances_only;
    ci_wave wave;
    int wave_indexed;
    /* CSS linear(): the points c->curve.points refers to (or not: NULL). */
    float linear_points[2 * MAX_LINEAR_POINTS];
    /* ci_spring_settling, ci_spring_states: the springs, and the ends of the per-lane
     * doubles (settling: delta, velocity; states: elapsed, delta, v0). consistent:
     * the state's damped_frequency_squared is omega0^2 - lambda^2 as Swift forms it. */
    ci_settling settling;
    ci_spring_state spring_state;
    int consistent;
    double ends[3][2];
    /* ci_interrupt_list: the list's scalars (its arrays are made by the run), each
     * layer's shift and change, the new delays read, and which arrays are NULL. */
    ci_list_interruption interruption;
    double shifts[CI_MAX_LAYERS];
    float layer_change[CI_MAX_LAYERS];
    float new_delay, new_delay_step;
    int null_frozen, null_shifts, null_offsets, null_changes, null_layer;
    /* ci_path_points: the path's scalars, and its table (copied to guarded arrays). */
    ci_path path;
    int null_intervals, null_buckets;
    float path_rows[MAX_PATH_ROWS * CI_PATH_ROW];
    uint32_t path_buckets[MAX_PATH_BUCKETS];
    /* ci_oklab_to_srgb: the ends of the lightness, a, b (each times alpha) and alpha
     * arrays, whether the coordinates are multiplied by alpha lane by lane (as a mix
     * leaves them), and which arrays are NULL (lightness: null_input; the outputs:
     * null_value, null_velocity, null_stagger; the struct: null_curve). */
    float color_ends[4][2];
    int premultiply, null_a, null_b, null_alpha;
    /* ci_interrupt_spring_list: the list's scalars (its arrays are made by the run), the
     * ends of its offset, from, velocity and duration arrays (the new delays read:
     * new_delay, new_delay_step), which outputs are in place (bits 0-2: new_from,
     * new_velocity, new_duration over from, velocity, duration) and which pointers are
     * NULL (bits 0-5: from, velocity, duration, new_velocity, new_duration, unsolved;
     * the list: null_curve, offset: null_input, new_offset: null_value, new_from:
     * null_velocity, bounds: null_stagger). */
    ci_spring_list spring_list;
    float item_ends[4][2];
    int in_place, null_items;
    /* ci_restart_spring_lanes: the lanes' scalars (their arrays are made by the run), the
     * ends of their offset, from, to, velocity, target, delay and carried arrays, which
     * lanes carry their motion on when a pattern names them (carried_pattern bit 8 set:
     * lane i carries it on when bit i % 8 is), whether every lane goes to all_targets
     * (one_target), whether new_duration is in place over carried (in_place) and which
     * pointers are NULL (null_items bits 0-8: from, to, velocity, delay, carried, new_to,
     * new_velocity, new_duration, unsolved; the struct: null_curve, offset: null_input,
     * new_offset: null_value, new_from: null_velocity, soonest: null_stagger). */
    ci_spring_restart restart;
    double lane_ends[7][2];
    int carried_pattern, one_target;
} fuzz_case;

/*
 * Layout: op, backend, flags, kind, direction, steps, step_position, 4 params, count,
 * 3 offsets, fill mode, 2 fill floats, 4 stagger doubles; then the newer entry points'
 * own fields (ci_sample's sources, list and tracks; a layout; a wave; a double spring
 * and the ends of its lanes' ramps; an interrupted list's figures and layers; a path's
 * table; a colour mix's flags and the ends of its four arrays; a spring list's spring,
 * scalars and the ends of its arrays; restarted spring lanes' spring, scalars and the
 * ends of their arrays), a linear() curve's points, a layout's nearest distance, then
 * the tail. Most fields are one selector byte followed by what that selector needs. The
 * double entry points (and the float arrays of the colour mix and the spring list) fill
 * their lanes as the float ones do (ramps, the tail's raw bytes, special values dropped
 * in); the flags' NULL bits name their structs and arrays.
 */
static void decode(const uint8_t *data, size_t size, fuzz_case *c) {
    reader r = {data, size, 0};
    memset(c, 0, sizeof *c);
    c->op = take_u8(&r) % OP_COUNT;

    uint8_t b = take_u8(&r);
    c->backend = b < 0xF0 ? -2 + b % 10 : (int32_t)take_u32(&r); /* -2 ... 7, or any */

    uint8_t flags = take_u8(&r);
    c->alias = (flags & 3) == 3 ? ALIAS_NONE : flags & 3;
    if ((flags & 0xC0) == 0xC0) { /* NULL pointers, on a quarter of inputs */
        c->null_curve = (flags >> 2) & 1;
        c->null_input = (flags >> 3) & 1;
        c->null_value = (flags >> 4) & 1;
        c->null_velocity = (flags >> 5) & 1;
        c->null_stagger = c->null_curve ^ c->null_value; /* no bit left: any mix will do */
    }
    c->huge_count = (flags & 0xE0) == 0xA0;
    /* NULL delays are not an error but the indexed form. */
    if (c->op == OP_STAGGER_DELAYS && c->null_input) {
        c->op = OP_STAGGER_INDEXED;
        c->null_input = 0;
    }

    c->curve.kind = take_small(&r, -2, 15);
    c->curve.direction = take_small(&r, -1, 3);
    uint8_t s = take_u8(&r);
    switch (s % 8) {
    case 5: c->curve.steps = (int32_t)(CI_MAX_STEPS - 1 + take_u8(&r) % 3); break;
    case 6: c->curve.steps = (int32_t)take_u32(&r); break;
    case 7: c->curve.steps = take_u16(&r); break;
    default: c->curve.steps = (s / 8) % 20; break;
    }
    c->curve.step_position = take_small(&r, -1, 4);
    for (int i = 0; i < 4; i++) c->curve.params[i] = take_float(&r);
    /* The spring entry points only take springs and decays: mostly give them one. */
    if (c->op >= OP_SPRING_VALUE && c->op <= OP_SPRING_BOTH && !(flags & 0x20) &&
        c->curve.kind != CI_CURVE_DECAY)
        c->curve.kind = CI_CURVE_SPRING;

    uint8_t n = take_u8(&r);
    c->count = (n & 0x80) ? take_u16(&r) % (MAX_COUNT + 1) : n % 48u; /* tails matter */
    c->input_offset = take_u8(&r) % MAX_OFFSET;
    c->value_offset = take_u8(&r) % MAX_OFFSET;
    c->velocity_offset = take_u8(&r) % MAX_OFFSET;

    c->fill = take_u8(&r) % 4;
    c->fill_a = take_float(&r);
    c->fill_b = take_float(&r);

    c->stagger.time = take_double(&r);
    c->stagger.duration = take_double(&r);
    c->stagger.base_delay = take_double(&r);
    c->stagger.increment = take_double(&r);

    /* The newer entry points read more fields here; the earlier ones' layouts stay. */
    if (c->op == OP_SAMPLE) {
        uint8_t source = take_u8(&r);
        static const int one_source[10] = {1, 1, 1, 2, 2, 2, 4, 4, 0, -1};
        c->sources = one_source[source % 10] >= 0 ? one_source[source % 10] : (source >> 4) & 7;
        c->layers = source >= 0xF0 ? 1 + (source & 3) : 0;
        uint8_t f = take_u8(&r);
        c->no_appearance = f & 1;
        c->no_velocity = (f >> 1) & 1;
        if (f & 0x80) { /* NULL pointers where the request or outputs need them */
            c->null_outputs = (f >> 2) & 1;
            c->null_one_output = (f >> 3) & 1;
            c->null_tracks = (f >> 4) & 1;
            c->null_item_from = (f >> 5) & 1;
            c->null_item_velocity = (f >> 6) & 1;
        }
        c->track_count = take_u8(&r) % 4;
        c->start = take_double(&r);
        c->list.base_delay = take_double(&r);
        c->list.offset = take_double(&r);
        c->list.slope = take_double(&r);
        c->list.origin = take_double(&r);
        c->list.max_delay = take_double(&r);
        c->list.window_start = take_double(&r);
        c->list.window_end = take_double(&r);
        c->list.outside = take_small(&r, -1, 2);
        c->from = take_float(&r);
        c->to = take_float(&r);
        c->item_from = take_float(&r);
        c->item_to = take_float(&r);
        c->item_velocity = take_float(&r);
        for (int k = 0; k < 3; k++) {
            c->tracks[k].from = take_float(&r);
            c->tracks[k].to = take_float(&r);
        }
        uint8_t base = take_u8(&r);
        c->index_base = base < 0xF0 ? base % 64u : take_u32(&r);
        /* A pivot (orders from the far ends) behind the selector's otherwise unused range. */
        if (base >= 0xC0 && base < 0xF0) c->list.pivot = take_double(&r);
    } else if (c->op == OP_LAYOUT) {
        ci_delay_layout *L = &c->layout;
        L->columns = take_small(&r, -1, 70);
        L->rows = take_small(&r, -1, 70);
        L->metric = take_small(&r, -1, 3);
        L->axis = take_small(&r, -1, 3);
        uint8_t f = take_u8(&r);
        L->invert = f & 1;
        L->reversed = (f >> 1) & 1;
        c->distances_only = (f >> 2) & 1;
        L->outside = take_small(&r, -1, 2);
        L->origin_x = take_double(&r);
        L->origin_y = take_double(&r);
        L->max_distance = take_double(&r);
        L->base_delay = take_double(&r);
        L->spread = take_double(&r);
        L->max_delay = take_double(&r);
        L->window_start = take_double(&r);
        L->window_end = take_double(&r);
        L->distribution = c->curve;
    } else if (c->op == OP_WAVE) {
        ci_wave *V = &c->wave;
        V->phase = take_double(&r);
        V->elapsed = take_double(&r);
        V->amplitude = take_double(&r);
        V->spatial_frequency = take_double(&r);
        V->front_delay = take_double(&r);
        V->attack = take_double(&r);
        V->decay = take_double(&r);
        V->envelope = take_small(&r, -1, 3);
        c->wave_indexed = take_u8(&r) & 1;
    } else if (c->op == OP_SETTLING || c->op == OP_SPRING_STATES) {
        /* Mostly magnitudes (a spring the entry point takes), mostly damped frequencies
         * formed as omega0^2 - lambda^2; now and then the raw doubles. */
        uint8_t f = take_u8(&r);
        double lambda = take_double(&r), w2 = take_double(&r), epsilon = take_double(&r);
        if (f & 3) {
            lambda = fabs(lambda);
            w2 = fabs(w2);
            epsilon = fabs(epsilon);
        }
        c->settling.decay_rate = lambda;
        c->settling.damped_frequency_squared = (f & 4) ? w2 - lambda * lambda : w2;
        c->settling.epsilon = epsilon;
        c->spring_state.decay_rate = lambda;
        c->spring_state.undamped_frequency_squared = w2;
        c->spring_state.damped_frequency_squared = (f & 8) ? take_double(&r) : w2 - lambda * lambda;
        c->consistent = c->spring_state.damped_frequency_squared == w2 - lambda * lambda;
        for (int k = 0; k < 3; k++) {
            c->ends[k][0] = take_double(&r);
            c->ends[k][1] = take_double(&r);
        }
    } else if (c->op == OP_INTERRUPT) {
        ci_list_interruption *I = &c->interruption;
        I->time = take_double(&r);
        I->start = take_double(&r);
        I->duration = take_double(&r);
        I->from = take_float(&r);
        I->to = take_float(&r);
        I->cutoff = take_float(&r);
        I->target = take_float(&r);
        uint8_t layers = take_u8(&r); /* one too many, or any count: refused unread */
        I->layer_count = layers < 0xF0 ? layers % (CI_MAX_LAYERS + 2u) : (size_t)take_u32(&r);
        uint8_t f = take_u8(&r);
        c->null_frozen = f & 1;
        if (f & 0x80) { /* NULL layer arrays, the last layer's own or the tables */
            c->null_shifts = (f >> 1) & 1;
            c->null_offsets = (f >> 2) & 1;
            c->null_changes = (f >> 3) & 1;
            c->null_layer = (f >> 4) & 3;
        }
        for (int p = 0; p < CI_MAX_LAYERS; p++) {
            c->shifts[p] = take_double(&r);
            c->layer_change[p] = take_float(&r);
        }
        c->new_delay = take_float(&r);
        c->new_delay_step = take_float(&r);
    } else if (c->op == OP_PATH) {
        /* Mostly a table as MotionPath builds it (rows evenly in order, buckets naming
         * their rows, the scale bucket_count / length); else raw starts and lengths,
         * buckets out of range or out of order, any scale; now and then NULL tables. */
        ci_path *P = &c->path;
        uint8_t f = take_u8(&r);
        P->closed = f & 1;
        c->null_intervals = (f & 0x30) == 0x30;
        c->null_buckets = (f & 0xC0) == 0xC0;
        uint8_t counts = take_u8(&r);
        P->interval_count = counts == 0xFF ? 0 : 1 + counts % MAX_PATH_ROWS;
        counts = take_u8(&r);
        P->bucket_count = counts == 0xFF ? 0 : 1 + counts % MAX_PATH_BUCKETS;
        P->length = take_float(&r);
        P->bucket_scale = (f & 8) ? take_float(&r) : (float)P->bucket_count / P->length;
        float base[12], step = take_float(&r);
        for (int j = 0; j < 12; j++) base[j] = take_float(&r);
        for (uint32_t k = 0; k < P->interval_count; k++) {
            float *row = c->path_rows + (size_t)k * CI_PATH_ROW;
            if (f & 2) {
                row[0] = take_float(&r);
                row[1] = take_float(&r);
            } else {
                row[0] = P->length * (float)k / (float)P->interval_count;
                row[1] = (float)P->interval_count / P->length;
            }
            /* x, y and the angle: each cubic's c0 moves on by `step` a row. */
            for (int j = 0; j < 12; j++) row[2 + j] = base[j] + (j % 4 == 0 ? (float)k * step : 0);
        }
        for (uint32_t b = 0; b < P->bucket_count; b++) {
            if (f & 4) {
                uint8_t u = take_u8(&r);
                c->path_buckets[b] = u == 0xFF ? take_u32(&r) : u % (P->interval_count + 3);
            } else {
                c->path_buckets[b] = (uint32_t)((uint64_t)b * P->interval_count / P->bucket_count);
            }
        }
    } else if (c->op == OP_OKLAB) {
        /* Any floats at the ends of the four arrays; mostly multiplied by alpha lane by
         * lane as a mix leaves them, and mostly with a and b an eighth of what they read
         * (chromas up to 1/8: many colours inside the gamut); now and then NULL arrays. */
        uint8_t f = take_u8(&r);
        c->premultiply = (f & 3) != 0;
        for (int k = 0; k < 4; k++) {
            c->color_ends[k][0] = take_float(&r);
            c->color_ends[k][1] = take_float(&r);
        }
        if ((f & 0x0C) != 0)
            for (int k = 1; k <= 2; k++) {
                c->color_ends[k][0] /= 8;
                c->color_ends[k][1] /= 8;
            }
        if ((f & 0xC0) == 0xC0) {
            c->null_a = (f >> 4) & 1;
            c->null_b = (f >> 5) & 1;
            c->null_alpha = (f >> 2) & 1;
        }
    } else if (c->op == OP_SPRING_LIST) {
        /* The spring and its clock by take_tap_spring and take_tap_times; on three
         * inputs in four a list of modest figures (from, velocity, to and target within
         * [-4, 4], offsets, durations and the new delays within [0, 2], the tap within
         * 8 s after the start), else any; outputs in place or not, now and then NULL. */
        ci_spring_list *K = &c->spring_list;
        uint8_t f = take_u8(&r), g = take_u8(&r);
        int modest = (f & 0x30) != 0x30;
        take_tap_spring(&r, f, &K->spring, &K->epsilon);
        take_tap_times(&r, modest, &K->start, &K->time, &K->own_velocity, &K->own_duration);
        if (modest) {
            K->to = (int8_t)take_u8(&r) / 32.0f;
            K->target = (int8_t)take_u8(&r) / 32.0f;
            for (int k = 0; k < 4; k++)
                for (int j = 0; j < 2; j++)
                    c->item_ends[k][j] =
                        k == 1 || k == 2 ? (int8_t)take_u8(&r) / 32.0f : take_u8(&r) / 128.0f;
            c->new_delay = take_u8(&r) / 128.0f;
            c->new_delay_step = (int8_t)take_u8(&r) / 8192.0f;
        } else {
            K->to = take_float(&r);
            K->target = take_float(&r);
            for (int k = 0; k < 4; k++)
                for (int j = 0; j < 2; j++) c->item_ends[k][j] = take_float(&r);
            c->new_delay = take_float(&r);
            c->new_delay_step = take_float(&r);
        }
        c->in_place = g & 7;
        if ((g & 0xC0) == 0xC0) c->null_items = take_u8(&r) & 0x3F;
    } else if (c->op == OP_SPRING_RESTART) {
        /* The spring and scalars as a spring list's; on three inputs in four lanes of
         * modest figures (from, to, velocity and the targets within [-4, 4], offsets and
         * delays within [0, 2], carried within [-4, 4]: a ramp may cross 0), else any; now
         * and then one offset for every lane (they started at one time), lanes carried by
         * a pattern, one target for all, new_duration in place over carried, NULL; now
         * and then rows (bounds taken from the lane a row before), with every lane's
         * figures alike; states given (from and velocity are the state). */
        ci_spring_restart *R = &c->restart;
        uint8_t f = take_u8(&r), g = take_u8(&r);
        int modest = (f & 0x30) != 0x30;
        take_tap_spring(&r, f, &R->spring, &R->epsilon);
        take_tap_times(&r, modest, &R->start, &R->time, &R->own_velocity, &R->own_duration);
        R->all_targets = modest ? (int8_t)take_u8(&r) / 32.0 : take_double(&r);
        for (int k = 0; k < 7; k++)
            for (int j = 0; j < 2; j++)
                c->lane_ends[k][j] = !modest            ? take_double(&r)
                                     : k == 0 || k == 5 ? take_u8(&r) / 128.0
                                                        : (int8_t)take_u8(&r) / 32.0;
        if (g & 4) c->lane_ends[0][1] = c->lane_ends[0][0];
        if (g & 0x20)
            for (int k = 0; k < 7; k++) c->lane_ends[k][1] = c->lane_ends[k][0];
        if (g & 8) c->carried_pattern = 0x100 | take_u8(&r);
        if (g & 0x10) R->row = 1 + (take_u8(&r) & 15);
        c->in_place = g & 1;
        c->one_target = (g >> 1) & 1;
        if ((g & 0xC0) == 0xC0) c->null_items = take_u16(&r) & 0x1FF;
        R->states_given = (g & 0xC0) == 0x40;
    }

    /* A linear() curve's points come last, so that the earlier layouts stay: mostly
     * well formed (inputs k/64 never decreasing, outputs k/64), else raw floats; now
     * and then NULL, or a count the kernel must refuse unread. */
    if (c->curve.kind == CI_CURVE_PIECEWISE_LINEAR) {
        uint8_t m = take_u8(&r);
        int count = take_u8(&r) % (MAX_LINEAR_POINTS + 1);
        float x = (int8_t)take_u8(&r) / 64.0f;
        for (int k = 0; k < count; k++) {
            if (m & 1) {
                c->linear_points[2 * k] = take_float(&r);
                c->linear_points[2 * k + 1] = take_float(&r);
            } else {
                if (k > 0) x += (float)(take_u8(&r) % 32) / 64.0f;
                c->linear_points[2 * k] = x;
                c->linear_points[2 * k + 1] = (int8_t)take_u8(&r) / 64.0f;
            }
        }
        c->curve.points = (m & 0x30) == 0x30 ? NULL : c->linear_points;
        c->curve.point_count = (m & 0xC0) == 0xC0   ? (int32_t)CI_MAX_LINEAR_POINTS + 1 + (m & 1)
                               : (m & 0xC0) == 0x80 ? -(int32_t)(m & 7)
                                                    : count;
    }

    /* A layout's nearest distance, after the earlier fields: mostly a fraction of the
     * largest (valid), else any double. */
    if (c->op == OP_LAYOUT) {
        uint8_t k = take_u8(&r);
        c->layout.nearest_distance =
            (k & 0x80) ? take_double(&r) : (double)(k & 0x7F) / 127 * c->layout.max_distance;
    }

    c->tail = data + r.pos;
    c->tail_size = size - r.pos;
}

/* ---- failure reporting ---------------------------------------------------------------- */

static const fuzz_case *current;
static int print_cases = -1; /* FUZZ_KERNEL_PRINT: show each decoded case and its status */

static void describe(FILE *out, const fuzz_case *c) {
    const char *name = ci_backend_name((ci_backend)c->backend);
    fprintf(out,
            "  %s backend %d (%s) kind %d direction %d steps %d position %d\n"
            "  params %a %a %a %a (%g %g %g %g)\n"
            "  count %zu offsets %zu/%zu/%zu alias %d nulls %d%d%d%d%d huge %d fill %d (%g, %g)\n"
            "  stagger time %a duration %a base %a increment %a\n",
            op_names[c->op], c->backend, name ? name : "?", c->curve.kind, c->curve.direction,
            c->curve.steps, c->curve.step_position, c->curve.params[0], c->curve.params[1],
            c->curve.params[2], c->curve.params[3], c->curve.params[0], c->curve.params[1],
            c->curve.params[2], c->curve.params[3], c->count, c->input_offset, c->value_offset,
            c->velocity_offset, c->alias, c->null_curve, c->null_input, c->null_value,
            c->null_velocity, c->null_stagger, c->huge_count, c->fill, c->fill_a, c->fill_b,
            c->stagger.time, c->stagger.duration, c->stagger.base_delay, c->stagger.increment);
    if (c->curve.kind == CI_CURVE_PIECEWISE_LINEAR) {
        fprintf(out, "  linear() %d points%s", (int)c->curve.point_count,
                c->curve.points ? ":" : " at NULL");
        for (int32_t k = 0; c->curve.points && k < c->curve.point_count && k < MAX_LINEAR_POINTS;
             k++)
            fprintf(out, " (%g, %g)", c->curve.points[2 * k], c->curve.points[2 * k + 1]);
        fprintf(out, "\n");
    }
    if (c->op == OP_SAMPLE)
        fprintf(
            out,
            "  sources %d layers %d tracks %d start %g from %g to %g items %g %g %g index_base %zu\n"
            "  list base %g offset %g slope %g origin %g pivot %g max %g window [%g, %g) outside "
            "%d\n",
            c->sources, c->layers, c->track_count, c->start, c->from, c->to, c->item_from,
            c->item_to, c->item_velocity, c->index_base, c->list.base_delay, c->list.offset,
            c->list.slope, c->list.origin, c->list.pivot, c->list.max_delay, c->list.window_start,
            c->list.window_end, (int)c->list.outside);
    if (c->op == OP_SAMPLE)
        fprintf(out, "  tracks (%g, %g) (%g, %g) (%g, %g) flags %d%d%d%d%d%d%d\n",
                c->tracks[0].from, c->tracks[0].to, c->tracks[1].from, c->tracks[1].to,
                c->tracks[2].from, c->tracks[2].to, c->no_appearance, c->no_velocity,
                c->null_outputs, c->null_one_output, c->null_tracks, c->null_item_from,
                c->null_item_velocity);
    if (c->op == OP_LAYOUT) {
        const ci_delay_layout *L = &c->layout;
        fprintf(
            out,
            "  %s grid %d x %d metric %d axis %d invert %d reversed %d outside %d\n"
            "  origin %g %g max_distance %g nearest %g base %g spread %g max %g window [%g, %g)\n",
            c->distances_only ? "distances" : "delays", (int)L->columns, (int)L->rows,
            (int)L->metric, (int)L->axis, (int)L->invert, (int)L->reversed, (int)L->outside,
            L->origin_x, L->origin_y, L->max_distance, L->nearest_distance, L->base_delay,
            L->spread, L->max_delay, L->window_start, L->window_end);
    }
    if (c->op == OP_WAVE)
        fprintf(out,
                "  wave phase %g elapsed %g amplitude %g frequency %g front %g attack %g"
                " decay %g envelope %d indexed %d\n",
                c->wave.phase, c->wave.elapsed, c->wave.amplitude, c->wave.spatial_frequency,
                c->wave.front_delay, c->wave.attack, c->wave.decay, (int)c->wave.envelope,
                c->wave_indexed);
    if (c->op == OP_SETTLING || c->op == OP_SPRING_STATES)
        fprintf(out,
                "  settling lambda %a s %a epsilon %a; state lambda %a w2 %a s %a consistent %d\n"
                "  ends [%a, %a] [%a, %a] [%a, %a]\n",
                c->settling.decay_rate, c->settling.damped_frequency_squared, c->settling.epsilon,
                c->spring_state.decay_rate, c->spring_state.undamped_frequency_squared,
                c->spring_state.damped_frequency_squared, c->consistent, c->ends[0][0],
                c->ends[0][1], c->ends[1][0], c->ends[1][1], c->ends[2][0], c->ends[2][1]);
    if (c->op == OP_INTERRUPT) {
        const ci_list_interruption *I = &c->interruption;
        fprintf(out,
                "  interrupt time %a start %a duration %a from %g to %g cutoff %g target %g\n"
                "  layers %zu shifts %g %g %g changes %g %g %g new delay %g step %g"
                " nulls %d%d%d%d%d\n",
                I->time, I->start, I->duration, I->from, I->to, I->cutoff, I->target,
                I->layer_count, c->shifts[0], c->shifts[1], c->shifts[2], c->layer_change[0],
                c->layer_change[1], c->layer_change[2], c->new_delay, c->new_delay_step,
                c->null_frozen, c->null_shifts, c->null_offsets, c->null_changes, c->null_layer);
    }
    if (c->op == OP_PATH) {
        const ci_path *P = &c->path;
        fprintf(out, "  path %u rows %u buckets length %a scale %a closed %d nulls %d%d\n",
                (unsigned)P->interval_count, (unsigned)P->bucket_count, P->length, P->bucket_scale,
                P->closed, c->null_intervals, c->null_buckets);
        for (uint32_t k = 0; k < P->interval_count && k < MAX_PATH_ROWS; k++) {
            fprintf(out, "  row %u:", (unsigned)k);
            for (int j = 0; j < CI_PATH_ROW; j++)
                fprintf(out, " %g", c->path_rows[(size_t)k * CI_PATH_ROW + j]);
            fprintf(out, "\n");
        }
        fprintf(out, "  buckets:");
        for (uint32_t b = 0; b < P->bucket_count && b < MAX_PATH_BUCKETS; b++)
            fprintf(out, " %u", (unsigned)c->path_buckets[b]);
        fprintf(out, "\n");
    }
    if (c->op == OP_OKLAB)
        fprintf(out,
                "  oklab lightness [%a, %a] a [%a, %a] b [%a, %a] alpha [%a, %a]"
                " premultiply %d nulls %d%d%d\n",
                c->color_ends[0][0], c->color_ends[0][1], c->color_ends[1][0], c->color_ends[1][1],
                c->color_ends[2][0], c->color_ends[2][1], c->color_ends[3][0], c->color_ends[3][1],
                c->premultiply, c->null_a, c->null_b, c->null_alpha);
    if (c->op == OP_SPRING_LIST) {
        const ci_spring_list *K = &c->spring_list;
        fprintf(out,
                "  spring list lambda %a w2 %a s %a epsilon %a time %a start %a\n"
                "  own velocity %a duration %a to %g target %g offset [%g, %g] from [%g, %g]"
                " velocity [%g, %g] duration [%g, %g]\n"
                "  new delay %g step %g in place %d nulls 0x%x\n",
                K->spring.decay_rate, K->spring.undamped_frequency_squared,
                K->spring.damped_frequency_squared, K->epsilon, K->time, K->start, K->own_velocity,
                K->own_duration, K->to, K->target, c->item_ends[0][0], c->item_ends[0][1],
                c->item_ends[1][0], c->item_ends[1][1], c->item_ends[2][0], c->item_ends[2][1],
                c->item_ends[3][0], c->item_ends[3][1], c->new_delay, c->new_delay_step,
                c->in_place, (unsigned)c->null_items);
    }
    if (c->op == OP_SPRING_RESTART) {
        const ci_spring_restart *R = &c->restart;
        const double(*e)[2] = c->lane_ends;
        fprintf(out,
                "  restart lambda %a w2 %a s %a epsilon %a time %a start %a\n"
                "  own velocity %a duration %a all targets %a one target %d carried pattern 0x%x"
                " in place %d nulls 0x%x\n"
                "  offset [%g, %g] from [%g, %g] to [%g, %g] velocity [%g, %g] target [%g, %g]"
                " delay [%g, %g] carried [%g, %g]\n",
                R->spring.decay_rate, R->spring.undamped_frequency_squared,
                R->spring.damped_frequency_squared, R->epsilon, R->time, R->start, R->own_velocity,
                R->own_duration, R->all_targets, c->one_target, (unsigned)c->carried_pattern,
                c->in_place, (unsigned)c->null_items, e[0][0], e[0][1], e[1][0], e[1][1], e[2][0],
                e[2][1], e[3][0], e[3][1], e[4][0], e[4][1], e[5][0], e[5][1], e[6][0], e[6][1]);
    }
}

static void fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fprintf(stderr, "\nfuzz_kernel: INVARIANT BROKEN: ");
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n");
    if (current) describe(stderr, current);
    abort();
}

/* ---- guarded arrays ------------------------------------------------------------------ */

/* Written into outputs before a call: a NaN no arithmetic here produces from finite
 * inputs, so an output left unwritten shows as this pattern (and as non-finite). */
#define SENTINEL_BITS 0x7FC5A5A5u

/*
 * An array of n floats starting `offset` floats into a 64-byte aligned heap block of
 * exactly offset + n floats: its end is the block's end, so ASan reports any access
 * past it; the padding before it is poisoned (ASan's 8-byte granules leave the last
 * float of an odd padding open) and holds the sentinel, checked after the call.
 */
typedef struct guarded {
    float *block, *p;
    size_t offset, n;
} guarded;

static void guarded_make(guarded *g, size_t offset, size_t n) {
    void *mem = NULL;
    size_t bytes = (offset + n) * sizeof(float);
    /* A zero-byte block is still a distinct pointer that ASan guards whole. */
    if (posix_memalign(&mem, 64, bytes) != 0 || !mem) {
        fprintf(stderr, "fuzz_kernel: out of memory\n");
        abort();
    }
    g->block = mem;
    g->p = g->block + offset;
    g->offset = offset;
    g->n = n;
    for (size_t i = 0; i < offset + n; i++) g->block[i] = float_from_bits(SENTINEL_BITS);
    ASAN_POISON_MEMORY_REGION(g->block, offset * sizeof(float));
}

static void guarded_check_padding(const guarded *g, const char *what) {
    ASAN_UNPOISON_MEMORY_REGION(g->block, g->offset * sizeof(float));
    for (size_t i = 0; i < g->offset; i++)
        if (bits_of_float(g->block[i]) != SENTINEL_BITS)
            fail("%s: written %zu floats before its start", what, g->offset - i);
    ASAN_POISON_MEMORY_REGION(g->block, g->offset * sizeof(float));
}

static void guarded_free(guarded *g) {
    if (!g->block) return;
    ASAN_UNPOISON_MEMORY_REGION(g->block, g->offset * sizeof(float));
    free(g->block);
    g->block = g->p = NULL;
}

/* ---- input values ------------------------------------------------------------------- */

/* Fills n floats: a ramp from a to b, the tail bytes as raw floats, a ramp with special
 * values dropped in at positions the tail names, or a constant. */
static void fill_inputs(const fuzz_case *c, float *x, size_t n) {
    const uint8_t *t = c->tail;
    size_t m = c->tail_size;
    switch (c->fill) {
    case 1:
        for (size_t i = 0; i < n; i++) {
            uint32_t u = 0;
            if (m >= 4) {
                size_t at = (4 * i) % (m - m % 4);
                u = (uint32_t)t[at] | (uint32_t)t[at + 1] << 8 | (uint32_t)t[at + 2] << 16 |
                    (uint32_t)t[at + 3] << 24;
            }
            x[i] = float_from_bits(u);
        }
        return;
    case 3:
        for (size_t i = 0; i < n; i++) x[i] = c->fill_a;
        return;
    default:
        for (size_t i = 0; i < n; i++) {
            /* In double so that the ramp itself cannot overflow between finite ends. */
            double w = n > 1 ? (double)i / (double)(n - 1) : 0;
            x[i] = (float)((1 - w) * c->fill_a + w * c->fill_b);
        }
        if (c->fill == 2 && n > 0) {
            reader r = {t, m, 0};
            for (int k = 0; k < 64 && r.pos + 3 <= m; k++) {
                size_t at = take_u16(&r) % n;
                x[at] = take_float(&r);
            }
        }
        return;
    }
}

/* ---- what the header promises ----------------------------------------------------------- */

static int is_penner(int kind) { return kind >= CI_CURVE_SINE && kind <= CI_CURVE_BOUNCE; }

/* Springs and decays: time in seconds, no duration, delta 1 in the staggered passes. */
static int is_timed(int kind) { return kind == CI_CURVE_SPRING || kind == CI_CURVE_DECAY; }

/* The validity rules as cinterp.h states them. The validator may be stricter (bounds
 * the header does not list), never more lenient. */
static int documented_valid(const ci_curve *c) {
    for (int i = 0; i < 4; i++)
        if (is_timed(c->kind) && !isfinite(c->params[i])) return 0;
    switch (c->kind) {
    case CI_CURVE_LINEAR: return 1;
    case CI_CURVE_CUBIC_BEZIER:
        return isfinite(c->params[1]) && isfinite(c->params[3]) && c->params[0] >= 0 &&
               c->params[0] <= 1 && c->params[2] >= 0 && c->params[2] <= 1;
    case CI_CURVE_STEPS:
        return c->step_position >= CI_JUMP_START && c->step_position <= CI_JUMP_BOTH &&
               c->steps >= (c->step_position == CI_JUMP_NONE ? 2 : 1) &&
               c->steps <= (int32_t)CI_MAX_STEPS;
    case CI_CURVE_SPRING: return c->params[0] > 0 && c->params[1] >= 0;
    case CI_CURVE_DECAY: return c->params[0] > 0;
    case CI_CURVE_PIECEWISE_LINEAR:
        if (!c->points || c->point_count < 2 || c->point_count > (int32_t)CI_MAX_LINEAR_POINTS)
            return 0;
        for (int32_t k = 0; k < c->point_count; k++) {
            if (!isfinite(c->points[2 * k]) || !isfinite(c->points[2 * k + 1])) return 0;
            if (k > 0 && c->points[2 * k] < c->points[2 * k - 2]) return 0;
        }
        return 1;
    default:
        return is_penner(c->kind) && c->direction >= CI_EASE_IN && c->direction <= CI_EASE_IN_OUT;
    }
}

/* "finite and > 0 once rounded to float" */
static int documented_duration(double d) {
    return isfinite(d) && (float)d > 0 && isfinite((float)d);
}

/* A duration so short that its reciprocal overflows float (below 2.9e-39 s) may be
 * refused: a kernel that multiplies by 1 / duration cannot use it. */
static int reciprocal_overflows(double d) {
    return documented_duration(d) && !isfinite(1.0f / (float)d);
}

/* "a stagger time or delay parameter that does not fit float" */
static int fits_float(double x) { return isfinite(x) && isfinite((float)x); }

/* The header lets the kernel refuse a curve whose derived constants overflow float (a
 * stiffness of 1e80, a control point of 2e38). Curves well inside float's range must
 * never be refused that way: control points within 1e6, springs with omega0 in
 * [1e-3, 1e4] rad/s, zeta <= 1e3, |delta| <= 1e6, |v0| <= 1e9, decays with k in
 * [1e-3, 1e4] per second and |delta| <= 1e6. */
static int ordinary_magnitudes(const ci_curve *c) {
    const float *q = c->params;
    if (c->kind == CI_CURVE_CUBIC_BEZIER) return fabsf(q[1]) <= 1e6f && fabsf(q[3]) <= 1e6f;
    if (c->kind == CI_CURVE_SPRING)
        return q[0] >= 1e-3f && q[0] <= 1e4f && q[1] <= 1e3f && fabsf(q[2]) <= 1e6f &&
               fabsf(q[3]) <= 1e9f;
    if (c->kind == CI_CURVE_DECAY) return q[0] >= 1e-3f && q[0] <= 1e4f && fabsf(q[2]) <= 1e6f;
    /* linear(): inputs within [-4, 4], outputs within 1e6, steps between inputs 0 or at
     * least 2^-10 (the end segments extended to progress 0 and 1 stay moderate). */
    if (c->kind == CI_CURVE_PIECEWISE_LINEAR && c->points && c->point_count >= 2 &&
        c->point_count <= (int32_t)CI_MAX_LINEAR_POINTS) {
        for (int32_t k = 0; k < c->point_count; k++) {
            float x = c->points[2 * k], y = c->points[2 * k + 1];
            if (!(fabsf(x) <= 4 && fabsf(y) <= 1e6f)) return 0;
            if (k > 0 && x != c->points[2 * k - 2] && !(x - c->points[2 * k - 2] >= 0x1p-10f))
                return 0;
        }
    }
    return 1;
}

/* Curves whose values never leave [0, 1] on clamped progress. */
static int stays_in_unit_range(const ci_curve *c) {
    switch (c->kind) {
    case CI_CURVE_LINEAR:
    case CI_CURVE_SINE:
    case CI_CURVE_QUAD:
    case CI_CURVE_CUBIC:
    case CI_CURVE_QUART:
    case CI_CURVE_QUINT:
    case CI_CURVE_EXPO:
    case CI_CURVE_CIRC:
    case CI_CURVE_BOUNCE:
    case CI_CURVE_STEPS: return 1;
    default: return 0;
    }
}

/* Springs inside the header's accuracy statement (damping fraction [0.05, 3], response
 * 2 pi / omega0 in [0.05, 5] s), where every backend is within 1e-5 * scale of the
 * exact value and so within twice that of the scalar backend. Moderate delta and v0
 * keep float rounding of the constants out of the picture. */
static int spring_in_accuracy_range(const ci_curve *c) {
    const double two_pi = 6.283185307179586;
    /* Decays: the header's bound holds for any k and t; moderate k and delta here. */
    if (c->kind == CI_CURVE_DECAY)
        return c->params[0] >= 1e-2 && c->params[0] <= 1e3 && fabs(c->params[2]) <= 1e6;
    double omega0 = c->params[0], zeta = c->params[1];
    return zeta >= 0.05 && zeta <= 3 && omega0 >= two_pi / 5 && omega0 <= two_pi / 0.05 &&
           fabs(c->params[2]) <= 1e6 && fabs(c->params[3]) <= 1e6;
}

/* ---- the checks around one call -------------------------------------------------------- */

static int valid_status(ci_status s) { return s >= CI_OK && s <= CI_ERR_UNSUPPORTED_BACKEND; }

/* The errors the documented rules call for: `errors` must be answered with one of them
 * (any one: the header sets no order among them); `maybe` may be answered instead of
 * succeeding (a curve the kernel is allowed, not obliged, to refuse). With neither, the
 * call must succeed. */
typedef struct expected {
    unsigned errors, maybe; /* bit (1 << status) for each */
} expected;

static void allow(expected *e, ci_status s) { e->errors |= 1u << s; }
static void allow_maybe(expected *e, ci_status s) { e->maybe |= 1u << s; }

static void check_status(ci_status status, const expected *e, int read_nonfinite,
                         const char *what) {
    if (!valid_status(status)) fail("%s: status %d is not a ci_status", what, (int)status);
    if (e->maybe & (1u << status)) return;
    if (e->errors) {
        if (!(e->errors & (1u << status)))
            fail("%s: status %d, expected one of mask 0x%x", what, (int)status, e->errors);
        return;
    }
    ci_status want = read_nonfinite ? CI_ERR_NONFINITE_INPUT : CI_OK;
    if (status != want) fail("%s: status %d, expected %d", what, (int)status, (int)want);
}

static void check_untouched(const float *x, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++)
        if (bits_of_float(x[i]) != SENTINEL_BITS)
            fail("%s: a failed call wrote element %zu", what, i);
}

/* No silent NaN: an element whose own inputs were finite is finite. */
static void check_finite(const float *out, const unsigned char *lane_finite, size_t n,
                         const char *what) {
    for (size_t i = 0; i < n; i++)
        if (lane_finite[i] && !isfinite(out[i]))
            fail("%s: element %zu is %a (%g) from finite inputs", what, i, out[i], out[i]);
}

static void check_unit_range(const float *out, const unsigned char *lane_finite, size_t n,
                             const char *what) {
    for (size_t i = 0; i < n; i++)
        if (lane_finite[i] && !(out[i] >= -2e-6f && out[i] <= 1 + 2e-6f))
            fail("%s: element %zu is %g, outside [0, 1]", what, i, out[i]);
}

/* Checks out against ref within bound, plus widening[i] per element when given. */
static void check_close(const float *out, const float *ref, const unsigned char *use, size_t n,
                        double bound, const float *widening, const char *what) {
    for (size_t i = 0; i < n; i++) {
        double b = bound + (widening ? widening[i] : 0);
        if (use[i] && isfinite(ref[i]) && !(fabs((double)out[i] - ref[i]) <= b))
            fail("%s: element %zu is %.9g, scalar backend %.9g (bound %g)", what, i, out[i], ref[i],
                 b);
    }
}

/* What an easing's value may differ by between a backend and the scalar one because
 * their staggered passes round an item's progress differently: the scalar curve's change
 * between the two progresses, each read back through a linear curve on its own backend.
 * The caller frees the result. */
static float *stagger_progress_widening(ci_backend backend, const ci_curve *curve,
                                        const fuzz_stagger *stagger, const float *delays, size_t n,
                                        ci_status expected) {
    float *progress = malloc((n ? n : 1) * sizeof(float));
    float *scalar_progress = malloc((n ? n : 1) * sizeof(float));
    float *at_progress = malloc((n ? n : 1) * sizeof(float));
    float *widening = malloc((n ? n : 1) * sizeof(float));
    if (!progress || !scalar_progress || !at_progress || !widening) abort();
    ci_curve linear = *curve;
    linear.kind = CI_CURVE_LINEAR;
    /* Items with a NaN delay come back NaN (and the status says so): nothing to widen. */
    if (stagger_progress(backend, &linear, stagger, delays, progress, n) != expected ||
        stagger_progress(CI_BACKEND_SCALAR, &linear, stagger, delays, scalar_progress, n) !=
            expected)
        fail("a linear curve's staggered pass returned another status than the curve's");
    ci_ease(CI_BACKEND_SCALAR, curve, progress, at_progress, n);
    ci_ease(CI_BACKEND_SCALAR, curve, scalar_progress, widening, n);
    for (size_t i = 0; i < n; i++) widening[i] = fabsf(at_progress[i] - widening[i]);
    free(progress);
    free(scalar_progress);
    free(at_progress);
    return widening;
}

/* ---- the backend functions ---------------------------------------------------------- */

static void check_backend_api(const fuzz_case *c) {
    ci_backend b = (ci_backend)c->backend;
    int in_range = c->backend >= 0 && c->backend < CI_BACKEND_COUNT;
    const char *name = ci_backend_name(b);
    if (c->backend == CI_BACKEND_AUTO) {
        if (!name || strcmp(name, "auto") != 0) fail("ci_backend_name(AUTO)");
        if (ci_backend_from_name("auto") != CI_BACKEND_AUTO) fail("ci_backend_from_name(auto)");
    } else if (in_range) {
        if (!name) fail("ci_backend_name(%d) is NULL", c->backend);
        if (ci_backend_from_name(name) != c->backend) fail("name round trip of %d", c->backend);
        if (ci_backend_lanes(b) < 1 || ci_backend_lanes(b) > 16) fail("lanes of %d", c->backend);
        if (c->backend == CI_BACKEND_SCALAR && ci_backend_lanes(b) != 1) fail("scalar lanes");
    } else {
        if (name) fail("ci_backend_name(%d) is %s", c->backend, name);
        if (ci_backend_lanes(b) != 0) fail("lanes of out-of-range %d", c->backend);
    }
    int supported = ci_backend_supported(b);
    if (supported != 0 && supported != 1)
        fail("ci_backend_supported(%d) = %d", c->backend, supported);
    if (supported && !in_range) fail("out-of-range backend %d supported", c->backend);
    int native = ci_backend_native(b);
    if (native != 0 && native != 1) fail("ci_backend_native(%d) = %d", c->backend, native);
    if (native && !supported) fail("backend %d native but unsupported", c->backend);
    if (!ci_backend_supported(CI_BACKEND_SCALAR) || !ci_backend_supported(CI_BACKEND_PORTABLE))
        fail("scalar and portable must run everywhere");

    ci_backend active = ci_active_backend();
    if ((int)active < 0 || (int)active >= CI_BACKEND_COUNT || !ci_backend_supported(active))
        fail("ci_active_backend() = %d", (int)active);

    /* A name made of fuzz bytes. */
    char text[17];
    size_t len = c->tail_size < 16 ? c->tail_size : 16;
    memcpy(text, c->tail, len);
    text[len] = '\0';
    int from = ci_backend_from_name(text);
    if (from != -2 && (from < CI_BACKEND_AUTO || from >= CI_BACKEND_COUNT))
        fail("ci_backend_from_name(\"%s\") = %d", text, from);
    if (from != -2 && strcmp(ci_backend_name((ci_backend)from), text) != 0)
        fail("ci_backend_from_name(\"%s\") = %d, whose name differs", text, from);
    if (ci_backend_from_name(NULL) != -2) fail("ci_backend_from_name(NULL)");

    if (c->op != OP_BACKEND_API) return;
    /* ci_set_backend changes the only global state: undone before returning, so each
     * input runs the same whatever ran before it. */
    ci_status s = ci_set_backend(b);
    if (!valid_status(s)) fail("ci_set_backend status %d", (int)s);
    if (c->backend == CI_BACKEND_AUTO || supported) {
        if (s != CI_OK) fail("ci_set_backend(%d) = %d", c->backend, (int)s);
        if (supported && ci_active_backend() != b)
            fail("ci_set_backend(%d) not applied", c->backend);
    } else {
        if (s != CI_ERR_UNSUPPORTED_BACKEND) fail("ci_set_backend(%d) = %d", c->backend, (int)s);
        if (ci_active_backend() != active) fail("refused ci_set_backend changed the choice");
    }
    if (ci_set_backend(CI_BACKEND_AUTO) != CI_OK) fail("ci_set_backend(AUTO)");
    if (ci_active_backend() != active) fail("detection not stable");
}

/* ---- ci_sample, ci_delays / ci_distances, ci_wave_offsets ------------------------------ */

/* For these the checks are the general promises, not a model of every status: a
 * failed call writes nothing and says why with a ci_status; a call that writes gives
 * finite values wherever its per-item inputs are finite, says CI_ERR_NONFINITE_INPUT
 * exactly when one is not, and only succeeds where the header's preconditions hold. */

typedef struct output_set {
    guarded arrays[5]; /* appearance, velocity, up to 3 tracks */
    float *p[5];
    const char *name[5];
    int used;
} output_set;

static float *add_output(output_set *o, const fuzz_case *c, const char *name, int present) {
    int k = o->used++;
    o->name[k] = name;
    o->p[k] = NULL;
    if (!present) return NULL;
    guarded_make(&o->arrays[k], (c->value_offset + 3 * (size_t)k) % MAX_OFFSET, c->count);
    o->p[k] = o->arrays[k].p;
    return o->p[k];
}

static void finish_outputs(output_set *o, int written, const unsigned char *lane_finite, size_t n) {
    for (int k = 0; k < o->used; k++) {
        if (!o->p[k]) continue;
        guarded_check_padding(&o->arrays[k], o->name[k]);
        if (written) {
            check_finite(o->p[k], lane_finite, n, o->name[k]);
        } else {
            check_untouched(o->p[k], n, o->name[k]);
        }
    }
}

static void free_outputs(output_set *o) {
    for (int k = 0; k < o->used; k++)
        if (o->p[k]) guarded_free(&o->arrays[k]);
}

/* Only succeeds where it may: a written result with a broken precondition is a bug. */
static void require(int condition, const char *what, const char *precondition) {
    if (!condition) fail("%s: succeeded although %s", what, precondition);
}

static void run_newer(const fuzz_case *c) {
    const int op = c->op;
    const char *what = op_names[op];
    const size_t n = c->count;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);
    const ci_curve *curve = c->null_curve ? NULL : &c->curve;

    guarded in = {0}, item_from = {0}, item_to = {0}, item_velocity = {0};
    guarded_make(&in, c->input_offset, n);
    fill_inputs(c, in.p, n);
    unsigned char *lane_finite = malloc(n ? n : 1);
    float *saved = malloc((n ? n : 1) * sizeof(float));
    if (!lane_finite || !saved) abort();
    memcpy(saved, in.p, n * sizeof(float));
    output_set out = {0};
    ci_status status, reference = CI_OK;
    float *ref = malloc((n ? n : 1) * sizeof(float));
    if (!ref) abort();
    int compare = 0;
    double bound = 0;

    if (op == OP_SAMPLE) {
        int use_list = c->sources & 1, use_delays = (c->sources >> 1) & 1;
        int use_items = (c->sources >> 2) & 1;
        if (use_items) {
            guarded_make(&item_from, c->velocity_offset, n);
            guarded_make(&item_to, (c->velocity_offset + 5) % MAX_OFFSET, n);
            guarded_make(&item_velocity, (c->velocity_offset + 9) % MAX_OFFSET, n);
            for (size_t i = 0; i < n; i++) {
                item_from.p[i] = c->item_from;
                item_to.p[i] = c->item_to;
                item_velocity.p[i] = c->item_velocity;
            }
        }
        ci_sample_request R;
        memset(&R, 0, sizeof R);
        R.time = c->stagger.time;
        R.start = c->start;
        R.duration = c->stagger.duration;
        R.list = use_list ? &c->list : NULL;
        R.delays = use_delays ? (c->null_input ? NULL : in.p) : NULL;
        R.item_start = use_items ? in.p : NULL;
        R.item_from = use_items && !c->null_item_from ? item_from.p : NULL;
        R.item_to = use_items ? item_to.p : NULL;
        R.item_velocity = use_items && !c->null_item_velocity ? item_velocity.p : NULL;
        R.from = c->from;
        R.to = c->to;
        R.index_base = c->index_base;
        /* Layers read the input as their start offsets, and as their changes the items'
         * targets (the item source) or the input again (a list or delays). */
        const float *layer_start[CI_MAX_LAYERS + 1], *layer_to[CI_MAX_LAYERS + 1];
        for (int p = 0; p <= CI_MAX_LAYERS; p++) {
            layer_start[p] = in.p;
            layer_to[p] = use_items ? item_to.p : in.p;
        }
        R.layer_start = layer_start;
        R.layer_to = layer_to;
        R.layer_count = (size_t)c->layers;

        float *appearance = add_output(&out, c, "appearance", !c->no_appearance);
        float *velocity = add_output(&out, c, "velocity", !c->no_velocity);
        float *outputs[3];
        for (int k = 0; k < c->track_count; k++)
            outputs[k] = add_output(&out, c, "track output",
                                    !(c->null_one_output && k == c->track_count - 1));
        /* Inputs the kernel reads: delays only when passed (a NULL delays array with a
         * list is one source, the list, and reads nothing). */
        int reads = (use_delays && R.delays != NULL) || use_items || c->layers > 0;
        int any_nonfinite = 0;
        for (size_t i = 0; i < n; i++) {
            int ok = !reads || isfinite(in.p[i]);
            /* A span to - from that overflows float is as good as a non-finite value:
             * the spring scales by it. */
            if (use_items)
                ok = ok && isfinite(c->item_from) && isfinite(c->item_to) &&
                     isfinite(c->item_velocity) && isfinite(c->item_to - c->item_from);
            lane_finite[i] = (unsigned char)ok;
            any_nonfinite |= !ok;
        }

        status =
            ci_sample(backend, curve, &R, c->null_tracks ? NULL : c->tracks, (size_t)c->track_count,
                      c->null_outputs ? NULL : outputs, appearance, velocity, n);
        int written = status == CI_OK || status == CI_ERR_NONFINITE_INPUT;
        if (print_cases > 0) printf("  status %d\n", (int)status);
        if (written) {
            require(backend_ok, what, "the backend cannot run");
            /* The sampling pass runs a spring as the unit spring: params[2] unused. */
            ci_curve judged = c->curve;
            if (is_timed(judged.kind)) judged.params[2] = 1;
            require(curve && ci_curve_validate(&judged) == CI_OK, what, "the curve is invalid");
            require((R.list != NULL) + (R.delays != NULL) + (R.item_start != NULL) == 1, what,
                    "it has not exactly one source");
            require(c->layers <= CI_MAX_LAYERS, what, "it has too many layers");
            require(c->layers == 0 || !is_timed(c->curve.kind), what,
                    "it has layers under a spring or decay");
            require(fits_float(R.time) && fits_float(R.start), what, "a time does not fit float");
            require(is_timed(c->curve.kind) || documented_duration(R.duration), what,
                    "the easing duration is invalid");
            require(!use_list || c->list.window_end >= c->list.window_start, what,
                    "the window ends before it starts");
            require(!use_list || n <= CI_MAX_INDEXED_ITEMS, what, "the list is too long");
            require(!use_list || (c->list.pivot >= 0 && c->list.pivot <= CI_MAX_INDEXED_ITEMS),
                    what, "the pivot is out of range");
            if (n > 0)
                require(!use_items || (R.item_from && R.item_to && R.item_velocity), what,
                        "an item array is NULL");
            ci_status want = n > 0 && any_nonfinite ? CI_ERR_NONFINITE_INPUT : CI_OK;
            if (status != want) fail("%s: status %d, expected %d", what, (int)status, (int)want);
        }
        /* Finite outputs are checked where the values fit float with room to spare: an
         * ordinary curve, endpoints and velocities within 1e15. Beyond that a value can
         * exceed float, and a track's a * to + (1 - a) * from can overflow on the way
         * even where from + (to - from) a would not. */
        ci_curve unit = c->curve;
        if (is_timed(unit.kind)) unit.params[2] = 1;
        int ordinary =
            ordinary_magnitudes(&unit) && fabsf(c->from) <= 1e15f && fabsf(c->to) <= 1e15f;
        if (use_items)
            ordinary = ordinary && fabsf(c->item_from) <= 1e15f && fabsf(c->item_to) <= 1e15f &&
                       fabsf(c->item_velocity) <= 1e15f;
        for (int k = 0; k < c->track_count; k++)
            ordinary =
                ordinary && fabsf(c->tracks[k].from) <= 1e15f && fabsf(c->tracks[k].to) <= 1e15f;
        /* A list's or delays' layers add the input itself, any float. */
        ordinary = ordinary && (c->layers == 0 || use_items);
        if (!ordinary && written) {
            for (int k = 0; k < out.used; k++)
                if (out.p[k]) guarded_check_padding(&out.arrays[k], out.name[k]);
        } else {
            finish_outputs(&out, written, lane_finite, n);
        }

        /* Easing appearance against the scalar backend: the elapsed times are formed
         * the same way on every backend, so only the curve's own bounds separate them. */
        double scale = fmax(1, fmax(fabs(R.from), fabs(R.to)));
        if (status == CI_OK && appearance && !is_timed(c->curve.kind) &&
            c->curve.kind != CI_CURVE_CUBIC_BEZIER && c->curve.kind != CI_CURVE_STEPS &&
            !use_items && c->layers == 0 && scale <= 1e6) {
            reference = ci_sample(CI_BACKEND_SCALAR, curve, &R, NULL, 0, NULL, ref, NULL, n);
            compare = 1;
            bound = 2e-5 * scale;
        }
        if (compare) {
            if (reference != status)
                fail("%s: status %d, scalar %d", what, (int)status, (int)reference);
            check_close(appearance, ref, lane_finite, n, bound, NULL, what);
        }
    } else if (op == OP_LAYOUT) {
        const ci_delay_layout *L = c->null_stagger ? NULL : &c->layout;
        float *result =
            add_output(&out, c, c->distances_only ? "distances" : "delays", !c->null_value);
        for (size_t i = 0; i < n; i++) lane_finite[i] = 1;
        status = c->distances_only ? ci_distances(backend, L, result, n)
                                   : ci_delays(backend, L, result, n);
        int written = status == CI_OK || status == CI_ERR_NONFINITE_INPUT;
        if (print_cases > 0) printf("  status %d\n", (int)status);
        if (written) {
            const ci_delay_layout *D = &c->layout;
            require(backend_ok && L, what, "the backend cannot run or the layout is NULL");
            require(status == CI_OK, what, "there is no per-item input to be non-finite");
            /* The grid holds what is laid out: every item for distances; for delays,
             * the positions clamp(i, window_start, window_end - 1) - window_start
             * (cinterp.h: a window lays out its own items from cell 0). */
            double laid_out = (double)n;
            if (!c->distances_only && n > 0) {
                double last = D->window_end > D->window_start ? D->window_end - 1 : D->window_start;
                laid_out = fmin(fmax((double)(n - 1), D->window_start), last) - D->window_start + 1;
            }
            require(D->columns >= 1 && D->rows >= 1 &&
                        (double)D->columns * (double)D->rows >= laid_out && n <= CI_MAX_GRID_ITEMS,
                    what, "the grid does not hold the items it lays out");
            require(D->metric >= CI_METRIC_EUCLIDEAN && D->metric <= CI_METRIC_CHEBYSHEV &&
                        D->axis >= CI_AXIS_BOTH && D->axis <= CI_AXIS_Y,
                    what, "the metric or axis is unknown");
            if (!c->distances_only) {
                require(!is_timed(D->distribution.kind) &&
                            ci_curve_validate(&D->distribution) == CI_OK,
                        what, "the distribution is not a valid easing");
                require(D->nearest_distance >= 0 && D->nearest_distance <= D->max_distance, what,
                        "the nearest distance is outside [0, max_distance]");
            }
        }
        finish_outputs(&out, written, lane_finite, n);
        /* Against the scalar backend where a rounding cannot move a step or a steep
         * stretch of the distribution: linear and the Penner families, over a range of
         * distances not so narrow (a nearest distance close to the largest) that the
         * rounding of a distance is a large part of it. */
        int kind = c->layout.distribution.kind;
        double scale = fmax(1, fmax(fabs(c->layout.base_delay), fabs(c->layout.spread)));
        double range = c->layout.max_distance - c->layout.nearest_distance;
        int wide =
            c->layout.nearest_distance == 0 || range >= 1e-3 * fmax(1, c->layout.max_distance);
        if (status == CI_OK && result && scale <= 1e6 && (c->distances_only || wide) &&
            (c->distances_only || kind == CI_CURVE_LINEAR || is_penner(kind))) {
            reference = c->distances_only ? ci_distances(CI_BACKEND_SCALAR, L, ref, n)
                                          : ci_delays(CI_BACKEND_SCALAR, L, ref, n);
            if (reference != status)
                fail("%s: status %d, scalar %d", what, (int)status, (int)reference);
            for (size_t i = 0; i < n; i++) {
                double b = 1e-4 * (c->distances_only ? fmax(1, fabs(ref[i])) : scale);
                if (isfinite(ref[i]) && !(fabs((double)result[i] - ref[i]) <= b))
                    fail("%s: element %zu is %.9g, scalar backend %.9g", what, i, result[i],
                         ref[i]);
            }
        }
    } else {
        const ci_wave *V = c->null_stagger ? NULL : &c->wave;
        const float *distances = c->wave_indexed ? NULL : in.p;
        float *result = add_output(&out, c, "offsets", !c->null_value);
        int any_nonfinite = 0;
        for (size_t i = 0; i < n; i++) {
            lane_finite[i] = (unsigned char)(!distances || isfinite(in.p[i]));
            any_nonfinite |= !lane_finite[i];
        }
        status = ci_wave_offsets(backend, V, distances, result, n);
        int written = status == CI_OK || status == CI_ERR_NONFINITE_INPUT;
        if (print_cases > 0) printf("  status %d\n", (int)status);
        if (written) {
            const ci_wave *W = &c->wave;
            require(backend_ok && V, what, "the backend cannot run or the wave is NULL");
            require(isfinite(W->phase) && isfinite(W->elapsed) && isfinite(W->amplitude) &&
                        isfinite(W->spatial_frequency) && isfinite(W->front_delay),
                    what, "a field is not finite");
            require(W->envelope == CI_ENVELOPE_NONE || (W->decay > 0 && isfinite(W->decay) &&
                                                        (W->envelope != CI_ENVELOPE_ATTACK_DECAY ||
                                                         (W->attack > 0 && isfinite(W->attack)))),
                    what, "an envelope time the envelope uses is not positive and finite");
            ci_status want = n > 0 && any_nonfinite ? CI_ERR_NONFINITE_INPUT : CI_OK;
            if (status != want) fail("%s: status %d, expected %d", what, (int)status, (int)want);
        }
        finish_outputs(&out, written, lane_finite, n);
        double scale = fmax(1, fabs(c->wave.amplitude));
        if (status == CI_OK && result && scale <= 1e6) {
            reference = ci_wave_offsets(CI_BACKEND_SCALAR, V, distances ? saved : NULL, ref, n);
            if (reference != status)
                fail("%s: status %d, scalar %d", what, (int)status, (int)reference);
            check_close(result, ref, lane_finite, n, 1e-4 * scale, NULL, what);
        }
    }

    /* Inputs are const: untouched by any call. */
    guarded_check_padding(&in, "input array");
    if (memcmp(saved, in.p, n * sizeof(float)) != 0) fail("%s: input array modified", what);
    free_outputs(&out);
    guarded_free(&in);
    guarded_free(&item_from);
    guarded_free(&item_to);
    guarded_free(&item_velocity);
    free(lane_finite);
    free(saved);
    free(ref);
}

/* ---- ci_spring_settling, ci_spring_states, ci_interrupt_list, ci_interrupt_spring_list,
 * ci_restart_spring_lanes, ci_path_points, ci_oklab_to_srgb ---------------------------- */

/* These seven promise every backend the same bits: each is run again on the scalar
 * backend and compared bit for bit (a NaN's payload aside: any NaN matches any NaN).
 * Their double arrays are guarded blocks too, offset by whole doubles (a double needs
 * its alignment in C) and filled with a NaN canary of their own. */
#define SENTINEL_DOUBLE_BITS 0x7FF8A5A5A5A5A5A5ull

static double double_from_bits(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static uint64_t bits_of_double(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static double *guarded_make_doubles(guarded *g, size_t offset, size_t n) {
    guarded_make(g, 2 * (offset % (MAX_OFFSET / 2)), 2 * n);
    double *p = (double *)(void *)g->p;
    for (size_t i = 0; i < n; i++) p[i] = double_from_bits(SENTINEL_DOUBLE_BITS);
    return p;
}

static void check_untouched_doubles(const double *x, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++)
        if (bits_of_double(x[i]) != SENTINEL_DOUBLE_BITS)
            fail("%s: a failed call wrote element %zu", what, i);
}

/* "Every lane is written": none still holds the canary. */
static void check_written_doubles(const double *x, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++)
        if (bits_of_double(x[i]) == SENTINEL_DOUBLE_BITS)
            fail("%s: element %zu not written", what, i);
}

static int same_float(float a, float b) {
    return bits_of_float(a) == bits_of_float(b) || (isnan(a) && isnan(b));
}

static int same_double(double a, double b) {
    return bits_of_double(a) == bits_of_double(b) || (isnan(a) && isnan(b));
}

static void check_same_floats(const float *out, const float *ref, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++)
        if (!same_float(out[i], ref[i]))
            fail("%s: element %zu is %a, scalar backend %a (same bits promised)", what, i, out[i],
                 ref[i]);
}

static void check_same_doubles(const double *out, const double *ref, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++)
        if (!same_double(out[i], ref[i]))
            fail("%s: element %zu is %a, scalar backend %a (same bits promised)", what, i, out[i],
                 ref[i]);
}

/* Fills n doubles as fill_inputs fills floats, between ends[0] and ends[1]; from the
 * tail (raw doubles, or special values dropped in) starting at byte `skew`, so that
 * each array of a call reads its own. */
static void fill_doubles(const fuzz_case *c, const double ends[2], size_t skew, double *x,
                         size_t n) {
    const uint8_t *t = c->tail;
    size_t m = c->tail_size;
    switch (c->fill) {
    case 1:
        for (size_t i = 0; i < n; i++) {
            uint64_t u = 0;
            if (m >= 8) {
                size_t at = (8 * i + skew) % (m - 7);
                for (int k = 7; k >= 0; k--) u = u << 8 | t[at + (size_t)k];
            }
            x[i] = double_from_bits(u);
        }
        return;
    case 3:
        for (size_t i = 0; i < n; i++) x[i] = ends[0];
        return;
    default:
        for (size_t i = 0; i < n; i++) {
            double w = n > 1 ? (double)i / (double)(n - 1) : 0;
            x[i] = (1 - w) * ends[0] + w * ends[1];
        }
        if (c->fill == 2 && n > 0) {
            reader r = {t, m, skew % (m + 1)};
            for (int k = 0; k < 64 && r.pos + 3 <= m; k++) {
                size_t at = take_u16(&r) % n;
                x[at] = take_double(&r);
            }
        }
        return;
    }
}

/* Fills n floats as fill_inputs does, between ends[0] and ends[1]; from the tail
 * starting at byte `skew` as fill_doubles does, so that each array of a call reads its
 * own. */
static void fill_floats(const fuzz_case *c, const float ends[2], size_t skew, float *x, size_t n) {
    const uint8_t *t = c->tail;
    size_t m = c->tail_size;
    switch (c->fill) {
    case 1:
        for (size_t i = 0; i < n; i++) {
            uint32_t u = 0;
            if (m >= 4) {
                size_t at = (4 * i + skew) % (m - 3);
                u = (uint32_t)t[at] | (uint32_t)t[at + 1] << 8 | (uint32_t)t[at + 2] << 16 |
                    (uint32_t)t[at + 3] << 24;
            }
            x[i] = float_from_bits(u);
        }
        return;
    case 3:
        for (size_t i = 0; i < n; i++) x[i] = ends[0];
        return;
    default:
        for (size_t i = 0; i < n; i++) {
            /* In double so that the ramp itself cannot overflow between finite ends. */
            double w = n > 1 ? (double)i / (double)(n - 1) : 0;
            x[i] = (float)((1 - w) * ends[0] + w * ends[1]);
        }
        if (c->fill == 2 && n > 0) {
            reader r = {t, m, skew % (m + 1)};
            for (int k = 0; k < 64 && r.pos + 3 <= m; k++) {
                size_t at = take_u16(&r) % n;
                x[at] = take_float(&r);
            }
        }
        return;
    }
}

/* The closed form cinterp_transition.h names (the Swift reference's Spring.motion for an
 * under- or critically damped spring, in its order), with the C library's exp, sin and
 * cos: where ci_spring_states must land within 1e-14 at the motion's scale. */
static void spring_motion(const ci_spring_state *S, double t, double delta, double v0,
                          double *value, double *velocity) {
    double lambda = S->decay_rate;
    double decay = exp(-lambda * t);
    if (decay == 0) {
        *value = delta;
        *velocity = 0;
        return;
    }
    double cosine = 1, sin_over_frequency = t;
    if (S->damped_frequency_squared > 0) {
        double phase = sqrt(S->damped_frequency_squared) * t;
        cosine = cos(phase);
        sin_over_frequency = t * (phase == 0 ? 1 : sin(phase) / phase);
    }
    *value = delta - decay * (delta * cosine + (lambda * delta - v0) * sin_over_frequency);
    *velocity = decay * (v0 * cosine + (S->undamped_frequency_squared * delta - lambda * v0) *
                                           sin_over_frequency);
}

/* Magnitudes where the closed form's rounding stays far below 1e-14 of the motion's
 * scale: 0 or within [1e-200, 1e100] (no product underflows into denormals, none
 * overflows). */
static int ordinary_double(double x, double lo, double hi) {
    return x == 0 || (fabs(x) >= lo && fabs(x) <= hi);
}

/* 2^20 pi / 2: a phase past it may give NaN ("the caller evaluates it by the reference"). */
#define STATE_PHASE_LIMIT 1647099.0

/* An interruption's bounds: the latest and the earliest rest after `time` (or at it, with
 * `at_time`), or (time, +inf) when none (always for no items). */
static void check_rest_bounds(const char *what, const double *bound, double time, size_t n,
                              int at_time) {
    double b0 = bound[0], b1 = bound[1];
    if (!(b0 >= time) || !(at_time ? b1 >= time : b1 > time) ||
        !(b1 <= b0 || (b0 == time && b1 == INFINITY)))
        fail("%s: bounds %a %a around time %a", what, b0, b1, time);
    if (n == 0 && (b0 != time || b1 != INFINITY))
        fail("%s: no items, bounds %a %a (time %a)", what, b0, b1, time);
}

/* Settling bounds: after duration[i] the spring stays within its tolerance. Checked on
 * the first lanes at a few later times, by ci_spring_states (scalar) on the same spring
 * (omega0^2 = omega_d^2 + lambda^2), within that function's own 1e-14 at the scale. */
static void check_settled(const ci_settling *T, const double *delta, const double *velocity,
                          const double *duration, const unsigned char *lane_finite, size_t n) {
    enum { LANES = 4, TIMES = 4 };
    double lambda = T->decay_rate;
    ci_spring_state S = {lambda, T->damped_frequency_squared + lambda * lambda,
                         T->damped_frequency_squared};
    double elapsed[LANES * TIMES], d[LANES * TIMES], v[LANES * TIMES];
    double value[LANES * TIMES], speed[LANES * TIMES];
    size_t lanes[LANES * TIMES], m = 0;
    for (size_t i = 0; i < n && i < LANES; i++) {
        double t = duration[i];
        if (!lane_finite[i] || !isfinite(t)) continue;
        const double later[TIMES] = {t, 1.5 * t, t + 0.5 / lambda, t + 2 / lambda};
        for (int k = 0; k < TIMES; k++) {
            if (!isfinite(later[k])) continue;
            elapsed[m] = later[k];
            d[m] = delta[i];
            v[m] = velocity[i];
            lanes[m++] = i;
        }
    }
    if (m == 0 || ci_spring_states(CI_BACKEND_SCALAR, &S, elapsed, d, v, value, speed, m) != CI_OK)
        return;
    double omega0 = sqrt(S.undamped_frequency_squared);
    for (size_t j = 0; j < m; j++) {
        double scale = fmax(fabs(d[j]), fabs(v[j]) / omega0);
        if (!isfinite(value[j]) || !isfinite(scale)) continue;
        double tolerance = d[j] == 0 ? T->epsilon : T->epsilon * fabs(d[j]);
        if (!(fabs(value[j] - d[j]) <= tolerance + 1e-13 * scale + 1e-300))
            fail("ci_spring_settling: lane %zu is %a from its target %a at %a s, after its bound "
                 "%a s (tolerance %a)",
                 lanes[j], value[j] - d[j], d[j], elapsed[j], duration[lanes[j]], tolerance);
    }
}

static void run_springs(const fuzz_case *c) {
    const int states = c->op == OP_SPRING_STATES;
    const char *what = op_names[c->op];
    const size_t n = c->count;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);
    static const char *const input_names[2][3] = {{"delta", "velocity", ""},
                                                  {"elapsed", "delta", "v0"}};
    static const char *const output_names[2][2] = {{"duration", ""}, {"value", "velocity"}};
    const int inputs = states ? 3 : 2, outputs = states ? 2 : 1;

    /* Inputs and their copies (in place overwrites them); outputs, one of them maybe in
     * place: settling's duration over delta or velocity, a state's value over elapsed
     * or its velocity over v0. */
    guarded in[3] = {{0}}, out[2] = {{0}};
    double *x[3] = {NULL, NULL, NULL}, *saved[3] = {NULL, NULL, NULL}, *y[2] = {NULL, NULL};
    for (int k = 0; k < inputs; k++) {
        x[k] = guarded_make_doubles(&in[k], c->input_offset + 5 * (size_t)k, n);
        fill_doubles(c, c->ends[k], 24 * (size_t)k, x[k], n);
        saved[k] = malloc((n ? n : 1) * sizeof(double));
        if (!saved[k]) abort();
        memcpy(saved[k], x[k], n * sizeof(double));
    }
    int alias_in = c->alias == ALIAS_VALUE ? 0 : c->alias == ALIAS_VELOCITY ? inputs - 1 : -1;
    int alias_out = c->alias == ALIAS_VALUE ? 0 : c->alias == ALIAS_VELOCITY ? outputs - 1 : -1;
    for (int k = 0; k < outputs; k++)
        y[k] = k == alias_out ? x[alias_in]
                              : guarded_make_doubles(&out[k], c->value_offset + 3 * (size_t)k, n);

    unsigned char *lane_finite = malloc(n ? n : 1);
    if (!lane_finite) abort();
    int any_nonfinite = 0;
    for (size_t i = 0; i < n; i++) {
        int ok = 1;
        for (int k = 0; k < inputs; k++) ok = ok && isfinite(saved[k][i]);
        lane_finite[i] = (unsigned char)ok;
        any_nonfinite |= !ok;
    }

    /* NULL pointers: any mix the flags give reaches each one. */
    const double *arg_in[3] = {c->null_input ? NULL : x[0], c->null_velocity ? NULL : x[1],
                               c->null_stagger ? NULL : x[2]};
    if (!states) arg_in[2] = NULL;
    double *arg_out[2] = {c->null_value ? NULL : y[0],
                          c->null_input && c->null_velocity ? NULL : y[1]};
    int null_arrays = 0;
    for (int k = 0; k < inputs; k++) null_arrays |= !arg_in[k];
    for (int k = 0; k < outputs; k++) null_arrays |= !arg_out[k];

    const ci_settling *T = c->null_curve ? NULL : &c->settling;
    const ci_spring_state *S = c->null_curve ? NULL : &c->spring_state;
    int valid;
    if (states) {
        const ci_spring_state *s = &c->spring_state;
        valid = isfinite(s->decay_rate) && s->decay_rate >= 0 &&
                isfinite(s->undamped_frequency_squared) && s->undamped_frequency_squared > 0 &&
                isfinite(s->damped_frequency_squared) && s->damped_frequency_squared >= 0;
    } else {
        const ci_settling *s = &c->settling;
        valid = isfinite(s->decay_rate) && s->decay_rate > 0 &&
                isfinite(s->damped_frequency_squared) && s->damped_frequency_squared >= 0 &&
                isfinite(s->epsilon) && s->epsilon > 0;
    }
    expected e = {0};
    if (!backend_ok) allow(&e, CI_ERR_UNSUPPORTED_BACKEND);
    if (c->null_curve) allow(&e, CI_ERR_NULL_POINTER);
    if (!c->null_curve && !valid) allow(&e, CI_ERR_INVALID_PARAMETER);
    if (n > 0 && null_arrays) allow(&e, CI_ERR_NULL_POINTER);

    ci_status status = states ? ci_spring_states(backend, S, arg_in[0], arg_in[1], arg_in[2],
                                                 arg_out[0], arg_out[1], n)
                              : ci_spring_settling(backend, T, arg_in[0], arg_in[1], arg_out[0], n);
    if (print_cases > 0) printf("  status %d\n", (int)status);
    check_status(status, &e, n > 0 && any_nonfinite, what);
    for (int k = 0; k < inputs; k++) {
        guarded_check_padding(&in[k], input_names[states][k]);
        if (k != alias_in && memcmp(saved[k], x[k], n * sizeof(double)) != 0)
            fail("%s: input array %s modified", what, input_names[states][k]);
    }
    for (int k = 0; k < outputs; k++)
        if (out[k].block) guarded_check_padding(&out[k], output_names[states][k]);

    int written = status == CI_OK || status == CI_ERR_NONFINITE_INPUT;
    if (!written) {
        for (int k = 0; k < outputs; k++)
            if (out[k].block) check_untouched_doubles(y[k], n, output_names[states][k]);
        if (alias_in >= 0 && memcmp(saved[alias_in], x[alias_in], n * sizeof(double)) != 0)
            fail("%s: a failed call wrote the in-place array", what);
    } else if (n > 0) {
        /* Every lane written; NaN where an input is not finite. */
        for (int k = 0; k < outputs; k++) {
            check_written_doubles(y[k], n, output_names[states][k]);
            for (size_t i = 0; i < n; i++)
                if (!lane_finite[i] && !isnan(y[k][i]))
                    fail("%s: %s %zu is %a from a non-finite input, not NaN", what,
                         output_names[states][k], i, y[k][i]);
        }
        /* The same bits as the scalar backend. */
        double *ref[2] = {NULL, NULL};
        for (int k = 0; k < 2; k++) {
            ref[k] = malloc(n * sizeof(double));
            if (!ref[k]) abort();
        }
        ci_status rs =
            states ? ci_spring_states(CI_BACKEND_SCALAR, S, saved[0], saved[1], saved[2], ref[0],
                                      ref[1], n)
                   : ci_spring_settling(CI_BACKEND_SCALAR, T, saved[0], saved[1], ref[0], n);
        if (rs != status) fail("%s: status %d, scalar backend %d", what, (int)status, (int)rs);
        for (int k = 0; k < outputs; k++) check_same_doubles(y[k], ref[k], n, what);
        free(ref[0]);
        free(ref[1]);

        if (states) {
            /* At rest before the start; elsewhere the closed form within 1e-14 of the
             * motion's scale (velocity: times omega0), NaN only past the phase limit. */
            const ci_spring_state *s = &c->spring_state;
            double omega0 = sqrt(s->undamped_frequency_squared);
            double omega_d = sqrt(s->damped_frequency_squared);
            int ordinary = c->consistent && ordinary_double(s->decay_rate, 1e-100, 1e50) &&
                           s->undamped_frequency_squared >= 1e-100 &&
                           s->undamped_frequency_squared <= 1e100;
            for (size_t i = 0; i < n; i++) {
                double t = saved[0][i], d = saved[1][i], v0 = saved[2][i];
                if (!lane_finite[i]) continue;
                if (t < 0) {
                    if (y[0][i] != 0 || y[1][i] != 0)
                        fail("%s: lane %zu has not started (elapsed %a) but is at %a moving %a",
                             what, i, t, y[0][i], y[1][i]);
                    continue;
                }
                if (!ordinary || fabs(t) > 1e100 || !ordinary_double(d, 1e-200, 1e100) ||
                    !ordinary_double(v0, 1e-200, 1e100))
                    continue;
                double want, want_velocity;
                spring_motion(s, t, d, v0, &want, &want_velocity);
                double scale = fmax(fabs(d), fabs(v0) / omega0);
                if (!isfinite(want) || !isfinite(want_velocity) || !isfinite(scale * omega0))
                    continue;
                if (isnan(y[0][i]) && isnan(y[1][i]) && omega_d * t > STATE_PHASE_LIMIT) continue;
                double bound = 1e-14 * scale + 1e-300;
                if (!(fabs(y[0][i] - want) <= bound) ||
                    !(fabs(y[1][i] - want_velocity) <= bound * omega0 + 1e-300))
                    fail("%s: lane %zu (t %a delta %a v0 %a) is %a moving %a, closed form %a "
                         "moving %a (bound %g)",
                         what, i, t, d, v0, y[0][i], y[1][i], want, want_velocity, bound);
            }
        } else {
            /* A time: never negative (NaN for the lanes the reference must solve). */
            for (size_t i = 0; i < n; i++)
                if (y[0][i] < 0) fail("%s: lane %zu has bound %a", what, i, y[0][i]);
            check_settled(&c->settling, saved[0], saved[1], y[0], lane_finite, n);
        }
    }

    for (int k = 0; k < 3; k++) {
        guarded_free(&in[k]);
        free(saved[k]);
    }
    guarded_free(&out[0]);
    guarded_free(&out[1]);
    free(lane_finite);
}

static void run_interrupt(const fuzz_case *c) {
    const char *what = op_names[c->op];
    const size_t n = c->count;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);
    ci_list_interruption L = c->interruption;
    /* The arrays of the layers there may be; a count past CI_MAX_LAYERS must be
     * refused before any is read (the tables end with the layers made: ASan). */
    const size_t layers = L.layer_count <= CI_MAX_LAYERS ? L.layer_count : CI_MAX_LAYERS;

    guarded delays = {0}, frozen = {0}, new_offset = {0}, new_change = {0}, bounds = {0};
    guarded offsets[CI_MAX_LAYERS] = {{0}}, changes[CI_MAX_LAYERS] = {{0}}, shifts = {0};
    guarded_make(&delays, c->input_offset, n);
    fill_inputs(c, delays.p, n);
    guarded_make(&frozen, (c->input_offset + 7) % MAX_OFFSET, n);
    guarded_make(&new_offset, c->value_offset, n);
    guarded_make(&new_change, c->velocity_offset, n);
    for (size_t i = 0; i < n; i++) {
        frozen.p[i] = delays.p[n - 1 - i];
        new_offset.p[i] = c->new_delay + (float)i * c->new_delay_step;
    }
    double *shift = guarded_make_doubles(&shifts, c->velocity_offset, layers);
    double *bound = guarded_make_doubles(&bounds, c->value_offset + 1, 2);
    const float **offset_table = malloc((layers ? layers : 1) * sizeof *offset_table);
    float **change_table = malloc((layers ? layers : 1) * sizeof *change_table);
    float *initial = malloc((n ? n : 1) * sizeof(float) * (1 + CI_MAX_LAYERS));
    if (!offset_table || !change_table || !initial) abort();
    memcpy(initial, new_offset.p, n * sizeof(float));
    for (size_t p = 0; p < layers; p++) {
        shift[p] = c->shifts[p];
        guarded_make(&offsets[p], (c->input_offset + 3 + 2 * p) % MAX_OFFSET, n);
        guarded_make(&changes[p], (c->value_offset + 5 + 2 * p) % MAX_OFFSET, n);
        for (size_t i = 0; i < n; i++) {
            offsets[p].p[i] = delays.p[(i + p + 1) % n];
            changes[p].p[i] = i % (p + 2) == 0 ? 0.0f : c->layer_change[p];
        }
        memcpy(initial + (1 + p) * n, changes[p].p, n * sizeof(float));
        offset_table[p] = offsets[p].p;
        change_table[p] = changes[p].p;
    }
    if (layers > 0 && (c->null_layer & 1)) offset_table[layers - 1] = NULL;
    if (layers > 0 && (c->null_layer & 2)) change_table[layers - 1] = NULL;
    /* Inputs the kernel only reads, as they were. */
    float *saved = malloc((n ? n : 1) * sizeof(float) * (2 + CI_MAX_LAYERS));
    if (!saved) abort();
    memcpy(saved, delays.p, n * sizeof(float));
    memcpy(saved + n, frozen.p, n * sizeof(float));
    for (size_t p = 0; p < layers; p++)
        memcpy(saved + (2 + p) * n, offsets[p].p, n * sizeof(float));

    L.delays = c->null_input ? NULL : delays.p;
    L.frozen = c->null_frozen ? NULL : frozen.p;
    L.shifts = c->null_shifts ? NULL : shift;
    L.offsets = c->null_offsets ? NULL : (const float *const *)offset_table;
    L.changes = c->null_changes ? NULL : (float *const *)change_table;
    const ci_list_interruption *list = c->null_curve ? NULL : &L;
    float *offset_arg = c->null_value ? NULL : new_offset.p;
    float *change_arg = c->null_velocity ? NULL : new_change.p;
    double *bounds_arg = c->null_stagger ? NULL : bound;

    /* "CI_ERR_NULL_POINTER for a missing array": required with items; with none the
     * header's general rule (NULL while count > 0) leaves it open. */
    expected e = {0};
    if (!backend_ok) allow(&e, CI_ERR_UNSUPPORTED_BACKEND);
    if (!list || !bounds_arg) allow(&e, CI_ERR_NULL_POINTER);
    if (list) {
        if (!isfinite(L.time) || !isfinite(L.start) || !isfinite(L.duration) || !(L.duration > 0) ||
            L.layer_count > CI_MAX_LAYERS)
            allow(&e, CI_ERR_INVALID_PARAMETER);
        int missing = !L.delays || !offset_arg || !change_arg;
        if (L.layer_count <= CI_MAX_LAYERS && layers > 0)
            missing |= !L.shifts || !L.offsets || !L.changes || (c->null_layer != 0);
        if (missing) (n > 0 ? allow : allow_maybe)(&e, CI_ERR_NULL_POINTER);
    }

    ci_status status = ci_interrupt_list(backend, list, offset_arg, change_arg, bounds_arg, n);
    if (print_cases > 0) printf("  status %d\n", (int)status);
    /* Per-item figures are not checked: never CI_ERR_NONFINITE_INPUT. */
    check_status(status, &e, 0, what);
    guarded_check_padding(&delays, "delays");
    guarded_check_padding(&frozen, "frozen");
    guarded_check_padding(&new_offset, "new_offset");
    guarded_check_padding(&new_change, "new_change");
    guarded_check_padding(&shifts, "shifts");
    guarded_check_padding(&bounds, "bounds");
    for (size_t p = 0; p < layers; p++) {
        guarded_check_padding(&offsets[p], "layer offsets");
        guarded_check_padding(&changes[p], "layer changes");
    }
    int inputs_kept = memcmp(saved, delays.p, n * sizeof(float)) == 0 &&
                      memcmp(saved + n, frozen.p, n * sizeof(float)) == 0;
    for (size_t p = 0; p < layers; p++) {
        inputs_kept =
            inputs_kept && memcmp(saved + (2 + p) * n, offsets[p].p, n * sizeof(float)) == 0;
        inputs_kept = inputs_kept && bits_of_double(shift[p]) == bits_of_double(c->shifts[p]);
    }
    if (!inputs_kept) fail("%s: an input array modified", what);

    if (status != CI_OK) {
        if (memcmp(initial, new_offset.p, n * sizeof(float)) != 0)
            fail("%s: a failed call wrote new_offset", what);
        check_untouched(new_change.p, n, "new_change");
        check_untouched_doubles(bound, 2, "bounds");
        for (size_t p = 0; p < layers; p++)
            if (memcmp(initial + (1 + p) * n, changes[p].p, n * sizeof(float)) != 0)
                fail("%s: a failed call wrote layer %zu's changes", what, p);
    } else {
        check_rest_bounds(what, bound, L.time, n, 0);
        /* A moving item's offset is 0, a resting one's kept; a layer is kept or cancelled
         * (its change 0); an item whose figures are all finite is written. */
        int still = L.layer_count == 0 && L.from == L.to;
        for (size_t i = 0; i < n; i++) {
            float o = new_offset.p[i];
            if (!same_float(o, initial[i]) && bits_of_float(o) != 0)
                fail("%s: new_offset %zu is %a, neither 0 nor the delay read %a", what, i, o,
                     initial[i]);
            int finite = isfinite(saved[i]) && isfinite(saved[n + i]) && isfinite(initial[i]) &&
                         isfinite(L.from) && isfinite(L.to) && isfinite(L.target);
            for (size_t p = 0; p < layers; p++) {
                float was = initial[(1 + p) * n + i], now = changes[p].p[i];
                if (!same_float(now, was) && bits_of_float(now) != 0)
                    fail("%s: layer %zu's change %zu is %a, neither kept (%a) nor 0", what, p, i,
                         now, was);
                finite = finite && isfinite(was) && isfinite(saved[(2 + p) * n + i]);
            }
            if (finite && bits_of_float(new_change.p[i]) == SENTINEL_BITS)
                fail("%s: new_change %zu not written", what, i);
            /* No layers and a base that goes nowhere: every item rests where it is,
             * keeps its delay and gets target - (frozen + to). */
            if (still) {
                double at = (L.frozen ? (double)saved[n + i] : 0.0) + (double)L.to;
                float want = (float)((double)L.target - at);
                if (!same_float(o, initial[i]) ||
                    !(new_change.p[i] == want || (isnan(want) && isnan(new_change.p[i]))))
                    fail("%s: item %zu at rest got offset %a change %a, expected %a %a", what, i, o,
                         new_change.p[i], initial[i], want);
            }
        }

        /* The same bits as the scalar backend, on copies of what the call reads and writes. */
        float *ref_offset = malloc((n ? n : 1) * sizeof(float));
        float *ref_change = malloc((n ? n : 1) * sizeof(float));
        float *ref_layers = malloc((n ? n : 1) * sizeof(float) * CI_MAX_LAYERS);
        float *ref_table[CI_MAX_LAYERS];
        double ref_bounds[2];
        if (!ref_offset || !ref_change || !ref_layers) abort();
        memcpy(ref_offset, initial, n * sizeof(float));
        for (size_t p = 0; p < layers; p++) {
            ref_table[p] = ref_layers + p * n;
            memcpy(ref_table[p], initial + (1 + p) * n, n * sizeof(float));
        }
        ci_list_interruption R = L;
        R.changes = ref_table;
        ci_status rs =
            ci_interrupt_list(CI_BACKEND_SCALAR, &R, ref_offset, ref_change, ref_bounds, n);
        if (rs != status) fail("%s: status %d, scalar backend %d", what, (int)status, (int)rs);
        check_same_floats(new_offset.p, ref_offset, n, "ci_interrupt_list new_offset");
        check_same_floats(new_change.p, ref_change, n, "ci_interrupt_list new_change");
        for (size_t p = 0; p < layers; p++)
            check_same_floats(changes[p].p, ref_table[p], n, "ci_interrupt_list layer changes");
        check_same_doubles(bound, ref_bounds, 2, "ci_interrupt_list bounds");
        free(ref_offset);
        free(ref_change);
        free(ref_layers);
    }

    guarded_free(&delays);
    guarded_free(&frozen);
    guarded_free(&new_offset);
    guarded_free(&new_change);
    guarded_free(&shifts);
    guarded_free(&bounds);
    for (size_t p = 0; p < layers; p++) {
        guarded_free(&offsets[p]);
        guarded_free(&changes[p]);
    }
    free(offset_table);
    free(change_table);
    free(initial);
    free(saved);
}

/* ---- a tap under one spring: ci_interrupt_spring_list, ci_restart_spring_lanes ---- */

/* Their *unsolved: a guarded block of its own, holding a canary. */
#define SENTINEL_COUNT ((size_t)0xA5A5A5A5A5A5A5A5ull)

static size_t *guarded_make_count(guarded *g, size_t offset) {
    const size_t k = sizeof(size_t) / sizeof(float);
    guarded_make(g, k * (offset % (MAX_OFFSET / k)), k);
    size_t *p = (size_t *)(void *)g->p;
    *p = SENTINEL_COUNT;
    return p;
}

/* The statuses a tap's spring and scalars call for (ci_interrupt_spring_list's ranges,
 * which ci_restart_spring_lanes shares): ci_spring_states' and ci_settling's (lambda >
 * 0), omega_d at most 2000 lambda (omega_d^2 <= 4e6 lambda^2; within rounding of the
 * limit either answer will do), finite scalars, epsilon > 0. */
static void expect_tap_spring(expected *e, const ci_spring_state *S, double epsilon, double time,
                              double start, double own_velocity, double own_duration) {
    double lambda = S->decay_rate, w2 = S->undamped_frequency_squared;
    double s = S->damped_frequency_squared;
    int spring_ok =
        isfinite(lambda) && lambda > 0 && isfinite(w2) && w2 > 0 && isfinite(s) && s >= 0;
    int phase_ok = s <= 4e6 * lambda * lambda;
    int at_limit = spring_ok && fabs(sqrt(s) - 2000 * lambda) <= 1e-12 * (2000 * lambda);
    int valid = spring_ok && isfinite(epsilon) && epsilon > 0 && isfinite(time) &&
                isfinite(start) && isfinite(own_velocity) && isfinite(own_duration);
    if (!valid || (!phase_ok && !at_limit)) allow(e, CI_ERR_INVALID_PARAMETER);
    if (valid && at_limit) allow_maybe(e, CI_ERR_INVALID_PARAMETER);
}

/* The state a tap starts each lane from: ci_spring_states (scalar) on the spring the
 * entry point took, which it must take too (lanes of figures not all finite zeroed by
 * the caller). */
static void tap_states(const char *what, const ci_spring_state *S, const double *elapsed,
                       const double *delta, const double *v0, double *value, double *speed,
                       size_t n) {
    if (ci_spring_states(CI_BACKEND_SCALAR, S, elapsed, delta, v0, value, speed, n) != CI_OK)
        fail("%s: ci_spring_states refuses the spring or the states of lanes the tap took", what);
}

/* The bounds of the m lanes a tap set moving from their state (a spring list's moving
 * items, restarted lanes that carry their motion on; got[j] the bound written for lane
 * lane[j]): not negative, and ci_spring_settling's (scalar) for their span and velocity
 * bit for bit, rounded to float when the entry point stores floats (narrow). */
static void check_tap_bounds(const char *what, const char *lanes, const ci_spring_state *S,
                             double epsilon, const double *span, const double *velocity,
                             const double *got, const size_t *lane, size_t m, int narrow) {
    if (m == 0) return;
    for (size_t j = 0; j < m; j++)
        if (got[j] < 0) fail("%s: %s %zu has new_duration %a", what, lanes, lane[j], got[j]);
    double *bound = malloc(m * sizeof(double));
    if (!bound) abort();
    ci_settling T = {S->decay_rate, S->damped_frequency_squared, epsilon};
    if (ci_spring_settling(CI_BACKEND_SCALAR, &T, span, velocity, bound, m) != CI_OK)
        fail("%s: ci_spring_settling refuses the spring of a tap it took", what);
    for (size_t j = 0; j < m; j++) {
        double want = narrow ? (double)(float)bound[j] : bound[j];
        if (!same_double(got[j], want))
            fail("%s: %s %zu (span %a, velocity %a) has new_duration %a, ci_spring_settling %a",
                 what, lanes, lane[j], span[j], velocity[j], got[j], bound[j]);
    }
    free(bound);
}

/* A tap's *unsolved: written, at most the count, and the number of NaN bounds written
 * when every lane's figures are finite (exact), else at most that number. */
static void check_unsolved(const char *what, size_t unsolved, size_t nan_bounds, size_t n,
                           int exact) {
    if (unsolved == SENTINEL_COUNT || unsolved > n)
        fail("%s: *unsolved is %zu of %zu items", what, unsolved, n);
    if (exact ? nan_bounds != unsolved : nan_bounds < unsolved)
        fail("%s: %zu new durations are NaN, *unsolved is %zu", what, nan_bounds, unsolved);
}

static void run_spring_list(const fuzz_case *c) {
    const char *what = op_names[c->op];
    const size_t n = c->count;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);
    ci_spring_list L = c->spring_list;
    static const char *const input_names[4] = {"offset", "from", "velocity", "duration"};
    static const char *const output_names[4] = {"new_offset", "new_from", "new_velocity",
                                                "new_duration"};
    static const char *const compared[4] = {"ci_interrupt_spring_list new_offset",
                                            "ci_interrupt_spring_list new_from",
                                            "ci_interrupt_spring_list new_velocity",
                                            "ci_interrupt_spring_list new_duration"};

    /* The four arrays the list reads; new_offset (the new delays, read, then written) in
     * a block of its own, the other outputs maybe in place over from, velocity and
     * duration; the bounds and *unsolved guarded too. */
    guarded in[4] = {{0}}, out[4] = {{0}}, bounds = {0}, count = {0};
    float *x[4], *y[4];
    for (int k = 0; k < 4; k++) {
        guarded_make(&in[k], (c->input_offset + 5 * (size_t)k) % MAX_OFFSET, n);
        x[k] = in[k].p;
        fill_floats(c, c->item_ends[k], 24 * (size_t)k, x[k], n);
        /* No input carries the canary's NaN payload into an output (see
         * run_spring_restart). */
        for (size_t i = 0; i < n; i++)
            if (bits_of_float(x[k][i]) == SENTINEL_BITS) x[k][i] = NAN;
    }
    guarded_make(&out[0], c->value_offset, n);
    y[0] = out[0].p;
    for (size_t i = 0; i < n; i++) {
        y[0][i] = c->new_delay + (float)i * c->new_delay_step;
        if (bits_of_float(y[0][i]) == SENTINEL_BITS) y[0][i] = NAN;
    }
    for (int k = 1; k < 4; k++) {
        if (c->in_place & (1 << (k - 1))) {
            y[k] = x[k];
            continue;
        }
        guarded_make(&out[k], (c->value_offset + 3 * (size_t)k) % MAX_OFFSET, n);
        y[k] = out[k].p;
    }
    /* The inputs as they were, then the new delays read. */
    float *saved = malloc((n ? n : 1) * sizeof(float) * 5);
    if (!saved) abort();
    for (int k = 0; k < 4; k++) memcpy(saved + (size_t)k * n, x[k], n * sizeof(float));
    float *initial = saved + 4 * n;
    memcpy(initial, y[0], n * sizeof(float));
    double *bound = guarded_make_doubles(&bounds, c->value_offset + 1, 2);
    size_t *unsolved = guarded_make_count(&count, c->velocity_offset);

    const int nulls = c->null_items;
    L.offset = c->null_input ? NULL : x[0];
    L.from = (nulls & 1) ? NULL : x[1];
    L.velocity = (nulls & 2) ? NULL : x[2];
    L.duration = (nulls & 4) ? NULL : x[3];
    const ci_spring_list *list = c->null_curve ? NULL : &L;
    float *arg[4] = {c->null_value ? NULL : y[0], c->null_velocity ? NULL : y[1],
                     (nulls & 8) ? NULL : y[2], (nulls & 16) ? NULL : y[3]};
    double *bounds_arg = c->null_stagger ? NULL : bound;
    size_t *unsolved_arg = (nulls & 32) ? NULL : unsolved;

    /* The header's ranges; "CI_ERR_NULL_POINTER for a missing array": required with
     * items; with none the header's general rule (NULL while count > 0) leaves it open. */
    const ci_spring_state *S = &L.spring;
    expected e = {0};
    if (!backend_ok) allow(&e, CI_ERR_UNSUPPORTED_BACKEND);
    if (!list || !bounds_arg || !unsolved_arg) allow(&e, CI_ERR_NULL_POINTER);
    if (list) {
        expect_tap_spring(&e, S, L.epsilon, L.time, L.start, L.own_velocity, L.own_duration);
        int missing = !L.offset || !L.from || !L.velocity || !L.duration;
        for (int k = 0; k < 4; k++) missing |= !arg[k];
        if (missing) (n > 0 ? allow : allow_maybe)(&e, CI_ERR_NULL_POINTER);
    }

    ci_status status = ci_interrupt_spring_list(backend, list, arg[0], arg[1], arg[2], arg[3],
                                                bounds_arg, unsolved_arg, n);
    if (print_cases > 0) printf("  status %d\n", (int)status);
    /* Per-item figures are not checked: never CI_ERR_NONFINITE_INPUT. */
    check_status(status, &e, 0, what);
    for (int k = 0; k < 4; k++) {
        guarded_check_padding(&in[k], input_names[k]);
        if (out[k].block) guarded_check_padding(&out[k], output_names[k]);
    }
    guarded_check_padding(&bounds, "bounds");
    guarded_check_padding(&count, "unsolved");
    for (int k = 0; k < 4; k++)
        if (y[k] != x[k] && memcmp(saved + (size_t)k * n, x[k], n * sizeof(float)) != 0)
            fail("%s: input array %s modified", what, input_names[k]);

    if (status != CI_OK) {
        if (memcmp(initial, y[0], n * sizeof(float)) != 0)
            fail("%s: a failed call wrote new_offset", what);
        for (int k = 1; k < 4; k++) {
            if (out[k].block) check_untouched(y[k], n, output_names[k]);
            else if (memcmp(saved + (size_t)k * n, x[k], n * sizeof(float)) != 0)
                fail("%s: a failed call wrote the in-place array %s", what, input_names[k]);
        }
        check_untouched_doubles(bound, 2, "bounds");
        if (*unsolved != SENTINEL_COUNT) fail("%s: a failed call wrote *unsolved", what);
    } else {
        check_rest_bounds(what, bound, L.time, n, 1);
        /* ... exactly those of the rests as stored (time + offset + duration, in double)
         * of the items that go somewhere (not at rest at the target), the tap's own time
         * included (a moving item whose span is 0 rests at once). */
        double latest = L.time, earliest = INFINITY;
        for (size_t i = 0; i < n; i++) {
            if (y[2][i] == 0 && y[1][i] == L.target) continue;
            double rest = L.time + (double)y[0][i] + (double)y[3][i];
            if (!(rest >= L.time)) continue;
            latest = rest > latest ? rest : latest;
            earliest = rest < earliest ? rest : earliest;
        }
        if (!same_double(bound[0], latest) || !same_double(bound[1], earliest))
            fail("%s: bounds %a %a, the rests stored give %a %a", what, bound[0], bound[1], latest,
                 earliest);

        /* Each item: its state at the tap by ci_spring_states (scalar) on the same spring
         * (elapsed time - start - offset, toward to - from from its velocity); an item of
         * finite figures is moving when 2^-20 |offset| < elapsed < duration. */
        double *state = malloc((n ? n : 1) * sizeof(double) * 5);
        unsigned char *finite = malloc(n ? n : 1);
        if (!state || !finite) abort();
        double *elapsed = state, *delta = state + n, *v0 = state + 2 * n;
        double *value = state + 3 * n, *speed = state + 4 * n;
        int clean = 1; /* every item's figures and new start finite */
        size_t nan_bounds = 0, moving_count = 0;
        for (size_t i = 0; i < n; i++) {
            float o = saved[i], from = saved[n + i], v = saved[2 * n + i];
            float d = saved[3 * n + i], delay = initial[i];
            elapsed[i] = L.time - L.start - (double)o;
            delta[i] = (double)L.to - (double)from;
            v0[i] = v;
            finite[i] =
                (unsigned char)(isfinite(o) && isfinite(from) && isfinite(v) && isfinite(d) &&
                                isfinite(delay) && isfinite(L.to) && isfinite(L.target) &&
                                isfinite(elapsed[i]) && isfinite(delta[i]));
            if (!finite[i]) elapsed[i] = delta[i] = v0[i] = 0;
            clean = clean && finite[i];
            nan_bounds += isnan(y[3][i]) != 0;
            /* Whatever the figures: the new offset is 0 or the delay read. */
            if (!same_float(y[0][i], delay) && bits_of_float(y[0][i]) != 0)
                fail("%s: new_offset %zu is %a, neither 0 nor the delay read %a", what, i, y[0][i],
                     delay);
        }
        tap_states(what, S, elapsed, delta, v0, value, speed, n);
        /* The moving items' bounds, by ci_spring_settling (scalar) on their spans. */
        double *span = malloc((n ? n : 1) * sizeof(double) * 3);
        size_t *moving_item = malloc((n ? n : 1) * sizeof(size_t));
        if (!span || !moving_item) abort();
        double *moving_speed = span + n, *moving_bound = span + 2 * n;
        for (size_t i = 0; i < n; i++) {
            if (!finite[i]) continue;
            for (int k = 1; k < 4; k++)
                if (out[k].block && bits_of_float(y[k][i]) == SENTINEL_BITS)
                    fail("%s: %s %zu not written", what, output_names[k], i);
            float o = saved[i], from = saved[n + i], d = saved[3 * n + i], delay = initial[i];
            int moving = 0x1p-20 * fabs((double)o) < elapsed[i] && elapsed[i] < (double)d;
            if (moving ? bits_of_float(y[0][i]) != 0 : !same_float(y[0][i], delay))
                fail("%s: item %zu %s (elapsed %a, offset %a, duration %a) has new_offset %a "
                     "(delay read %a)",
                     what, i, moving ? "moving" : "not moving", elapsed[i], o, d, y[0][i], delay);
            /* An item not past its start (elapsed 0 included) holds still at `from`. */
            float want_from = elapsed[i] > 0 ? (float)((double)from + value[i]) : from;
            if (!same_float(y[1][i], want_from))
                fail("%s: item %zu starts from %a, its state at the tap %a (elapsed %a)", what, i,
                     y[1][i], want_from, elapsed[i]);
            double left = (double)L.target - (double)y[1][i];
            float want_velocity = moving ? (float)speed[i] : (float)(left * L.own_velocity);
            if (!same_float(y[2][i], want_velocity))
                fail("%s: item %zu (%s) starts at velocity %a, expected %a", what, i,
                     moving ? "moving" : "at rest", y[2][i], want_velocity);
            clean = clean && isfinite(y[1][i]) && isfinite(y[2][i]);
            if (!moving) {
                /* At rest: the spring's own duration, 0 with nowhere to go. */
                float want = left == 0 ? 0.0f : (float)L.own_duration;
                if (!same_float(y[3][i], want))
                    fail("%s: item %zu at rest has new_duration %a, expected %a", what, i, y[3][i],
                         want);
            } else if (isfinite(left) && isfinite(y[2][i])) {
                span[moving_count] = left;
                moving_speed[moving_count] = y[2][i];
                moving_bound[moving_count] = y[3][i];
                moving_item[moving_count++] = i;
            }
        }
        check_tap_bounds(what, "moving item", S, L.epsilon, span, moving_speed, moving_bound,
                         moving_item, moving_count, 1);
        /* NaN bounds: counted in *unsolved (any others come of non-finite figures). */
        check_unsolved(what, *unsolved, nan_bounds, n, clean);
        free(state);
        free(finite);
        free(span);
        free(moving_item);

        /* The same bits as the scalar backend, on copies of what the call reads. */
        float *ref = malloc((n ? n : 1) * sizeof(float) * 4);
        if (!ref) abort();
        memcpy(ref, initial, n * sizeof(float));
        ci_spring_list R = L;
        R.offset = saved;
        R.from = saved + n;
        R.velocity = saved + 2 * n;
        R.duration = saved + 3 * n;
        double ref_bounds[2];
        size_t ref_unsolved = SENTINEL_COUNT;
        ci_status rs = ci_interrupt_spring_list(CI_BACKEND_SCALAR, &R, ref, ref + n, ref + 2 * n,
                                                ref + 3 * n, ref_bounds, &ref_unsolved, n);
        if (rs != status) fail("%s: status %d, scalar backend %d", what, (int)status, (int)rs);
        for (int k = 0; k < 4; k++) check_same_floats(y[k], ref + (size_t)k * n, n, compared[k]);
        check_same_doubles(bound, ref_bounds, 2, "ci_interrupt_spring_list bounds");
        if (*unsolved != ref_unsolved)
            fail("%s: *unsolved %zu, scalar backend %zu", what, *unsolved, ref_unsolved);
        free(ref);
    }

    for (int k = 0; k < 4; k++) {
        guarded_free(&in[k]);
        guarded_free(&out[k]);
    }
    guarded_free(&bounds);
    guarded_free(&count);
    free(saved);
}

static void run_spring_restart(const fuzz_case *c) {
    const char *what = op_names[c->op];
    const size_t n = c->count;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);
    ci_spring_restart L = c->restart;
    enum { OFFSET, FROM, TO, VELOCITY, TARGET, DELAY, CARRIED, INPUTS };
    enum { NEW_OFFSET, NEW_FROM, NEW_TO, NEW_VELOCITY, NEW_DURATION, OUTPUTS };
    static const char *const input_names[INPUTS] = {"offset", "from",  "to",     "velocity",
                                                    "target", "delay", "carried"};
    static const char *const output_names[OUTPUTS] = {"new_offset", "new_from", "new_to",
                                                      "new_velocity", "new_duration"};
    static const char *const compared[OUTPUTS] = {"ci_restart_spring_lanes new_offset",
                                                  "ci_restart_spring_lanes new_from",
                                                  "ci_restart_spring_lanes new_to",
                                                  "ci_restart_spring_lanes new_velocity",
                                                  "ci_restart_spring_lanes new_duration"};

    /* The seven arrays the lanes read (carried maybe by a pattern); the outputs in blocks
     * of their own, new_duration maybe in place over carried; *soonest and *unsolved
     * guarded too. */
    guarded in[INPUTS] = {{0}}, out[OUTPUTS] = {{0}}, least = {0}, count = {0};
    double *x[INPUTS], *y[OUTPUTS];
    for (int k = 0; k < INPUTS; k++) {
        x[k] = guarded_make_doubles(&in[k], c->input_offset + 5 * (size_t)k, n);
        fill_doubles(c, c->lane_ends[k], 24 * (size_t)k, x[k], n);
    }
    if (c->carried_pattern)
        for (size_t i = 0; i < n; i++)
            x[CARRIED][i] = (c->carried_pattern >> (i % 8)) & 1 ? (double)i : -1.0;
    /* With rows, whether a lane carries its motion on repeats with them (the caller's
     * promise): each lane past the first row carries as the lane a row before does. */
    for (size_t i = L.row; L.row && i < n; i++)
        if ((x[CARRIED][i] >= 0) != (x[CARRIED][i - L.row] >= 0))
            x[CARRIED][i] = x[CARRIED][i - L.row] >= 0 ? (double)i : -1.0;
    /* A NaN input carries its payload into the outputs (x + y keeps x's): none may carry
     * the canary's, or "every lane written" could not tell. (libFuzzer learns the canary
     * from the comparisons with it.) */
    for (int k = 0; k < INPUTS; k++)
        for (size_t i = 0; i < n; i++)
            if (bits_of_double(x[k][i]) == SENTINEL_DOUBLE_BITS) x[k][i] = NAN;
    if (bits_of_double(L.all_targets) == SENTINEL_DOUBLE_BITS) L.all_targets = NAN;
    for (int k = 0; k < OUTPUTS; k++)
        y[k] = k == NEW_DURATION && c->in_place
                   ? x[CARRIED]
                   : guarded_make_doubles(&out[k], c->value_offset + 3 * (size_t)k, n);
    /* The inputs as they were. */
    double *saved = malloc((n ? n : 1) * sizeof(double) * INPUTS);
    if (!saved) abort();
    for (int k = 0; k < INPUTS; k++) memcpy(saved + (size_t)k * n, x[k], n * sizeof(double));
    double *soonest = guarded_make_doubles(&least, c->value_offset + 1, 1);
    size_t *unsolved = guarded_make_count(&count, c->velocity_offset);

    const int nulls = c->null_items;
    /* States given: offset and to are not read, so NULL for them is no error. */
    L.offset = c->null_input || L.states_given ? NULL : x[OFFSET];
    L.from = (nulls & 1) ? NULL : x[FROM];
    L.to = (nulls & 2) || L.states_given ? NULL : x[TO];
    L.velocity = (nulls & 4) ? NULL : x[VELOCITY];
    L.target = c->one_target ? NULL : x[TARGET]; /* not an error: every lane to all_targets */
    L.delay = (nulls & 8) ? NULL : x[DELAY];
    L.carried = (nulls & 16) ? NULL : x[CARRIED];
    const ci_spring_restart *lanes = c->null_curve ? NULL : &L;
    double *arg[OUTPUTS] = {c->null_value ? NULL : y[0], c->null_velocity ? NULL : y[1],
                            (nulls & 32) ? NULL : y[2], (nulls & 64) ? NULL : y[3],
                            (nulls & 128) ? NULL : y[4]};
    double *soonest_arg = c->null_stagger ? NULL : soonest;
    size_t *unsolved_arg = (nulls & 256) ? NULL : unsolved;

    /* The header's ranges (ci_interrupt_spring_list's, and an own_duration of 0 or
     * more) and missing arrays, as for a spring list. */
    const ci_spring_state *S = &L.spring;
    expected e = {0};
    if (!backend_ok) allow(&e, CI_ERR_UNSUPPORTED_BACKEND);
    if (!lanes || !soonest_arg || !unsolved_arg) allow(&e, CI_ERR_NULL_POINTER);
    if (lanes) {
        expect_tap_spring(&e, S, L.epsilon, L.time, L.start, L.own_velocity, L.own_duration);
        if (L.own_duration < 0) allow(&e, CI_ERR_INVALID_PARAMETER);
        int missing = (!L.states_given && (!L.offset || !L.to)) || !L.from || !L.velocity ||
                      !L.delay || !L.carried;
        for (int k = 0; k < OUTPUTS; k++) missing |= !arg[k];
        if (missing) (n > 0 ? allow : allow_maybe)(&e, CI_ERR_NULL_POINTER);
    }

    /* The rule's figures, from copies of what the call reads, when nothing else is
     * called for. A lane is known when its state's inputs are finite (elapsed (time -
     * start) - offset, delta to - from, v0 its velocity, and from): its state is
     * ci_spring_states' (scalar), its new figures the rule's. CI_ERR_NONFINITE_INPUT
     * then follows when some figure of a known lane is not finite, or some lane's target
     * or from is not (its value is from plus a state), or the delay of a lane that starts
     * afresh; a lane whose state has an input that is not finite may give it or not
     * (one that has not started holds still in the lane engine, whatever its motion). */
    const double *s_offset = saved, *s_from = saved + n, *s_to = saved + 2 * n;
    const double *s_velocity = saved + 3 * n, *s_target = saved + 4 * n;
    const double *s_delay = saved + 5 * n, *s_carried = saved + 6 * n;
    double *state = malloc((n ? n : 1) * sizeof(double) * 6);
    unsigned char *known = malloc(n ? n : 1);
    if (!state || !known) abort();
    double *elapsed = state, *delta = state + n, *v0 = state + 2 * n;
    double *value = state + 3 * n, *speed = state + 4 * n, *target = state + 5 * n;
    int rule = !e.errors && n > 0, must_report = 0, may_report = 0;
    if (rule) {
        for (size_t i = 0; i < n; i++) {
            target[i] = L.target ? s_target[i] : L.all_targets;
            int carried = s_carried[i] >= 0;
            if (L.states_given) {
                /* The state is given: every lane is known. */
                known[i] = 1;
                elapsed[i] = delta[i] = v0[i] = 0;
                continue;
            }
            elapsed[i] = (L.time - L.start) - s_offset[i];
            delta[i] = s_to[i] - s_from[i];
            v0[i] = s_velocity[i];
            known[i] = (unsigned char)(isfinite(elapsed[i]) && isfinite(delta[i]) &&
                                       isfinite(v0[i]) && isfinite(s_from[i]));
            if (known[i]) continue;
            elapsed[i] = delta[i] = v0[i] = 0;
            if (!isfinite(target[i]) || !isfinite(s_from[i]) || (!carried && !isfinite(s_delay[i])))
                must_report = 1;
            else may_report = 1;
        }
        tap_states(what, S, elapsed, delta, v0, value, speed, n);
        for (size_t i = 0; i < n; i++) {
            if (!known[i]) continue;
            int carried = s_carried[i] >= 0;
            /* The state at the tap: the one given, or the motion's. */
            if (L.states_given) speed[i] = s_velocity[i];
            double from = L.states_given ? s_from[i] : s_from[i] + value[i];
            double span = target[i] - from;
            double velocity = carried ? speed[i] : span * L.own_velocity;
            double offset = carried ? 0 : s_delay[i];
            if (!isfinite(from) || !isfinite(target[i]) || !isfinite(span) || !isfinite(offset) ||
                !isfinite(velocity))
                must_report = 1;
        }
        if (may_report && !must_report) allow_maybe(&e, CI_ERR_NONFINITE_INPUT);
    }

    ci_status status = ci_restart_spring_lanes(backend, lanes, arg[0], arg[1], arg[2], arg[3],
                                               arg[4], soonest_arg, unsolved_arg, n);
    if (print_cases > 0) printf("  status %d\n", (int)status);
    check_status(status, &e, must_report, what);
    for (int k = 0; k < INPUTS; k++) guarded_check_padding(&in[k], input_names[k]);
    for (int k = 0; k < OUTPUTS; k++)
        if (out[k].block) guarded_check_padding(&out[k], output_names[k]);
    guarded_check_padding(&least, "soonest");
    guarded_check_padding(&count, "unsolved");
    for (int k = 0; k < INPUTS; k++)
        if (x[k] != y[NEW_DURATION] && memcmp(saved + (size_t)k * n, x[k], n * sizeof(double)))
            fail("%s: input array %s modified", what, input_names[k]);

    if (status != CI_OK && status != CI_ERR_NONFINITE_INPUT) {
        /* A refusal writes nothing. */
        for (int k = 0; k < OUTPUTS; k++) {
            if (out[k].block) check_untouched_doubles(y[k], n, output_names[k]);
            else if (memcmp(s_carried, y[k], n * sizeof(double)) != 0)
                fail("%s: a failed call wrote the in-place array carried", what);
        }
        check_untouched_doubles(soonest, 1, "soonest");
        if (*unsolved != SENTINEL_COUNT) fail("%s: a failed call wrote *unsolved", what);
    } else {
        /* Every lane written, whatever its figures. */
        for (int k = 0; k < OUTPUTS; k++)
            if (out[k].block) check_written_doubles(y[k], n, output_names[k]);
        check_written_doubles(soonest, 1, "soonest");
        size_t nan_bounds = 0;
        for (size_t i = 0; i < n; i++) nan_bounds += isnan(y[NEW_DURATION][i]) != 0;
        check_unsolved(what, *unsolved, nan_bounds, n, status == CI_OK);

        if (status == CI_OK) {
            /* Every lane goes to its target; none has a figure that is not finite. */
            double end = INFINITY;
            for (size_t i = 0; i < n; i++) {
                double to = L.target ? s_target[i] : L.all_targets;
                if (bits_of_double(y[NEW_TO][i]) != bits_of_double(to))
                    fail("%s: lane %zu goes to %a, its target %a", what, i, y[NEW_TO][i], to);
                double from = y[NEW_FROM][i];
                if (!isfinite(from) || !isfinite(to) || !isfinite(to - from) ||
                    !isfinite(y[NEW_OFFSET][i]) || !isfinite(y[NEW_VELOCITY][i]))
                    fail("%s: CI_OK, but lane %zu starts from %a toward %a after %a at %a", what, i,
                         from, to, y[NEW_OFFSET][i], y[NEW_VELOCITY][i]);
                /* The soonest end: the least offset plus bound (a bound left NaN aside). */
                double sum = y[NEW_OFFSET][i] + y[NEW_DURATION][i];
                if (sum < end) end = sum;
            }
            if (!same_double(*soonest, end))
                fail("%s: *soonest is %a, the least offset plus bound %a", what, *soonest, end);
            /* Each known lane by the rule: from its state at the tap; carrying its motion
             * on at once at the state's velocity with ci_spring_settling's bound, or
             * starting afresh after its delay at the spring's own velocity times its span
             * with the spring's own bound (0 with nowhere to go). */
            double *span = malloc((n ? n : 1) * sizeof(double) * 3);
            size_t *carried_lane = malloc((n ? n : 1) * sizeof(size_t));
            if (!span || !carried_lane) abort();
            double *carried_speed = span + n, *carried_bound = span + 2 * n;
            size_t carried_count = 0;
            for (size_t i = 0; rule && i < n; i++) {
                if (!known[i]) continue;
                int carried = s_carried[i] >= 0;
                double want_from = L.states_given ? s_from[i] : s_from[i] + value[i];
                if (!same_double(y[NEW_FROM][i], want_from))
                    fail("%s: lane %zu starts from %a, its state at the tap %a (elapsed %a, "
                         "delta %a, v0 %a)",
                         what, i, y[NEW_FROM][i], want_from, elapsed[i], delta[i], v0[i]);
                double left = target[i] - y[NEW_FROM][i];
                if (carried) {
                    if (bits_of_double(y[NEW_OFFSET][i]) != 0)
                        fail("%s: carried lane %zu has new_offset %a", what, i, y[NEW_OFFSET][i]);
                    if (!same_double(y[NEW_VELOCITY][i], speed[i]))
                        fail("%s: carried lane %zu starts at velocity %a, its state's %a (elapsed "
                             "%a, delta %a, v0 %a)",
                             what, i, y[NEW_VELOCITY][i], speed[i], elapsed[i], delta[i], v0[i]);
                    span[carried_count] = left;
                    carried_speed[carried_count] = y[NEW_VELOCITY][i];
                    carried_bound[carried_count] = y[NEW_DURATION][i];
                    carried_lane[carried_count++] = i;
                    continue;
                }
                double want_velocity = left * L.own_velocity;
                double want_duration = left == 0 ? 0.0 : L.own_duration;
                if (!same_double(y[NEW_OFFSET][i], s_delay[i]) ||
                    !same_double(y[NEW_VELOCITY][i], want_velocity) ||
                    !same_double(y[NEW_DURATION][i], want_duration))
                    fail("%s: lane %zu starting afresh (span %a) has offset %a velocity %a "
                         "duration %a, expected %a %a %a",
                         what, i, left, y[NEW_OFFSET][i], y[NEW_VELOCITY][i], y[NEW_DURATION][i],
                         s_delay[i], want_velocity, want_duration);
            }
            check_tap_bounds(what, "carried lane", S, L.epsilon, span, carried_speed, carried_bound,
                             carried_lane, carried_count, 0);
            free(span);
            free(carried_lane);
        }

        /* The same bits as the scalar backend, on copies of what the call reads. */
        double *ref = malloc((n ? n : 1) * sizeof(double) * OUTPUTS);
        if (!ref) abort();
        ci_spring_restart R = L;
        R.offset = s_offset;
        R.from = s_from;
        R.to = s_to;
        R.velocity = s_velocity;
        R.target = L.target ? s_target : NULL;
        R.delay = s_delay;
        R.carried = s_carried;
        double ref_soonest = 0;
        size_t ref_unsolved = SENTINEL_COUNT;
        ci_status rs =
            ci_restart_spring_lanes(CI_BACKEND_SCALAR, &R, ref, ref + n, ref + 2 * n, ref + 3 * n,
                                    ref + 4 * n, &ref_soonest, &ref_unsolved, n);
        if (rs != status) fail("%s: status %d, scalar backend %d", what, (int)status, (int)rs);
        for (int k = 0; k < OUTPUTS; k++)
            check_same_doubles(y[k], ref + (size_t)k * n, n, compared[k]);
        check_same_doubles(soonest, &ref_soonest, 1, "ci_restart_spring_lanes soonest");
        if (*unsolved != ref_unsolved)
            fail("%s: *unsolved %zu, scalar backend %zu", what, *unsolved, ref_unsolved);
        free(ref);
    }

    for (int k = 0; k < INPUTS; k++) guarded_free(&in[k]);
    for (int k = 0; k < OUTPUTS; k++) guarded_free(&out[k]);
    guarded_free(&least);
    guarded_free(&count);
    free(saved);
    free(state);
    free(known);
}

static void run_path(const fuzz_case *c) {
    const char *what = op_names[c->op];
    const size_t n = c->count;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);
    ci_path P = c->path;
    const size_t table_size = (size_t)P.interval_count * CI_PATH_ROW;

    /* The table in guarded blocks of exactly its size: no read may leave it. */
    guarded rows = {0}, buckets = {0}, in = {0}, out[3] = {{0}};
    guarded_make(&rows, c->velocity_offset, table_size);
    memcpy(rows.p, c->path_rows, table_size * sizeof(float));
    guarded_make(&buckets, (c->velocity_offset + 7) % MAX_OFFSET, P.bucket_count);
    uint32_t *bucket = (uint32_t *)(void *)buckets.p;
    for (uint32_t b = 0; b < P.bucket_count; b++) bucket[b] = c->path_buckets[b];
    P.intervals = c->null_intervals ? NULL : rows.p;
    P.buckets = c->null_buckets ? NULL : bucket;

    /* Progress; x, y and angle, x or angle maybe in place over it. */
    guarded_make(&in, c->input_offset, n);
    fill_inputs(c, in.p, n);
    float *saved = malloc((n ? n : 1) * sizeof(float));
    unsigned char *lane_finite = malloc(n ? n : 1);
    if (!saved || !lane_finite) abort();
    memcpy(saved, in.p, n * sizeof(float));
    int any_nonfinite = 0;
    for (size_t i = 0; i < n; i++) {
        lane_finite[i] = (unsigned char)isfinite(in.p[i]);
        any_nonfinite |= !lane_finite[i];
    }
    static const char *const names[3] = {"x", "y", "angle"};
    int alias_out = c->alias == ALIAS_VALUE ? 0 : c->alias == ALIAS_VELOCITY ? 2 : -1;
    float *o[3];
    for (int k = 0; k < 3; k++) {
        if (k == alias_out) {
            o[k] = in.p;
            continue;
        }
        guarded_make(&out[k], (c->value_offset + 3 * (size_t)k) % MAX_OFFSET, n);
        o[k] = out[k].p;
    }
    const float *progress_arg = c->null_input ? NULL : in.p;
    float *arg[3] = {c->null_value ? NULL : o[0], c->null_velocity ? NULL : o[1],
                     c->null_stagger ? NULL : o[2]};
    const ci_path *path = c->null_curve ? NULL : &P;

    expected e = {0};
    if (!backend_ok) allow(&e, CI_ERR_UNSUPPORTED_BACKEND);
    if (!path) allow(&e, CI_ERR_NULL_POINTER);
    if (path) {
        if (!P.intervals || !P.buckets) (n > 0 ? allow : allow_maybe)(&e, CI_ERR_NULL_POINTER);
        if (P.interval_count == 0 || P.bucket_count == 0 || !isfinite(P.length) ||
            !(P.length > 0) || !isfinite(P.bucket_scale) || !(P.bucket_scale > 0))
            allow(&e, CI_ERR_INVALID_PARAMETER);
    }
    if (n > 0 && (!progress_arg || !arg[0] || !arg[1] || !arg[2])) allow(&e, CI_ERR_NULL_POINTER);

    ci_status status = ci_path_points(backend, path, progress_arg, arg[0], arg[1], arg[2], n);
    if (print_cases > 0) printf("  status %d\n", (int)status);
    check_status(status, &e, n > 0 && any_nonfinite, what);
    guarded_check_padding(&rows, "path rows");
    guarded_check_padding(&buckets, "path buckets");
    guarded_check_padding(&in, "progress array");
    for (int k = 0; k < 3; k++)
        if (out[k].block) guarded_check_padding(&out[k], names[k]);
    if (memcmp(rows.p, c->path_rows, table_size * sizeof(float)) != 0)
        fail("%s: the path's rows modified", what);
    for (uint32_t b = 0; b < P.bucket_count; b++)
        if (bucket[b] != c->path_buckets[b]) fail("%s: the path's buckets modified", what);
    if (alias_out < 0 && memcmp(saved, in.p, n * sizeof(float)) != 0)
        fail("%s: input array modified", what);

    int written = status == CI_OK || status == CI_ERR_NONFINITE_INPUT;
    if (!written) {
        for (int k = 0; k < 3; k++)
            if (out[k].block) check_untouched(out[k].p, n, names[k]);
        if (alias_out >= 0 && memcmp(saved, in.p, n * sizeof(float)) != 0)
            fail("%s: a failed call wrote the in-place array", what);
    } else if (n > 0) {
        /* A table of finite, moderate figures gives finite points for finite progress;
         * angles within a few turns wrap into (-180, 180]. The same bits on every
         * backend are checked on a table "in order of distance" as MotionPath builds it
         * (finite figures, rows starting in order within the length, lengths' inverses
         * not negative): a NaN start, or a start that puts d - start past float, makes a
         * NaN local coordinate, which the backends' min and max clamp apart. */
        int sane = 1, ordered = 1;
        double reach = 0; /* the largest |angle| a row's cubic can give */
        for (size_t j = 0; j < table_size; j++) {
            sane = sane && fabsf(c->path_rows[j]) <= 1e30f;
            ordered = ordered && isfinite(c->path_rows[j]);
        }
        for (uint32_t k = 0; k < P.interval_count; k++) {
            const float *row = c->path_rows + (size_t)k * CI_PATH_ROW, *a = row + 10;
            reach = fmax(reach, fabs(a[0]) + fabs(a[1]) + fabs(a[2]) + fabs(a[3]));
            ordered = ordered && row[0] >= 0 && row[0] <= P.length && row[1] >= 0 &&
                      (k == 0 || row[0] >= row[-CI_PATH_ROW]);
        }
        for (size_t i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                float v = o[k][i];
                if (!lane_finite[i] && !isnan(v))
                    fail("%s: %s %zu is %a from progress %a, not NaN", what, names[k], i, v,
                         saved[i]);
                if (lane_finite[i] && sane && !isfinite(v))
                    fail("%s: %s %zu is %a from progress %a", what, names[k], i, v, saved[i]);
            }
            float a = o[2][i];
            if (lane_finite[i] && sane && reach <= 1e6 && !(a > -180 && a <= 180))
                fail("%s: angle %zu is %a (%.9g), outside (-180, 180]", what, i, a, a);
        }
        float *ref = malloc(3 * n * sizeof(float));
        if (!ref) abort();
        ci_status rs = ci_path_points(CI_BACKEND_SCALAR, path, saved, ref, ref + n, ref + 2 * n, n);
        if (rs != status) fail("%s: status %d, scalar backend %d", what, (int)status, (int)rs);
        if (ordered)
            for (int k = 0; k < 3; k++) check_same_floats(o[k], ref + (size_t)k * n, n, names[k]);
        free(ref);
    }

    guarded_free(&rows);
    guarded_free(&buckets);
    guarded_free(&in);
    for (int k = 0; k < 3; k++) guarded_free(&out[k]);
    free(saved);
    free(lane_finite);
}

/* Ottosson's published matrices (cinterp_color.h): Oklab to cube-rooted LMS, and LMS
 * to linear-light sRGB. */
static const double oklab_to_lms[3][3] = {{1, 0.3963377774, 0.2158037573},
                                          {1, -0.1055613458, -0.0638541728},
                                          {1, -0.0894841775, -1.2914855480}};
static const double lms_to_linear_srgb[3][3] = {{4.0767416621, -3.3077115913, 0.2309699292},
                                                {-1.2684380046, 2.6097574011, -0.3413193965},
                                                {-0.0041960863, -0.7034186147, 1.7076147010}};

/* One row of a matrix times (x, y, z), summed left to right as the header's reference
 * does; each product a statement of its own, so that no compiler fuses one into the
 * sums. */
static double matrix_row(const double row[3], double x, double y, double z) {
    double p0 = row[0] * x;
    double p1 = row[1] * y;
    double p2 = row[2] * z;
    double sum = p0 + p1;
    return sum + p2;
}

/* What cinterp_color.h promises one mixed colour: left to the caller (NaN), white,
 * black, or converted from the linear-light channels it stores in `linear`. */
enum { COLOR_LEFT, COLOR_WHITE, COLOR_BLACK, COLOR_CONVERTED };

static int color_promise(float lightness, float a_alpha, float b_alpha, float alpha_f,
                         double linear[3]) {
    double alpha = alpha_f;
    if (!(alpha > 0 && alpha < INFINITY)) return COLOR_LEFT; /* a clear colour */
    double L = (double)lightness / alpha, a = (double)a_alpha / alpha;
    double b = (double)b_alpha / alpha;
    double a2 = a * a;
    double b2 = b * b;
    double chroma2 = a2 + b2;
    if (!isfinite(L) || !(chroma2 < INFINITY)) return COLOR_LEFT;
    if (L >= 1) return COLOR_WHITE;
    if (L <= 0) return COLOR_BLACK;
    double lms[3];
    for (int k = 0; k < 3; k++) {
        double root = matrix_row(oklab_to_lms[k], L, a, b);
        double square = root * root;
        lms[k] = square * root;
    }
    int in_gamut = 1;
    for (int k = 0; k < 3; k++) {
        linear[k] = matrix_row(lms_to_linear_srgb[k], lms[0], lms[1], lms[2]);
        in_gamut = in_gamut && linear[k] >= 0 && linear[k] <= 1;
    }
    return in_gamut ? COLOR_CONVERTED : COLOR_LEFT;
}

/* The sRGB transfer function as IEC 61966-2-1 writes it, with the C library's pow. */
static double srgb_transfer(double l) {
    return l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055;
}

static void run_oklab(const fuzz_case *c) {
    const char *what = op_names[c->op];
    const size_t n = c->count;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);
    static const char *const input_names[4] = {"lightness", "a", "b", "alpha"};
    static const char *const output_names[3] = {"red", "green", "blue"};
    static const char *const compared[3] = {"ci_oklab_to_srgb red", "ci_oklab_to_srgb green",
                                            "ci_oklab_to_srgb blue"};

    /* The four inputs (the coordinates maybe multiplied by alpha lane by lane, in float
     * as a mix does) and their copies; the three outputs. No output can share an input
     * (float in, double out). */
    guarded in[4] = {{0}}, out[3] = {{0}};
    float *x[4], *saved[4];
    double *y[3];
    for (int k = 0; k < 4; k++) {
        guarded_make(&in[k], (c->input_offset + 5 * (size_t)k) % MAX_OFFSET, n);
        x[k] = in[k].p;
        fill_floats(c, c->color_ends[k], 24 * (size_t)k, x[k], n);
    }
    if (c->premultiply)
        for (int k = 0; k < 3; k++)
            for (size_t i = 0; i < n; i++) x[k][i] *= x[3][i];
    for (int k = 0; k < 4; k++) {
        saved[k] = malloc((n ? n : 1) * sizeof(float));
        if (!saved[k]) abort();
        memcpy(saved[k], x[k], n * sizeof(float));
    }
    for (int k = 0; k < 3; k++)
        y[k] = guarded_make_doubles(&out[k], c->value_offset + 3 * (size_t)k, n);

    ci_oklab_mixes M = {
        .lightness = c->null_input ? NULL : x[0],
        .a = c->null_a ? NULL : x[1],
        .b = c->null_b ? NULL : x[2],
        .alpha = c->null_alpha ? NULL : x[3],
    };
    const ci_oklab_mixes *mixes = c->null_curve ? NULL : &M;
    double *arg_out[3] = {c->null_value ? NULL : y[0], c->null_velocity ? NULL : y[1],
                          c->null_stagger ? NULL : y[2]};
    int null_arrays = !M.lightness || !M.a || !M.b || !M.alpha;
    for (int k = 0; k < 3; k++) null_arrays |= !arg_out[k];

    /* A colour left to the caller is not an error: never CI_ERR_NONFINITE_INPUT. */
    expected e = {0};
    if (!backend_ok) allow(&e, CI_ERR_UNSUPPORTED_BACKEND);
    if (!mixes) allow(&e, CI_ERR_NULL_POINTER);
    if (n > 0 && null_arrays) allow(&e, CI_ERR_NULL_POINTER);

    ci_status status = ci_oklab_to_srgb(backend, mixes, arg_out[0], arg_out[1], arg_out[2], n);
    if (print_cases > 0) printf("  status %d\n", (int)status);
    check_status(status, &e, 0, what);
    for (int k = 0; k < 4; k++) {
        guarded_check_padding(&in[k], input_names[k]);
        if (memcmp(saved[k], x[k], n * sizeof(float)) != 0)
            fail("%s: input array %s modified", what, input_names[k]);
    }
    for (int k = 0; k < 3; k++) guarded_check_padding(&out[k], output_names[k]);

    if (status != CI_OK) {
        for (int k = 0; k < 3; k++) check_untouched_doubles(y[k], n, output_names[k]);
    } else if (n > 0) {
        /* Every lane written: NaN in all three channels exactly where the header leaves
         * the colour to the caller; else white or black exactly, or the transfer
         * function of the linear light within 1e-12, in [0, 1] either way. */
        for (int k = 0; k < 3; k++) check_written_doubles(y[k], n, output_names[k]);
        for (size_t i = 0; i < n; i++) {
            double linear[3] = {0, 0, 0};
            float l = saved[0][i], a = saved[1][i], b = saved[2][i], alpha = saved[3][i];
            int promise = color_promise(l, a, b, alpha, linear);
            double rgb[3] = {y[0][i], y[1][i], y[2][i]};
            int left = isnan(rgb[0]) && isnan(rgb[1]) && isnan(rgb[2]);
            int in_unit = 1;
            for (int k = 0; k < 3; k++) in_unit = in_unit && rgb[k] >= 0 && rgb[k] <= 1;
            if (!left && !in_unit)
                fail("%s: colour %zu (%a, %a, %a, alpha %a) is (%a, %a, %a): neither NaN in "
                     "every channel nor in [0, 1]",
                     what, i, l, a, b, alpha, rgb[0], rgb[1], rgb[2]);
            if (left != (promise == COLOR_LEFT))
                fail("%s: colour %zu (%a, %a, %a, alpha %a) is (%a, %a, %a), where the header "
                     "%s",
                     what, i, l, a, b, alpha, rgb[0], rgb[1], rgb[2],
                     left ? "converts it" : "leaves it to the caller (NaN)");
            for (int k = 0; k < 3 && promise != COLOR_LEFT; k++) {
                double want = promise == COLOR_WHITE   ? 1.0
                              : promise == COLOR_BLACK ? 0.0
                                                       : srgb_transfer(linear[k]);
                int ok = promise == COLOR_CONVERTED
                             ? fabs(rgb[k] - want) <= 1e-12
                             : bits_of_double(rgb[k]) == bits_of_double(want);
                if (!ok)
                    fail("%s: colour %zu (%a, %a, %a, alpha %a) has %s %a (%.17g), expected %.17g "
                         "(linear %.17g)",
                         what, i, l, a, b, alpha, output_names[k], rgb[k], rgb[k], want, linear[k]);
            }
        }
        /* The same bits as the scalar backend. */
        double *ref = malloc(3 * n * sizeof(double));
        if (!ref) abort();
        ci_oklab_mixes R = {saved[0], saved[1], saved[2], saved[3]};
        ci_status rs = ci_oklab_to_srgb(CI_BACKEND_SCALAR, &R, ref, ref + n, ref + 2 * n, n);
        if (rs != status) fail("%s: status %d, scalar backend %d", what, (int)status, (int)rs);
        for (int k = 0; k < 3; k++) check_same_doubles(y[k], ref + (size_t)k * n, n, compared[k]);
        free(ref);
    }

    for (int k = 0; k < 4; k++) {
        guarded_free(&in[k]);
        free(saved[k]);
    }
    for (int k = 0; k < 3; k++) guarded_free(&out[k]);
}

/* ---- one input ---------------------------------------------------------------------- */

static void run_case(const fuzz_case *c) {
    const ci_curve *curve = c->null_curve ? NULL : &c->curve;
    ci_backend backend = (ci_backend)c->backend;
    int backend_ok = c->backend == CI_BACKEND_AUTO || ci_backend_supported(backend);

    /* Validator against the header, both ways round where the header is complete. */
    ci_status v = ci_curve_validate(&c->curve);
    int null_points = c->curve.kind == CI_CURVE_PIECEWISE_LINEAR && !c->curve.points;
    if (v != CI_OK && v != CI_ERR_INVALID_CURVE && !(null_points && v == CI_ERR_NULL_POINTER))
        fail("ci_curve_validate status %d", (int)v);
    if (v == CI_OK && !documented_valid(&c->curve))
        fail("ci_curve_validate accepts a curve the header calls invalid");
    if (ci_curve_validate(NULL) != CI_ERR_NULL_POINTER) fail("ci_curve_validate(NULL)");

    check_backend_api(c);
    if (c->op == OP_BACKEND_API) return;
    if (c->op == OP_SETTLING || c->op == OP_SPRING_STATES) {
        run_springs(c);
        return;
    }
    if (c->op == OP_INTERRUPT) {
        run_interrupt(c);
        return;
    }
    if (c->op == OP_PATH) {
        run_path(c);
        return;
    }
    if (c->op == OP_OKLAB) {
        run_oklab(c);
        return;
    }
    if (c->op == OP_SPRING_LIST) {
        run_spring_list(c);
        return;
    }
    if (c->op == OP_SPRING_RESTART) {
        run_spring_restart(c);
        return;
    }
    if (c->op >= OP_SAMPLE) {
        run_newer(c);
        return;
    }

    const int op = c->op;
    const int spring_op = op >= OP_SPRING_VALUE && op <= OP_SPRING_BOTH;
    const int stagger_op = op == OP_STAGGER_DELAYS || op == OP_STAGGER_INDEXED;
    const int reads_input = op != OP_STAGGER_INDEXED;
    const int wants_value = op != OP_SPRING_VELOCITY;
    const int wants_velocity = op == OP_SPRING_VELOCITY || op == OP_SPRING_BOTH;
    const size_t n = c->count;

    /* In place only onto an output this entry point writes. */
    int alias = c->alias;
    if ((alias == ALIAS_VALUE && !wants_value) || (alias == ALIAS_VELOCITY && !wants_velocity))
        alias = ALIAS_NONE;

    guarded in = {0}, value = {0}, velocity = {0};
    guarded_make(&in, c->input_offset, n);
    fill_inputs(c, in.p, n);
    if (wants_value && alias != ALIAS_VALUE) guarded_make(&value, c->value_offset, n);
    if (wants_velocity && alias != ALIAS_VELOCITY) guarded_make(&velocity, c->velocity_offset, n);
    float *value_p = !wants_value ? NULL : alias == ALIAS_VALUE ? in.p : value.p;
    float *velocity_p = !wants_velocity ? NULL : alias == ALIAS_VELOCITY ? in.p : velocity.p;

    /* The inputs before the call (in place overwrites them) and per-lane finiteness. */
    float *saved = malloc((n ? n : 1) * sizeof(float));
    unsigned char *lane_finite = malloc(n ? n : 1);
    if (!saved || !lane_finite) abort();
    memcpy(saved, in.p, n * sizeof(float));
    int any_nonfinite = 0;
    for (size_t i = 0; i < n; i++) {
        lane_finite[i] = !reads_input || isfinite(in.p[i]);
        any_nonfinite |= !lane_finite[i];
    }

    const float *input_arg = c->null_input ? NULL : in.p;
    if (c->null_value) value_p = NULL;
    if (c->null_velocity) velocity_p = NULL;
    const fuzz_stagger *stagger_arg = c->null_stagger ? NULL : &c->stagger;
    size_t count_arg = n;
    if (op == OP_STAGGER_INDEXED && c->huge_count)
        count_arg = (size_t)CI_MAX_INDEXED_ITEMS + 1 + n; /* must be refused unread */

    /* The errors the header allows here. The stagger pass evaluates a spring with
     * delta 1 "whatever params[2]", so its curve is judged with that delta. */
    ci_curve judged = c->curve;
    const int is_spring = is_timed(judged.kind); /* a spring or a decay */
    if (stagger_op && is_spring) judged.params[2] = 1;
    expected e = {0};
    if (!backend_ok) allow(&e, CI_ERR_UNSUPPORTED_BACKEND);
    if (!curve || (stagger_op && !stagger_arg)) allow(&e, CI_ERR_NULL_POINTER);
    if (curve && (!documented_valid(&judged) || ci_curve_validate(&judged) != CI_OK))
        allow(&e, CI_ERR_INVALID_CURVE);
    if (curve && !ordinary_magnitudes(&judged)) allow_maybe(&e, CI_ERR_INVALID_CURVE);
    if (curve && judged.kind == CI_CURVE_PIECEWISE_LINEAR && !judged.points)
        allow(&e, CI_ERR_NULL_POINTER);
    if (curve && spring_op && !is_spring) allow(&e, CI_ERR_INVALID_CURVE);
    /* Springs ignore the duration. */
    if (op == OP_OVER_TIME && !is_spring && !documented_duration(c->stagger.duration))
        allow(&e, CI_ERR_INVALID_PARAMETER);
    if ((op == OP_OVER_TIME || stagger_op) && !is_spring &&
        reciprocal_overflows(c->stagger.duration))
        allow_maybe(&e, CI_ERR_INVALID_PARAMETER);
    /* The stagger pass: time must fit float, and an easing needs its duration. Base
     * delay and increment are "used when delays is NULL": there they must be finite,
     * and delays or elapsed times that leave float's range (or a product i * increment
     * far past any animation) may be refused. */
    if (stagger_op && stagger_arg) {
        const fuzz_stagger *st = &c->stagger;
        if (!fits_float(st->time) || (!is_spring && !documented_duration(st->duration)))
            allow(&e, CI_ERR_INVALID_PARAMETER);
        if (op == OP_STAGGER_INDEXED) {
            double last = count_arg > 1 ? (double)(count_arg - 1) : 0;
            if (!isfinite(st->base_delay) || !isfinite(st->increment))
                allow(&e, CI_ERR_INVALID_PARAMETER);
            if (!fits_float(st->base_delay) || !fits_float(st->increment) ||
                !fits_float(st->time - st->base_delay) ||
                !fits_float(st->time - st->base_delay - last * st->increment) ||
                !(fabs(st->increment) * fmax(1, last) <= 1e30))
                allow_maybe(&e, CI_ERR_INVALID_PARAMETER);
            if (count_arg > CI_MAX_INDEXED_ITEMS) allow(&e, CI_ERR_INVALID_PARAMETER);
        }
    }
    if (count_arg > 0) {
        int null_in = reads_input && !input_arg;
        int null_out = spring_op ? (!value_p && !velocity_p) : !value_p;
        if (null_in || null_out) allow(&e, CI_ERR_NULL_POINTER);
    }

    ci_status status;
    const float *delays = op == OP_STAGGER_DELAYS ? input_arg : NULL;
    switch (op) {
    case OP_EASE: status = ci_ease(backend, curve, input_arg, value_p, count_arg); break;
    case OP_OVER_TIME:
        status = ci_over_time(backend, curve, c->stagger.duration, input_arg, value_p, count_arg);
        break;
    case OP_SPRING_VALUE:
    case OP_SPRING_VELOCITY:
    case OP_SPRING_BOTH:
        status = ci_spring(backend, curve, input_arg, value_p, velocity_p, count_arg);
        break;
    default:
        status = stagger_progress(backend, curve, stagger_arg, delays, value_p, count_arg);
        break;
    }

    const char *what = op_names[op];
    if (print_cases > 0) printf("  status %d\n", (int)status);
    check_status(status, &e, n > 0 && any_nonfinite, what);
    guarded_check_padding(&in, "input array");
    if (value.block) guarded_check_padding(&value, "value array");
    if (velocity.block) guarded_check_padding(&velocity, "velocity array");
    /* A const input is left alone unless it is also the output. */
    if (alias == ALIAS_NONE && memcmp(saved, in.p, n * sizeof(float)) != 0)
        fail("%s: input array modified", what);

    int written = status == CI_OK || status == CI_ERR_NONFINITE_INPUT;
    if (!written) {
        if (value.block) check_untouched(value.p, n, "value array");
        if (velocity.block) check_untouched(velocity.p, n, "velocity array");
        if (alias != ALIAS_NONE && memcmp(saved, in.p, n * sizeof(float)) != 0)
            fail("%s: a failed call wrote the in-place array", what);
    } else if (n > 0) {
        if (value_p) check_finite(value_p, lane_finite, n, "value");
        if (velocity_p) check_finite(velocity_p, lane_finite, n, "velocity");

        int kind = c->curve.kind;
        if (value_p && !spring_op && !is_spring && stays_in_unit_range(&c->curve))
            check_unit_range(value_p, lane_finite, n, what);

        /* Backends against the scalar one, where the accuracy bounds pin them together:
         * easings but cubic-bezier (whose steepness has no bound), springs in range. */
        int compare_easing = !spring_op && !is_spring && kind != CI_CURVE_CUBIC_BEZIER;
        int compare_spring = is_spring && !stagger_op && spring_in_accuracy_range(&c->curve);
        if (compare_easing || compare_spring) {
            float *ref_value = malloc((n ? n : 1) * sizeof(float));
            float *ref_velocity = malloc((n ? n : 1) * sizeof(float));
            unsigned char *use = malloc(n);
            if (!ref_value || !ref_velocity || !use) abort();
            ci_status rs;
            switch (op) {
            case OP_EASE: rs = ci_ease(CI_BACKEND_SCALAR, curve, saved, ref_value, n); break;
            case OP_OVER_TIME:
                rs = ci_over_time(CI_BACKEND_SCALAR, curve, c->stagger.duration, saved, ref_value,
                                  n);
                break;
            case OP_SPRING_VALUE:
            case OP_SPRING_VELOCITY:
            case OP_SPRING_BOTH:
                rs = ci_spring(CI_BACKEND_SCALAR, curve, saved, ref_value, ref_velocity, n);
                break;
            default:
                rs = stagger_progress(CI_BACKEND_SCALAR, curve, stagger_arg,
                                      op == OP_STAGGER_DELAYS ? saved : NULL, ref_value, n);
                break;
            }
            if (rs != status) fail("%s: status %d, scalar backend %d", what, (int)status, (int)rs);
            double bound = 1e-5, velocity_bound = 0;
            for (size_t i = 0; i < n; i++) use[i] = lane_finite[i];
            /* The staggered pass computes each item's progress; backends with and without
             * FMA may round it to neighbouring floats. Where the curve is steep (easeInCirc
             * near 1: slope ~100) or has an edge (steps) that moves the value by far more
             * than the curve's own error, so each item's bound widens by what the curve
             * does between the two progresses. */
            float *progress_widening = NULL;
            if (stagger_op && compare_easing && value_p)
                progress_widening =
                    stagger_progress_widening(backend, &c->curve, stagger_arg,
                                              op == OP_STAGGER_DELAYS ? saved : NULL, n, status);
            if (compare_spring) {
                /* A decay's rate k stands in for omega0, and it has no v0. */
                int decay = kind == CI_CURVE_DECAY;
                double omega0 = c->curve.params[0];
                double scale = fmax(1, fmax(fabs(c->curve.params[2]),
                                            decay ? 0 : fabs(c->curve.params[3]) / omega0));
                bound = 2e-5 * scale;
                velocity_bound = bound * omega0;
                for (size_t i = 0; i < n; i++) use[i] = lane_finite[i] && saved[i] <= 10;
            }
            if (value_p) check_close(value_p, ref_value, use, n, bound, progress_widening, what);
            if (velocity_p)
                check_close(velocity_p, ref_velocity, use, n, velocity_bound, NULL, what);
            free(progress_widening);
            free(ref_value);
            free(ref_velocity);
            free(use);
        }
    }

    free(saved);
    free(lane_finite);
    guarded_free(&in);
    guarded_free(&value);
    guarded_free(&velocity);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_case c;
    decode(data, size, &c);
    /* FUZZ_KERNEL_PRINT=1 shows what each input decodes to (to read a crash input). */
    if (print_cases < 0) print_cases = getenv("FUZZ_KERNEL_PRINT") != NULL;
    if (print_cases) describe(stdout, &c);
    current = &c;
    run_case(&c);
    current = NULL;
    return 0;
}

#if defined(FUZZ_KERNEL_STANDALONE)
/* Without libFuzzer (a compiler that lacks it, or a cross build run under qemu-user):
 * runs every file named, and every file in every directory named, once. */
static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    static uint8_t data[1 << 16];
    size_t size = fread(data, 1, sizeof data, f);
    fclose(f);
    LLVMFuzzerTestOneInput(data, size);
    return 1;
}

int main(int argc, char **argv) {
    long inputs = 0;
    for (int i = 1; i < argc; i++) {
        DIR *dir = opendir(argv[i]);
        if (!dir) {
            inputs += run_file(argv[i]);
            continue;
        }
        struct dirent *entry;
        char path[4096];
        while ((entry = readdir(dir)) != NULL) {
            if (entry->d_name[0] == '.') continue;
            snprintf(path, sizeof path, "%s/%s", argv[i], entry->d_name);
            inputs += run_file(path);
        }
        closedir(dir);
    }
    printf("fuzz_kernel: %ld inputs run, no invariant broken\n", inputs);
    return 0;
}
#endif

/*
 * conformance.c: the kernel's own C test, for every backend this machine can run
 * (on AArch64 under qemu-user too). Each curve family is swept densely and compared
 * with the published definitions (the DocC article Sources/Stagger/Stagger.docc/DefinitionsAndSources.md) evaluated here in double
 * precision, independently of the kernel's formulation. Prints the maximum error per
 * backend and family and exits non-zero if a bound is exceeded.
 *
 *   conformance              every backend this machine can run
 *   conformance neon scalar  only those (scripts/test-arm64 runs one process per backend)
 *   conformance --list       the names of the backends this machine can run
 *
 *   scripts/test builds it with the kernel sources and runs it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cinterp.h"

#define PI 3.14159265358979323846

/* ---- DefinitionsAndSources.md section 2, in double ---------------------------------------- */

static double bounce_out(double p) {
    const double n = 7.5625, d = 2.75;
    if (p < 1 / d) return n * p * p;
    if (p < 2 / d) {
        p -= 1.5 / d;
        return n * p * p + 0.75;
    }
    if (p < 2.5 / d) {
        p -= 2.25 / d;
        return n * p * p + 0.9375;
    }
    p -= 2.625 / d;
    return n * p * p + 0.984375;
}

static double penner(int kind, int dir, double p) {
    const double s = 1.70158, s3 = s + 1, s2 = s * 1.525;
    const double c4 = 2 * PI / 3, c5 = 2 * PI / 4.5;
    int n = kind - CI_CURVE_QUAD + 2;
    switch (kind) {
    case CI_CURVE_SINE:
        if (dir == CI_EASE_IN) return 1 - cos(p * PI / 2);
        if (dir == CI_EASE_OUT) return sin(p * PI / 2);
        return -(cos(PI * p) - 1) / 2;
    case CI_CURVE_QUAD:
    case CI_CURVE_CUBIC:
    case CI_CURVE_QUART:
    case CI_CURVE_QUINT:
        if (dir == CI_EASE_IN) return pow(p, n);
        if (dir == CI_EASE_OUT) return 1 - pow(1 - p, n);
        return p < 0.5 ? pow(2, n - 1) * pow(p, n) : 1 - pow(-2 * p + 2, n) / 2;
    case CI_CURVE_EXPO:
        if (dir == CI_EASE_IN) return p == 0 ? 0 : pow(2, 10 * p - 10);
        if (dir == CI_EASE_OUT) return p == 1 ? 1 : 1 - pow(2, -10 * p);
        if (p == 0 || p == 1) return p;
        return p < 0.5 ? pow(2, 20 * p - 10) / 2 : (2 - pow(2, -20 * p + 10)) / 2;
    case CI_CURVE_CIRC:
        if (dir == CI_EASE_IN) return 1 - sqrt(1 - p * p);
        if (dir == CI_EASE_OUT) return sqrt(1 - (p - 1) * (p - 1));
        return p < 0.5 ? (1 - sqrt(1 - 4 * p * p)) / 2
                       : (sqrt(1 - (-2 * p + 2) * (-2 * p + 2)) + 1) / 2;
    case CI_CURVE_BACK:
        if (dir == CI_EASE_IN) return s3 * p * p * p - s * p * p;
        if (dir == CI_EASE_OUT) return 1 + s3 * pow(p - 1, 3) + s * pow(p - 1, 2);
        return p < 0.5 ? pow(2 * p, 2) * ((s2 + 1) * 2 * p - s2) / 2
                       : (pow(2 * p - 2, 2) * ((s2 + 1) * (p * 2 - 2) + s2) + 2) / 2;
    case CI_CURVE_ELASTIC:
        if (p == 0 || p == 1) return p;
        if (dir == CI_EASE_IN) return -pow(2, 10 * p - 10) * sin((p * 10 - 10.75) * c4);
        if (dir == CI_EASE_OUT) return pow(2, -10 * p) * sin((p * 10 - 0.75) * c4) + 1;
        return p < 0.5 ? -(pow(2, 20 * p - 10) * sin((20 * p - 11.125) * c5)) / 2
                       : (pow(2, -20 * p + 10) * sin((20 * p - 11.125) * c5)) / 2 + 1;
    default:
        if (dir == CI_EASE_IN) return 1 - bounce_out(1 - p);
        if (dir == CI_EASE_OUT) return bounce_out(p);
        return p < 0.5 ? (1 - bounce_out(1 - 2 * p)) / 2 : (1 + bounce_out(2 * p - 1)) / 2;
    }
}

static double bezier_coord(double a, double b, double t) {
    double u = 1 - t;
    return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t;
}

/* Bisection to the last double (until lo and hi are neighbours, at most 80 halvings):
 * independent of the kernel's Newton steps. */
static double bezier(const float *c, double p, double *slope) {
    double lo = 0, hi = 1;
    for (int k = 0; k < 80; k++) {
        double mid = (lo + hi) / 2;
        if (mid == lo || mid == hi) break;
        if (bezier_coord(c[0], c[2], mid) < p) lo = mid;
        else hi = mid;
    }
    double t = (lo + hi) / 2, h = 1e-7;
    double dx = bezier_coord(c[0], c[2], t + h) - bezier_coord(c[0], c[2], t - h);
    double dy = bezier_coord(c[1], c[3], t + h) - bezier_coord(c[1], c[3], t - h);
    *slope = dx > 0 ? fabs(dy / dx) : 1e30;
    return bezier_coord(c[1], c[3], t);
}

static double steps(int n, int position, double p) {
    int step = (int)floor(p * n);
    if (position == CI_JUMP_START || position == CI_JUMP_BOTH) step += 1;
    int jumps = position == CI_JUMP_NONE ? n - 1 : position == CI_JUMP_BOTH ? n + 1 : n;
    if (step < 0) step = 0;
    if (step > jumps) step = jumps;
    return (double)step / jumps;
}

/* CSS linear(), the specification's output algorithm as written: a linear scan for the
 * last point whose input is <= p (0 if none), moved back from the last point. */
static double piecewise_linear(const float *q, int count, double p, double *slope) {
    int a = 0;
    for (int k = 0; k < count; k++)
        if (q[2 * k] <= p) a = k;
    if (a == count - 1) a--;
    double xa = q[2 * a], ya = q[2 * a + 1], xb = q[2 * a + 2], yb = q[2 * a + 3];
    if (xa == xb) {
        *slope = 0;
        return yb;
    }
    *slope = fabs((yb - ya) / (xb - xa));
    return ya + (p - xa) / (xb - xa) * (yb - ya);
}

/* DefinitionsAndSources.md section 1, the textbook closed forms. */
static double spring(double omega0, double zeta, double delta, double v0, double t) {
    double lambda = zeta * omega0; /* defined for t < 0 too: central differences */
    if (zeta < 1) {
        double wd = omega0 * sqrt(1 - zeta * zeta);
        return delta -
               exp(-lambda * t) * (delta * cos(wd * t) + (lambda * delta - v0) / wd * sin(wd * t));
    }
    if (zeta == 1) return delta - exp(-lambda * t) * (delta + (lambda * delta - v0) * t);
    double root = sqrt(zeta * zeta - 1);
    double r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root);
    /* x = delta + A e^(r1 t) + B e^(r2 t), A + B = -delta, r1 A + r2 B = v0. */
    double a = (v0 + r2 * delta) / (r1 - r2), b = -delta - a;
    return delta + a * exp(r1 * t) + b * exp(r2 * t);
}

/* A decay (cinterp.h): x(t) = delta (1 - e^(-k t)), from libm's expm1 and exp. */
static double decay(double k, double delta, double t) { return -delta * expm1(-k * t); }
static double decay_velocity(double k, double delta, double t) { return k * delta * exp(-k * t); }

/* ---- checks ---------------------------------------------------------------------- */

static int failures = 0;

/* The backends named on the command line, or every one when none is. */
static int chosen[CI_BACKEND_COUNT];

static int checked(int b) { return ci_backend_supported((ci_backend)b) && chosen[b]; }

#define COUNT 20001
static float input[COUNT + 7], output[COUNT + 7], velocity[COUNT + 7];

static void report(const char *backend, const char *what, double worst, double bound) {
    int ok = worst <= bound;
    printf("%-9s %-22s max error %.3g (bound %.3g)%s\n", backend, what, worst, bound,
           ok ? "" : "  FAIL");
    if (!ok) failures++;
}

static void check_easing(ci_backend b, ci_curve c, const char *what) {
    /* Offset by 3 floats: unaligned on purpose; odd count: a tail on every width. */
    float *in = input + 3, *out = output + 3;
    for (int i = 0; i < COUNT; i++) in[i] = (float)i / (COUNT - 1);
    if (ci_ease(b, &c, in, out, COUNT) != CI_OK) {
        printf("%s: status\n", what);
        failures++;
        return;
    }
    double worst = 0;
    for (int i = 0; i < COUNT; i++) {
        double p = in[i], slope = 0, ref;
        if (c.kind == CI_CURVE_LINEAR) ref = p;
        else if (c.kind == CI_CURVE_CUBIC_BEZIER) ref = bezier(c.params, p, &slope);
        else if (c.kind == CI_CURVE_STEPS) ref = steps(c.steps, c.step_position, p);
        else if (c.kind == CI_CURVE_PIECEWISE_LINEAR)
            ref = piecewise_linear(c.points, c.point_count, p, &slope);
        else {
            ref = penner(c.kind, c.direction, p);
            double h = 1e-6, lo = p - h < 0 ? 0 : p - h, hi = p + h > 1 ? 1 : p + h;
            slope =
                fabs(penner(c.kind, c.direction, hi) - penner(c.kind, c.direction, lo)) / (hi - lo);
        }
        double err = fabs(out[i] - ref) - slope * 0x1p-23;
        if (err > worst) worst = err;
    }
    report(ci_backend_name(b), what, worst, 2e-6);
}

static void check_spring(ci_backend b, double omega0, double zeta, double v0, double *worst) {
    ci_curve c = {CI_CURVE_SPRING, 0, 0, 0, {(float)omega0, (float)zeta, 1, (float)v0}};
    float *in = input + 1, *out = output + 1, *vel = velocity + 2;
    for (int i = 0; i < COUNT; i++) in[i] = 10.0f * i / (COUNT - 1);
    if (ci_spring(b, &c, in, out, vel, COUNT) != CI_OK) {
        failures++;
        return;
    }
    double scale = fmax(1, fabs(v0) / omega0);
    for (int i = 0; i < COUNT; i++) {
        double t = in[i];
        double ref = spring(c.params[0], c.params[1], 1, c.params[3], t);
        double h = 1e-6;
        double dref = (spring(c.params[0], c.params[1], 1, c.params[3], t + h) -
                       spring(c.params[0], c.params[1], 1, c.params[3], t - h)) /
                      (2 * h);
        double err = fabs(out[i] - ref) / scale;
        double verr = fabs(vel[i] - dref) / (scale * omega0);
        if (err > worst[0]) worst[0] = err;
        if (verr > worst[1]) worst[1] = verr;
    }
}

/* Random CSS curves (x1, x2 in [0, 1], y1, y2 in [-1, 2]) and the corner cases of the
 * solve (x'(t) = 0 at an end or inside: x1 or x2 at 0 or 1), each at evenly spaced and
 * at random progress, every backend against the double bisection above: the worst
 * error beyond the slope allowance (bound 2e-6), and progress 0 and 1 exactly to 0 and
 * 1. */
#define SWEEP_CURVES 600
#define SWEEP_POINTS 1500
static uint32_t sweep_state = 12345;
static float sweep_random(void) {
    sweep_state = sweep_state * 1664525u + 1013904223u;
    return (float)(sweep_state >> 8) * 0x1p-24f;
}

static void sweep_beziers(void) {
    static const float xs[] = {0, 1, 0.5f};
    static float in[SWEEP_POINTS], out[SWEEP_POINTS];
    static double ref[SWEEP_POINTS], slope[SWEEP_POINTS];
    double worst[CI_BACKEND_COUNT] = {0};
    for (int curve = 0; curve < SWEEP_CURVES; curve++) {
        float c[4] = {sweep_random(), 3 * sweep_random() - 1, sweep_random(),
                      3 * sweep_random() - 1};
        if (curve < 9) {
            c[0] = xs[curve % 3];
            c[2] = xs[curve / 3];
        }
        for (int i = 0; i < SWEEP_POINTS; i++) {
            in[i] = i % 2 ? sweep_random() : (float)i / (SWEEP_POINTS - 1);
            if (i == 1) in[i] = 1; /* both ends, which must come out exactly */
            ref[i] = bezier(c, in[i], &slope[i]);
        }
        ci_curve cc = {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {c[0], c[1], c[2], c[3]}};
        for (int b = 0; b < CI_BACKEND_COUNT; b++) {
            if (!checked(b)) continue;
            if (ci_ease((ci_backend)b, &cc, in, out, SWEEP_POINTS) != CI_OK) {
                failures++;
                return;
            }
            if (out[0] != 0 || out[1] != 1) {
                printf("%s bezier(%g,%g,%g,%g): ends %a, %a  FAIL\n",
                       ci_backend_name((ci_backend)b), c[0], c[1], c[2], c[3], out[0], out[1]);
                failures++;
            }
            for (int i = 0; i < SWEEP_POINTS; i++) {
                double err = fabs(out[i] - ref[i]) - slope[i] * 0x1p-23;
                if (err > worst[b]) worst[b] = err;
            }
        }
    }
    for (int b = 0; b < CI_BACKEND_COUNT; b++)
        if (checked(b)) report(ci_backend_name((ci_backend)b), "bezier sweep", worst[b], 2e-6);
}

/* A long list call is split into runs of waiting, moving and done items, the
 * waiting and done ones filled from one item (sampling_plan.c, prepare_split), and without
 * velocities the interiors of the moving runs go through loops with neither clamp nor
 * absolute value (prepare_interiors). The same frame in calls of 100 items (too short
 * to split) must match it bit for bit, on every backend, with and without velocities,
 * for frames where all, none or some items wait or are done, every origin, a window
 * start and a call that starts inside the list. */
static void check_split_runs(void) {
    enum { N = 6000, PART = 100 }; /* long enough for string-store fills (2048+) */
    static float whole[4][N], parts[4][N], appearance[2][N], speed[2][N];
    const ci_track tracks[3] = {{0, 1}, {20, 0}, {0.95f, 1}};
    const ci_curve curves[] = {
        {CI_CURVE_CUBIC, CI_EASE_OUT, 0, 0, {0}},
        {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {0.25f, 0.1f, 0.25f, 1}},
        {CI_CURVE_ELASTIC, CI_EASE_IN_OUT, 0, 0, {0}},
        {CI_CURVE_SPRING, 0, 0, 0, {9.0f, 0.7f, 1, 0}},
        /* inOuts whose interiors are cut at the split (the whole call) against calls
         * too short to cut (each vector tested, those across the split mixed) */
        {CI_CURVE_CUBIC, CI_EASE_IN_OUT, 0, 0, {0}},
        {CI_CURVE_QUART, CI_EASE_IN_OUT, 0, 0, {0}},
        {CI_CURVE_SINE, CI_EASE_IN_OUT, 0, 0, {0}},
    };
    const double origins[] = {0, (N - 1) / 2.0, N - 1, 400.25};
    const double times[] = {-0.1, 0.0, 0.2, 0.45, 0.8, 3.0};
    for (int b = 0; b < CI_BACKEND_COUNT; b++) {
        if (!checked(b)) continue;
        int mismatches = 0;
        for (size_t c = 0; c < sizeof curves / sizeof curves[0]; c++)
            for (size_t o = 0; o < 4; o++)
                for (size_t t = 0; t < 2 * sizeof times / sizeof times[0]; t++) {
                    const int with_velocity = t % 2 == 0;
                    /* clang-format off */
                    ci_list_delays list = {0.05, 0, 0.5 / N, origins[o], INFINITY, 3, 3 + N + 17,
                                           CI_OUTSIDE_IMMEDIATE, 0};
                    /* clang-format on */
                    ci_sample_request r = {0};
                    r.time = times[t / 2];
                    r.duration = 0.3;
                    r.list = &list;
                    r.to = 1;
                    r.index_base = 7;
                    float *out[3] = {whole[0], whole[1], whole[2]};
                    if (ci_sample((ci_backend)b, &curves[c], &r, tracks, 3, out, appearance[0],
                                  with_velocity ? speed[0] : NULL, N) != CI_OK) {
                        failures++;
                        return;
                    }
                    for (size_t i = 0; i < N; i += PART) {
                        r.index_base = 7 + i;
                        float *part[3] = {parts[0] + i, parts[1] + i, parts[2] + i};
                        if (ci_sample((ci_backend)b, &curves[c], &r, tracks, 3, part,
                                      appearance[1] + i, with_velocity ? speed[1] + i : NULL,
                                      PART) != CI_OK) {
                            failures++;
                            return;
                        }
                    }
                    int same = memcmp(appearance[0], appearance[1], sizeof appearance[0]) == 0 &&
                               memcmp(speed[0], speed[1], sizeof speed[0]) == 0;
                    for (int k = 0; k < 3; k++)
                        same = same && memcmp(whole[k], parts[k], sizeof whole[k]) == 0;
                    if (!same) {
                        mismatches++;
                        printf("%s split runs: curve %zu origin %g time %g velocity %d differ\n",
                               ci_backend_name((ci_backend)b), c, origins[o], times[t / 2],
                               with_velocity);
                    }
                }
        printf("%-9s split runs: %d frames differ from unsplit calls\n",
               ci_backend_name((ci_backend)b), mismatches);
        if (mismatches) failures++;
    }
}

/* ci_spring and ci_over_time on a decay against the closed form, times 0 ... 12 / k
 * (past e^-12) and on to 40 / k, where the value must have reached delta. */
static void check_decay(ci_backend b, double k, double delta, double *worst) {
    ci_curve c = {CI_CURVE_DECAY, 0, 0, 0, {(float)k, 0, (float)delta, 0}};
    float *in = input + 2, *out = output + 1, *vel = velocity + 3;
    for (int i = 0; i < COUNT; i++) in[i] = (float)(40.0 / k * i / (COUNT - 1));
    if (ci_spring(b, &c, in, out, vel, COUNT) != CI_OK) {
        printf("decay: status\n");
        failures++;
        return;
    }
    double kf = c.params[0], df = c.params[2], scale = fmax(1, fabs(df));
    for (int i = 0; i < COUNT; i++) {
        double t = in[i];
        double err = fabs(out[i] - decay(kf, df, t)) / scale;
        double verr = fabs(vel[i] - decay_velocity(kf, df, t)) / (scale * kf);
        if (err > worst[0]) worst[0] = err;
        if (verr > worst[1]) worst[1] = verr;
    }
    /* ci_over_time ignores the duration, as for a spring; delta as given. */
    if (ci_over_time(b, &c, 12345.0, in, out, COUNT) != CI_OK) {
        failures++;
        return;
    }
    for (int i = 0; i < COUNT; i++) {
        double err = fabs(out[i] - decay(kf, df, in[i])) / scale;
        if (err > worst[0]) worst[0] = err;
    }
    /* Negative times are 0: the value 0 and the full initial velocity k delta. */
    float before = -1.0f, at_value, at_velocity;
    if (ci_spring(b, &c, &before, &at_value, &at_velocity, 1) != CI_OK || at_value != 0 ||
        fabs(at_velocity - kf * df) > 1e-6 * scale * kf) {
        printf("decay before its start: %g, %g\n", at_value, at_velocity);
        failures++;
    }
}

/* Per-item motions with up to CI_MAX_LAYERS additive layers, in one call, mapped
 * through ten tracks (more than the kernel keeps exact spans for), under
 * easeInOutCubic and CSS ease (the grouped cubic-bezier solver): the appearance must be
 * a0 + a1 + ..., each track from + (to - from) times it, with the a's computed here in
 * double from the items' states. Refused: layers under a spring, beyond CI_MAX_LAYERS,
 * with another source; a NULL layer array. NaN in a layer is non-finite input. */
#define LAYER_ITEMS 515
#define LAYER_TRACKS 10
static void check_layers(ci_backend b) {
    static float start[1 + CI_MAX_LAYERS][LAYER_ITEMS], change[1 + CI_MAX_LAYERS][LAYER_ITEMS],
        from[LAYER_ITEMS], v0[LAYER_ITEMS], appearance[LAYER_ITEMS],
        values[LAYER_TRACKS][LAYER_ITEMS];
    ci_track tracks[LAYER_TRACKS] = {{0}};
    float *outputs[LAYER_TRACKS];
    for (int k = 0; k < LAYER_TRACKS; k++) {
        tracks[k].from = k == 0 ? 0.0f : 20.0f - 3.3f * k;
        tracks[k].to = k == 0 ? 1.0f : 0.95f + 0.7f * k;
        outputs[k] = values[k];
    }
    for (int i = 0; i < LAYER_ITEMS; i++) {
        /* The base: from 0.2 toward 1, started up to 0.5 s before the start; layer p:
         * 0 to a change of target between -1.2 and 0.3, starting at or after it. */
        start[0][i] = -0.5f + 0.001f * i;
        from[i] = 0.2f;
        change[0][i] = 1;
        for (int p = 1; p <= CI_MAX_LAYERS; p++) {
            start[p][i] = 0.0007f * ((i * p) % 300) + 0.05f * (p - 1);
            change[p][i] = -1.2f + 0.003f * ((i + 97 * p) % 500);
        }
        v0[i] = 0;
    }
    const float *layer_start[CI_MAX_LAYERS], *layer_to[CI_MAX_LAYERS];
    for (int p = 0; p < CI_MAX_LAYERS; p++) {
        layer_start[p] = start[p + 1];
        layer_to[p] = change[p + 1];
    }
    ci_curve curves[2] = {{CI_CURVE_CUBIC, CI_EASE_IN_OUT, 0, 0, {0}},
                          {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {0.25f, 0.1f, 0.25f, 1}}};
    /* The base from start[0], from and change[0]; `layers` layers over it. */
    ci_sample_request N = {.start = 0,
                           .duration = 0.6,
                           .item_start = start[0],
                           .item_from = from,
                           .item_to = change[0],
                           .item_velocity = v0,
                           .layer_start = layer_start,
                           .layer_to = layer_to};
    double worst = 0;
    for (int c = 0; c < 2; c++)
        for (int layers = 0; layers <= CI_MAX_LAYERS; layers++)
            for (int t = 0; t < 4; t++) {
                double time = 0.05 + 0.23 * t;
                ci_sample_request R = N;
                R.time = time;
                R.layer_count = (size_t)layers;
                if (ci_sample(b, &curves[c], &R, tracks, LAYER_TRACKS, outputs, appearance, NULL,
                              LAYER_ITEMS) != CI_OK) {
                    printf("layers: refused\n");
                    failures++;
                    return;
                }
                for (int i = 0; i < LAYER_ITEMS; i++) {
                    double a = 0, slope;
                    for (int p = 0; p <= layers; p++) {
                        double q = fmin(fmax((time - (double)start[p][i]) / 0.6, 0), 1);
                        double y = c == 0 ? penner(CI_CURVE_CUBIC, CI_EASE_IN_OUT, q)
                                          : bezier(curves[1].params, q, &slope);
                        double f = p == 0 ? from[i] : 0, g = change[p][i];
                        a += f + (g - f) * y;
                    }
                    worst = fmax(worst, fabs(appearance[i] - a));
                    for (int k = 0; k < LAYER_TRACKS; k++) {
                        double f = tracks[k].from, g = tracks[k].to;
                        double expected = f + (g - f) * a;
                        worst = fmax(worst, fabs(values[k][i] - expected) / fmax(1, fabs(g - f)));
                    }
                }
            }
    report(ci_backend_name(b), "additive layers", worst, 1e-5);

    N.time = 0.3;
    N.layer_count = 2;
    ci_curve spring = {CI_CURVE_SPRING, 0, 0, 0, {0.5f, 0.8f, 0, 0}};
    struct {
        const char *what;
        ci_curve *curve;
        ci_status status;
    } refusals[4] = {{"layers under a spring", &spring, CI_ERR_INVALID_PARAMETER},
                     {"too many layers", &curves[0], CI_ERR_INVALID_PARAMETER},
                     {"a cutoff without delays", &curves[0], CI_ERR_INVALID_PARAMETER},
                     {"a NULL layer array", &curves[0], CI_ERR_NULL_POINTER}};
    const float *missing[CI_MAX_LAYERS] = {start[1], NULL, NULL};
    for (int r = 0; r < 4; r++) {
        ci_sample_request wrong = N;
        if (r == 1) wrong.layer_count = CI_MAX_LAYERS + 1;
        if (r == 2) wrong.has_cutoff = 1;
        if (r == 3) wrong.layer_start = missing;
        if (ci_sample(b, refusals[r].curve, &wrong, tracks, LAYER_TRACKS, outputs, NULL, NULL,
                      LAYER_ITEMS) != refusals[r].status) {
            printf("%s: not refused\n", refusals[r].what);
            failures++;
        }
    }
    /* NaN in a layer's change is non-finite input. */
    change[2][17] = NAN;
    if (ci_sample(b, &curves[0], &N, tracks, LAYER_TRACKS, outputs, NULL, NULL, LAYER_ITEMS) !=
        CI_ERR_NONFINITE_INPUT) {
        printf("NaN in a layer: not reported\n");
        failures++;
    }
    change[2][17] = 0;
}

/* An interrupted list: the delays source whose items from `cutoff` on never start, what
 * earlier interruptions froze (item_add), and CI_MAX_LAYERS layers each counting from
 * its own clock time, under easeOutCubic and CSS ease: the appearance must be the sum
 * computed here in double from the same floats. Refused: a cutoff under a spring, one
 * that is not finite; a layer time too far from the sample time for float. */
#define CUT_ITEMS 301
static void check_cut_layers(ci_backend b) {
    static float delays[CUT_ITEMS], add[CUT_ITEMS], start[CI_MAX_LAYERS][CUT_ITEMS],
        change[CI_MAX_LAYERS][CUT_ITEMS], appearance[CUT_ITEMS];
    const double base_start = 100, layer_time[CI_MAX_LAYERS] = {100.21, 100.3, 100.42};
    const float cutoff = 0.21f;
    for (int i = 0; i < CUT_ITEMS; i++) {
        delays[i] = 0.002f * i; /* items from 105 on wait at 0.21 s and are cut */
        add[i] = -0.25f + 0.001f * i;
        for (int p = 0; p < CI_MAX_LAYERS; p++) {
            start[p][i] = i % 3 == 0 ? 0.0f : 0.0013f * ((i * (p + 1)) % 200);
            change[p][i] = -1.1f + 0.007f * ((i + 53 * p) % 300);
        }
    }
    const float *layer_start[CI_MAX_LAYERS], *layer_to[CI_MAX_LAYERS];
    for (int p = 0; p < CI_MAX_LAYERS; p++) {
        layer_start[p] = start[p];
        layer_to[p] = change[p];
    }
    ci_curve curves[2] = {{CI_CURVE_CUBIC, CI_EASE_OUT, 0, 0, {0}},
                          {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {0.25f, 0.1f, 0.25f, 1}}};
    ci_sample_request N = {.start = base_start,
                           .duration = 0.4,
                           .delays = delays,
                           .from = 0.1f,
                           .to = 0.9f,
                           .has_cutoff = 1,
                           .cutoff = cutoff,
                           .layer_start = layer_start,
                           .layer_to = layer_to,
                           .layer_time = layer_time,
                           .layer_count = CI_MAX_LAYERS,
                           .item_add = add};
    double worst = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 5; t++) {
            ci_sample_request R = N;
            R.time = 100.5 + 0.17 * t;
            if (ci_sample(b, &curves[c], &R, NULL, 0, NULL, appearance, NULL, CUT_ITEMS) != CI_OK) {
                printf("cut layers: refused\n");
                failures++;
                return;
            }
            for (int i = 0; i < CUT_ITEMS; i++) {
                double slope;
                double a = (double)add[i] + 0.1;
                for (int p = -1; p < CI_MAX_LAYERS; p++) {
                    double origin = p < 0 ? base_start : layer_time[p];
                    double offset = p < 0 ? delays[i] : start[p][i];
                    double span = p < 0 ? 0.9 - 0.1 : change[p][i];
                    if (p < 0 && !(delays[i] < cutoff)) continue;
                    double q = fmin(fmax((R.time - origin - offset) / 0.4, 0), 1);
                    double y = c == 0 ? penner(CI_CURVE_CUBIC, CI_EASE_OUT, q)
                                      : bezier(curves[1].params, q, &slope);
                    a += (double)(float)span * y;
                }
                worst = fmax(worst, fabs(appearance[i] - a));
            }
        }
    report(ci_backend_name(b), "a cut list with layers", worst, 2e-5);

    ci_curve spring = {CI_CURVE_SPRING, 0, 0, 0, {0.5f, 0.8f, 0, 0}};
    ci_sample_request wrong = N;
    wrong.time = 100.6;
    if (ci_sample(b, &spring, &wrong, NULL, 0, NULL, appearance, NULL, CUT_ITEMS) !=
        CI_ERR_INVALID_PARAMETER) {
        printf("a cut list under a spring: not refused\n");
        failures++;
    }
    wrong.cutoff = NAN;
    if (ci_sample(b, &curves[0], &wrong, NULL, 0, NULL, appearance, NULL, CUT_ITEMS) !=
        CI_ERR_INVALID_PARAMETER) {
        printf("a NaN cutoff: not refused\n");
        failures++;
    }
    const double far[CI_MAX_LAYERS] = {100.21, -1e39, 100.42};
    wrong = N;
    wrong.time = 100.6;
    wrong.layer_time = far;
    if (ci_sample(b, &curves[0], &wrong, NULL, 0, NULL, appearance, NULL, CUT_ITEMS) !=
        CI_ERR_INVALID_PARAMETER) {
        printf("a layer time beyond float: not refused\n");
        failures++;
    }
}

/* A decay from per-item state through ci_sample, value and velocity, against
 * f + (g - f)(1 - e^(-k e)) and (g - f) k e^(-k e) (at rest before its start). */
static void check_item_decay(ci_backend b) {
    static float start[1001], from[1001], to[1001], v0[1001], out[1001], rate[1001];
    const double k = 4.5;
    ci_curve decay = {CI_CURVE_DECAY, 0, 0, 0, {(float)k, 0, 1, 0}};
    for (int i = 0; i < 1001; i++) {
        start[i] = 0.002f * i - 0.2013f; /* no item starts exactly at the sample time */
        from[i] = -1.5f + 0.001f * i;
        to[i] = 2.0f - 0.003f * i;
        v0[i] = 0;
    }
    ci_sample_request D = {.time = 0.6,
                           .start = 0,
                           .item_start = start,
                           .item_from = from,
                           .item_to = to,
                           .item_velocity = v0};
    if (ci_sample(b, &decay, &D, NULL, 0, NULL, out, rate, 1001) != CI_OK) {
        failures++;
        return;
    }
    double worst_value = 0, worst_velocity = 0;
    for (int i = 0; i < 1001; i++) {
        double elapsed = 0.6 - (double)start[i], e = fmax(elapsed, 0);
        double span = (double)to[i] - from[i];
        double value = from[i] + span * (1 - exp(-k * e));
        double velocity = elapsed >= 0 ? span * k * exp(-k * e) : 0;
        worst_value = fmax(worst_value, fabs(out[i] - value) / fmax(1, fabs(span)));
        worst_velocity = fmax(worst_velocity, fabs(rate[i] - velocity) / (k * fmax(1, fabs(span))));
    }
    report(ci_backend_name(b), "per-item decay value", worst_value, 1e-6);
    report(ci_backend_name(b), "per-item decay velocity", worst_velocity, 1e-6);
}

/* Orders that start at the far ends (edges first, a reversed order) over a long list:
 * 1421 items 0.07373 s apart from the centre's edges, a spread of 52 s. The first items'
 * delays and progress must keep the precision of their own delays, not of the spread:
 * ci_delays (the layout, invert) within 1e-6 s plus 2^-22 of each delay, as the Swift
 * API promises, and ci_sample's closed form (pivot at the largest distance) within 1e-6
 * of the exact linear progress over 0.05 s, at a time the first 2 x 3 items move.
 * Computed as 1 - u, or as offset - slope |j - c|, the outer items were off by about
 * 2^-24 of the spread: 3e-6 s, 6e-5 of progress. */
static void check_far_end_delays(ci_backend b) {
    enum { N = 1421 };
    static float delays[N], progress[N];
    const double each = 0.07373639601317804, centre = (N - 1) / 2.0, duration = 0.05;
    ci_delay_layout layout = {.columns = N,
                              .rows = 1,
                              .invert = 1,
                              .outside = CI_OUTSIDE_IMMEDIATE,
                              .origin_x = centre,
                              .max_distance = centre,
                              .spread = each * centre,
                              .max_delay = INFINITY,
                              .window_end = N,
                              .distribution = {CI_CURVE_LINEAR, 0, 0, 0, {0}}};
    ci_list_delays list = {.slope = each,
                           .origin = centre,
                           .pivot = centre,
                           .max_delay = INFINITY,
                           .window_end = N,
                           .outside = CI_OUTSIDE_IMMEDIATE};
    ci_curve linear = {CI_CURVE_LINEAR, 0, 0, 0, {0}};
    ci_sample_request r = {.time = 3.2 * each, .duration = duration, .list = &list, .to = 1};
    if (ci_delays(b, &layout, delays, N) != CI_OK ||
        ci_sample(b, &linear, &r, NULL, 0, NULL, progress, NULL, N) != CI_OK) {
        printf("far-end delays: status\n");
        failures++;
        return;
    }
    double worst_delay = 0, worst_progress = 0;
    for (int i = 0; i < N; i++) {
        double delay = each * (centre - fabs(i - centre));
        worst_delay = fmax(worst_delay, fabs(delays[i] - delay) - 0x1p-22 * delay);
        double p = fmin(fmax((r.time - delay) / duration, 0), 1);
        worst_progress = fmax(worst_progress, fabs(progress[i] - p));
    }
    report(ci_backend_name(b), "far-end delays (s)", worst_delay, 1e-6);
    report(ci_backend_name(b), "far-end progress", worst_progress, 1e-6);
    /* A pivot below 0, NaN or beyond the indexed items is refused. */
    const double bad_pivots[] = {-0.5, NAN, CI_MAX_INDEXED_ITEMS + 1.0};
    for (size_t k = 0; k < sizeof bad_pivots / sizeof bad_pivots[0]; k++) {
        list.pivot = bad_pivots[k];
        if (ci_sample(b, &linear, &r, NULL, 0, NULL, progress, NULL, N) !=
            CI_ERR_INVALID_PARAMETER) {
            printf("far-end delays: pivot %g not refused\n", bad_pivots[k]);
            failures++;
        }
    }
}

/* A visible window over a long list, as the docs' long-list example has it: 10,000 rows,
 * rows 4,000 ..< 4,012 visible, 0.05 s apart from the first visible row. The layout is
 * one row of the 12 visible items, so the grid holds 12 cells, not 10,000. Worked by
 * hand: row 4,000 + j waits 0.05 j s; the others wait 0 (immediately) or the nearest
 * visible row's delay (with the window's edge: rows below 4,000 wait 0, rows from
 * 4,012 on 0.55 s). Once refused: the 12 cells were checked against all 10,000 items. */
static void check_visible_window(ci_backend b) {
    enum { N = 10000, START = 4000, VISIBLE = 12 };
    static float delays[N];
    for (int outside = CI_OUTSIDE_IMMEDIATE; outside <= CI_OUTSIDE_WINDOW_EDGE; outside++) {
        ci_delay_layout layout = {.columns = VISIBLE,
                                  .rows = 1,
                                  .outside = outside,
                                  .max_distance = VISIBLE - 1,
                                  .spread = 0.05 * (VISIBLE - 1),
                                  .max_delay = INFINITY,
                                  .window_start = START,
                                  .window_end = START + VISIBLE,
                                  .distribution = {CI_CURVE_LINEAR, 0, 0, 0, {0}}};
        if (ci_delays(b, &layout, delays, N) != CI_OK) {
            printf("%s visible window (outside %d): refused\n", ci_backend_name(b), outside);
            failures++;
            continue;
        }
        double worst = 0;
        for (int i = 0; i < N; i++) {
            double expected = i >= START && i < START + VISIBLE                 ? 0.05 * (i - START)
                              : outside == CI_OUTSIDE_WINDOW_EDGE && i >= START ? 0.55
                                                                                : 0;
            worst = fmax(worst, fabs(delays[i] - expected));
        }
        report(ci_backend_name(b), "visible window delays (s)", worst, 1e-6);
        /* One cell short of the window is refused. */
        layout.columns = VISIBLE - 1;
        if (ci_delays(b, &layout, delays, N) != CI_ERR_INVALID_PARAMETER) {
            printf("%s visible window: a grid smaller than the window accepted\n",
                   ci_backend_name(b));
            failures++;
        }
    }
}

/* A clamped track keeps its values within its range, on every path of a call: the simple
 * list loops, the generic ones (with velocities) and the filled runs of a split call.
 * easeOutBack overshoots: at progress 1/2 it is 1 + c3 (-1/2)^3 + c1 (-1/2)^2 with
 * c1 = 1.70158, c3 = c1 + 1, which is 1.0876975 (worked by hand), so a track 0 -> 1
 * clamped to [0, 1] reads 1 there and a track 10 -> 20 clamped to [-inf, 20] reads 20,
 * while the same tracks unclamped read 1.0876975 and 20.876975. Over a long list every
 * clamped value must equal the unclamped one clamped, and bounds out of order are
 * refused. */
static void check_track_clamp(ci_backend b) {
    enum { N = 6000 };
    static float free_values[2][N], kept[2][N], speed[N];
    const ci_curve back = {CI_CURVE_BACK, CI_EASE_OUT, 0, 0, {0}};
    const ci_track open[2] = {{0, 1}, {10, 20}};
    const ci_track closed[2] = {{0, 1, 1, 0, 1}, {10, 20, 1, -INFINITY, 20}};
    static float zero_delays[4];
    ci_sample_request r = {0};
    r.time = 0.15;
    r.duration = 0.3;
    r.delays = zero_delays;
    r.to = 1;
    float *out[2] = {kept[0], kept[1]};
    float *free_out[2] = {free_values[0], free_values[1]};
    if (ci_sample(b, &back, &r, closed, 2, out, NULL, NULL, 4) != CI_OK ||
        ci_sample(b, &back, &r, open, 2, free_out, NULL, NULL, 4) != CI_OK) {
        printf("%s track clamp: refused\n", ci_backend_name(b));
        failures++;
        return;
    }
    double worst = 0;
    for (int i = 0; i < 4; i++) {
        worst = fmax(worst, fabs(kept[0][i] - 1.0) + fabs(kept[1][i] - 20.0));
        worst = fmax(worst, fabs(free_values[0][i] - 1.0876975) / 1.0876975);
        worst = fmax(worst, fabs(free_values[1][i] - 20.876975) / 20.876975);
    }
    report(ci_backend_name(b), "clamped tracks at an overshoot", worst, 2e-6);
    /* A list over every path: without velocities (the simple loops), with them. */
    ci_list_delays list = {0, 0, 0.4 / N, 0, INFINITY, 0, N, CI_OUTSIDE_WINDOW_EDGE, 0, 0};
    r.delays = NULL;
    r.list = &list;
    int differ = 0;
    const double times[] = {0.05, 0.2, 0.35, 0.8};
    for (int t = 0; t < 8; t++) {
        r.time = times[t / 2];
        float *velocity = t % 2 ? speed : NULL;
        if (ci_sample(b, &back, &r, closed, 2, out, NULL, velocity, N) != CI_OK ||
            ci_sample(b, &back, &r, open, 2, free_out, NULL, velocity, N) != CI_OK) {
            differ++;
            continue;
        }
        for (int i = 0; i < N; i++)
            differ += kept[0][i] != fminf(fmaxf(free_values[0][i], 0), 1) ||
                      kept[1][i] != fminf(free_values[1][i], 20);
    }
    ci_track reversed = {0, 1, 1, 1, 0};
    if (ci_sample(b, &back, &r, &reversed, 1, out, NULL, NULL, N) != CI_ERR_INVALID_PARAMETER)
        differ++;
    printf("%-9s track clamp: %d values differ from the clamped unclamped ones\n",
           ci_backend_name(b), differ);
    if (differ) failures++;
}

/* keep_until_start: items not past their start keep what the buffer holds, the others
 * run their motion. Linear over 2 s from 10 to 20 at time 1: an item started at -1 is
 * at 20, one at 0 at 15, one at 0.5 at 12.5 (by hand); those starting at 1 (elapsed
 * exactly 0) and later keep the 42 written before; a cubic-bezier (solved side by side
 * in groups) keeps them the same way. Without the item source, an appearance buffer, or
 * with tracks, it is refused. */
static void check_keep_until_start(ci_backend b) {
    enum { N = 70 };
    static float start[N], from[N], to[N], v0[N], out[N];
    const ci_curve curves[2] = {{CI_CURVE_LINEAR, 0, 0, 0, {0}},
                                {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {0, 0, 1, 1}}};
    /* Every call: linear-over-2-s items read at 1 s (the flag set per call). */
    ci_sample_request r = {0};
    r.time = 1;
    r.duration = 2;
    r.item_start = start;
    r.item_from = from;
    r.item_to = to;
    r.item_velocity = v0;
    int wrong = 0;
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < N; i++) {
            start[i] = i % 5 == 0   ? -1.0f
                       : i % 5 == 1 ? 0.0f
                       : i % 5 == 2 ? 0.5f
                       : i % 5 == 3 ? 1.0f
                                    : 2.0f;
            from[i] = 10;
            to[i] = 20;
            v0[i] = 0;
            out[i] = 42;
        }
        r.keep_until_start = 1;
        if (ci_sample(b, &curves[c], &r, NULL, 0, NULL, out, NULL, N) != CI_OK) {
            wrong++;
            continue;
        }
        for (int i = 0; i < N; i++) {
            /* cubic-bezier(0, 0, 1, 1) is the identity: the same figures. */
            double expected = i % 5 == 0 ? 20 : i % 5 == 1 ? 15 : i % 5 == 2 ? 12.5 : 42;
            if (fabs(out[i] - expected) > 1e-4) wrong++;
        }
        const ci_track track = {0, 1};
        float *outputs[1] = {out};
        if (ci_sample(b, &curves[c], &r, &track, 1, outputs, out, NULL, N) !=
                CI_ERR_INVALID_PARAMETER ||
            ci_sample(b, &curves[c], &r, NULL, 0, NULL, NULL, NULL, N) != CI_ERR_INVALID_PARAMETER)
            wrong++;
    }
    /* A linear() that ends at 1/2, (0, 0) to (1, 1/2): such a pass still ends exactly at
     * item_to. At 1 s an item started at -1 is at its end (20, not 15), one started at
     * 0 half way (10 + 10 * 0.25 = 12.5). Without keep_until_start it ends at 15. */
    static const float half_points[] = {0, 0, 1, 0.5f};
    ci_curve half = {CI_CURVE_PIECEWISE_LINEAR, 0, 0, 0, {0}};
    half.points = half_points;
    half.point_count = 2;
    for (int keep = 0; keep < 2; keep++) {
        for (int i = 0; i < N; i++) out[i] = 42;
        r.keep_until_start = keep;
        if (ci_sample(b, &half, &r, NULL, 0, NULL, out, NULL, N) != CI_OK) {
            wrong++;
            continue;
        }
        for (int i = 0; i < N; i++) {
            double expected = i % 5 == 0   ? (keep ? 20 : 15)
                              : i % 5 == 1 ? 12.5
                              : i % 5 == 2 ? 10 + 10 * 0.5 * 0.25
                              : keep       ? 42
                                           : 10;
            if (fabs(out[i] - expected) > 1e-4) wrong++;
        }
    }
    printf("%-9s keep until start: %d values or refusals wrong\n", ci_backend_name(b), wrong);
    if (wrong) failures++;
}

/* cubic-bezier(1, 0, 0, 1) has a vertical tangent at x = 1/2: x(t) = 3t - 6t^2 + 4t^3 =
 * 1/2 + 4s^3 and y(t) = 3t^2 - 2t^3 = 1/2 + 3s/2 - 2s^3 with s = t - 1/2 (worked by
 * hand), so y(x) = 1/2 + 3s/2 - 2s^3 at s = cbrt((x - 1/2) / 4). check_easing excuses
 * such points (its bound grows with the slope); here the kernel must give the exact
 * value within 1e-6 (Blink gives 0.5 at x = 1/2; float x(t) near it once put the kernel
 * 4e-3 off). */
static void check_vertical_tangent(ci_backend b) {
    static const double offsets[] = {0,     0x1p-24, -0x1p-24, 0x1p-20, -0x1p-20, 1e-5,
                                     -1e-5, 1e-3,    -1e-3,    0.1,     -0.3};
    enum { N = sizeof offsets / sizeof offsets[0] };
    float in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = (float)(0.5 + offsets[i]);
    ci_curve c = {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {1, 0, 0, 1}};
    if (ci_ease(b, &c, in, out, N) != CI_OK) {
        printf("%s vertical tangent: status\n", ci_backend_name(b));
        failures++;
        return;
    }
    double worst = 0;
    for (int i = 0; i < N; i++) {
        double s = cbrt(((double)in[i] - 0.5) / 4);
        worst = fmax(worst, fabs(out[i] - (0.5 + 1.5 * s - 2 * s * s * s)));
    }
    report(ci_backend_name(b), "bezier(1,0,0,1) vertical tangent", worst, 1e-6);
}

/* Settling bounds in double (ci_spring_settling) against figures computed here by other
 * means: for an under-damped spring whose envelope SwiftUI's figure covers, that figure
 * itself, ln((|lambda delta - v0| + |delta|) / (eps |delta|)) / lambda, within 2 ulps;
 * for a critically damped one, the last crossing of (|delta| + |lambda delta - v0| t)
 * e^(-lambda t) with eps |delta| (1 - 1e-9), found by bisection on libm's exp, within
 * 1e-12 relative. 300 lanes, so that the lanes the kernel searches are gathered across
 * vectors. */
static void check_settling(ci_backend b) {
    enum { N = 300 };
    static double delta[N], v0[N], bound[N];
    for (int i = 0; i < N; i++) {
        delta[i] = (i % 2 ? -1.0 : 1.0) * (0.01 + 3.0 * i / N);
        v0[i] = 20.0 * sin(0.37 * i);
    }
    double worst[2] = {0, 0};
    for (int critical = 0; critical <= 1; critical++) {
        double omega0 = 2 * PI / 0.5, zeta = critical ? 1 : 0.7, lambda = zeta * omega0;
        ci_settling spring = {lambda, critical ? 0 : omega0 * omega0 - lambda * lambda, 0.001};
        if (ci_spring_settling(b, &spring, delta, v0, bound, N) != CI_OK) {
            printf("%s settling: status\n", ci_backend_name(b));
            failures++;
            return;
        }
        for (int i = 0; i < N; i++) {
            double start = fabs(delta[i]), lead = fabs(lambda * delta[i] - v0[i]);
            double level = 0.001 * start * (1 - 1e-9), expected;
            if (!critical) {
                expected = log((lead + start) / (0.001 * start)) / lambda;
                worst[0] =
                    fmax(worst[0], fabs(bound[i] - expected) / ldexp(1, ilogb(expected) - 52));
                continue;
            }
            double lo = fmax(0, 1 / lambda - start / lead), hi = lo + 1;
            while ((start + lead * hi) * exp(-lambda * hi) > level) hi *= 2;
            for (int k = 0; k < 200; k++) {
                double mid = 0.5 * (lo + hi);
                if ((start + lead * mid) * exp(-lambda * mid) > level) lo = mid;
                else hi = mid;
            }
            worst[1] = fmax(worst[1], fabs(bound[i] - hi) / hi);
        }
    }
    report(ci_backend_name(b), "settling, ulps (under)", worst[0], 2);
    report(ci_backend_name(b), "settling (critical)", worst[1], 1e-12);
}

/* Spring states in double (ci_spring_states) against the closed forms worked by hand:
 * critically damped from rest toward delta, x = delta (1 - (1 + lambda t) e^(-lambda t)),
 * x' = delta lambda^2 t e^(-lambda t); under-damped with lambda = 6, omega_d = 8 from
 * rest toward 1, x = 1 - e^(-6t) (cos 8t + 3/4 sin 8t), x' = 12.5 e^(-6t) sin 8t. Within
 * 1e-13 of the span (velocity: of the span times omega0). */
static void check_spring_states(ci_backend b) {
    enum { N = 200 };
    static double elapsed[N], delta[N], v0[N], value[N], velocity[N];
    for (int i = 0; i < N; i++) {
        elapsed[i] = 2.0 * i / N;
        delta[i] = i % 2 ? -2.5 : 1;
        v0[i] = 0;
    }
    double worst = 0;
    ci_spring_state critical = {4 * PI, 16 * PI * PI, 0};
    ci_spring_state under = {6, 100, 64};
    if (ci_spring_states(b, &critical, elapsed, delta, v0, value, velocity, N) != CI_OK) worst = 1;
    for (int i = 0; i < N; i++) {
        double t = elapsed[i], e = exp(-4 * PI * t), d = delta[i];
        worst = fmax(worst, fabs(value[i] - d * (1 - (1 + 4 * PI * t) * e)) / fabs(d));
        worst = fmax(worst, fabs(velocity[i] - d * 16 * PI * PI * t * e) / (fabs(d) * 4 * PI));
    }
    for (int i = 0; i < N; i++) delta[i] = 1;
    if (ci_spring_states(b, &under, elapsed, delta, v0, value, velocity, N) != CI_OK) worst = 1;
    for (int i = 0; i < N; i++) {
        double t = elapsed[i], e = exp(-6 * t);
        worst = fmax(worst, fabs(value[i] - (1 - e * (cos(8 * t) + 0.75 * sin(8 * t)))));
        worst = fmax(worst, fabs(velocity[i] - 12.5 * e * sin(8 * t)) / 10);
    }
    report(ci_backend_name(b), "spring states (double)", worst, 1e-13);
}

/* A list under one spring interrupted (ci_interrupt_spring_list), against the critically
 * damped closed form worked by hand (lambda = omega0 = 4 pi, from rest at 0 toward 1:
 * x = 1 - (1 + lambda t) e^(-lambda t), x' = lambda^2 t e^(-lambda t)). Item i started
 * 0.01 i s after 0; at 0.2 every item goes to 0. Items 0-19 have started: the even ones
 * move (each rests at 10 s), so they start at once from x and x' (as floats, within 1e-6
 * of the span), their bound that of ci_spring_settling for those floats (bit for bit);
 * the odd ones rest since 0.005 s after they began, so they start from x after the new
 * delay (0.5 s), at the spring's own velocity (2 per unit of span) and its own duration.
 * Item 20 starts at the tap itself and items 21-32 wait: from 0, nowhere to go, no rest.
 * The bounds are the latest and earliest rest (time + offset + duration) over the items
 * that go somewhere. Then the API's refusals. */
static void check_spring_list(ci_backend b) {
    enum { N = 33 };
    static float offset[N], from[N], velocity[N], duration[N], next[N];
    const double lambda = 4 * PI;
    ci_spring_list L = {
        {lambda, lambda * lambda, 0}, 1e-3, 0.2, 0, 2, 0.7, 1, 0, offset, from, velocity, duration};
    for (int i = 0; i < N; i++) {
        offset[i] = (float)(0.01 * i);
        from[i] = 0;
        velocity[i] = 0;
        duration[i] = i % 2 ? 0.005f : 10;
        next[i] = 0.5f;
    }
    double bounds[2];
    size_t unsolved = 99;
    double worst = 0;
    int wrong = ci_interrupt_spring_list(b, &L, next, from, velocity, duration, bounds, &unsolved,
                                         N) != CI_OK ||
                unsolved != 0;
    double latest = 0.2, earliest = INFINITY;
    for (int i = 0; i < N; i++) {
        double t = 0.2 - 0.01 * i, e = exp(-lambda * t);
        double x = i < 20 ? 1 - (1 + lambda * t) * e : 0, v = i < 20 ? lambda * lambda * t * e : 0;
        worst = fmax(worst, fabs(from[i] - x));
        if (i < 20 && i % 2 == 0) {
            worst = fmax(worst, fabs(velocity[i] - v) / (lambda));
            ci_settling S = {lambda, 0, 1e-3};
            double span = 0.0 - (double)from[i], speed = velocity[i], bound;
            if (ci_spring_settling(b, &S, &span, &speed, &bound, 1) != CI_OK) wrong = 1;
            if (next[i] != 0 || duration[i] != (float)bound) wrong = 1;
        } else if (i < 20) {
            if (velocity[i] != (float)(-(double)from[i] * 2) || next[i] != 0.5f ||
                duration[i] != 0.7f)
                wrong = 1;
        } else if (from[i] != 0 || velocity[i] != 0 || next[i] != 0.5f || duration[i] != 0) {
            wrong = 1;
        }
        if (i < 20) {
            double rest = 0.2 + (double)next[i] + (double)duration[i];
            latest = fmax(latest, rest);
            earliest = fmin(earliest, rest);
        }
    }
    if (bounds[0] != latest || bounds[1] != earliest) wrong = 1;
    /* Refusals: nothing written (not even the bounds). */
    bounds[0] = bounds[1] = -1;
    unsolved = 99;
    ci_spring_list over = L, barely = L, missing = L;
    over.spring.damped_frequency_squared = -1;   /* over-damped */
    barely.spring.damped_frequency_squared = 5e6 * lambda * lambda; /* omega_d > 2000 lambda */
    missing.duration = NULL;
    if (ci_interrupt_spring_list(b, &over, next, from, velocity, duration, bounds, &unsolved, N) !=
            CI_ERR_INVALID_PARAMETER ||
        ci_interrupt_spring_list(b, &barely, next, from, velocity, duration, bounds, &unsolved,
                                 N) != CI_ERR_INVALID_PARAMETER ||
        ci_interrupt_spring_list(b, &missing, next, from, velocity, duration, bounds, &unsolved,
                                 N) != CI_ERR_NULL_POINTER ||
        ci_interrupt_spring_list(b, NULL, next, from, velocity, duration, bounds, &unsolved, N) !=
            CI_ERR_NULL_POINTER ||
        ci_interrupt_spring_list(b, &L, next, from, velocity, duration, bounds, NULL, N) !=
            CI_ERR_NULL_POINTER ||
        bounds[0] != -1 || bounds[1] != -1 || unsolved != 99)
        wrong = 1;
    report(ci_backend_name(b), "spring list (hand)", worst, 1e-6);
    report(ci_backend_name(b), "spring list (figures)", wrong, 0);
}

/* The restart both checks below make: lanes of a critically damped spring (rate 4 pi),
 * restarted at 0.2 s toward -1 (one target for all), a lane from rest at twice its span
 * per second for 0.7 s. */
static ci_spring_restart smooth_restart(const double *offset, const double *from, const double *to,
                                        const double *velocity, const double *delay,
                                        const double *carried) {
    const double lambda = 4 * PI;
    ci_spring_restart R = {{lambda, lambda * lambda, 0},
                           1e-3,
                           0.2,
                           0,
                           2,
                           0.7,
                           offset,
                           from,
                           to,
                           velocity,
                           NULL,
                           -1,
                           delay,
                           carried};
    return R;
}

/* Spring lanes restarted (ci_restart_spring_lanes) against the same critically damped
 * closed form: lane i started 0.01 i s after 0 from 0 toward 1 at rest; at 0.2 every
 * lane goes to -1 (one target for all, then one each). The even lanes carry their
 * motion on: at once from x and x' (within 1e-13 of the span), their bound
 * ci_spring_settling's for their span and velocity, bit for bit; the odd ones start
 * from x after 0.5 s at twice their span per second for 0.7 s. Lanes 21 and up have
 * not started: at 0. The soonest end is the least offset plus duration. Then a target
 * that is not finite, and the refusals (nothing written). */
static void check_spring_restart(ci_backend b) {
    enum { N = 29 };
    static double offset[N], from[N], to[N], velocity[N], target[N], delay[N], carried[N];
    static double o[N], f[N], t[N], v[N];
    const double lambda = 4 * PI;
    ci_spring_restart R = smooth_restart(offset, from, to, velocity, delay, carried);
    double worst = 0, soonest = 0;
    size_t unsolved = 99;
    int wrong = 0;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < N; i++) {
            offset[i] = 0.01 * i;
            from[i] = 0;
            to[i] = 1;
            velocity[i] = 0;
            target[i] = -1;
            delay[i] = 0.5;
            carried[i] = i % 2 ? -1 : i;
        }
        R.target = round ? target : NULL;
        if (ci_restart_spring_lanes(b, &R, o, f, t, v, carried, &soonest, &unsolved, N) != CI_OK ||
            unsolved != 0)
            wrong = 1;
        double least = INFINITY;
        for (int i = 0; i < N; i++) {
            double e = 0.2 - 0.01 * i, decay = exp(-lambda * e);
            double x = e > 0 ? 1 - (1 + lambda * e) * decay : 0;
            double speed = e > 0 ? lambda * lambda * e * decay : 0;
            worst = fmax(worst, fabs(f[i] - x));
            if (t[i] != -1) wrong = 1;
            if (i % 2 == 0) {
                worst = fmax(worst, fabs(v[i] - speed) / lambda);
                ci_settling S = {lambda, 0, 1e-3};
                double span = -1 - f[i], rate = v[i], bound;
                if (ci_spring_settling(b, &S, &span, &rate, &bound, 1) != CI_OK) wrong = 1;
                if (o[i] != 0 || carried[i] != bound) wrong = 1;
            } else if (o[i] != 0.5 || v[i] != (-1 - f[i]) * 2 || carried[i] != 0.7) {
                wrong = 1;
            }
            least = fmin(least, o[i] + carried[i]);
        }
        if (soonest != least) wrong = 1;
    }
    /* A target that is not finite: reported, every lane written. */
    target[3] = NAN;
    R.target = target;
    for (int i = 0; i < N; i++) carried[i] = i % 2 ? -1 : i;
    if (ci_restart_spring_lanes(b, &R, o, f, t, v, carried, &soonest, &unsolved, N) !=
        CI_ERR_NONFINITE_INPUT)
        wrong = 1;
    /* Refusals: nothing written. */
    ci_spring_restart over = R, missing = R;
    over.spring.damped_frequency_squared = -1;
    missing.delay = NULL;
    soonest = -1;
    unsolved = 99;
    o[0] = -1;
    if (ci_restart_spring_lanes(b, &over, o, f, t, v, carried, &soonest, &unsolved, N) !=
            CI_ERR_INVALID_PARAMETER ||
        ci_restart_spring_lanes(b, &missing, o, f, t, v, carried, &soonest, &unsolved, N) !=
            CI_ERR_NULL_POINTER ||
        ci_restart_spring_lanes(b, NULL, o, f, t, v, carried, &soonest, &unsolved, N) !=
            CI_ERR_NULL_POINTER ||
        soonest != -1 || unsolved != 99 || o[0] != -1)
        wrong = 1;
    /* An own_duration below 0 is refused (the bounds found a row before are told apart
     * from the others by their sign). */
    ci_spring_restart negative = R;
    negative.own_duration = -0.5;
    if (ci_restart_spring_lanes(b, &negative, o, f, t, v, carried, &soonest, &unsolved, N) !=
        CI_ERR_INVALID_PARAMETER)
        wrong = 1;
    report(ci_backend_name(b), "spring restart (hand)", worst, 1e-13);
    report(ci_backend_name(b), "spring restart (figures)", wrong, 0);
}

/* States given (a drag let go): lane i at from = i / 10 moving at 3 - i / 4, toward -1;
 * the even lanes carry on at once from there, their bounds ci_spring_settling's, the odd
 * ones start afresh after 0.5 s at twice their span per second for 0.7 s (lane 9, at
 * -1 already, for 0 s). Offset and to are not read: NULL. */
static void check_spring_restart_given(ci_backend b) {
    enum { N = 13 };
    static double from[N], velocity[N], delay[N], carried[N];
    static double o[N], f[N], t[N], v[N];
    ci_spring_restart R = smooth_restart(NULL, from, NULL, velocity, delay, carried);
    R.states_given = 1;
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        from[i] = i == 9 ? -1 : i / 10.0;
        velocity[i] = 3 - i / 4.0;
        delay[i] = 0.5;
        carried[i] = i % 2 ? -1 : i;
    }
    double soonest = 0, least = INFINITY;
    size_t unsolved = 99;
    if (ci_restart_spring_lanes(b, &R, o, f, t, v, carried, &soonest, &unsolved, N) != CI_OK ||
        unsolved != 0)
        wrong = 1;
    for (int i = 0; i < N; i++) {
        double span = -1 - from[i];
        if (f[i] != from[i] || t[i] != -1) wrong = 1;
        if (i % 2 == 0) {
            ci_settling S = {4 * PI, 0, 1e-3};
            double bound;
            if (ci_spring_settling(b, &S, &span, &velocity[i], &bound, 1) != CI_OK) wrong = 1;
            if (o[i] != 0 || v[i] != velocity[i] || carried[i] != bound) wrong = 1;
        } else if (o[i] != 0.5 || v[i] != span * 2 || carried[i] != (span == 0 ? 0 : 0.7)) {
            wrong = 1;
        }
        least = fmin(least, o[i] + carried[i]);
    }
    if (soonest != least) wrong = 1;
    report(ci_backend_name(b), "spring restart (states given)", wrong, 0);
}

/* Lanes in rows of 11 whose carried lanes repeat with the rows: the bounds of lanes that
 * move as the lane a row before does (the first three rows, some lanes of the fourth),
 * taken from it with `row`, are the bits each gets on its own, in place or not. */
static void check_spring_restart_rows(ci_backend b) {
    enum { ROW = 11, N = 4 * ROW };
    static double offset[N], from[N], to[N], velocity[N], delay[N], carried[N];
    static double o[2][N], f[2][N], t[2][N], v[2][N], d[2][N];
    ci_spring_restart R = smooth_restart(offset, from, to, velocity, delay, carried);
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int column = i % ROW, row = i / ROW;
        offset[i] = 0.01 * column;
        from[i] = 0;
        /* The fourth row's lanes 0, 3, 6 and 9 go elsewhere: searched afresh. */
        to[i] = row == 3 && column % 3 == 0 ? 2 : 1;
        velocity[i] = 0;
        delay[i] = 0.5;
    }
    double soonest[2];
    size_t unsolved[2];
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < N; i++) carried[i] = i % ROW % 2 ? -1 : i;
        R.row = k ? ROW : 0;
        /* In place the second time, as the lane engine calls it. */
        double *durations = k ? carried : d[k];
        if (ci_restart_spring_lanes(b, &R, o[k], f[k], t[k], v[k], durations, &soonest[k],
                                    &unsolved[k], N) != CI_OK)
            wrong = 1;
        if (k) memcpy(d[k], carried, sizeof d[k]);
    }
    if (memcmp(o[0], o[1], sizeof o[0]) || memcmp(f[0], f[1], sizeof f[0]) ||
        memcmp(t[0], t[1], sizeof t[0]) || memcmp(v[0], v[1], sizeof v[0]) ||
        memcmp(d[0], d[1], sizeof d[0]) || soonest[0] != soonest[1] || unsolved[0] != unsolved[1])
        wrong = 1;
    /* Every carried lane was searched or copied: its bound a crossing past 0. */
    for (int i = 0; i < N; i++)
        if (i % ROW % 2 == 0 && !(d[1][i] > 0)) wrong = 1;
    report(ci_backend_name(b), "spring restart (rows)", wrong, 0);
}

/* Rows of 9 lanes with states given: the third row's lane 4 differs from the lane a row
 * before in its velocity alone (a search of its own), and every row's lane 7 spans the
 * least double (0 to 5e-324), whose crossing the search leaves NaN: copied, and counted
 * in *unsolved, four in all. With `row` or without, the same bits. */
static void check_spring_restart_rows_given(ci_backend b) {
    enum { ROW = 9, N = 4 * ROW };
    static double from[N], velocity[N], delay[N], carried[N], target[N];
    static double o[2][N], f[2][N], t[2][N], v[2][N], d[2][N];
    ci_spring_restart R = smooth_restart(NULL, from, NULL, velocity, delay, carried);
    R.states_given = 1;
    R.target = target;
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int column = i % ROW, row = i / ROW;
        from[i] = column == 7 ? 0 : column / 10.0;
        target[i] = column == 7 ? 4.9406564584124654e-324 : -1;
        velocity[i] = column == 7 ? 0 : row == 2 && column == 4 ? 5 : 2 - column / 4.0;
        delay[i] = 0.5;
    }
    double soonest[2];
    size_t unsolved[2];
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < N; i++) carried[i] = i % ROW % 2 == 0 || i % ROW == 7 ? i : -1;
        R.row = k ? ROW : 0;
        if (ci_restart_spring_lanes(b, &R, o[k], f[k], t[k], v[k], d[k], &soonest[k], &unsolved[k],
                                    N) != CI_OK)
            wrong = 1;
    }
    if (memcmp(o[0], o[1], sizeof o[0]) || memcmp(f[0], f[1], sizeof f[0]) ||
        memcmp(t[0], t[1], sizeof t[0]) || memcmp(v[0], v[1], sizeof v[0]) ||
        memcmp(d[0], d[1], sizeof d[0]) || soonest[0] != soonest[1] || unsolved[0] != 4 ||
        unsolved[1] != 4)
        wrong = 1;
    /* The lane that moves faster settles later than the lane a row before. */
    if (!(d[1][2 * ROW + 4] > d[1][ROW + 4])) wrong = 1;
    report(ci_backend_name(b), "spring restart (rows, states given)", wrong, 0);
}

/* Colours mixed in Oklab back to sRGB (ci_oklab_to_srgb) against values worked by hand.
 * A grey (L, 0, 0) is L in each cube-rooted LMS coordinate and L^3 in each linear
 * channel (each row of the LMS to linear sRGB matrix sums to 1 within 1e-10), so it
 * encodes to 1.055 (L^3)^(1/2.4) - 0.055 (0.388573 at L = 0.5; 12.92 L^3 at or below
 * 0.0031308), whatever alpha it was premultiplied by: within 1e-12 over greys in (0, 1)
 * with alphas from 0.1 to 1. Exactly: white (L >= 1) 1 and black (L <= 0) 0 in every
 * channel, whatever a and b; NaN in all three for alpha 0, a negative, NaN or infinite
 * alpha and a colour out of gamut (Oklab (0.6, 0.4, 0)). Then the API's refusals of a
 * NULL array (nothing written). */
static void check_oklab_to_srgb(ci_backend b) {
    enum { GREYS = 301, ENDS = 10, N = GREYS + ENDS };
    /* Offset by 1 float and 1 double: unaligned on purpose; N odd: a tail everywhere. */
    static float lightness[N + 1], a[N + 1], bb[N + 1], alpha[N + 1];
    static double red[N + 1], green[N + 1], blue[N + 1];
    float *l = lightness + 1, *x = a + 1, *y = bb + 1, *w = alpha + 1;
    double *rgb[3] = {red + 1, green + 1, blue + 1};
    for (int i = 0; i < GREYS; i++) {
        w[i] = 0.1f + 0.9f * (float)(i % 7) / 6;
        l[i] = (float)((0.001 + 0.998 * i / (GREYS - 1)) * w[i]);
        x[i] = y[i] = 0;
    }
    l[GREYS / 2] = 0.5f; /* L = 0.5 exactly: 0.388573 */
    w[GREYS / 2] = 1;
    /* Then: white twice, black twice, alpha 0, -0.5, NaN and +inf, out of gamut twice. */
    static const float ends[ENDS][4] = {
        {1, 0.3f, -0.2f, 1}, {1.5f, 20, 20, 0.5f},  {0, 0.1f, 0.1f, 1}, {-0.25f, 0, -3, 0.5f},
        {0.5f, 0, 0, 0},     {0.5f, 0, 0, -0.5f},   {0.5f, 0, 0, NAN},  {0.5f, 0, 0, INFINITY},
        {0.6f, 0.4f, 0, 1},  {0.3f, 0.2f, 0, 0.5f},
    };
    static const int want_end[ENDS] = {1, 1, 0, 0, -1, -1, -1, -1, -1, -1}; /* -1: NaN */
    for (int k = 0; k < ENDS; k++) {
        l[GREYS + k] = ends[k][0];
        x[GREYS + k] = ends[k][1];
        y[GREYS + k] = ends[k][2];
        w[GREYS + k] = ends[k][3];
    }
    ci_oklab_mixes mixes = {l, x, y, w};
    double worst = 0, wrong = 0;
    if (ci_oklab_to_srgb(b, &mixes, rgb[0], rgb[1], rgb[2], N) != CI_OK) wrong = 1;
    for (int i = 0; i < GREYS; i++) {
        double L = (double)l[i] / w[i], linear = L * L * L;
        double want = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
        for (int c = 0; c < 3; c++) {
            double error = fabs(rgb[c][i] - want);
            if (!(error <= worst)) worst = error; /* a NaN channel too */
        }
    }
    if (!(fabs(rgb[0][GREYS / 2] - 0.388573) < 1e-6)) wrong = 1;
    for (int k = 0; k < ENDS; k++)
        for (int c = 0; c < 3; c++) {
            double v = rgb[c][GREYS + k];
            if (want_end[k] < 0 ? !isnan(v) : v != want_end[k]) wrong = 1;
        }
    /* A NULL array with colours to convert: refused, nothing written. */
    for (int i = 0; i < N; i++) rgb[0][i] = rgb[1][i] = rgb[2][i] = -1;
    ci_oklab_mixes missing = mixes;
    missing.alpha = NULL;
    if (ci_oklab_to_srgb(b, &missing, rgb[0], rgb[1], rgb[2], N) != CI_ERR_NULL_POINTER) wrong = 1;
    missing = mixes;
    missing.lightness = NULL;
    if (ci_oklab_to_srgb(b, &missing, rgb[0], rgb[1], rgb[2], N) != CI_ERR_NULL_POINTER) wrong = 1;
    if (ci_oklab_to_srgb(b, &mixes, rgb[0], NULL, rgb[2], N) != CI_ERR_NULL_POINTER) wrong = 1;
    if (ci_oklab_to_srgb(b, NULL, rgb[0], rgb[1], rgb[2], N) != CI_ERR_NULL_POINTER) wrong = 1;
    for (int i = 0; i < N; i++)
        if (rgb[0][i] != -1 || rgb[1][i] != -1 || rgb[2][i] != -1) wrong = 1;
    /* No colours: nothing to read, not an error. */
    if (ci_oklab_to_srgb(b, &missing, NULL, NULL, NULL, 0) != CI_OK) wrong = 1;
    report(ci_backend_name(b), "oklab greys to sRGB", worst, 1e-12);
    report(ci_backend_name(b), "oklab ends, NaN, NULL", wrong, 0);
}

/* Points along a closed square of side 2 (one row per side, worked by hand): corners
 * and midpoints are exact in float. The buckets name rows far off (one out of range)
 * so that only the kernel's walk finds the right row; then the API's refusals. */
static void check_path(ci_backend b) {
    static const float rows[4 * CI_PATH_ROW] = {
        0, 0.5f, 0, 2,  0, 0, 0, 0,  0, 0, 0,   0, 0, 0, /* (0,0) -> (2,0), heading 0 */
        2, 0.5f, 2, 0,  0, 0, 0, 2,  0, 0, 90,  0, 0, 0, /* -> (2,2), heading 90 */
        4, 0.5f, 2, -2, 0, 0, 2, 0,  0, 0, 180, 0, 0, 0, /* -> (0,2), heading 180 */
        6, 0.5f, 0, 0,  0, 0, 2, -2, 0, 0, -90, 0, 0, 0, /* -> (0,0), heading -90 */
    };
    static const uint32_t far_buckets[3] = {99, 0, 3};
    static const float progress[7] = {0.0625f, 0.3125f, 0.625f, -0.125f, 1.25f, 1, 0.5f};
    static const float want[7][3] = {{0.5f, 0, 0}, {2, 0.5f, 90}, {1, 2, 180}, {0, 1, -90},
                                     {2, 0, 90},   {0, 0, 0},     {2, 2, 180}};
    float x[7], y[7], angle[7];
    ci_path path = {rows, far_buckets, 4, 3, 8, 3.0f / 8, 1};
    double worst = 0;
    if (ci_path_points(b, &path, progress, x, y, angle, 7) != CI_OK) worst = 1;
    for (int i = 0; i < 7; i++) {
        worst = fmax(worst, fabs(x[i] - want[i][0]));
        worst = fmax(worst, fabs(y[i] - want[i][1]));
        worst = fmax(worst, fabs(angle[i] - want[i][2]));
    }
    /* Open, the same table holds its ends: 1.25 is the end, -0.125 the start. */
    path.closed = 0;
    static const float beyond[2] = {1.25f, -0.125f};
    if (ci_path_points(b, &path, beyond, x, y, angle, 2) != CI_OK) worst = 1;
    worst = fmax(worst, fabs(x[0]) + fabs(y[0]) + fabs(angle[0] + 90) + fabs(x[1]) + fabs(y[1]) +
                            fabs(angle[1]));
    /* A NaN progress: that lane NaN, the others written, the status says so. */
    static const float with_nan[2] = {0.0625f, NAN};
    if (ci_path_points(b, &path, with_nan, x, y, angle, 2) != CI_ERR_NONFINITE_INPUT) worst = 1;
    if (!(isnan(x[1]) && isnan(y[1]) && isnan(angle[1]) && x[0] == 0.5f)) worst = 1;
    ci_path bad = path;
    bad.length = 0;
    if (ci_path_points(b, &bad, progress, x, y, angle, 7) != CI_ERR_INVALID_PARAMETER) worst = 1;
    bad = path;
    bad.bucket_count = 0;
    if (ci_path_points(b, &bad, progress, x, y, angle, 7) != CI_ERR_INVALID_PARAMETER) worst = 1;
    bad = path;
    bad.intervals = NULL;
    if (ci_path_points(b, &bad, progress, x, y, angle, 7) != CI_ERR_NULL_POINTER) worst = 1;
    if (ci_path_points(b, NULL, progress, x, y, angle, 7) != CI_ERR_NULL_POINTER) worst = 1;
    report(ci_backend_name(b), "motion path points", worst, 0);
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (int b = 0; b < CI_BACKEND_COUNT; b++)
            if (ci_backend_supported((ci_backend)b)) printf("%s\n", ci_backend_name((ci_backend)b));
        return 0;
    }
    for (int b = 0; b < CI_BACKEND_COUNT; b++) chosen[b] = argc == 1;
    for (int i = 1; i < argc; i++) {
        int b = ci_backend_from_name(argv[i]);
        if (b < 0 || !ci_backend_supported((ci_backend)b)) {
            fprintf(stderr, "conformance: %s is not a backend this machine runs (--list)\n",
                    argv[i]);
            return 2;
        }
        chosen[b] = 1;
    }
    static const char *family[] = {"",     "sine", "quad", "cubic",   "quart", "quint",
                                   "expo", "circ", "back", "elastic", "bounce"};
    static const char *direction[] = {"in", "out", "inOut"};
    for (int b = 0; b < CI_BACKEND_COUNT; b++) {
        if (!checked(b)) continue;
        char what[64];
        check_easing((ci_backend)b, (ci_curve){CI_CURVE_LINEAR, 0, 0, 0, {0}}, "linear");
        for (int k = CI_CURVE_SINE; k <= CI_CURVE_BOUNCE; k++)
            for (int d = 0; d < 3; d++) {
                snprintf(what, sizeof what, "%s %s", family[k], direction[d]);
                check_easing((ci_backend)b, (ci_curve){k, d, 0, 0, {0}}, what);
            }
        static const float beziers[][4] =
            {{0.25f, 0.1f, 0.25f, 1},     {0.42f, 0, 1, 1}, {0, 0, 0.58f, 1}, {0.42f, 0, 0.58f, 1},
             {0.68f, -0.6f, 0.32f, 1.6f}, {0, 1, 1, 0},     {1, 0, 0, 1}};
        for (size_t i = 0; i < sizeof beziers / sizeof beziers[0]; i++) {
            ci_curve c = {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {0}};
            memcpy(c.params, beziers[i], sizeof c.params);
            snprintf(what, sizeof what, "bezier(%g,%g,%g,%g)", beziers[i][0], beziers[i][1],
                     beziers[i][2], beziers[i][3]);
            check_easing((ci_backend)b, c, what);
        }
        for (int pos = 0; pos < 4; pos++)
            for (int n = 1; n <= 13; n += 3) {
                if (pos == CI_JUMP_NONE && n < 2) continue;
                snprintf(what, sizeof what, "steps(%d, %d)", n, pos);
                check_easing((ci_backend)b, (ci_curve){CI_CURVE_STEPS, 0, n, pos, {0}}, what);
            }
        /* CSS linear(): the specification's examples (canonical points), a jump, ends
         * extended beyond points inside (0, 1) and outside it, and 40 points. */
        static const float ramp[] = {0, 0, 0.5f, 0.25f, 1, 1};
        static const float late_start[] = {0.2f, 0, 0.2f, 0.5f, 1, 1};
        static const float plateau[] = {0, 0, 0.25f, 0.25f, 0.75f, 0.25f, 1, 1};
        static const float jump[] = {0, 0, 0.5f, 0, 0.5f, 1, 1, 1};
        static const float inside[] = {0.2f, 0, 0.8f, 1};
        static const float outside[] = {-0.25f, 0.5f, 0.5f, -0.2f, 1.25f, 1.5f};
        static float wavy[80];
        for (int k = 0; k < 40; k++) {
            wavy[2 * k] = (float)k / 39;
            wavy[2 * k + 1] = (float)(k / 39.0 + 0.3 * sin(k));
        }
        const struct {
            const float *points;
            int count;
            const char *name;
        } linears[] = {{ramp, 3, "linear(0, 0.25, 1)"},
                       {late_start, 3, "linear(0 20%, 0.5 10%, 1)"},
                       {plateau, 4, "linear(0, .25 25% 75%, 1)"},
                       {jump, 4, "linear() jump"},
                       {inside, 2, "linear() extended"},
                       {outside, 3, "linear() beyond [0,1]"},
                       {wavy, 40, "linear() 40 points"}};
        for (size_t i = 0; i < sizeof linears / sizeof linears[0]; i++) {
            ci_curve c = {CI_CURVE_PIECEWISE_LINEAR, 0, 0, 0, {0}, linears[i].points,
                          linears[i].count};
            check_easing((ci_backend)b, c, linears[i].name);
        }
        double worst[2] = {0, 0};
        static const double zetas[] = {0.05, 0.3,      0.825, 0.999, 0.999999,
                                       1,    1.000001, 1.001, 1.5,   3};
        static const double responses[] = {0.05, 0.15, 0.5, 1.7, 5};
        for (size_t z = 0; z < sizeof zetas / sizeof zetas[0]; z++)
            for (size_t r = 0; r < sizeof responses / sizeof responses[0]; r++)
                for (int v = -1; v <= 1; v++)
                    check_spring((ci_backend)b, 2 * PI / responses[r], zetas[z], 3.0 * v, worst);
        report(ci_backend_name((ci_backend)b), "spring value", worst[0], 1e-5);
        report(ci_backend_name((ci_backend)b), "spring velocity", worst[1], 1e-5);
        double decay_worst[2] = {0, 0};
        static const double rates[] = {0.05, 0.5, 2.0020026706730793, 10.050335853501441, 60, 900};
        static const double deltas[] = {1, -3, 0.25, 480};
        for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
            for (size_t d = 0; d < sizeof deltas / sizeof deltas[0]; d++)
                check_decay((ci_backend)b, rates[r], deltas[d], decay_worst);
        report(ci_backend_name((ci_backend)b), "decay value", decay_worst[0], 1e-6);
        report(ci_backend_name((ci_backend)b), "decay velocity", decay_worst[1], 1e-6);
        check_layers((ci_backend)b);
        check_cut_layers((ci_backend)b);
        check_item_decay((ci_backend)b);
        check_far_end_delays((ci_backend)b);
        check_visible_window((ci_backend)b);
        check_track_clamp((ci_backend)b);
        check_keep_until_start((ci_backend)b);
        check_vertical_tangent((ci_backend)b);
        check_settling((ci_backend)b);
        check_spring_states((ci_backend)b);
        check_spring_list((ci_backend)b);
        check_spring_restart((ci_backend)b);
        check_spring_restart_rows((ci_backend)b);
        check_spring_restart_rows_given((ci_backend)b);
        check_spring_restart_given((ci_backend)b);
        check_oklab_to_srgb((ci_backend)b);
        check_path((ci_backend)b);
    }
    sweep_beziers();
    check_split_runs();
    printf("%s\n", failures ? "conformance: FAILED" : "conformance: passed");
    return failures ? 1 : 0;
}

/*
 * avx512_check.c: the AVX-512 kernel (emulated by SIMDe, avx512_emulated.c) against the
 * scalar backend, for every Penner family and direction and 400 cubic-bezier curves
 * (the CSS keywords, easeInOutQuint's, and random control points with y in [-1, 2]),
 * at 20,000 progress values each. The scalar backend is checked against the published
 * definitions by conformance.c; this checks that the 16-lane instantiation computes the
 * same curves. Bound: 1e-5 plus the curve's slope times 2^-20 (the two round the
 * progress and the steps differently; bezier curves with y outside [0, 1] are steep).
 * Settling bounds and spring states (doubles, no fused operations) must be the same to
 * the bit.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dispatch_internal.h"

extern const ci_kernel_table ci_table_avx512emu;

enum { N = 20000 };
static float progress[N], scalar[N], emulated[N];

/* Worst excess over the bound (<= 0 passes) for one curve. */
static double check(const ci_curve *curve, double *worst_error) {
    ci_prepared P;
    if (ci_prepare_curve(&P, curve) != CI_OK) return 0;
    ci_table_scalar.ease(&P, progress, scalar, N);
    ci_table_avx512emu.ease(&P, progress, emulated, N);
    double excess = -1;
    for (int i = 0; i < N; i++) {
        int j = i + 1 < N ? i + 1 : i - 1;
        double slope = fabs((double)scalar[j] - scalar[i]) * (N - 1);
        double error = fabs((double)scalar[i] - emulated[i]);
        if (error > *worst_error) *worst_error = error;
        double over = error - (1e-5 + slope * 0x1p-20);
        if (over > excess) excess = over;
        if (!(error == error)) excess = 1;
    }
    return excess;
}

int main(void) {
    for (int i = 0; i < N; i++) progress[i] = (float)i / (N - 1);
    double worst = 0;
    int failures = 0;
    for (int kind = CI_CURVE_SINE; kind <= CI_CURVE_BOUNCE; kind++)
        for (int direction = CI_EASE_IN; direction <= CI_EASE_IN_OUT; direction++) {
            ci_curve curve = {0};
            curve.kind = kind;
            curve.direction = direction;
            if (check(&curve, &worst) > 0) {
                printf("avx512 (emulated): kind %d direction %d beyond the bound\n", kind,
                       direction);
                failures++;
            }
        }
    static const float named[][4] = {{0.25f, 0.1f, 0.25f, 1}, {0.42f, 0, 1, 1},
                                     {0, 0, 0.58f, 1},        {0.42f, 0, 0.58f, 1},
                                     {0.83f, 0, 0.17f, 1},    {0, 1, 1, 0}};
    unsigned seed = 1;
    for (int c = 0; c < 400; c++) {
        float p[4];
        for (int k = 0; k < 4; k++) {
            seed = seed * 1664525u + 1013904223u;
            p[k] = (float)(seed >> 8) / 16777216.0f;
        }
        p[1] = p[1] * 3 - 1;
        p[3] = p[3] * 3 - 1;
        if (c < 6)
            for (int k = 0; k < 4; k++) p[k] = named[c][k];
        ci_curve curve = {0};
        curve.kind = CI_CURVE_CUBIC_BEZIER;
        for (int k = 0; k < 4; k++) curve.params[k] = p[k];
        if (check(&curve, &worst) > 0) {
            printf("avx512 (emulated): cubic-bezier(%g, %g, %g, %g) beyond the bound\n", p[0], p[1],
                   p[2], p[3]);
            failures++;
        }
    }
    /* Settling bounds of 1000 lanes, under-damped and critically damped, mixing lanes
     * SwiftUI's figure decides with lanes searched (no span, a velocity). */
    static double delta[1000], velocity[1000], bound_scalar[1000], bound_emulated[1000];
    for (int i = 0; i < 1000; i++) {
        delta[i] = i % 3 == 0 ? 0 : (i % 2 ? -1.0 : 1.0) * (0.01 + 0.003 * i);
        velocity[i] = 20.0 * sin(0.37 * i);
    }
    for (int critical = 0; critical <= 1; critical++) {
        double lambda = critical ? 12.566370614359172 : 8.796459430051421;
        ci_settling spring = {lambda, critical ? 0 : 157.91367041742973 - lambda * lambda, 0.001};
        ci_table_scalar.settling(&spring, delta, velocity, bound_scalar, 1000);
        ci_table_avx512emu.settling(&spring, delta, velocity, bound_emulated, 1000);
        if (memcmp(bound_scalar, bound_emulated, sizeof bound_scalar) != 0) {
            printf("avx512 (emulated): settling bounds differ from scalar (critical %d)\n",
                   critical);
            failures++;
        }
    }
    /* Spring states of the same lanes (delta as the span, velocity as v0, elapsed
     * times from before the start to long after). */
    static double elapsed[1000], value_s[1000], value_e[1000], rate_s[1000], rate_e[1000];
    for (int i = 0; i < 1000; i++) elapsed[i] = -0.1 + 0.004 * i;
    ci_spring_state states = {8.796459430051421, 157.91367041742973,
                              157.91367041742973 - 8.796459430051421 * 8.796459430051421};
    ci_table_scalar.spring_state(&states, elapsed, delta, velocity, value_s, rate_s, 1000);
    ci_table_avx512emu.spring_state(&states, elapsed, delta, velocity, value_e, rate_e, 1000);
    if (memcmp(value_s, value_e, sizeof value_s) != 0 ||
        memcmp(rate_s, rate_e, sizeof rate_s) != 0) {
        printf("avx512 (emulated): spring states differ from scalar\n");
        failures++;
    }
    /* Points along a path whose rows are cubics (a quarter turn in two rows), at
     * progress across it and beyond both ends, wrapped round. */
    static const float rows[2 * CI_PATH_ROW] = {
        0,  0.1f, 0,  10, 0.5f, -0.25f, 0,  0,  3,    -1, 0,  45, -3, 1,
        10, 0.1f, 10, 9,  -1,   0.25f,  10, 10, 0.5f, -1, 45, 45, 2,  -1,
    };
    static const uint32_t buckets[4] = {0, 0, 1, 1};
    ci_path path = {rows, buckets, 2, 4, 20, 0.2f, 1};
    static float progress[1000], px_s[1000], px_e[1000], py_s[1000], py_e[1000], pa_s[1000],
        pa_e[1000];
    for (int i = 0; i < 1000; i++) progress[i] = -1.5f + 0.0041f * (float)i;
    ci_table_scalar.path(&path, progress, px_s, py_s, pa_s, 1000);
    ci_table_avx512emu.path(&path, progress, px_e, py_e, pa_e, 1000);
    if (memcmp(px_s, px_e, sizeof px_s) != 0 || memcmp(py_s, py_e, sizeof py_s) != 0 ||
        memcmp(pa_s, pa_e, sizeof pa_s) != 0) {
        printf("avx512 (emulated): path points differ from scalar\n");
        failures++;
    }
    printf("avx512 (emulated) vs scalar: worst %.3g, %s\n", worst, failures ? "FAILED" : "passed");
    return failures != 0;
}

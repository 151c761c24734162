/* harness.c: the calls scripts/estimate-arm64 traces under qemu-aarch64, through the
 * public API with the inputs and curves of Benchmarks/bench_main.cc (same names), so the
 * loops estimated are the ones the benchmarks time, on the path their data takes.
 *
 *   harness OPERATION BACKEND COUNT CALLS    (BACKEND: neon or scalar; CALLS >= 2: the
 *   second is traced, warm)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cinterp.h"

static ci_curve curve(int kind, int direction, float a, float b, float c, float d) {
    ci_curve k;
    memset(&k, 0, sizeof k);
    k.kind = kind;
    k.direction = direction;
    k.params[0] = a;
    k.params[1] = b;
    k.params[2] = c;
    k.params[3] = d;
    return k;
}

/* Called before each call and after the last: the trace between two marks is one call. */
__attribute__((noinline)) void estimate_mark(void) { __asm__ volatile("" ::: "memory"); }

int main(int argc, char **argv) {
    if (argc != 5) return 2;
    const char *operation = argv[1];
    int backend = ci_backend_from_name(argv[2]);
    size_t n = (size_t)atol(argv[3]);
    int calls = atoi(argv[4]);
    if (backend < 0 || !ci_backend_supported((ci_backend)backend) || n == 0) return 2;
    float *progress = malloc(n * sizeof *progress), *time = malloc(n * sizeof *time);
    float *out[3] = {malloc(n * sizeof(float)), malloc(n * sizeof(float)),
                     malloc(n * sizeof(float))};
    /* The benchmarks' low-discrepancy inputs, by addition (fmod would fill the trace). */
    double u = 0.0;
    for (size_t i = 0; i < n; i++) {
        progress[i] = (float)u;
        time[i] = (float)(2.0 * u);
        u += 0.61803398874989484820;
        if (u >= 1.0) u -= 1.0;
    }
    /* Under-damped spring: response 0.5 s, damping 0.5. */
    const ci_curve spring =
        curve(CI_CURVE_SPRING, 0, (float)(4 * 3.14159265358979323846), 0.5f, 1.0f, 0.0f);
    const ci_curve ease = curve(CI_CURVE_CUBIC_BEZIER, 0, 0.25f, 0.1f, 0.25f, 1.0f);
    const ci_curve cubic = curve(CI_CURVE_CUBIC, CI_EASE_IN_OUT, 0, 0, 0, 0);
    const ci_curve sine = curve(CI_CURVE_SINE, CI_EASE_IN_OUT, 0, 0, 0, 0);
    /* sample_3tracks_cubic: at t = 1 s item i waits 1.5 s * i / n, easings last 0.5 s. */
    ci_list_delays list;
    memset(&list, 0, sizeof list);
    list.slope = 1.5 / (double)n;
    list.max_delay = INFINITY;
    list.window_end = (double)n;
    list.outside = CI_OUTSIDE_IMMEDIATE;
    ci_sample_request r;
    memset(&r, 0, sizeof r);
    r.time = 1.0;
    r.duration = 0.5;
    r.list = &list;
    r.to = 1.0f;
    const ci_track tracks[3] = {{0.0f, 1.0f}, {-40.0f, 0.0f}, {0.5f, 1.0f}};
    int status = 0;
    for (int c = 0; c < calls; c++) {
        ci_backend b = (ci_backend)backend;
        estimate_mark();
        if (!strcmp(operation, "spring_under"))
            status |= ci_spring(b, &spring, time, out[0], NULL, n);
        else if (!strcmp(operation, "bezier_ease"))
            status |= ci_ease(b, &ease, progress, out[0], n);
        else if (!strcmp(operation, "cubic_inout"))
            status |= ci_ease(b, &cubic, progress, out[0], n);
        else if (!strcmp(operation, "sine_inout")) status |= ci_ease(b, &sine, progress, out[0], n);
        else if (!strcmp(operation, "sample_3tracks_cubic"))
            status |= ci_sample(b, &cubic, &r, tracks, 3, out, NULL, NULL, n);
        else return 2;
    }
    estimate_mark();
    return status != CI_OK;
}

/*
 * small_stack.c: every kernel loop on every backend, built without optimisation (as
 * SwiftPM's debug builds compile the kernel) and run on a thread with a 256 KiB stack.
 * Unoptimised code keeps a stack slot per inlined copy of every helper; the sampling
 * loop once needed 8.6 MB of stack that way and crashed debug builds. A crash here is
 * the failure; the statuses are checked too.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cinterp.h"

enum { N = 3000 };
static float in[N], out[N], extra[N], tracks_out[3][N], from[N], to[N], speed[N];
static int failures = 0;

static void expect_ok(ci_status status, const char *what, ci_backend b) {
    if (status == CI_OK) return;
    printf("small stack: %s on %s: status %d\n", what, ci_backend_name(b), (int)status);
    failures++;
}

static void *run(void *unused) {
    (void)unused;
    const ci_curve curves[] = {
        {CI_CURVE_LINEAR, 0, 0, 0, {0}},
        {CI_CURVE_ELASTIC, CI_EASE_IN_OUT, 0, 0, {0}},
        {CI_CURVE_SINE, CI_EASE_OUT, 0, 0, {0}},
        {CI_CURVE_CUBIC_BEZIER, 0, 0, 0, {0.25f, 0.1f, 0.25f, 1}},
        {CI_CURVE_STEPS, 0, 5, CI_JUMP_END, {0}},
        {CI_CURVE_SPRING, 0, 0, 0, {9, 0.5f, 1, 0}},
        {CI_CURVE_SPRING, 0, 0, 0, {9, 1, 1, 0}},
        {CI_CURVE_SPRING, 0, 0, 0, {9, 2, 1, 0}},
        {CI_CURVE_DECAY, 0, 0, 0, {4, 0, 1, 0}},
    };
    for (int i = 0; i < N; i++) {
        in[i] = (float)i / N;
        from[i] = 0;
        to[i] = 1;
        speed[i] = 0;
    }
    for (int b = 0; b < CI_BACKEND_COUNT; b++) {
        if (!ci_backend_supported((ci_backend)b)) continue;
        for (size_t c = 0; c < sizeof curves / sizeof curves[0]; c++) {
            const ci_curve *curve = &curves[c];
            expect_ok(ci_over_time((ci_backend)b, curve, 0.5, in, out, N), "ci_over_time",
                      (ci_backend)b);
            ci_list_delays list = {0, 0, 0.5 / N, N / 2.0, INFINITY, 0, N, CI_OUTSIDE_IMMEDIATE, 0};
            ci_sample_request r = {0};
            r.time = 0.5;
            r.duration = 0.4;
            r.list = &list;
            r.to = 1;
            const ci_track tracks[3] = {{0, 1}, {20, 0}, {0.95f, 1}};
            float *outputs[3] = {tracks_out[0], tracks_out[1], tracks_out[2]};
            expect_ok(ci_sample((ci_backend)b, curve, &r, tracks, 3, outputs, out, extra, N),
                      "ci_sample (list)", (ci_backend)b);
            ci_sample_request items = {0};
            items.time = 0.5;
            items.duration = 0.4;
            items.item_start = in;
            items.item_from = from;
            items.item_to = to;
            items.item_velocity = speed;
            expect_ok(ci_sample((ci_backend)b, curve, &items, tracks, 3, outputs, out, extra, N),
                      "ci_sample (items)", (ci_backend)b);
        }
    }
    return NULL;
}

int main(void) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 256 * 1024);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, run, NULL) != 0) {
        printf("small stack: no thread\n");
        return 1;
    }
    pthread_join(thread, NULL);
    printf("%s\n", failures ? "small stack: FAILED" : "small stack: passed");
    return failures ? 1 : 0;
}

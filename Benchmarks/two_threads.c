/*
 * two_threads.c: how well one frame of a long list splits over two threads, measured
 * apart from what the operating system adds.
 *
 * One pass samples 1,000,000 staggered springs into 3 tracks (two thirds of the items
 * started and moving, the rest waiting), cut into 32 chunks that threads take from an atomic counter, each chunk one
 * ci_sample call on its items (index_base), as StaggeredList's split does. Three ways:
 *   one thread      the calling thread takes every chunk;
 *   spinning        a helper already running (spinning on a generation counter) takes
 *                   chunks beside it: the split's own parallel efficiency;
 *   waking          the helper sleeps on a condition variable and is signalled per
 *                   pass: the wall clock a frame pays when the second core is idle.
 * Prints a Markdown table: per pass the minimum and median of PASSES passes, the speed-up
 * over one thread and the efficiency (the minimums' speed-up / 2).
 *
 *   stagger-two-threads [passes]      (default 200; the best backend this CPU runs)
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cinterp.h"

enum { ITEMS = 1000000, CHUNKS = 32, TRACKS = 3 };

static float *outputs[TRACKS];
static ci_curve spring_curve;
static ci_backend backend;
static int next_chunk, chunks_done; /* __atomic builtins: C99 has no <stdatomic.h> */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void sample_chunk(int k) {
    const size_t per = (ITEMS + CHUNKS - 1) / CHUNKS, first = (size_t)k * per;
    const size_t count = first + per <= ITEMS ? per : ITEMS - first;
    ci_list_delays list;
    memset(&list, 0, sizeof list);
    list.slope = 1.5 / ITEMS; /* the last item starts 1.5 s in */
    list.max_delay = INFINITY;
    list.window_start = 0;
    list.window_end = ITEMS;
    list.outside = CI_OUTSIDE_IMMEDIATE;
    ci_sample_request r;
    memset(&r, 0, sizeof r);
    r.time = 1.0;
    r.list = &list;
    r.index_base = first;
    r.from = 0.0f;
    r.to = 1.0f;
    const ci_track tracks[TRACKS] = {{0.0f, 1.0f}, {-40.0f, 0.0f}, {0.5f, 1.0f}};
    float *chunk[TRACKS];
    for (int t = 0; t < TRACKS; t++) chunk[t] = outputs[t] + first;
    if (ci_sample(backend, &spring_curve, &r, tracks, TRACKS, chunk, NULL, NULL, count) != CI_OK) {
        fprintf(stderr, "two_threads: ci_sample failed\n");
        exit(1);
    }
}

/* Takes chunks until none is left. */
static void work(void) {
    for (;;) {
        int k = __atomic_fetch_add(&next_chunk, 1, __ATOMIC_RELAXED);
        if (k >= CHUNKS) return;
        sample_chunk(k);
        __atomic_fetch_add(&chunks_done, 1, __ATOMIC_RELEASE);
    }
}

/* The helper: waits for a new generation (spinning or asleep), then works. */
static int generation, stop, sleeping_mode;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;

static void *helper(void *unused) {
    (void)unused;
    int seen = 0;
    for (;;) {
        if (sleeping_mode) {
            pthread_mutex_lock(&lock);
            while (generation == seen && !stop) pthread_cond_wait(&wake, &lock);
            pthread_mutex_unlock(&lock);
        } else {
            while (__atomic_load_n(&generation, __ATOMIC_ACQUIRE) == seen &&
                   !__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
            }
        }
        if (__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) return NULL;
        seen = __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
        work();
    }
}

/* One pass with `helpers` helpers (0 or 1) in the current mode: seconds. */
static double pass(int helpers) {
    double start = now_seconds();
    /* The done count first: a helper still looping from the last pass may take chunk 0
     * as soon as next_chunk is 0, and its count must not be reset after it. */
    __atomic_store_n(&chunks_done, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&next_chunk, 0, __ATOMIC_RELEASE);
    if (helpers) {
        pthread_mutex_lock(&lock);
        __atomic_add_fetch(&generation, 1, __ATOMIC_RELEASE);
        pthread_cond_signal(&wake);
        pthread_mutex_unlock(&lock);
    }
    work();
    while (__atomic_load_n(&chunks_done, __ATOMIC_ACQUIRE) < CHUNKS) {
    }
    return now_seconds() - start;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Minimum and median of `passes` passes. */
static void measure(int helpers, int passes, double *best, double *median) {
    double *times = malloc(sizeof(double) * (size_t)passes);
    for (int i = 0; i < 5; i++) pass(helpers); /* warm the pages and the caches */
    for (int i = 0; i < passes; i++) times[i] = pass(helpers);
    qsort(times, (size_t)passes, sizeof(double), by_value);
    *best = times[0];
    *median = times[passes / 2];
    free(times);
}

int main(int argc, char **argv) {
    int passes = argc > 1 ? atoi(argv[1]) : 200;
    if (passes < 1) passes = 1;
    for (int t = 0; t < TRACKS; t++) outputs[t] = calloc(ITEMS, sizeof(float));
    memset(&spring_curve, 0, sizeof spring_curve);
    spring_curve.kind = CI_CURVE_SPRING;
    spring_curve.params[0] = 2 * 3.141592653589793 / 0.5; /* omega0: a 0.5 s response */
    spring_curve.params[1] = 0.7;                          /* damping fraction */
    spring_curve.params[2] = 1.0;
    backend = ci_active_backend();

    double one_best, one_median, spin_best, spin_median, wake_best, wake_median;
    measure(0, passes, &one_best, &one_median);
    pthread_t thread;
    sleeping_mode = 0;
    pthread_create(&thread, NULL, helper, NULL);
    measure(1, passes, &spin_best, &spin_median);
    __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
    pthread_join(thread, NULL);
    stop = 0;
    generation = 0;
    sleeping_mode = 1;
    pthread_create(&thread, NULL, helper, NULL);
    measure(1, passes, &wake_best, &wake_median);
    pthread_mutex_lock(&lock);
    __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&lock);
    pthread_join(thread, NULL);

    printf("%d items x %d tracks (springs), %d chunks, backend %s, %d passes each\n\n", ITEMS,
           TRACKS, CHUNKS, ci_backend_name(backend), passes);
    printf(
        "| threads | per pass, min (median) | speed-up over one, min (median) | efficiency (min) |\n");
    printf("|---|---:|---:|---:|\n");
    printf("| one | %.0f us (%.0f) | | |\n", 1e6 * one_best, 1e6 * one_median);
    printf("| two, helper spinning | %.0f us (%.0f) | %.2fx (%.2fx) | %.0f %% |\n", 1e6 * spin_best,
           1e6 * spin_median, one_best / spin_best, one_median / spin_median,
           50 * one_best / spin_best);
    printf("| two, helper woken per pass | %.0f us (%.0f) | %.2fx (%.2fx) | %.0f %% |\n",
           1e6 * wake_best, 1e6 * wake_median, one_best / wake_best, one_median / wake_median,
           50 * one_best / wake_best);
    for (int t = 0; t < TRACKS; t++) free(outputs[t]);
    return 0;
}

/*
 * peers.h: the other implementations the kernel is measured against, all behind one
 * table so the benchmark binary runs them like a backend.
 *
 * Every peer evaluates the same formulas over the same float32 inputs:
 *   spring_under   x = 1 - e^(-lambda t) (cos(omega t) + (lambda / omega) sin(omega t))
 *                  (under-damped unit spring: delta 1, v0 0), t in seconds;
 *   sine_inout     0.5 - 0.5 cos(pi p);
 *   expo_inout     p < 1/2 ? 2^(20p - 10) / 2 : 1 - 2^(10 - 20p) / 2, 0 at 0, 1 at 1;
 *   elastic_inout  p < 1/2 ? -2^(20p - 10) sin((20p - 11.125) c5) / 2
 *                          : 2^(10 - 20p) sin((20p - 11.125) c5) / 2 + 1,
 *                  c5 = 2 pi / 4.5, 0 at 0, 1 at 1 (Penner, as easings.net writes them);
 *   bezier_ease    CSS `ease`, cubic-bezier(0.25, 0.1, 0.25, 1) (only the scalar peer: the
 *                  vector libraries have no curve solver; NULL elsewhere).
 * Counts are multiples of 16 here; each peer still finishes any tail with libm.
 */
#ifndef STAGGER_BENCH_PEERS_H
#define STAGGER_BENCH_PEERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*peer_spring_fn)(const float *time, float *value, size_t n, float lambda, float omega,
                               float ratio);
typedef void (*peer_ease_fn)(const float *progress, float *value, size_t n);

typedef struct peer_table {
    const char *name;  /* replaces the backend in BM_<operation>/<name>/<count> */
    int lanes;         /* 1, 8 or 16 */
    int needs_backend; /* the ci_backend whose ISA it needs (ci_backend_supported) */
    peer_spring_fn spring_under;
    peer_ease_fn sine_inout, expo_inout, elastic_inout;
    peer_ease_fn bezier_ease; /* may be NULL */
} peer_table;

extern const peer_table peer_libm;
extern const peer_table peer_libmvec_avx2, peer_libmvec_avx512;
extern const peer_table peer_sleef_avx2, peer_sleef_avx512;
#ifdef STAGGER_BENCH_HWY
extern const peer_table peer_hwy_avx2, peer_hwy_avx512;
#endif

/* Memory floors (floors.c): the same bytes with no arithmetic. */
void floor_store_avx2(float *out, size_t n, float value);
void floor_store_avx512(float *out, size_t n, float value);
void floor_store_memset(float *out, size_t n, float value);
void floor_copy_avx2(const float *in, float *out, size_t n);
void floor_copy_avx512(const float *in, float *out, size_t n);
void floor_copy_memcpy(const float *in, float *out, size_t n);

/* Heap allocations so far (alloc_hook.c counts malloc, calloc, realloc and the
 * aligned forms of the whole process). */
unsigned long bench_allocations(void);

#ifdef __cplusplus
}
#endif

#endif

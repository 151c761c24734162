/* peer_libmvec.c: glibc's vector math (libmvec). Compiled by gcc with -O3 -ffast-math
 * -fopenmp-simd once per ISA (PEER_ISA avx2 or avx512, with the matching -m flags), so
 * that the `#pragma omp simd` loops below call libmvec's _ZGV* variants of expf, sinf,
 * cosf and exp2f (scripts/benchmarks checks the object files for those symbols).
 * Branches are written as selects so every lane takes the same path.
 *
 * Each ISA is compiled in two parts. PEER_PART_SPRING: the spring, with
 * -fno-builtin-sinf -fno-builtin-cosf, else gcc fuses sinf and cosf of one argument
 * into a scalar sincosf call and the loop no longer vectorizes. The easings: without
 * those flags, since a call that is not a known builtin blocks if-conversion of the
 * selects and so vectorization (the elastic loop). */
#include "peers.h"
#include "cinterp.h"
#include <math.h>

#define PEER_PI 3.14159265358979f
#define PEER_C5 1.3962634015954636f

#if defined(__AVX512F__)
#define PEER_LANES 16
#define PEER_BACKEND CI_BACKEND_AVX512
#elif defined(__AVX2__) && defined(__FMA__)
#define PEER_LANES 8
#define PEER_BACKEND CI_BACKEND_AVX2
#else
#error "compile with -mavx2 -mfma or -mavx512f"
#endif

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define TABLE CAT(peer_libmvec_, PEER_ISA)
#define FN(name) CAT(CAT(libmvec_, PEER_ISA), CAT(_, name))

#if defined(PEER_PART_SPRING)
void FN(spring_under)(const float *restrict t, float *restrict x, size_t n, float lambda,
                      float omega, float ratio) {
#pragma omp simd
    for (size_t i = 0; i < n; i++) {
        float w = omega * t[i];
        x[i] = 1.0f - expf(-lambda * t[i]) * (cosf(w) + ratio * sinf(w));
    }
}

#else
void FN(spring_under)(const float *restrict t, float *restrict x, size_t n, float lambda,
                      float omega, float ratio);

static void FN(sine_inout)(const float *restrict p, float *restrict y, size_t n) {
#pragma omp simd
    for (size_t i = 0; i < n; i++) y[i] = 0.5f - 0.5f * cosf(PEER_PI * p[i]);
}

static void FN(expo_inout)(const float *restrict p, float *restrict y, size_t n) {
#pragma omp simd
    for (size_t i = 0; i < n; i++) {
        float q = p[i];
        int lo = q < 0.5f;
        float x = 20.0f * q - 10.0f;
        float h = 0.5f * exp2f(-fabsf(x));
        float r = lo ? h : 1.0f - h;
        r = q == 0.0f ? 0.0f : r;
        y[i] = q == 1.0f ? 1.0f : r;
    }
}

static void FN(elastic_inout)(const float *restrict p, float *restrict y, size_t n) {
#pragma omp simd
    for (size_t i = 0; i < n; i++) {
        float q = p[i];
        int lo = q < 0.5f;
        float x = 20.0f * q - 10.0f;
        /* lo ? x : -x is -|x| (x < 0 exactly when q < 1/2). */
        float h = 0.5f * exp2f(-fabsf(x)) * sinf((20.0f * q - 11.125f) * PEER_C5);
        float r = lo ? -h : h + 1.0f;
        r = q == 0.0f ? 0.0f : r;
        y[i] = q == 1.0f ? 1.0f : r;
    }
}

#define STR2(x) #x
#define STR(x) STR2(x)
/* clang-format off */
const peer_table TABLE = {"libmvec-" STR(PEER_ISA), PEER_LANES, PEER_BACKEND,
                          FN(spring_under), FN(sine_inout), FN(expo_inout),
                          FN(elastic_inout)};
/* clang-format on */
#endif

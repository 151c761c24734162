/* floors.c: the memory floor, the same bytes as a kernel pass with no arithmetic: a
 * store-only pass (what a pass that computes from an index writes) and a copy pass
 * (what a pass from one float array to another moves), with plain vector loads and
 * stores of the kernel's widths, and glibc's memset / memcpy (which may switch to
 * non-temporal stores on large sizes). Built with -fno-builtin so the loops are not
 * turned into library calls. */
#include <immintrin.h>
#include <string.h>
#include "peers.h"

__attribute__((target("avx2"))) void floor_store_avx2(float *out, size_t n, float value) {
    const __m256 v = _mm256_set1_ps(value);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, v);
    for (; i < n; i++) out[i] = value;
}

__attribute__((target("avx512f"))) void floor_store_avx512(float *out, size_t n, float value) {
    const __m512 v = _mm512_set1_ps(value);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) _mm512_storeu_ps(out + i, v);
    for (; i < n; i++) out[i] = value;
}

void floor_store_memset(float *out, size_t n, float value) {
    (void)value;
    memset(out, 0, n * sizeof *out);
}

__attribute__((target("avx2"))) void floor_copy_avx2(const float *in, float *out, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, _mm256_loadu_ps(in + i));
    for (; i < n; i++) out[i] = in[i];
}

__attribute__((target("avx512f"))) void floor_copy_avx512(const float *in, float *out, size_t n) {
    size_t i = 0;
    for (; i + 16 <= n; i += 16) _mm512_storeu_ps(out + i, _mm512_loadu_ps(in + i));
    for (; i < n; i++) out[i] = in[i];
}

void floor_copy_memcpy(const float *in, float *out, size_t n) { memcpy(out, in, n * sizeof *out); }

/* peer_sleef.c: SLEEF 3.5 (Debian libsleef-dev), compiled once per ISA (-mavx2 -mfma or
 * -mavx512f), calling the ISA-suffixed functions directly (no dispatcher): expf u10
 * (the only accuracy SLEEF 3.5 has for it), sincosf / sinf / cosf / exp2f u35 (the
 * fastest; 3.5 ulp). Counts are multiples of the width here; tails go through libm. */
#include <immintrin.h>
#include <sleef.h>
#include "peers.h"
#include "peer_scalar.h"
#include "cinterp.h"

#if defined(__AVX512F__)
#define PEER_NAME "sleef-avx512"
#define TABLE peer_sleef_avx512
#define PEER_LANES 16
#define PEER_BACKEND CI_BACKEND_AVX512
typedef __m512 V;
typedef __mmask16 M;
#define set1 _mm512_set1_ps
#define loadu _mm512_loadu_ps
#define storeu _mm512_storeu_ps
#define mul _mm512_mul_ps
#define add _mm512_add_ps
#define sub _mm512_sub_ps
#define fma _mm512_fmadd_ps
#define fnma _mm512_fnmadd_ps
#define lt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)
#define eq(a, b) _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ)
#define select(m, t, f) _mm512_mask_blend_ps(m, f, t)
#define vexp Sleef_expf16_u10avx512f
#define vexp2 Sleef_exp2f16_u35avx512f
#define vsin Sleef_sinf16_u35avx512f
#define vcos Sleef_cosf16_u35avx512f
#define vsincos Sleef_sincosf16_u35avx512f
#define FN(name) sleef_avx512_##name
#elif defined(__AVX2__) && defined(__FMA__)
#define PEER_NAME "sleef-avx2"
#define TABLE peer_sleef_avx2
#define PEER_LANES 8
#define PEER_BACKEND CI_BACKEND_AVX2
typedef __m256 V;
typedef __m256 M;
#define set1 _mm256_set1_ps
#define loadu _mm256_loadu_ps
#define storeu _mm256_storeu_ps
#define mul _mm256_mul_ps
#define add _mm256_add_ps
#define sub _mm256_sub_ps
#define fma _mm256_fmadd_ps
#define fnma _mm256_fnmadd_ps
#define lt(a, b) _mm256_cmp_ps(a, b, _CMP_LT_OQ)
#define eq(a, b) _mm256_cmp_ps(a, b, _CMP_EQ_OQ)
#define select(m, t, f) _mm256_blendv_ps(f, t, m)
#define vexp Sleef_expf8_u10avx2
#define vexp2 Sleef_exp2f8_u35avx2
#define vsin Sleef_sinf8_u35avx2
#define vcos Sleef_cosf8_u35avx2
#define vsincos Sleef_sincosf8_u35avx2
#define FN(name) sleef_avx2_##name
#else
#error "compile with -mavx2 -mfma or -mavx512f"
#endif
#define W PEER_LANES

static void FN(spring_under)(const float *t, float *x, size_t n, float lambda, float omega,
                             float ratio) {
    const V nl = set1(-lambda), om = set1(omega), r = set1(ratio), one = set1(1.0f);
    size_t i = 0;
    for (; i + W <= n; i += W) {
        V tt = loadu(t + i);
        V e = vexp(mul(nl, tt));
        /* SLEEF's sincos returns the pair: x = sin, y = cos. */
        __typeof__(vsincos(tt)) sc = vsincos(mul(om, tt));
        storeu(x + i, fnma(e, fma(r, sc.x, sc.y), one));
    }
    for (; i < n; i++) x[i] = peer_scalar_spring_under(t[i], lambda, omega, ratio);
}

static void FN(sine_inout)(const float *p, float *y, size_t n) {
    const V half = set1(0.5f), pi = set1(PEER_PI);
    size_t i = 0;
    for (; i + W <= n; i += W) storeu(y + i, fnma(half, vcos(mul(pi, loadu(p + i))), half));
    for (; i < n; i++) y[i] = peer_scalar_sine_inout(p[i]);
}

static void FN(expo_inout)(const float *p, float *y, size_t n) {
    const V half = set1(0.5f), one = set1(1.0f), zero = set1(0.0f);
    size_t i = 0;
    for (; i + W <= n; i += W) {
        V q = loadu(p + i);
        M lo = lt(q, half);
        V x = fma(q, set1(20.0f), set1(-10.0f));
        V h = mul(half, vexp2(select(lo, x, sub(zero, x))));
        V r = select(lo, h, sub(one, h));
        r = select(eq(q, zero), zero, r);
        storeu(y + i, select(eq(q, one), one, r));
    }
    for (; i < n; i++) y[i] = peer_scalar_expo_inout(p[i]);
}

static void FN(elastic_inout)(const float *p, float *y, size_t n) {
    const V half = set1(0.5f), one = set1(1.0f), zero = set1(0.0f);
    size_t i = 0;
    for (; i + W <= n; i += W) {
        V q = loadu(p + i);
        M lo = lt(q, half);
        V x = fma(q, set1(20.0f), set1(-10.0f));
        V s = vsin(mul(fma(q, set1(20.0f), set1(-11.125f)), set1(PEER_C5)));
        V h = mul(mul(half, vexp2(select(lo, x, sub(zero, x)))), s);
        V r = select(lo, sub(zero, h), add(h, one));
        r = select(eq(q, zero), zero, r);
        storeu(y + i, select(eq(q, one), one, r));
    }
    for (; i < n; i++) y[i] = peer_scalar_elastic_inout(p[i]);
}

/* clang-format off */
const peer_table TABLE = {PEER_NAME, PEER_LANES, PEER_BACKEND, FN(spring_under),
                          FN(sine_inout), FN(expo_inout), FN(elastic_inout)};
/* clang-format on */

// peer_hwy.cc: Highway 1.0.3's contrib/math (Debian libhwy-dev), compiled once per
// static target: -march=haswell -maes gives HWY_AVX2, -march=skylake-avx512 -maes gives
// HWY_AVX3 (clang leaves AES out of haswell; Highway 1.0.3 wants it on x86). It runs on
// the full native vector (ScalableTag<float>). Highway 1.0.3 has Exp, Sin and Cos (no
// Exp2, no SinCos): 2^x is Exp(x ln 2) and the spring calls Sin and Cos.
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include "cinterp.h"
#include "peers.h"
#include "peer_scalar.h"

namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET == HWY_AVX3
#define PEER_NAME "hwy-avx512"
#define TABLE peer_hwy_avx512
#define PEER_BACKEND CI_BACKEND_AVX512
#define FN(name) hwy_avx512_##name
#elif HWY_TARGET == HWY_AVX2
#define PEER_NAME "hwy-avx2"
#define TABLE peer_hwy_avx2
#define PEER_BACKEND CI_BACKEND_AVX2
#define FN(name) hwy_avx2_##name
#else
#error "compile with -march=haswell (HWY_AVX2) or -march=skylake-avx512 (HWY_AVX3)"
#endif

namespace {

using D = hn::ScalableTag<float>;
constexpr float kLn2 = 0.69314718055994531f;

void FN(spring_under)(const float *t, float *x, size_t n, float lambda, float omega,
                      float ratio) {
    const D d;
    const size_t N = hn::Lanes(d);
    const auto nl = hn::Set(d, -lambda), om = hn::Set(d, omega), r = hn::Set(d, ratio);
    const auto one = hn::Set(d, 1.0f);
    size_t i = 0;
    for (; i + N <= n; i += N) {
        const auto tt = hn::LoadU(d, t + i);
        const auto e = hn::Exp(d, hn::Mul(nl, tt));
        const auto w = hn::Mul(om, tt);
        const auto s = hn::Sin(d, w), c = hn::Cos(d, w);
        hn::StoreU(hn::NegMulAdd(e, hn::MulAdd(r, s, c), one), d, x + i);
    }
    for (; i < n; i++) x[i] = peer_scalar_spring_under(t[i], lambda, omega, ratio);
}

void FN(sine_inout)(const float *p, float *y, size_t n) {
    const D d;
    const size_t N = hn::Lanes(d);
    const auto half = hn::Set(d, 0.5f), pi = hn::Set(d, PEER_PI);
    size_t i = 0;
    for (; i + N <= n; i += N)
        hn::StoreU(hn::NegMulAdd(half, hn::Cos(d, hn::Mul(pi, hn::LoadU(d, p + i))), half),
                   d, y + i);
    for (; i < n; i++) y[i] = peer_scalar_sine_inout(p[i]);
}

void FN(expo_inout)(const float *p, float *y, size_t n) {
    const D d;
    const size_t N = hn::Lanes(d);
    const auto half = hn::Set(d, 0.5f), one = hn::Set(d, 1.0f), zero = hn::Zero(d);
    size_t i = 0;
    for (; i + N <= n; i += N) {
        const auto q = hn::LoadU(d, p + i);
        const auto lo = hn::Lt(q, half);
        const auto x = hn::MulAdd(q, hn::Set(d, 20.0f), hn::Set(d, -10.0f));
        const auto arg = hn::Mul(hn::IfThenElse(lo, x, hn::Neg(x)), hn::Set(d, kLn2));
        const auto h = hn::Mul(half, hn::Exp(d, arg));
        auto r = hn::IfThenElse(lo, h, hn::Sub(one, h));
        r = hn::IfThenElse(hn::Eq(q, zero), zero, r);
        hn::StoreU(hn::IfThenElse(hn::Eq(q, one), one, r), d, y + i);
    }
    for (; i < n; i++) y[i] = peer_scalar_expo_inout(p[i]);
}

void FN(elastic_inout)(const float *p, float *y, size_t n) {
    const D d;
    const size_t N = hn::Lanes(d);
    const auto half = hn::Set(d, 0.5f), one = hn::Set(d, 1.0f), zero = hn::Zero(d);
    size_t i = 0;
    for (; i + N <= n; i += N) {
        const auto q = hn::LoadU(d, p + i);
        const auto lo = hn::Lt(q, half);
        const auto x = hn::MulAdd(q, hn::Set(d, 20.0f), hn::Set(d, -10.0f));
        const auto arg = hn::Mul(hn::IfThenElse(lo, x, hn::Neg(x)), hn::Set(d, kLn2));
        const auto s = hn::Sin(d, hn::Mul(hn::MulAdd(q, hn::Set(d, 20.0f),
                                                     hn::Set(d, -11.125f)),
                                          hn::Set(d, PEER_C5)));
        const auto h = hn::Mul(hn::Mul(half, hn::Exp(d, arg)), s);
        auto r = hn::IfThenElse(lo, hn::Neg(h), hn::Add(h, one));
        r = hn::IfThenElse(hn::Eq(q, zero), zero, r);
        hn::StoreU(hn::IfThenElse(hn::Eq(q, one), one, r), d, y + i);
    }
    for (; i < n; i++) y[i] = peer_scalar_elastic_inout(p[i]);
}

}  // namespace

extern "C" const peer_table TABLE = {PEER_NAME, static_cast<int>(hn::Lanes(D())),
                                     PEER_BACKEND, FN(spring_under), FN(sine_inout),
                                     FN(expo_inout), FN(elastic_inout)};

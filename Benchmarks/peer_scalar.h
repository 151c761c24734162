/* peer_scalar.h: the peer formulas (see peers.h) for one float with libm, used by the
 * scalar libm peer and for the tail of the vector peers. */
#ifndef STAGGER_BENCH_PEER_SCALAR_H
#define STAGGER_BENCH_PEER_SCALAR_H

#include <math.h>

#define PEER_PI 3.14159265358979f
#define PEER_C5 1.3962634015954636f /* 2 pi / 4.5 */

static inline float peer_scalar_spring_under(float t, float lambda, float omega,
                                             float ratio) {
    float w = omega * t;
    return 1.0f - expf(-lambda * t) * (cosf(w) + ratio * sinf(w));
}

static inline float peer_scalar_sine_inout(float p) {
    return 0.5f - 0.5f * cosf(PEER_PI * p);
}

static inline float peer_scalar_expo_inout(float p) {
    if (p == 0.0f) return 0.0f;
    if (p == 1.0f) return 1.0f;
    if (p < 0.5f) return 0.5f * exp2f(20.0f * p - 10.0f);
    return 1.0f - 0.5f * exp2f(10.0f - 20.0f * p);
}

static inline float peer_scalar_elastic_inout(float p) {
    if (p == 0.0f) return 0.0f;
    if (p == 1.0f) return 1.0f;
    float s = sinf((20.0f * p - 11.125f) * PEER_C5);
    if (p < 0.5f) return -0.5f * exp2f(20.0f * p - 10.0f) * s;
    return 0.5f * exp2f(10.0f - 20.0f * p) * s + 1.0f;
}

#endif

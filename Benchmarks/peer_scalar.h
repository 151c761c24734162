/* peer_scalar.h: the peer formulas (see peers.h) for one float with libm, used by the
 * scalar libm peer and for the tail of the vector peers. */
#ifndef STAGGER_BENCH_PEER_SCALAR_H
#define STAGGER_BENCH_PEER_SCALAR_H

#include <math.h>

#define PEER_PI 3.14159265358979f
#define PEER_C5 1.3962634015954636f /* 2 pi / 4.5 */

static inline float peer_scalar_spring_under(float t, float lambda, float omega, float ratio) {
    float w = omega * t;
    return 1.0f - expf(-lambda * t) * (cosf(w) + ratio * sinf(w));
}

static inline float peer_scalar_sine_inout(float p) { return 0.5f - 0.5f * cosf(PEER_PI * p); }

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

/* CSS cubic-bezier(x1, y1, x2, y2) the way browser engines solve it, one value at a
 * time: Newton's method on x(t) = p from t = p (at most 8 steps, while the slope is
 * usable), bisection when that does not converge, then y(t). Power-basis
 * coefficients, tolerance 1e-6 in x. */
static inline float peer_scalar_bezier(float p, float x1, float y1, float x2, float y2) {
    const float cx = 3.0f * x1, bx = 3.0f * (x2 - x1) - cx, ax = 1.0f - cx - bx;
    const float cy = 3.0f * y1, by = 3.0f * (y2 - y1) - cy, ay = 1.0f - cy - by;
    float t = p;
    int solved = 0;
    for (int i = 0; i < 8 && !solved; i++) {
        float x = ((ax * t + bx) * t + cx) * t - p;
        if (fabsf(x) < 1e-6f) {
            solved = 1;
            break;
        }
        float slope = (3.0f * ax * t + 2.0f * bx) * t + cx;
        if (fabsf(slope) < 1e-6f) break;
        t -= x / slope;
    }
    if (!solved) {
        float lo = 0.0f, hi = 1.0f;
        t = p;
        for (int i = 0; i < 32; i++) {
            float x = ((ax * t + bx) * t + cx) * t;
            if (fabsf(x - p) < 1e-6f) break;
            if (x < p) lo = t;
            else hi = t;
            t = 0.5f * (lo + hi);
        }
    }
    return ((ay * t + by) * t + cy) * t;
}

#endif

/* peer_libm.c: the scalar peer, one float at a time through glibc's libm (expf, sinf,
 * cosf, exp2f), and the scalar reference of cubic-bezier (a browser's solver). Compiled like the kernel (-O2, no fast-math), so the calls stay scalar. */
#include "peers.h"
#include "peer_scalar.h"
#include "cinterp.h"

static void spring_under(const float *t, float *x, size_t n, float lambda, float omega,
                         float ratio) {
    for (size_t i = 0; i < n; i++) x[i] = peer_scalar_spring_under(t[i], lambda, omega, ratio);
}

static void sine_inout(const float *p, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = peer_scalar_sine_inout(p[i]);
}

static void expo_inout(const float *p, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = peer_scalar_expo_inout(p[i]);
}

static void elastic_inout(const float *p, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = peer_scalar_elastic_inout(p[i]);
}

static void bezier_ease(const float *p, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = peer_scalar_bezier(p[i], 0.25f, 0.1f, 0.25f, 1.0f);
}

/* clang-format off */
const peer_table peer_libm = {"libm", 1, CI_BACKEND_SCALAR, spring_under, sine_inout,
                              expo_inout, elastic_inout, bezier_ease};
/* clang-format on */

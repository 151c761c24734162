/*
 * curve_preparation.c: a curve checked (ci_curve_validate) and its per-call constants
 * derived once, in double precision, before one rounding each to the float the loops
 * read (ci_prepared), so no backend repeats validation or parameter algebra.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "dispatch_internal.h"

/* A linear() curve's float arithmetic stays finite over progress [0, 1]: differences
 * between neighbouring points, and the two ends, which may extend the first or last
 * segment (the fraction along it and the value there), fit float with room to spare.
 * Inside a segment the fraction is in [0, 1] and the value between its outputs. */
static int linear_values_fit(const float *q, int32_t count) {
    const double limit = FLT_MAX / 4;
    for (int32_t k = 1; k < count; k++)
        if (!(fabs((double)q[2 * k] - q[2 * k - 2]) <= limit &&
              fabs((double)q[2 * k + 1] - q[2 * k - 1]) <= limit))
            return 0;
    for (int end = 0; end <= 1; end++) {
        int32_t a = 0;
        for (int32_t k = 1; k + 1 < count; k++)
            if (q[2 * k] <= end) a = k;
        double xa = q[2 * a], ya = q[2 * a + 1], xb = q[2 * a + 2], yb = q[2 * a + 3];
        if (xa == xb) continue;
        double along = (end - xa) / (xb - xa);
        if (!(fabs(along) <= limit && fabs(ya + along * (yb - ya)) <= limit)) return 0;
    }
    return 1;
}

ci_status ci_curve_validate(const ci_curve *c) {
    if (!c) return CI_ERR_NULL_POINTER;
    for (int i = 0; i < 4; i++)
        if (!ci_is_finite(c->params[i])) return CI_ERR_INVALID_CURVE;
    switch (c->kind) {
    case CI_CURVE_LINEAR: return CI_OK;
    case CI_CURVE_CUBIC_BEZIER: {
        float x1 = c->params[0], x2 = c->params[2];
        return (x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1) ? CI_OK : CI_ERR_INVALID_CURVE;
    }
    case CI_CURVE_STEPS: {
        int minimum = c->step_position == CI_JUMP_NONE ? 2 : 1;
        if (c->step_position < CI_JUMP_START || c->step_position > CI_JUMP_BOTH)
            return CI_ERR_INVALID_CURVE;
        return (c->steps >= minimum && (uint32_t)c->steps <= CI_MAX_STEPS) ? CI_OK
                                                                           : CI_ERR_INVALID_CURVE;
    }
    case CI_CURVE_SPRING:
        return (c->params[0] > 0 && c->params[1] >= 0) ? CI_OK : CI_ERR_INVALID_CURVE;
    case CI_CURVE_DECAY: return c->params[0] > 0 ? CI_OK : CI_ERR_INVALID_CURVE;
    case CI_CURVE_PIECEWISE_LINEAR: {
        if (!c->points) return CI_ERR_NULL_POINTER;
        if (c->point_count < 2 || (uint32_t)c->point_count > CI_MAX_LINEAR_POINTS)
            return CI_ERR_INVALID_CURVE;
        for (int32_t i = 0; i < c->point_count; i++) {
            float input = c->points[2 * i], output = c->points[2 * i + 1];
            if (!ci_is_finite(input) || !ci_is_finite(output)) return CI_ERR_INVALID_CURVE;
            if (i > 0 && !(input >= c->points[2 * i - 2])) return CI_ERR_INVALID_CURVE;
        }
        return linear_values_fit(c->points, c->point_count) ? CI_OK : CI_ERR_INVALID_CURVE;
    }
    default:
        if (c->kind < CI_CURVE_SINE || c->kind > CI_CURVE_BOUNCE) return CI_ERR_INVALID_CURVE;
        return (c->direction >= CI_EASE_IN && c->direction <= CI_EASE_IN_OUT)
                   ? CI_OK
                   : CI_ERR_INVALID_CURVE;
    }
}

/* Spring constants in double: the float kernel then rounds each once. */
#define M_LOG2E_DOUBLE 1.4426950408889634074

static void prepare_spring(ci_prepared *P, double omega0, double zeta, double delta, double v0) {
    double lambda = zeta * omega0, b = lambda * delta - v0, omega = 0, k = lambda * b;
    if (zeta < 1) {
        P->spring_regime = CI_SPRING_UNDER;
        omega = omega0 * sqrt((1 - zeta) * (1 + zeta));
        k += omega * omega * delta;
    } else if (zeta > 1) {
        P->spring_regime = CI_SPRING_OVER;
        double root = sqrt((zeta - 1) * (zeta + 1));
        omega = omega0 * root;
        k -= omega * omega * delta;
        /* -lambda + omega without cancellation. */
        P->rate_slow = (float)(-omega0 / (zeta + root));
        P->rate_fast = (float)(-lambda - omega);
        P->rate_slow_log2 = (float)(-omega0 / (zeta + root) * M_LOG2E_DOUBLE);
        P->rate_fast_log2 = (float)((-lambda - omega) * M_LOG2E_DOUBLE);
    } else {
        P->spring_regime = CI_SPRING_CRITICAL;
    }
    P->delta = (float)delta;
    P->v0 = (float)v0;
    P->lambda = (float)lambda;
    P->omega = (float)omega;
    P->inv_omega = omega > 0 ? (float)(1 / omega) : 0;
    P->half_inv_omega = omega > 0 ? (float)(0.5 / omega) : 0;
    P->b = (float)b;
    P->k = (float)k;
    P->decay_log2 = (float)(-lambda * M_LOG2E_DOUBLE);
    P->omega_half_turns = (float)(omega / 3.14159265358979323846);
    P->b_over_omega = omega > 0 ? (float)(b / omega) : 0;
    P->k_over_omega = omega > 0 ? (float)(k / omega) : 0;
    /* b / omega can overflow where b and 1 / omega each fit: such a spring takes the
     * general path through eC and eS. */
    P->factored_under = P->spring_regime == CI_SPRING_UNDER && isfinite(P->b_over_omega) &&
                        isfinite(P->k_over_omega);
    P->omega0_squared = (float)(omega0 * omega0);
}

/* A decay as the spring loops read it (see CI_SPRING_DECAY): x(t) = delta - delta eC,
 * x'(t) = v0 eC with eC = e^(-k t). The finite check below covers k delta. */
static void prepare_decay(ci_prepared *P, double k, double delta) {
    P->kind = CI_CURVE_SPRING;
    P->spring_regime = CI_SPRING_DECAY;
    P->delta = (float)delta;
    P->v0 = (float)(k * delta);
    P->lambda = (float)k;
    P->decay_log2 = (float)(-k * M_LOG2E_DOUBLE);
}

/* Finite inputs can still overflow float once combined (a stiffness of 1e80, a
 * control point of 2e38): every constant the loops use must be finite. */
static int prepared_is_finite(const ci_prepared *P) {
    const float values[] = {P->bezier_weights[0][2],
                            P->bezier_weights[0][3],
                            P->bezier_weights[1][2],
                            P->bezier_weights[1][3],
                            P->delta,
                            P->v0,
                            P->lambda,
                            P->omega,
                            P->inv_omega,
                            P->half_inv_omega,
                            P->b,
                            P->k,
                            P->rate_slow,
                            P->rate_fast,
                            P->omega0_squared,
                            P->decay_log2,
                            P->rate_slow_log2,
                            P->rate_fast_log2};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        if (!isfinite(values[i])) return 0;
    return 1;
}

/* Finite constants are not enough for a spring: the values the loops form from them
 * must fit float too. |x(t)| <= 2 |delta| + |b| s and |x'(t)| <= |v0| + |k| s, where s
 * bounds e^(-lambda t) S(t) over t >= 0: by 1 / omega while it oscillates, by
 * t e^(-(lambda - omega) t) <= 1 / (e (lambda - omega)) once damped. Half of FLT_MAX
 * leaves room for rounding. */
static int spring_magnitudes_fit(const ci_curve *c) {
    const double limit = FLT_MAX / 2, e = 2.718281828459045;
    if (c->kind != CI_CURVE_SPRING) return 1;
    double omega0 = c->params[0], zeta = c->params[1], delta = c->params[2];
    double v0 = c->params[3], lambda = zeta * omega0, b = lambda * delta - v0, s, k;
    if (zeta < 1) {
        double omega = omega0 * sqrt((1 - zeta) * (1 + zeta));
        s = 1 / omega;
        if (lambda > 0) s = fmin(s, 1 / (e * lambda));
        k = lambda * b + omega * omega * delta;
    } else if (zeta == 1) {
        s = 1 / (e * lambda);
        k = lambda * b;
    } else {
        double root = sqrt((zeta - 1) * (zeta + 1)), omega = omega0 * root;
        s = (zeta + root) / (e * omega0); /* 1 / (e (lambda - omega)) */
        k = lambda * b - omega * omega * delta;
    }
    return 2 * fabs(delta) + fabs(b) * s <= limit && fabs(v0) + fabs(k) * s <= limit;
}

/* A float and the float of what it leaves out of `value`. */
static void split_float(double value, float parts[2]) {
    parts[0] = (float)value;
    parts[1] = (float)(value - parts[0]);
}

/* x(t) = t (a + t (b + c t)). Where its slope nearly vanishes inside (0, 1), a vertical
 * tangent of the curve (cubic-bezier(1, 0, 0, 1) at x = 1/2), x(t) evaluated in float
 * near x_m is off by an ulp of x_m, and t, found from it, by the cube root of that: 2e-3
 * for that curve, 4e-3 of y. With the depressed form x_m + s (k + c s^2) and x_m, t_m in
 * two floats each, the solve keeps t to 2^-24 (bezier_tangent_solve). Only where the
 * least slope k, at the inflection t_m = -b / (3c), is below 2^-10: elsewhere the usual
 * solve is as accurate and faster. */
static void prepare_bezier_tangent(ci_prepared *P, double a, double b, double c) {
    if (!(c > 0)) return; /* the slope is then least at an end, where x is exact enough */
    double tm = -b / (3 * c), k = a - b * b / (3 * c);
    if (!(tm > 0 && tm < 1 && k < 0x1p-10)) return;
    double xm = tm * (a + tm * (b + c * tm));
    P->bezier_tangent = 1;
    split_float(tm, P->bezier_tangent_t[0]);
    split_float(xm, P->bezier_tangent_x[0]);
    /* The mirror 1 - x(1 - t) has its inflection at 1 - t_m, where it is 1 - x_m. */
    split_float(1 - tm, P->bezier_tangent_t[1]);
    split_float(1 - xm, P->bezier_tangent_x[1]);
    P->bezier_tangent_k = (float)fmax(k, 0);
    P->bezier_tangent_c = (float)c;
}

static void prepare(ci_prepared *P, const ci_curve *c) {
    memset(P, 0, sizeof *P);
    P->kind = c->kind;
    P->direction = c->direction;
    if (c->kind == CI_CURVE_CUBIC_BEZIER) {
        double x1 = c->params[0], y1 = c->params[1];
        double x2 = c->params[2], y2 = c->params[3];
        double m1 = 1.0 - x2, m2 = 1.0 - x1;
        P->bezier_a = (float)(3 * x1);
        P->bezier_b = (float)(3 * x2 - 6 * x1);
        P->bezier_c = (float)(1 + 3 * x1 - 3 * x2);
        P->bezier_mirror_a = (float)(3 * m1);
        P->bezier_mirror_b = (float)(3 * m2 - 6 * m1);
        /* 1 + 3 m1 - 3 m2 = c: x(t) and 1 - x(1 - t) share the cubic term. */
        P->bezier_mirror_c = P->bezier_c;
        const double control[2][4] = {{x1, x2, y1, y2}, {m1, m2, 1.0 - y2, 1.0 - y1}};
        for (int half = 0; half < 2; half++)
            for (int j = 0; j < 4; j++) P->bezier_weights[half][j] = (float)(3 * control[half][j]);
        prepare_bezier_tangent(P, 3 * x1, 3 * x2 - 6 * x1, 1 + 3 * x1 - 3 * x2);
    } else if (c->kind == CI_CURVE_STEPS) {
        int n = c->steps;
        P->steps_n = (float)n;
        P->steps_offset =
            (c->step_position == CI_JUMP_START || c->step_position == CI_JUMP_BOTH) ? 1.0f : 0.0f;
        P->steps_jumps = (float)(c->step_position == CI_JUMP_NONE   ? n - 1
                                 : c->step_position == CI_JUMP_BOTH ? n + 1
                                                                    : n);
    } else if (c->kind == CI_CURVE_SPRING) {
        prepare_spring(P, c->params[0], c->params[1], c->params[2], c->params[3]);
    } else if (c->kind == CI_CURVE_DECAY) {
        prepare_decay(P, c->params[0], c->params[2]);
    } else if (c->kind == CI_CURVE_PIECEWISE_LINEAR) {
        P->linear_points = c->points;
        P->linear_count = c->point_count;
    }
}

ci_status ci_prepare_curve(ci_prepared *P, const ci_curve *c) {
    ci_status status = ci_curve_validate(c);
    if (status != CI_OK) return status;
    prepare(P, c);
    return prepared_is_finite(P) && spring_magnitudes_fit(c) ? CI_OK : CI_ERR_INVALID_CURVE;
}

/*
 * kernel_bezier.h: CSS cubic-bezier(): x(t) = p is solved for t, then y(t) is
 * returned. Solved many vectors side by side (the solve is a dependent chain), from a
 * start table where the backend has a lane lookup, else by bisection, then Newton
 * steps.
 *
 * Accuracy: t to about 2^-24 (1.3e-7 in y on the accuracy table's curves), against the
 * documented 2e-6 plus |slope| 2^-23.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* A bezier coordinate from P0 = 0, P1, P2, P3 = 1, in Bernstein form
 * t (u (u a + t b) + t^2), u = 1 - t, from the weights a = 3 P1, b = 3 P2
 * (bezier_weights). With a, b >= 0 every term is non-negative, so the rounding error
 * stays relative to the result (the power basis loses it to cancelling coefficients,
 * which a steep end of the curve then amplifies). */
CI_INLINE VF CI_FN(bezier_coordinate)(VF t, VF a, VF b) {
    VF u = vf_sub(vf_set1(1.0f), t);
    VF inner = vf_fma(u, a, vf_mul(t, b));
    return vf_mul(t, vf_fma(u, inner, vf_mul(t, t)));
}

/* Weight j of bezier_weights (0, 1: x; 2, 3: y) of each lane's half (see bezier_half). */
CI_INLINE VF CI_FN(bezier_weight)(const ci_prepared *P, VM lower, int j) {
    return vf_select(lower, vf_set1(P->bezier_weights[0][j]), vf_set1(P->bezier_weights[1][j]));
}

/* The solve is one long dependent chain per vector, so bezier_solve solves up to
 * CI_BEZIER_LANES vectors side by side (the same operations per lane, the same
 * results) and lets the core overlap them. */
#ifndef CI_BEZIER_LANES /* a backend whose lanes are emulated loops sets fewer */
#define CI_BEZIER_LANES 16
#endif
/* The second tier, for what is left after the full groups. */
#define CI_BEZIER_TAIL_LANES (CI_BEZIER_LANES < 4 ? CI_BEZIER_LANES : 4)

/* One lane's half of a curve. Lanes with p >= 1/2 solve the mirrored curve (control
 * points 1 - x2, 1 - x1 for the target q = 1 - p, result 1 - y~), so every lane solves
 * where its coordinate is small and relatively accurate: near p = 1 the mirror keeps
 * 1 - x exact enough for a nearly flat x(t). x(t) = t (a + t (b + c t)) in the power
 * basis (the Bernstein form's weights come from bezier_control when a step needs them:
 * most groups never do, and keeping them cost two selects and two stores a vector). */
typedef struct {
    VM lower; /* p < 1/2: the curve itself */
    VF q, a, b, c;
} CI_FN(bezier_half);

CI_INLINE CI_FN(bezier_half) CI_FN(bezier_half_of)(const ci_prepared *P, VM lower, VF q) {
    CI_FN(bezier_half) H;
    H.lower = lower;
    H.q = q;
    H.a = vf_select(lower, vf_set1(P->bezier_a), vf_set1(P->bezier_mirror_a));
    H.b = vf_select(lower, vf_set1(P->bezier_b), vf_set1(P->bezier_mirror_b));
    H.c = vf_set1(P->bezier_c); /* the mirror's is the same */
    return H;
}

/* The half of each lane of p (see bezier_half). */
CI_INLINE CI_FN(bezier_half) CI_FN(bezier_half_at)(const ci_prepared *P, VF p) {
    VM lower = vm_lt(p, vf_set1(0.5f));
    return CI_FN(bezier_half_of)(P, lower, vf_select(lower, p, vf_sub(vf_set1(1.0f), p)));
}

/* x(t) in the power basis: 3 operations instead of the Bernstein form's 7, accurate
 * enough while t is still 2^-8 or more from the root. */
CI_INLINE VF CI_FN(bezier_power)(const CI_FN(bezier_half) *H, VF t) {
    return vf_mul(t, vf_fma(t, vf_fma(t, H->c, H->b), H->a));
}

/* x'(t) = a + t (2b + 3c t), kept above 0 so that dividing by it stays finite. */
CI_INLINE VF CI_FN(bezier_slope)(const CI_FN(bezier_half) *H, VF t) {
    VF dx = vf_fma(t, vf_fma(vf_mul(vf_set1(3.0f), H->c), t, vf_mul(vf_set1(2.0f), H->b)), H->a);
    return vf_max(dx, vf_set1(1e-20f));
}

/* x(t) in the Bernstein form, from the half's weights. */
CI_INLINE VF CI_FN(bezier_control)(const ci_prepared *P, const CI_FN(bezier_half) *H, VF t) {
    return CI_FN(bezier_coordinate)(t, CI_FN(bezier_weight)(P, H->lower, 0),
                                    CI_FN(bezier_weight)(P, H->lower, 1));
}

/* One Newton step on x(t) = q; returns the correction it subtracted and leaves the
 * x'(t) it divided by in *slope. The last steps need the Bernstein form. */
CI_INLINE VF CI_FN(bezier_newton)(const ci_prepared *P, const CI_FN(bezier_half) *H, VF *t,
                                  int bernstein, VF *slope) {
    *slope = CI_FN(bezier_slope)(H, *t);
    VF x = bernstein ? CI_FN(bezier_control)(P, H, *t) : CI_FN(bezier_power)(H, *t);
    VF correction = vf_div(vf_sub(x, H->q), *slope);
    *t = vf_sub(*t, correction);
    return correction;
}

/* The bracketed solve, for any curve and any q in [0, 1/2]: bisections, then Newton
 * steps kept inside the bracket (which makes a flat x'(t) harmless). For a result,
 * CI_BEZIER_BISECTIONS leave a bracket of 2^-7 and CI_BEZIER_NEWTON_STEPS then reach
 * float precision. The conformance test's sweep (600 random and 9 degenerate curves
 * x 1,500 points, every backend, every run) measures a worst error of 3.0e-7 with 7
 * bisections, 2.9e-7 with 8 (bound 2e-6); 6 fail on (0, 1, 1, 0). */
#define CI_BEZIER_BISECTIONS 7
#define CI_BEZIER_NEWTON_STEPS 3
/* The bisection compares x(t) in the power basis, whose rounding can misplace the
 * bracket where x(t) is nearly flat; the Newton steps may leave it by this much. */
#define CI_BEZIER_MARGIN 0x1p-8f
CI_INLINE void CI_FN(bezier_bracketed)(const ci_prepared *P, const CI_FN(bezier_half) *H, VF *t,
                                       int count, int bisections, int newton_steps) {
    const VF zero = vf_set1(0.0f), one = vf_set1(1.0f);
    VF lo[CI_BEZIER_LANES], low[CI_BEZIER_LANES], high[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) lo[v] = zero;
    float width = 1.0f;
    for (int k = 0; k < bisections; k++) {
        width *= 0.5f;
        const VF step = vf_set1(width);
        for (int v = 0; v < count; v++) {
            VF mid = vf_add(lo[v], step);
            lo[v] = vf_select(vm_lt(CI_FN(bezier_power)(&H[v], mid), H[v].q), mid, lo[v]);
        }
    }
    const VF half_width = vf_set1(0.5f * width), margin = vf_set1(CI_BEZIER_MARGIN);
    for (int v = 0; v < count; v++) {
        t[v] = vf_add(lo[v], half_width);
        low[v] = vf_max(vf_sub(lo[v], margin), zero);
        high[v] = vf_min(vf_add(vf_add(t[v], half_width), margin), one);
    }
    for (int k = 0; k < newton_steps; k++)
        for (int v = 0; v < count; v++) {
            VF slope;
            CI_FN(bezier_newton)(P, &H[v], &t[v], k > 0, &slope);
            t[v] = vf_min(vf_max(t[v], low[v]), high[v]);
        }
    /* x(0) = 0: t is exactly 0 there, so that y is exactly 0 or 1 at the ends (where
     * x'(0) = 0 the Newton steps only halve t towards the double root: 2^-11). */
    for (int v = 0; v < count; v++) t[v] = vf_select(vm_eq(H[v].q, zero), zero, t[v]);
}

/* Backends with a lane lookup (CI_BEZIER_TABLE: vf_lookup16) start from a table
 * instead of bisecting.
 * At the start of a call bezier_prepare solves t at 9 points of x in [0, 1/2] for the
 * curve and for its mirror (the bracketed solve, three vectors of 8) and keeps, for each
 * of the 8 steps between them, the cubic Hermite polynomial of t over the step: t and
 * dt/ds at both ends, s the step's variable (x'(t) gives dt/ds without another solve).
 * The steps are even in x, or even in sqrt(x) where an end of the curve is flat
 * (x'(0) = 0: ease-in, ease-out), where t grows like sqrt(x), smooth in sqrt(x) but not
 * in x. The polynomial's error is about h^4/384 max|d^4t/ds^4| (2.7e-5 for CSS ease,
 * 7.8e-6 for ease-in and ease-out, 9.5e-7 for ease-in-out, in double), so that one
 * Newton step (error about x'' e^2 / (2 x')) reaches float precision.
 *
 * A lane's step is done when its correction c and x'(t0) pass bezier_converged: with
 * B = max|x''| over [0, 1] (x'' is linear: its ends; the same for the mirror),
 * B |c| / x' < 1/8 puts the root within 1.07 |c| of t0 (Kantorovich), which leaves
 * at most B (1.07 c)^2 / (2 x') < 0.86 B c^2 / (1.5 x') after the step, below the
 * tolerance where B c^2 < 1.5 x' tolerance. |c| < 2^-8 as well, so that the rounding
 * of the correction (relative 2^-22) stays below 2^-30. bezier_within checks the sum
 * of the two bounds, which is at most twice as strict as each and one operation
 * cheaper than their maximum. A group with a lane not done
 * takes further Newton steps (bezier_rescue), and lanes still not done the bracketed
 * solve. Each lane's result depends on its own input alone either way. */
#ifndef CI_BEZIER_TABLE
#define CI_BEZIER_TABLE 0
#endif
#define CI_BEZIER_TABLE_STEPS 8 /* per half, so 16 entries */
/* Steps even in sqrt(x) where x'(0) of the curve or of its mirror is below this, else
 * even in x. */
#define CI_BEZIER_ROOT_BELOW 0.5f
#define CI_BEZIER_TABLE_TOLERANCE 0x1p-24f /* in t */
/* Entries per unit of x or of sqrt(x): a little under 16 and 8 / sqrt(1/2), so that
 * q = 1/2 (s scale - 1/2 = 7.5 - 2^-18 or less) still rounds into the last step. */
#define CI_BEZIER_PLAIN_SCALE (16.0f * (1.0f - 0x1p-21f))
#define CI_BEZIER_ROOT_SCALE (11.313708498984761f * (1.0f - 0x1p-21f))

/* The bits of x rounded to 8 significant bits (bfloat16, ties to even), low half 0. */
static inline uint32_t CI_FN(bfloat16)(float x) {
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return (bits + 0x7fffu + ((bits >> 16) & 1u)) & 0xffff0000u;
}

CI_INLINE void CI_FN(bezier_prepare)(ci_prepared *P) {
#if CI_BEZIER_TABLE
    if (P->kind != CI_CURVE_CUBIC_BEZIER) return;
    enum { N = CI_BEZIER_TABLE_STEPS, POINTS = 2 * (N + 1), VECTORS = (POINTS + W - 1) / W };
    const int by_root =
        P->bezier_a < CI_BEZIER_ROOT_BELOW || P->bezier_mirror_a < CI_BEZIER_ROOT_BELOW;
    const float scale = by_root ? CI_BEZIER_ROOT_SCALE : CI_BEZIER_PLAIN_SCALE;
    const float h = 1.0f / scale; /* a step in s */
    P->bezier_by_root = by_root;
    P->bezier_scale = scale;
    float q[VECTORS * W], lower[VECTORS * W], t[VECTORS * W], dx[VECTORS * W];
    for (int i = 0; i < VECTORS * W; i++) {
        float s = (float)(i % (N + 1)) * h;
        q[i] = i < POINTS ? (by_root ? s * s : s) : 0.0f;
        lower[i] = i < N + 1 ? 1.0f : 0.0f;
    }
    CI_FN(bezier_half) H[VECTORS];
    VF solved[VECTORS];
    for (int v = 0; v < VECTORS; v++)
        H[v] = CI_FN(bezier_half_of)(P, vm_lt(vf_set1(0.5f), vf_loadu(lower + v * W)),
                                     vf_loadu(q + v * W));
    /* The full solve: the nodes' errors go into every start. */
    CI_FN(bezier_bracketed)(P, H, solved, VECTORS, CI_BEZIER_BISECTIONS, CI_BEZIER_NEWTON_STEPS);
    for (int v = 0; v < VECTORS; v++) {
        vf_storeu(t + v * W, solved[v]);
        vf_storeu(dx + v * W, CI_FN(bezier_slope)(&H[v], solved[v]));
    }
    for (int half = 0; half < 2; half++) {
        const float *at = t + half * (N + 1), *slope = dx + half * (N + 1);
        const float a = half ? P->bezier_mirror_a : P->bezier_a;
        const float b = half ? P->bezier_mirror_b : P->bezier_b;
        float m[N + 1]; /* dt/du at the nodes, u = s scale - k the variable of step k */
        for (int k = 0; k <= N; k++)
            m[k] = by_root ? 2.0f * (float)k * h * h / slope[k] : h / slope[k];
        /* A flat end: t = sqrt(x / b) + ..., dt/ds = 1/sqrt(b) at s = 0 (infinite for
         * x = t^3, which the clamp below bounds). */
        if (by_root && a == 0.0f) m[0] = h / __builtin_elementwise_sqrt(b);
        for (int k = 0; k < N; k++) {
            /* Each step's slopes at most 3 times its secant (Fritsch and Carlson): the
             * polynomial stays monotone and in the step where x'(t) vanishes at an end. */
            float rise = at[k + 1] - at[k];
            float m0 = m[k] > 0.0f ? m[k] : 0.0f, m1 = m[k + 1] > 0.0f ? m[k + 1] : 0.0f;
            if (!(m0 < 3.0f * rise)) m0 = 3.0f * rise;
            if (!(m1 < 3.0f * rise)) m1 = 3.0f * rise;
            int entry = half * N + k;
            P->bezier_hermite[0][entry] = at[k];
            P->bezier_hermite[1][entry] = m0;
            /* c2 and c3 with 8 significant bits each (bfloat16, rounded to nearest), in
             * one entry: c2 in the high half, c3 in the low. They are small next to c0
             * and c1 (2.71e-5 -> 2.82e-5 at most in t for CSS ease, in double), and a
             * lookup fewer is 2 permutes fewer on AVX2. */
            uint32_t c2 = CI_FN(bfloat16)(3.0f * rise - 2.0f * m0 - m1);
            uint32_t c3 = CI_FN(bfloat16)(m0 + m1 - 2.0f * rise);
            uint32_t both = c2 | (c3 >> 16);
            memcpy(&P->bezier_hermite[2][entry], &both, sizeof both);
        }
    }
    /* The check's constants (see above): 1/K1 = B / (1.5 tolerance), 1/K2 = 8 B, each
     * at least what keeps |c| < 2^-8 (x' <= 3). */
    float bend_low = 2.0f * P->bezier_b, bend_high = 2.0f * P->bezier_b + 6.0f * P->bezier_c;
    float bend = bend_low > -bend_low ? bend_low : -bend_low;
    if (bend_high > bend) bend = bend_high;
    if (-bend_high > bend) bend = -bend_high;
    float k1 = bend / (1.5f * CI_BEZIER_TABLE_TOLERANCE), k2 = 8.0f * bend;
    P->bezier_inverse_k1 = k1 > 3.0f * 0x1p16f ? k1 : 3.0f * 0x1p16f;
    P->bezier_inverse_k2 = k2 > 3.0f * 0x1p8f ? k2 : 3.0f * 0x1p8f;
    /* Whether some step may leave lanes that one Newton step does not settle (a steep
     * middle, as easeInOutQuint's): a Newton step from each step's middle, where the
     * polynomial is furthest off, gives its error e there; where 2e would fail
     * bezier_converged, every lane takes a second step (bezier_table_step), which is
     * cheaper than the rescue of nearly every group. Only the speed depends on it. */
    P->bezier_two_steps = 0;
    for (int half = 0; half < 2; half++) {
        const float a = half ? P->bezier_mirror_a : P->bezier_a;
        const float b = half ? P->bezier_mirror_b : P->bezier_b, c = P->bezier_c;
        for (int k = 0; k < N; k++) {
            int entry = half * N + k;
            uint32_t both;
            memcpy(&both, &P->bezier_hermite[2][entry], sizeof both);
            uint32_t c2_bits = both & 0xffff0000u, c3_bits = both << 16;
            float c2, c3;
            memcpy(&c2, &c2_bits, sizeof c2);
            memcpy(&c3, &c3_bits, sizeof c3);
            float t = P->bezier_hermite[0][entry] +
                      0.5f * (P->bezier_hermite[1][entry] + 0.5f * (c2 + 0.5f * c3));
            float s = ((float)k + 0.5f) * h, q = by_root ? s * s : s;
            float x = t * (a + t * (b + c * t)), slope = a + t * (2.0f * b + 3.0f * c * t);
            if (slope < 1e-20f) slope = 1e-20f;
            float e = 2.0f * (x - q) / slope;
            e = e < 0.0f ? -e : e;
            if (!(e * (e * P->bezier_inverse_k1 + P->bezier_inverse_k2) < slope))
                P->bezier_two_steps = 1;
        }
    }
#if defined(CI_LOOKUP16_XOR)
    /* The mirror's entries as their bits xor the curve's (see vec_avx2.h). */
    for (int j = 0; j < 3; j++)
        for (int k = 0; k < N; k++) {
            uint32_t low, high;
            memcpy(&low, &P->bezier_hermite[j][k], sizeof low);
            memcpy(&high, &P->bezier_hermite[j][N + k], sizeof high);
            high ^= low;
            memcpy(&P->bezier_hermite[j][N + k], &high, sizeof high);
        }
#endif
#else
    (void)P;
#endif
}

/* P itself, or for a cubic-bezier a copy in *storage with the table filled in: what
 * each entry point evaluates its curve through. */
CI_INLINE const ci_prepared *CI_FN(with_bezier_table)(const ci_prepared *P, ci_prepared *storage) {
    if (!CI_BEZIER_TABLE || P->kind != CI_CURVE_CUBIC_BEZIER) return P;
    *storage = *P;
    CI_FN(bezier_prepare)(storage);
    return storage;
}

#if CI_BEZIER_TABLE
/* Whether a Newton step with correction c taken where the slope was dx is done (see
 * above), from 1/K1 and 1/K2: |c| (|c| / K1 + 1 / K2) < x'. A NaN fails. */
CI_INLINE VM CI_FN(bezier_within)(VF correction, VF inverse_k1, VF inverse_k2, VF dx) {
    VF size = vi_as_vf(vi_and(vf_as_vi(correction), vi_set1(0x7fffffff)));
    return vm_lt(vf_mul(size, vf_fma(size, inverse_k1, inverse_k2)), dx);
}

/* bezier_within with the curve's bound B (see above). */
CI_INLINE VM CI_FN(bezier_converged)(const ci_prepared *P, VF correction, VF dx) {
    return CI_FN(bezier_within)(correction, vf_set1(P->bezier_inverse_k1),
                                vf_set1(P->bezier_inverse_k2), dx);
}

/* The table's start for p (see above), and in *target the q it solves for: a stage of
 * its own, run over every vector of a group before bezier_table_step, so that each
 * stage's chain is short enough for the core to overlap several vectors. */
CI_INLINE VF CI_FN(bezier_table_start)(const ci_prepared *P, VF p, VF *target) {
    const VF half = vf_set1(0.5f);
    VM lower = vm_lt(p, half);
    VF q = vf_select(lower, p, vf_sub(vf_set1(1.0f), p));
    *target = q;
    /* Step k = round(s scale - 1/2), u = s scale - k in [0, 1] (exactly 0 at q = 0,
     * where the start is then t = 0 exactly), s = q or its square root. Only IEEE
     * operations (no reciprocal or square-root estimates, whose low bits differ between
     * CPU vendors), so every x86 CPU gives the same bits. */
    VF s = P->bezier_by_root ? vf_sqrt(q) : q;
    VF z = vf_fma(s, vf_set1(P->bezier_scale), vf_set1(-0.5f));
    VI bits; /* the step in its low three bits (the magic's are 0) */
    VF u = vf_add(vf_sub(z, CI_FN(round)(z, &bits)), half);
    VI both = vf_as_vi(vf_lookup16(P->bezier_hermite[2], bits, lower));
    VF t = vf_fma(u, vi_as_vf(vi_shl(both, 16)), vi_as_vf(vi_and(both, vi_set1(-65536))));
    t = vf_fma(u, t, vf_lookup16(P->bezier_hermite[1], bits, lower));
    return vf_fma(u, t, vf_lookup16(P->bezier_hermite[0], bits, lower));
}

/* One Newton step from the start t (two where bezier_two_steps; x(t) in the power
 * basis); *converged holds the lanes that are done. */
CI_INLINE VF CI_FN(bezier_table_step)(const ci_prepared *P, VF p, VF q, VF t, int two_steps,
                                      VM *converged) {
    VM lower = vm_lt(p, vf_set1(0.5f));
    VF a = vf_select(lower, vf_set1(P->bezier_a), vf_set1(P->bezier_mirror_a));
    VF b = vf_select(lower, vf_set1(P->bezier_b), vf_set1(P->bezier_mirror_b));
    VF c = vf_set1(P->bezier_c); /* the mirror's is the same */
    VF x = vf_mul(t, vf_fma(t, vf_fma(t, c, b), a));
    VF dx = vf_fma(t, vf_fma(vf_set1(3.0f * P->bezier_c), t, vf_add(b, b)), a);
    dx = vf_max(dx, vf_set1(1e-20f));
    VF correction = vf_div(vf_sub(x, q), dx);
    if (two_steps) {
        /* A fresh slope (the first correction may be large), x(t) in the Bernstein form:
         * these curves' lanes are where the power basis's rounding shows. */
        t = vf_sub(t, correction);
        x = CI_FN(bezier_coordinate)(t, CI_FN(bezier_weight)(P, lower, 0),
                                     CI_FN(bezier_weight)(P, lower, 1));
        dx = vf_fma(t, vf_fma(vf_set1(3.0f * P->bezier_c), t, vf_add(b, b)), a);
        dx = vf_max(dx, vf_set1(1e-20f));
        correction = vf_div(vf_sub(x, q), dx);
    }
    *converged = CI_FN(bezier_converged)(P, correction, dx);
    return vf_sub(t, correction);
}

/* bezier_converged with B bounding |x''| near t alone, |x''(t)| + 12 |c| |correction|
 * (x''' = 6c; the iterates and the root lie within 2.2 |correction| of t), which lets
 * lanes pass where x' is small next to the curve's B but x'' is small there too (a
 * flat end, as in x = t^3): for the rescue, where a few more operations do not count. */
CI_INLINE VM CI_FN(bezier_converged_near)(const CI_FN(bezier_half) *H, VF t, VF correction, VF dx) {
    VF size = vi_as_vf(vi_and(vf_as_vi(correction), vi_set1(0x7fffffff)));
    VF bend = vf_fma(vf_mul(vf_set1(6.0f), H->c), t, vf_add(H->b, H->b));
    bend = vf_max(bend, vf_sub(vf_set1(0.0f), bend));
    VF third = vf_mul(vf_set1(12.0f), vf_max(H->c, vf_sub(vf_set1(0.0f), H->c)));
    bend = vf_fma(size, third, bend);
    VF k1 = vf_max(vf_mul(bend, vf_set1(1.0f / (1.5f * CI_BEZIER_TABLE_TOLERANCE))),
                   vf_set1(3.0f * 0x1p16f));
    VF k2 = vf_max(vf_mul(bend, vf_set1(8.0f)), vf_set1(3.0f * 0x1p8f));
    return CI_FN(bezier_within)(correction, k1, k2, dx);
}

/* More Newton steps from where the table's step left t, for a group in which some lane
 * was not done (a start far off, as near the flat end of x = t^3, or a flat x'(t)
 * nearby), the last in the Bernstein form (these lanes are where x(t) is flat or curved
 * enough for the power basis's rounding to show). The mask holds the lanes whose last
 * step passed bezier_converged_near; the rest take the bracketed solve. Two steps: with
 * one, 38 % of the groups of cubic-bezier(0, y1, 0, y2) went on to the bracketed solve
 * (none with two), and 1 % of random curves' (0.1 %), at 16k inputs in random order. */
#ifndef CI_BEZIER_RESCUE_STEPS
#define CI_BEZIER_RESCUE_STEPS 2
#endif
CI_INLINE VM CI_FN(bezier_rescue)(const ci_prepared *P, const CI_FN(bezier_half) *H, VF *t) {
    VF correction = vf_set1(0.0f), dx = vf_set1(1.0f), from = *t;
    for (int k = 0; k < CI_BEZIER_RESCUE_STEPS; k++) {
        from = *t;
        correction = CI_FN(bezier_newton)(P, H, t, k + 1 == CI_BEZIER_RESCUE_STEPS, &dx);
    }
    *t = CI_FN(clamp01)(*t);
    return CI_FN(bezier_converged_near)(H, from, correction, dx);
}
#endif

/* t with x(t) = q on p's half of a curve with a (nearly) vertical tangent inside (see
 * ci_prepared.bezier_tangent): bisection on x(t) - x_m = s (k + c s^2), s = t - t_m, a
 * monotone function computed to a few ulps of itself however close q is to x_m, so t
 * ends within 2^-24 of the exact solution (y then within a few 1e-7). 24 halvings of
 * [0, 1]: slower than the table's start and Newton step, and only for such curves. */
CI_INLINE VF CI_FN(bezier_tangent_solve)(const ci_prepared *P, VF p) {
    VM lower = vm_lt(p, vf_set1(0.5f));
    VF q = vf_select(lower, p, vf_sub(vf_set1(1.0f), p));
#define CI_TANGENT_PART(field, j) vf_select(lower, vf_set1(P->field[0][j]), vf_set1(P->field[1][j]))
    VF t_hi = CI_TANGENT_PART(bezier_tangent_t, 0), t_lo = CI_TANGENT_PART(bezier_tangent_t, 1);
    VF d = vf_sub(vf_sub(q, CI_TANGENT_PART(bezier_tangent_x, 0)),
                  CI_TANGENT_PART(bezier_tangent_x, 1));
#undef CI_TANGENT_PART
    VF k = vf_set1(P->bezier_tangent_k), c = vf_set1(P->bezier_tangent_c), half = vf_set1(0.5f);
    VF lo = vf_set1(0.0f), hi = vf_set1(1.0f);
    for (int i = 0; i < 24; i++) {
        VF mid = vf_mul(vf_add(lo, hi), half);
        VF s = vf_sub(vf_sub(mid, t_hi), t_lo);
        VM below = vm_lt(vf_mul(s, vf_fma(vf_mul(c, s), s, k)), d);
        lo = vf_select(below, mid, lo);
        hi = vf_select(below, hi, mid);
    }
    /* At p = 0 and 1 (q = 0) t = 0 exactly, as bezier_value expects. */
    return vf_select(vm_eq(q, vf_set1(0.0f)), vf_set1(0.0f), vf_mul(vf_add(lo, hi), half));
}

/* t with x(t) = p for `count` vectors of p in [0, 1] at once (a constant after
 * inlining; x is monotone: x1, x2 in [0, 1]), on p's half of the curve (see
 * bezier_half): bezier_value turns it into y. */
CI_INLINE void CI_FN(bezier_solve)(const ci_prepared *P, const VF *p, VF *t, int count) {
    if (P->bezier_tangent) {
        for (int v = 0; v < count; v++) t[v] = CI_FN(bezier_tangent_solve)(P, p[v]);
        return;
    }
    /* The start keeps the target q for the step; the rest of a half each stage
     * recomputes from p (a comparison and a few selects) rather than storing and
     * loading it again. */
#if CI_BEZIER_TABLE
    VM converged[CI_BEZIER_LANES];
    VF q[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) t[v] = CI_FN(bezier_table_start)(P, p[v], &q[v]);
    /* A loop for each (a constant), so that each keeps its own registers. */
    if (P->bezier_two_steps)
        for (int v = 0; v < count; v++)
            t[v] = CI_FN(bezier_table_step)(P, p[v], q[v], t[v], 1, &converged[v]);
    else
        for (int v = 0; v < count; v++)
            t[v] = CI_FN(bezier_table_step)(P, p[v], q[v], t[v], 0, &converged[v]);
    VM all = converged[0];
    for (int v = 1; v < count; v++) all = vm_and(all, converged[v]);
    if (!vm_all(all)) {
        int every_lane = 1;
        for (int v = 0; v < count; v++) {
            CI_FN(bezier_half) H = CI_FN(bezier_half_at)(P, p[v]);
            VF rescued = t[v];
            VM done = CI_FN(bezier_rescue)(P, &H, &rescued);
            t[v] = vf_select(converged[v], t[v], rescued);
            converged[v] = vm_or(converged[v], done);
            every_lane &= vm_all(converged[v]);
        }
        if (!every_lane) {
            CI_FN(bezier_half) H[CI_BEZIER_LANES];
            VF bracketed[CI_BEZIER_LANES];
            for (int v = 0; v < count; v++) H[v] = CI_FN(bezier_half_at)(P, p[v]);
            CI_FN(bezier_bracketed)(P, H, bracketed, count, CI_BEZIER_BISECTIONS,
                                    CI_BEZIER_NEWTON_STEPS);
            for (int v = 0; v < count; v++) t[v] = vf_select(converged[v], t[v], bracketed[v]);
        }
    }
#else
    CI_FN(bezier_half) H[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) H[v] = CI_FN(bezier_half_at)(P, p[v]);
    CI_FN(bezier_bracketed)(P, H, t, count, CI_BEZIER_BISECTIONS, CI_BEZIER_NEWTON_STEPS);
#endif
}

/* y for p from the t that bezier_solve found on p's half. Each caller uses the value
 * where it stores (rather than bezier_solve writing the values back over p, which
 * clang turned into a memcpy call per group for the store loop that followed). */
CI_INLINE VF CI_FN(bezier_value)(const ci_prepared *P, VF p, VF t) {
    VM lower = vm_lt(p, vf_set1(0.5f));
    VF r = CI_FN(bezier_coordinate)(t, CI_FN(bezier_weight)(P, lower, 2),
                                    CI_FN(bezier_weight)(P, lower, 3));
    /* At p = 0 and 1 (q = 0) every path leaves t = 0 exactly: y is 0 or 1. */
    return vf_select(lower, r, vf_sub(vf_set1(1.0f), r));
}

CI_INLINE VF CI_FN(bezier)(const ci_prepared *P, VF p) {
    VF t;
    CI_FN(bezier_solve)(P, &p, &t, 1);
    return CI_FN(bezier_value)(P, p, t);
}

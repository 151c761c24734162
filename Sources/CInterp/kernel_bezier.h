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

/* A bezier coordinate from P0 = 0, P1 = a, P2 = b, P3 = 1, in Bernstein form
 * t (3u (u a + t b) + t^2), u = 1 - t. With a, b >= 0 every term is non-negative, so
 * the rounding error stays relative to the result (the power basis loses it to
 * cancelling coefficients, which a steep end of the curve then amplifies). */
CI_INLINE VF CI_FN(bezier_coordinate)(VF t, VF a, VF b) {
    VF u = vf_sub(vf_set1(1.0f), t);
    VF inner = vf_fma(u, a, vf_mul(t, b));
    return vf_mul(t, vf_fma(vf_mul(vf_set1(3.0f), u), inner, vf_mul(t, t)));
}

/* The solve is one long dependent chain per vector, so bezier_lanes solves up to
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
 * basis (the Bernstein form's x1, x2 come from bezier_control when a step needs them:
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
    H.c = vf_select(lower, vf_set1(P->bezier_c), vf_set1(P->bezier_mirror_c));
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

/* x(t) in the Bernstein form, from the half's control points. */
CI_INLINE VF CI_FN(bezier_control)(const ci_prepared *P, const CI_FN(bezier_half) *H, VF t) {
    VF x1 = vf_select(H->lower, vf_set1(P->x1), vf_set1(1.0f - P->x2));
    VF x2 = vf_select(H->lower, vf_set1(P->x2), vf_set1(1.0f - P->x1));
    return CI_FN(bezier_coordinate)(t, x1, x2);
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

/* Backends with a lane lookup (CI_BEZIER_TABLE: vf_lookup32) start from a table
 * instead of bisecting.
 * At the start of a call bezier_prepare solves t at 17 points of x in [0, 1/2] for the
 * curve and for its mirror with the bracketed solve (a few vectors) and keeps the
 * secant of each of the 16 steps between them (or, for curves whose secants start
 * too far off, the parabola through each step's middle too; see bezier_prepare). The
 * steps are even in x, or even in
 * sqrt(x) where an end of the curve is flat (x'(0) = 0: ease-in, ease-out), where t
 * grows like sqrt(x) and a secant in x would start far off. From that start a Newton
 * step and a second step with the same slope reach float precision. The second step
 * shrinks the error by rho <= (2 max|x''| |first| + 2 e x') / x' (x' moves by at most
 * max|x''| times 2 |first correction| between the start and the root, max|x''| taken
 * over the lane's step widened by CI_BEZIER_TABLE_REACH; e covers the rounding of
 * 1 / x') and leaves at most |second| rho / (1 - rho). A lane where rho may
 * exceed 1/4 or that bound exceeds 2^-24 is not done: its group takes two more Newton
 * steps (bezier_rescue), and lanes still not done the bracketed solve. Each lane's
 * result depends on its own input alone either way. */
#ifndef CI_BEZIER_TABLE
#define CI_BEZIER_TABLE 0
#endif
#define CI_BEZIER_TABLE_STEPS 16 /* per half, so 32 entries */
/* Steps even in sqrt(x) where x'(0) of the curve or of its mirror is below this (its
 * secants are about 5x less close where the curve is not flat), else even in x. */
#define CI_BEZIER_ROOT_BELOW 0.5f
#define CI_BEZIER_TABLE_TOLERANCE 0x1p-24f /* in t */
#define CI_BEZIER_ROUNDING 0x1p-22f /* of 1 / x'(t) and the products around it */
/* How far beyond its step a lane's iterates may go (its first correction is at most a
 * quarter of this; the start lies in the step and the root within twice the first
 * correction of it): the steps' bounds on |x''| cover that much more. */
#define CI_BEZIER_TABLE_REACH 0x1p-6f

CI_INLINE void CI_FN(bezier_prepare)(ci_prepared *P) {
#if CI_BEZIER_TABLE
    if (P->kind != CI_CURVE_CUBIC_BEZIER) return;
    P->bezier_by_root =
        P->bezier_a < CI_BEZIER_ROOT_BELOW || P->bezier_mirror_a < CI_BEZIER_ROOT_BELOW;
    /* Entries per unit of sqrt(x) or of x, so that k = 0..16 covers x in [0, 1/2]. */
    P->bezier_scale = P->bezier_by_root ? 22.627416997969522f : 32.0f;
    enum { N = CI_BEZIER_TABLE_STEPS, POINTS = 2 * (N + 1), VECTORS = (POINTS + W - 1) / W };
    float q[VECTORS * W], lower[VECTORS * W], t[VECTORS * W];
    for (int i = 0; i < VECTORS * W; i++) {
        int k = i % (N + 1);
        float node = P->bezier_by_root ? (float)(k * k) / (2 * N * N) : (float)k / (2 * N);
        q[i] = i < POINTS ? node : 0.0f;
        lower[i] = i < N + 1 ? 1.0f : 0.0f;
    }
    CI_FN(bezier_half) H[VECTORS];
    VF solved[VECTORS];
    for (int v = 0; v < VECTORS; v++)
        H[v] = CI_FN(bezier_half_of)(P, vm_lt(vf_set1(0.5f), vf_loadu(lower + v * W)),
                                     vf_loadu(q + v * W));
    /* The table only places the start: 4 bisections and 2 Newton steps (about 1e-6)
     * made as many lanes converge as the full solve (measured before the rescue:
     * 3.54 % of 2,000 random curves' lanes fell back either way, none of CSS ease,
     * ease-in, ease-out, ease-in-out) in half its time: most of the cost of a short
     * call. */
    CI_FN(bezier_bracketed)(P, H, solved, VECTORS, 4, 2);
    for (int v = 0; v < VECTORS; v++) vf_storeu(t + v * W, solved[v]);
    /* Per step: the bound on |x''|, the secant (slope, intercept), the parabola through
     * the step's middle as well, and whether a lane started from the secant is likely
     * to fail the checks of bezier_from_table: with the secant off by about
     * e = |t(middle) - average of the ends|, the first step leaves about
     * max|x''| e^2 / (2 x') and the second shrinks that by rho = 2 max|x''| e / x'
     * (x' at the middle). A curve with such a step (easeInOutQuint's cubic-bezier, the
     * steps next to its steep middle) starts every lane from the parabolas: one lookup
     * and one FMA more per vector, which spares the rescue that nearly every group of
     * such a curve ran (2,000 random curves, 16k inputs in random order: 43 % of the
     * curves take the parabolas; groups rescued 34 % -> 4.6 %, given to the bracketed
     * solve 0.48 % -> 0.19 %). A heuristic: it decides only the speed, the lanes' checks
     * the accuracy. */
    float secant_slope[2 * N], secant_intercept[2 * N];
    VF secant_fails = vf_set1(0.0f); /* 1 in a lane whose step failed */
    for (int half = 0; half < 2; half++) {
        const float *at = t + half * (N + 1);
        /* x'' = 2b + 6c t is linear: over a step widened by the reach, its extremes
         * are at the ends. */
        const VF twice_b = vf_set1(2 * (half ? P->bezier_mirror_b : P->bezier_b));
        const VF six_c = vf_set1(6 * (half ? P->bezier_mirror_c : P->bezier_c));
        const VF reach = vf_set1(CI_BEZIER_TABLE_REACH), zero = vf_set1(0.0f);
        const VF scale = vf_set1(P->bezier_scale), half_step = vf_set1(0.5f / P->bezier_scale);
        CI_FN(bezier_half) this_half =
            CI_FN(bezier_half_of)(P, vm_lt(vf_set1(0.5f), vf_set1(half ? 0.0f : 1.0f)), zero);
        for (int k = 0; k < N; k += W) {
            VF from = vf_loadu(at + k), to = vf_loadu(at + k + 1);
            VF slope = vf_mul(vf_sub(to, from), scale);
            VF node = vf_mul(vf_add(vf_loadu(CI_FN(lane_index)), vf_set1((float)k)),
                             vf_set1(1.0f / P->bezier_scale));
            VF centre = vf_add(node, half_step);
            /* t at the step's middle: a Newton step from the ends' average, kept in the
             * step (the average is off by e, which the step squares). */
            CI_FN(bezier_half) middle = this_half;
            middle.q = P->bezier_by_root ? vf_mul(centre, centre) : centre;
            VF mid = vf_mul(vf_add(from, to), vf_set1(0.5f)), ignored;
            (void)CI_FN(bezier_newton)(P, &middle, &mid, 0, &ignored);
            mid = vf_min(vf_max(mid, from), to);
            VF low = vf_fma(six_c, vf_sub(from, reach), twice_b);
            VF high = vf_fma(six_c, vf_add(to, reach), twice_b);
            VF most = vf_max(vf_max(low, vf_sub(zero, low)), vf_max(high, vf_sub(zero, high)));
            VF bend = vf_add(most, most);
            vf_storeu(P->bezier_bend + half * N + k, bend);
            /* Divided differences over node, node + h/2, node + h (h = 1 / scale). */
            VF first_half = vf_mul(vf_sub(mid, from), vf_add(scale, scale));
            VF second_half = vf_mul(vf_sub(to, mid), vf_add(scale, scale));
            VF curvature = vf_mul(vf_sub(second_half, first_half), scale);
            vf_storeu(P->bezier_curvature + half * N + k, curvature);
            vf_storeu(P->bezier_slope + half * N + k,
                      vf_sub(first_half, vf_mul(curvature, vf_add(node, centre))));
            vf_storeu(P->bezier_intercept + half * N + k,
                      vf_fma(vf_mul(curvature, node), centre,
                             vf_sub(from, vf_mul(first_half, node))));
            /* The secant's start, kept in case no step needs the parabola. */
            vf_storeu(secant_slope + half * N + k, slope);
            vf_storeu(secant_intercept + half * N + k, vf_sub(from, vf_mul(node, slope)));
            VF e = vf_sub(mid, vf_mul(vf_add(from, to), vf_set1(0.5f)));
            e = vf_max(e, vf_sub(zero, e));
            VF dx = CI_FN(bezier_slope)(&this_half, mid);
            VF drift = vf_mul(bend, e);
            VF left = vf_mul(vf_mul(vf_mul(vf_mul(bend, vf_set1(0.25f)), e), e), drift);
            VM fails =
                vm_or(vm_or(vm_lt(vf_mul(dx, vf_set1(0.25f)), drift),
                            vm_lt(vf_set1(0.25f * CI_BEZIER_TABLE_REACH), e)),
                      vm_lt(vf_mul(vf_mul(dx, dx), vf_set1(0.75f * CI_BEZIER_TABLE_TOLERANCE)),
                            left));
            secant_fails = vf_max(secant_fails, vf_select(fails, vf_set1(1.0f), zero));
        }
    }
    float failed[W];
    vf_storeu(failed, secant_fails);
    P->bezier_quadratic = 0;
    for (int j = 0; j < W; j++) P->bezier_quadratic |= failed[j] > 0.0f;
    if (!P->bezier_quadratic) {
        memcpy(P->bezier_slope, secant_slope, sizeof secant_slope);
        memcpy(P->bezier_intercept, secant_intercept, sizeof secant_intercept);
    }
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
/* Each lane's start from the table (see above), and the bound on |x''| over its step:
 * a stage of its own, run over every vector of a group before bezier_from_table, so
 * that each stage's chain is short enough for the core to overlap several vectors. */
CI_INLINE VF CI_FN(bezier_table_start)(const ci_prepared *P, const CI_FN(bezier_half) *H,
                                       VF *bend) {
    const float N = (float)CI_BEZIER_TABLE_STEPS;
    /* Entry k = round(root scale - 1/2), plus N for the mirror, with root = q or its
     * square root. Only IEEE operations (no reciprocal or square-root estimates, whose
     * low bits differ between CPU vendors: 2.5 % faster), so every x86 CPU gives the
     * same bits. */
    VF root = H->q;
    if (P->bezier_by_root) root = vf_sqrt(root);
    VF s = vf_min(vf_fma(root, vf_set1(P->bezier_scale), vf_set1(-0.5f)), vf_set1(N - 1));
    s = vf_select(H->lower, s, vf_add(s, vf_set1(N)));
    VI bits;
    (void)CI_FN(round)(s, &bits);
    VI entry =
        vi_and(bits, vi_set1(2 * CI_BEZIER_TABLE_STEPS - 1)); /* the magic's low bits are 0 */
    VF slope = vf_lookup32(P->bezier_slope, entry);
    if (P->bezier_quadratic) slope = vf_fma(root, vf_lookup32(P->bezier_curvature, entry), slope);
    *bend = vf_lookup32(P->bezier_bend, entry);
    return vf_fma(root, slope, vf_lookup32(P->bezier_intercept, entry));
}

/* t from the table's start u and two steps (see above); the mask holds the lanes that
 * converged. */
CI_INLINE VM CI_FN(bezier_from_table)(const CI_FN(bezier_half) *H, VF u, VF bend, VF *t) {
    VF dx = CI_FN(bezier_slope)(H, u);
    VF inverse_dx = vf_div(vf_set1(1.0f), dx);
    /* x(t) in the power basis for both steps: 3 operations instead of 7. A conformance
     * sweep of 8,000 curves measured a worst error of 4.5e-7 so (2.8e-7 with the
     * Bernstein form in the second step; bound 2e-6) at 7 % less time. */
    VF first = vf_mul(vf_sub(CI_FN(bezier_power)(H, u), H->q), inverse_dx);
    u = vf_sub(u, first);
    VF second = vf_mul(vf_sub(CI_FN(bezier_power)(H, u), H->q), inverse_dx);
    *t = CI_FN(clamp01)(vf_sub(u, second));
    /* rho = drift / x' <= 1/4 and |second| rho / (1 - rho) < the tolerance. */
    VF step = vf_max(first, vf_sub(vf_set1(0.0f), first));
    VF drift = vf_fma(step, bend, vf_mul(dx, vf_set1(2 * CI_BEZIER_ROUNDING)));
    VF left = vf_mul(vf_max(second, vf_sub(vf_set1(0.0f), second)), drift);
    return vm_and(vm_and(vm_lt(drift, vf_mul(dx, vf_set1(0.25f))),
                         vm_lt(step, vf_set1(0.25f * CI_BEZIER_TABLE_REACH))),
                  vm_lt(left, vf_mul(dx, vf_set1(0.75f * CI_BEZIER_TABLE_TOLERANCE))));
}

/* Two more Newton steps from where the table's two left t, for a group in which some
 * lane did not settle (a start far off, as in the steep middle of easeInOutQuint's
 * cubic-bezier, or a flat x'(t) nearby). A lane is done when its last correction d
 * stayed within the bend bound's reach and leaves at most max|x''| d^2 / (2 x') in t
 * below the tolerance; the rest take the bracketed solve. */
#define CI_BEZIER_RESCUE_STEPS 2
CI_INLINE VM CI_FN(bezier_rescue)(const ci_prepared *P, const CI_FN(bezier_half) *H, VF bend,
                                  VF *t) {
    VF correction = vf_set1(0.0f), dx = vf_set1(1.0f);
    /* The last step in the Bernstein form: these lanes are where x(t) is flat or curved
     * enough for the power basis's rounding to show (the sweep's worst error was 8.0e-7
     * with it, against 4.3e-7 without the rescue). */
    for (int k = 0; k < CI_BEZIER_RESCUE_STEPS; k++)
        correction = CI_FN(bezier_newton)(P, H, t, k + 1 == CI_BEZIER_RESCUE_STEPS, &dx);
    *t = CI_FN(clamp01)(*t);
    /* The step leaves at most d (max|x''| d / 2 + 2 e x') / x' = d (bend d + 8 e x') /
     * (4 x'), e the rounding as above. */
    VF step = vf_max(correction, vf_sub(vf_set1(0.0f), correction));
    VF left = vf_mul(step, vf_fma(step, bend, vf_mul(dx, vf_set1(8 * CI_BEZIER_ROUNDING))));
    return vm_and(vm_lt(step, vf_set1(0.25f * CI_BEZIER_TABLE_REACH)),
                  vm_lt(left, vf_mul(dx, vf_set1(4 * CI_BEZIER_TABLE_TOLERANCE))));
}
#endif

/* Solve x(t) = p (x is monotone: x1, x2 in [0, 1]) and return y(t), for `count`
 * vectors at once (a constant after inlining). */
CI_INLINE void CI_FN(bezier_lanes)(const ci_prepared *P, VF *p, int count) {
    const VF one = vf_set1(1.0f);
    VF t[CI_BEZIER_LANES];
    /* Each step recomputes the halves from p (a comparison and four selects) rather
     * than keeping them: four vectors and a mask per vector to store and load again. */
#if CI_BEZIER_TABLE
    VM converged[CI_BEZIER_LANES];
    VF bend[CI_BEZIER_LANES];
    int every_lane = 1;
    for (int v = 0; v < count; v++) {
        CI_FN(bezier_half) H = CI_FN(bezier_half_at)(P, p[v]);
        t[v] = CI_FN(bezier_table_start)(P, &H, &bend[v]);
    }
    for (int v = 0; v < count; v++) {
        CI_FN(bezier_half) H = CI_FN(bezier_half_at)(P, p[v]);
        converged[v] = CI_FN(bezier_from_table)(&H, t[v], bend[v], &t[v]);
        every_lane &= vm_all(converged[v]);
    }
    if (!every_lane) {
        every_lane = 1;
        for (int v = 0; v < count; v++) {
            CI_FN(bezier_half) H = CI_FN(bezier_half_at)(P, p[v]);
            VF rescued = t[v];
            VM done = CI_FN(bezier_rescue)(P, &H, bend[v], &rescued);
            t[v] = vf_select(converged[v], t[v], rescued);
            converged[v] = vm_or(converged[v], done);
            every_lane &= vm_all(converged[v]);
        }
    }
    if (!every_lane) {
        CI_FN(bezier_half) H[CI_BEZIER_LANES];
        VF bracketed[CI_BEZIER_LANES];
        for (int v = 0; v < count; v++) H[v] = CI_FN(bezier_half_at)(P, p[v]);
        CI_FN(bezier_bracketed)(P, H, bracketed, count, CI_BEZIER_BISECTIONS,
                                CI_BEZIER_NEWTON_STEPS);
        for (int v = 0; v < count; v++) t[v] = vf_select(converged[v], t[v], bracketed[v]);
    }
#else
    {
        CI_FN(bezier_half) H[CI_BEZIER_LANES];
        for (int v = 0; v < count; v++) H[v] = CI_FN(bezier_half_at)(P, p[v]);
        CI_FN(bezier_bracketed)(P, H, t, count, CI_BEZIER_BISECTIONS, CI_BEZIER_NEWTON_STEPS);
    }
#endif
    for (int v = 0; v < count; v++) {
        VM lower = vm_lt(p[v], vf_set1(0.5f));
        VF y1 = vf_select(lower, vf_set1(P->y1), vf_set1(1.0f - P->y2));
        VF y2 = vf_select(lower, vf_set1(P->y2), vf_set1(1.0f - P->y1));
        VF r = CI_FN(bezier_coordinate)(t[v], y1, y2);
        /* At p = 0 and 1 (q = 0) every path leaves t = 0 exactly: y is 0 or 1. */
        p[v] = vf_select(lower, r, vf_sub(one, r));
    }
}

CI_INLINE VF CI_FN(bezier)(const ci_prepared *P, VF p) {
    CI_FN(bezier_lanes)(P, &p, 1);
    return p;
}

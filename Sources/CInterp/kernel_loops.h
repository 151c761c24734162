/*
 * kernel_loops.h: The curve loops over buffers: tail handling, the non-finite summary
 * each call returns, easing and spring loops. Loops add no error of their own.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* Partial vectors at the tail go through a small buffer, so any count and any
 * alignment work with full-width code. */
CI_INLINE VF CI_FN(load)(const float *p, size_t m) {
    if (m == W) return vf_loadu(p);
    float buffer[W] = {0};
    for (size_t j = 0; j < m; j++) buffer[j] = p[j];
    return vf_loadu(buffer);
}

CI_INLINE void CI_FN(store)(float *p, VF v, size_t m) {
    if (m == W) {
        vf_storeu(p, v);
        return;
    }
    float buffer[W];
    vf_storeu(buffer, v);
    for (size_t j = 0; j < m; j++) p[j] = buffer[j];
}

/* x - x is +0 (all bits clear) for finite x and NaN otherwise; the bits are ORed into
 * the summary. An OR, not an add: the summary is a chain through every vector of a
 * loop, and a one-cycle link keeps short loops from waiting on it. */
CI_INLINE VF CI_FN(track_finite)(VF summary, VF x) {
    return vi_as_vf(vi_or(vf_as_vi(summary), vf_as_vi(vf_sub(x, x))));
}

CI_INLINE int CI_FN(saw_nonfinite)(VF summary) {
    float lanes[W];
    int32_t bits[W];
    vf_storeu(lanes, summary);
    memcpy(bits, lanes, sizeof bits);
    int32_t any = 0;
    for (int j = 0; j < W; j++) any |= bits[j];
    return any != 0;
}

/* Every loop runs its full vectors first and the partial tail once after, through an
 * inlined block function: with m = W the tail checks fold away, and no buffer copy
 * (a memcpy call) sits inside the loop to force its carried values onto the stack. */

CI_INLINE VF CI_FN(ease_block)(const ci_prepared *P, int kind, int direction, int divide,
                               const float *in, float *out, size_t m, VF finite) {
    const VF input = CI_FN(load)(in, m);
    finite = CI_FN(track_finite)(finite, input);
    VF p = divide ? vf_div(input, vf_set1(P->duration)) : input;
    VF y = CI_FN(ease_shape)(P, kind, direction, CI_SIDES_MIXED, CI_FN(clamp01)(p));
    /* Before the start by the time itself: a tiny negative time over a long duration
     * would divide to -0. */
    if (divide && P->holds_start) y = vf_select(vm_lt(input, vf_set1(0.0f)), vf_set1(0.0f), y);
    CI_FN(store)(out, y, m);
    return finite;
}

/* `count` full vectors of cubic-bezier easing solved side by side (see bezier_solve). */
CI_INLINE VF CI_FN(bezier_blocks)(const ci_prepared *P, const float *in, float *out, int count,
                                  VF finite) {
    VF p[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) {
        p[v] = vf_loadu(in + v * W);
        finite = CI_FN(track_finite)(finite, p[v]);
        if (P->divide_by_duration) p[v] = vf_div(p[v], vf_set1(P->duration));
        p[v] = CI_FN(clamp01)(p[v]);
    }
    VF t[CI_BEZIER_LANES];
    CI_FN(bezier_solve)(P, p, t, count);
    for (int v = 0; v < count; v++) vf_storeu(out + v * W, CI_FN(bezier_value)(P, p[v], t[v]));
    return finite;
}

/* Easing over [i, n) for any curve (cubic-bezier's groups, the tail), out of line so
 * that the specialized loops of ease_loop keep their registers. */
static __attribute__((noinline)) VF CI_FN(ease_range_generic)(const ci_prepared *P, const float *in,
                                                              float *out, size_t i, size_t n,
                                                              VF finite) {
    ci_prepared storage;
    P = CI_FN(with_bezier_table)(P, &storage);
    if (P->kind == CI_CURVE_CUBIC_BEZIER) {
        for (; i + CI_BEZIER_LANES * W <= n; i += CI_BEZIER_LANES * W)
            finite = CI_FN(bezier_blocks)(P, in + i, out + i, CI_BEZIER_LANES, finite);
        for (; i + CI_BEZIER_TAIL_LANES * W <= n; i += CI_BEZIER_TAIL_LANES * W)
            finite = CI_FN(bezier_blocks)(P, in + i, out + i, CI_BEZIER_TAIL_LANES, finite);
    }
    const int divide = P->divide_by_duration;
    for (; i + W <= n; i += W)
        finite = CI_FN(ease_block)(P, P->kind, P->direction, divide, in + i, out + i, W, finite);
    if (i < n)
        finite =
            CI_FN(ease_block)(P, P->kind, P->direction, divide, in + i, out + i, n - i, finite);
    return finite;
}

/* Full vectors from *i towards n under one curve shape (see sample_run). */
CI_INLINE VF CI_FN(ease_run)(const ci_prepared *P, int kind, int direction, const float *in,
                             float *out, size_t *begin, size_t n, VF finite) {
    size_t i = *begin;
    /* One loop per value of divide_by_duration: clang keeps the test inside a loop of
     * this size, where it costs a branch and a register copy per vector. */
    if (P->divide_by_duration)
        for (; i + W <= n; i += W)
            finite = CI_FN(ease_block)(P, kind, direction, 1, in + i, out + i, W, finite);
    else
        for (; i + W <= n; i += W)
            finite = CI_FN(ease_block)(P, kind, direction, 0, in + i, out + i, W, finite);
    *begin = i;
    return finite;
}

static int CI_FN(ease_loop)(const ci_prepared *shared_curve, const float *in, float *out,
                            size_t n) {
    const ci_prepared curve = *shared_curve, *P = &curve; /* see sample_range */
    VF finite = vf_set1(0.0f);
    size_t i = 0;
#define CI_EASE_RUN(kind, direction)                                                    \
    finite = CI_FN(ease_run)(P, kind, direction, in, out, &i, n, finite);
    CI_FOR_SHAPE(P, CI_EASE_RUN)
#undef CI_EASE_RUN
    return CI_FN(saw_nonfinite)(CI_FN(ease_range_generic)(shared_curve, in, out, i, n, finite));
}

CI_INLINE VF CI_FN(spring_block)(const ci_prepared *P, const float *time, float *value,
                                 float *velocity, size_t m, VF finite) {
    VF t = CI_FN(load)(time, m);
    finite = CI_FN(track_finite)(finite, t);
    t = CI_FN(spring_time)(t);
    if (P->factored_under) {
        /* The terms factored around e (1/omega folded into b and k): two multiplies
         * fewer than through eC and eS, for the most common spring. */
        VF e, s, c;
        CI_FN(spring_oscillation)(P, t, &e, &s, &c);
        if (velocity)
            CI_FN(store)(velocity,
                         vf_mul(e, vf_fma(vf_set1(P->v0), c, vf_mul(vf_set1(P->k_over_omega), s))),
                         m);
        if (value) {
            VF negative_phase = vf_fma(vf_set1(-P->delta), c, vf_mul(vf_set1(-P->b_over_omega), s));
            CI_FN(store)(value, vf_fma(e, negative_phase, vf_set1(P->delta)), m);
        }
        return finite;
    }
    VF eC, eS;
    CI_FN(spring_terms)(P, t, &eC, &eS);
    if (velocity) CI_FN(store)(velocity, vf_fma(vf_set1(P->v0), eC, vf_mul(vf_set1(P->k), eS)), m);
    if (value) CI_FN(store)(value, CI_FN(spring_value)(P, eC, eS), m);
    return finite;
}

static int CI_FN(spring_loop)(const ci_prepared *P, const float *time, float *value,
                              float *velocity, size_t n) {
    VF finite = vf_set1(0.0f);
    size_t i = 0;
    for (; i + W <= n; i += W)
        finite = CI_FN(spring_block)(P, time + i, value ? value + i : NULL,
                                     velocity ? velocity + i : NULL, W, finite);
    if (i < n)
        finite = CI_FN(spring_block)(P, time + i, value ? value + i : NULL,
                                     velocity ? velocity + i : NULL, n - i, finite);
    return CI_FN(saw_nonfinite)(finite);
}

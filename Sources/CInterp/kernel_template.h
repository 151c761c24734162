/*
 * kernel_template.h: every algorithm of the kernel, written once.
 *
 * A backend file includes SIMDe for its instruction set, then one vec_*.h that maps the
 * small vector vocabulary below onto it, defines CI_PREFIX, and includes this file. The
 * result is a ci_kernel_table named CI_TABLE. The vocabulary:
 *
 *   VF float lanes, VI int32 lanes, VM comparison mask, W lane count, CI_HAS_FMA
 *   vf_set1 vf_loadu vf_storeu vf_add vf_sub vf_mul vf_div vf_min vf_max vf_sqrt
 *   vf_fma(a,b,c) = a*b+c (fused only when CI_HAS_FMA), vf_fms(a,b,c) = a*b-c (fused;
 *   only when CI_HAS_FMA), vi_set1 vi_add vi_sub vi_and vi_or vi_xor
 *   vi_andnot(a,b) = ~a & b, vi_shl(v, imm), vf_as_vi vi_as_vf (bit casts),
 *   vm_lt vm_eq vm_and vm_or, vf_select(m, if_true, if_false).
 *
 * Nothing here branches per lane: piecewise curves compute every piece and select, so
 * a lane's result does not depend on its neighbours or its position in the buffer.
 * Backends differ only where the ISA fuses a*b+c (within the documented bounds) and in
 * the unspecified lanes of non-finite inputs (min/max treat NaN differently per ISA).
 */

/* Contraction would make results depend on the compiler; fused operations are asked
 * for explicitly (vf_fma) where the algorithm wants them. */
#pragma STDC FP_CONTRACT OFF

/* Per-lane helpers must inline into the loops: a call would pass vectors through the
 * stack and cost more than most curves. */
#define CI_INLINE static inline __attribute__((always_inline))

#define CI_CAT2(a, b) a##b
#define CI_CAT(a, b) CI_CAT2(a, b)
#define CI_FN(name) CI_CAT(CI_PREFIX, name)

/* ---- elementary helpers ------------------------------------------------------- */

CI_INLINE VF CI_FN(clamp01)(VF x) {
    return vf_min(vf_max(x, vf_set1(0.0f)), vf_set1(1.0f));
}

CI_INLINE VF CI_FN(bitselect)(VI mask, VF if_set, VF if_clear) {
    return vi_as_vf(vi_or(vi_and(mask, vf_as_vi(if_set)),
                          vi_andnot(mask, vf_as_vi(if_clear))));
}

/* Round to nearest by the 1.5 * 2^23 trick (valid for |x| < 2^22); also gives the
 * integer, read from the low mantissa bits, with no float-to-int conversion (AVX-512F
 * in SIMDe 0.7.4 lacks some of those). */
#define CI_ROUND_MAGIC 12582912.0f
#define CI_ROUND_MAGIC_BITS 0x4B400000
CI_INLINE VF CI_FN(round)(VF x, VI *as_int) {
    VF t = vf_add(x, vf_set1(CI_ROUND_MAGIC));
    *as_int = vi_sub(vf_as_vi(t), vi_set1(CI_ROUND_MAGIC_BITS));
    return vf_sub(t, vf_set1(CI_ROUND_MAGIC));
}

/* a*b - product, exactly (product = fl(a*b)): FMA where the ISA has it, else Dekker's
 * split product. Used where a float rounding would move a step edge or a delay. */
CI_INLINE VF CI_FN(product_error)(VF a, VF b, VF product) {
#if CI_HAS_FMA
    return vf_fms(a, b, product);
#else
    const VF split = vf_set1(4097.0f); /* 2^12 + 1 */
    VF ca = vf_mul(a, split), cb = vf_mul(b, split);
    VF ah = vf_sub(ca, vf_sub(ca, a)), al = vf_sub(a, ah);
    VF bh = vf_sub(cb, vf_sub(cb, b)), bl = vf_sub(b, bh);
    VF e = vf_sub(vf_mul(ah, bh), product);
    e = vf_add(e, vf_mul(ah, bl));
    e = vf_add(e, vf_mul(al, bh));
    return vf_add(e, vf_mul(al, bl));
#endif
}

/* 2^x. Range-reduced to f in [-1/2, 1/2], degree-7 Taylor polynomial of 2^f
 * (truncation < 6e-9 relative), scaled by 2^n built in the exponent bits. Below -126
 * the result is 0 (no denormals: a decayed spring term must vanish, not linger at
 * 2^-126 and be multiplied by a huge time); above 126 it saturates at 2^126, which no
 * curve reaches. Max error about 2 ulp. */
CI_INLINE VF CI_FN(exp2)(VF x) {
    VM underflow = vm_lt(x, vf_set1(-126.0f));
    x = vf_min(vf_max(x, vf_set1(-126.0f)), vf_set1(126.0f));
    VI n;
    VF r = CI_FN(round)(x, &n);
    VF f = vf_sub(x, r);
    VF p = vf_set1(1.5252733804059841e-05f);
    p = vf_fma(p, f, vf_set1(1.5403530393381608e-04f));
    p = vf_fma(p, f, vf_set1(1.3333558146428443e-03f));
    p = vf_fma(p, f, vf_set1(9.6181291076284772e-03f));
    p = vf_fma(p, f, vf_set1(5.5504108664821580e-02f));
    p = vf_fma(p, f, vf_set1(2.4022650695910071e-01f));
    p = vf_fma(p, f, vf_set1(6.9314718055994531e-01f));
    p = vf_fma(p, f, vf_set1(1.0f));
    VF scale = vi_as_vf(vi_shl(vi_add(n, vi_set1(127)), 23));
    return vf_select(underflow, vf_set1(0.0f), vf_mul(p, scale));
}

/* e^x = 2^(x log2 e). The product adds |x| * 2^-24 of absolute error to the exponent,
 * i.e. a relative error of |x| e^x 2^-24 <= 2.2e-8 for x <= 0, the range we use. */
CI_INLINE VF CI_FN(exp)(VF x) {
    return CI_FN(exp2)(vf_mul(x, vf_set1(1.4426950408889634f)));
}

/* sin and cos together. Quadrant reduction with pi/2 split in three parts whose
 * leading part has 8 significant bits (q * part exact for |q| < 2^16, without FMA
 * too); arguments are clamped to |x| <= 65000 so that holds and the result stays
 * bounded. Taylor polynomials on [-pi/4, pi/4] (degree 9 for sin, 10 for cos;
 * truncation < 3e-9). Max error about 2 ulp of 1 for |x| < 1e4 rad. (A float argument
 * x carries its own rounding of |x| 2^-24: phase is only as good as its input.) */
CI_INLINE void CI_FN(sincos)(VF x, VF *sin_out, VF *cos_out) {
    x = vf_min(vf_max(x, vf_set1(-65000.0f)), vf_set1(65000.0f));
    VI q;
    VF qf = CI_FN(round)(vf_mul(x, vf_set1(0.63661977236758134f)), &q);
    VF r = vf_fma(qf, vf_set1(-1.5703125f), x);
    r = vf_fma(qf, vf_set1(-4.837512969970703125e-4f), r);
    r = vf_fma(qf, vf_set1(-7.54978995489188216e-8f), r);
    VF r2 = vf_mul(r, r);

    VF s = vf_set1(2.7557319223985893e-06f);
    s = vf_fma(s, r2, vf_set1(-1.9841269841269841e-04f));
    s = vf_fma(s, r2, vf_set1(8.3333333333333333e-03f));
    s = vf_fma(s, r2, vf_set1(-1.6666666666666667e-01f));
    s = vf_fma(vf_mul(s, r2), r, r);

    VF c = vf_set1(-2.7557319223985888e-07f);
    c = vf_fma(c, r2, vf_set1(2.4801587301587302e-05f));
    c = vf_fma(c, r2, vf_set1(-1.3888888888888889e-03f));
    c = vf_fma(c, r2, vf_set1(4.1666666666666667e-02f));
    c = vf_fma(c, r2, vf_set1(-0.5f));
    c = vf_fma(c, r2, vf_set1(1.0f));

    /* Odd quadrants swap sin and cos; bit 1 of q (of q + 1 for cos) flips the sign. */
    VI swap = vi_sub(vi_set1(0), vi_and(q, vi_set1(1)));
    VI sin_sign = vi_shl(vi_and(q, vi_set1(2)), 30);
    VI cos_sign = vi_shl(vi_and(vi_add(q, vi_set1(1)), vi_set1(2)), 30);
    *sin_out = vi_as_vf(vi_xor(vf_as_vi(CI_FN(bitselect)(swap, c, s)), sin_sign));
    *cos_out = vi_as_vf(vi_xor(vf_as_vi(CI_FN(bitselect)(swap, s, c)), cos_sign));
}

/* floor(a * b) of the exact product, for 0 <= a*b < 2^22. */
CI_INLINE VF CI_FN(floor_product)(VF a, VF b) {
    VF product = vf_mul(a, b);
    VI ignored;
    VF k = CI_FN(round)(product, &ignored);
    (void)ignored;
    k = vf_select(vm_lt(product, k), vf_sub(k, vf_set1(1.0f)), k);
    /* product rounded up onto an integer the exact value lies below. */
    VM below = vm_and(vm_eq(product, k),
                      vm_lt(CI_FN(product_error)(a, b, product), vf_set1(0.0f)));
    return vf_select(below, vf_sub(k, vf_set1(1.0f)), k);
}

/* ---- Penner families: the "in" function f(u), u in [0, 1] --------------------- */

/* 1 - cos(u pi/2) for u in [0, 1]: the argument never leaves [0, pi/2], so no range
 * reduction and one polynomial (Taylor to x^14, truncation < 1.5e-10 at pi/2) instead
 * of sincos's two and its quadrant selects. Written as x^2 (1/2 - x^2 (1/24 - ...)),
 * which is 1 - cos x without the cancellation of subtracting from 1. */
CI_INLINE VF CI_FN(sine_in)(VF u) {
    VF x = vf_mul(u, vf_set1(1.5707963267948966f));
    VF x2 = vf_mul(x, x);
    VF c = vf_set1(-1.1470745597729725e-11f); /* -1/14! ... alternating up to 1/2! */
    c = vf_fma(c, x2, vf_set1(2.0876756987868099e-09f));
    c = vf_fma(c, x2, vf_set1(-2.7557319223985888e-07f));
    c = vf_fma(c, x2, vf_set1(2.4801587301587302e-05f));
    c = vf_fma(c, x2, vf_set1(-1.3888888888888889e-03f));
    c = vf_fma(c, x2, vf_set1(4.1666666666666667e-02f));
    c = vf_fma(c, x2, vf_set1(-0.5f));
    return vf_sub(vf_set1(0.0f), vf_mul(c, x2));
}

CI_INLINE VF CI_FN(expo_in)(VF u) {
    VF y = CI_FN(exp2)(vf_fma(u, vf_set1(10.0f), vf_set1(-10.0f)));
    return vf_select(vm_eq(u, vf_set1(0.0f)), vf_set1(0.0f), y);
}

CI_INLINE VF CI_FN(circ_in)(VF u) {
    /* 1 - u^2 as (1 - u)(1 + u): exact factors keep the steep end accurate. */
    VF one = vf_set1(1.0f);
    return vf_sub(one, vf_sqrt(vf_mul(vf_sub(one, u), vf_add(one, u))));
}

/* s3 u^3 - s u^2 written as u^3 + s u^2 (u - 1), which is exactly 1 at u = 1. */
#define CI_BACK_S 1.70158f
CI_INLINE VF CI_FN(back_in)(VF u) {
    VF u2 = vf_mul(u, u);
    return vf_fma(vf_mul(vf_set1(CI_BACK_S), u2), vf_sub(u, vf_set1(1.0f)),
                  vf_mul(u2, u));
}

#define CI_ELASTIC_C4 2.0943951023931955f /* 2 pi / 3 */
CI_INLINE VF CI_FN(elastic_in)(VF u) {
    VF e = CI_FN(exp2)(vf_fma(u, vf_set1(10.0f), vf_set1(-10.0f)));
    VF s, c;
    CI_FN(sincos)(vf_mul(vf_fma(u, vf_set1(10.0f), vf_set1(-10.75f)),
                         vf_set1(CI_ELASTIC_C4)), &s, &c);
    VF y = vf_sub(vf_set1(0.0f), vf_mul(e, s));
    y = vf_select(vm_eq(u, vf_set1(0.0f)), vf_set1(0.0f), y);
    return vf_select(vm_eq(u, vf_set1(1.0f)), vf_set1(1.0f), y);
}

/* Penner's bounce-out: four parabolas n (q - c)^2 + a, chosen per lane. */
CI_INLINE VF CI_FN(bounce_out)(VF q) {
    VF c = vf_set1(2.625f / 2.75f), a = vf_set1(0.984375f);
    VM m = vm_lt(q, vf_set1(2.5f / 2.75f));
    c = vf_select(m, vf_set1(2.25f / 2.75f), c);
    a = vf_select(m, vf_set1(0.9375f), a);
    m = vm_lt(q, vf_set1(2.0f / 2.75f));
    c = vf_select(m, vf_set1(1.5f / 2.75f), c);
    a = vf_select(m, vf_set1(0.75f), a);
    m = vm_lt(q, vf_set1(1.0f / 2.75f));
    c = vf_select(m, vf_set1(0.0f), c);
    a = vf_select(m, vf_set1(0.0f), a);
    VF d = vf_sub(q, c);
    return vf_fma(vf_mul(vf_set1(7.5625f), d), d, a);
}

CI_INLINE VF CI_FN(bounce_in)(VF u) {
    VF one = vf_set1(1.0f);
    return vf_sub(one, CI_FN(bounce_out)(vf_sub(one, u)));
}

CI_INLINE VF CI_FN(family_in)(int kind, VF u) {
    switch (kind) {
    case CI_CURVE_SINE: return CI_FN(sine_in)(u);
    case CI_CURVE_QUAD: return vf_mul(u, u);
    case CI_CURVE_CUBIC: return vf_mul(vf_mul(u, u), u);
    case CI_CURVE_QUART: { VF u2 = vf_mul(u, u); return vf_mul(u2, u2); }
    case CI_CURVE_QUINT: { VF u2 = vf_mul(u, u); return vf_mul(vf_mul(u2, u2), u); }
    case CI_CURVE_EXPO: return CI_FN(expo_in)(u);
    case CI_CURVE_CIRC: return CI_FN(circ_in)(u);
    case CI_CURVE_BACK: return CI_FN(back_in)(u);
    case CI_CURVE_ELASTIC: return CI_FN(elastic_in)(u);
    default: return CI_FN(bounce_in)(u);
    }
}

/* in: f(p); out: 1 - f(1 - p); inOut: p < 1/2 ? f(2p)/2 : 1 - f(2 - 2p)/2, which are
 * Penner's formulas rearranged around one evaluation of f per lane. */
CI_INLINE VF CI_FN(penner)(const ci_prepared *P, VF p) {
    VM lo = vm_lt(p, vf_set1(P->split));
    VF u = vf_fma(vf_select(lo, vf_set1(P->a_lo), vf_set1(P->a_hi)), p,
                  vf_select(lo, vf_set1(P->b_lo), vf_set1(P->b_hi)));
    VF r = vf_mul(CI_FN(family_in)(P->kind, u), vf_set1(P->scale));
    return vf_select(lo, r, vf_sub(vf_set1(1.0f), r));
}

/* Back inOut uses s * 1.525 instead of s (Penner; GSAP and anime.js drop it). */
CI_INLINE VF CI_FN(back_in_out)(VF p) {
    const float s2 = CI_BACK_S * 1.525f;
    VM lo = vm_lt(p, vf_set1(0.5f));
    VF w = vf_add(p, p);
    w = vf_select(lo, w, vf_sub(w, vf_set1(2.0f)));
    VF g = vf_mul(vf_mul(w, w),
                  vf_fma(vf_set1(s2 + 1.0f), w, vf_select(lo, vf_set1(-s2), vf_set1(s2))));
    VF half = vf_mul(g, vf_set1(0.5f));
    return vf_select(lo, half, vf_add(half, vf_set1(1.0f)));
}

#define CI_ELASTIC_C5 1.3962634015954636f /* 2 pi / 4.5 */
CI_INLINE VF CI_FN(elastic_in_out)(VF p) {
    VM lo = vm_lt(p, vf_set1(0.5f));
    VF x = vf_fma(p, vf_set1(20.0f), vf_set1(-10.0f));
    VF e = CI_FN(exp2)(vf_select(lo, x, vf_sub(vf_set1(0.0f), x)));
    VF s, c;
    CI_FN(sincos)(vf_mul(vf_fma(p, vf_set1(20.0f), vf_set1(-11.125f)),
                         vf_set1(CI_ELASTIC_C5)), &s, &c);
    VF r = vf_mul(vf_mul(e, s), vf_set1(0.5f));
    VF y = vf_select(lo, vf_sub(vf_set1(0.0f), r), vf_add(r, vf_set1(1.0f)));
    y = vf_select(vm_eq(p, vf_set1(0.0f)), vf_set1(0.0f), y);
    return vf_select(vm_eq(p, vf_set1(1.0f)), vf_set1(1.0f), y);
}

/* ---- CSS cubic-bezier and steps ----------------------------------------------- */

/* A bezier coordinate from P0 = 0, P1 = a, P2 = b, P3 = 1, in Bernstein form
 * t (3u (u a + t b) + t^2), u = 1 - t. With a, b >= 0 every term is non-negative, so
 * the rounding error stays relative to the result (the power basis loses it to
 * cancelling coefficients, which a steep end of the curve then amplifies). */
CI_INLINE VF CI_FN(bezier_coordinate)(VF t, VF a, VF b) {
    VF u = vf_sub(vf_set1(1.0f), t);
    VF inner = vf_fma(u, a, vf_mul(t, b));
    return vf_mul(t, vf_fma(vf_mul(vf_set1(3.0f), u), inner, vf_mul(t, t)));
}

/* 8 bisections leave a bracket of 2^-8; 3 safeguarded Newton steps then reach float
 * precision. Measured on 3,000 random curves (y in [-1, 2]) x 4,001 points: the worst
 * error is 0.45 of the promised bound, the same as with 16 + 2 steps. */
#define CI_BEZIER_BISECTIONS 8
#define CI_BEZIER_NEWTON_STEPS 3

/* Solve x(t) = p (x is monotone: x1, x2 in [0, 1]) and return y(t).
 * Lanes with p >= 1/2 solve the mirrored curve instead (control points 1 - x2, 1 - x1
 * for the target 1 - p, result 1 - y~), so every lane solves where its coordinate is
 * small and relatively accurate: near p = 1 the mirror keeps 1 - x exact enough for a
 * nearly flat x(t). Then bisection, then Newton steps kept inside the bracket. A
 * fixed count keeps every lane in step; the bracket makes a flat x'(t) harmless. */
CI_INLINE VF CI_FN(bezier)(const ci_prepared *P, VF p) {
    const VF one = vf_set1(1.0f), half = vf_set1(0.5f);
    VM lo_half = vm_lt(p, half);
    VF q = vf_select(lo_half, p, vf_sub(one, p));
    VF x1 = vf_select(lo_half, vf_set1(P->x1), vf_set1(1.0f - P->x2));
    VF x2 = vf_select(lo_half, vf_set1(P->x2), vf_set1(1.0f - P->x1));

    VF lo = vf_set1(0.0f), hi = one;
    for (int k = 0; k < CI_BEZIER_BISECTIONS; k++) {
        VF mid = vf_mul(vf_add(lo, hi), half);
        VM below = vm_lt(CI_FN(bezier_coordinate)(mid, x1, x2), q);
        lo = vf_select(below, mid, lo);
        hi = vf_select(below, hi, mid);
    }
    VF t = vf_mul(vf_add(lo, hi), half);
    /* x'(t) = 3 (u^2 x1 + 2 u t (x2 - x1) + t^2 (1 - x2)) */
    const VF three = vf_set1(3.0f), x21 = vf_mul(vf_set1(2.0f), vf_sub(x2, x1));
    const VF x3 = vf_sub(one, x2);
    for (int k = 0; k < CI_BEZIER_NEWTON_STEPS; k++) {
        VF u = vf_sub(one, t);
        VF dx = vf_mul(three, vf_fma(vf_mul(u, u), x1, vf_mul(t, vf_fma(u, x21, vf_mul(t, x3)))));
        dx = vf_max(dx, vf_set1(1e-20f));
        t = vf_sub(t, vf_div(vf_sub(CI_FN(bezier_coordinate)(t, x1, x2), q), dx));
        t = vf_min(vf_max(t, lo), hi);
    }
    VF y1 = vf_select(lo_half, vf_set1(P->y1), vf_set1(1.0f - P->y2));
    VF y2 = vf_select(lo_half, vf_set1(P->y2), vf_set1(1.0f - P->y1));
    VF r = CI_FN(bezier_coordinate)(t, y1, y2);
    VF y = vf_select(lo_half, r, vf_sub(one, r));
    y = vf_select(vm_eq(p, vf_set1(0.0f)), vf_set1(0.0f), y);
    return vf_select(vm_eq(p, one), one, y);
}

/* CSS steps(): clamp(floor(p n) + offset, 0, jumps) / jumps, with the floor of the
 * exact product so that a step edge never moves by a rounding. */
CI_INLINE VF CI_FN(steps)(const ci_prepared *P, VF p) {
    VF step = vf_add(CI_FN(floor_product)(p, vf_set1(P->steps_n)), vf_set1(P->steps_offset));
    step = vf_min(vf_max(step, vf_set1(0.0f)), vf_set1(P->steps_jumps));
    return vf_div(step, vf_set1(P->steps_jumps));
}

/* Any easing at clamped progress p. The switch is uniform over a call, so the branch
 * is predicted; every lane takes the same path. */
CI_INLINE VF CI_FN(ease_one)(const ci_prepared *P, VF p) {
    switch (P->kind) {
    case CI_CURVE_LINEAR: return p;
    case CI_CURVE_CUBIC_BEZIER: return CI_FN(bezier)(P, p);
    case CI_CURVE_STEPS: return CI_FN(steps)(P, p);
    case CI_CURVE_BACK:
        if (P->direction == CI_EASE_IN_OUT) return CI_FN(back_in_out)(p);
        return CI_FN(penner)(P, p);
    case CI_CURVE_ELASTIC:
        if (P->direction == CI_EASE_IN_OUT) return CI_FN(elastic_in_out)(p);
        return CI_FN(penner)(P, p);
    default: return CI_FN(penner)(P, p);
    }
}

/* ---- springs -------------------------------------------------------------------- */

/* One formulation for all three regimes:
 *   x(t) = delta - (delta eC + b eS),   x'(t) = v0 eC + k eS,
 * with eC = e^(-lambda t) C(t), eS = e^(-lambda t) S(t), b = lambda delta - v0,
 * k = lambda b +- omega^2 delta, and
 *   under-damped  C = cos(omega t),  S = sin(omega t) / omega
 *   critical      C = 1,             S = t
 *   over-damped   C = cosh(omega t), S = sinh(omega t) / omega.
 * S never divides a small difference by a small omega, so zeta near 1 needs no blend:
 * sin(omega t)/omega is accurate for tiny omega, and the over-damped form switches per
 * lane to Taylor series of cosh and sinh(x)/x while omega t < 1/2.
 * A decay (first order, x' = k (delta - x)) is the regime eC = e^(-k t), eS = 0 with
 * lambda = k, b = 0, v0 = k delta and k (the constant above) = 0. */
CI_INLINE void CI_FN(spring_terms)(const ci_prepared *P, VF t, VF *eC, VF *eS) {
    switch (P->spring_regime) {
    case CI_SPRING_UNDER: {
        VF e = CI_FN(exp)(vf_mul(vf_set1(-P->lambda), t));
        VF s, c;
        CI_FN(sincos)(vf_mul(vf_set1(P->omega), t), &s, &c);
        *eC = vf_mul(e, c);
        *eS = vf_mul(vf_mul(e, s), vf_set1(P->inv_omega));
        return;
    }
    case CI_SPRING_CRITICAL: {
        VF e = CI_FN(exp)(vf_mul(vf_set1(-P->lambda), t));
        *eC = e;
        *eS = vf_mul(e, t);
        return;
    }
    case CI_SPRING_DECAY:
        *eC = CI_FN(exp)(vf_mul(vf_set1(-P->lambda), t));
        *eS = vf_set1(0.0f);
        return;
    default: {
        VF mu = vf_mul(vf_set1(P->omega), t);
        VF e1 = CI_FN(exp)(vf_mul(vf_set1(P->rate_slow), t));
        VF e2 = CI_FN(exp)(vf_mul(vf_set1(P->rate_fast), t));
        VF big_c = vf_mul(vf_add(e1, e2), vf_set1(0.5f));
        VF big_s = vf_mul(vf_sub(e1, e2), vf_set1(P->half_inv_omega));

        VF e = CI_FN(exp)(vf_mul(vf_set1(-P->lambda), t));
        VF m2 = vf_mul(mu, mu);
        VF ch = vf_set1(2.4801587301587302e-05f);
        ch = vf_fma(ch, m2, vf_set1(1.3888888888888889e-03f));
        ch = vf_fma(ch, m2, vf_set1(4.1666666666666667e-02f));
        ch = vf_fma(ch, m2, vf_set1(0.5f));
        ch = vf_fma(ch, m2, vf_set1(1.0f));
        VF sh = vf_set1(2.7557319223985893e-06f);
        sh = vf_fma(sh, m2, vf_set1(1.9841269841269841e-04f));
        sh = vf_fma(sh, m2, vf_set1(8.3333333333333333e-03f));
        sh = vf_fma(sh, m2, vf_set1(1.6666666666666667e-01f));
        sh = vf_fma(sh, m2, vf_set1(1.0f));

        VM small = vm_lt(mu, vf_set1(0.5f));
        *eC = vf_select(small, vf_mul(e, ch), big_c);
        *eS = vf_select(small, vf_mul(vf_mul(e, t), sh), big_s);
        return;
    }
    }
}

/* Negative times are 0; an elapsed time that overflowed to infinity (time - delay of
 * two huge finite floats) becomes FLT_MAX, so that e^(-lambda t) t is 0, not 0 * inf. */
CI_INLINE VF CI_FN(spring_time)(VF t) {
    return vf_min(vf_max(t, vf_set1(0.0f)), vf_set1(3.40282347e+38f));
}

CI_INLINE VF CI_FN(spring_value)(const ci_prepared *P, VF eC, VF eS) {
    VF delta = vf_set1(P->delta);
    return vf_sub(delta, vf_fma(delta, eC, vf_mul(vf_set1(P->b), eS)));
}

/* ---- loops ------------------------------------------------------------------------ */

/* Partial vectors at the tail go through a small buffer, so any count and any
 * alignment work with full-width code. */
CI_INLINE VF CI_FN(load)(const float *p, size_t m) {
    if (m == W) return vf_loadu(p);
    float buffer[W] = {0};
    for (size_t j = 0; j < m; j++) buffer[j] = p[j];
    return vf_loadu(buffer);
}

CI_INLINE void CI_FN(store)(float *p, VF v, size_t m) {
    if (m == W) { vf_storeu(p, v); return; }
    float buffer[W];
    vf_storeu(buffer, v);
    for (size_t j = 0; j < m; j++) p[j] = buffer[j];
}

/* x - x is 0 for finite x and NaN otherwise; NaN sticks in the sum. */
CI_INLINE VF CI_FN(track_finite)(VF sum, VF x) {
    return vf_add(sum, vf_sub(x, x));
}

CI_INLINE int CI_FN(saw_nonfinite)(VF sum) {
    float buffer[W];
    vf_storeu(buffer, sum);
    int bad = 0;
    for (int j = 0; j < W; j++) bad |= buffer[j] != buffer[j];
    return bad;
}

/* Every loop runs its full vectors first and the partial tail once after, through an
 * inlined block function: with m = W the tail checks fold away, and no buffer copy
 * (a memcpy call) sits inside the loop to force its carried values onto the stack. */

CI_INLINE VF CI_FN(ease_block)(const ci_prepared *P, const float *in, float *out,
                               size_t m, VF finite) {
    VF p = CI_FN(load)(in, m);
    finite = CI_FN(track_finite)(finite, p);
    if (P->divide_by_duration) p = vf_div(p, vf_set1(P->duration));
    CI_FN(store)(out, CI_FN(ease_one)(P, CI_FN(clamp01)(p)), m);
    return finite;
}

static int CI_FN(ease_loop)(const ci_prepared *P, const float *in, float *out, size_t n) {
    VF finite = vf_set1(0.0f);
    size_t i = 0;
    for (; i + W <= n; i += W) finite = CI_FN(ease_block)(P, in + i, out + i, W, finite);
    if (i < n) finite = CI_FN(ease_block)(P, in + i, out + i, n - i, finite);
    return CI_FN(saw_nonfinite)(finite);
}

CI_INLINE VF CI_FN(spring_block)(const ci_prepared *P, const float *time, float *value,
                                 float *velocity, size_t m, VF finite) {
    VF t = CI_FN(load)(time, m);
    finite = CI_FN(track_finite)(finite, t);
    VF eC, eS;
    CI_FN(spring_terms)(P, CI_FN(spring_time)(t), &eC, &eS);
    if (velocity)
        CI_FN(store)(velocity, vf_fma(vf_set1(P->v0), eC, vf_mul(vf_set1(P->k), eS)), m);
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

static const float CI_FN(lane_index)[16] = {0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15};

/* Elapsed time of each lane's item under the closed-form list delays. */
CI_INLINE VF CI_FN(list_elapsed)(const ci_sample_prepared *S, VF index) {
    VF j = vf_sub(vf_min(vf_max(index, vf_set1(S->window_start)), vf_set1(S->window_last)),
                  vf_set1(S->window_start));
    VF distance = vf_sub(j, vf_set1(S->origin));
    distance = vf_max(distance, vf_sub(vf_set1(0.0f), distance)); /* exact |j - o| */
    /* after_offset - slope * distance with the product split exactly: the rounding
     * stays relative to the elapsed time, not to slope * distance. */
    VF slope = vf_set1(S->slope);
    VF product = vf_mul(distance, slope);
    VF error = CI_FN(product_error)(distance, slope, product);
    VF elapsed = vf_sub(vf_sub(vf_set1(S->after_offset), product), error);
    elapsed = vf_min(vf_max(elapsed, vf_set1(S->cap_elapsed)), vf_set1(S->start_elapsed));
    if (S->outside_immediate) {
        VM outside = vm_or(vm_lt(index, vf_set1(S->window_start)),
                           vm_lt(vf_set1(S->window_last), index));
        elapsed = vf_select(outside, vf_set1(S->start_elapsed), elapsed);
    }
    return elapsed;
}

/* One vector of the sampling pass (m lanes valid), inlined for the body and the tail
 * as every loop here is. */
CI_INLINE void CI_FN(sample_block)(const ci_prepared *P, const ci_sample_prepared *S,
                                   const ci_sample_request *R, const ci_track *tracks,
                                   size_t track_count, float *const *outputs,
                                   float *appearance, float *velocity, size_t i, size_t m,
                                   VF index, VF *finite) {
    const VF zero = vf_set1(0.0f), one = vf_set1(1.0f);
    VF elapsed, from = vf_set1(S->from), to = vf_set1(S->to);
    VF v = vf_set1(S->uniform_velocity);
    if (S->source == CI_SOURCE_LIST) {
        elapsed = CI_FN(list_elapsed)(S, index);
    } else {
        const float *offsets = S->source == CI_SOURCE_DELAYS ? R->delays : R->item_start;
        VF d = CI_FN(load)(offsets + i, m);
        *finite = CI_FN(track_finite)(*finite, d);
        elapsed = vf_sub(vf_set1(S->time_after_start), d);
        if (S->source == CI_SOURCE_ITEMS) {
            from = CI_FN(load)(R->item_from + i, m);
            to = CI_FN(load)(R->item_to + i, m);
            v = CI_FN(load)(R->item_velocity + i, m);
            /* to - from is finite exactly when both are and their span fits float
             * (a sum of the three could overflow from finite values). */
            *finite = CI_FN(track_finite)(*finite, vf_sub(to, from));
            *finite = CI_FN(track_finite)(*finite, v);
        }
    }

    VF a, rate = zero;
    VM waiting = vm_lt(elapsed, zero);
    if (P->kind == CI_CURVE_SPRING) {
        VF eC, eS;
        CI_FN(spring_terms)(P, CI_FN(spring_time)(elapsed), &eC, &eS);
        VF lambda_eS = vf_mul(vf_set1(P->lambda), eS);
        VF span = vf_sub(to, from);
        VF x1 = vf_sub(vf_sub(one, eC), lambda_eS);
        a = vf_fma(span, x1, vf_fma(v, eS, from));
        if (velocity) {
            if (P->spring_regime == CI_SPRING_DECAY) /* fixed by the span: v is unused */
                rate = vf_mul(vf_mul(span, vf_set1(P->lambda)), eC);
            else
                rate = vf_fma(vf_mul(span, vf_set1(P->omega0_squared)), eS,
                              vf_mul(v, vf_sub(eC, lambda_eS)));
            rate = vf_select(waiting, zero, rate);
        }
    } else {
        /* A reciprocal, not a division: one rounding more (within the slope
         * allowance) for a multiply instead of the slowest vector instruction. */
        VF p = CI_FN(clamp01)(vf_mul(elapsed, vf_set1(S->inverse_duration)));
        VF y = CI_FN(ease_one)(P, p);
        /* (1 - y) from + y to: exactly from at 0 and to at 1. */
        a = vf_fma(y, to, vf_mul(vf_sub(one, y), from));
    }
    if (S->accumulate) {
        if (appearance) CI_FN(store)(appearance + i, vf_add(CI_FN(load)(appearance + i, m), a), m);
        if (velocity) CI_FN(store)(velocity + i, vf_add(CI_FN(load)(velocity + i, m), rate), m);
    } else {
        if (appearance) CI_FN(store)(appearance + i, a, m);
        if (velocity) CI_FN(store)(velocity + i, rate, m);
    }
    VF rest = vf_sub(one, a);
    for (size_t k = 0; k < track_count; k++) {
        VF value = vf_fma(a, vf_set1(tracks[k].to), vf_mul(rest, vf_set1(tracks[k].from)));
        CI_FN(store)(outputs[k] + i, value, m);
    }
}

/* The sampling pass: elapsed time per item from one source, the appearance from the
 * curve, then every track from the appearance, all while the vector is in registers. */
static int CI_FN(sample_loop)(const ci_prepared *P, const ci_sample_prepared *S,
                              const ci_sample_request *R, const ci_track *tracks,
                              size_t track_count, float *const *outputs,
                              float *appearance, float *velocity, size_t n) {
    VF finite = vf_set1(0.0f);
    VF index = vf_add(vf_loadu(CI_FN(lane_index)), vf_set1(S->index_base));
    const VF lanes = vf_set1((float)W);
    size_t i = 0;
    for (; i + W <= n; i += W) {
        CI_FN(sample_block)(P, S, R, tracks, track_count, outputs, appearance, velocity, i,
                            W, index, &finite);
        index = vf_add(index, lanes);
    }
    if (i < n)
        CI_FN(sample_block)(P, S, R, tracks, track_count, outputs, appearance, velocity, i,
                            n - i, index, &finite);
    return CI_FN(saw_nonfinite)(finite);
}

/* Delays (or distances) of a grid or list layout. */
static int CI_FN(layout_loop)(const ci_layout_prepared *L, float *out, size_t n) {
    VF index = vf_loadu(CI_FN(lane_index));
    const VF lanes = vf_set1((float)W), zero = vf_set1(0.0f), half = vf_set1(0.5f);
    const VF columns = vf_set1(L->columns);
    for (size_t i = 0; i < n; i += W) {
        size_t m = n - i < W ? n - i : W;
        VF j = index;
        VM outside = vm_lt(zero, zero); /* no lane */
        if (!L->distances_only) {
            outside = vm_or(vm_lt(index, vf_set1(L->window_start)),
                            vm_lt(vf_set1(L->window_last), index));
            j = vf_sub(vf_min(vf_max(index, vf_set1(L->window_start)), vf_set1(L->window_last)),
                       vf_set1(L->window_start));
        }
        index = vf_add(index, lanes);
        /* row = floor(j / columns): (j + 1/2) / columns is never within rounding of an
         * integer for j < 2^23, so rounding (that - 1/2) to nearest is exact. */
        VI ignored;
        VF row = CI_FN(round)(vf_sub(vf_div(vf_add(j, half), columns), half), &ignored);
        (void)ignored;
        VF column = vf_sub(j, vf_mul(row, columns));
        VF dx = vf_sub(column, vf_set1(L->origin_x)), dy = vf_sub(row, vf_set1(L->origin_y));
        dx = vf_max(dx, vf_sub(zero, dx));
        dy = vf_max(dy, vf_sub(zero, dy));
        VF d;
        if (L->axis == CI_AXIS_X) d = dx;
        else if (L->axis == CI_AXIS_Y) d = dy;
        else if (L->metric == CI_METRIC_MANHATTAN) d = vf_add(dx, dy);
        else if (L->metric == CI_METRIC_CHEBYSHEV) d = vf_max(dx, dy);
        else d = vf_sqrt(vf_fma(dx, dx, vf_mul(dy, dy)));
        if (L->invert) d = vf_max(vf_sub(vf_set1(L->max_distance), d), zero);
        if (L->distances_only) {
            CI_FN(store)(out + i, d, m);
            continue;
        }
        VF u = CI_FN(clamp01)(vf_mul(d, vf_set1(L->inverse_max_distance)));
        VF s = CI_FN(ease_one)(&L->distribution, u);
        if (L->reversed) s = vf_sub(vf_set1(1.0f), s);
        VF stagger = vf_min(vf_mul(vf_set1(L->spread), s), vf_set1(L->max_delay));
        if (L->outside_immediate) stagger = vf_select(outside, zero, stagger);
        CI_FN(store)(out + i, vf_add(vf_set1(L->base_delay), stagger), m);
    }
    return 0;
}

/* Wave offsets over a distance field. */
static int CI_FN(wave_loop)(const ci_wave_prepared *V, const float *distances, float *out,
                            size_t n) {
    VF finite = vf_set1(0.0f);
    VF index = vf_loadu(CI_FN(lane_index));
    const VF lanes = vf_set1((float)W), zero = vf_set1(0.0f), one = vf_set1(1.0f);
    for (size_t i = 0; i < n; i += W) {
        size_t m = n - i < W ? n - i : W;
        VF u;
        if (V->indexed) {
            u = vf_mul(index, vf_set1(V->index_scale));
        } else {
            u = CI_FN(load)(distances + i, m);
            finite = CI_FN(track_finite)(finite, u);
        }
        index = vf_add(index, lanes);
        VF cycles = vf_sub(vf_set1(V->phase), vf_mul(vf_set1(V->spatial_frequency), u));
        VF s, c;
        CI_FN(sincos)(vf_mul(cycles, vf_set1(6.283185307179586f)), &s, &c);
        VF y = vf_mul(vf_set1(V->amplitude), s);
        if (V->envelope != CI_ENVELOPE_NONE) {
            VF tau = vf_sub(vf_set1(V->elapsed), vf_mul(u, vf_set1(V->front_delay)));
            VM reached = vm_lt(zero, tau);
            /* elapsed - u front_delay may overflow to +inf: FLT_MAX keeps tau * 0 at 0. */
            tau = vf_min(vf_max(tau, zero), vf_set1(3.40282347e+38f));
            VF envelope = CI_FN(exp)(vf_mul(tau, vf_set1(-V->inverse_decay)));
            if (V->envelope == CI_ENVELOPE_ATTACK_DECAY)
                envelope = vf_mul(envelope, vf_sub(one, CI_FN(exp)(vf_mul(tau, vf_set1(-V->inverse_attack)))));
            y = vf_select(reached, vf_mul(y, envelope), zero);
        }
        CI_FN(store)(out + i, y, m);
    }
    return CI_FN(saw_nonfinite)(finite);
}

const ci_kernel_table CI_TABLE = {
    CI_FN(ease_loop),
    CI_FN(spring_loop),
    CI_FN(sample_loop),
    CI_FN(layout_loop),
    CI_FN(wave_loop),
};

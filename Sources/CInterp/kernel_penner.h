/*
 * kernel_penner.h: Penner's easing families (easings.net): the "in" function of each
 * family, the out and inOut forms built from it, and the inOut forms of back and
 * elastic that are not built that way. Every function here takes progress clamped to
 * [0, 1], so the exponents of expo and elastic stay in [-11, 0]: exp2_in_range, with no
 * clamp.
 *
 * Accuracy: within 1.1e-7 of the Double reference on every backend (Benchmarks/README,
 * the accuracy table), against the documented 2e-6 plus |slope| 2^-23.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* 1 - cos(u pi/2) for u in [0, 1]: the argument never leaves [0, pi/2], so no range
 * reduction and one polynomial (Taylor to x^14, truncation < 1.5e-10 at pi/2) instead
 * of sincos_pi's two and its reduction. Written as x^2 (1/2 - x^2 (1/24 - ...)),
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
    VF y = CI_FN(exp2_in_range)(vf_fma(u, vf_set1(10.0f), vf_set1(-10.0f)));
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
    return vf_fma(vf_mul(vf_set1(CI_BACK_S), u2), vf_sub(u, vf_set1(1.0f)), vf_mul(u2, u));
}

#define CI_ELASTIC_C4_HALF_TURNS 0.6666666666666667f /* 2 pi / 3 in half turns */
CI_INLINE VF CI_FN(elastic_in)(VF u) {
    VF e = CI_FN(exp2_in_range)(vf_fma(u, vf_set1(10.0f), vf_set1(-10.0f)));
    VF s, c;
    CI_FN(sincos_pi)(vf_mul(vf_fma(u, vf_set1(10.0f), vf_set1(-10.75f)),
                            vf_set1(CI_ELASTIC_C4_HALF_TURNS)),
                     &s, &c);
    VF y = vf_sub(vf_set1(0.0f), vf_mul(e, s));
    y = vf_select(vm_eq(u, vf_set1(0.0f)), vf_set1(0.0f), y);
    return vf_select(vm_eq(u, vf_set1(1.0f)), vf_set1(1.0f), y);
}

/* Penner's bounce-in, 1 - bounceOut(1 - u), is four parabolas of equal curvature.
 * With w = 2.75 u + 1/4 in [1/4, 3] and e = 2^floor(log2 w) (w's exponent, mantissa
 * cleared), the parabola of the octave [e, 2e) is (w - e)(2e - w): Penner's
 * 1 - 7.5625 (x - c)^2 - a with x = 1 - u, c = (3 - 1.5 e)/2.75, a = 1 - e^2/4,
 * multiplied out. Both factors are exact (Sterbenz), so w is the only rounding before
 * the product, and the octaves replace three comparisons and six selects. Every
 * direction takes w straight from p with one FMA (u = p, 1 - p, 2p or 2 - 2p: the
 * exact 2.75 u + 1/4 rounded once; the out direction so skips rounding 1 - p). The
 * inOut halving goes into the second factor, e - w/2 (exact), which gives the bits of
 * Penner's f(2p)/2. */
CI_INLINE VF CI_FN(bounce_octave)(VF w) {
    return vi_as_vf(vi_and(vf_as_vi(w), vi_set1(0x7F800000)));
}

CI_INLINE VF CI_FN(bounce)(int direction, VF p) {
    const VF one = vf_set1(1.0f);
    if (direction == CI_EASE_IN_OUT) {
        VM lo = vm_lt(p, vf_set1(0.5f));
        VF w = vf_fma(p, vf_select(lo, vf_set1(5.5f), vf_set1(-5.5f)),
                      vf_select(lo, vf_set1(0.25f), vf_set1(5.75f)));
        VF e = CI_FN(bounce_octave)(w);
        VF half = vf_mul(vf_sub(w, e), vf_fma(w, vf_set1(-0.5f), e));
        return vf_select(lo, half, vf_sub(one, half));
    }
    VF w = direction == CI_EASE_IN ? vf_fma(p, vf_set1(2.75f), vf_set1(0.25f))
                                   : vf_fma(p, vf_set1(-2.75f), vf_set1(3.0f));
    VF e = CI_FN(bounce_octave)(w);
    VF y = vf_mul(vf_sub(w, e), vf_sub(vf_add(e, e), w));
    return direction == CI_EASE_IN ? y : vf_sub(one, y);
}

CI_INLINE VF CI_FN(family_in)(int kind, VF u) {
    switch (kind) {
    case CI_CURVE_SINE: return CI_FN(sine_in)(u);
    case CI_CURVE_QUAD: return vf_mul(u, u);
    case CI_CURVE_CUBIC: return vf_mul(vf_mul(u, u), u);
    case CI_CURVE_QUART: {
        VF u2 = vf_mul(u, u);
        return vf_mul(u2, u2);
    }
    case CI_CURVE_QUINT: {
        VF u2 = vf_mul(u, u);
        return vf_mul(vf_mul(u2, u2), u);
    }
    case CI_CURVE_EXPO: return CI_FN(expo_in)(u);
    case CI_CURVE_CIRC: return CI_FN(circ_in)(u);
    case CI_CURVE_BACK: return CI_FN(back_in)(u);
    default: return CI_FN(elastic_in)(u); /* bounce has its own path (see bounce) */
    }
}

/* Whether ease_shape for (kind, direction) goes through penner's inOut, so that its
 * callers' `sides` matter. */
CI_INLINE int CI_FN(has_sides)(int kind, int direction) {
    return direction == CI_EASE_IN_OUT && kind >= CI_CURVE_SINE && kind <= CI_CURVE_CIRC &&
           kind != CI_CURVE_EXPO; /* expo_in_out */
}

/* The powers' inOut (quad to quint, f(u) = u^n): with w = min(p, 1 - p) and u = 2w
 * (both exact), Penner's f(u)/2 is A(u) B with the halving moved into B (u/2 = w):
 * quad u w, cubic u^2 w, quart u^2 (u w), quint u^4 w. Below the split A B is the
 * same bits as f(u) * 1/2 (halving is exact); above it 1 - A B is fused, one rounding
 * fewer than 1 - f(u)/2. Two multiplies fewer than the generic form: on a list these
 * are most of the powers' cost. */
CI_INLINE VF CI_FN(power_in_out)(int kind, int side, VM lo, VF p) {
    const VF one = vf_set1(1.0f);
    /* B carries the sign: A B + 0 below the split, A (-B) + 1 above (p - 1 = -w). */
    VF w, signed_w;
    if (side == CI_SIDES_LOW) {
        w = signed_w = p;
    } else if (side == CI_SIDES_HIGH) {
        w = vf_sub(one, p);
        signed_w = vf_sub(p, one);
    } else {
        w = vf_min(p, vf_sub(one, p));
        signed_w = vf_select(lo, p, vf_sub(p, one));
    }
    VF u = vf_add(w, w), a, b = signed_w;
    switch (kind) {
    case CI_CURVE_QUAD: a = u; break;
    case CI_CURVE_CUBIC: a = vf_mul(u, u); break;
    case CI_CURVE_QUART:
        a = vf_mul(u, u);
        b = vf_mul(u, signed_w);
        break;
    default: {
        VF u2 = vf_mul(u, u);
        a = vf_mul(u2, u2);
    } break;
    }
    if (side == CI_SIDES_LOW) return vf_mul(a, b);
    if (side == CI_SIDES_HIGH) return vf_fma(a, b, one);
    return vf_fma(a, b, vf_select(lo, vf_set1(0.0f), one));
}

/* in: f(p); out: 1 - f(1 - p); inOut: p < 1/2 ? f(2p)/2 : 1 - f(2 - 2p)/2, which are
 * Penner's formulas rearranged around one evaluation of f per lane (each copy of
 * family_in is a lot of code). For inOut u = 2 min(p, 1 - p), exact; `sides` is one of
 * CI_SIDES_* (kernel_internal.h). */
CI_INLINE VF CI_FN(penner)(int kind, int direction, int sides, VF p) {
    const VF one = vf_set1(1.0f);
    const int in_out = direction == CI_EASE_IN_OUT;
    VM lo = vm_lt(p, vf_set1(0.5f));
    const int side = !in_out                  ? CI_SIDES_MIXED
                     : sides != CI_SIDES_TEST ? sides
                     : vm_all(lo)             ? CI_SIDES_LOW
                     : vm_none(lo)            ? CI_SIDES_HIGH
                                              : CI_SIDES_MIXED;
    if (in_out && kind >= CI_CURVE_QUAD && kind <= CI_CURVE_QUINT)
        return CI_FN(power_in_out)(kind, side, lo, p);
    VF u = p;
    if (direction == CI_EASE_OUT) {
        u = vf_sub(one, p);
    } else if (in_out) {
        VF w = side == CI_SIDES_LOW    ? p
               : side == CI_SIDES_HIGH ? vf_sub(one, p)
                                       : vf_min(p, vf_sub(one, p));
        u = vf_add(w, w);
    }
    VF r = CI_FN(family_in)(kind, u);
    if (direction == CI_EASE_IN) return r;
    if (!in_out) return vf_sub(one, r);
    /* r/2 is exact, so 1 - r/2 fused is the same bits as the multiply and the
     * subtraction of the mixed vectors. */
    if (side == CI_SIDES_HIGH) return vf_fma(r, vf_set1(-0.5f), one);
    r = vf_mul(r, vf_set1(0.5f));
    if (side == CI_SIDES_LOW) return r;
    return vf_select(lo, r, vf_sub(one, r));
}

/* Back inOut uses s * 1.525 instead of s (Penner; GSAP and anime.js drop it). Penner's
 * halving is folded into the coefficients: halving is exact, so the same bits. */
CI_INLINE VF CI_FN(back_in_out)(VF p) {
    const float s2 = CI_BACK_S * 1.525f;
    VM lo = vm_lt(p, vf_set1(0.5f));
    VF w = vf_add(p, p);
    w = vf_select(lo, w, vf_sub(w, vf_set1(2.0f)));
    VF half = vf_mul(vf_mul(w, w), vf_fma(vf_set1((s2 + 1.0f) * 0.5f), w,
                                          vf_select(lo, vf_set1(-s2 * 0.5f), vf_set1(s2 * 0.5f))));
    return vf_select(lo, half, vf_add(half, vf_set1(1.0f)));
}

/* Expo inOut: p < 1/2 ? 2^(20p - 10) / 2 : 1 - 2^(10 - 20p) / 2, with the halving in
 * the exponent (20p - 11 and 9 - 20p, each one rounding as 10u - 10 was) and the
 * argument in [-11, -1], where exp2 needs no clamp. 0 at p = 0 and 1 at p = 1
 * (Penner's ends). A fifth fewer operations than through penner and family_in. */
CI_INLINE VF CI_FN(expo_in_out)(VF p) {
    VM lo = vm_lt(p, vf_set1(0.5f));
    VF x = vf_select(lo, vf_fma(p, vf_set1(20.0f), vf_set1(-11.0f)),
                     vf_fma(p, vf_set1(-20.0f), vf_set1(9.0f)));
    VF r = CI_FN(exp2_in_range)(x);
    VM ends = vm_or(vm_eq(p, vf_set1(0.0f)), vm_eq(p, vf_set1(1.0f)));
    r = vf_select(ends, vf_set1(0.0f), r);
    return vf_select(lo, r, vf_sub(vf_set1(1.0f), r));
}

#define CI_ELASTIC_C5_HALF_TURNS 0.4444444444444444f /* 2 pi / 4.5 in half turns */
CI_INLINE VF CI_FN(elastic_in_out)(VF p) {
    VM lo = vm_lt(p, vf_set1(0.5f));
    VF x = vf_fma(p, vf_set1(20.0f), vf_set1(-10.0f));
    VF e = CI_FN(exp2_in_range)(vf_select(lo, x, vf_sub(vf_set1(0.0f), x))); /* in [-10, 0] */
    VF s, c;
    CI_FN(sincos_pi)(vf_mul(vf_fma(p, vf_set1(20.0f), vf_set1(-11.125f)),
                            vf_set1(CI_ELASTIC_C5_HALF_TURNS)),
                     &s, &c);
    VF r = vf_mul(vf_mul(e, s), vf_set1(0.5f));
    VF y = vf_select(lo, vf_sub(vf_set1(0.0f), r), vf_add(r, vf_set1(1.0f)));
    y = vf_select(vm_eq(p, vf_set1(0.0f)), vf_set1(0.0f), y);
    return vf_select(vm_eq(p, vf_set1(1.0f)), vf_set1(1.0f), y);
}

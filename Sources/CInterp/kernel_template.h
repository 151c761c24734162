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
 *   vm_lt vm_eq vm_and vm_or, vf_select(m, if_true, if_false), vm_all(m) (every lane
 *   set), vm_none(m) (no lane set).
 * A backend that defines CI_BEZIER_TABLE 1 also gives vf_lookup32(table, VI index)
 * (table[index] per lane, index in [0, 32)).
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
 * stack and cost more than most curves. Not when unoptimised (SwiftPM's debug builds
 * compile C at -O0): there every inlined copy keeps its own stack slots, and the
 * sampling loop's frame grew past 8 MB, more than a thread's stack. */
#if defined(__OPTIMIZE__)
#define CI_INLINE static inline __attribute__((always_inline))
#else
#define CI_INLINE static inline
#endif

#define CI_CAT2(a, b) a##b
#define CI_CAT(a, b) CI_CAT2(a, b)
#define CI_FN(name) CI_CAT(CI_PREFIX, name)

/* ---- elementary helpers ------------------------------------------------------- */

/* Lane numbers, loaded as a vector: 0, 1, ..., W - 1. */
static const float CI_FN(lane_index)[16] = {0, 1, 2, 3, 4, 5, 6, 7,
                                            8, 9, 10, 11, 12, 13, 14, 15};

CI_INLINE VF CI_FN(clamp01)(VF x) {
    return vf_min(vf_max(x, vf_set1(0.0f)), vf_set1(1.0f));
}

CI_INLINE VF CI_FN(bitselect)(VI mask, VF if_set, VF if_clear) {
    return vi_as_vf(vi_or(vi_and(mask, vf_as_vi(if_set)),
                          vi_andnot(mask, vf_as_vi(if_clear))));
}

/* Round to nearest by the 1.5 * 2^23 trick (valid for |x| < 2^22). It also gives the
 * integer in the low mantissa bits, read with no float-to-int conversion (AVX-512F in
 * SIMDe 0.7.4 lacks some of those): *bits - CI_ROUND_MAGIC_BITS is the integer, and
 * *bits has its parity (the magic's bits are even). Callers fold the subtraction into
 * what they add next. */
#define CI_ROUND_MAGIC 12582912.0f
#define CI_ROUND_MAGIC_BITS 0x4B400000
CI_INLINE VF CI_FN(round)(VF x, VI *bits) {
    VF t = vf_add(x, vf_set1(CI_ROUND_MAGIC));
    *bits = vf_as_vi(t);
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

/* 2^x. Range-reduced to f in [-1/2, 1/2], a degree-5 polynomial of 2^f fitted near
 * minimax with its constant term exactly 1, so that 2^0 = 1 and a spring starts exactly
 * at its origin (relative error 1.1e-7 with float coefficients, well inside every
 * bound that uses it), scaled by 2^n built in the
 * exponent bits. Below -126 the result is 0 (no denormals: a decayed spring term must
 * vanish, not linger at 2^-126 and be multiplied by a huge time); above 126 it
 * saturates at 2^126, which no curve reaches. Max relative error about 2.5e-7. */
CI_INLINE VF CI_FN(exp2)(VF x) {
    VM underflow = vm_lt(x, vf_set1(-126.0f));
    x = vf_min(vf_max(x, vf_set1(-126.0f)), vf_set1(126.0f));
    VI n_bits;
    VF r = CI_FN(round)(x, &n_bits);
    VF f = vf_sub(x, r);
    VF p = vf_set1(1.3264724e-03f);
    p = vf_fma(p, f, vf_set1(9.6715130e-03f));
    p = vf_fma(p, f, vf_set1(5.5507336e-02f));
    p = vf_fma(p, f, vf_set1(2.4022242e-01f));
    p = vf_fma(p, f, vf_set1(6.9314700e-01f));
    p = vf_fma(p, f, vf_set1(1.0f));
    VF scale = vi_as_vf(vi_shl(vi_add(n_bits, vi_set1(127 - CI_ROUND_MAGIC_BITS)), 23));
    return vf_select(underflow, vf_set1(0.0f), vf_mul(p, scale));
}

/* e^x = 2^(x log2 e). The product adds |x| * 2^-24 of absolute error to the exponent,
 * i.e. a relative error of |x| e^x 2^-24 <= 2.2e-8 for x <= 0, the range we use. */
CI_INLINE VF CI_FN(exp)(VF x) {
    return CI_FN(exp2)(vf_mul(x, vf_set1(1.4426950408889634f)));
}

/* sin(pi h) and cos(pi h) together, for an angle h in half turns: the callers' own
 * constants absorb the pi, and the reduction h - round(h) is exact (no Cody-Waite
 * split of pi). Both results only change sign with the parity of round(h), so no lane
 * swaps sin for cos. Polynomials in f = h - round(h) in [-1/2, 1/2] fitted near
 * minimax (sin: f times degree 4 in f^2, error 4.9e-8; cos: degree 8, 7.7e-8).
 * |h| is clamped to 2^20 so the rounding trick holds and results stay bounded. Max
 * error about 2 ulp of 1; a float h carries its own rounding of |h| 2^-24 half turns
 * (the same as |x| 2^-24 radians for x = pi h): phase is only as good as its input. */
CI_INLINE void CI_FN(sincos_pi)(VF h, VF *sin_out, VF *cos_out) {
    h = vf_min(vf_max(h, vf_set1(-1048576.0f)), vf_set1(1048576.0f));
    VI q_bits;
    VF f = vf_sub(h, CI_FN(round)(h, &q_bits));
    VF z = vf_mul(f, f);

    VF s = vf_set1(7.7220127e-02f);
    s = vf_fma(s, z, vf_set1(-5.9804517e-01f));
    s = vf_fma(s, z, vf_set1(2.5500314e+00f));
    s = vf_fma(s, z, vf_set1(-5.1677070e+00f));
    s = vf_fma(s, z, vf_set1(3.1415925e+00f));
    s = vf_mul(s, f);

    VF c = vf_set1(2.2008061e-01f);
    c = vf_fma(c, z, vf_set1(-1.3320938e+00f));
    c = vf_fma(c, z, vf_set1(4.0584512e+00f));
    c = vf_fma(c, z, vf_set1(-4.9347954e+00f));
    c = vf_fma(c, z, vf_set1(1.0f));

    /* sin(pi (f + q)) = (-1)^q sin(pi f), and the same for cos. */
    VI sign = vi_shl(vi_and(q_bits, vi_set1(1)), 31);
    *sin_out = vi_as_vf(vi_xor(vf_as_vi(s), sign));
    *cos_out = vi_as_vf(vi_xor(vf_as_vi(c), sign));
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

#define CI_ELASTIC_C4_HALF_TURNS 0.6666666666666667f /* 2 pi / 3 in half turns */
CI_INLINE VF CI_FN(elastic_in)(VF u) {
    VF e = CI_FN(exp2)(vf_fma(u, vf_set1(10.0f), vf_set1(-10.0f)));
    VF s, c;
    CI_FN(sincos_pi)(vf_mul(vf_fma(u, vf_set1(10.0f), vf_set1(-10.75f)),
                            vf_set1(CI_ELASTIC_C4_HALF_TURNS)), &s, &c);
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
    case CI_CURVE_QUART: { VF u2 = vf_mul(u, u); return vf_mul(u2, u2); }
    case CI_CURVE_QUINT: { VF u2 = vf_mul(u, u); return vf_mul(vf_mul(u2, u2), u); }
    case CI_CURVE_EXPO: return CI_FN(expo_in)(u);
    case CI_CURVE_CIRC: return CI_FN(circ_in)(u);
    case CI_CURVE_BACK: return CI_FN(back_in)(u);
    default: return CI_FN(elastic_in)(u); /* bounce has its own path (see bounce) */
    }
}

/* Whether ease_shape for (kind, direction) goes through penner's inOut, so that its
 * callers' `sides` matter. */
CI_INLINE int CI_FN(has_sides)(int kind, int direction) {
    return direction == CI_EASE_IN_OUT && kind >= CI_CURVE_SINE && kind <= CI_CURVE_CIRC;
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
    case CI_CURVE_QUART: a = vf_mul(u, u); b = vf_mul(u, signed_w); break;
    default: { VF u2 = vf_mul(u, u); a = vf_mul(u2, u2); } break;
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
    const int side = !in_out ? CI_SIDES_MIXED
                     : sides != CI_SIDES_TEST ? sides
                     : vm_all(lo) ? CI_SIDES_LOW : vm_none(lo) ? CI_SIDES_HIGH : CI_SIDES_MIXED;
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
                                          vf_select(lo, vf_set1(-s2 * 0.5f),
                                                    vf_set1(s2 * 0.5f))));
    return vf_select(lo, half, vf_add(half, vf_set1(1.0f)));
}

#define CI_ELASTIC_C5_HALF_TURNS 0.4444444444444444f /* 2 pi / 4.5 in half turns */
CI_INLINE VF CI_FN(elastic_in_out)(VF p) {
    VM lo = vm_lt(p, vf_set1(0.5f));
    VF x = vf_fma(p, vf_set1(20.0f), vf_set1(-10.0f));
    VF e = CI_FN(exp2)(vf_select(lo, x, vf_sub(vf_set1(0.0f), x)));
    VF s, c;
    CI_FN(sincos_pi)(vf_mul(vf_fma(p, vf_set1(20.0f), vf_set1(-11.125f)),
                            vf_set1(CI_ELASTIC_C5_HALF_TURNS)), &s, &c);
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
CI_INLINE void CI_FN(bezier_bracketed)(const ci_prepared *P, const CI_FN(bezier_half) *H,
                                       VF *t, int count,
                                       int bisections, int newton_steps) {
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
    P->bezier_by_root = P->bezier_a < CI_BEZIER_ROOT_BELOW ||
                        P->bezier_mirror_a < CI_BEZIER_ROOT_BELOW;
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
        CI_FN(bezier_half) this_half = CI_FN(bezier_half_of)(
            P, vm_lt(vf_set1(0.5f), vf_set1(half ? 0.0f : 1.0f)), zero);
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
            VM fails = vm_or(vm_or(vm_lt(vf_mul(dx, vf_set1(0.25f)), drift),
                                   vm_lt(vf_set1(0.25f * CI_BEZIER_TABLE_REACH), e)),
                             vm_lt(vf_mul(vf_mul(dx, dx),
                                          vf_set1(0.75f * CI_BEZIER_TABLE_TOLERANCE)), left));
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
CI_INLINE const ci_prepared *CI_FN(with_bezier_table)(const ci_prepared *P,
                                                      ci_prepared *storage) {
    if (!CI_BEZIER_TABLE || P->kind != CI_CURVE_CUBIC_BEZIER) return P;
    *storage = *P;
    CI_FN(bezier_prepare)(storage);
    return storage;
}

#if CI_BEZIER_TABLE
/* t from the table and two steps (see above); the mask holds the lanes that converged. */
CI_INLINE VM CI_FN(bezier_from_table)(const ci_prepared *P, const CI_FN(bezier_half) *H,
                                      VF *t, VF *bend) {
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
    VI entry = vi_and(bits, vi_set1(2 * CI_BEZIER_TABLE_STEPS - 1)); /* the magic's low bits are 0 */
    VF slope = vf_lookup32(P->bezier_slope, entry);
    if (P->bezier_quadratic) slope = vf_fma(root, vf_lookup32(P->bezier_curvature, entry), slope);
    VF u = vf_fma(root, slope, vf_lookup32(P->bezier_intercept, entry));
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
    *bend = vf_lookup32(P->bezier_bend, entry);
    VF drift = vf_fma(step, *bend,
                      vf_mul(dx, vf_set1(2 * CI_BEZIER_ROUNDING)));
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
        converged[v] = CI_FN(bezier_from_table)(P, &H, &t[v], &bend[v]);
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

/* CSS steps(): clamp(floor(p n) + offset, 0, jumps) / jumps, with the floor of the
 * exact product so that a step edge never moves by a rounding. */
CI_INLINE VF CI_FN(steps)(const ci_prepared *P, VF p) {
    VF step = vf_add(CI_FN(floor_product)(p, vf_set1(P->steps_n)), vf_set1(P->steps_offset));
    step = vf_min(vf_max(step, vf_set1(0.0f)), vf_set1(P->steps_jumps));
    return vf_div(step, vf_set1(P->steps_jumps));
}

/* CSS linear(): the segment from the last point whose input is <= p (k from 1 to
 * count - 2; the first segment when there is none), interpolated and extended as the
 * specification's output algorithm does. Inputs are non-decreasing, so once no lane
 * has reached point k none reaches a later one: the loop stops there, which depends on
 * the vector's lanes together but changes no lane's result. */
CI_INLINE VF CI_FN(piecewise_linear)(const ci_prepared *P, VF p) {
    const float *q = P->linear_points;
    VF xa = vf_set1(q[0]), ya = vf_set1(q[1]), xb = vf_set1(q[2]), yb = vf_set1(q[3]);
    for (int k = 1; k + 1 < P->linear_count; k++) {
        VM before = vm_lt(p, vf_set1(q[2 * k]));
        if (vm_all(before)) break;
        xa = vf_select(before, xa, vf_set1(q[2 * k]));
        ya = vf_select(before, ya, vf_set1(q[2 * k + 1]));
        xb = vf_select(before, xb, vf_set1(q[2 * k + 2]));
        yb = vf_select(before, yb, vf_set1(q[2 * k + 3]));
    }
    VF between = vf_div(vf_sub(p, xa), vf_sub(xb, xa));
    VF y = vf_add(ya, vf_mul(between, vf_sub(yb, ya)));
    return vf_select(vm_eq(xa, xb), yb, y);
}

/* Any easing at clamped progress p, for the curve's kind and direction: uniform over a
 * call, and compile-time constants inside the loops CI_FOR_SHAPE specializes. */
CI_INLINE VF CI_FN(ease_shape)(const ci_prepared *P, int kind, int direction, int sides,
                               VF p) {
    switch (kind) {
    case CI_CURVE_LINEAR: return p;
    case CI_CURVE_CUBIC_BEZIER: return CI_FN(bezier)(P, p);
    case CI_CURVE_STEPS: return CI_FN(steps)(P, p);
    case CI_CURVE_PIECEWISE_LINEAR: return CI_FN(piecewise_linear)(P, p);
    case CI_CURVE_BACK:
        if (direction == CI_EASE_IN_OUT) return CI_FN(back_in_out)(p);
        return CI_FN(penner)(kind, direction, sides, p);
    case CI_CURVE_ELASTIC:
        if (direction == CI_EASE_IN_OUT) return CI_FN(elastic_in_out)(p);
        return CI_FN(penner)(kind, direction, sides, p);
    case CI_CURVE_BOUNCE: return CI_FN(bounce)(direction, p);
    default: return CI_FN(penner)(kind, direction, sides, p);
    }
}

CI_INLINE VF CI_FN(ease_one)(const ci_prepared *P, VF p) {
    return CI_FN(ease_shape)(P, P->kind, P->direction, CI_SIDES_MIXED, p);
}

/* CI_FOR_SHAPE(P, RUN) expands RUN(kind, direction) once per curve shape, under a
 * switch on P's: each copy of the loop RUN holds then evaluates one curve with no
 * per-vector branch on the kind and with its constants in registers (one loop over
 * every kind spilled them and took a jump table per vector: 2-3x slower). Shapes it
 * does not list (cubic-bezier, solved in groups) run none: the generic loop that
 * follows takes them. A backend whose vectors are emulated loops sets
 * CI_SPECIALIZE_SHAPES 0: every curve through the generic loop. */
#ifndef CI_SPECIALIZE_SHAPES
#define CI_SPECIALIZE_SHAPES 1
#endif
#if CI_SPECIALIZE_SHAPES
#define CI_FOR_DIRECTION(P, kind, RUN)                                                  \
    switch ((P)->direction) {                                                           \
    case CI_EASE_IN: RUN(kind, CI_EASE_IN); break;                                      \
    case CI_EASE_OUT: RUN(kind, CI_EASE_OUT); break;                                    \
    default: RUN(kind, CI_EASE_IN_OUT); break;                                          \
    }
#define CI_FOR_SHAPE(P, RUN)                                                            \
    switch ((P)->kind) {                                                                \
    case CI_CURVE_LINEAR: RUN(CI_CURVE_LINEAR, CI_EASE_IN); break;                      \
    case CI_CURVE_STEPS: RUN(CI_CURVE_STEPS, CI_EASE_IN); break;                        \
    case CI_CURVE_PIECEWISE_LINEAR: RUN(CI_CURVE_PIECEWISE_LINEAR, CI_EASE_IN); break;  \
    case CI_CURVE_SPRING: RUN(CI_CURVE_SPRING, CI_EASE_IN); break;                      \
    case CI_CURVE_SINE: CI_FOR_DIRECTION(P, CI_CURVE_SINE, RUN) break;                  \
    case CI_CURVE_QUAD: CI_FOR_DIRECTION(P, CI_CURVE_QUAD, RUN) break;                  \
    case CI_CURVE_CUBIC: CI_FOR_DIRECTION(P, CI_CURVE_CUBIC, RUN) break;                \
    case CI_CURVE_QUART: CI_FOR_DIRECTION(P, CI_CURVE_QUART, RUN) break;                \
    case CI_CURVE_QUINT: CI_FOR_DIRECTION(P, CI_CURVE_QUINT, RUN) break;                \
    case CI_CURVE_EXPO: CI_FOR_DIRECTION(P, CI_CURVE_EXPO, RUN) break;                  \
    case CI_CURVE_CIRC: CI_FOR_DIRECTION(P, CI_CURVE_CIRC, RUN) break;                  \
    case CI_CURVE_BACK: CI_FOR_DIRECTION(P, CI_CURVE_BACK, RUN) break;                  \
    case CI_CURVE_ELASTIC: CI_FOR_DIRECTION(P, CI_CURVE_ELASTIC, RUN) break;            \
    case CI_CURVE_BOUNCE: CI_FOR_DIRECTION(P, CI_CURVE_BOUNCE, RUN) break;              \
    default: break;                                                                     \
    }
#else /* never runs: the generic loop takes every curve */
#define CI_FOR_SHAPE(P, RUN)                                                            \
    if (0) { RUN((P)->kind, (P)->direction) }
#endif

/* ---- springs -------------------------------------------------------------------- */

/* The under-damped spring's parts: e = e^(-lambda t), s = sin(omega t), c = cos(omega t).
 * The factors -lambda log2(e) and omega / pi are constants: one rounding of each
 * argument. */
CI_INLINE void CI_FN(spring_oscillation)(const ci_prepared *P, VF t, VF *e, VF *s, VF *c) {
    *e = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
    CI_FN(sincos_pi)(vf_mul(vf_set1(P->omega_half_turns), t), s, c);
}

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
        VF e, s, c;
        CI_FN(spring_oscillation)(P, t, &e, &s, &c);
        *eC = vf_mul(e, c);
        *eS = vf_mul(vf_mul(e, s), vf_set1(P->inv_omega));
        return;
    }
    case CI_SPRING_CRITICAL: {
        VF e = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
        *eC = e;
        *eS = vf_mul(e, t);
        return;
    }
    case CI_SPRING_DECAY:
        *eC = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
        *eS = vf_set1(0.0f);
        return;
    default: {
        VF mu = vf_mul(vf_set1(P->omega), t);
        VF e1 = CI_FN(exp2)(vf_mul(vf_set1(P->rate_slow_log2), t));
        VF e2 = CI_FN(exp2)(vf_mul(vf_set1(P->rate_fast_log2), t));
        VF big_c = vf_mul(vf_add(e1, e2), vf_set1(0.5f));
        VF big_s = vf_mul(vf_sub(e1, e2), vf_set1(P->half_inv_omega));

        VF e = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
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
    VF p = CI_FN(load)(in, m);
    finite = CI_FN(track_finite)(finite, p);
    if (divide) p = vf_div(p, vf_set1(P->duration));
    VF y = CI_FN(ease_shape)(P, kind, direction, CI_SIDES_MIXED, CI_FN(clamp01)(p));
    CI_FN(store)(out, y, m);
    return finite;
}

/* `count` full vectors of cubic-bezier easing solved side by side (see bezier_lanes). */
CI_INLINE VF CI_FN(bezier_blocks)(const ci_prepared *P, const float *in, float *out,
                                  int count, VF finite) {
    VF p[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) {
        p[v] = vf_loadu(in + v * W);
        finite = CI_FN(track_finite)(finite, p[v]);
        if (P->divide_by_duration) p[v] = vf_div(p[v], vf_set1(P->duration));
        p[v] = CI_FN(clamp01)(p[v]);
    }
    CI_FN(bezier_lanes)(P, p, count);
    for (int v = 0; v < count; v++) vf_storeu(out + v * W, p[v]);
    return finite;
}

/* Easing over [i, n) for any curve (cubic-bezier's groups, the tail), out of line so
 * that the specialized loops of ease_loop keep their registers. */
static __attribute__((noinline)) VF CI_FN(ease_range_generic)(const ci_prepared *P,
                                                             const float *in, float *out,
                                                             size_t i, size_t n, VF finite) {
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
        finite = CI_FN(ease_block)(P, P->kind, P->direction, divide, in + i, out + i, n - i,
                                   finite);
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
            CI_FN(store)(velocity, vf_mul(e, vf_fma(vf_set1(P->v0), c,
                                                    vf_mul(vf_set1(P->k_over_omega), s))), m);
        if (value) {
            VF negative_phase = vf_fma(vf_set1(-P->delta), c,
                                       vf_mul(vf_set1(-P->b_over_omega), s));
            CI_FN(store)(value, vf_fma(e, negative_phase, vf_set1(P->delta)), m);
        }
        return finite;
    }
    VF eC, eS;
    CI_FN(spring_terms)(P, t, &eC, &eS);
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

/* The flags of a sampling call, passed by value beside the prepared constants so that a
 * loop can be instantiated with them as constants (see sample_range): every test of a
 * constant flag folds away. */
typedef struct {
    int source, window_covers_call, has_cap, clamp_to_start, outside_immediate;
    int accumulate, exact_spans, unit_span, interior;
} CI_FN(sample_flags);

CI_INLINE CI_FN(sample_flags) CI_FN(flags_of)(const ci_sample_prepared *S) {
    CI_FN(sample_flags) F = {S->source, S->window_covers_call, S->has_cap, S->clamp_to_start,
                             S->outside_immediate, S->accumulate, S->exact_spans,
                             S->unit_span, S->interior};
    return F;
}

/* Elapsed time in seconds of each lane's item under the closed-form list delays. */
CI_INLINE VF CI_FN(list_elapsed)(const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                 VF index) {
#if CI_HAS_FMA
    /* An interior run: one side of the center, so +-slope (j - c) is -slope |j - c|
     * exactly, and the fused result is the same bits. */
    if (F.interior)
        return vf_fma(vf_set1(S->interior_slope), vf_sub(index, vf_set1(S->center)),
                      vf_set1(S->after_offset));
#endif
    VF j = index;
    if (!F.window_covers_call)
        j = vf_min(vf_max(index, vf_set1(S->window_start)), vf_set1(S->window_last));
    VF distance = vf_sub(j, vf_set1(S->center));
    distance = vi_as_vf(vi_and(vf_as_vi(distance), vi_set1(0x7FFFFFFF))); /* exact |j - c| */
    /* after_offset - slope * distance with the product exact (fused, or split exactly):
     * the rounding stays relative to the elapsed time, not to slope * distance. */
#if CI_HAS_FMA
    VF elapsed = vf_fma(vf_set1(-S->slope), distance, vf_set1(S->after_offset));
#else
    VF slope = vf_set1(S->slope);
    VF product = vf_mul(distance, slope);
    VF error = CI_FN(product_error)(distance, slope, product);
    VF elapsed = vf_sub(vf_sub(vf_set1(S->after_offset), product), error);
#endif
    /* The clamps a call does not need (no cap; a stagger part that cannot go negative;
     * every item inside the window) are skipped: they are most of this function's work. */
    if (F.has_cap) elapsed = vf_max(elapsed, vf_set1(S->cap_elapsed));
    if (F.clamp_to_start) elapsed = vf_min(elapsed, vf_set1(S->start_elapsed));
    if (F.outside_immediate && !F.window_covers_call) {
        VM outside = vm_or(vm_lt(index, vf_set1(S->window_start)),
                           vm_lt(vf_set1(S->window_last), index));
        elapsed = vf_select(outside, vf_set1(S->start_elapsed), elapsed);
    }
    return elapsed;
}

/* Where one vector of items stands: elapsed time, and the span and velocity each item
 * moves with (per item for CI_SOURCE_ITEMS, shared otherwise). */
typedef struct {
    VF elapsed, from, to, v;
} CI_FN(sample_lanes);

CI_INLINE CI_FN(sample_lanes) CI_FN(sample_source)(const ci_sample_prepared *S,
                                                   CI_FN(sample_flags) F,
                                                   const ci_sample_request *R, size_t i,
                                                   size_t m, VF index, VF *finite) {
    CI_FN(sample_lanes) L;
    L.from = vf_set1(S->from);
    L.to = vf_set1(S->to);
    L.v = vf_set1(S->uniform_velocity);
    if (F.source == CI_SOURCE_LIST) {
        L.elapsed = CI_FN(list_elapsed)(S, F, index);
        return L;
    }
    const float *offsets = F.source == CI_SOURCE_DELAYS ? R->delays : R->item_start;
    VF d = CI_FN(load)(offsets + i, m);
    *finite = CI_FN(track_finite)(*finite, d);
    L.elapsed = vf_sub(vf_set1(S->time_after_start), d);
    if (F.source == CI_SOURCE_ITEMS) {
        L.from = CI_FN(load)(R->item_from + i, m);
        L.to = CI_FN(load)(R->item_to + i, m);
        L.v = CI_FN(load)(R->item_velocity + i, m);
        /* to - from is finite exactly when both are and their span fits float
         * (a sum of the three could overflow from finite values). */
        *finite = CI_FN(track_finite)(*finite, vf_sub(L.to, L.from));
        *finite = CI_FN(track_finite)(*finite, L.v);
    }
    return L;
}

/* An easing's progress: a reciprocal, not a division: one rounding more (within the
 * slope allowance) for a multiply instead of the slowest vector instruction. But
 * duration * (1 / duration) can round to just below 1, and expo and elastic jump by
 * 2^-10 there: an item at or past its end is done, exactly 1, by comparison. An
 * interior run's progress is inside [0, 1] already (see prepare_interiors). */
CI_INLINE VF CI_FN(sample_progress)(const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                    VF elapsed) {
    VF progress = vf_mul(elapsed, vf_set1(S->inverse_duration));
    if (F.interior) return progress;
    return vf_select(vm_lt(elapsed, vf_set1(S->duration)), vf_max(progress, vf_set1(0.0f)),
                     vf_set1(1.0f));
}

/* (1 - y) from + y to: exactly from at 0 and to at 1; y itself when the span is 0 -> 1
 * for every item (unit_span), which is the same value. */
CI_INLINE VF CI_FN(sample_mix)(VF y, VF from, VF to) {
    return vf_fma(y, to, vf_mul(vf_sub(vf_set1(1.0f), y), from));
}

/* The appearance (and its rate) into the caller's buffers, then every track from it:
 * (1 - a) from + a to, or from + a (to - from) where that is as exact (one operation
 * per track instead of two, and no 1 - a). */
CI_INLINE void CI_FN(sample_store)(const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                   const ci_track *tracks,
                                   size_t track_count, float *const *outputs,
                                   float *appearance, float *velocity, size_t i, size_t m,
                                   VF a, VF rate, VF *finite) {
    if (F.accumulate) { /* dispatch.c refuses tracks here */
        if (appearance) {
            VF held = CI_FN(load)(appearance + i, m);
            *finite = CI_FN(track_finite)(*finite, held);
            CI_FN(store)(appearance + i, vf_add(held, a), m);
        }
        if (velocity) {
            VF held = CI_FN(load)(velocity + i, m);
            *finite = CI_FN(track_finite)(*finite, held);
            CI_FN(store)(velocity + i, vf_add(held, rate), m);
        }
        return;
    }
    if (appearance) CI_FN(store)(appearance + i, a, m);
    if (velocity) CI_FN(store)(velocity + i, rate, m);
    if (F.exact_spans) {
        /* from + a span is exactly from at a = 0 and to at a = 1 when span is exact. */
        for (size_t k = 0; k < track_count; k++)
            CI_FN(store)(outputs[k] + i,
                         vf_fma(a, vf_set1(S->track_span[k]), vf_set1(tracks[k].from)), m);
        return;
    }
    VF rest = vf_sub(vf_set1(1.0f), a);
    for (size_t k = 0; k < track_count; k++) {
        VF value = vf_fma(a, vf_set1(tracks[k].to), vf_mul(rest, vf_set1(tracks[k].from)));
        CI_FN(store)(outputs[k] + i, value, m);
    }
}

/* The appearance of one vector of items and, when `rate` is not NULL, its rate.
 * `sides` as penner's. */
CI_INLINE VF CI_FN(sample_appearance)(const ci_prepared *P, int kind, int direction,
                                      int sides, const ci_sample_prepared *S,
                                      CI_FN(sample_flags) F,
                                      const ci_sample_request *R, size_t i, size_t m,
                                      VF index, VF *finite, VF *rate) {
    const VF zero = vf_set1(0.0f), one = vf_set1(1.0f);
    CI_FN(sample_lanes) L = CI_FN(sample_source)(S, F, R, i, m, index, finite);
    if (kind == CI_CURVE_SPRING) {
        VF eC, eS;
        CI_FN(spring_terms)(P, CI_FN(spring_time)(L.elapsed), &eC, &eS);
        VF lambda_eS = vf_mul(vf_set1(P->lambda), eS);
        VF span = vf_sub(L.to, L.from);
        VF x1 = vf_sub(vf_sub(one, eC), lambda_eS);
        if (rate) {
            VF r;
            if (P->spring_regime == CI_SPRING_DECAY) /* fixed by the span: v is unused */
                r = vf_mul(vf_mul(span, vf_set1(P->lambda)), eC);
            else
                r = vf_fma(vf_mul(span, vf_set1(P->omega0_squared)), eS,
                           vf_mul(L.v, vf_sub(eC, lambda_eS)));
            *rate = vf_select(vm_lt(L.elapsed, zero), zero, r);
        }
        return vf_fma(span, x1, vf_fma(L.v, eS, L.from));
    }
    if (rate) *rate = zero;
    VF progress = CI_FN(sample_progress)(S, F, L.elapsed);
    VF y = CI_FN(ease_shape)(P, kind, direction, sides, progress);
    return F.unit_span ? y : CI_FN(sample_mix)(y, L.from, L.to);
}

/* One vector of the sampling pass (m lanes valid), inlined for the body and the tail
 * as every loop here is. */
CI_INLINE void CI_FN(sample_block)(const ci_prepared *P, int kind, int direction,
                                   const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                   const ci_sample_request *R, const ci_track *tracks,
                                   size_t track_count, float *const *outputs,
                                   float *appearance, float *velocity, size_t i, size_t m,
                                   VF index, VF *finite) {
    VF rate = vf_set1(0.0f);
    /* Progress runs in order along a list (closed-form delays): penner tests each
     * vector's side. */
    const int sides = F.source == CI_SOURCE_LIST ? CI_SIDES_TEST : CI_SIDES_MIXED;
    VF a = CI_FN(sample_appearance)(P, kind, direction, sides, S, F, R, i, m, index, finite,
                                    velocity ? &rate : NULL);
    CI_FN(sample_store)(S, F, tracks, track_count, outputs, appearance, velocity, i, m, a, rate,
                        finite);
}

/* `count` full vectors of the sampling pass under a cubic-bezier, solved side by side
 * (see bezier_lanes); the same operations per lane as sample_block. */
CI_INLINE void CI_FN(sample_bezier_blocks)(const ci_prepared *P, const ci_sample_prepared *S,
                                           const ci_sample_request *R, const ci_track *tracks,
                                           size_t track_count, float *const *outputs,
                                           float *appearance, float *velocity, size_t i,
                                           int count, VF *index, VF *finite) {
    const CI_FN(sample_flags) F = CI_FN(flags_of)(S);
    VF y[CI_BEZIER_LANES], from[CI_BEZIER_LANES], to[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) {
        CI_FN(sample_lanes) L = CI_FN(sample_source)(S, F, R, i + v * W, W, *index, finite);
        *index = vf_add(*index, vf_set1((float)W));
        y[v] = CI_FN(sample_progress)(S, F, L.elapsed);
        from[v] = L.from;
        to[v] = L.to;
    }
    CI_FN(bezier_lanes)(P, y, count);
    for (int v = 0; v < count; v++)
        CI_FN(sample_store)(S, F, tracks, track_count, outputs, appearance, velocity, i + v * W, W,
                            F.unit_span ? y[v] : CI_FN(sample_mix)(y[v], from[v], to[v]),
                            vf_set1(0.0f), finite);
}

/* CI_SIMPLE_GROUP vectors of a simple list call (exact spans, no velocity, no
 * accumulation) to the appearance buffer and every track. */
#define CI_SIMPLE_GROUP 4
CI_INLINE void CI_FN(store_group)(const ci_sample_prepared *S, const ci_track *tracks,
                                  size_t track_count, float *const *outputs,
                                  float *appearance, size_t i, const VF *a) {
    if (appearance)
        for (int v = 0; v < CI_SIMPLE_GROUP; v++) vf_storeu(appearance + i + v * W, a[v]);
    for (size_t k = 0; k < track_count; k++) {
        const VF span = vf_set1(S->track_span[k]), from = vf_set1(tracks[k].from);
        float *out = outputs[k] + i;
        for (int v = 0; v < CI_SIMPLE_GROUP; v++) vf_storeu(out + v * W, vf_fma(a[v], span, from));
    }
}

/* Full vectors from *i towards end under one curve shape (constants after inlining);
 * advances *i. Functions rather than loops written into sample_range's switch, so that
 * an unoptimised build gives each copy its own small frame instead of one frame
 * holding the locals of every copy (215 KB at -O0). */
CI_INLINE VF CI_FN(sample_run)(const ci_prepared *P, int kind, int direction,
                               const ci_sample_prepared *S, CI_FN(sample_flags) F,
                               const ci_sample_request *R, const ci_track *tracks,
                               size_t track_count, float *const *outputs, float *appearance,
                               float *velocity, size_t *begin, size_t end, VF finite) {
    size_t i = *begin;
    VF index = vf_add(vf_loadu(CI_FN(lane_index)), vf_set1(S->index_base + (float)i));
    for (; i + W <= end; i += W) {
        CI_FN(sample_block)(P, kind, direction, S, F, R, tracks, track_count, outputs,
                            appearance, velocity, i, W, index, &finite);
        index = vf_add(index, vf_set1((float)W));
    }
    *begin = i;
    return finite;
}

/* sample_run for the simple list call (no velocity), CI_SIMPLE_GROUP vectors a step,
 * `sides` as penner's. */
CI_INLINE VF CI_FN(sample_simple_loop)(const ci_prepared *P, int kind, int direction, int sides,
                                       const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                       const ci_sample_request *R, const ci_track *tracks,
                                       size_t track_count, float *const *outputs,
                                       float *appearance, size_t *begin, size_t end,
                                       VF finite) {
    size_t i = *begin;
    VF index = vf_add(vf_loadu(CI_FN(lane_index)), vf_set1(S->index_base + (float)i));
    for (; i + CI_SIMPLE_GROUP * W <= end; i += CI_SIMPLE_GROUP * W) {
        VF a[CI_SIMPLE_GROUP];
        for (int v = 0; v < CI_SIMPLE_GROUP; v++) {
            a[v] = CI_FN(sample_appearance)(P, kind, direction, sides, S, F, R, i + v * W, W,
                                            index, &finite, NULL);
            index = vf_add(index, vf_set1((float)W));
        }
        CI_FN(store_group)(S, tracks, track_count, outputs, appearance, i, a);
    }
    *begin = i;
    return finite;
}

/* sample_simple_loop with an interior's sides (ci_sample_prepared.sides) a constant
 * in each copy: an inOut's vectors then take their side without a test and two taken
 * branches each (15-23 % of the loop's time). Other calls test each vector. */
CI_INLINE VF CI_FN(sample_simple_run)(const ci_prepared *P, int kind, int direction,
                                      const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                      const ci_sample_request *R, const ci_track *tracks,
                                      size_t track_count, float *const *outputs,
                                      float *appearance, size_t *begin, size_t end,
                                      VF finite) {
    const int sided = F.interior && CI_FN(has_sides)(kind, direction);
#define CI_SIMPLE_LOOP(sides)                                                              \
    CI_FN(sample_simple_loop)(P, kind, direction, sides, S, F, R, tracks, track_count,    \
                              outputs, appearance, begin, end, finite)
    if (sided && S->sides == CI_SIDES_LOW) return CI_SIMPLE_LOOP(CI_SIDES_LOW);
    if (sided && S->sides == CI_SIDES_HIGH) return CI_SIMPLE_LOOP(CI_SIDES_HIGH);
    return CI_SIMPLE_LOOP(CI_SIDES_TEST);
#undef CI_SIMPLE_LOOP
}

/* The sampling pass over items [i, end) of the call, for any curve: elapsed time per
 * item from one source, the appearance from the curve, then every track from the
 * appearance, all while the vector is in registers. */
static __attribute__((noinline)) VF CI_FN(sample_range_generic)(
    const ci_prepared *P, const ci_sample_prepared *S, const ci_sample_request *R,
    const ci_track *tracks, size_t track_count, float *const *outputs, float *appearance,
    float *velocity, size_t i, size_t end, VF finite) {
    VF index = vf_add(vf_loadu(CI_FN(lane_index)), vf_set1(S->index_base + (float)i));
    if (P->kind == CI_CURVE_CUBIC_BEZIER) {
        for (; i + CI_BEZIER_LANES * W <= end; i += CI_BEZIER_LANES * W)
            CI_FN(sample_bezier_blocks)(P, S, R, tracks, track_count, outputs, appearance,
                                        velocity, i, CI_BEZIER_LANES, &index, &finite);
        for (; i + CI_BEZIER_TAIL_LANES * W <= end; i += CI_BEZIER_TAIL_LANES * W)
            CI_FN(sample_bezier_blocks)(P, S, R, tracks, track_count, outputs, appearance,
                                        velocity, i, CI_BEZIER_TAIL_LANES, &index, &finite);
    }
    const CI_FN(sample_flags) F = CI_FN(flags_of)(S);
    for (; i + W <= end; i += W) {
        CI_FN(sample_block)(P, P->kind, P->direction, S, F, R, tracks, track_count, outputs,
                            appearance, velocity, i, W, index, &finite);
        index = vf_add(index, vf_set1((float)W));
    }
    if (i < end)
        CI_FN(sample_block)(P, P->kind, P->direction, S, F, R, tracks, track_count, outputs,
                            appearance, velocity, i, end - i, index, &finite);
    return finite;
}

/* Not inlined: sample_loop calls it for up to five runs. The full vectors of the common
 * curve shapes run in loops specialized here (CI_FOR_SHAPE); everything else (cubic-
 * bezier's groups, the tail) in sample_range_generic, out of line so that the
 * specialized loops keep their registers. */
static __attribute__((noinline)) int CI_FN(sample_range)(const ci_prepared *shared_curve,
                                                         const ci_sample_prepared *shared_sample,
                                                         const ci_sample_request *R,
                                                         const ci_track *shared_tracks,
                                                         size_t track_count,
                                                         float *const *shared_outputs,
                                                         float *appearance, float *velocity,
                                                         size_t begin, size_t end) {
    /* Local copies of the constants: the compiler cannot tell that the float stores to
     * the outputs leave float fields behind a pointer alone, so it would reload (and
     * re-test) every constant and flag after each store. A local whose address stays
     * here cannot be aliased: constants stay in registers, flag tests leave the loop. */
    const ci_prepared curve = *shared_curve, *P = &curve;
    const ci_sample_prepared sample = *shared_sample, *S = &sample;
    ci_track track_copy[CI_SPAN_TRACKS];
    float *output_copy[CI_SPAN_TRACKS];
    const ci_track *tracks = shared_tracks;
    float *const *outputs = shared_outputs;
    if (track_count <= CI_SPAN_TRACKS) {
        for (size_t k = 0; k < track_count; k++) {
            track_copy[k] = shared_tracks[k];
            output_copy[k] = shared_outputs[k];
        }
        tracks = track_copy;
        outputs = output_copy;
    }
    VF finite = vf_set1(0.0f);
    size_t i = begin;
    if (S->simple_list && !velocity) {
        /* The common list call, through loops where its flags are constants (every test
         * of them folds away), CI_SIMPLE_GROUP vectors at a time: each track's pointer
         * and constants are then loaded once per group, not once per vector. */
#define CI_SIMPLE_RUN(kind, direction)                                                  \
        finite = CI_FN(sample_simple_run)(P, kind, direction, S, simple, R, tracks,     \
                                          track_count, outputs, appearance, &i, end, finite);
        if (S->interior) {
            const CI_FN(sample_flags) simple = {CI_SOURCE_LIST, 1, 0, 0, 0, 0, 1, S->unit_span, 1};
            CI_FOR_SHAPE(P, CI_SIMPLE_RUN)
        } else {
            const CI_FN(sample_flags) simple = {CI_SOURCE_LIST, 1, 0, 0, 0, 0, 1, S->unit_span, 0};
            CI_FOR_SHAPE(P, CI_SIMPLE_RUN)
        }
#undef CI_SIMPLE_RUN
    } else {
        const CI_FN(sample_flags) flags = CI_FN(flags_of)(S);
#define CI_SAMPLE_RUN(kind, direction)                                                  \
        finite = CI_FN(sample_run)(P, kind, direction, S, flags, R, tracks, track_count, \
                                   outputs, appearance, velocity, &i, end, finite);
        CI_FOR_SHAPE(P, CI_SAMPLE_RUN)
#undef CI_SAMPLE_RUN
    }
    finite = CI_FN(sample_range_generic)(shared_curve, shared_sample, R, shared_tracks,
                                         track_count, shared_outputs, appearance, velocity,
                                         i, end, finite);
    return CI_FN(saw_nonfinite)(finite);
}

/* Fills of at least this many floats use x86's string store (8 KB: where the lines
 * are unlikely to be in L1 already and its start-up cost is small). */
#define CI_STRING_FILL_MIN 2048

CI_INLINE void CI_FN(fill)(float *out, float value, size_t begin, size_t end) {
#if defined(__x86_64__) && defined(__GNUC__)
    /* rep stosl writes whole lines without first reading them (what memset does), which
     * vector stores cannot: a 12 MB fill takes 0.11 instead of 0.13-0.15 ns per float
     * here. The same bits as the vector loop. */
    if (end - begin >= CI_STRING_FILL_MIN) {
        uint32_t bits;
        memcpy(&bits, &value, sizeof bits);
        void *destination = out + begin;
        size_t count = end - begin;
        __asm__ volatile("rep stosl" : "+D"(destination), "+c"(count) : "a"(bits) : "memory");
        return;
    }
#endif
    const VF v = vf_set1(value);
    size_t i = begin;
    for (; i + W <= end; i += W) vf_storeu(out + i, v);
    for (; i < end; i++) out[i] = value;
}

/* Items [begin, end) that all have the same progress (all waiting, or all done; see
 * ci_sample_prepared): one item through the pass, then its results stored to the rest.
 * Every lane computes alone, so this is bit for bit what the pass would write. Never
 * for an accumulating call (prepare_split refuses it): a fill cannot add. */
CI_INLINE void CI_FN(sample_uniform_range)(const ci_prepared *P, const ci_sample_prepared *S,
                                           const ci_sample_request *R, const ci_track *tracks,
                                           size_t track_count, float *const *outputs,
                                           float *appearance, float *velocity, size_t begin,
                                           size_t end) {
    if (begin >= end) return;
    float values[CI_SPAN_TRACKS], one_appearance, one_velocity;
    float *value_rows[CI_SPAN_TRACKS];
    for (size_t k = 0; k < track_count; k++) value_rows[k] = values + k;
    ci_sample_prepared one = *S;
    one.index_base = S->index_base + (float)begin;
    CI_FN(sample_range)(P, &one, R, tracks, track_count, value_rows,
                        appearance ? &one_appearance : NULL, velocity ? &one_velocity : NULL,
                        0, 1);
    for (size_t k = 0; k < track_count; k++) CI_FN(fill)(outputs[k], values[k], begin, end);
    if (appearance) CI_FN(fill)(appearance, one_appearance, begin, end);
    if (velocity) CI_FN(fill)(velocity, one_velocity, begin, end);
}

/* The sampling pass. A list split by dispatch.c into runs of waiting, moving and done
 * items computes only the moving ones; the others are fills (a frame of a long list
 * is mostly items that have not started or have finished). */
static int CI_FN(sample_loop)(const ci_prepared *P, const ci_sample_prepared *S,
                              const ci_sample_request *R, const ci_track *tracks,
                              size_t track_count, float *const *outputs,
                              float *appearance, float *velocity, size_t n) {
    ci_prepared storage;
    P = CI_FN(with_bezier_table)(P, &storage);
    if (!S->split)
        return CI_FN(sample_range)(P, S, R, tracks, track_count, outputs, appearance,
                                   velocity, 0, n);
    const size_t *b = S->split_at; /* waiting | moving | done | moving | waiting */
    size_t bounds[6] = {0, b[0], b[1], b[2], b[3], n};
    int saw = 0;
    /* The interior of a moving run (progress provably in [0, 1]) goes through loops
     * without the clamp or the absolute value; its edges through the usual ones. */
    const int interiors = S->simple_list && !velocity;
    for (int run = 0; run < 5; run++) {
        if (run % 2 == 0) {
            CI_FN(sample_uniform_range)(P, S, R, tracks, track_count, outputs, appearance,
                                        velocity, bounds[run], bounds[run + 1]);
            continue;
        }
        const size_t *inner = S->interior_at[run / 2];
        size_t inner_begin = bounds[run], inner_end = bounds[run];
        if (interiors && inner[0] < inner[1]) {
            inner_begin = inner[0];
            inner_end = inner[1];
        }
        if (bounds[run] < inner_begin)
            saw |= CI_FN(sample_range)(P, S, R, tracks, track_count, outputs, appearance,
                                       velocity, bounds[run], inner_begin);
        if (inner_begin < inner_end) {
            ci_sample_prepared interior = *S;
            interior.interior = 1;
            interior.interior_slope = run == 1 ? S->slope : -S->slope;
            /* An inOut's interior in three parts: one side of its split, the few items
             * near it, the other side (see ci_sample_prepared.half_at). */
            size_t cut[4] = {inner_begin, inner_end, inner_end, inner_end};
            int sides[3] = {CI_SIDES_TEST, CI_SIDES_TEST, CI_SIDES_TEST};
            if (CI_FN(has_sides)(P->kind, P->direction)) {
                cut[1] = S->half_at[run / 2][0];
                cut[2] = S->half_at[run / 2][1];
                sides[0] = run == 1 ? CI_SIDES_LOW : CI_SIDES_HIGH;
                sides[2] = run == 1 ? CI_SIDES_HIGH : CI_SIDES_LOW;
            }
            for (int part = 0; part < 3; part++) {
                if (cut[part] >= cut[part + 1]) continue;
                interior.sides = sides[part];
                saw |= CI_FN(sample_range)(P, &interior, R, tracks, track_count, outputs,
                                           appearance, velocity, cut[part], cut[part + 1]);
            }
        }
        if (inner_end < bounds[run + 1])
            saw |= CI_FN(sample_range)(P, S, R, tracks, track_count, outputs, appearance,
                                       velocity, inner_end, bounds[run + 1]);
    }
    return saw;
}

/* Delays (or distances) of a grid or list layout. */
static int CI_FN(layout_loop)(const ci_layout_prepared *L, float *out, size_t n) {
    ci_prepared storage;
    const ci_prepared *distribution = CI_FN(with_bezier_table)(&L->distribution, &storage);
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
        VF u = CI_FN(clamp01)(
            vf_mul(vf_sub(d, vf_set1(L->nearest_distance)), vf_set1(L->inverse_distance_range)));
        VF s = CI_FN(ease_one)(distribution, u);
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
        CI_FN(sincos_pi)(vf_add(cycles, cycles), &s, &c);
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

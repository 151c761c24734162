/*
 * kernel_math.h: Elementary vector math the curves share: clamping, bit selection,
 * rounding to an integer, the error of a product, 2^x and e^x, sin and cos in half
 * turns, the floor of an exact product.
 *
 * Accuracy: exp2 2.5e-7 relative, exp adds |x| e^x 2^-24, sincos_pi about 2 ulp of 1;
 * each function's comment gives its range and bound.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* Lane numbers, loaded as a vector: 0, 1, ..., W - 1. */
static const float CI_FN(lane_index)[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

CI_INLINE VF CI_FN(clamp01)(VF x) { return vf_min(vf_max(x, vf_set1(0.0f)), vf_set1(1.0f)); }

CI_INLINE VF CI_FN(bitselect)(VI mask, VF if_set, VF if_clear) {
    return vi_as_vf(vi_or(vi_and(mask, vf_as_vi(if_set)), vi_andnot(mask, vf_as_vi(if_clear))));
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

/* 2^x for x in [-126, 126]. Range-reduced to f in [-1/2, 1/2], a degree-5 polynomial
 * of 2^f fitted near minimax with its constant term exactly 1, so that 2^0 = 1 and a
 * spring starts exactly at its origin (relative error 1.1e-7 with float coefficients,
 * well inside every bound that uses it), scaled by 2^n built in the exponent bits (on
 * AVX-512, rounded and scaled by vrndscaleps and vscalefps: the same figures). Max
 * relative error about 2.5e-7. Callers whose argument may leave the range use exp2:
 * below -126 its result is 0 (no denormals: a decayed spring term must vanish, not
 * linger at 2^-126 and be multiplied by a huge time); above 126 it saturates at 2^126,
 * which no curve reaches. */
CI_INLINE VF CI_FN(exp2_in_range)(VF x) {
#ifdef CI_HAS_SCALEF
    /* The same rounding and the same exact scaling, one instruction each. */
    VF r = vf_round_even(x);
#else
    VI n_bits;
    VF r = CI_FN(round)(x, &n_bits);
#endif
    VF f = vf_sub(x, r);
    VF p = vf_set1(1.3264724e-03f);
    p = vf_fma(p, f, vf_set1(9.6715130e-03f));
    p = vf_fma(p, f, vf_set1(5.5507336e-02f));
    p = vf_fma(p, f, vf_set1(2.4022242e-01f));
    p = vf_fma(p, f, vf_set1(6.9314700e-01f));
    p = vf_fma(p, f, vf_set1(1.0f));
#ifdef CI_HAS_SCALEF
    return vf_scalef(p, r);
#else
    VF scale = vi_as_vf(vi_shl(vi_add(n_bits, vi_set1(127 - CI_ROUND_MAGIC_BITS)), 23));
    return vf_mul(p, scale);
#endif
}

/* 2^x for any x: exp2_in_range after the clamp, 0 below -126. */
CI_INLINE VF CI_FN(exp2)(VF x) {
    VM underflow = vm_lt(x, vf_set1(-126.0f));
    x = vf_min(vf_max(x, vf_set1(-126.0f)), vf_set1(126.0f));
    return vf_select(underflow, vf_set1(0.0f), CI_FN(exp2_in_range)(x));
}

/* e^x = 2^(x log2 e). The product adds |x| * 2^-24 of absolute error to the exponent,
 * i.e. a relative error of |x| e^x 2^-24 <= 2.2e-8 for x <= 0, the range we use. */
CI_INLINE VF CI_FN(exp)(VF x) { return CI_FN(exp2)(vf_mul(x, vf_set1(1.4426950408889634f))); }

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
    VM below = vm_and(vm_eq(product, k), vm_lt(CI_FN(product_error)(a, b, product), vf_set1(0.0f)));
    return vf_select(below, vf_sub(k, vf_set1(1.0f)), k);
}

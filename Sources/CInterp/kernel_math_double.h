/*
 * kernel_math_double.h: Elementary math in double precision for spring lanes at a
 * transition (kernel_settling.h, kernel_spring_state.h): partial vectors, absolute
 * value, Swift's min and max, neighbouring doubles, ln x, e^x, sin and cos.
 *
 * Accuracy: within about one unit in the last place of the C library's functions (ln
 * measured at 1 ulp over 20 million arguments). No fused operations, so every backend
 * gives the same bits.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* Partial vectors at the tail go through a small buffer; `fill` pads the lanes past m. */
CI_INLINE VD CI_FN(load_d)(const double *p, size_t m, double fill) {
    if (m == WD) return vd_loadu(p);
    double buffer[WD];
    for (size_t j = 0; j < WD; j++) buffer[j] = j < m ? p[j] : fill;
    return vd_loadu(buffer);
}

/* The first m lanes (m <= WD) set: a partial vector's real lanes. */
CI_INLINE VDM CI_FN(first_lanes_d)(size_t m) {
    double valid[WD];
    for (size_t j = 0; j < WD; j++) valid[j] = j < m ? 1.0 : 0.0;
    return vdm_eq(vd_loadu(valid), vd_set1(1.0));
}

CI_INLINE void CI_FN(store_d)(double *p, VD v, size_t m) {
    if (m == WD) {
        vd_storeu(p, v);
        return;
    }
    double buffer[WD];
    vd_storeu(buffer, v);
    for (size_t j = 0; j < m; j++) p[j] = buffer[j];
}

CI_INLINE VD CI_FN(abs_d)(VD x) {
    return vdi_as_vd(vdi_and(vd_as_vdi(x), vdi_set1(0x7FFFFFFFFFFFFFFFull)));
}

/* Swift.min and Swift.max, which the reference uses: min(a, b) is b only when b < a,
 * max(a, b) is b when a <= b. */
CI_INLINE VD CI_FN(min_d)(VD a, VD b) { return vd_select(vdm_lt(b, a), b, a); }
CI_INLINE VD CI_FN(max_d)(VD a, VD b) { return vd_select(vdm_le(a, b), b, a); }
/* The greater of a and b, and b where either is NaN: the instruction sets' own maximum
 * (a where b < a, else b), which the compiler can then use, one instruction instead of
 * a comparison and a blend on a loop's critical path. The same value as max_d where
 * neither is NaN. */
CI_INLINE VD CI_FN(max_or_second_d)(VD a, VD b) { return vd_select(vdm_lt(b, a), a, b); }

/* The neighbouring doubles of a positive finite x, by its bits. */
CI_INLINE VD CI_FN(next_up_d)(VD x) { return vdi_as_vd(vdi_add(vd_as_vdi(x), vdi_set1(1))); }
CI_INLINE VD CI_FN(next_down_d)(VD x) { return vdi_as_vd(vdi_sub(vd_as_vdi(x), vdi_set1(1))); }

/* 1 in the lanes where m is set, else 0: counts that a mask advances. */
CI_INLINE VD CI_FN(count_d)(VDM m) { return vd_select(m, vd_set1(1.0), vd_set1(0.0)); }

/* ln x for x >= 0 (NaN for NaN, -inf at 0, +inf at +inf), within about one unit in the
 * last place. x = 2^k m with m in [sqrt(2)/2, sqrt(2)); with f = m - 1 and
 * s = f / (2 + f), ln m = 2 atanh s = f - f^2/2 + s (f^2/2 + R(s^2)), where
 * R(z) = 2z/3 + 2z^2/5 + ... + 2z^9/19 is atanh's Taylor series (|s| <= 0.1716, so the
 * first term left out is below 2^-55 of the result: under half a unit in the last place). ln 2 is split so that k ln2_hi is
 * exact (ln2_hi has 41 significant bits, |k| <= 1077). Subnormals are scaled by 2^54
 * first. */
CI_INLINE VD CI_FN(log_d)(VD x) {
    const VDM tiny = vdm_lt(x, vd_set1(2.2250738585072014e-308)); /* below DBL_MIN */
    const VD scaled = vd_select(tiny, vd_mul(x, vd_set1(18014398509481984.0)), x); /* 2^54 */
    const VDI bits = vd_as_vdi(scaled);
    /* The biased exponent (the sign is clear) as a double, through 2^52's bits. */
    const VD two52 = vd_set1(4503599627370496.0);
    VD e = vd_sub(vdi_as_vd(vdi_or(vdi_shr(bits, 52), vd_as_vdi(two52))), two52);
    VD m = vdi_as_vd(vdi_or(vdi_and(bits, vdi_set1(0x000FFFFFFFFFFFFFull)),
                            vd_as_vdi(vd_set1(1.0)))); /* in [1, 2) */
    const VDM high = vdm_lt(vd_set1(1.4142135623730951), m);
    m = vd_select(high, vd_mul(m, vd_set1(0.5)), m);
    e = vd_select(high, vd_add(e, vd_set1(1.0)), e);
    const VD k = vd_sub(e, vd_select(tiny, vd_set1(1023.0 + 54.0), vd_set1(1023.0)));
    const VD f = vd_sub(m, vd_set1(1.0));
    const VD s = vd_div(f, vd_add(vd_set1(2.0), f));
    const VD z = vd_mul(s, s);
    VD r = vd_set1(2.0 / 19.0);
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 17.0));
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 15.0));
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 13.0));
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 11.0));
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 9.0));
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 7.0));
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 5.0));
    r = vd_add(vd_mul(r, z), vd_set1(2.0 / 3.0));
    r = vd_mul(r, z);
    const VD half_f2 = vd_mul(vd_mul(vd_set1(0.5), f), f);
    const VD tail =
        vd_add(vd_mul(s, vd_add(half_f2, r)), vd_mul(k, vd_set1(2.8235290563031577e-13)));
    VD y = vd_add(vd_mul(k, vd_set1(0.693147180559663)), vd_sub(f, vd_sub(half_f2, tail)));
    y = vd_select(vdm_eq(x, vd_set1(0.0)), vd_set1(-__builtin_inf()), y);
    y = vd_select(vdm_eq(x, vd_set1(__builtin_inf())), vd_set1(__builtin_inf()), y);
    /* NaN stays NaN (x == x fails only there). */
    return vd_select(vdm_eq(x, x), y, x);
}

/* Round to the nearest integer by 1.5 * 2^52 (|x| < 2^51): the integer also sits in the
 * low bits of *bits - CI_ROUND_D_MAGIC's bits. */
#define CI_ROUND_D_MAGIC 6755399441055744.0
CI_INLINE VD CI_FN(round_d)(VD x, VDI *bits) {
    VD t = vd_add(x, vd_set1(CI_ROUND_D_MAGIC));
    *bits = vdi_sub(vd_as_vdi(t), vd_as_vdi(vd_set1(CI_ROUND_D_MAGIC)));
    return vd_sub(t, vd_set1(CI_ROUND_D_MAGIC));
}

/* 2^n for integer n in [-1022, 1023], from its bits. */
CI_INLINE VD CI_FN(pow2_d)(VDI n) { return vdi_as_vd(vdi_shl(vdi_add(n, vdi_set1(1023)), 52)); }

/* e^x for x <= 0 (0 below -745.2, as the C library; NaN for NaN): x = n ln 2 + r with
 * |r| <= ln(2)/2, e^r by its Taylor series to r^13 (the first term left out is below
 * 2^-57 of it), scaled by 2^n in two halves so that subnormal results round once. */
CI_INLINE VD CI_FN(exp_neg_d)(VD x) {
    const VD lower = vd_set1(-746.0);
    VD clamped = vd_select(vdm_lt(x, lower), lower, x);
    VDI n_bits;
    VD n = CI_FN(round_d)(vd_mul(clamped, vd_set1(1.4426950408889634)), &n_bits);
    VD r = vd_sub(vd_sub(clamped, vd_mul(n, vd_set1(0.693147180559663))),
                  vd_mul(n, vd_set1(2.8235290563031577e-13)));
    VD p = vd_set1(1.0 / 6227020800.0); /* 1/13! */
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 479001600.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 39916800.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 3628800.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 362880.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 40320.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 5040.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 720.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 120.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 24.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0 / 6.0));
    p = vd_add(vd_mul(p, r), vd_set1(0.5));
    p = vd_add(vd_mul(p, r), vd_set1(1.0));
    p = vd_add(vd_mul(p, r), vd_set1(1.0));
    /* n in [-1077, 0]: 2^(n - half) 2^half with half = n / 2 rounded toward 0 (the
     * arithmetic shift of a negative integer by its bits: n >> 1 of n's magnitude). */
    VDI half = vdi_sub(vdi_set1(0), vdi_shr(vdi_sub(vdi_set1(0), n_bits), 1));
    VD y = vd_mul(vd_mul(p, CI_FN(pow2_d)(vdi_sub(n_bits, half))), CI_FN(pow2_d)(half));
    y = vd_select(vdm_lt(x, vd_set1(-745.2)), vd_set1(0.0), y);
    return vd_select(vdm_eq(x, x), y, x);
}

/* sin x and cos x for 0 <= x < 2^20 pi/2 (NaN beyond: the caller's reference solves
 * those): x = k pi/2 + r, pi/2 in three parts of which k times the first two are
 * exact, |r| <= pi/4, each by its Taylor series (to r^17 and r^18), placed by the
 * quadrant k mod 4. */
CI_INLINE void CI_FN(sincos_d)(VD x, VD *sine, VD *cosine) {
    VDI k_bits;
    VD k = CI_FN(round_d)(vd_mul(x, vd_set1(0.6366197723675814)), &k_bits);
    VD r = vd_sub(x, vd_mul(k, vd_set1(1.5707963267341256)));
    r = vd_sub(r, vd_mul(k, vd_set1(6.077100506303966e-11)));
    r = vd_sub(r, vd_mul(k, vd_set1(2.0222662487959506e-21)));
    VD z = vd_mul(r, r);
    VD s = vd_set1(1.0 / 355687428096000.0); /* 1/17! */
    s = vd_add(vd_mul(s, z), vd_set1(-1.0 / 1307674368000.0));
    s = vd_add(vd_mul(s, z), vd_set1(1.0 / 6227020800.0));
    s = vd_add(vd_mul(s, z), vd_set1(-1.0 / 39916800.0));
    s = vd_add(vd_mul(s, z), vd_set1(1.0 / 362880.0));
    s = vd_add(vd_mul(s, z), vd_set1(-1.0 / 5040.0));
    s = vd_add(vd_mul(s, z), vd_set1(1.0 / 120.0));
    s = vd_add(vd_mul(s, z), vd_set1(-1.0 / 6.0));
    s = vd_add(r, vd_mul(vd_mul(s, z), r));
    VD c = vd_set1(-1.0 / 6402373705728000.0); /* -1/18! */
    c = vd_add(vd_mul(c, z), vd_set1(1.0 / 20922789888000.0));
    c = vd_add(vd_mul(c, z), vd_set1(-1.0 / 87178291200.0));
    c = vd_add(vd_mul(c, z), vd_set1(1.0 / 479001600.0));
    c = vd_add(vd_mul(c, z), vd_set1(-1.0 / 3628800.0));
    c = vd_add(vd_mul(c, z), vd_set1(1.0 / 40320.0));
    c = vd_add(vd_mul(c, z), vd_set1(-1.0 / 720.0));
    c = vd_add(vd_mul(c, z), vd_set1(1.0 / 24.0));
    c = vd_add(vd_set1(1.0), vd_sub(vd_mul(vd_mul(c, z), z), vd_mul(vd_set1(0.5), z)));
    /* Quadrants 1 and 3 swap sine and cosine (k odd: k / 2 is not an integer, exact
     * below 2^51, and no subnormal is compared, so denormals-are-zero modes agree);
     * 2 and 3 negate the sine, 1 and 2 the cosine (bit 1 of k and of k + 1, moved to
     * the sign). */
    VDI half_bits;
    VD half = vd_mul(k, vd_set1(0.5));
    VDM odd = vdm_andnot(vdm_eq(CI_FN(round_d)(half, &half_bits), half), vdm_eq(half, half));
    VD sin_part = vd_select(odd, c, s), cos_part = vd_select(odd, s, c);
    VDI sin_sign = vdi_shl(vdi_shr(k_bits, 1), 63);
    VDI cos_sign = vdi_shl(vdi_shr(vdi_add(k_bits, vdi_set1(1)), 1), 63);
    *sine = vdi_as_vd(vdi_xor(vd_as_vdi(sin_part), sin_sign));
    *cosine = vdi_as_vd(vdi_xor(vd_as_vdi(cos_part), cos_sign));
    VDM beyond = vdm_lt(vd_set1(1647099.3291652855), x); /* 2^20 pi/2 */
    *sine = vd_select(beyond, vd_set1(__builtin_nan("")), *sine);
    *cosine = vd_select(beyond, vd_set1(__builtin_nan("")), *cosine);
}

/*
 * kernel_color.h: Colours mixed in Oklab back to encoded sRGB, a vector of colours at a
 * time in double (ci_oklab_to_srgb): the Swift reference's operations in its order
 * (Oklab.linearSRGB, CSS gamut mapping's first rules, then SRGBTransfer.encoded with
 * its own power on its own tables): additions, products and divisions by alpha, no
 * fused operation, so every backend gives the reference's bits.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* x^(5/12), which is x^(1/2.4), for x in [0.0031308, 1], by the reference's own steps
 * on its own tables (SRGBTransfer.power5Over12, color_tables.c), so with its bits:
 * x = 2^e m, m in [1, 2) in the interval [c, c + 1/128) of table row j; m^(5/12) is
 * c^(5/12) (1 + t)^(5/12), t = m/c - 1, the latter by its binomial series to t^7 in
 * Estrin's scheme; 2^(5e/12) = 2^q 2^(r/12) with 5e = 12q + r, r in 0...11. The rows
 * are looked up lane by lane. */
CI_INLINE VD CI_FN(power_5_12_d)(VD x) {
    const VDI bits = vd_as_vdi(x);
    const VDI fraction = vdi_and(bits, vdi_set1(0x000FFFFFFFFFFFFFull));
    const VD m = vdi_as_vd(vdi_or(fraction, vd_as_vdi(vd_set1(1.0))));
    /* The exponent: the biased one as a double through 2^52's bits, then
     * q = floor(5e / 12) as round((5e + 0.5) / 12 - 0.5), which is never halfway. */
    const VD two52 = vd_set1(4503599627370496.0);
    const VD biased = vd_sub(vdi_as_vd(vdi_or(vdi_shr(bits, 52), vd_as_vdi(two52))), two52);
    const VD f = vd_mul(vd_set1(5.0), vd_sub(biased, vd_set1(1023.0)));
    VDI q_bits;
    const VD q =
        CI_FN(round_d)(vd_sub(vd_mul(vd_add(f, vd_set1(0.5)), vd_set1(1.0 / 12.0)), vd_set1(0.5)),
                       &q_bits);
    const VD r = vd_sub(f, vd_mul(vd_set1(12.0), q));
    double rows[WD], twelfths[WD], inverse[WD], start_power[WD], twelfth[WD];
    vd_storeu(rows, vdi_as_vd(vdi_shr(fraction, 45)));
    vd_storeu(twelfths, vdi_as_vd(vdi_and(vd_as_vdi(vd_add(r, two52)), vdi_set1(15))));
    for (size_t k = 0; k < WD; k++) {
        unsigned long long j, s;
        __builtin_memcpy(&j, &rows[k], sizeof j);
        __builtin_memcpy(&s, &twelfths[k], sizeof s);
        inverse[k] = ci_srgb_inverse_starts[j & 127];
        start_power[k] = ci_srgb_start_powers[j & 127];
        twelfth[k] = ci_srgb_twelfth_powers[s < 12 ? s : 0];
    }
    const double *b = ci_srgb_binomial;
    const VD t = vd_sub(vd_mul(m, vd_loadu(inverse)), vd_set1(1.0));
    const VD t2 = vd_mul(t, t);
    const VD low = vd_add(vd_add(vd_set1(b[0]), vd_mul(vd_set1(b[1]), t)),
                          vd_mul(t2, vd_add(vd_set1(b[2]), vd_mul(vd_set1(b[3]), t))));
    const VD high = vd_add(vd_add(vd_set1(b[4]), vd_mul(vd_set1(b[5]), t)),
                           vd_mul(t2, vd_add(vd_set1(b[6]), vd_mul(vd_set1(b[7]), t))));
    const VD series = vd_add(low, vd_mul(vd_mul(t2, t2), high));
    return vd_mul(vd_mul(vd_mul(series, vd_loadu(start_power)), vd_loadu(twelfth)),
                  CI_FN(pow2_d)(q_bits));
}

/* The sRGB transfer function of linear channels in 0...1, as the reference's
 * SRGBTransfer.encoded (1 + 1.055 (l^(5/12) - 1), so that 1 encodes to 1). */
CI_INLINE VD CI_FN(srgb_encoded_d)(VD linear) {
    const VD magnitude = CI_FN(abs_d)(linear);
    const VD knee = vd_set1(0.0031308);
    /* The power of the curve's part only (a darker channel takes the linear branch). */
    const VD power = CI_FN(power_5_12_d)(CI_FN(max_d)(magnitude, knee));
    const VD curve = vd_add(vd_set1(1.0), vd_mul(vd_set1(1.055), vd_sub(power, vd_set1(1.0))));
    return vd_select(vdm_le(magnitude, knee), vd_mul(vd_set1(12.92), magnitude), curve);
}

/* Whether every lane of v lies in 0...1 (NaN does not). */
CI_INLINE VDM CI_FN(in_unit_d)(VD v) {
    return vdm_and(vdm_le(vd_set1(0.0), v), vdm_le(v, vd_set1(1.0)));
}

/* One row of a 3x3 matrix times (x, y, z), summed left to right as the reference's
 * SIMD3 sum. */
CI_INLINE VD CI_FN(row_d)(double c0, double c1, double c2, VD x, VD y, VD z) {
    return vd_add(vd_add(vd_mul(vd_set1(c0), x), vd_mul(vd_set1(c1), y)), vd_mul(vd_set1(c2), z));
}

/* One vector of colours (m valid). */
CI_INLINE void CI_FN(oklab_block)(const ci_oklab_mixes *M, double *red, double *green, double *blue,
                                  size_t i, size_t m) {
    const VD alpha = CI_FN(load_fd)(M->alpha + i, m, 0.0);
    /* A clear colour (alpha not both finite and > 0) is the caller's: divided by 1. */
    const VDM visible =
        vdm_and(vdm_lt(vd_set1(0.0), alpha), vdm_lt(alpha, vd_set1(__builtin_inf())));
    const VD divisor = vd_select(visible, alpha, vd_set1(1.0));
    const VD L = vd_div(CI_FN(load_fd)(M->lightness + i, m, 0.0), divisor);
    const VD a = vd_div(CI_FN(load_fd)(M->a + i, m, 0.0), divisor);
    const VD b = vd_div(CI_FN(load_fd)(M->b + i, m, 0.0), divisor);
    /* Lab to cube-rooted LMS, cubed, to linear sRGB (Ottosson's published inverses). */
    VD l = CI_FN(row_d)(1.0, 0.3963377774, 0.2158037573, L, a, b);
    VD s_m = CI_FN(row_d)(1.0, -0.1055613458, -0.0638541728, L, a, b);
    VD s = CI_FN(row_d)(1.0, -0.0894841775, -1.2914855480, L, a, b);
    l = vd_mul(vd_mul(l, l), l);
    s_m = vd_mul(vd_mul(s_m, s_m), s_m);
    s = vd_mul(vd_mul(s, s), s);
    const VD r = CI_FN(row_d)(4.0767416621, -3.3077115913, 0.2309699292, l, s_m, s);
    const VD g = CI_FN(row_d)(-1.2684380046, 2.6097574011, -0.3413193965, l, s_m, s);
    const VD bl = CI_FN(row_d)(-0.0041960863, -0.7034186147, 1.7076147010, l, s_m, s);
    /* CSS gamut mapping's first rules: lightness at or past either end is white or
     * black (for a finite lightness and chroma); else only a colour inside the gamut is
     * converted. */
    const VD infinity = vd_set1(__builtin_inf());
    const VDM defined = vdm_and(vdm_and(visible, vdm_lt(CI_FN(abs_d)(L), infinity)),
                                vdm_lt(vd_add(vd_mul(a, a), vd_mul(b, b)), infinity));
    const VDM white = vdm_and(defined, vdm_le(vd_set1(1.0), L));
    const VDM black = vdm_and(defined, vdm_le(L, vd_set1(0.0)));
    VDM converted = vdm_and(defined, vdm_and(vdm_lt(vd_set1(0.0), L), vdm_lt(L, vd_set1(1.0))));
    converted = vdm_and(converted, vdm_and(CI_FN(in_unit_d)(r), CI_FN(in_unit_d)(g)));
    converted = vdm_and(converted, CI_FN(in_unit_d)(bl));
    const VD nan = vd_set1(__builtin_nan(""));
    const VD end = vd_select(white, vd_set1(1.0), vd_select(black, vd_set1(0.0), nan));
    /* No power where no colour of the vector is converted (a black or clear shadow, a
     * colour past the gamut): the transfer function is most of a colour's cost. */
    if (!vdm_any(converted)) {
        CI_FN(store_d)(red + i, end, m);
        CI_FN(store_d)(green + i, end, m);
        CI_FN(store_d)(blue + i, end, m);
        return;
    }
    CI_FN(store_d)(red + i, vd_select(converted, CI_FN(srgb_encoded_d)(r), end), m);
    CI_FN(store_d)(green + i, vd_select(converted, CI_FN(srgb_encoded_d)(g), end), m);
    CI_FN(store_d)(blue + i, vd_select(converted, CI_FN(srgb_encoded_d)(bl), end), m);
}

static void CI_FN(oklab_loop)(const ci_oklab_mixes *M, double *red, double *green, double *blue,
                              size_t n) {
    for (size_t i = 0; i < n; i += WD)
        CI_FN(oklab_block)(M, red, green, blue, i, n - i < WD ? n - i : WD);
}

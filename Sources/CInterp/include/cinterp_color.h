/*
 * cinterp_color.h: colours mixed in Oklab back to sRGB (ci_oklab_mixes,
 * ci_oklab_to_srgb), part of the API of cinterp.h, which includes it: what decoding a
 * frame of matched pairs does for every pair's colour and shadow colour
 * (kernel_color.h).
 */
#ifndef CINTERP_COLOR_H
#define CINTERP_COLOR_H

#include "cinterp.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Colours as a mix in Oklab leaves them: each coordinate multiplied by alpha
 *  (premultiplied: lightness[i] = L alpha, ...), and alpha; one array per coordinate,
 *  element i of each is colour i. */
typedef struct ci_oklab_mixes {
    const float *lightness; /**< L alpha */
    const float *a;         /**< a alpha */
    const float *b;         /**< b alpha */
    const float *alpha;
} ci_oklab_mixes;

/**
 * Colour i of `mixes` in encoded sRGB under CSS Color 4's gamut mapping, in double
 * precision: its coordinates divided by its alpha, Oklab to linear-light sRGB by
 * Ottosson's published matrices (the Swift reference's Oklab.linearSRGB, in its order
 * of operations), then the sRGB transfer function (12.92 l up to 0.0031308, else
 * 1 + 1.055 (l^(1/2.4) - 1)) into red[i], green[i] and blue[i]; a lightness at or
 * above 1 gives white (exactly 1, 1, 1), at or below 0 black (0, 0, 0), as CSS maps
 * them. Every backend gives the reference's bits (GamutMapping.color,
 * SRGBTransfer.encoded: the same operations in its order, its power on the tables of
 * ci_srgb_power_table).
 *
 * The gamut search itself is left to the caller: colour i gets NaN in all three
 * channels, for the caller to map by its own rule, when a linear channel leaves 0...1
 * (out of gamut), when its alpha is not both finite and > 0 (a clear colour) or when a
 * coordinate is not finite (or its chroma overflows); that is not an error.
 * CI_ERR_NULL_POINTER for a missing array when count > 0 (nothing written).
 */
ci_status ci_oklab_to_srgb(ci_backend backend, const ci_oklab_mixes *mixes, double *red,
                           double *green, double *blue, size_t count);

/** The tables under the sRGB transfer function's power l^(5/12) that ci_oklab_to_srgb
 *  evaluates (for x = 2^e m, m in the interval [c, c + 1/128) of row j,
 *  x^(5/12) = c^(5/12) (m/c)^(5/12) 2^(5e/12)), for a reference that must give the
 *  same bits on every platform. 1/c, c^(5/12) and 2^(r/12) are the doubles nearest
 *  their values for the exponents 5/12 and r/12 as doubles; the binomial coefficients
 *  come from their recurrence in double. */
typedef struct ci_srgb_power_tables {
    const double *inverse_starts; /**< 128 values: 1/c, c = 1 + j/128 */
    const double *start_powers;   /**< 128 values: c^(5/12) */
    const double *twelfth_powers; /**< 12 values: 2^(r/12), r = 0...11 */
    const double *binomial;       /**< 8 values: the binomial coefficients C(5/12, k) */
} ci_srgb_power_tables;

/** The tables of ci_oklab_to_srgb's power (static: valid for the program's life). */
ci_srgb_power_tables ci_srgb_power_table(void);

#ifdef __cplusplus
}
#endif

#endif /* CINTERP_COLOR_H */

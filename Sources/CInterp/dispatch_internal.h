/*
 * dispatch_internal.h: what the dispatch files share (backends.c, curve_preparation.c,
 * sampling_plan.c, entry_points.c). Backends never see it: they get kernel_internal.h.
 */
#ifndef CINTERP_DISPATCH_INTERNAL_H
#define CINTERP_DISPATCH_INTERNAL_H

#include <math.h>

#include "kernel_internal.h"

static inline int ci_is_finite(double x) { return isfinite(x); }

/* A seconds value the float kernel can hold. */
static inline int ci_fits_float(double x) { return ci_is_finite(x) && isfinite((float)x); }

/* A duration the float kernel can divide by: finite and positive after rounding. */
static inline int ci_valid_duration(double d) {
    return ci_is_finite(d) && (float)d > 0 && isfinite((float)d) && isfinite(1.0f / (float)d);
}

/* Springs and decays take time in seconds and ignore an easing duration. */
static inline int ci_is_timed(int kind) {
    return kind == CI_CURVE_SPRING || kind == CI_CURVE_DECAY;
}

/* The table of a backend this machine runs (CI_BACKEND_AUTO: the current choice), or
 * NULL when it cannot run here. */
const ci_kernel_table *ci_resolve_backend(ci_backend b);

/* Validates c and derives its constants into P: CI_ERR_INVALID_CURVE also when a
 * constant, or a value a spring's loop forms from them, would not fit float. */
ci_status ci_prepare_curve(ci_prepared *P, const ci_curve *c);

/* The plan of a ci_sample call for a validated curve (a spring's or decay's span
 * already set to 1 in unit): every argument check of the request, the tracks and the
 * outputs, then the list's delays, the run split and the tracks' spans. */
ci_status ci_plan_sample(ci_sample_prepared *S, const ci_curve *unit,
                         const ci_sample_request *request, const ci_track *tracks,
                         size_t track_count, float *const *outputs, size_t count);

#endif /* CINTERP_DISPATCH_INTERNAL_H */

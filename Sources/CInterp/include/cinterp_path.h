/*
 * cinterp_path.h: points along a motion path (ci_path, ci_path_points), part of the
 * API of cinterp.h, which includes it: a path's table as Stagger's MotionPath builds
 * it, and the batch that samples it (kernel_path.h).
 */
#ifndef CINTERP_PATH_H
#define CINTERP_PATH_H

#include "cinterp.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Floats per row of a path's table: the distance the row starts at, 1 / its length,
 *  then x, y and the angle (degrees) as cubics c0 + u (c1 + u (c2 + u c3)) in the
 *  row's local coordinate u = (distance - start) / length, in 0...1. */
#define CI_PATH_ROW 14

/** A motion path as a table of rows in order of distance (Stagger's MotionPath builds
 *  it from the Double reference). */
typedef struct ci_path {
    const float *intervals;  /**< interval_count rows of CI_PATH_ROW floats */
    const uint32_t *buckets; /**< bucket b: a row near distance b / bucket_scale */
    uint32_t interval_count; /**< rows: at least 1 */
    uint32_t bucket_count;   /**< buckets: at least 1 */
    float length;            /**< the path's length: finite, > 0 */
    float bucket_scale;      /**< bucket_count / length: finite, > 0 */
    int closed;              /**< nonzero: progress wraps round (CSS Motion Path's rule for a
                                  closed path); zero: it is clamped to 0...1 */
} ci_path;

/**
 * The point of `path` at each lane's progress (the fraction of the length travelled):
 * x[i], y[i] in the path's units, angle[i] the direction of travel in degrees, in
 * (-180, 180]. Every backend gives the same bits. A bucket that names a row out of
 * range is taken as the last row (the walk from it still finds the right one).
 * CI_ERR_INVALID_PARAMETER for a path outside the ranges above; CI_ERR_NONFINITE_INPUT
 * when a progress is not finite (NaN in that lane; every lane is written).
 */
ci_status ci_path_points(ci_backend backend, const ci_path *path, const float *progress, float *x,
                         float *y, float *angle, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* CINTERP_PATH_H */

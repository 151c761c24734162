/*
 * entry_points.c: the public functions of cinterp.h. Each checks its arguments, has
 * its curve prepared (curve_preparation.c) and its plan made (sampling_plan.c), and
 * runs the chosen backend's loop (backends.c).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "dispatch_internal.h"

static ci_status finish(int saw_nonfinite) {
    return saw_nonfinite ? CI_ERR_NONFINITE_INPUT : CI_OK;
}

/* What every entry point does first: a runnable backend, a valid curve, constants
 * that fit float. */
static ci_status begin(ci_backend backend, const ci_curve *curve, const ci_kernel_table **table,
                       ci_prepared *P) {
    *table = ci_resolve_backend(backend);
    if (!*table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!curve) return CI_ERR_NULL_POINTER;
    return ci_prepare_curve(P, curve);
}

/* A linear() curve's value at progress p, from the backend that will run it. */
static float linear_value_at(const ci_kernel_table *table, const ci_prepared *P, float p) {
    ci_prepared at_progress = *P;
    at_progress.divide_by_duration = 0;
    float value = 0;
    table->ease(&at_progress, &p, &value, 1);
    return value;
}

/* Whether an easing is above 0 at progress 0 (steps that jump at the start, a linear()
 * whose first output is not 0): before its start such a curve must still hold 0, where
 * its clamped progress would give that first value. Penner curves and cubic-bezier are
 * 0 there by definition. */
static int moves_at_start(const ci_kernel_table *table, const ci_prepared *P) {
    if (P->kind == CI_CURVE_STEPS) return P->steps_offset != 0;
    return P->kind == CI_CURVE_PIECEWISE_LINEAR && linear_value_at(table, P, 0) != 0;
}

/* Whether an easing is not at 1 at progress 1: a linear() may end anywhere (Penner
 * curves, cubic-bezier and steps end at 1 by definition). */
static int ends_elsewhere(const ci_kernel_table *table, const ci_prepared *P) {
    return P->kind == CI_CURVE_PIECEWISE_LINEAR && linear_value_at(table, P, 1) != 1;
}

ci_status ci_ease(ci_backend backend, const ci_curve *curve, const float *progress, float *value,
                  size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    ci_status status = begin(backend, curve, &table, &P);
    if (status != CI_OK || count == 0) return status;
    if (!progress || !value) return CI_ERR_NULL_POINTER;
    if (ci_is_timed(curve->kind)) return finish(table->spring(&P, progress, value, NULL, count));
    return finish(table->ease(&P, progress, value, count));
}

ci_status ci_over_time(ci_backend backend, const ci_curve *curve, double duration,
                       const float *time, float *value, size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    ci_status status = begin(backend, curve, &table, &P);
    if (status != CI_OK) return status;
    int is_spring = ci_is_timed(curve->kind);
    if (!is_spring && !ci_valid_duration(duration)) return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (!time || !value) return CI_ERR_NULL_POINTER;
    if (is_spring) return finish(table->spring(&P, time, value, NULL, count));
    P.holds_start = moves_at_start(table, &P);
    P.divide_by_duration = 1;
    P.duration = (float)duration;
    return finish(table->ease(&P, time, value, count));
}

ci_status ci_spring(ci_backend backend, const ci_curve *curve, const float *time, float *value,
                    float *velocity, size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    ci_status status = begin(backend, curve, &table, &P);
    if (status != CI_OK) return status;
    if (!ci_is_timed(curve->kind)) return CI_ERR_INVALID_CURVE;
    if (count == 0) return CI_OK;
    if (!time || (!value && !velocity)) return CI_ERR_NULL_POINTER;
    return finish(table->spring(&P, time, value, velocity, count));
}

ci_status ci_sample(ci_backend backend, const ci_curve *curve, const ci_sample_request *request,
                    const ci_track *tracks, size_t track_count, float *const *outputs,
                    float *appearance, float *velocity, size_t count) {
    const ci_kernel_table *table;
    ci_prepared P;
    if (!request)
        return ci_resolve_backend(backend) ? CI_ERR_NULL_POINTER : CI_ERR_UNSUPPORTED_BACKEND;
    ci_curve unit = curve ? *curve : (ci_curve){0};
    if (curve && ci_is_timed(unit.kind)) unit.params[2] = 1;
    ci_status status = begin(backend, curve ? &unit : NULL, &table, &P);
    if (status != CI_OK) return status;

    ci_sample_prepared S;
    status = ci_plan_sample(&S, &unit, request, tracks, track_count, outputs, count);
    if (status != CI_OK) return status;
    /* Keeping the output's items until they start needs that output, and it alone. */
    if (request->keep_until_start && (!request->item_start || !appearance || track_count > 0))
        return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return status;
    P.holds_start = moves_at_start(table, &P);
    P.holds_end = request->keep_until_start && ends_elsewhere(table, &P);
    return finish(
        table->sample(&P, &S, request, tracks, track_count, outputs, appearance, velocity, count));
}

/* ---- layouts and waves ------------------------------------------------------------ */

/* How many cells a delay pass lays out: the positions j = clamp(i, window_start,
 * window_end - 1) - window_start of items 0 ..< count, for a window already checked. A
 * window lays out its own items only (a list's layout is one row of the window's items),
 * so the grid needs to hold those, not every item. */
static double laid_out_positions(const ci_delay_layout *D, size_t count) {
    if (count == 0) return 0;
    double last = D->window_end > D->window_start ? D->window_end - 1 : D->window_start;
    return fmin(fmax((double)(count - 1), D->window_start), last) - D->window_start + 1;
}

static ci_status prepare_layout(ci_layout_prepared *L, const ci_delay_layout *D, size_t count,
                                int distances_only) {
    memset(L, 0, sizeof *L);
    double cells = (double)D->columns * (double)D->rows;
    if (D->columns < 1 || D->rows < 1 || (distances_only && cells < (double)count) ||
        count > CI_MAX_GRID_ITEMS || D->metric < CI_METRIC_EUCLIDEAN ||
        D->metric > CI_METRIC_CHEBYSHEV || D->axis < CI_AXIS_BOTH || D->axis > CI_AXIS_Y ||
        !ci_fits_float(D->origin_x) || !ci_fits_float(D->origin_y) ||
        !ci_fits_float(D->max_distance) || D->max_distance < 0 || fabs(D->origin_x) > 1e18 ||
        fabs(D->origin_y) > 1e18 || (D->max_distance > 0 && !ci_fits_float(1 / D->max_distance)))
        return CI_ERR_INVALID_PARAMETER;
    L->metric = D->metric;
    L->axis = D->axis;
    L->invert = D->invert != 0;
    L->distances_only = distances_only;
    L->columns = (float)D->columns;
    L->origin_x = (float)D->origin_x;
    L->origin_y = (float)D->origin_y;
    L->max_distance = (float)D->max_distance;
    if (distances_only) return CI_OK;

    if (!ci_fits_float(D->base_delay) || !ci_fits_float(D->spread) || D->spread < 0 ||
        !ci_fits_float(fabs(D->base_delay) + D->spread) ||
        !(D->nearest_distance >= 0 && D->nearest_distance <= D->max_distance) ||
        (D->max_distance > D->nearest_distance &&
         !ci_fits_float(1 / (D->max_distance - D->nearest_distance))) ||
        isnan(D->max_delay) || D->max_delay < 0 || !ci_is_finite(D->window_start) ||
        !ci_is_finite(D->window_end) || D->window_end < D->window_start || D->window_start < 0 ||
        (D->outside != CI_OUTSIDE_IMMEDIATE && D->outside != CI_OUTSIDE_WINDOW_EDGE) ||
        cells < laid_out_positions(D, count))
        return CI_ERR_INVALID_PARAMETER;
    if (ci_is_timed(D->distribution.kind)) return CI_ERR_INVALID_CURVE;
    ci_status status = ci_prepare_curve(&L->distribution, &D->distribution);
    if (status != CI_OK) return status;
    L->reversed = D->reversed != 0;
    double range = D->max_distance - D->nearest_distance;
    double per_distance = range > 0 ? 1 / range : 0;
    L->u_zero_distance = (float)(L->invert ? D->max_distance : D->nearest_distance);
    L->u_per_distance = (float)(L->invert ? -per_distance : per_distance);
    L->base_delay = (float)D->base_delay;
    L->spread = (float)D->spread;
    /* A distribution that overshoots (back, elastic, a cubic-bezier: s > 1) can take
     * spread s past FLT_MAX, and reversed, spread (1 - s) past -FLT_MAX; holding the
     * stagger within FLT_MAX - |base| either way keeps every delay finite. */
    double finite_cap = (double)FLT_MAX - fabs(D->base_delay);
    double cap = D->max_delay < finite_cap ? D->max_delay : finite_cap;
    L->max_delay = (float)cap;
    if ((double)L->max_delay > cap) L->max_delay = nextafterf(L->max_delay, 0);
    L->min_stagger = (float)-finite_cap;
    if ((double)L->min_stagger < -finite_cap) L->min_stagger = nextafterf(L->min_stagger, 0);
    double end =
        D->window_end < (double)CI_MAX_GRID_ITEMS ? D->window_end : (double)CI_MAX_GRID_ITEMS;
    L->window_start = (float)D->window_start;
    L->window_last = end > D->window_start ? (float)(end - 1) : (float)D->window_start - 1;
    L->outside_immediate = D->outside == CI_OUTSIDE_IMMEDIATE || end <= D->window_start;
    return CI_OK;
}

static ci_status run_layout(ci_backend backend, const ci_delay_layout *layout, float *out,
                            size_t count, int distances_only) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!layout) return CI_ERR_NULL_POINTER;
    ci_layout_prepared L;
    ci_status status = prepare_layout(&L, layout, count, distances_only);
    if (status != CI_OK || count == 0) return status;
    if (!out) return CI_ERR_NULL_POINTER;
    return finish(table->layout(&L, out, count));
}

ci_status ci_delays(ci_backend backend, const ci_delay_layout *layout, float *delays,
                    size_t count) {
    return run_layout(backend, layout, delays, count, 0);
}

ci_status ci_distances(ci_backend backend, const ci_delay_layout *layout, float *distances,
                       size_t count) {
    return run_layout(backend, layout, distances, count, 1);
}

ci_status ci_wave_offsets(ci_backend backend, const ci_wave *wave, const float *distances,
                          float *offsets, size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!wave) return CI_ERR_NULL_POINTER;
    int uses_decay = wave->envelope != CI_ENVELOPE_NONE;
    int uses_attack = wave->envelope == CI_ENVELOPE_ATTACK_DECAY;
    if (!ci_is_finite(wave->phase) || !ci_fits_float(wave->elapsed) ||
        !ci_fits_float(wave->amplitude) || !ci_fits_float(wave->spatial_frequency) ||
        !ci_fits_float(wave->front_delay) || wave->envelope < CI_ENVELOPE_NONE ||
        wave->envelope > CI_ENVELOPE_ATTACK_DECAY ||
        (uses_decay &&
         !(wave->decay > 0 && ci_fits_float(wave->decay) && ci_fits_float(1 / wave->decay))) ||
        (uses_attack &&
         !(wave->attack > 0 && ci_fits_float(wave->attack) && ci_fits_float(1 / wave->attack))))
        return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (!offsets) return CI_ERR_NULL_POINTER;
    ci_wave_prepared V;
    memset(&V, 0, sizeof V);
    V.envelope = wave->envelope;
    V.indexed = distances == NULL;
    V.phase = (float)(wave->phase - floor(wave->phase)); /* cycles, reduced in double */
    V.elapsed = (float)wave->elapsed;
    V.amplitude = (float)wave->amplitude;
    V.spatial_frequency = (float)wave->spatial_frequency;
    V.front_delay = (float)wave->front_delay;
    V.inverse_decay = uses_decay ? (float)(1 / wave->decay) : 0;
    V.inverse_attack = uses_attack ? (float)(1 / wave->attack) : 0;
    V.index_scale = count > 1 ? (float)(1.0 / (double)(count - 1)) : 0;
    if (V.indexed && count > CI_MAX_INDEXED_ITEMS) return CI_ERR_INVALID_PARAMETER;
    return finish(table->wave(&V, distances, offsets, count));
}

ci_status ci_spring_settling(ci_backend backend, const ci_settling *spring, const double *delta,
                             const double *velocity, double *duration, size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!spring) return CI_ERR_NULL_POINTER;
    double lambda = spring->decay_rate, s = spring->damped_frequency_squared;
    double epsilon = spring->epsilon;
    if (!(isfinite(lambda) && lambda > 0 && isfinite(s) && s >= 0 && isfinite(epsilon) &&
          epsilon > 0))
        return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (!delta || !velocity || !duration) return CI_ERR_NULL_POINTER;
    return finish(table->settling(spring, delta, velocity, duration, count));
}

ci_status ci_spring_states(ci_backend backend, const ci_spring_state *spring, const double *elapsed,
                           const double *delta, const double *v0, double *value, double *velocity,
                           size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!spring) return CI_ERR_NULL_POINTER;
    double lambda = spring->decay_rate, w2 = spring->undamped_frequency_squared;
    double s = spring->damped_frequency_squared;
    if (!(isfinite(lambda) && lambda >= 0 && isfinite(w2) && w2 > 0 && isfinite(s) && s >= 0))
        return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (!elapsed || !delta || !v0 || !value || !velocity) return CI_ERR_NULL_POINTER;
    return finish(table->spring_state(spring, elapsed, delta, v0, value, velocity, count));
}

ci_status ci_path_points(ci_backend backend, const ci_path *path, const float *progress, float *x,
                         float *y, float *angle, size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!path) return CI_ERR_NULL_POINTER;
    if (!path->intervals || !path->buckets) return CI_ERR_NULL_POINTER;
    if (path->interval_count == 0 || path->bucket_count == 0 || !isfinite(path->length) ||
        !(path->length > 0) || !isfinite(path->bucket_scale) || !(path->bucket_scale > 0))
        return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (!progress || !x || !y || !angle) return CI_ERR_NULL_POINTER;
    return finish(table->path(path, progress, x, y, angle, count));
}

ci_status ci_interrupt_list(ci_backend backend, const ci_list_interruption *list, float *new_offset,
                            float *new_change, double bounds[2], size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!list || !bounds) return CI_ERR_NULL_POINTER;
    if (!isfinite(list->time) || !isfinite(list->start) || !isfinite(list->duration) ||
        !(list->duration > 0) || list->layer_count > CI_MAX_LAYERS)
        return CI_ERR_INVALID_PARAMETER;
    if (count > 0 && (!list->delays || !new_offset || !new_change)) return CI_ERR_NULL_POINTER;
    for (size_t p = 0; p < list->layer_count; p++)
        if (!list->shifts || !list->offsets || !list->changes || !list->offsets[p] ||
            !list->changes[p])
            return CI_ERR_NULL_POINTER;
    table->interrupt(list, new_offset, new_change, bounds, count);
    return CI_OK;
}

/* The spring parameters ci_interrupt_spring_list and ci_restart_spring_lanes accept:
 * lambda > 0 (the settling bounds need it), and omega_d <= 2000 lambda, so that by the
 * time a lane's phase reaches the states' limit (2^20 pi / 2), e^(-lambda t) is below
 * e^(-823), exactly 0, and the state is the target's. */
static int valid_tap_spring(const ci_spring_state *S, double epsilon) {
    double lambda = S->decay_rate, w2 = S->undamped_frequency_squared;
    double s = S->damped_frequency_squared;
    return isfinite(lambda) && lambda > 0 && isfinite(w2) && w2 > 0 && isfinite(s) && s >= 0 &&
           s <= 4e6 * lambda * lambda && isfinite(epsilon) && epsilon > 0;
}

ci_status ci_interrupt_spring_list(ci_backend backend, const ci_spring_list *list,
                                   float *new_offset, float *new_from, float *new_velocity,
                                   float *new_duration, double bounds[2], size_t *unsolved,
                                   size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!list || !bounds || !unsolved) return CI_ERR_NULL_POINTER;
    if (!valid_tap_spring(&list->spring, list->epsilon) || !isfinite(list->time) ||
        !isfinite(list->start) || !isfinite(list->own_velocity) || !isfinite(list->own_duration))
        return CI_ERR_INVALID_PARAMETER;
    if (count > 0 && (!list->offset || !list->from || !list->velocity || !list->duration ||
                      !new_offset || !new_from || !new_velocity || !new_duration))
        return CI_ERR_NULL_POINTER;
    *unsolved = 0;
    bounds[0] = list->time;
    bounds[1] = INFINITY;
    if (count == 0) return CI_OK;
    *unsolved =
        table->spring_list(list, new_offset, new_from, new_velocity, new_duration, bounds, count);
    return CI_OK;
}

ci_status ci_restart_spring_lanes(ci_backend backend, const ci_spring_restart *lanes,
                                  double *new_offset, double *new_from, double *new_to,
                                  double *new_velocity, double *new_duration, double *soonest,
                                  size_t *unsolved, size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!lanes || !soonest || !unsolved) return CI_ERR_NULL_POINTER;
    if (!valid_tap_spring(&lanes->spring, lanes->epsilon) || !isfinite(lanes->time) ||
        !isfinite(lanes->start) || !isfinite(lanes->own_velocity) ||
        !isfinite(lanes->own_duration) || lanes->own_duration < 0)
        return CI_ERR_INVALID_PARAMETER;
    if (count > 0 && ((!lanes->states_given && (!lanes->offset || !lanes->to)) || !lanes->from ||
                      !lanes->velocity || !lanes->delay || !lanes->carried || !new_offset ||
                      !new_from || !new_to || !new_velocity || !new_duration))
        return CI_ERR_NULL_POINTER;
    *soonest = INFINITY;
    *unsolved = 0;
    if (count == 0) return CI_OK;
    return finish(table->spring_restart(lanes, new_offset, new_from, new_to, new_velocity,
                                        new_duration, soonest, unsolved, count));
}

ci_status ci_oklab_to_srgb(ci_backend backend, const ci_oklab_mixes *mixes, double *red,
                           double *green, double *blue, size_t count) {
    const ci_kernel_table *table = ci_resolve_backend(backend);
    if (!table) return CI_ERR_UNSUPPORTED_BACKEND;
    if (!mixes) return CI_ERR_NULL_POINTER;
    if (count == 0) return CI_OK;
    if (!mixes->lightness || !mixes->a || !mixes->b || !mixes->alpha || !red || !green || !blue)
        return CI_ERR_NULL_POINTER;
    table->oklab(mixes, red, green, blue, count);
    return CI_OK;
}

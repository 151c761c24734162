/*
 * sampling_plan.c: the plan of a sampling call (ci_sample_prepared), derived in double
 * before one rounding each: the list's delays relative to now, the call split into runs
 * whose items all start, run or end together (so the loop in kernel_sampling.h can
 * leave out every test a run does not need), and the spans of the tracks. The loop
 * relies on these invariants; each function says the ones it sets up.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "dispatch_internal.h"

/* The closed-form list delays as the sampling pass reads them, relative to `now`
 * (time - start), all in double before one rounding each. */
static ci_status prepare_list(ci_sample_prepared *S, const ci_list_delays *L, double now,
                              size_t index_base, size_t count) {
    double cap = L->max_delay;
    if (!ci_is_finite(L->base_delay) || !ci_is_finite(L->offset) || !ci_is_finite(L->slope) ||
        !ci_is_finite(L->origin) || !(L->pivot >= 0 && L->pivot <= CI_MAX_INDEXED_ITEMS) ||
        isnan(cap) || cap < 0 || !ci_is_finite(L->window_start) || !ci_is_finite(L->window_end) ||
        L->window_end < L->window_start ||
        (L->outside != CI_OUTSIDE_IMMEDIATE && L->outside != CI_OUTSIDE_WINDOW_EDGE))
        return CI_ERR_INVALID_PARAMETER;
    if (index_base + count > CI_MAX_INDEXED_ITEMS || L->window_end > CI_MAX_INDEXED_ITEMS ||
        L->window_start < 0 || fabs(L->origin) > CI_MAX_INDEXED_ITEMS)
        return CI_ERR_INVALID_PARAMETER;
    double start_elapsed = now - L->base_delay;
    double after_offset = start_elapsed - L->offset;
    if (!ci_fits_float(start_elapsed) || !ci_fits_float(after_offset) || !ci_fits_float(L->slope))
        return CI_ERR_INVALID_PARAMETER;
    /* slope * |j - origin| over this call's items and, in backends without FMA, Dekker's
     * split of slope (times 4097) must stay finite, or the elapsed time is NaN: x86
     * min/max turn that into a wrong progress, NEON's propagate it. */
    double last_j = L->window_end > L->window_start ? L->window_end - 1 : L->window_start;
    double j0 = fmin(fmax((double)index_base, L->window_start), last_j) - L->window_start;
    double j1 =
        fmin(fmax((double)index_base + (double)(count ? count - 1 : 0), L->window_start), last_j) -
        L->window_start;
    double reach = 1 + fmax(fmax(fabs(j0 - L->origin), fabs(j1 - L->origin)), L->pivot);
    if (!(fabs(L->slope) * reach <= FLT_MAX / 8192)) return CI_ERR_INVALID_PARAMETER;
    S->source = CI_SOURCE_LIST;
    S->start_elapsed = (float)start_elapsed;
    S->after_offset = (float)after_offset;
    S->cap_elapsed = isinf(cap) || !ci_fits_float(start_elapsed - cap)
                         ? -INFINITY
                         : (float)(start_elapsed - cap);
    S->slope = (float)L->slope;
    /* Exact for indices and origins below 2^23, as every distance then is. */
    S->center = (float)(L->window_start + L->origin);
    S->pivot = (float)L->pivot;
    /* With offset and slope >= 0 the clamp at start_elapsed cannot bind: rounding is
     * monotonic, so offset + slope |j - c| >= 0 stays so in float. */
    S->clamp_to_start = L->offset < 0 || L->slope < 0;
    /* An empty window has no edge to clamp to: every item is outside. */
    S->window_start = (float)L->window_start;
    S->window_last =
        L->window_end > L->window_start ? (float)(L->window_end - 1) : (float)L->window_start - 1;
    S->outside_immediate = L->outside == CI_OUTSIDE_IMMEDIATE || L->window_end <= L->window_start;
    S->index_base = (float)index_base;
    S->has_cap = S->cap_elapsed != -INFINITY;
    S->window_covers_call = L->window_end > L->window_start && count > 0 &&
                            (double)index_base >= L->window_start &&
                            (double)index_base + (double)(count - 1) <= L->window_end - 1;
    return CI_OK;
}

/* The interiors of the two moving runs (see ci_sample_prepared.interior_at): items
 * whose elapsed time a - s |j - c|, with the float constants a, s the kernel uses, lies
 * in [m, duration - m] for a margin m far beyond the float pass's rounding (a few
 * 2^-24 of |a| + s |j - c|, and of the duration for the multiply by its inverse), so
 * the progress needs no clamp. Bounds in double, rounded inward. */
static void prepare_interiors(ci_sample_prepared *S, double base, double c, size_t count) {
    double a = S->after_offset, s = S->slope, duration = S->duration;
    if (!(s > 0)) return;
    double last = base + (double)(count - 1);
    double reach = fmax(fabs(base - c), fabs(last - c)) + 1;
    double margin = 0x1p-20 * (fabs(a) + s * reach + duration) + 0x1p-100;
    /* margin <= a - s d <= duration - margin */
    double d_low = (a - duration + margin) / s, d_high = (a - margin) / s;
    if (!(d_high >= d_low) || d_high < 0) return;
    d_low = fmax(d_low, 0);
    const size_t *b = S->split_at;
    /* left run [b0, b1): j = c - d; right run [b2, b3): j = c + d */
    double left_begin = fmax(ceil(c - d_high), base + (double)b[0]);
    double left_end = fmin(floor(c - d_low) + 1, base + (double)b[1]);
    double right_begin = fmax(ceil(c + d_low), base + (double)b[2]);
    double right_end = fmin(floor(c + d_high) + 1, base + (double)b[3]);
    /* Progress is below 1/2 beyond d_below, at or above it within d_above (the same
     * margin: the float progress stays on that side). */
    double d_below = (a - duration / 2 + margin) / s, d_above = (a - duration / 2 - margin) / s;
    if (left_end > left_begin) {
        S->interior_at[0][0] = (size_t)(left_begin - base);
        S->interior_at[0][1] = (size_t)(left_end - base);
        /* j = c - d: below up to c - d_below, at or above from c - d_above */
        double below_end = fmin(fmax(floor(c - d_below) + 1, left_begin), left_end);
        double above_begin = fmin(fmax(ceil(c - d_above), below_end), left_end);
        S->half_at[0][0] = (size_t)(below_end - base);
        S->half_at[0][1] = (size_t)(above_begin - base);
    }
    if (right_end > right_begin) {
        S->interior_at[1][0] = (size_t)(right_begin - base);
        S->interior_at[1][1] = (size_t)(right_end - base);
        /* j = c + d: at or above up to c + d_above, below from c + d_below */
        double above_end = fmin(fmax(floor(c + d_above) + 1, right_begin), right_end);
        double below_begin = fmin(fmax(ceil(c + d_below), above_end), right_end);
        S->half_at[1][0] = (size_t)(above_end - base);
        S->half_at[1][1] = (size_t)(below_begin - base);
    }
}

/* Splits a list call into runs of waiting, moving and done items (see
 * ci_sample_prepared.split), for the simple list: every item inside the window, no cap,
 * no pivot, delays growing with distance from the origin. Elapsed time is
 * after_offset - slope |index - c| with c = window_start + origin; the bounds come from
 * double arithmetic with a margin (2^-20 relative) far beyond the float pass's own
 * rounding (a few 2^-24), so an item in a waiting run has elapsed < 0 in float too and
 * one in a done run has elapsed / duration >= 1: progress clamps to exactly 0 or 1,
 * the same for every item of the run. Springs and decays are never done (they only
 * approach rest), so they get no done run. Short calls are not split: not worth it. */
static void prepare_split(ci_sample_prepared *S, int is_spring, size_t track_count, size_t count) {
    if (S->source != CI_SOURCE_LIST || S->layered || !S->window_covers_call || S->has_cap ||
        !(S->slope > 0) || S->pivot != 0 || track_count > CI_SPAN_TRACKS || count < 256)
        return;
    double base = S->index_base, last = base + (double)(count - 1);
    double c = (double)S->center;
    double a = S->after_offset, slope = S->slope;
    double reach = fmax(fabs(base - c), fabs(last - c)) + 1;
    double margin = 0x1p-20 * (fabs(a) + slope * reach) + 0x1p-100;
    /* Waiting beyond d_wait; done within d_done (distances from c). */
    double d_wait = (a + margin) / slope;
    double d_done = is_spring ? -1 : (a - margin - S->duration * (1 + 0x1p-20)) / slope;
    if (d_wait < 0) { /* every item waits */
        S->split = 1;
        for (int k = 0; k < 4; k++) S->split_at[k] = count;
        return;
    }
    /* Offsets into the call, clamped before conversion (d_wait may be huge). */
#define CI_OFFSET(index) ((size_t)fmin(fmax((index) - base, 0.0), (double)count))
    size_t waiting_left = CI_OFFSET(floor(c - d_wait));
    size_t waiting_right = CI_OFFSET(ceil(c + d_wait) + 1);
    if (waiting_right < waiting_left) waiting_right = waiting_left;
    size_t done_begin, done_end;
    if (d_done >= 0) {
        done_begin = CI_OFFSET(ceil(c - d_done) + 1);
        done_end = CI_OFFSET(floor(c + d_done));
    } else {
        done_begin = done_end = CI_OFFSET(floor(c));
    }
#undef CI_OFFSET
    if (done_begin < waiting_left) done_begin = waiting_left;
    if (done_begin > waiting_right) done_begin = waiting_right;
    if (done_end < done_begin) done_end = done_begin;
    if (done_end > waiting_right) done_end = waiting_right;
    S->split = 1;
    S->split_at[0] = waiting_left;
    S->split_at[1] = done_begin;
    S->split_at[2] = done_end;
    S->split_at[3] = waiting_right;
    if (!is_spring && !S->clamp_to_start) prepare_interiors(S, base, c, count);
}

ci_status ci_plan_sample(ci_sample_prepared *S, const ci_curve *unit,
                         const ci_sample_request *request, const ci_track *tracks,
                         size_t track_count, float *const *outputs, size_t count) {
    const ci_sample_request *R = request;
    ci_status status;
    int sources = (R->list != NULL) + (R->delays != NULL) + (R->item_start != NULL);
    int is_spring = ci_is_timed(unit->kind);
    double now = R->time - R->start;
    if (sources != 1 || !ci_fits_float(R->time) || !ci_fits_float(R->start) ||
        !ci_fits_float(now) || !isfinite(R->from) || !isfinite(R->to) ||
        !ci_fits_float((double)R->to - R->from) || (!is_spring && !ci_valid_duration(R->duration)))
        return CI_ERR_INVALID_PARAMETER;
    if (R->item_start && (!R->item_from || !R->item_to || !R->item_velocity))
        return CI_ERR_NULL_POINTER;
    /* Layers add easing motions to the base ones: a spring restarts from its velocity
     * instead, so it has none (nor frozen motions, nor items held by a cutoff). */
    int adds = R->layer_count > 0 || R->item_add != NULL;
    if (R->layer_count > CI_MAX_LAYERS || ((adds || R->has_cutoff) && is_spring) ||
        (R->has_cutoff && (!R->delays || !isfinite(R->cutoff))))
        return CI_ERR_INVALID_PARAMETER;
    for (size_t p = 0; p < R->layer_count; p++) {
        if (!R->layer_start || !R->layer_to || !R->layer_start[p] || !R->layer_to[p])
            return CI_ERR_NULL_POINTER;
        if (R->layer_time && !ci_fits_float(R->time - R->layer_time[p]))
            return CI_ERR_INVALID_PARAMETER;
    }

    memset(S, 0, sizeof *S);
    S->sides = CI_SIDES_TEST;
    S->duration = is_spring ? 1.0f : (float)R->duration;
    S->inverse_duration = 1.0f / S->duration;
    if (R->list) {
        status = prepare_list(S, R->list, now, R->index_base, count);
        if (status != CI_OK) return status;
    } else {
        S->source = R->delays ? CI_SOURCE_DELAYS : CI_SOURCE_ITEMS;
        S->time_after_start = (float)now;
    }
    S->layer_count = (int)R->layer_count;
    S->layered = adds;
    S->has_cutoff = R->has_cutoff != 0;
    S->cutoff = R->cutoff;
    for (size_t p = 0; p < R->layer_count; p++)
        S->layer_after[p] = (float)(R->layer_time ? R->time - R->layer_time[p] : now);
    S->keep_until_start = R->keep_until_start != 0;
    S->from = R->from;
    S->to = R->to;
    S->unit_span = S->source != CI_SOURCE_ITEMS && R->from == 0 && R->to == 1;
    /* A decay's velocity follows from its span (the kernel computes it). */
    S->uniform_velocity = unit->kind == CI_CURVE_SPRING ? (R->to - R->from) * unit->params[3] : 0;
    if (!isfinite(S->uniform_velocity)) return CI_ERR_INVALID_PARAMETER;
    if (count == 0) return CI_OK;
    if (track_count > 0 && !outputs) return CI_ERR_NULL_POINTER;
    for (size_t k = 0; k < track_count; k++) {
        if (!outputs[k] || !tracks || !isfinite(tracks[k].from) || !isfinite(tracks[k].to))
            return outputs[k] && tracks ? CI_ERR_INVALID_PARAMETER : CI_ERR_NULL_POINTER;
        if (tracks[k].clamped && !(tracks[k].lower <= tracks[k].upper))
            return CI_ERR_INVALID_PARAMETER;
    }
    prepare_split(S, is_spring, track_count, count);
    S->exact_spans = track_count <= CI_SPAN_TRACKS;
    for (size_t k = 0; k < track_count && S->exact_spans; k++) {
        double span = (double)tracks[k].to - (double)tracks[k].from;
        S->track_span[k] = (float)span;
        S->exact_spans = (double)S->track_span[k] == span;
    }
    S->simple_list = S->source == CI_SOURCE_LIST && !S->layered && S->window_covers_call &&
                     !S->has_cap && !S->clamp_to_start && S->pivot == 0 && S->exact_spans;
    return CI_OK;
}

/*
 * kernel_sampling.h: The staggered sampling pass, one vector of items at a time: every
 * item's elapsed time from its delay, its progress through the curve, and the tracks'
 * values (and velocities) it writes. kernel_sampling_loops.h runs it over a call.
 * Relies on the plan sampling_plan.c makes (ci_sample_prepared): uniform runs, spans,
 * the window.
 *
 * Accuracy: the curve's own bound plus one rounding of each item's elapsed time and of
 * each track's mix.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* The flags of a sampling call, passed by value beside the prepared constants so that a
 * loop can be instantiated with them as constants (see sample_range): every test of a
 * constant flag folds away. */
typedef struct {
    int source, window_covers_call, has_cap, clamp_to_start, outside_immediate;
    int layered, exact_spans, unit_span, interior, pivoted;
} CI_FN(sample_flags);

CI_INLINE CI_FN(sample_flags) CI_FN(flags_of)(const ci_sample_prepared *S) {
    CI_FN(sample_flags) F = {S->source,         S->window_covers_call, S->has_cap,
                             S->clamp_to_start, S->outside_immediate,  S->layered,
                             S->exact_spans,    S->unit_span,          S->interior,
                             S->pivot != 0};
    return F;
}

/* Elapsed time in seconds of each lane's item under the closed-form list delays. */
CI_INLINE VF CI_FN(list_elapsed)(const ci_sample_prepared *S, CI_FN(sample_flags) F, VF index) {
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
    /* |d - pivot|, exact too for multiples of 1/2 below 2^23 (a list's). */
    if (F.pivoted)
        distance =
            vi_as_vf(vi_and(vf_as_vi(vf_sub(distance, vf_set1(S->pivot))), vi_set1(0x7FFFFFFF)));
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
        VM outside =
            vm_or(vm_lt(index, vf_set1(S->window_start)), vm_lt(vf_set1(S->window_last), index));
        elapsed = vf_select(outside, vf_set1(S->start_elapsed), elapsed);
    }
    return elapsed;
}

/* Where one vector of items stands: elapsed time, and the span and velocity each item
 * moves with (per item for CI_SOURCE_ITEMS, shared otherwise). */
typedef struct {
    VF elapsed, from, to, v;
} CI_FN(sample_lanes);

CI_INLINE CI_FN(sample_lanes)
    CI_FN(sample_source)(const ci_sample_prepared *S, CI_FN(sample_flags) F,
                         const ci_sample_request *R, size_t i, size_t m, VF index, VF *finite) {
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
    /* Items an interruption found waiting never start (-1: before any start). */
    if (F.source == CI_SOURCE_DELAYS && S->has_cutoff)
        L.elapsed = vf_select(vm_lt(d, vf_set1(S->cutoff)), L.elapsed, vf_set1(-1.0f));
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

/* A track's value kept within its range, when it has one (a test of a flag the whole
 * call shares: the branch goes the same way for every vector). */
CI_INLINE VF CI_FN(track_clamp)(const ci_track *track, VF value) {
    if (!track->clamped) return value;
    return vf_min(vf_max(value, vf_set1(track->lower)), vf_set1(track->upper));
}

/* The appearance (and its rate) into the caller's buffers, then every track from it:
 * (1 - a) from + a to, or from + a (to - from) where that is as exact (one operation
 * per track instead of two, and no 1 - a). */
CI_INLINE void CI_FN(sample_store)(const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                   const ci_track *tracks, size_t track_count,
                                   float *const *outputs, float *appearance, float *velocity,
                                   size_t i, size_t m, VF a, VF rate) {
    if (appearance) CI_FN(store)(appearance + i, a, m);
    if (velocity) CI_FN(store)(velocity + i, rate, m);
    if (F.exact_spans) {
        /* from + a span is exactly from at a = 0 and to at a = 1 when span is exact. */
        for (size_t k = 0; k < track_count; k++) {
            VF value = vf_fma(a, vf_set1(S->track_span[k]), vf_set1(tracks[k].from));
            CI_FN(store)(outputs[k] + i, CI_FN(track_clamp)(&tracks[k], value), m);
        }
        return;
    }
    VF rest = vf_sub(vf_set1(1.0f), a);
    for (size_t k = 0; k < track_count; k++) {
        VF value = vf_fma(a, vf_set1(tracks[k].to), vf_mul(rest, vf_set1(tracks[k].from)));
        CI_FN(store)(outputs[k] + i, CI_FN(track_clamp)(&tracks[k], value), m);
    }
}

/* An easing's shape y, or 0 before the item's start (elapsed < 0) for a curve above 0 at
 * progress 0: an item holds `from` until it starts (jump-start steps show their first
 * step from the start on, not before). */
CI_INLINE VF CI_FN(held_before_start)(const ci_prepared *P, VF elapsed, VF y) {
    if (!P->holds_start) return y;
    return vf_select(vm_lt(elapsed, vf_set1(0.0f)), vf_set1(0.0f), y);
}

/* Layer p's start offsets and changes for one vector of items, checked finite. */
CI_INLINE void CI_FN(layer_lanes)(const ci_sample_request *R, int p, size_t i, size_t m, VF *start,
                                  VF *change, VF *finite) {
    *start = CI_FN(load)(R->layer_start[p] + i, m);
    *change = CI_FN(load)(R->layer_to[p] + i, m);
    *finite = CI_FN(track_finite)(*finite, *start);
    *finite = CI_FN(track_finite)(*finite, *change);
}

/* `a` with what an item's interruptions added: its frozen motions (item_add), then its
 * additive layers, in layer order: each a motion from 0 to its change by the easing,
 * from its own start (see ci_sample_request). */
CI_INLINE VF CI_FN(add_frozen)(const ci_sample_request *R, size_t i, size_t m, VF a, VF *finite) {
    if (!R->item_add) return a;
    VF add = CI_FN(load)(R->item_add + i, m);
    *finite = CI_FN(track_finite)(*finite, add);
    return vf_add(a, add);
}

CI_INLINE VF CI_FN(add_layers)(const ci_prepared *P, int kind, int direction, int sides,
                               const ci_sample_prepared *S, CI_FN(sample_flags) F,
                               const ci_sample_request *R, size_t i, size_t m, VF a, VF *finite) {
    a = CI_FN(add_frozen)(R, i, m, a, finite);
    for (int p = 0; p < S->layer_count; p++) {
        VF start, change;
        CI_FN(layer_lanes)(R, p, i, m, &start, &change, finite);
        VF elapsed = vf_sub(vf_set1(S->layer_after[p]), start);
        VF y = CI_FN(ease_shape)(P, kind, direction, sides, CI_FN(sample_progress)(S, F, elapsed));
        a = vf_add(a, vf_mul(CI_FN(held_before_start)(P, elapsed, y), change));
    }
    return a;
}

/* The appearance of one vector of items and, when `rate` is not NULL, its rate.
 * `sides` as penner's. */
CI_INLINE VF CI_FN(sample_appearance)(const ci_prepared *P, int kind, int direction, int sides,
                                      const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                      const ci_sample_request *R, size_t i, size_t m, VF index,
                                      VF *finite, VF *rate) {
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
    VF y = CI_FN(held_before_start)(P, L.elapsed,
                                    CI_FN(ease_shape)(P, kind, direction, sides, progress));
    if (P->holds_end) /* past its end, exactly at `to` (see ci_prepared.holds_end) */
        y = vf_select(vm_lt(L.elapsed, vf_set1(S->duration)), y, one);
    VF a = F.unit_span ? y : CI_FN(sample_mix)(y, L.from, L.to);
    if (F.layered) a = CI_FN(add_layers)(P, kind, direction, sides, S, F, R, i, m, a, finite);
    return a;
}

/* With keep_until_start (item source only), `a` and `rate` where the items have started
 * (elapsed > 0), what the buffers already hold elsewhere. */
CI_INLINE void CI_FN(keep_until_start)(const ci_sample_prepared *S, const ci_sample_request *R,
                                       const float *appearance, const float *velocity, size_t i,
                                       size_t m, VF *a, VF *rate) {
    VM started = vm_lt(vf_set1(0.0f),
                       vf_sub(vf_set1(S->time_after_start), CI_FN(load)(R->item_start + i, m)));
    *a = vf_select(started, *a, CI_FN(load)(appearance + i, m));
    if (velocity) *rate = vf_select(started, *rate, CI_FN(load)(velocity + i, m));
}

/* One vector of the sampling pass (m lanes valid), inlined for the body and the tail
 * as every loop here is. */
CI_INLINE void CI_FN(sample_block)(const ci_prepared *P, int kind, int direction,
                                   const ci_sample_prepared *S, CI_FN(sample_flags) F,
                                   const ci_sample_request *R, const ci_track *tracks,
                                   size_t track_count, float *const *outputs, float *appearance,
                                   float *velocity, size_t i, size_t m, VF index, VF *finite) {
    VF rate = vf_set1(0.0f);
    /* Progress runs in order along a list (closed-form delays): penner tests each
     * vector's side. */
    const int sides = F.source == CI_SOURCE_LIST ? CI_SIDES_TEST : CI_SIDES_MIXED;
    VF a = CI_FN(sample_appearance)(P, kind, direction, sides, S, F, R, i, m, index, finite,
                                    velocity ? &rate : NULL);
    if (F.source == CI_SOURCE_ITEMS && S->keep_until_start)
        CI_FN(keep_until_start)(S, R, appearance, velocity, i, m, &a, &rate);
    CI_FN(sample_store)(S, F, tracks, track_count, outputs, appearance, velocity, i, m, a, rate);
}

/* `count` full vectors of the sampling pass under a cubic-bezier, solved side by side
 * (see bezier_solve); the same operations per lane as sample_block. */
CI_INLINE void CI_FN(sample_bezier_blocks)(const ci_prepared *P, const ci_sample_prepared *S,
                                           const ci_sample_request *R, const ci_track *tracks,
                                           size_t track_count, float *const *outputs,
                                           float *appearance, float *velocity, size_t i, int count,
                                           VF *index, VF *finite) {
    const CI_FN(sample_flags) F = CI_FN(flags_of)(S);
    VF y[CI_BEZIER_LANES], t[CI_BEZIER_LANES], from[CI_BEZIER_LANES], to[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) {
        CI_FN(sample_lanes) L = CI_FN(sample_source)(S, F, R, i + v * W, W, *index, finite);
        *index = vf_add(*index, vf_set1((float)W));
        y[v] = CI_FN(sample_progress)(S, F, L.elapsed);
        from[v] = L.from;
        to[v] = L.to;
    }
    CI_FN(bezier_solve)(P, y, t, count);
    VF a[CI_BEZIER_LANES];
    for (int v = 0; v < count; v++) {
        VF value = CI_FN(bezier_value)(P, y[v], t[v]);
        a[v] = F.unit_span ? value : CI_FN(sample_mix)(value, from[v], to[v]);
    }
    /* Each additive layer solved as the base was, its share added in layer order (as
     * add_layers does for the other curves). */
    for (int v = 0; F.layered && v < count; v++)
        a[v] = CI_FN(add_frozen)(R, i + v * W, W, a[v], finite);
    for (int p = 0; F.layered && p < S->layer_count; p++) {
        for (int v = 0; v < count; v++) {
            VF start;
            CI_FN(layer_lanes)(R, p, i + v * W, W, &start, &to[v], finite);
            y[v] = CI_FN(sample_progress)(S, F, vf_sub(vf_set1(S->layer_after[p]), start));
        }
        CI_FN(bezier_solve)(P, y, t, count);
        for (int v = 0; v < count; v++)
            a[v] = vf_add(a[v], vf_mul(CI_FN(bezier_value)(P, y[v], t[v]), to[v]));
    }
    for (int v = 0; v < count; v++) {
        VF rate = vf_set1(0.0f);
        if (F.source == CI_SOURCE_ITEMS && S->keep_until_start)
            CI_FN(keep_until_start)(S, R, appearance, velocity, i + v * W, W, &a[v], &rate);
        CI_FN(sample_store)(S, F, tracks, track_count, outputs, appearance, velocity, i + v * W, W,
                            a[v], rate);
    }
}

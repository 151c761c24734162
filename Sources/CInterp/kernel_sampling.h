/*
 * kernel_sampling.h: The staggered sampling pass: every item's elapsed time from its
 * delay, its progress through the curve, and the tracks' values (and velocities) it
 * writes. Relies on the plan sampling_plan.c makes (ci_sample_prepared): uniform runs,
 * spans, the window.
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
                             S->clamp_to_start, S->outside_immediate,  S->layer_count > 0,
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
                                   const ci_track *tracks, size_t track_count,
                                   float *const *outputs, float *appearance, float *velocity,
                                   size_t i, size_t m, VF a, VF rate) {
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

/* Layer p's start offsets and changes for one vector of items, checked finite. */
CI_INLINE void CI_FN(layer_lanes)(const ci_sample_request *R, int p, size_t i, size_t m, VF *start,
                                  VF *change, VF *finite) {
    *start = CI_FN(load)(R->layer_start[p] + i, m);
    *change = CI_FN(load)(R->layer_to[p] + i, m);
    *finite = CI_FN(track_finite)(*finite, *start);
    *finite = CI_FN(track_finite)(*finite, *change);
}

/* `a` with the item source's additive layers added, in layer order: each a motion from
 * 0 to its change by the easing, from its own start (see ci_sample_request). */
CI_INLINE VF CI_FN(add_layers)(const ci_prepared *P, int kind, int direction, int sides,
                               const ci_sample_prepared *S, CI_FN(sample_flags) F,
                               const ci_sample_request *R, size_t i, size_t m, VF a, VF *finite) {
    for (int p = 0; p < S->layer_count; p++) {
        VF start, change;
        CI_FN(layer_lanes)(R, p, i, m, &start, &change, finite);
        VF progress = CI_FN(sample_progress)(S, F, vf_sub(vf_set1(S->time_after_start), start));
        a = vf_add(a, vf_mul(CI_FN(ease_shape)(P, kind, direction, sides, progress), change));
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
    VF y = CI_FN(ease_shape)(P, kind, direction, sides, progress);
    VF a = F.unit_span ? y : CI_FN(sample_mix)(y, L.from, L.to);
    if (F.source == CI_SOURCE_ITEMS && F.layered)
        a = CI_FN(add_layers)(P, kind, direction, sides, S, F, R, i, m, a, finite);
    return a;
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
    for (int p = 0; F.layered && p < S->layer_count; p++) {
        for (int v = 0; v < count; v++) {
            VF start;
            CI_FN(layer_lanes)(R, p, i + v * W, W, &start, &to[v], finite);
            y[v] = CI_FN(sample_progress)(S, F, vf_sub(vf_set1(S->time_after_start), start));
        }
        CI_FN(bezier_solve)(P, y, t, count);
        for (int v = 0; v < count; v++)
            a[v] = vf_add(a[v], vf_mul(CI_FN(bezier_value)(P, y[v], t[v]), to[v]));
    }
    for (int v = 0; v < count; v++)
        CI_FN(sample_store)(S, F, tracks, track_count, outputs, appearance, velocity, i + v * W, W,
                            a[v], vf_set1(0.0f));
}

/* Stores CI_SIMPLE_GROUP vectors of a simple list call (exact spans, no velocity): the
 * appearance, when its buffer is given, and each track as from + appearance * span. */
#define CI_SIMPLE_GROUP 4
CI_INLINE void CI_FN(store_group)(const ci_sample_prepared *S, const ci_track *tracks,
                                  size_t track_count, float *const *outputs, float *appearance,
                                  size_t i, const VF *a) {
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
        CI_FN(sample_block)(P, kind, direction, S, F, R, tracks, track_count, outputs, appearance,
                            velocity, i, W, index, &finite);
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
                                       size_t track_count, float *const *outputs, float *appearance,
                                       size_t *begin, size_t end, VF finite) {
    size_t i = *begin;
    VF index = vf_add(vf_loadu(CI_FN(lane_index)), vf_set1(S->index_base + (float)i));
    for (; i + CI_SIMPLE_GROUP * W <= end; i += CI_SIMPLE_GROUP * W) {
        VF a[CI_SIMPLE_GROUP];
        for (int v = 0; v < CI_SIMPLE_GROUP; v++) {
            a[v] = CI_FN(sample_appearance)(P, kind, direction, sides, S, F, R, i + v * W, W, index,
                                            &finite, NULL);
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
                                      size_t track_count, float *const *outputs, float *appearance,
                                      size_t *begin, size_t end, VF finite) {
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
static __attribute__((noinline))
VF CI_FN(sample_range_generic)(const ci_prepared *P, const ci_sample_prepared *S,
                               const ci_sample_request *R, const ci_track *tracks,
                               size_t track_count, float *const *outputs, float *appearance,
                               float *velocity, size_t i, size_t end, VF finite) {
    VF index = vf_add(vf_loadu(CI_FN(lane_index)), vf_set1(S->index_base + (float)i));
    if (P->kind == CI_CURVE_CUBIC_BEZIER) {
        for (; i + CI_BEZIER_LANES * W <= end; i += CI_BEZIER_LANES * W)
            CI_FN(sample_bezier_blocks)(P, S, R, tracks, track_count, outputs, appearance, velocity,
                                        i, CI_BEZIER_LANES, &index, &finite);
        for (; i + CI_BEZIER_TAIL_LANES * W <= end; i += CI_BEZIER_TAIL_LANES * W)
            CI_FN(sample_bezier_blocks)(P, S, R, tracks, track_count, outputs, appearance, velocity,
                                        i, CI_BEZIER_TAIL_LANES, &index, &finite);
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
static __attribute__((noinline)) int CI_FN(sample_range)(
    const ci_prepared *shared_curve, const ci_sample_prepared *shared_sample,
    const ci_sample_request *R, const ci_track *shared_tracks, size_t track_count,
    float *const *shared_outputs, float *appearance, float *velocity, size_t begin, size_t end) {
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
            const CI_FN(sample_flags) simple = {CI_SOURCE_LIST, 1, 0, 0, 0, 0, 1,
                                                S->unit_span,   1, 0};
            CI_FOR_SHAPE(P, CI_SIMPLE_RUN)
        } else {
            const CI_FN(sample_flags) simple = {CI_SOURCE_LIST, 1, 0, 0, 0, 0, 1,
                                                S->unit_span,   0, 0};
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
    finite = CI_FN(sample_range_generic)(shared_curve, shared_sample, R, shared_tracks, track_count,
                                         shared_outputs, appearance, velocity, i, end, finite);
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
 * Every lane computes alone, so this is bit for bit what the pass would write. Only list
 * calls have such runs: prepare_split splits no other source. */
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
                        appearance ? &one_appearance : NULL, velocity ? &one_velocity : NULL, 0, 1);
    for (size_t k = 0; k < track_count; k++) CI_FN(fill)(outputs[k], values[k], begin, end);
    if (appearance) CI_FN(fill)(appearance, one_appearance, begin, end);
    if (velocity) CI_FN(fill)(velocity, one_velocity, begin, end);
}

/* The sampling pass. A list split by sampling_plan.c into runs of waiting, moving and done
 * items computes only the moving ones; the others are fills (a frame of a long list
 * is mostly items that have not started or have finished). */
static int CI_FN(sample_loop)(const ci_prepared *P, const ci_sample_prepared *S,
                              const ci_sample_request *R, const ci_track *tracks,
                              size_t track_count, float *const *outputs, float *appearance,
                              float *velocity, size_t n) {
    ci_prepared storage;
    P = CI_FN(with_bezier_table)(P, &storage);
    if (!S->split)
        return CI_FN(sample_range)(P, S, R, tracks, track_count, outputs, appearance, velocity, 0,
                                   n);
    const size_t *b = S->split_at; /* waiting | moving | done | moving | waiting */
    size_t bounds[6] = {0, b[0], b[1], b[2], b[3], n};
    int saw = 0;
    /* The interior of a moving run (progress provably in [0, 1]) goes through loops
     * without the clamp or the absolute value; its edges through the usual ones. */
    const int interiors = S->simple_list && !velocity;
    for (int run = 0; run < 5; run++) {
        if (run % 2 == 0) {
            CI_FN(sample_uniform_range)(P, S, R, tracks, track_count, outputs, appearance, velocity,
                                        bounds[run], bounds[run + 1]);
            continue;
        }
        const size_t *inner = S->interior_at[run / 2];
        size_t inner_begin = bounds[run], inner_end = bounds[run];
        if (interiors && inner[0] < inner[1]) {
            inner_begin = inner[0];
            inner_end = inner[1];
        }
        if (bounds[run] < inner_begin)
            saw |= CI_FN(sample_range)(P, S, R, tracks, track_count, outputs, appearance, velocity,
                                       bounds[run], inner_begin);
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
            saw |= CI_FN(sample_range)(P, S, R, tracks, track_count, outputs, appearance, velocity,
                                       inner_end, bounds[run + 1]);
    }
    return saw;
}

/*
 * kernel_sampling_loops.h: The staggered sampling pass over a whole call: the loops that
 * run kernel_sampling.h's vectors over the runs sampling_plan.c splits a list into
 * (waiting, moving, done), with each run's curve shape and flags constant, and the fills
 * of runs whose items all share one progress.
 *
 * Accuracy: kernel_sampling.h's; a uniform run writes the value its first item has.
 *
 * Part of kernel_template.h (included once per backend, after kernel_sampling.h): no
 * include guard, every name through CI_FN.
 */

/* Stores CI_SIMPLE_GROUP vectors of a simple list call (exact spans, no velocity): the
 * appearance, when its buffer is given, and each track as from + appearance * span,
 * clamped into its range when it has one (as track_clamp). */
#define CI_SIMPLE_GROUP 4
CI_INLINE void CI_FN(store_group)(const ci_sample_prepared *S, const ci_track *tracks,
                                  size_t track_count, float *const *outputs, float *appearance,
                                  size_t i, const VF *a) {
    if (appearance)
        for (int v = 0; v < CI_SIMPLE_GROUP; v++) vf_storeu(appearance + i + v * W, a[v]);
    for (size_t k = 0; k < track_count; k++) {
        const VF span = vf_set1(S->track_span[k]), from = vf_set1(tracks[k].from);
        float *out = outputs[k] + i;
        if (tracks[k].clamped) {
            const VF lower = vf_set1(tracks[k].lower), upper = vf_set1(tracks[k].upper);
            for (int v = 0; v < CI_SIMPLE_GROUP; v++)
                vf_storeu(out + v * W, vf_min(vf_max(vf_fma(a[v], span, from), lower), upper));
            continue;
        }
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

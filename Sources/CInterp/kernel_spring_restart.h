/*
 * kernel_spring_restart.h: Lanes of one spring restarted at a tap (ci_restart_spring_lanes),
 * a vector at a time in double: each lane's state from its motion in flight (as
 * ci_spring_states) or as given, the new motion (a lane that carries its motion on starts at once
 * from its value and velocity, any other from its value after its delay with the
 * spring's own velocity scaled to its span), its settling bound (as ci_spring_settling:
 * the quick figure, and the crossing search for the lanes that need one, gathered into
 * full vectors) and the soonest end. The lane engine's rule (LaneAnimation.setMotion)
 * in its order of operations: the same bits as its lane by lane path.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* One vector of lanes (m valid): the new motion written, the lanes whose bound needs a
 * crossing added to `pending` (or, when the lane a row before has its span and velocity,
 * pointed at that lane's bound: its index i as -i - 1, counted in `copies`), a lane with
 * a figure that is not finite flagged in `bad`. Returns whether `pending` is full enough
 * to solve. */
CI_INLINE int CI_FN(spring_restart_block)(const ci_spring_restart *R, const ci_settling *settling,
                                          double omega_d, double *new_offset, double *new_from,
                                          double *new_to, double *new_velocity,
                                          double *new_duration, size_t i, size_t m,
                                          CI_FN(settling_pending) *pending,
                                          CI_FN(shared_phase) *shared, VDM *bad, size_t *copies) {
    const VD zero = vd_set1(0.0);
    const VDM all = vdm_eq(zero, zero);
    const VD from = CI_FN(load_d)(R->from + i, m, 0.0);
    const VD v0 = CI_FN(load_d)(R->velocity + i, m, 0.0);
    const VD target = R->target ? CI_FN(load_d)(R->target + i, m, 0.0) : vd_set1(R->all_targets);
    const VDM carried = vdm_le(zero, CI_FN(load_d)(R->carried + i, m, -1.0));
    VD value = from, dv = v0;
    if (!R->states_given) {
        /* The state, as ci_spring_states. */
        const VD elapsed =
            vd_sub(vd_set1(R->time - R->start), CI_FN(load_d)(R->offset + i, m, 0.0));
        const VD delta = vd_sub(CI_FN(load_d)(R->to + i, m, 0.0), from);
        VD dx;
        CI_FN(spring_state_sharing)(&R->spring, omega_d, elapsed, vdm_lt(elapsed, zero), delta, v0,
                                    shared, &dx, &dv);
        value = vd_add(from, dx);
    }
    const VD span = vd_sub(target, value);
    const VD velocity = vd_select(carried, dv, vd_mul(span, vd_set1(R->own_velocity)));
    const VD offset = vd_select(carried, zero, CI_FN(load_d)(R->delay + i, m, 0.0));
    /* Value, target, span, delay and velocity finite: x - x is 0 only for finite x. */
    const VD sum = vd_add(vd_add(vd_sub(value, value), vd_sub(target, target)),
                          vd_add(vd_sub(span, span),
                                 vd_add(vd_sub(offset, offset), vd_sub(velocity, velocity))));
    const VDM finite = vdm_eq(sum, zero);
    VDM flagged = vdm_andnot(finite, all);
    /* Lanes past m (their fill) count for nothing. */
    if (m < WD) flagged = vdm_and(flagged, CI_FN(first_lanes_d)(m));
    *bad = vdm_or(*bad, flagged);
    VDM searched = vdm_lt(zero, zero);
    VD quick = zero;
    if (vdm_any(carried))
        quick = CI_FN(settling_block)(settling, omega_d, vd_select(finite, span, zero),
                                      vd_select(finite, velocity, zero), &searched);
    /* A lane that starts afresh moves at the spring's own velocity scaled to its span:
     * its bound is the spring's own duration when it moves (the tolerance is relative to
     * the span), 0 when it does not. */
    const VD own = vd_select(vdm_eq(span, zero), zero, vd_set1(R->own_duration));
    CI_FN(store_d)(new_offset + i, offset, m);
    CI_FN(store_d)(new_from + i, value, m);
    CI_FN(store_d)(new_to + i, target, m);
    CI_FN(store_d)(new_velocity + i, velocity, m);
    VD duration = vd_select(carried, quick, own);
    searched = vdm_and(vdm_and(searched, carried), finite);
    if (vdm_any(searched) && R->row && i >= R->row) {
        /* The lane a row before carries its motion on too (the caller's promise): with
         * the same span and velocity (the same bits, as written there), it has the same
         * bound, found once. */
        const size_t before = i - R->row;
        const VD span_before = vd_sub(CI_FN(load_d)(new_to + before, m, 0.0),
                                      CI_FN(load_d)(new_from + before, m, 0.0));
        const VD velocity_before = CI_FN(load_d)(new_velocity + before, m, 0.0);
        const VDM same = vdm_and(searched, vdm_and(vdm_eq(span_before, span),
                                                   vdm_eq(velocity_before, velocity)));
        if (vdm_any(same)) {
            double source[WD];
            for (size_t j = 0; j < WD; j++) source[j] = -(double)(before + j) - 1.0;
            duration = vd_select(same, vd_loadu(source), duration);
            searched = vdm_andnot(same, searched);
            *copies += 1;
        }
    }
    CI_FN(store_d)(new_duration + i, duration, m);
    return vdm_any(searched) && CI_FN(settling_gather)(pending, searched, span, velocity, i, m);
}

/* Returns 1 when some lane had a figure that is not finite (its outputs are then not
 * the rule's), else 0; `*unsolved` the bounds left NaN, `*soonest` the least offset plus
 * duration. */
static int CI_FN(spring_restart_loop)(const ci_spring_restart *R, double *new_offset,
                                      double *new_from, double *new_to, double *new_velocity,
                                      double *new_duration, double *soonest, size_t *unsolved,
                                      size_t n) {
    const double omega_d = __builtin_elementwise_sqrt(R->spring.damped_frequency_squared);
    const ci_settling settling = {R->spring.decay_rate, R->spring.damped_frequency_squared,
                                  R->epsilon};
    CI_FN(settling_pending) pending;
    pending.count = 0;
    CI_FN(shared_phase) shared;
    shared.elapsed = __builtin_nan("");
    VDM bad = vdm_lt(vd_set1(0.0), vd_set1(0.0));
    size_t nan = 0, copies = 0;
    for (size_t i = 0; i < n; i += WD) {
        size_t m = n - i < WD ? n - i : WD;
        if (CI_FN(spring_restart_block)(R, &settling, omega_d, new_offset, new_from, new_to,
                                        new_velocity, new_duration, i, m, &pending, &shared, &bad,
                                        &copies))
            nan += CI_FN(settling_search)(&settling, omega_d, new_duration, NULL, &pending, 0);
    }
    nan += CI_FN(settling_search)(&settling, omega_d, new_duration, NULL, &pending, 1);
    /* The bounds found a row before, in lane order (a lane's may itself be one found a
     * row before that). Every other bound is at least 0 (own_duration is); the range
     * check keeps a lane's read within the lanes before it whatever the figures. */
    for (size_t i = copies ? R->row : n; i < n; i++) {
        const double d = new_duration[i], source = -d - 1.0;
        if (!(source >= 0 && source < (double)i)) continue;
        const double b = new_duration[(size_t)source];
        new_duration[i] = b;
        nan += b != b;
    }
    /* The soonest end, as the engine sums it: offset + duration. */
    VD least = vd_set1(__builtin_inf());
    for (size_t i = 0; i < n; i += WD) {
        size_t m = n - i < WD ? n - i : WD;
        VD end = vd_add(CI_FN(load_d)(new_offset + i, m, __builtin_inf()),
                        CI_FN(load_d)(new_duration + i, m, 0.0));
        least = CI_FN(min_d)(least, end);
    }
    double low[WD];
    vd_storeu(low, least);
    *soonest = __builtin_inf();
    for (size_t j = 0; j < WD; j++)
        if (low[j] < *soonest) *soonest = low[j];
    /* A tie of -0 and +0 falls to either by the order of the lanes: +0 on every backend. */
    if (*soonest == 0) *soonest = 0.0;
    *unsolved = nan;
    return vdm_any(bad);
}

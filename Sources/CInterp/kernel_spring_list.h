/*
 * kernel_spring_list.h: A staggered list interrupted under one spring
 * (ci_interrupt_spring_list), a vector of items at a time in double: each item's state
 * at the tap (kernel_spring_state.h), whether it is moving, where its new motion starts
 * (as stored, in float), its settling bound (kernel_settling.h: the quick figure, and
 * the crossing search for the items that need one, gathered into full vectors), and the
 * span of the rests. The Swift reference's operations in its order (SpringListMotion),
 * without fused operations, so every backend gives the same bits.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* One vector of items (m valid): the new motion written, the items whose bound needs a
 * crossing added to `pending`. Returns whether `pending` is full enough to solve. */
CI_INLINE int CI_FN(spring_list_block)(const ci_spring_list *L, const ci_settling *settling,
                                       double omega_d, float *new_offset, float *new_from,
                                       float *new_velocity, float *new_duration, size_t i, size_t m,
                                       CI_FN(settling_pending) *pending,
                                       CI_FN(shared_phase) *shared) {
    const VD zero = vd_set1(0.0);
    const VD offset = CI_FN(load_fd)(L->offset + i, m, 0.0);
    const VD from = CI_FN(load_fd)(L->from + i, m, 0.0);
    const VD v0 = CI_FN(load_fd)(L->velocity + i, m, 0.0);
    const VD duration = CI_FN(load_fd)(L->duration + i, m, 0.0);
    const VD elapsed = vd_sub(vd_set1(L->time - L->start), offset);
    /* Moving: started and not yet at rest. An item that started less than 2^-20 of its
     * offset ago (the start tolerance) has not moved: its float32 delay may round a few
     * units in the last place before the tap where the reference's delay does not (the
     * tap comes after the last change, so an item that starts at this very instant is
     * not moving yet). */
    const VD tolerance = vd_mul(CI_FN(abs_d)(offset), vd_set1(0x1p-20));
    const VDM moving = vdm_and(vdm_lt(tolerance, elapsed), vdm_lt(elapsed, duration));
    /* A vector none of whose items has started (a stagger's later items, amid rapid
     * toggles) is where it was: the state's transcendentals are skipped. One whose items
     * all started at one time (those a tap set moving at once) shares one phase. */
    VD dx = zero, dv = zero;
    const VDM started = vdm_lt(zero, elapsed);
    /* Lanes not past their start hold still, whatever their figures: the same for a lane
     * whether or not its vector skipped the state. */
    if (vdm_any(started))
        CI_FN(spring_state_sharing)(&L->spring, omega_d, elapsed,
                                    vdm_andnot(started, vdm_eq(zero, zero)),
                                    vd_sub(vd_set1((double)L->to), from), v0, shared, &dx, &dv);
    /* Where the new motion starts, as stored: its figures are the reference's (an item
     * not past its start is at `from` itself, a -0 kept). */
    const VD value = CI_FN(narrow_d)(vd_select(started, vd_add(from, dx), from));
    const VD span = vd_sub(vd_set1((double)L->target), value);
    const VD velocity =
        CI_FN(narrow_d)(vd_select(moving, dv, vd_mul(span, vd_set1(L->own_velocity))));
    const VD delay = CI_FN(load_fd)(new_offset + i, m, 0.0);
    /* Only moving items need a bound of their own. */
    VDM searched = vdm_lt(zero, zero);
    VD quick = zero;
    if (vdm_any(moving))
        quick = CI_FN(settling_block)(settling, omega_d, span, velocity, &searched);
    /* An item at rest starts with the spring's own velocity scaled to its span, whose
     * bound is the spring's own duration (the tolerance is relative to the span). */
    const VD own = vd_select(vdm_eq(span, zero), zero, vd_set1(L->own_duration));
    CI_FN(store_df)(new_offset + i, vd_select(moving, zero, delay), m);
    CI_FN(store_df)(new_from + i, value, m);
    CI_FN(store_df)(new_velocity + i, velocity, m);
    CI_FN(store_df)(new_duration + i, vd_select(moving, quick, own), m);
    searched = vdm_and(searched, moving);
    return vdm_any(searched) && CI_FN(settling_gather)(pending, searched, span, velocity, i, m);
}

/* The latest rest and the earliest at or after the tap, of the items that go somewhere
 * (each at time + offset + duration, as stored; a moving item whose span is 0 rests at
 * the tap itself). A pass of its own: gathering them in the pass above (the searched
 * items' rests as they are found) read slower. */
static void CI_FN(spring_list_bounds)(const ci_spring_list *L, const float *offset,
                                      const float *from, const float *velocity,
                                      const float *duration, double bounds[2], size_t n) {
    const VD zero = vd_set1(0.0), time = vd_set1(L->time), target = vd_set1((double)L->target);
    const VD minus_infinity = vd_set1(-__builtin_inf()), infinity = vd_set1(__builtin_inf());
    VD latest = time, earliest = infinity;
    for (size_t i = 0; i < n; i += WD) {
        size_t m = n - i < WD ? n - i : WD;
        VD goes_from = CI_FN(load_fd)(from + i, m, 0.0);
        VD v = CI_FN(load_fd)(velocity + i, m, 0.0);
        VDM nowhere = vdm_and(vdm_eq(v, zero), vdm_eq(goes_from, target));
        /* Lanes past m go nowhere. */
        if (m < WD)
            nowhere = vdm_or(nowhere, vdm_andnot(CI_FN(first_lanes_d)(m), vdm_eq(zero, zero)));
        VD rest = vd_add(vd_add(time, CI_FN(load_fd)(offset + i, m, 0.0)),
                         CI_FN(load_fd)(duration + i, m, 0.0));
        VDM later = vdm_andnot(nowhere, vdm_le(time, rest));
        latest = CI_FN(max_d)(latest, vd_select(later, rest, minus_infinity));
        earliest = CI_FN(min_d)(earliest, vd_select(later, rest, infinity));
    }
    CI_FN(rest_bounds)(latest, earliest, L->time, bounds);
}

static size_t CI_FN(spring_list_loop)(const ci_spring_list *L, float *new_offset, float *new_from,
                                      float *new_velocity, float *new_duration, double bounds[2],
                                      size_t n) {
    const double omega_d = __builtin_elementwise_sqrt(L->spring.damped_frequency_squared);
    const ci_settling settling = {L->spring.decay_rate, L->spring.damped_frequency_squared,
                                  L->epsilon};
    CI_FN(settling_pending) pending;
    pending.count = 0;
    CI_FN(shared_phase) shared;
    shared.elapsed = __builtin_nan("");
    size_t unsolved = 0;
    for (size_t i = 0; i < n; i += WD) {
        if (CI_FN(spring_list_block)(L, &settling, omega_d, new_offset, new_from, new_velocity,
                                     new_duration, i, n - i < WD ? n - i : WD, &pending, &shared))
            unsolved += CI_FN(settling_search)(&settling, omega_d, NULL, new_duration, &pending, 0);
    }
    unsolved += CI_FN(settling_search)(&settling, omega_d, NULL, new_duration, &pending, 1);
    CI_FN(spring_list_bounds)(L, new_offset, new_from, new_velocity, new_duration, bounds, n);
    return unsolved;
}

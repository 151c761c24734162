/*
 * kernel_interruption.h: A staggered list interrupted under one easing (ci_interrupt_list),
 * a vector of items at a time in double: which items are moving, where their motions
 * take them, the change of target each gets, the layers a resting item was waiting for
 * cancelled, and the span of their rests. The Swift reference's operations in its
 * order, additions and comparisons only (no fused operation can change a bit), so
 * every backend gives the reference's bits.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* WD floats as doubles (lanes past m: `fill`), and back (conversions the compiler
 * turns into the backend's own). */
CI_INLINE VD CI_FN(load_fd)(const float *p, size_t m, double fill) {
    double buffer[WD];
    if (m == WD) /* one conversion instruction */
        for (size_t j = 0; j < WD; j++) buffer[j] = (double)p[j];
    else
        for (size_t j = 0; j < WD; j++) buffer[j] = j < m ? (double)p[j] : fill;
    return vd_loadu(buffer);
}

CI_INLINE void CI_FN(store_df)(float *p, VD v, size_t m) {
    double buffer[WD];
    vd_storeu(buffer, v);
    if (m == WD)
        for (size_t j = 0; j < WD; j++) p[j] = (float)buffer[j];
    else
        for (size_t j = 0; j < m; j++) p[j] = (float)buffer[j];
}

/* Each lane rounded to float and back. */
CI_INLINE VD CI_FN(narrow_d)(VD v) {
    double buffer[WD];
    vd_storeu(buffer, v);
    for (size_t j = 0; j < WD; j++) buffer[j] = (double)(float)buffer[j];
    return vd_loadu(buffer);
}

/* One vector of items (m valid) under `layers` layers (L->layer_count, passed apart so
 * that a caller can make it a constant); `latest` and `earliest` gather their rests. */
CI_INLINE void CI_FN(interrupt_block)(const ci_list_interruption *L, float *new_offset,
                                      float *new_change, size_t i, size_t m, size_t layers,
                                      VD *latest, VD *earliest) {
    const VD zero = vd_set1(0.0), minus_infinity = vd_set1(-__builtin_inf());
    const VD time = vd_set1(L->time), start = vd_set1(L->start);
    const VD duration = vd_set1(L->duration), since_start = vd_set1(L->time - L->start);
    const VDM all = vdm_eq(zero, zero), none = vdm_lt(zero, zero);
    VD delay = CI_FN(load_fd)(L->delays + i, m, 0.0);
    VD carried = L->frozen ? CI_FN(load_fd)(L->frozen + i, m, 0.0) : zero;
    /* The base: started when its delay is below the cutoff, moving until its end. */
    VDM started = vdm_lt(delay, vd_set1((double)L->cutoff));
    carried = vd_add(carried, vd_select(started, vd_set1((double)L->to), vd_set1((double)L->from)));
    VDM base_moves = L->from != L->to ? started : none;
    VDM moving = vdm_and(base_moves, vdm_lt(vd_sub(since_start, delay), duration));
    VD settled = carried;
    VD change[CI_MAX_LAYERS], begins[CI_MAX_LAYERS];
    VDM waiting[CI_MAX_LAYERS];
    for (size_t p = 0; p < layers; p++) {
        change[p] = CI_FN(load_fd)(L->changes[p] + i, m, 0.0);
        begins[p] = vd_add(vd_set1(L->shifts[p]), CI_FN(load_fd)(L->offsets[p] + i, m, 0.0));
        VDM goes = vdm_andnot(vdm_eq(change[p], zero), all);
        VD elapsed = vd_sub(since_start, begins[p]);
        waiting[p] = vdm_le(elapsed, zero);
        carried = vd_select(goes, vd_add(carried, change[p]), carried);
        VDM running = vdm_andnot(waiting[p], goes);
        settled = vd_select(running, vd_add(settled, change[p]), settled);
        moving = vdm_or(moving, vdm_and(running, vdm_lt(elapsed, duration)));
    }
    VD offset = vd_select(moving, zero, CI_FN(load_fd)(new_offset + i, m, 0.0));
    VD goal = vd_set1((double)L->target);
    VD delta = vd_sub(goal, vd_select(moving, carried, settled));
    /* The change as stored (float32) decides whether the item goes anywhere: it is 0
     * exactly when |delta| <= 2^-150 (half the least subnormal float rounds to even, 0).
     * A comparison in double, where the rounded vector's test compiled to lane-by-lane
     * conversions. The offset read was a float already. */
    VDM goes = vdm_andnot(vdm_le(CI_FN(abs_d)(delta), vd_set1(0x1p-150)), all);
    CI_FN(store_df)(new_change + i, delta, m);
    CI_FN(store_df)(new_offset + i, offset, m);
    /* A resting item cancels the layers it was waiting for. */
    for (size_t p = 0; p < layers; p++) {
        VDM cancel = vdm_andnot(moving, waiting[p]);
        /* The vector written back whole: the changes kept pass through double exactly. */
        if (vdm_any(cancel))
            CI_FN(store_df)(L->changes[p] + i, vd_select(cancel, zero, change[p]), m);
    }
    /* Rests: a new motion's end; a moving item with no change, its motions' latest end. */
    VD rest = vd_add(vd_add(start, vd_add(since_start, offset)), duration);
    VDM carries_on = vdm_andnot(goes, moving);
    /* Rare (a change of target that leaves an item's end where it was): skipped when no
     * item of the vector needs it. */
    if (vdm_any(carries_on)) {
        VD carried_on =
            vd_select(base_moves, vd_add(vd_add(start, delay), duration), minus_infinity);
        for (size_t p = 0; p < layers; p++) {
            VDM layer_goes = vdm_andnot(vdm_eq(change[p], zero), all);
            VD end = vd_add(vd_add(start, begins[p]), duration);
            carried_on = vd_select(layer_goes, CI_FN(max_d)(carried_on, end), carried_on);
        }
        rest = vd_select(goes, rest, vd_select(carries_on, carried_on, minus_infinity));
    } else {
        rest = vd_select(goes, rest, minus_infinity);
    }
    /* Lanes past m count for nothing: no rest. */
    if (m < WD) rest = vd_select(CI_FN(first_lanes_d)(m), rest, minus_infinity);
    /* Only rests after `time` count. The latest needs no test: it starts at `time`, so
     * an earlier rest cannot raise it (nor a NaN one, from figures that are not finite:
     * the running latest is the second operand). The earliest takes +infinity for the
     * others (its identity) before the running minimum, which then waits on one
     * instruction a vector, not on a blend whose mask the vector before must give. */
    *latest = CI_FN(max_or_second_d)(rest, *latest);
    *earliest =
        CI_FN(min_d)(*earliest, vd_select(vdm_lt(time, rest), rest, vd_set1(__builtin_inf())));
}

/* The latest of `latest`'s lanes and `time`, and the earliest of `earliest`'s (+infinity
 * for none): an interruption's bounds, gathered a lane at a time. */
CI_INLINE void CI_FN(rest_bounds)(VD latest, VD earliest, double time, double bounds[2]) {
    double high[WD], low[WD];
    vd_storeu(high, latest);
    vd_storeu(low, earliest);
    bounds[0] = time;
    bounds[1] = __builtin_inf();
    for (size_t j = 0; j < WD; j++) {
        if (bounds[0] <= high[j]) bounds[0] = high[j];
        if (low[j] < bounds[1]) bounds[1] = low[j];
    }
}

/* Every vector under `layers` layers: called with a constant, so that each count gets a
 * loop of its own, its layer loops unrolled and its arrays in registers (a toggle's
 * interruption about 6% quicker on Zen 4, the first one about 2%: Benchmarks/README). */
CI_INLINE void CI_FN(interrupt_run)(const ci_list_interruption *L, float *new_offset,
                                    float *new_change, size_t n, size_t layers, VD *latest,
                                    VD *earliest) {
    for (size_t i = 0; i < n; i += WD)
        CI_FN(interrupt_block)(L, new_offset, new_change, i, n - i < WD ? n - i : WD, layers,
                               latest, earliest);
}

/* One case below for each count of layers the entry point lets through. */
_Static_assert(CI_MAX_LAYERS == 3, "interrupt_loop has a case for each layer count");

static void CI_FN(interrupt_loop)(const ci_list_interruption *list, float *new_offset,
                                  float *new_change, double bounds[2], size_t n) {
    /* A copy on the stack: the stores through the float columns then cannot alias its
     * float fields, so the loop reads them once instead of every vector. */
    const ci_list_interruption copy = *list, *L = &copy;
    VD latest = vd_set1(L->time), earliest = vd_set1(__builtin_inf());
    switch (L->layer_count) {
    case 0: CI_FN(interrupt_run)(L, new_offset, new_change, n, 0, &latest, &earliest); break;
    case 1: CI_FN(interrupt_run)(L, new_offset, new_change, n, 1, &latest, &earliest); break;
    case 2: CI_FN(interrupt_run)(L, new_offset, new_change, n, 2, &latest, &earliest); break;
    case 3: CI_FN(interrupt_run)(L, new_offset, new_change, n, 3, &latest, &earliest); break;
    default: break; /* more than CI_MAX_LAYERS: refused at the entry point */
    }
    CI_FN(rest_bounds)(latest, earliest, L->time, bounds);
}

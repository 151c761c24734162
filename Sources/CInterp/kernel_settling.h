/*
 * kernel_settling.h: The settling bounds of spring lanes, in double precision: the
 * crossing of a linear-times-exponential bound with a level found to the last double,
 * and the loop over lanes of one spring (ci_spring_settling).
 *
 * The rules are the Swift reference's (Spring+Settling.swift), operation for operation
 * and in its order, so that a bound differs from the reference's only where this
 * logarithm and the C library's round apart. No fused operations: every backend gives
 * the same bits. Lanes never branch apart: a loop that some lanes still need runs for
 * the whole vector, and the others keep their values through selects.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* The reference's log-excess of e^(-rate t) (constant + slope t) over the level:
 * -rate t + ln(constant + slope t) - ln(level), in its order. */
CI_INLINE VD CI_FN(excess_d)(VD t, VD rate, VD constant, VD slope, VD log_level) {
    VD linear = vd_add(constant, vd_mul(slope, t));
    return vd_sub(vd_add(vd_mul(vd_sub(vd_set1(0.0), rate), t), CI_FN(log_d)(linear)), log_level);
}

/* The time after which e^(-rate t) (constant + slope t) stays at or below `level`, 0
 * if it never exceeds it: the reference's crossingOfLinearTimesExponential for the
 * lanes in `active`. Lanes it cannot finish as the reference's Newton path does are
 * added to *unsolved. */
CI_INLINE VD CI_FN(crossing_d)(VD rate, VD constant, VD slope, VD level, VDM active,
                               VDM *unsolved) {
    const VD zero = vd_set1(0.0);
    const VDM rising = vdm_lt(vd_mul(rate, constant), slope);
    const VD peak =
        vd_select(rising, vd_sub(vd_div(vd_set1(1.0), rate), vd_div(constant, slope)), zero);
    const VD log_level = CI_FN(log_d)(level);
    /* Above twice the level at the start, a lane crosses it; only the others need the
     * value at the peak (a logarithm a vector saves when every lane starts so). */
    const VDM starts_above = vdm_lt(vd_mul(vd_set1(2.0), level), constant);
    VDM crosses = vdm_and(active, starts_above);
    if (vdm_any(vdm_andnot(starts_above, active))) {
        const VD excess_at_peak = CI_FN(excess_d)(peak, rate, constant, slope, log_level);
        crosses = vdm_or(crosses, vdm_and(active, vdm_lt(zero, excess_at_peak)));
    }
    /* Right of the crossing: e^(-rate t) (constant + slope t) is at most
     * (constant + 2 slope / (e rate)) e^(-rate t / 2). */
    const VD reach = vd_add(constant, vd_div(vd_mul(vd_set1(2.0), slope),
                                             vd_mul(vd_set1(2.718281828459045), rate)));
    VD t = vd_mul(vd_div(vd_set1(2.0), rate), CI_FN(log_d)(vd_div(reach, level)));
    /* Finite and right of the peak (NaN fails both comparisons). */
    const VDM started = vdm_and(vdm_lt(peak, t), vdm_lt(t, vd_set1(__builtin_inf())));
    VDM failed = vdm_andnot(started, crosses);
    VDM live = vdm_and(crosses, started);
    VD excess = CI_FN(excess_d)(t, rate, constant, slope, log_level);
    /* Newton's method: each step stays right of the crossing (the log-excess is
     * concave and falls after the peak); a lane stops at its first step that does
     * not move it left or would pass the peak. */
    VDM stepping = live;
    for (int i = 0; i < 64 && vdm_any(stepping); i++) {
        VD slope_at = vd_add(vd_sub(zero, rate), vd_div(slope, vd_add(constant, vd_mul(slope, t))));
        VD next = vd_sub(t, vd_div(excess, slope_at));
        stepping = vdm_and(stepping, vdm_and(vdm_lt(next, t), vdm_lt(peak, next)));
        t = vd_select(stepping, next, t);
        excess = vd_select(stepping, CI_FN(excess_d)(t, rate, constant, slope, log_level), excess);
    }
    /* To the least double from which the excess is not positive: up while it is (at
     * most 64 steps), then down while the double below is not (128 in all). */
    VD nudges = zero;
    VDM up = vdm_and(live, vdm_lt(zero, excess));
    while (vdm_any(up)) {
        t = vd_select(up, CI_FN(next_up_d)(t), t);
        excess = vd_select(up, CI_FN(excess_d)(t, rate, constant, slope, log_level), excess);
        nudges = vd_add(nudges, CI_FN(count_d)(up));
        VDM too_many = vdm_and(up, vdm_lt(vd_set1(64.0), nudges));
        failed = vdm_or(failed, too_many);
        up = vdm_andnot(too_many, vdm_and(up, vdm_lt(zero, excess)));
    }
    live = vdm_andnot(failed, live);
    VDM down = live;
    while (vdm_any(down)) {
        VD below = CI_FN(next_down_d)(t);
        VD excess_below = CI_FN(excess_d)(below, rate, constant, slope, log_level);
        down = vdm_and(down, vdm_and(vdm_lt(peak, below), vdm_le(excess_below, zero)));
        t = vd_select(down, below, t);
        nudges = vd_add(nudges, CI_FN(count_d)(down));
        VDM too_many = vdm_and(down, vdm_lt(vd_set1(128.0), nudges));
        failed = vdm_or(failed, too_many);
        down = vdm_andnot(too_many, down);
    }
    *unsolved = vdm_or(*unsolved, failed);
    return vd_select(crosses, t, zero);
}

/* One vector of lanes: the reference's validatedSettlingDuration for an under-damped
 * (omega_d > 0) or critically damped spring. With `search` 0, only what needs no
 * crossing: lanes at rest and those SwiftUI's figure decides get their bound, the
 * others are set in *searched (their bound is to be found with `search` 1). */
CI_INLINE VD CI_FN(settling_block)(const ci_settling *spring, double omega_d, VD delta, VD velocity,
                                   int search, VDM *searched) {
    const VD zero = vd_set1(0.0);
    const VDM all = vdm_eq(zero, zero);
    const VD rate = vd_set1(spring->decay_rate);
    const VD epsilon = vd_set1(spring->epsilon);
    const VDM at_rest = vdm_and(vdm_eq(delta, zero), vdm_eq(velocity, zero));
    const VD start = CI_FN(abs_d)(delta);
    const VD tolerance = vd_select(vdm_eq(delta, zero), epsilon, vd_mul(epsilon, start));
    const VD aim = vd_mul(tolerance, vd_set1(1 - 1e-9));
    const VD lead = CI_FN(abs_d)(vd_sub(vd_mul(rate, delta), velocity));
    VDM unsolved = vdm_andnot(all, all); /* none */
    VD bound;
    if (omega_d == 0) {
        *searched = vdm_andnot(at_rest, all);
        if (!search) return zero;
        bound = CI_FN(crossing_d)(rate, start, lead, aim, *searched, &unsolved);
    } else {
        const VD envelope_ratio = vd_div(vd_add(start, vd_div(lead, vd_set1(omega_d))), aim);
        const VD swiftui_ratio = vd_div(vd_add(lead, start), tolerance);
        const VD swiftui = vd_div(CI_FN(log_d)(swiftui_ratio), rate);
        /* An envelope at or below SwiftUI's figure decides it: most lanes. */
        const VDM decided =
            vdm_and(vdm_and(vdm_lt(aim, start), vdm_le(envelope_ratio, swiftui_ratio)),
                    vdm_le(vd_set1(1.0), swiftui_ratio));
        *searched = vdm_andnot(vdm_or(decided, at_rest), all);
        bound = swiftui;
        if (search) {
            VD envelope = CI_FN(max_d)(zero, vd_div(CI_FN(log_d)(envelope_ratio), rate));
            VD linear = CI_FN(crossing_d)(rate, start, lead, aim, *searched, &unsolved);
            VD guaranteed = CI_FN(min_d)(envelope, linear);
            VD found = vd_select(vdm_eq(guaranteed, zero), zero, CI_FN(max_d)(swiftui, guaranteed));
            bound = vd_select(*searched, found, swiftui);
        }
    }
    bound = vd_select(at_rest, zero, bound);
    return vd_select(unsolved, vd_set1(__builtin_nan("")), bound);
}

/* Lanes waiting for their crossing, solved WD at a time: each one's index and inputs,
 * kept here because `duration` may be the buffer of `delta` or `velocity` (in place)
 * and the first pass has written over them. */
#define CI_SETTLING_PENDING 128
typedef struct {
    size_t index[CI_SETTLING_PENDING];
    double delta[CI_SETTLING_PENDING], velocity[CI_SETTLING_PENDING];
    size_t count;
} CI_FN(settling_pending);

static void CI_FN(settling_search)(const ci_settling *spring, double omega_d, double *duration,
                                   CI_FN(settling_pending) *pending) {
    for (size_t k = 0; k < pending->count; k += WD) {
        size_t m = pending->count - k < WD ? pending->count - k : WD;
        /* Padding lanes move from rest toward 1: a valid spring, thrown away. */
        double d[WD], v[WD], out[WD];
        for (size_t j = 0; j < WD; j++) {
            d[j] = j < m ? pending->delta[k + j] : 1.0;
            v[j] = j < m ? pending->velocity[k + j] : 0.0;
        }
        VDM searched;
        vd_storeu(out,
                  CI_FN(settling_block)(spring, omega_d, vd_loadu(d), vd_loadu(v), 1, &searched));
        for (size_t j = 0; j < m; j++) duration[pending->index[k + j]] = out[j];
    }
    pending->count = 0;
}

/* Two passes: every lane's quick figure, then the lanes that need a crossing, gathered
 * so that each vector of the search is full of lanes that need it (a lane among
 * decided ones would make its whole vector run Newton's method). */
static int CI_FN(settling_loop)(const ci_settling *spring, const double *delta,
                                const double *velocity, double *duration, size_t n) {
    /* omega_d once, as the reference's sqrt (correctly rounded everywhere; the builtin has no
     * errno path, so no call to libm). */
    const double omega_d = __builtin_elementwise_sqrt(spring->damped_frequency_squared);
    CI_FN(settling_pending) pending;
    pending.count = 0;
    VDM all_finite = vdm_eq(vd_set1(0.0), vd_set1(0.0));
    for (size_t i = 0; i < n; i += WD) {
        size_t m = n - i < WD ? n - i : WD;
        VD d = CI_FN(load_d)(delta + i, m, 1.0);
        VD v = CI_FN(load_d)(velocity + i, m, 0.0);
        /* Non-finite inputs give NaN (the entry point reports them): d - d and v - v
         * are 0 only for finite lanes. */
        VDM finite =
            vdm_and(vdm_eq(vd_sub(d, d), vd_set1(0.0)), vdm_eq(vd_sub(v, v), vd_set1(0.0)));
        all_finite = vdm_and(all_finite, finite);
        d = vd_select(finite, d, vd_set1(1.0));
        v = vd_select(finite, v, vd_set1(0.0));
        VDM searched;
        VD bound = CI_FN(settling_block)(spring, omega_d, d, v, 0, &searched);
        CI_FN(store_d)(duration + i, vd_select(finite, bound, vd_set1(__builtin_nan(""))), m);
        searched = vdm_and(searched, finite);
        if (!vdm_any(searched)) continue;
        double flags[WD], ds[WD], vs[WD];
        vd_storeu(flags, vd_select(searched, vd_set1(1.0), vd_set1(0.0)));
        vd_storeu(ds, d);
        vd_storeu(vs, v);
        for (size_t j = 0; j < m; j++) {
            if (flags[j] == 0) continue;
            pending.index[pending.count] = i + j;
            pending.delta[pending.count] = ds[j];
            pending.velocity[pending.count] = vs[j];
            pending.count++;
        }
        if (pending.count > CI_SETTLING_PENDING - WD)
            CI_FN(settling_search)(spring, omega_d, duration, &pending);
    }
    CI_FN(settling_search)(spring, omega_d, duration, &pending);
    /* Whether some lane was not finite: a lane of all_finite clear. */
    return vdm_any(vdm_andnot(all_finite, vdm_eq(vd_set1(0.0), vd_set1(0.0))));
}

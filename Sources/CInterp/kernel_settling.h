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

/* Vectors of lanes whose crossings are found together. A crossing is a chain of
 * logarithms and divisions, each waiting on the one before (about a hundred cycles a
 * Newton step); four independent chains side by side keep the units busy while each
 * waits. Every lane's steps are its own, so the bits do not depend on its company. */
#define CI_SETTLING_VECTORS 4
#define CI_EACH_VECTOR(v) for (int v = 0; v < CI_SETTLING_VECTORS; v++)

/* Whether any lane of the vectors' masks is set. */
CI_INLINE int CI_FN(any_of_d)(const VDM *masks) {
    VDM any = masks[0];
    for (int v = 1; v < CI_SETTLING_VECTORS; v++) any = vdm_or(any, masks[v]);
    return vdm_any(any);
}

/* The time after which e^(-rate t) (constant + slope t) stays at or below `level`, 0
 * if it never exceeds it: the reference's crossingOfLinearTimesExponential for the
 * lanes in `active`, into `crossing`. Lanes it cannot finish as the reference's Newton
 * path does are added to `unsolved`. */
CI_INLINE void CI_FN(crossings_d)(VD rate, const VD *constant, const VD *slope, const VD *level,
                                  const VDM *active, VDM *unsolved, VD *crossing) {
    const VD zero = vd_set1(0.0);
    VD peak[CI_SETTLING_VECTORS], log_level[CI_SETTLING_VECTORS], t[CI_SETTLING_VECTORS];
    VD excess[CI_SETTLING_VECTORS];
    VDM crosses[CI_SETTLING_VECTORS], failed[CI_SETTLING_VECTORS], live[CI_SETTLING_VECTORS];
    VDM starts_above[CI_SETTLING_VECTORS], below_twice[CI_SETTLING_VECTORS];
    CI_EACH_VECTOR(v) {
        const VDM rising = vdm_lt(vd_mul(rate, constant[v]), slope[v]);
        peak[v] =
            vd_select(rising, vd_sub(vd_div(vd_set1(1.0), rate), vd_div(constant[v], slope[v])),
                      zero);
        log_level[v] = CI_FN(log_d)(level[v]);
        /* Above twice the level at the start, a lane crosses it; only the others need
         * the value at the peak (a logarithm the vectors save when every lane starts so). */
        starts_above[v] = vdm_lt(vd_mul(vd_set1(2.0), level[v]), constant[v]);
        crosses[v] = vdm_and(active[v], starts_above[v]);
        below_twice[v] = vdm_andnot(starts_above[v], active[v]);
    }
    if (CI_FN(any_of_d)(below_twice)) {
        CI_EACH_VECTOR(v) {
            const VD excess_at_peak =
                CI_FN(excess_d)(peak[v], rate, constant[v], slope[v], log_level[v]);
            crosses[v] = vdm_or(crosses[v], vdm_and(active[v], vdm_lt(zero, excess_at_peak)));
        }
    }
    CI_EACH_VECTOR(v) {
        /* Right of the crossing: e^(-rate t) (constant + slope t) is at most
         * (constant + 2 slope / (e rate)) e^(-rate t / 2). */
        const VD reach = vd_add(constant[v], vd_div(vd_mul(vd_set1(2.0), slope[v]),
                                                    vd_mul(vd_set1(2.718281828459045), rate)));
        t[v] = vd_mul(vd_div(vd_set1(2.0), rate), CI_FN(log_d)(vd_div(reach, level[v])));
        /* Finite and right of the peak (NaN fails both comparisons). */
        const VDM started = vdm_and(vdm_lt(peak[v], t[v]), vdm_lt(t[v], vd_set1(__builtin_inf())));
        failed[v] = vdm_andnot(started, crosses[v]);
        live[v] = vdm_and(crosses[v], started);
        excess[v] = CI_FN(excess_d)(t[v], rate, constant[v], slope[v], log_level[v]);
    }
    /* Newton's method: each step stays right of the crossing (the log-excess is
     * concave and falls after the peak); a lane stops at its first step that does
     * not move it left or would pass the peak. */
    VDM stepping[CI_SETTLING_VECTORS];
    CI_EACH_VECTOR(v) stepping[v] = live[v];
    for (int i = 0; i < 64 && CI_FN(any_of_d)(stepping); i++) {
        CI_EACH_VECTOR(v) {
            VD slope_at = vd_add(vd_sub(zero, rate),
                                 vd_div(slope[v], vd_add(constant[v], vd_mul(slope[v], t[v]))));
            VD next = vd_sub(t[v], vd_div(excess[v], slope_at));
            stepping[v] = vdm_and(stepping[v], vdm_and(vdm_lt(next, t[v]), vdm_lt(peak[v], next)));
            t[v] = vd_select(stepping[v], next, t[v]);
            excess[v] = vd_select(stepping[v],
                                  CI_FN(excess_d)(t[v], rate, constant[v], slope[v], log_level[v]),
                                  excess[v]);
        }
    }
    /* To the least double from which the excess is not positive: up while it is (at
     * most 64 steps), then down while the double below is not (128 in all). */
    VD nudges[CI_SETTLING_VECTORS];
    VDM up[CI_SETTLING_VECTORS], down[CI_SETTLING_VECTORS];
    CI_EACH_VECTOR(v) {
        nudges[v] = zero;
        up[v] = vdm_and(live[v], vdm_lt(zero, excess[v]));
    }
    while (CI_FN(any_of_d)(up)) {
        CI_EACH_VECTOR(v) {
            t[v] = vd_select(up[v], CI_FN(next_up_d)(t[v]), t[v]);
            excess[v] =
                vd_select(up[v], CI_FN(excess_d)(t[v], rate, constant[v], slope[v], log_level[v]),
                          excess[v]);
            nudges[v] = vd_add(nudges[v], CI_FN(count_d)(up[v]));
            VDM too_many = vdm_and(up[v], vdm_lt(vd_set1(64.0), nudges[v]));
            failed[v] = vdm_or(failed[v], too_many);
            up[v] = vdm_andnot(too_many, vdm_and(up[v], vdm_lt(zero, excess[v])));
        }
    }
    CI_EACH_VECTOR(v) {
        live[v] = vdm_andnot(failed[v], live[v]);
        down[v] = live[v];
    }
    while (CI_FN(any_of_d)(down)) {
        CI_EACH_VECTOR(v) {
            VD below = CI_FN(next_down_d)(t[v]);
            VD excess_below = CI_FN(excess_d)(below, rate, constant[v], slope[v], log_level[v]);
            down[v] = vdm_and(down[v], vdm_and(vdm_lt(peak[v], below), vdm_le(excess_below, zero)));
            t[v] = vd_select(down[v], below, t[v]);
            nudges[v] = vd_add(nudges[v], CI_FN(count_d)(down[v]));
            VDM too_many = vdm_and(down[v], vdm_lt(vd_set1(128.0), nudges[v]));
            failed[v] = vdm_or(failed[v], too_many);
            down[v] = vdm_andnot(too_many, down[v]);
        }
    }
    CI_EACH_VECTOR(v) {
        unsolved[v] = vdm_or(unsolved[v], failed[v]);
        crossing[v] = vd_select(crosses[v], t[v], zero);
    }
}

/* What one vector of lanes' bounds need before any crossing, by the reference's
 * validatedSettlingDuration for an under-damped (omega_d > 0) or critically damped
 * spring: `searched` are the lanes whose bound is a crossing (SwiftUI's figure does not
 * decide them and they are not at rest). */
typedef struct {
    VD start, lead, aim, tolerance, envelope_ratio, swiftui;
    VDM at_rest, searched;
} CI_FN(settling_lanes);

CI_INLINE CI_FN(settling_lanes)
    CI_FN(settling_figures)(const ci_settling *spring, double omega_d, VD delta, VD velocity) {
    const VD zero = vd_set1(0.0);
    const VDM all = vdm_eq(zero, zero);
    const VD rate = vd_set1(spring->decay_rate);
    const VD epsilon = vd_set1(spring->epsilon);
    CI_FN(settling_lanes) s;
    s.at_rest = vdm_and(vdm_eq(delta, zero), vdm_eq(velocity, zero));
    s.start = CI_FN(abs_d)(delta);
    s.tolerance = vd_select(vdm_eq(delta, zero), epsilon, vd_mul(epsilon, s.start));
    s.aim = vd_mul(s.tolerance, vd_set1(1 - 1e-9));
    s.lead = CI_FN(abs_d)(vd_sub(vd_mul(rate, delta), velocity));
    if (omega_d == 0) {
        s.envelope_ratio = zero;
        s.swiftui = zero;
        s.searched = vdm_andnot(s.at_rest, all);
        return s;
    }
    s.envelope_ratio = vd_div(vd_add(s.start, vd_div(s.lead, vd_set1(omega_d))), s.aim);
    const VD swiftui_ratio = vd_div(vd_add(s.lead, s.start), s.tolerance);
    s.swiftui = vd_div(CI_FN(log_d)(swiftui_ratio), rate);
    /* An envelope at or below SwiftUI's figure decides it: most lanes. */
    const VDM decided =
        vdm_and(vdm_and(vdm_lt(s.aim, s.start), vdm_le(s.envelope_ratio, swiftui_ratio)),
                vdm_le(vd_set1(1.0), swiftui_ratio));
    s.searched = vdm_andnot(vdm_or(decided, s.at_rest), all);
    return s;
}

/* One vector's bounds that need no crossing (SwiftUI's figure, 0 at rest); the lanes
 * in `searched` are still to be solved by settling_searched. */
CI_INLINE VD CI_FN(settling_block)(const ci_settling *spring, double omega_d, VD delta, VD velocity,
                                   VDM *searched) {
    const CI_FN(settling_lanes) s = CI_FN(settling_figures)(spring, omega_d, delta, velocity);
    *searched = s.searched;
    return vd_select(s.at_rest, vd_set1(0.0), s.swiftui);
}

/* CI_SETTLING_VECTORS vectors' bounds, crossings found: for a critically damped spring,
 * the crossing; for an under-damped one, the larger of SwiftUI's figure and the earlier
 * of the envelope's crossing (closed form) and the linear bound's. NaN for a lane the
 * search could not finish. */
CI_INLINE void CI_FN(settling_searched)(const ci_settling *spring, double omega_d, const VD *delta,
                                        const VD *velocity, VD *bound) {
    const VD zero = vd_set1(0.0);
    const VD rate = vd_set1(spring->decay_rate);
    CI_FN(settling_lanes) s[CI_SETTLING_VECTORS];
    VD start[CI_SETTLING_VECTORS], lead[CI_SETTLING_VECTORS], aim[CI_SETTLING_VECTORS];
    VDM searched[CI_SETTLING_VECTORS], unsolved[CI_SETTLING_VECTORS];
    CI_EACH_VECTOR(v) {
        s[v] = CI_FN(settling_figures)(spring, omega_d, delta[v], velocity[v]);
        start[v] = s[v].start;
        lead[v] = s[v].lead;
        aim[v] = s[v].aim;
        searched[v] = s[v].searched;
        unsolved[v] = vdm_andnot(searched[v], searched[v]); /* none */
    }
    VD linear[CI_SETTLING_VECTORS];
    CI_FN(crossings_d)(rate, start, lead, aim, searched, unsolved, linear);
    CI_EACH_VECTOR(v) {
        VD b = linear[v];
        if (omega_d != 0) {
            VD envelope = CI_FN(max_d)(zero, vd_div(CI_FN(log_d)(s[v].envelope_ratio), rate));
            VD guaranteed = CI_FN(min_d)(envelope, linear[v]);
            VD found =
                vd_select(vdm_eq(guaranteed, zero), zero, CI_FN(max_d)(s[v].swiftui, guaranteed));
            b = vd_select(searched[v], found, s[v].swiftui);
        }
        b = vd_select(s[v].at_rest, zero, b);
        bound[v] = vd_select(unsolved[v], vd_set1(__builtin_nan("")), b);
    }
}

/* Lanes waiting for their crossing, solved CI_SETTLING_VECTORS vectors at a time: each
 * one's index and inputs, kept here because `duration` may be the buffer of `delta` or
 * `velocity` (in place) and the first pass has written over them. */
#define CI_SETTLING_PENDING 128
typedef struct {
    size_t index[CI_SETTLING_PENDING];
    double delta[CI_SETTLING_PENDING], velocity[CI_SETTLING_PENDING];
    size_t count;
} CI_FN(settling_pending);

/* Solves the pending lanes: all of them with `all`, else those that fill whole groups
 * of vectors (the rest move to the front and wait for more). Each bound goes to
 * `duration`, or rounded to float to `narrow_duration` when `duration` is NULL; returns
 * how many are NaN (left to the caller's reference). */
static size_t CI_FN(settling_search)(const ci_settling *spring, double omega_d, double *duration,
                                     float *narrow_duration, CI_FN(settling_pending) *pending,
                                     int all) {
    const size_t width = CI_SETTLING_VECTORS * WD;
    const size_t solved = all ? pending->count : pending->count / width * width;
    size_t unsolved = 0;
    for (size_t k = 0; k < solved; k += width) {
        size_t m = solved - k < width ? solved - k : width;
        /* Padding lanes move from rest toward 1: a valid spring, thrown away. */
        double d[CI_SETTLING_VECTORS * WD], v[CI_SETTLING_VECTORS * WD];
        double out[CI_SETTLING_VECTORS * WD];
        for (size_t j = 0; j < width; j++) {
            d[j] = j < m ? pending->delta[k + j] : 1.0;
            v[j] = j < m ? pending->velocity[k + j] : 0.0;
        }
        VD deltas[CI_SETTLING_VECTORS], velocities[CI_SETTLING_VECTORS];
        VD bounds[CI_SETTLING_VECTORS];
        CI_EACH_VECTOR(u) {
            deltas[u] = vd_loadu(d + u * WD);
            velocities[u] = vd_loadu(v + u * WD);
        }
        CI_FN(settling_searched)(spring, omega_d, deltas, velocities, bounds);
        CI_EACH_VECTOR(u) vd_storeu(out + u * WD, bounds[u]);
        for (size_t j = 0; j < m; j++) {
            if (duration) duration[pending->index[k + j]] = out[j];
            else narrow_duration[pending->index[k + j]] = (float)out[j];
            unsolved += out[j] != out[j];
        }
    }
    for (size_t j = solved; j < pending->count; j++) {
        pending->index[j - solved] = pending->index[j];
        pending->delta[j - solved] = pending->delta[j];
        pending->velocity[j - solved] = pending->velocity[j];
    }
    pending->count -= solved;
    return unsolved;
}

/* Adds the lanes of `searched` among the first m of the vector at item i (inputs d and
 * v) to `pending`; returns whether it is full enough to solve. */
CI_INLINE int CI_FN(settling_gather)(CI_FN(settling_pending) *pending, VDM searched, VD d, VD v,
                                     size_t i, size_t m) {
    double flags[WD], ds[WD], vs[WD];
    vd_storeu(flags, vd_select(searched, vd_set1(1.0), vd_set1(0.0)));
    vd_storeu(ds, d);
    vd_storeu(vs, v);
    for (size_t j = 0; j < m; j++) {
        if (flags[j] == 0) continue;
        pending->index[pending->count] = i + j;
        pending->delta[pending->count] = ds[j];
        pending->velocity[pending->count] = vs[j];
        pending->count++;
    }
    return pending->count > CI_SETTLING_PENDING - WD;
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
        VD bound = CI_FN(settling_block)(spring, omega_d, d, v, &searched);
        CI_FN(store_d)(duration + i, vd_select(finite, bound, vd_set1(__builtin_nan(""))), m);
        searched = vdm_and(searched, finite);
        if (!vdm_any(searched)) continue;
        if (CI_FN(settling_gather)(&pending, searched, d, v, i, m))
            CI_FN(settling_search)(spring, omega_d, duration, NULL, &pending, 0);
    }
    CI_FN(settling_search)(spring, omega_d, duration, NULL, &pending, 1);
    /* Whether some lane was not finite: a lane of all_finite clear. */
    return vdm_any(vdm_andnot(all_finite, vdm_eq(vd_set1(0.0), vd_set1(0.0))));
}

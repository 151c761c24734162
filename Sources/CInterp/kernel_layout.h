/*
 * kernel_layout.h: Layouts and waves: per-item delays (or distances) of a list or grid
 * stagger, and wave offsets over a distance field.
 *
 * Accuracy: distances in float32 from exact integer cell coordinates; the wave is
 * sincos_pi's (about 2 ulp of 1) times the amplitude.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* The delays of a list measured along its row with a linear distribution: the general
 * loop's operations for that case (row 0, d = |j - origin|, s = u), in its order, so
 * the same bits, without its per-vector switch on the distribution's shape or the
 * tests of the flags no list needs (a list's delays are the first interruption's
 * largest pass after the interruption itself). */
static void CI_FN(list_layout_loop)(const ci_layout_prepared *L, float *out, size_t n) {
    VF index = vf_loadu(CI_FN(lane_index));
    const VF lanes = vf_set1((float)W), zero = vf_set1(0.0f), one = vf_set1(1.0f);
    const VF window_start = vf_set1(L->window_start), window_last = vf_set1(L->window_last);
    const VF origin = vf_set1(L->origin_x), u_zero = vf_set1(L->u_zero_distance);
    const VF u_per = vf_set1(L->u_per_distance), spread = vf_set1(L->spread);
    const VF max_delay = vf_set1(L->max_delay), min_stagger = vf_set1(L->min_stagger);
    const VF base = vf_set1(L->base_delay);
    const int reversed = L->reversed, outside_immediate = L->outside_immediate;
    for (size_t i = 0; i < n; i += W) {
        size_t m = n - i < W ? n - i : W;
        VM outside = vm_or(vm_lt(index, window_start), vm_lt(window_last, index));
        VF j = vf_sub(vf_min(vf_max(index, window_start), window_last), window_start);
        index = vf_add(index, lanes);
        /* The general loop's column, j - 0 * columns, is j. */
        VF d = vf_sub(j, origin);
        d = vf_max(d, vf_sub(zero, d));
        VF s = CI_FN(clamp01)(vf_mul(vf_sub(d, u_zero), u_per));
        if (reversed) s = vf_sub(one, s);
        VF stagger = vf_max(vf_min(vf_mul(spread, s), max_delay), min_stagger);
        if (outside_immediate) stagger = vf_select(outside, zero, stagger);
        CI_FN(store)(out + i, vf_add(base, stagger), m);
    }
}

/* Delays (or distances) of a grid or list layout. */
static int CI_FN(layout_loop)(const ci_layout_prepared *shared, float *out, size_t n) {
    /* A local copy: stores to `out` cannot alias it, so its constants and flags stay in
     * registers and their tests leave the loop (reloaded after every store otherwise). */
    const ci_layout_prepared layout = *shared, *L = &layout;
    /* A list: the window fits in one row, every item's row is 0 (no division). */
    const int one_row = !L->distances_only && L->window_last - L->window_start < L->columns;
    if (one_row && L->distribution.kind == CI_CURVE_LINEAR &&
        (L->axis == CI_AXIS_X || (L->origin_y == 0 && L->axis != CI_AXIS_Y))) {
        CI_FN(list_layout_loop)(L, out, n);
        return 0;
    }
    ci_prepared storage;
    const ci_prepared *distribution = CI_FN(with_bezier_table)(&L->distribution, &storage);
    VF index = vf_loadu(CI_FN(lane_index));
    const VF lanes = vf_set1((float)W), zero = vf_set1(0.0f), half = vf_set1(0.5f);
    const VF columns = vf_set1(L->columns);
    for (size_t i = 0; i < n; i += W) {
        size_t m = n - i < W ? n - i : W;
        VF j = index;
        VM outside = vm_lt(zero, zero); /* no lane */
        if (!L->distances_only) {
            outside = vm_or(vm_lt(index, vf_set1(L->window_start)),
                            vm_lt(vf_set1(L->window_last), index));
            j = vf_sub(vf_min(vf_max(index, vf_set1(L->window_start)), vf_set1(L->window_last)),
                       vf_set1(L->window_start));
        }
        index = vf_add(index, lanes);
        /* row = floor(j / columns): (j + 1/2) / columns is never within rounding of an
         * integer for j < 2^23, so rounding (that - 1/2) to nearest is exact. */
        VI ignored;
        VF row =
            one_row ? zero : CI_FN(round)(vf_sub(vf_div(vf_add(j, half), columns), half), &ignored);
        (void)ignored;
        VF column = vf_sub(j, vf_mul(row, columns));
        VF dx = vf_sub(column, vf_set1(L->origin_x)), dy = vf_sub(row, vf_set1(L->origin_y));
        dx = vf_max(dx, vf_sub(zero, dx));
        dy = vf_max(dy, vf_sub(zero, dy));
        VF d;
        /* In one row through the origin every metric is the distance along it. */
        if (L->axis == CI_AXIS_X || (one_row && L->origin_y == 0 && L->axis != CI_AXIS_Y)) d = dx;
        else if (L->axis == CI_AXIS_Y) d = dy;
        else if (L->metric == CI_METRIC_MANHATTAN) d = vf_add(dx, dy);
        else if (L->metric == CI_METRIC_CHEBYSHEV) d = vf_max(dx, dy);
        else d = vf_sqrt(vf_fma(dx, dx, vf_mul(dy, dy)));
        if (L->distances_only) {
            if (L->invert) d = vf_max(vf_sub(vf_set1(L->max_distance), d), zero);
            CI_FN(store)(out + i, d, m);
            continue;
        }
        /* Edges (invert): the items nearest the origin (the centre) wait longest. */
        VF u = CI_FN(clamp01)(
            vf_mul(vf_sub(d, vf_set1(L->u_zero_distance)), vf_set1(L->u_per_distance)));
        VF s = CI_FN(ease_one)(distribution, u);
        if (L->reversed) s = vf_sub(vf_set1(1.0f), s);
        VF stagger = vf_min(vf_mul(vf_set1(L->spread), s), vf_set1(L->max_delay));
        stagger = vf_max(stagger, vf_set1(L->min_stagger));
        if (L->outside_immediate) stagger = vf_select(outside, zero, stagger);
        CI_FN(store)(out + i, vf_add(vf_set1(L->base_delay), stagger), m);
    }
    return 0;
}

/* Wave offsets over a distance field. */
static int CI_FN(wave_loop)(const ci_wave_prepared *V, const float *distances, float *out,
                            size_t n) {
    VF finite = vf_set1(0.0f);
    VF index = vf_loadu(CI_FN(lane_index));
    const VF lanes = vf_set1((float)W), zero = vf_set1(0.0f), one = vf_set1(1.0f);
    for (size_t i = 0; i < n; i += W) {
        size_t m = n - i < W ? n - i : W;
        VF u;
        if (V->indexed) {
            u = vf_mul(index, vf_set1(V->index_scale));
        } else {
            u = CI_FN(load)(distances + i, m);
            finite = CI_FN(track_finite)(finite, u);
        }
        index = vf_add(index, lanes);
        VF cycles = vf_sub(vf_set1(V->phase), vf_mul(vf_set1(V->spatial_frequency), u));
        VF s, c;
        CI_FN(sincos_pi)(vf_add(cycles, cycles), &s, &c);
        VF y = vf_mul(vf_set1(V->amplitude), s);
        if (V->envelope != CI_ENVELOPE_NONE) {
            VF tau = vf_sub(vf_set1(V->elapsed), vf_mul(u, vf_set1(V->front_delay)));
            VM reached = vm_lt(zero, tau);
            /* elapsed - u front_delay may overflow to +inf: FLT_MAX keeps tau * 0 at 0. */
            tau = vf_min(vf_max(tau, zero), vf_set1(3.40282347e+38f));
            VF envelope = CI_FN(exp)(vf_mul(tau, vf_set1(-V->inverse_decay)));
            if (V->envelope == CI_ENVELOPE_ATTACK_DECAY)
                envelope =
                    vf_mul(envelope,
                           vf_sub(one, CI_FN(exp)(vf_mul(tau, vf_set1(-V->inverse_attack)))));
            y = vf_select(reached, vf_mul(y, envelope), zero);
        }
        CI_FN(store)(out + i, y, m);
    }
    return CI_FN(saw_nonfinite)(finite);
}

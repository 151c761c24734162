/*
 * kernel_spring_state.h: The value and velocity of spring lanes at a transition, in
 * double precision: the Swift reference's Spring.motion(delta:initialVelocity:time:)
 * for under- and critically damped springs, in its order of operations, a vector of
 * lanes at a time (ci_spring_states).
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* What a spring's state `t` seconds into its motion (t >= 0) takes from t alone:
 * e^(-lambda t), cos(omega_d t) and sin(omega_d t) / omega_d (t when omega_d is 0). Lanes
 * with the same t share them, whatever their motions. */
typedef struct {
    VD decay, cosine, sin_over_frequency;
} CI_FN(spring_phase);

CI_INLINE CI_FN(spring_phase)
    CI_FN(spring_phase_at)(const ci_spring_state *spring, double omega_d, VD t) {
    const VD zero = vd_set1(0.0);
    CI_FN(spring_phase) phase;
    phase.decay = CI_FN(exp_neg_d)(vd_mul(vd_sub(zero, vd_set1(spring->decay_rate)), t));
    phase.cosine = vd_set1(1.0);
    phase.sin_over_frequency = t;
    if (omega_d > 0) {
        VD angle = vd_mul(vd_set1(omega_d), t), sine;
        CI_FN(sincos_d)(angle, &sine, &phase.cosine);
        /* t sinc(angle), sinc 1 at 0. */
        VD sinc = vd_select(vdm_eq(angle, zero), vd_set1(1.0), vd_div(sine, angle));
        phase.sin_over_frequency = vd_mul(t, sinc);
    }
    return phase;
}

/* One vector of lanes at `phase`: displacement from the lane's origin and velocity in a
 * spring toward `delta` that started at `v0`. Lanes in `waiting` have not started
 * (their phase is any): they hold still, (0, 0). */
CI_INLINE void CI_FN(spring_state_at)(const ci_spring_state *spring, CI_FN(spring_phase) phase,
                                      VDM waiting, VD delta, VD v0, VD *value, VD *velocity) {
    const VD zero = vd_set1(0.0);
    const VD lambda = vd_set1(spring->decay_rate);
    VD lead = vd_sub(vd_mul(lambda, delta), v0);
    VD x = vd_sub(delta, vd_mul(phase.decay, vd_add(vd_mul(delta, phase.cosine),
                                                    vd_mul(lead, phase.sin_over_frequency))));
    VD pull =
        vd_sub(vd_mul(vd_set1(spring->undamped_frequency_squared), delta), vd_mul(lambda, v0));
    VD v = vd_mul(phase.decay,
                  vd_add(vd_mul(v0, phase.cosine), vd_mul(pull, phase.sin_over_frequency)));
    /* Fully decayed: at the target, at rest (also no 0 * inf from the phase). */
    const VDM decayed = vdm_eq(phase.decay, zero);
    x = vd_select(decayed, delta, x);
    v = vd_select(decayed, zero, v);
    *value = vd_select(waiting, zero, x);
    *velocity = vd_select(waiting, zero, v);
}

/* One vector of lanes: displacement from the lane's origin and velocity `elapsed`
 * seconds into a spring toward `delta` that started at `v0`. A lane that has not
 * started (elapsed < 0) holds still: (0, 0). */
CI_INLINE void CI_FN(spring_state_block)(const ci_spring_state *spring, double omega_d, VD elapsed,
                                         VD delta, VD v0, VD *value, VD *velocity) {
    const VD zero = vd_set1(0.0);
    const VDM waiting = vdm_lt(elapsed, zero);
    const VD t = vd_select(waiting, zero, elapsed);
    CI_FN(spring_state_at)(spring, CI_FN(spring_phase_at)(spring, omega_d, t), waiting, delta, v0,
                           value, velocity);
}

/* The phase of the last vector whose lanes all started at one time (elapsed NaN for
 * none yet): a pass over lanes that a tap set moving at once finds it once. */
typedef struct {
    double elapsed;
    CI_FN(spring_phase) phase;
} CI_FN(shared_phase);

/* One vector of lanes `elapsed` seconds into their springs, lanes in `waiting` holding
 * still (their elapsed is any): spring_state_block's bits, but a vector whose lanes all
 * share one elapsed time above 0 takes `shared`'s phase (found once for every such
 * vector). Not at 0: -0 and +0 compare equal, and their states' signs of zero differ. */
CI_INLINE void CI_FN(spring_state_sharing)(const ci_spring_state *spring, double omega_d,
                                           VD elapsed, VDM waiting, VD delta, VD v0,
                                           CI_FN(shared_phase) *shared, VD *value, VD *velocity) {
    const VD zero = vd_set1(0.0);
    double lanes[WD];
    vd_storeu(lanes, elapsed);
    if (0 < lanes[0] &&
        !vdm_any(vdm_andnot(vdm_eq(elapsed, vd_set1(lanes[0])), vdm_eq(zero, zero)))) {
        if (!(lanes[0] == shared->elapsed)) {
            shared->elapsed = lanes[0];
            shared->phase = CI_FN(spring_phase_at)(spring, omega_d, vd_set1(lanes[0]));
        }
        CI_FN(spring_state_at)(spring, shared->phase, waiting, delta, v0, value, velocity);
    } else {
        const VD t = vd_select(waiting, zero, elapsed);
        CI_FN(spring_state_at)(spring, CI_FN(spring_phase_at)(spring, omega_d, t), waiting, delta,
                               v0, value, velocity);
    }
}

static int CI_FN(spring_state_loop)(const ci_spring_state *spring, const double *elapsed,
                                    const double *delta, const double *v0, double *value,
                                    double *velocity, size_t n) {
    const double omega_d = __builtin_elementwise_sqrt(spring->damped_frequency_squared);
    const VD nan = vd_set1(__builtin_nan(""));
    VDM all_finite = vdm_eq(vd_set1(0.0), vd_set1(0.0));
    for (size_t i = 0; i < n; i += WD) {
        size_t m = n - i < WD ? n - i : WD;
        VD t = CI_FN(load_d)(elapsed + i, m, 0.0);
        VD d = CI_FN(load_d)(delta + i, m, 0.0);
        VD v = CI_FN(load_d)(v0 + i, m, 0.0);
        VD sum = vd_add(vd_add(vd_sub(t, t), vd_sub(d, d)), vd_sub(v, v));
        VDM finite = vdm_eq(sum, vd_set1(0.0));
        all_finite = vdm_and(all_finite, finite);
        VD x, dx;
        CI_FN(spring_state_block)(spring, omega_d, vd_select(finite, t, vd_set1(0.0)),
                                  vd_select(finite, d, vd_set1(0.0)),
                                  vd_select(finite, v, vd_set1(0.0)), &x, &dx);
        CI_FN(store_d)(value + i, vd_select(finite, x, nan), m);
        CI_FN(store_d)(velocity + i, vd_select(finite, dx, nan), m);
    }
    return vdm_any(vdm_andnot(all_finite, vdm_eq(vd_set1(0.0), vd_set1(0.0))));
}

/*
 * kernel_spring.h: Springs in closed form: under-damped, critically damped and over-
 * damped, value and velocity at elapsed time t.
 *
 * Accuracy: within 1e-5 of the Double reference for t in [0, 10 s], damping fractions
 * 0.05...3, responses 0.05...5 s (7.4e-7 measured on the accuracy table).
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* The under-damped spring's parts: e = e^(-lambda t), s = sin(omega t), c = cos(omega t).
 * The factors -lambda log2(e) and omega / pi are constants: one rounding of each
 * argument. */
CI_INLINE void CI_FN(spring_oscillation)(const ci_prepared *P, VF t, VF *e, VF *s, VF *c) {
    *e = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
    CI_FN(sincos_pi)(vf_mul(vf_set1(P->omega_half_turns), t), s, c);
}

/* One formulation for all three regimes:
 *   x(t) = delta - (delta eC + b eS),   x'(t) = v0 eC + k eS,
 * with eC = e^(-lambda t) C(t), eS = e^(-lambda t) S(t), b = lambda delta - v0,
 * k = lambda b +- omega^2 delta, and
 *   under-damped  C = cos(omega t),  S = sin(omega t) / omega
 *   critical      C = 1,             S = t
 *   over-damped   C = cosh(omega t), S = sinh(omega t) / omega.
 * S never divides a small difference by a small omega, so zeta near 1 needs no blend:
 * sin(omega t)/omega is accurate for tiny omega, and the over-damped form switches per
 * lane to Taylor series of cosh and sinh(x)/x while omega t < 1/2.
 * A decay (first order, x' = k (delta - x)) is the regime eC = e^(-k t), eS = 0 with
 * lambda = k, b = 0, v0 = k delta and k (the constant above) = 0. */
CI_INLINE void CI_FN(spring_terms)(const ci_prepared *P, VF t, VF *eC, VF *eS) {
    switch (P->spring_regime) {
    case CI_SPRING_UNDER: {
        VF e, s, c;
        CI_FN(spring_oscillation)(P, t, &e, &s, &c);
        *eC = vf_mul(e, c);
        *eS = vf_mul(vf_mul(e, s), vf_set1(P->inv_omega));
        return;
    }
    case CI_SPRING_CRITICAL: {
        VF e = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
        *eC = e;
        *eS = vf_mul(e, t);
        return;
    }
    case CI_SPRING_DECAY:
        *eC = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
        *eS = vf_set1(0.0f);
        return;
    default: {
        VF mu = vf_mul(vf_set1(P->omega), t);
        VF e1 = CI_FN(exp2)(vf_mul(vf_set1(P->rate_slow_log2), t));
        VF e2 = CI_FN(exp2)(vf_mul(vf_set1(P->rate_fast_log2), t));
        VF big_c = vf_mul(vf_add(e1, e2), vf_set1(0.5f));
        VF big_s = vf_mul(vf_sub(e1, e2), vf_set1(P->half_inv_omega));

        VF e = CI_FN(exp2)(vf_mul(vf_set1(P->decay_log2), t));
        VF m2 = vf_mul(mu, mu);
        VF ch = vf_set1(2.4801587301587302e-05f);
        ch = vf_fma(ch, m2, vf_set1(1.3888888888888889e-03f));
        ch = vf_fma(ch, m2, vf_set1(4.1666666666666667e-02f));
        ch = vf_fma(ch, m2, vf_set1(0.5f));
        ch = vf_fma(ch, m2, vf_set1(1.0f));
        VF sh = vf_set1(2.7557319223985893e-06f);
        sh = vf_fma(sh, m2, vf_set1(1.9841269841269841e-04f));
        sh = vf_fma(sh, m2, vf_set1(8.3333333333333333e-03f));
        sh = vf_fma(sh, m2, vf_set1(1.6666666666666667e-01f));
        sh = vf_fma(sh, m2, vf_set1(1.0f));

        VM small = vm_lt(mu, vf_set1(0.5f));
        *eC = vf_select(small, vf_mul(e, ch), big_c);
        *eS = vf_select(small, vf_mul(vf_mul(e, t), sh), big_s);
        return;
    }
    }
}

/* Negative times are 0; an elapsed time that overflowed to infinity (time - delay of
 * two huge finite floats) becomes FLT_MAX, so that e^(-lambda t) t is 0, not 0 * inf. */
CI_INLINE VF CI_FN(spring_time)(VF t) {
    return vf_min(vf_max(t, vf_set1(0.0f)), vf_set1(3.40282347e+38f));
}

CI_INLINE VF CI_FN(spring_value)(const ci_prepared *P, VF eC, VF eS) {
    VF delta = vf_set1(P->delta);
    return vf_sub(delta, vf_fma(delta, eC, vf_mul(vf_set1(P->b), eS)));
}

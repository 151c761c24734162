/*
 * kernel_steps_linear.h: CSS steps() and linear(): the piecewise curves of CSS Easing.
 *
 * Accuracy: steps are exact (the floor of the exact product, so an edge never moves by
 * a rounding); linear() interpolates without fused operations, so every backend gives
 * the same floats.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* CSS steps(): clamp(floor(p n) + offset, 0, jumps) / jumps, with the floor of the
 * exact product so that a step edge never moves by a rounding. */
CI_INLINE VF CI_FN(steps)(const ci_prepared *P, VF p) {
    VF step = vf_add(CI_FN(floor_product)(p, vf_set1(P->steps_n)), vf_set1(P->steps_offset));
    step = vf_min(vf_max(step, vf_set1(0.0f)), vf_set1(P->steps_jumps));
    return vf_div(step, vf_set1(P->steps_jumps));
}

/* CSS linear(): the segment from the last point whose input is <= p (k from 1 to
 * count - 2; the first segment when there is none), interpolated and extended as the
 * specification's output algorithm does. Inputs are non-decreasing, so once no lane
 * has reached point k none reaches a later one: the loop stops there, which depends on
 * the vector's lanes together but changes no lane's result. */
CI_INLINE VF CI_FN(piecewise_linear)(const ci_prepared *P, VF p) {
    const float *q = P->linear_points;
    VF xa = vf_set1(q[0]), ya = vf_set1(q[1]), xb = vf_set1(q[2]), yb = vf_set1(q[3]);
    for (int k = 1; k + 1 < P->linear_count; k++) {
        VM before = vm_lt(p, vf_set1(q[2 * k]));
        if (vm_all(before)) break;
        xa = vf_select(before, xa, vf_set1(q[2 * k]));
        ya = vf_select(before, ya, vf_set1(q[2 * k + 1]));
        xb = vf_select(before, xb, vf_set1(q[2 * k + 2]));
        yb = vf_select(before, yb, vf_set1(q[2 * k + 3]));
    }
    VF between = vf_div(vf_sub(p, xa), vf_sub(xb, xa));
    VF y = vf_add(ya, vf_mul(between, vf_sub(yb, ya)));
    return vf_select(vm_eq(xa, xb), yb, y);
}

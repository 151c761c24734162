/*
 * kernel_path.h: Points along a motion path (ci_path_points): each lane's progress
 * resolved to a distance (wrapped round a closed path, clamped on an open one), the
 * interval of the path's table that holds it, and that interval's three cubics in its
 * local coordinate u: x, y and the direction of travel in degrees.
 *
 * The lookup is per lane (a bucket of the table, a binary search to the row):
 * each lane reads other rows, so the loop finds each lane's row in scalar code and
 * copies its coefficients into lane-ordered columns, and the arithmetic (resolution,
 * u, the cubics by Horner's rule without fused operations, the angle's wrap) runs a
 * vector at a time. Every backend gives the same bits.
 *
 * Accuracy: the table's own (the Swift side fits each row to the Double reference to
 * 1e-7 of the path's length and 1e-4 degrees where it checks, at a sixth, a half and
 * five sixths of the row) plus float32 rounding of the distance, of u and of Horner's
 * rule: a few ulps of the path's coordinates.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* The row of `path` holding distance d: the last row that starts at or before d (at a
 * boundary, the row that starts there). Bucket b's row and the next bucket's bound it
 * (rows bunch where a segment is split finely), a binary search between them finds it,
 * and two walks correct whatever buckets that do not hold rows in order would leave:
 * forward while the next row starts at or before d, back while its own starts after d
 * (a bucket computed in double may name a row whose float start lies just past d).
 * Every read stays inside the table whatever the buckets hold. */
static uint32_t CI_FN(path_row)(const ci_path *path, float d) {
    const float *rows = path->intervals;
    const uint32_t n = path->interval_count, buckets = path->bucket_count;
    /* scaled may be +inf (d * bucket_scale overflowing): the first branch takes it. b <
     * bucket_count: a float below (float)count is an ulp or more below it, and
     * (float)count is within half an ulp of count, so that float is below count. */
    float scaled = d * path->bucket_scale;
    uint32_t b = scaled >= (float)buckets ? buckets - 1 : scaled > 0 ? (uint32_t)scaled : 0;
    uint32_t low = path->buckets[b], high = b + 1 < buckets ? path->buckets[b + 1] : n - 1;
    if (low >= n) low = n - 1;
    if (high >= n || high < low) high = n - 1;
    while (low < high) {
        uint32_t middle = low + (high - low + 1) / 2;
        if (rows[(size_t)middle * CI_PATH_ROW] <= d) {
            low = middle;
        } else {
            high = middle - 1;
        }
    }
    uint32_t k = low;
    while (k + 1 < n && rows[(size_t)(k + 1) * CI_PATH_ROW] <= d) k++;
    while (k > 0 && rows[(size_t)k * CI_PATH_ROW] > d) k--;
    return k;
}

/* Horner's rule for c[0] + u (c[1] + u (c[2] + u c[3])), the columns lane-ordered. */
CI_INLINE VF CI_FN(path_cubic)(const float *columns, VF u) {
    VF v = vf_loadu(columns + 3 * W);
    v = vf_add(vf_loadu(columns + 2 * W), vf_mul(u, v));
    v = vf_add(vf_loadu(columns + W), vf_mul(u, v));
    return vf_add(vf_loadu(columns), vf_mul(u, v));
}

static int CI_FN(path_loop)(const ci_path *path, const float *progress, float *x, float *y,
                            float *angle, size_t n) {
    const VF zero = vf_set1(0.0f), one = vf_set1(1.0f);
    const VF nan = vf_set1(__builtin_nanf(""));
    VM all_finite = vm_eq(zero, zero);
    /* Per lane: distance; then the row's columns: start, inverse length, and the
     * twelve coefficients, each a run of W lanes. */
    float distance[W];
    float columns[CI_PATH_ROW * W];
    for (size_t i = 0; i < n; i += W) {
        size_t m = n - i < W ? n - i : W;
        VF p = CI_FN(load)(progress + i, m);
        VM finite = vm_eq(vf_sub(p, p), zero);
        all_finite = vm_and(all_finite, finite);
        p = vf_select(finite, p, zero);
        VF f;
        if (path->closed) {
            /* p - floor(p). From p - 2 round(p / 2), in [-1, 1] and exact: the rounding
             * trick holds for |p / 2| < 2^22, so for |p| < 2^23 (from 2^22 a float's
             * fraction is 0 or 1/2); from 2^23 on p is whole. A fraction that rounds up
             * to 1 (just below a whole number) is the start again, as in the reference. */
            VI ignored;
            VF half =
                vf_mul(vf_min(vf_max(p, vf_set1(-8388608.0f)), vf_set1(8388608.0f)), vf_set1(0.5f));
            VF r = CI_FN(round)(half, &ignored);
            (void)ignored;
            f = vf_sub(p, vf_add(r, r));
            f = vf_select(vm_lt(f, zero), vf_add(f, one), f);
            f = vf_select(vm_lt(f, one), f, vf_sub(f, one));
            VM huge = vm_lt(vf_set1(8388607.0f), vf_max(p, vf_sub(zero, p)));
            f = vf_select(huge, zero, f);
            f = vf_select(vm_lt(f, one), f, zero);
        } else {
            f = CI_FN(clamp01)(p);
        }
        VF d = vf_mul(f, vf_set1(path->length));
        vf_storeu(distance, d);
        for (size_t lane = 0; lane < W; lane++) {
            const float *row =
                path->intervals +
                (size_t)CI_FN(path_row)(path, lane < m ? distance[lane] : 0.0f) * CI_PATH_ROW;
            for (int c = 0; c < CI_PATH_ROW; c++) columns[c * W + lane] = row[c];
        }
        VF u = vf_mul(vf_sub(d, vf_loadu(columns)), vf_loadu(columns + W));
        u = CI_FN(clamp01)(u);
        VF px = CI_FN(path_cubic)(columns + 2 * W, u);
        VF py = CI_FN(path_cubic)(columns + 6 * W, u);
        VF a = CI_FN(path_cubic)(columns + 10 * W, u);
        /* Into (-180, 180]: a - 360 round(a / 360), then -180 as 180 and -0 as 0. */
        VI ignored;
        VF turns = CI_FN(round)(vf_mul(a, vf_set1(1.0f / 360.0f)), &ignored);
        (void)ignored;
        a = vf_sub(a, vf_mul(turns, vf_set1(360.0f)));
        a = vf_select(vm_lt(vf_set1(-180.0f), a), a, vf_set1(180.0f));
        a = vf_select(vm_eq(a, zero), zero, a);
        CI_FN(store)(x + i, vf_select(finite, px, nan), m);
        CI_FN(store)(y + i, vf_select(finite, py, nan), m);
        CI_FN(store)(angle + i, vf_select(finite, a, nan), m);
    }
    return !vm_all(all_finite);
}

/* vec_neon.h: the kernel's vector vocabulary on 4 NEON lanes, in NEON's own names (see
 * kernel_template.h). On AArch64 they are the compiler's <arm_neon.h>, FMA included.
 * Elsewhere backend_neon.c maps the same names onto SIMDe's emulation (its native
 * aliases), so this path runs in every test run; there CI_HAS_FMA is 0 because the
 * emulated vfmaq may round twice, and division and square root, which SIMDe 0.7.4
 * lacks, are done per lane. */
#define W 4
#if defined(CI_NEON_IS_NATIVE)
#define CI_HAS_FMA 1
#else
#define CI_HAS_FMA 0
#endif
typedef float32x4_t VF;
typedef int32x4_t VI;
typedef uint32x4_t VM;

#define vf_set1(x) vdupq_n_f32(x)
#define vf_loadu(p) vld1q_f32(p)
#define vf_storeu(p, v) vst1q_f32(p, v)
#define vf_add(a, b) vaddq_f32(a, b)
#define vf_sub(a, b) vsubq_f32(a, b)
#define vf_mul(a, b) vmulq_f32(a, b)
#define vf_min(a, b) vminq_f32(a, b)
#define vf_max(a, b) vmaxq_f32(a, b)
#if defined(CI_NEON_IS_NATIVE)
#define vf_div(a, b) vdivq_f32(a, b)
#define vf_sqrt(a) vsqrtq_f32(a)
#define vf_fma(a, b, c) vfmaq_f32(c, a, b)
/* a*b - c, fused: vfmsq_f32 computes c - a*b. */
#define vf_fms(a, b, c) vnegq_f32(vfmsq_f32(c, a, b))
#else
/* Per lane IEEE division and square root give the results the native instructions
 * give. */
static inline VF ci_neon_div(VF a, VF b) {
    float x[4], y[4];
    vst1q_f32(x, a);
    vst1q_f32(y, b);
    for (int j = 0; j < 4; j++) x[j] = x[j] / y[j];
    return vld1q_f32(x);
}
static inline VF ci_neon_sqrt(VF a) {
    float x[4];
    vst1q_f32(x, a);
    for (int j = 0; j < 4; j++) x[j] = __builtin_elementwise_sqrt(x[j]); /* no errno, no libm */
    return vld1q_f32(x);
}
#define vf_div(a, b) ci_neon_div(a, b)
#define vf_sqrt(a) ci_neon_sqrt(a)
#define vf_fma(a, b, c) vaddq_f32(vmulq_f32(a, b), c)
#endif

#define vi_set1(x) vdupq_n_s32(x)
#define vi_add(a, b) vaddq_s32(a, b)
#define vi_sub(a, b) vsubq_s32(a, b)
#define vi_and(a, b) vandq_s32(a, b)
#define vi_or(a, b) vorrq_s32(a, b)
#define vi_xor(a, b) veorq_s32(a, b)
#define vi_andnot(a, b) vbicq_s32(b, a)
#define vi_shl(v, imm) vshlq_n_s32(v, imm)
#define vf_as_vi(v) vreinterpretq_s32_f32(v)
#define vi_as_vf(v) vreinterpretq_f32_s32(v)

#define vm_lt(a, b) vcltq_f32(a, b)
#define vm_eq(a, b) vceqq_f32(a, b)
#define vm_and(a, b) vandq_u32(a, b)
#define vm_or(a, b) vorrq_u32(a, b)
#define vf_select(m, t, f) vbslq_f32(m, t, f)
/* Across-lane minimum and maximum of the mask (AArch64's uminv / umaxv). */
#define vm_all(m) (vminvq_u32(m) != 0)
#define vm_none(m) (vmaxvq_u32(m) == 0)
/* Doubles (the settling bounds), 2 lanes (AArch64's float64x2_t). Division emulated
 * lane by lane, as float's, for the IEEE quotient. */
#define WD 2
typedef float64x2_t VD;
typedef uint64x2_t VDI;
typedef uint64x2_t VDM;
#define vd_set1(x) vdupq_n_f64(x)
#define vd_loadu(p) vld1q_f64(p)
#define vd_storeu(p, v) vst1q_f64(p, v)
#define vd_add(a, b) vaddq_f64(a, b)
#define vd_sub(a, b) vsubq_f64(a, b)
#define vd_mul(a, b) vmulq_f64(a, b)
#if defined(CI_NEON_IS_NATIVE)
#define vd_div(a, b) vdivq_f64(a, b)
#else
static inline VD ci_neon_div_double(VD a, VD b) {
    double x[2], y[2];
    vst1q_f64(x, a);
    vst1q_f64(y, b);
    for (int j = 0; j < 2; j++) x[j] = x[j] / y[j];
    return vld1q_f64(x);
}
#define vd_div(a, b) ci_neon_div_double(a, b)
#endif
#define vdi_set1(x) vdupq_n_u64(x)
#define vdi_add(a, b) vaddq_u64(a, b)
#define vdi_sub(a, b) vsubq_u64(a, b)
#define vdi_and(a, b) vandq_u64(a, b)
#define vdi_or(a, b) vorrq_u64(a, b)
#define vdi_xor(a, b) veorq_u64(a, b)
#define vdi_shr(v, imm) vshrq_n_u64(v, imm)
#define vdi_shl(v, imm) vshlq_n_u64(v, imm)
#define vd_as_vdi(v) vreinterpretq_u64_f64(v)
#define vdi_as_vd(v) vreinterpretq_f64_u64(v)
#define vdm_lt(a, b) vcltq_f64(a, b)
#define vdm_le(a, b) vcleq_f64(a, b)
#define vdm_eq(a, b) vceqq_f64(a, b)
#define vdm_and(a, b) vandq_u64(a, b)
#define vdm_or(a, b) vorrq_u64(a, b)
#define vdm_andnot(a, b) vbicq_u64(b, a)
#define vd_select(m, t, f) vbslq_f64(m, t, f)
#define vdm_any(m) (vmaxvq_u32(vreinterpretq_u32_u64(m)) != 0)
#if defined(CI_NEON_IS_NATIVE)
/* table[index] for 16 floats, the low three bits of index plus 8 where `lower` is
 * clear: each lane's four byte offsets (4 entry + 0..3) looked up in the table's 64
 * bytes, one table instruction. */
static inline VF ci_neon_lookup16(const float *table, VI index, VM lower) {
    uint8x16x4_t all = vld1q_u8_x4((const uint8_t *)table);
    uint32x4_t entry = vorrq_u32(vandq_u32(vreinterpretq_u32_s32(index), vdupq_n_u32(7)),
                                 vbicq_u32(vdupq_n_u32(8), lower));
    uint8x16_t bytes =
        vreinterpretq_u8_u32(vmlaq_n_u32(vdupq_n_u32(0x03020100u), entry, 0x04040404u));
    return vreinterpretq_f32_u8(vqtbl4q_u8(all, bytes));
}
#else
/* Emulated: lane by lane (SIMDe's table instructions are loops the compiler reports
 * it cannot vectorize); the same table and the same results. */
static inline VF ci_neon_lookup16(const float *table, VI index, VM lower) {
    int32_t entries[4];
    uint32_t low[4];
    float lanes[4];
    vst1q_s32(entries, index);
    vst1q_u32(low, lower);
    for (int j = 0; j < 4; j++) lanes[j] = table[(entries[j] & 7) + (low[j] ? 0 : 8)];
    return vld1q_f32(lanes);
}
#endif
#define vf_lookup16(table, index, lower) ci_neon_lookup16(table, index, lower)

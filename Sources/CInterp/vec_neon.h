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
#if defined(CI_NEON_IS_NATIVE)
/* table[index] for 32 floats: each lane's four byte offsets (4 index + 0..3) looked up
 * in the table's first 64 bytes (tbl: 0 beyond them), then its last 64 (tbx: lanes
 * whose offsets minus 64 wrap past them keep the first result). Two table instructions
 * where AVX2 needs a permute per quarter. */
static inline VF ci_neon_lookup32(const float *table, VI index) {
    uint8x16x4_t first = vld1q_u8_x4((const uint8_t *)table);
    uint8x16x4_t second = vld1q_u8_x4((const uint8_t *)(table + 16));
    uint8x16_t bytes = vreinterpretq_u8_u32(
        vmlaq_n_u32(vdupq_n_u32(0x03020100u), vreinterpretq_u32_s32(index), 0x04040404u));
    uint8x16_t lanes = vqtbl4q_u8(first, bytes);
    lanes = vqtbx4q_u8(lanes, second, vsubq_u8(bytes, vdupq_n_u8(64)));
    return vreinterpretq_f32_u8(lanes);
}
#else
/* Emulated: lane by lane (SIMDe's table instructions are loops the compiler reports
 * it cannot vectorize); the same table and the same results. */
static inline VF ci_neon_lookup32(const float *table, VI index) {
    int32_t entries[4];
    float lanes[4];
    vst1q_s32(entries, index);
    for (int j = 0; j < 4; j++) lanes[j] = table[entries[j] & 31];
    return vld1q_f32(lanes);
}
#endif
#define vf_lookup32(table, index) ci_neon_lookup32(table, index)

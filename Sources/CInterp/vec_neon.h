/* vec_neon.h: the kernel's vector vocabulary on 4 NEON lanes through SIMDe's NEON API
 * (see kernel_template.h). On AArch64 every operation is native, FMA included. On
 * other machines SIMDe emulates NEON, so the same source path runs in every test run;
 * there CI_HAS_FMA is 0 because the emulated vfmaq may round twice. */
#define W 4
#if defined(SIMDE_ARM_NEON_A64V8_NATIVE)
#define CI_HAS_FMA 1
#else
#define CI_HAS_FMA 0
#endif
typedef simde_float32x4_t VF;
typedef simde_int32x4_t VI;
typedef simde_uint32x4_t VM;

#define vf_set1(x) simde_vdupq_n_f32(x)
#define vf_loadu(p) simde_vld1q_f32(p)
#define vf_storeu(p, v) simde_vst1q_f32(p, v)
#define vf_add(a, b) simde_vaddq_f32(a, b)
#define vf_sub(a, b) simde_vsubq_f32(a, b)
#define vf_mul(a, b) simde_vmulq_f32(a, b)
#define vf_min(a, b) simde_vminq_f32(a, b)
#define vf_max(a, b) simde_vmaxq_f32(a, b)
#if defined(SIMDE_ARM_NEON_A64V8_NATIVE)
#define vf_div(a, b) vdivq_f32(a, b)
#define vf_sqrt(a) vsqrtq_f32(a)
#define vf_fma(a, b, c) simde_vfmaq_f32(c, a, b)
/* SIMDe 0.7.4 has no vfmsq_f32: the native intrinsic (c - a*b, fused), negated. */
#define vf_fms(a, b, c) vnegq_f32(vfmsq_f32(c, a, b))
#else
/* SIMDe 0.7.4 has no vdivq_f32 / vsqrtq_f32; per lane IEEE division and square root
 * give the results the native instructions give. */
static inline VF ci_neon_div(VF a, VF b) {
    float x[4], y[4];
    simde_vst1q_f32(x, a);
    simde_vst1q_f32(y, b);
    for (int j = 0; j < 4; j++) x[j] = x[j] / y[j];
    return simde_vld1q_f32(x);
}
static inline VF ci_neon_sqrt(VF a) {
    float x[4];
    simde_vst1q_f32(x, a);
    for (int j = 0; j < 4; j++) x[j] = __builtin_elementwise_sqrt(x[j]); /* no errno, no libm */
    return simde_vld1q_f32(x);
}
#define vf_div(a, b) ci_neon_div(a, b)
#define vf_sqrt(a) ci_neon_sqrt(a)
#define vf_fma(a, b, c) simde_vaddq_f32(simde_vmulq_f32(a, b), c)
#endif

#define vi_set1(x) simde_vdupq_n_s32(x)
#define vi_add(a, b) simde_vaddq_s32(a, b)
#define vi_sub(a, b) simde_vsubq_s32(a, b)
#define vi_and(a, b) simde_vandq_s32(a, b)
#define vi_or(a, b) simde_vorrq_s32(a, b)
#define vi_xor(a, b) simde_veorq_s32(a, b)
#define vi_andnot(a, b) simde_vbicq_s32(b, a)
#define vi_shl(v, imm) simde_vshlq_n_s32(v, imm)
#define vf_as_vi(v) simde_vreinterpretq_s32_f32(v)
#define vi_as_vf(v) simde_vreinterpretq_f32_s32(v)

#define vm_lt(a, b) simde_vcltq_f32(a, b)
#define vm_eq(a, b) simde_vceqq_f32(a, b)
#define vm_and(a, b) simde_vandq_u32(a, b)
#define vm_or(a, b) simde_vorrq_u32(a, b)
#define vf_select(m, t, f) simde_vbslq_f32(m, t, f)
/* Across-lane minimum and maximum of the mask (AArch64's uminv / umaxv). */
#define vm_all(m) (simde_vminvq_u32(m) != 0)
#define vm_none(m) (simde_vmaxvq_u32(m) == 0)

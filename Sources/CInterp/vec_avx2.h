/* vec_avx2.h: the kernel's vector vocabulary on 8 lanes of the AVX/AVX2 intrinsics, in
 * Intel's names (see kernel_template.h). The AVX2 backend compiles it to native AVX2 +
 * FMA from <immintrin.h>; the portable backend compiles the same text onto SIMDe's
 * portable emulation (SIMDE_NO_NATIVE, native aliases) with CI_HAS_FMA 0. */
#define W 8
#ifndef CI_HAS_FMA
#error "define CI_HAS_FMA before including vec_avx2.h"
#endif
typedef __m256 VF;
typedef __m256i VI;
typedef __m256 VM;

#define vf_set1(x) _mm256_set1_ps(x)
#define vf_loadu(p) _mm256_loadu_ps(p)
#define vf_storeu(p, v) _mm256_storeu_ps(p, v)
#define vf_add(a, b) _mm256_add_ps(a, b)
#define vf_sub(a, b) _mm256_sub_ps(a, b)
#define vf_mul(a, b) _mm256_mul_ps(a, b)
#define vf_div(a, b) _mm256_div_ps(a, b)
#define vf_min(a, b) _mm256_min_ps(a, b)
#define vf_max(a, b) _mm256_max_ps(a, b)
#if defined(SIMDE_NO_NATIVE)
/* SIMDe's portable sqrt calls libm's sqrtf per lane; the elementwise builtin on the
 * vector type needs no library. */
static inline VF ci_portable_sqrt(VF a) {
    simde__m256_private lanes = simde__m256_to_private(a);
    for (int j = 0; j < 8; j++) lanes.f32[j] = __builtin_elementwise_sqrt(lanes.f32[j]);
    return simde__m256_from_private(lanes);
}
#define vf_sqrt(a) ci_portable_sqrt(a)
#else
#define vf_sqrt(a) _mm256_sqrt_ps(a)
#endif
#if CI_HAS_FMA
#define vf_fma(a, b, c) _mm256_fmadd_ps(a, b, c)
#define vf_fms(a, b, c) _mm256_fmsub_ps(a, b, c)
#else
#define vf_fma(a, b, c) _mm256_add_ps(_mm256_mul_ps(a, b), c)
#endif

#define vi_set1(x) _mm256_set1_epi32(x)
#define vi_add(a, b) _mm256_add_epi32(a, b)
#define vi_sub(a, b) _mm256_sub_epi32(a, b)
#define vi_and(a, b) _mm256_and_si256(a, b)
#define vi_or(a, b) _mm256_or_si256(a, b)
#define vi_xor(a, b) _mm256_xor_si256(a, b)
#define vi_andnot(a, b) _mm256_andnot_si256(a, b)
#define vi_shl(v, imm) _mm256_slli_epi32(v, imm)
#define vf_as_vi(v) _mm256_castps_si256(v)
#define vi_as_vf(v) _mm256_castsi256_ps(v)

#define vm_lt(a, b) _mm256_cmp_ps(a, b, _CMP_LT_OQ)
#define vm_eq(a, b) _mm256_cmp_ps(a, b, _CMP_EQ_OQ)
#define vm_and(a, b) _mm256_and_ps(a, b)
#define vm_or(a, b) _mm256_or_ps(a, b)
#define vf_select(m, t, f) _mm256_blendv_ps(f, t, m)
#define vm_all(m) (_mm256_movemask_ps(m) == 0xFF)
#define vm_none(m) (_mm256_movemask_ps(m) == 0)
/* Doubles (the settling bounds), 4 lanes. */
#define WD 4
typedef __m256d VD;
typedef __m256i VDI;
typedef __m256d VDM;
#define vd_set1(x) _mm256_set1_pd(x)
#define vd_loadu(p) _mm256_loadu_pd(p)
#define vd_storeu(p, v) _mm256_storeu_pd(p, v)
#define vd_add(a, b) _mm256_add_pd(a, b)
#define vd_sub(a, b) _mm256_sub_pd(a, b)
#define vd_mul(a, b) _mm256_mul_pd(a, b)
#define vd_div(a, b) _mm256_div_pd(a, b)
#define vdi_set1(x) _mm256_set1_epi64x((long long)(x))
#define vdi_add(a, b) _mm256_add_epi64(a, b)
#define vdi_sub(a, b) _mm256_sub_epi64(a, b)
#define vdi_and(a, b) _mm256_and_si256(a, b)
#define vdi_or(a, b) _mm256_or_si256(a, b)
#define vdi_xor(a, b) _mm256_xor_si256(a, b)
#define vdi_shr(v, imm) _mm256_srli_epi64(v, imm)
#define vdi_shl(v, imm) _mm256_slli_epi64(v, imm)
#define vd_as_vdi(v) _mm256_castpd_si256(v)
#define vdi_as_vd(v) _mm256_castsi256_pd(v)
#define vdm_lt(a, b) _mm256_cmp_pd(a, b, _CMP_LT_OQ)
#define vdm_le(a, b) _mm256_cmp_pd(a, b, _CMP_LE_OQ)
#define vdm_eq(a, b) _mm256_cmp_pd(a, b, _CMP_EQ_OQ)
#define vdm_and(a, b) _mm256_and_pd(a, b)
#define vdm_or(a, b) _mm256_or_pd(a, b)
#define vdm_andnot(a, b) _mm256_andnot_pd(a, b)
#define vd_select(m, t, f) _mm256_blendv_pd(f, t, m)
#define vdm_any(m) (_mm256_movemask_pd(m) != 0)
/* table[index] for 16 floats, the low three bits of index (all vpermps reads) plus 8
 * where `lower` is clear: a permute of each half, and for the upper half's lanes the
 * second permute's bits xored in (CI_LOOKUP16_XOR: bezier_prepare stores entries 8-15
 * as their bits xor those of entries 0-7). Two logical operations, which any of Zen
 * 3's four FP pipes runs, instead of a blend, which only pipes 0 and 1 do (as the
 * permutes and the FMAs): 6 % fewer cycles in llvm-mca. */
#if !defined(SIMDE_NO_NATIVE)
#define CI_LOOKUP16_XOR 1
static inline VF ci_lookup16(const float *table, VI index, VM lower) {
    VF low = _mm256_loadu_ps(table), high = _mm256_loadu_ps(table + 8);
    /* Loaded apart: a permute that loads its table takes FP pipe 1 twice as long on
     * Zen 3 (llvm-mca's znver3 model: 2 cycles against 1), and the loads have ports
     * of their own (volatile: kept in the loop, where it was hoisted and spilled). */
    __asm__ volatile("" : "+x"(low), "+x"(high));
    low = _mm256_permutevar8x32_ps(low, index);
    high = _mm256_permutevar8x32_ps(high, index);
    return _mm256_xor_ps(low, _mm256_andnot_ps(lower, high));
}
#define vf_lookup16(table, index, lower) ci_lookup16(table, index, lower)
#endif

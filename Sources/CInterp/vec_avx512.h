/* vec_avx512.h: the kernel's vector vocabulary on 16 AVX-512F lanes, from <immintrin.h>
 * (see kernel_template.h). Only AVX-512F instructions: masks are __mmask16 bit sets. */
#define W 16
#define CI_HAS_FMA 1
/* Rounding to an integer and scaling by a power of two, one instruction each
 * (vrndscaleps, vscalefps): exp2 takes them instead of the magic-number rounding and
 * the exponent built in integer lanes (kernel_math.h). */
#define CI_HAS_SCALEF 1
typedef __m512 VF;
typedef __m512i VI;
typedef __mmask16 VM;

#define vf_set1(x) _mm512_set1_ps(x)
#define vf_loadu(p) _mm512_loadu_ps(p)
#define vf_storeu(p, v) _mm512_storeu_ps(p, v)
#define vf_add(a, b) _mm512_add_ps(a, b)
#define vf_sub(a, b) _mm512_sub_ps(a, b)
#define vf_mul(a, b) _mm512_mul_ps(a, b)
#define vf_div(a, b) _mm512_div_ps(a, b)
#define vf_min(a, b) _mm512_min_ps(a, b)
#define vf_max(a, b) _mm512_max_ps(a, b)
#define vf_sqrt(a) _mm512_sqrt_ps(a)
#define vf_fma(a, b, c) _mm512_fmadd_ps(a, b, c)
#define vf_fms(a, b, c) _mm512_fmsub_ps(a, b, c)
/* To the nearest integer, ties to even (as CI_FN(round)); p * 2^floor(r). */
#define vf_round_even(x) _mm512_roundscale_ps(x, _MM_FROUND_TO_NEAREST_INT)
#define vf_scalef(p, r) _mm512_scalef_ps(p, r)

#define vi_set1(x) _mm512_set1_epi32(x)
#define vi_add(a, b) _mm512_add_epi32(a, b)
#define vi_sub(a, b) _mm512_sub_epi32(a, b)
#define vi_and(a, b) _mm512_and_si512(a, b)
#define vi_or(a, b) _mm512_or_si512(a, b)
#define vi_xor(a, b) _mm512_xor_si512(a, b)
#define vi_andnot(a, b) _mm512_andnot_si512(a, b)
#define vi_shl(v, imm) _mm512_slli_epi32(v, imm)
#define vf_as_vi(v) _mm512_castps_si512(v)
#define vi_as_vf(v) _mm512_castsi512_ps(v)

#define vm_lt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)
#define vm_eq(a, b) _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ)
#define vm_and(a, b) ((VM)((a) & (b)))
#define vm_or(a, b) ((VM)((a) | (b)))
#define vf_select(m, t, f) _mm512_mask_blend_ps(m, f, t)
#define vm_all(m) ((m) == (VM)0xFFFF)
#define vm_none(m) ((m) == (VM)0)
/* Doubles (the settling bounds), 8 lanes. */
#define WD 8
typedef __m512d VD;
typedef __m512i VDI;
typedef __mmask8 VDM;
#define vd_set1(x) _mm512_set1_pd(x)
#define vd_loadu(p) _mm512_loadu_pd(p)
#define vd_storeu(p, v) _mm512_storeu_pd(p, v)
#define vd_add(a, b) _mm512_add_pd(a, b)
#define vd_sub(a, b) _mm512_sub_pd(a, b)
#define vd_mul(a, b) _mm512_mul_pd(a, b)
#define vd_div(a, b) _mm512_div_pd(a, b)
#define vdi_set1(x) _mm512_set1_epi64((long long)(x))
#define vdi_add(a, b) _mm512_add_epi64(a, b)
#define vdi_sub(a, b) _mm512_sub_epi64(a, b)
#define vdi_and(a, b) _mm512_and_si512(a, b)
#define vdi_or(a, b) _mm512_or_si512(a, b)
#define vdi_xor(a, b) _mm512_xor_si512(a, b)
#define vdi_shr(v, imm) _mm512_srli_epi64(v, imm)
#define vdi_shl(v, imm) _mm512_slli_epi64(v, imm)
#define vd_as_vdi(v) _mm512_castpd_si512(v)
#define vdi_as_vd(v) _mm512_castsi512_pd(v)
#define vdm_lt(a, b) _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ)
#define vdm_le(a, b) _mm512_cmp_pd_mask(a, b, _CMP_LE_OQ)
#define vdm_eq(a, b) _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ)
#define vdm_and(a, b) ((VDM)((a) & (b)))
#define vdm_or(a, b) ((VDM)((a) | (b)))
#define vdm_andnot(a, b) ((VDM)(~(a) & (b)))
#define vd_select(m, t, f) _mm512_mask_blend_pd(m, f, t)
#define vdm_any(m) ((m) != 0)

/* table[index] for 16 floats, the low three bits of index plus 8 where `lower` is
 * clear: one permute (it reads the low four bits). */
#define vf_lookup16(table, index, lower)                                                  \
    _mm512_permutexvar_ps(_mm512_mask_or_epi32(index, (__mmask16)~(lower), index,       \
                                               _mm512_set1_epi32(8)),                   \
                          _mm512_loadu_ps(table))

/* vec_sse2.h: the kernel's vector vocabulary on 4 SSE2 lanes, from <emmintrin.h> (see
 * kernel_template.h).
 * SSE2 has no blend and no FMA: selects are and/andnot/or, products are rounded. */
#define W 4
#define CI_HAS_FMA 0
typedef __m128 VF;
typedef __m128i VI;
typedef __m128 VM;

#define vf_set1(x) _mm_set1_ps(x)
#define vf_loadu(p) _mm_loadu_ps(p)
#define vf_storeu(p, v) _mm_storeu_ps(p, v)
#define vf_add(a, b) _mm_add_ps(a, b)
#define vf_sub(a, b) _mm_sub_ps(a, b)
#define vf_mul(a, b) _mm_mul_ps(a, b)
#define vf_div(a, b) _mm_div_ps(a, b)
#define vf_min(a, b) _mm_min_ps(a, b)
#define vf_max(a, b) _mm_max_ps(a, b)
#define vf_sqrt(a) _mm_sqrt_ps(a)
#define vf_fma(a, b, c) _mm_add_ps(_mm_mul_ps(a, b), c)

#define vi_set1(x) _mm_set1_epi32(x)
#define vi_add(a, b) _mm_add_epi32(a, b)
#define vi_sub(a, b) _mm_sub_epi32(a, b)
#define vi_and(a, b) _mm_and_si128(a, b)
#define vi_or(a, b) _mm_or_si128(a, b)
#define vi_xor(a, b) _mm_xor_si128(a, b)
#define vi_andnot(a, b) _mm_andnot_si128(a, b)
#define vi_shl(v, imm) _mm_slli_epi32(v, imm)
#define vf_as_vi(v) _mm_castps_si128(v)
#define vi_as_vf(v) _mm_castsi128_ps(v)

#define vm_lt(a, b) _mm_cmplt_ps(a, b)
#define vm_eq(a, b) _mm_cmpeq_ps(a, b)
#define vm_and(a, b) _mm_and_ps(a, b)
#define vm_or(a, b) _mm_or_ps(a, b)
#define vf_select(m, t, f) _mm_or_ps(_mm_and_ps(m, t), _mm_andnot_ps(m, f))
#define vm_all(m) (_mm_movemask_ps(m) == 0xF)
#define vm_none(m) (_mm_movemask_ps(m) == 0)

/* Doubles (the settling bounds), 2 lanes. */
#define WD 2
typedef __m128d VD;
typedef __m128i VDI;
typedef __m128d VDM;
#define vd_set1(x) _mm_set1_pd(x)
#define vd_loadu(p) _mm_loadu_pd(p)
#define vd_storeu(p, v) _mm_storeu_pd(p, v)
#define vd_add(a, b) _mm_add_pd(a, b)
#define vd_sub(a, b) _mm_sub_pd(a, b)
#define vd_mul(a, b) _mm_mul_pd(a, b)
#define vd_div(a, b) _mm_div_pd(a, b)
#define vdi_set1(x) _mm_set1_epi64x((long long)(x))
#define vdi_add(a, b) _mm_add_epi64(a, b)
#define vdi_sub(a, b) _mm_sub_epi64(a, b)
#define vdi_and(a, b) _mm_and_si128(a, b)
#define vdi_or(a, b) _mm_or_si128(a, b)
#define vdi_xor(a, b) _mm_xor_si128(a, b)
#define vdi_shr(v, imm) _mm_srli_epi64(v, imm)
#define vdi_shl(v, imm) _mm_slli_epi64(v, imm)
#define vd_as_vdi(v) _mm_castpd_si128(v)
#define vdi_as_vd(v) _mm_castsi128_pd(v)
#define vdm_lt(a, b) _mm_cmplt_pd(a, b)
#define vdm_le(a, b) _mm_cmple_pd(a, b)
#define vdm_eq(a, b) _mm_cmpeq_pd(a, b)
#define vdm_and(a, b) _mm_and_pd(a, b)
#define vdm_or(a, b) _mm_or_pd(a, b)
#define vdm_andnot(a, b) _mm_andnot_pd(a, b)
#define vd_select(m, t, f) _mm_or_pd(_mm_and_pd(m, t), _mm_andnot_pd(m, f))
#define vdm_any(m) (_mm_movemask_pd(m) != 0)

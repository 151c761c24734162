/* vec_scalar.h: the kernel's vector vocabulary on one lane of plain C (see
 * kernel_template.h): the same algorithms as every SIMD backend, with no intrinsics. */
#include <string.h>
#define W 1
#define CI_HAS_FMA 0
typedef float VF;
typedef int32_t VI;
typedef int VM;

static inline VI ci_scalar_as_int(float f) {
    VI i;
    memcpy(&i, &f, sizeof i);
    return i;
}
static inline float ci_scalar_as_float(VI i) {
    float f;
    memcpy(&f, &i, sizeof f);
    return f;
}
/* x86 minps/maxps semantics (second operand when unordered), as the SIMD paths. */
static inline float ci_scalar_min(float a, float b) { return a < b ? a : b; }
static inline float ci_scalar_max(float a, float b) { return a > b ? a : b; }

#define vf_set1(x) ((float)(x))
#define vf_loadu(p) (*(p))
#define vf_storeu(p, v) (*(p) = (v))
#define vf_add(a, b) ((a) + (b))
#define vf_sub(a, b) ((a) - (b))
#define vf_mul(a, b) ((a) * (b))
#define vf_div(a, b) ((a) / (b))
#define vf_min(a, b) ci_scalar_min(a, b)
#define vf_max(a, b) ci_scalar_max(a, b)
/* The elementwise builtin has no errno path, so no call to libm's sqrtf. */
#define vf_sqrt(a) __builtin_elementwise_sqrt(a)
#define vf_fma(a, b, c) ((a) * (b) + (c))

#define vi_set1(x) ((VI)(x))
#define vi_add(a, b) ((VI)((uint32_t)(a) + (uint32_t)(b)))
#define vi_sub(a, b) ((VI)((uint32_t)(a) - (uint32_t)(b)))
#define vi_and(a, b) ((a) & (b))
#define vi_or(a, b) ((a) | (b))
#define vi_xor(a, b) ((a) ^ (b))
#define vi_andnot(a, b) (~(a) & (b))
#define vi_shl(v, imm) ((VI)((uint32_t)(v) << (imm)))
#define vf_as_vi(v) ci_scalar_as_int(v)
#define vi_as_vf(v) ci_scalar_as_float(v)

#define vm_lt(a, b) ((a) < (b))
#define vm_eq(a, b) ((a) == (b))
#define vm_and(a, b) ((a) & (b))
#define vm_or(a, b) ((a) | (b))
#define vf_select(m, t, f) ((m) ? (t) : (f))
#define vm_all(m) (m)
#define vm_none(m) (!(m))

/* Doubles (the settling bounds), 1 lane. */
#define WD 1
typedef double VD;
typedef uint64_t VDI;
typedef int VDM;
static inline VDI ci_scalar_double_bits(double d) {
    VDI i;
    memcpy(&i, &d, sizeof i);
    return i;
}
static inline double ci_scalar_bits_double(VDI i) {
    double d;
    memcpy(&d, &i, sizeof d);
    return d;
}
#define vd_set1(x) ((double)(x))
#define vd_loadu(p) (*(p))
#define vd_storeu(p, v) (*(p) = (v))
#define vd_add(a, b) ((a) + (b))
#define vd_sub(a, b) ((a) - (b))
#define vd_mul(a, b) ((a) * (b))
#define vd_div(a, b) ((a) / (b))
#define vdi_set1(x) ((VDI)(x))
#define vdi_add(a, b) ((a) + (b))
#define vdi_sub(a, b) ((a) - (b))
#define vdi_and(a, b) ((a) & (b))
#define vdi_or(a, b) ((a) | (b))
#define vdi_xor(a, b) ((a) ^ (b))
#define vdi_shr(v, imm) ((v) >> (imm))
#define vdi_shl(v, imm) ((v) << (imm))
#define vd_as_vdi(v) ci_scalar_double_bits(v)
#define vdi_as_vd(v) ci_scalar_bits_double(v)
#define vdm_lt(a, b) ((a) < (b))
#define vdm_le(a, b) ((a) <= (b))
#define vdm_eq(a, b) ((a) == (b))
#define vdm_and(a, b) ((a) & (b))
#define vdm_or(a, b) ((a) | (b))
#define vdm_andnot(a, b) ((!(a)) & (b))
#define vd_select(m, t, f) ((m) ? (t) : (f))
#define vdm_any(m) (m)

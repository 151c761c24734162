/* backend_avx2.c: the kernel on AVX2 + FMA, 8 lanes. Compiled with per-function target
 * attributes (no global -m flags), run only when backends.c finds AVX2, FMA and OS
 * support for the YMM state. */
#include "kernel_internal.h"
#if defined(CI_HAVE_X86_BACKENDS)
#include <immintrin.h>
#include <math.h>
#include <string.h>

#pragma clang attribute push(__attribute__((target("avx2,fma,avx,sse4.2"))), apply_to = function)
#define CI_HAS_FMA 1
#include "vec_avx2.h"
#define CI_PREFIX ci_avx2_
#define CI_TABLE ci_table_avx2
#define CI_BEZIER_TABLE 1 /* vf_lookup16: two permutes and a blend */
#include "kernel_template.h"
#pragma clang attribute pop
#endif

/* backend_avx512.c: the kernel on AVX-512F, 16 lanes. Compiled with per-function
 * target attributes (no global -m flags), run only when backends.c finds AVX-512F and
 * OS support for the ZMM state. */
#include "kernel_internal.h"
#if defined(CI_HAVE_X86_BACKENDS)
#include <immintrin.h>
#include <math.h>
#include <string.h>

#pragma clang attribute push(__attribute__((target("avx512f,avx2,fma,avx,sse4.2"))), \
                             apply_to = function)
#include "vec_avx512.h"
#define CI_PREFIX ci_avx512_
#define CI_TABLE ci_table_avx512
#define CI_BEZIER_TABLE 1 /* vf_lookup16: one permute */
#include "kernel_template.h"
#pragma clang attribute pop
#endif

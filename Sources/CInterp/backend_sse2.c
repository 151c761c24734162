/* backend_sse2.c: the kernel on SSE2, 4 lanes: the x86-64 baseline every such CPU has. */
#include "kernel_internal.h"
#if defined(CI_HAVE_X86_BACKENDS)
#include <emmintrin.h>
#include <math.h>
#include <string.h>

#include "vec_sse2.h"
#define CI_PREFIX ci_sse2_
#define CI_TABLE ci_table_sse2
#include "kernel_template.h"
#endif

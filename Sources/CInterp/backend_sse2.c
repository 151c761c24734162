/* backend_sse2.c: the kernel on SSE2, 4 lanes: the x86-64 baseline every such CPU has. */
#include "kernel_internal.h"
#if defined(CI_HAVE_X86_BACKENDS)
#include <math.h>
#include <string.h>

#define SIMDE_X86_SSE_NATIVE
#define SIMDE_X86_SSE2_NATIVE
#include <simde/x86/sse2.h>
#include "vec_sse2.h"
#define CI_PREFIX ci_sse2_
#define CI_TABLE ci_table_sse2
#include "kernel_template.h"
#endif

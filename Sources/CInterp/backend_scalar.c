/* backend_scalar.c: the kernel in plain C, one lane: the same algorithms as the SIMD
 * backends, the baseline of every speed-up we report. */
#include "kernel_internal.h"
#include "vec_scalar.h"
#define CI_PREFIX ci_scalar_
#define CI_TABLE ci_table_scalar
#include "kernel_template.h"

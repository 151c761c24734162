/* backend_neon.c: the kernel on NEON, 4 lanes. Native on AArch64; elsewhere SIMDe
 * emulates the NEON API so this same source path is tested on every machine. */
#include "kernel_internal.h"
#include <math.h>
#include <string.h>

#include <simde/arm/neon.h>
#include "vec_neon.h"
#define CI_PREFIX ci_neon_
#define CI_TABLE ci_table_neon
#include "kernel_template.h"

/* backend_neon.c: the kernel on NEON, 4 lanes. Native on AArch64 (the compiler's
 * <arm_neon.h>); elsewhere, where SIMDe is installed, SIMDe emulates NEON under NEON's
 * own names, so this same source path is tested on every machine. */
#include "kernel_internal.h"
#if defined(CI_HAVE_NEON_BACKEND)
#include <math.h>
#include <string.h>

#if defined(CI_NEON_IS_NATIVE)
#include <arm_neon.h>
#else
#define SIMDE_ARM_NEON_A32V7_ENABLE_NATIVE_ALIASES
#define SIMDE_ARM_NEON_A32V8_ENABLE_NATIVE_ALIASES
#define SIMDE_ARM_NEON_A64V8_ENABLE_NATIVE_ALIASES
#include <simde/arm/neon.h>
#endif
#include "vec_neon.h"
#define CI_PREFIX ci_neon_
#define CI_TABLE ci_table_neon
#define CI_BEZIER_TABLE 1 /* vf_lookup16: one table instruction */
#include "kernel_template.h"
#endif

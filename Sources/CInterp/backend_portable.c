/* backend_portable.c: the kernel through SIMDe's portable implementation (no
 * intrinsics at all), 8 lanes in the AVX2 shape. It runs on any CPU and is what a new
 * architecture gets before it has a backend of its own. Built where SIMDe is
 * installed. */
#include "kernel_internal.h"
#if defined(CI_HAVE_PORTABLE_BACKEND)
#include <math.h>
#include <string.h>

#define SIMDE_NO_NATIVE
/* The vocabulary uses Intel's names; SIMDe provides them over its emulation. */
#define SIMDE_ENABLE_NATIVE_ALIASES
/* 256-bit vectors passed between static functions without AVX: internal only. */
#pragma clang diagnostic ignored "-Wpsabi"
#include <simde/x86/avx2.h>
#define CI_HAS_FMA 0
#include "vec_avx2.h"
/* Each emulated operation is already a loop over 8 floats: solving 16 vectors side by
 * side, or a loop per curve shape, adds nothing but code (the first took clang minutes
 * to compile). */
#define CI_BEZIER_LANES 1
#define CI_SPECIALIZE_SHAPES 0
#define CI_PREFIX ci_portable_
#define CI_TABLE ci_table_portable
#include "kernel_template.h"
#endif

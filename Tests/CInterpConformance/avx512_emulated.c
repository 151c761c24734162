/*
 * avx512_emulated.c: the AVX-512 backend's kernel compiled through SIMDe's emulation of
 * AVX-512F (plain C vectors), as ci_table_avx512emu. Not a backend: on a machine
 * without AVX-512, avx512_check.c runs it against the scalar backend, so that the
 * 16-lane instantiation of every algorithm is exercised on every run.
 */
#define SIMDE_ENABLE_NATIVE_ALIASES
#define SIMDE_NO_NATIVE
#include "kernel_internal.h"
#include <math.h>
#include <simde/x86/avx512.h>
#include <string.h>
#define __mmask16 simde__mmask16 /* SIMDe 0.7.4 aliases the intrinsics, not these types */
#define __mmask8 simde__mmask8
#include "vec_avx512.h"
#define CI_PREFIX ci_avx512emu_
#define CI_TABLE ci_table_avx512emu
#define CI_BEZIER_TABLE 1
#include "kernel_template.h"

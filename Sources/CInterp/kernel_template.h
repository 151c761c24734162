/*
 * kernel_template.h: the kernel, instantiated once per backend. Every algorithm is
 * written once, in the kernel_*.h file of its concern (math, Penner, cubic-bezier, steps
 * and linear(), the switch from a curve to its algorithm, springs, loops, sampling one
 * vector and over a call, layouts; then, in double, the state of lanes at a tap and
 * colours mixed in Oklab back to sRGB), included below in that order.
 *
 * A backend file includes the intrinsics of its instruction set (the scalar backend has
 * none), then one vec_*.h that maps the small vector vocabulary below onto them, defines
 * CI_PREFIX and CI_TABLE, and includes this file. The result is a ci_kernel_table named
 * CI_TABLE. The vocabulary:
 *
 *   VF float lanes, VI int32 lanes, VM comparison mask, W lane count, CI_HAS_FMA
 *   vf_set1 vf_loadu vf_storeu vf_add vf_sub vf_mul vf_div vf_min vf_max vf_sqrt
 *   vf_fma(a,b,c) = a*b+c (fused only when CI_HAS_FMA), vf_fms(a,b,c) = a*b-c (fused;
 *   only when CI_HAS_FMA), vi_set1 vi_add vi_sub vi_and vi_or vi_xor
 *   vi_andnot(a,b) = ~a & b, vi_shl(v, imm), vf_as_vi vi_as_vf (bit casts),
 *   vm_lt vm_eq vm_and vm_or, vf_select(m, if_true, if_false), vm_all(m) (every lane
 *   set), vm_none(m) (no lane set).
 * Doubles, for spring lanes at a transition (kernel_settling.h):
 *   VD double lanes, VDI 64-bit integer lanes, VDM comparison mask, WD lane count,
 *   vd_set1 vd_loadu vd_storeu vd_add vd_sub vd_mul vd_div, vdi_set1 vdi_add vdi_sub
 *   vdi_and vdi_or vdi_xor vdi_shr(v, imm) (logical) vdi_shl(v, imm), vd_as_vdi vdi_as_vd (bit casts),
 *   vdm_lt vdm_le vdm_eq vdm_and vdm_or vdm_andnot(a,b) = ~a & b,
 *   vd_select(m, if_true, if_false), vdm_any(m) (some lane set). No fused operations:
 *   every backend's doubles round the same, so its bounds are the same to the bit.
 * A backend that defines CI_BEZIER_TABLE 1 also gives vf_lookup16(table, VI index,
 * VM lower) (per lane table[(index & 7) + (lower ? 0 : 8)]; index's other bits are
 * ignored).
 *
 * Nothing here branches per lane: piecewise curves compute every piece and select, so
 * a lane's result does not depend on its neighbours or its position in the buffer.
 * Backends differ only where the ISA fuses a*b+c (within the documented bounds) and in
 * the unspecified lanes of non-finite inputs (min/max treat NaN differently per ISA).
 */

/* Contraction would make results depend on the compiler; fused operations are asked
 * for explicitly (vf_fma) where the algorithm wants them. */
#pragma STDC FP_CONTRACT OFF

/* Per-lane helpers must inline into the loops: a call would pass vectors through the
 * stack and cost more than most curves. Not when unoptimised (SwiftPM's debug builds
 * compile C at -O0): there every inlined copy keeps its own stack slots, and the
 * sampling loop's frame grew past 8 MB, more than a thread's stack. */
#if defined(__OPTIMIZE__)
#define CI_INLINE static inline __attribute__((always_inline))
#else
#define CI_INLINE static inline
#endif

#define CI_CAT2(a, b) a##b
#define CI_CAT(a, b) CI_CAT2(a, b)
#define CI_FN(name) CI_CAT(CI_PREFIX, name)

/* The algorithms, one concern per file, in dependency order. */
#include "kernel_math.h"
#include "kernel_penner.h"
#include "kernel_bezier.h"
#include "kernel_steps_linear.h"
#include "kernel_shapes.h"
#include "kernel_spring.h"
#include "kernel_loops.h"
#include "kernel_sampling.h"
#include "kernel_sampling_loops.h"
#include "kernel_layout.h"
#include "kernel_math_double.h"
#include "kernel_settling.h"
#include "kernel_spring_state.h"
#include "kernel_path.h"
#include "kernel_interruption.h"
#include "kernel_spring_list.h"
#include "kernel_spring_restart.h"
#include "kernel_color.h"

const ci_kernel_table CI_TABLE = {
    CI_FN(ease_loop),         CI_FN(spring_loop),      CI_FN(sample_loop),
    CI_FN(layout_loop),       CI_FN(wave_loop),        CI_FN(settling_loop),
    CI_FN(spring_state_loop), CI_FN(path_loop),        CI_FN(interrupt_loop),
    CI_FN(oklab_loop),        CI_FN(spring_list_loop), CI_FN(spring_restart_loop),
};

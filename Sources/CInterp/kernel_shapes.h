/*
 * kernel_shapes.h: Any easing curve by its kind and direction, and the loops'
 * specialisation by shape (CI_FOR_SHAPE): the one switch from a curve descriptor to
 * its algorithm.
 *
 * Part of kernel_template.h (included once per backend, after the backend's
 * vocabulary): no include guard, every name through CI_FN.
 */

/* Any easing at clamped progress p, for the curve's kind and direction: uniform over a
 * call, and compile-time constants inside the loops CI_FOR_SHAPE specializes. */
CI_INLINE VF CI_FN(ease_shape)(const ci_prepared *P, int kind, int direction, int sides, VF p) {
    switch (kind) {
    case CI_CURVE_LINEAR: return p;
    case CI_CURVE_CUBIC_BEZIER: return CI_FN(bezier)(P, p);
    case CI_CURVE_STEPS: return CI_FN(steps)(P, p);
    case CI_CURVE_PIECEWISE_LINEAR: return CI_FN(piecewise_linear)(P, p);
    case CI_CURVE_EXPO:
        if (direction == CI_EASE_IN_OUT) return CI_FN(expo_in_out)(p);
        return CI_FN(penner)(kind, direction, sides, p);
    case CI_CURVE_BACK:
        if (direction == CI_EASE_IN_OUT) return CI_FN(back_in_out)(p);
        return CI_FN(penner)(kind, direction, sides, p);
    case CI_CURVE_ELASTIC:
        if (direction == CI_EASE_IN_OUT) return CI_FN(elastic_in_out)(p);
        return CI_FN(penner)(kind, direction, sides, p);
    case CI_CURVE_BOUNCE: return CI_FN(bounce)(direction, p);
    default: return CI_FN(penner)(kind, direction, sides, p);
    }
}

CI_INLINE VF CI_FN(ease_one)(const ci_prepared *P, VF p) {
    return CI_FN(ease_shape)(P, P->kind, P->direction, CI_SIDES_MIXED, p);
}

/* CI_FOR_SHAPE(P, RUN) expands RUN(kind, direction) once per curve shape, under a
 * switch on P's: each copy of the loop RUN holds then evaluates one curve with no
 * per-vector branch on the kind and with its constants in registers (one loop over
 * every kind spilled them and took a jump table per vector: 2-3x slower). Shapes it
 * does not list (cubic-bezier, solved in groups) run none: the generic loop that
 * follows takes them. A backend whose vectors are emulated loops sets
 * CI_SPECIALIZE_SHAPES 0: every curve through the generic loop. */
#ifndef CI_SPECIALIZE_SHAPES
#define CI_SPECIALIZE_SHAPES 1
#endif
#if CI_SPECIALIZE_SHAPES
#define CI_FOR_DIRECTION(P, kind, RUN)                                                  \
    switch ((P)->direction) {                                                           \
    case CI_EASE_IN: RUN(kind, CI_EASE_IN); break;                                      \
    case CI_EASE_OUT: RUN(kind, CI_EASE_OUT); break;                                    \
    default: RUN(kind, CI_EASE_IN_OUT); break;                                          \
    }
#define CI_FOR_SHAPE(P, RUN)                                                            \
    switch ((P)->kind) {                                                                \
    case CI_CURVE_LINEAR: RUN(CI_CURVE_LINEAR, CI_EASE_IN); break;                      \
    case CI_CURVE_STEPS: RUN(CI_CURVE_STEPS, CI_EASE_IN); break;                        \
    case CI_CURVE_PIECEWISE_LINEAR: RUN(CI_CURVE_PIECEWISE_LINEAR, CI_EASE_IN); break;  \
    case CI_CURVE_SPRING: RUN(CI_CURVE_SPRING, CI_EASE_IN); break;                      \
    case CI_CURVE_SINE: CI_FOR_DIRECTION(P, CI_CURVE_SINE, RUN) break;                  \
    case CI_CURVE_QUAD: CI_FOR_DIRECTION(P, CI_CURVE_QUAD, RUN) break;                  \
    case CI_CURVE_CUBIC: CI_FOR_DIRECTION(P, CI_CURVE_CUBIC, RUN) break;                \
    case CI_CURVE_QUART: CI_FOR_DIRECTION(P, CI_CURVE_QUART, RUN) break;                \
    case CI_CURVE_QUINT: CI_FOR_DIRECTION(P, CI_CURVE_QUINT, RUN) break;                \
    case CI_CURVE_EXPO: CI_FOR_DIRECTION(P, CI_CURVE_EXPO, RUN) break;                  \
    case CI_CURVE_CIRC: CI_FOR_DIRECTION(P, CI_CURVE_CIRC, RUN) break;                  \
    case CI_CURVE_BACK: CI_FOR_DIRECTION(P, CI_CURVE_BACK, RUN) break;                  \
    case CI_CURVE_ELASTIC: CI_FOR_DIRECTION(P, CI_CURVE_ELASTIC, RUN) break;            \
    case CI_CURVE_BOUNCE: CI_FOR_DIRECTION(P, CI_CURVE_BOUNCE, RUN) break;              \
    default: break;                                                                     \
    }
#else /* never runs: the generic loop takes every curve */
#define CI_FOR_SHAPE(P, RUN)                                                            \
    if (0) { RUN((P)->kind, (P)->direction) }
#endif

/*
 * cinterp_transition.h: the state of many lanes at a tap, part of the API of cinterp.h,
 * which includes it: springs' settling bounds and states in double (ci_spring_settling,
 * ci_spring_states, kernel_settling.h and kernel_spring_state.h) and a staggered list
 * interrupted under one easing (ci_interrupt_list, kernel_interruption.h) or one spring
 * (ci_interrupt_spring_list, kernel_spring_list.h).
 */
#ifndef CINTERP_TRANSITION_H
#define CINTERP_TRANSITION_H

#include "cinterp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Settling bounds ------------------------------------------------------------ */

/** A damped spring, in double, for its settling bounds: x'' = -omega0^2 (x - delta) -
 *  2 lambda x', lambda = damping / (2 mass), omega_d^2 = omega0^2 - lambda^2. */
typedef struct ci_settling {
    double decay_rate;               /**< lambda, per second: finite and > 0 */
    double damped_frequency_squared; /**< omega_d^2, (rad/s)^2: finite and >= 0 (under- or
                                          critically damped; an over-damped spring is not
                                          solved here) */
    double epsilon;                  /**< the relative tolerance: finite and > 0 */
} ci_settling;

/**
 * Settling bounds of many lanes of one spring, in double precision: for each lane,
 * the spring moving from 0 toward delta[i] with initial velocity velocity[i] (value
 * units per second), the time in seconds after which |x(t) - delta| <= epsilon |delta|
 * (epsilon alone when delta is 0) holds for all later times, to duration[i]. The
 * bound and its rules are those of the Swift reference (Spring.settlingDuration): for
 * an under-damped spring, the larger of SwiftUI's figure and the earlier of the
 * envelope's crossing (in closed form) and the linear-times-exponential bound's; for a
 * critically damped one, the latter's. That crossing is found to the last double by
 * Newton's method. Every backend gives the same bits; they differ from the reference
 * only by the logarithm's rounding (within a few units in the last place of the bound).
 * duration may be the buffer of delta or velocity (in place).
 *
 * A lane whose crossing needs more than Newton's method from its closed-form start
 * (no finite start right of its peak, more than 64 steps to the last double: inputs
 * near the ends of double's range) gets NaN: the caller solves it by the reference.
 * CI_ERR_INVALID_PARAMETER for a spring outside the ranges above,
 * CI_ERR_NONFINITE_INPUT when a delta or velocity is not finite (every lane is still
 * written: NaN there).
 */
ci_status ci_spring_settling(ci_backend backend, const ci_settling *spring, const double *delta,
                             const double *velocity, double *duration, size_t count);

/** A damped spring, in double, for the state of its lanes (see ci_settling). */
typedef struct ci_spring_state {
    double decay_rate;                 /**< lambda, per second: finite and >= 0 */
    double undamped_frequency_squared; /**< omega0^2 = stiffness / mass, (rad/s)^2: finite, > 0 */
    double damped_frequency_squared;   /**< omega0^2 - lambda^2: finite and >= 0 (under- or
                                            critically damped) */
} ci_spring_state;

/**
 * The state of many lanes of one spring, in double precision: lane i, which started
 * elapsed[i] seconds ago from rest at its origin toward delta[i] with initial velocity
 * v0[i], is at value[i] (from its origin) moving at velocity[i] (value units per
 * second). A lane that has not started (elapsed < 0) is at 0, at rest. The formulas and
 * their order are the Swift reference's (Spring.motion); every backend gives the same
 * bits, within 1e-14 of the reference at the motion's scale, max(|delta|, |v0| /
 * omega0) (velocity: that times omega0), as the C library's exp, sin and cos round
 * apart from the kernel's.
 *
 * A lane whose phase omega_d t passes 2^20 pi / 2 before it has decayed to nothing gets
 * NaN: the caller evaluates it by the reference. CI_ERR_INVALID_PARAMETER for a spring outside the ranges above,
 * CI_ERR_NONFINITE_INPUT when an input is not finite (NaN in that lane; every lane is
 * written).
 */
ci_status ci_spring_states(ci_backend backend, const ci_spring_state *spring, const double *elapsed,
                           const double *delta, const double *v0, double *value, double *velocity,
                           size_t count);

/**
 * A staggered list's items interrupted at `time` under one easing (what the Swift layer
 * calls an interrupted list): a base motion from `from` to `to`, item i starting
 * delays[i] seconds after `start` unless delays[i] >= cutoff (then it never started),
 * plus frozen[i] (NULL: 0), plus layer_count additive layers, layer p adding
 * changes[p][i] from offsets[p][i] seconds after start + shifts[p].
 */
typedef struct ci_list_interruption {
    double time;     /**< the interruption, seconds on the caller's clock: after every layer's */
    double start;    /**< the base's clock time, seconds */
    double duration; /**< the easing's duration, seconds: finite and > 0 */
    float from, to, cutoff;
    float target; /**< where every item goes now */
    const float *delays;
    const float *frozen;
    size_t layer_count; /**< 0 to CI_MAX_LAYERS */
    const double *shifts;
    const float *const *offsets;
    float *const *changes; /**< written: a layer an item was still waiting for is cancelled */
} ci_list_interruption;

/**
 * Interrupts every item of `list` toward its target, by the rule the Swift reference
 * (InterruptedListMotion) states and in its order of operations, in double: an item
 * still moving (the base started and not ended, or a layer whose change is not 0
 * started and not ended) keeps its motions and gets new_change[i] = target - where they
 * take it, new_offset[i] = 0; an item at rest or waiting has the layers it waits for
 * cancelled (their change set to 0) and gets new_change[i] = target - its value, its
 * new_offset[i] (the new delay, read) kept. bounds[0] gets the latest and bounds[1] the
 * earliest rest later than `time` (time and +infinity when none), each item's rest the
 * end of its latest motion that goes somewhere, as start + (shift + offset) + duration.
 * Every backend gives the same bits as the reference. CI_ERR_INVALID_PARAMETER for a
 * time, start or duration that is not finite, a duration <= 0 or more than
 * CI_MAX_LAYERS layers; CI_ERR_NULL_POINTER for a missing array. The per-item figures
 * are read as they are (a list's own, finite): a non-finite one is not reported, and
 * gives that item NaN or infinite outputs; a NaN rest is left out of the bounds.
 */
ci_status ci_interrupt_list(ci_backend backend, const ci_list_interruption *list, float *new_offset,
                            float *new_change, double bounds[2], size_t count);

/**
 * A staggered list's items under one spring (what the Swift layer calls a spring list):
 * item i holds still at from[i] until offset[i] seconds after `start`, then moves toward
 * `to` with initial velocity velocity[i] (value units per second) and is at rest
 * duration[i] seconds after it began.
 */
typedef struct ci_spring_list {
    ci_spring_state spring; /**< under- or critically damped (see ci_spring_states) */
    double epsilon;         /**< the settling bounds' relative tolerance: finite and > 0 */
    double time;            /**< the interruption, seconds on the caller's clock */
    double start;           /**< the clock time the offsets count from, seconds */
    double own_velocity;    /**< a motion from rest: initial velocity per unit of span, 1/s */
    double own_duration;    /**< its settling bound, seconds, when it moves */
    float to;               /**< where every item was going */
    float target;           /**< where every item goes now */
    const float *offset;
    const float *from;
    const float *velocity;
    const float *duration;
} ci_spring_list;

/**
 * Interrupts every item of `list` toward `target` at `time`, by the rule the Swift
 * reference (SpringListMotion) states and in its order of operations, in double: an item
 * moving at `time` (2^-20 |offset[i]| < time - start - offset[i] < duration[i]: one that
 * started less than that ago, within float32's rounding of its delay, has not moved)
 * starts at once from its value and velocity; any other starts from its value, at rest,
 * after its new delay (new_offset[i], read), with the spring's own velocity scaled to its
 * span. Writes each item's new motion, its figures rounded to float as stored: new_offset
 * (0 when moving), new_from, new_velocity and new_duration (its settling bound: the
 * quick figure or the crossing, as ci_spring_settling; own_duration for an item at rest
 * that moves, 0 for one with nowhere to go). bounds[0] gets the latest rest, bounds[1]
 * the earliest at or after `time` (time and +infinity when none), each item's rest
 * time + offset + duration
 * from the floats stored, over the items that go somewhere. new_from, new_velocity and
 * new_duration may be the buffers of from, velocity and duration (in place); new_offset
 * must not be offset's. *unsolved gets the number of items whose bound is NaN (a
 * crossing the search could not finish): the caller solves them by the reference and
 * then the bounds too. Every backend gives the same bits.
 *
 * CI_ERR_INVALID_PARAMETER for a spring outside ci_spring_states' and ci_settling's
 * ranges, an epsilon, time, start, own_velocity or own_duration that is not finite, or a
 * phase limit the state cannot honour (omega_d > 2000 lambda: a lane could pass the
 * phase ci_spring_states evaluates before it decays); CI_ERR_NULL_POINTER for a missing
 * array. The per-item figures are read as they are (a list's own, finite).
 */
ci_status ci_interrupt_spring_list(ci_backend backend, const ci_spring_list *list,
                                   float *new_offset, float *new_from, float *new_velocity,
                                   float *new_duration, double bounds[2], size_t *unsolved,
                                   size_t count);

/**
 * Lanes of one spring restarted at a tap (the lane engine's restart of spring lanes: a
 * matched pair group's reverse or retarget, a list's items after an insert or a move,
 * a component's elements, and with states given a pair group's release): lane i's motion
 * in flight started offset[i] seconds after `start` from from[i] toward to[i] at
 * velocity[i] (or, states given, it is at from[i] moving at velocity[i]); at `time` it goes
 * to target[i]. All in double.
 */
typedef struct ci_spring_restart {
    ci_spring_state spring; /**< under- or critically damped, as ci_spring_list's */
    double epsilon;         /**< the settling bounds' relative tolerance: finite and > 0 */
    double time;            /**< the restart, seconds on the caller's clock */
    double start;           /**< the clock time the offsets count from, seconds */
    double own_velocity;    /**< a motion from rest: initial velocity per unit of span, 1/s */
    double own_duration;    /**< its settling bound, seconds, when it moves */
    const double *offset, *from, *to, *velocity;
    const double *target;  /**< NULL: every lane goes to all_targets */
    double all_targets;
    const double *delay;   /**< seconds after `time` for a lane that starts afresh */
    const double *carried; /**< >= 0: the lane carries its motion on (it is moving) */
    /** 0, or the length of the rows the lanes come in when whether a lane carries its
     * motion on repeats with them (lane i carries exactly when lane i - row does: a
     * matched pair group's pairs, one row per property). A lane that carries its motion
     * on with the span and velocity of the lane a row before then takes that lane's
     * bound instead of searching for it again (a pair's corners usually move alike).
     * Broken, the promise may give a carried lane the bound of a lane that started
     * afresh; every read stays within the lanes. */
    size_t row;
    /** 0: offset, from, to and velocity are each lane's motion in flight, its state at
     * `time` found from them; otherwise from and velocity are each lane's value and
     * velocity at `time`, as given (a drag let go), and offset and to are not read (may
     * be NULL). velocity is loaded for every lane either way (count doubles), used only
     * for the lanes that carry their motions on. */
    int states_given;
} ci_spring_restart;

/**
 * Restarts every lane of `lanes`, by the lane engine's rule (LaneAnimation.setMotion) and
 * in its order of operations, in double: each lane's state at `time` is ci_spring_states'
 * (bit for bit), or the one given; a lane that carries its motion on starts at once
 * (new_offset 0) from its value and velocity, its bound ci_spring_settling's for its span
 * and velocity; any other starts from its value after delay[i] with own_velocity times
 * its span, its bound own_duration (0 when its span is 0). The bounds are the same with
 * or without `row`. new_to gets the targets, *soonest the least new_offset +
 * new_duration, *unsolved the number of bounds the search left NaN (the caller solves
 * them by the reference). Every backend gives the same bits. new_duration may be the
 * buffer of carried (in place); no other output may be an input's.
 *
 * CI_ERR_INVALID_PARAMETER as ci_interrupt_spring_list, and for an own_duration below
 * 0; CI_ERR_NULL_POINTER for a missing array; CI_ERR_NONFINITE_INPUT when some lane's
 * value, target, span, delay or velocity is not finite (every lane is written, those
 * lanes' figures are not the rule's: the caller reports the lane by its own path).
 * Nothing is written on a refusal.
 */
ci_status ci_restart_spring_lanes(ci_backend backend, const ci_spring_restart *lanes,
                                  double *new_offset, double *new_from, double *new_to,
                                  double *new_velocity, double *new_duration, double *soonest,
                                  size_t *unsolved, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* CINTERP_TRANSITION_H */

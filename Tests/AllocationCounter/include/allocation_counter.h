/* allocation_counter.h: counts heap allocations made by the calling thread, for tests
 * that check a per-frame path allocates nothing. Works where the test binary can
 * interpose malloc (Linux with glibc, no sanitizer); elsewhere it is unavailable. */
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stddef.h>

/** 1 when counting works in this build, else 0 (tests then skip). */
int allocation_counter_available(void);

/** Starts counting this thread's malloc/calloc/realloc calls from 0. */
void allocation_counter_start(void);

/** Stops counting and returns the count since allocation_counter_start. */
size_t allocation_counter_stop(void);

#endif

/* allocation_counter.c: malloc, calloc and realloc defined in the test binary, which
 * the dynamic linker then prefers over libc's; each forwards to glibc's own entry
 * points (__libc_malloc ...) and counts the call when the calling thread asked for it.
 * Sanitizers interpose malloc themselves, so under them this stays out of the way. */
#include "allocation_counter.h"

#include <stdlib.h> /* defines __GLIBC__ where glibc is the C library */

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(ALLOCATION_COUNTER_SANITIZED)

static _Thread_local int counting;
static _Thread_local size_t count;

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);

void *malloc(size_t size) {
    if (counting) count++;
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    if (counting) count++;
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size) {
    if (counting) count++;
    return __libc_realloc(p, size);
}

int allocation_counter_available(void) { return 1; }

void allocation_counter_start(void) {
    count = 0;
    counting = 1;
}

size_t allocation_counter_stop(void) {
    counting = 0;
    return count;
}

#else

int allocation_counter_available(void) { return 0; }
void allocation_counter_start(void) {}
size_t allocation_counter_stop(void) { return 0; }

#endif

/* alloc_hook.c: counts heap allocations of the whole process by interposing malloc,
 * calloc, realloc and the aligned forms over glibc's own (__libc_*), which still do
 * the work; free is glibc's. The benchmarks report the count per iteration
 * ("allocs"), which must be 0 for the kernel with caller-owned buffers. */
#include <errno.h>
#include <stddef.h>
#include "peers.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static unsigned long allocations;

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

unsigned long bench_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}
void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}
void *realloc(void *p, size_t size) {
    count();
    return __libc_realloc(p, size);
}
void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}
void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}
int posix_memalign(void **out, size_t alignment, size_t size) {
    count();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1))) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

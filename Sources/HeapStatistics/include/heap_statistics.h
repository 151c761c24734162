/* heap_statistics.h: what the C library's allocator says the process holds, for
 * staggerbench to report the bytes a collection keeps (glibc only). */
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/** 1 when heap_bytes_in_use says something in this build, else 0. */
int heap_statistics_available(void);

/** Bytes of heap memory allocated and not yet freed (glibc's mallinfo2 uordblks plus
 *  its mmapped blocks), or 0 where unavailable. */
size_t heap_bytes_in_use(void);

#endif

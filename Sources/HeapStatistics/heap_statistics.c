/* heap_statistics.c: see heap_statistics.h. */
#include "heap_statistics.h"

#include <stdlib.h> /* defines __GLIBC__ on glibc */

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

int heap_statistics_available(void) { return 1; }

size_t heap_bytes_in_use(void) {
    /* uordblks counts the arenas' blocks in use; large blocks are mmapped and counted
     * in hblkhd instead. */
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
int heap_statistics_available(void) { return 0; }

size_t heap_bytes_in_use(void) { return 0; }
#endif

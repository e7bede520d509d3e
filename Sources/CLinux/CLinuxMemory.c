#include "CLinuxMemory.h"
#include <malloc.h>

int CLinux_returnFreeMemory(void) {
    return malloc_trim(0);
}

int CLinux_mapLargeAllocationsAbove(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

int CLinux_limitAllocatorArenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}

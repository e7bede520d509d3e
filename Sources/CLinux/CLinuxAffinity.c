#define _GNU_SOURCE
#include "CLinuxAffinity.h"
#include <sched.h>
#include <string.h>

int CLinux_affinityMaskSize(void) {
    return (int)sizeof(cpu_set_t);
}

int CLinux_saveCurrentThreadAffinity(unsigned char *mask) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    memcpy(mask, &set, sizeof set);
    return 0;
}

int CLinux_restoreCurrentThreadAffinity(const unsigned char *mask) {
    cpu_set_t set;
    memcpy(&set, mask, sizeof set);
    return sched_setaffinity(0, sizeof set, &set);
}

int CLinux_pinCurrentThreadToItsProcessor(void) {
    int processor = sched_getcpu();
    if (processor < 0) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(processor, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0 ? processor : -1;
}

#define _GNU_SOURCE
#include "CLinuxThread.h"
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

int CLinux_setCurrentThreadNiceness(int niceness) {
    pid_t thread = (pid_t)syscall(SYS_gettid);
    return setpriority(PRIO_PROCESS, (id_t)thread, niceness);
}

int CLinux_setCurrentThreadIdlePolicy(void) {
    struct sched_param parameters = { .sched_priority = 0 };
    return sched_setscheduler(0, SCHED_IDLE, &parameters);
}

int CLinux_nameCurrentThread(const char *name) {
    char shortened[16];
    strncpy(shortened, name, sizeof shortened - 1);
    shortened[sizeof shortened - 1] = '\0';
    return pthread_setname_np(pthread_self(), shortened);
}

int CLinux_availableProcessors(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}

int CLinux_currentThreadID(void) {
    return (int)syscall(SYS_gettid);
}

#define _GNU_SOURCE
#include "CLinuxThread.h"
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int CLinux_setCurrentThreadNiceness(int niceness) {
    pid_t thread = (pid_t)syscall(SYS_gettid);
    return setpriority(PRIO_PROCESS, (id_t)thread, niceness);
}

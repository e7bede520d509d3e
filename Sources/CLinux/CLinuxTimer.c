#include "CLinux.h"
#include <sys/timerfd.h>
#include <time.h>

int CLinux_timerfdCreate(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int CLinux_timerfdArm(int fd, long long nanoseconds) {
    struct itimerspec spec = {0};
    if (nanoseconds > 0) {
        spec.it_value.tv_sec = (time_t)(nanoseconds / 1000000000LL);
        spec.it_value.tv_nsec = (long)(nanoseconds % 1000000000LL);
    }
    return timerfd_settime(fd, 0, &spec, NULL);
}

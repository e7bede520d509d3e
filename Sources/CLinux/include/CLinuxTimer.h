#ifndef CLINUX_TIMER_H
#define CLINUX_TIMER_H
// timerfd for the event loop's wake-ups: <sys/timerfd.h> is not part of
// Swift's Glibc module, so the two calls are wrapped here.

/// A non-blocking, close-on-exec timerfd on CLOCK_MONOTONIC; -1 and errno on failure.
int CLinux_timerfdCreate(void);

/// Arms `fd` to fire once `nanoseconds` from now, or disarms it when
/// `nanoseconds` is 0 or less. Returns 0, or -1 and errno.
int CLinux_timerfdArm(int fd, long long nanoseconds);

#endif

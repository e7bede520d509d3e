#ifndef CLINUX_EVENT_H
#define CLINUX_EVENT_H
// eventfd, for one thread to wake another's poll: <sys/eventfd.h> is not
// part of Swift's Glibc module.

/// A non-blocking, close-on-exec eventfd counting from 0; -1 and errno on failure.
int CLinux_eventfdCreate(void);

#endif

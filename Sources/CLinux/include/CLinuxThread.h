#ifndef CLINUX_THREAD_H
#define CLINUX_THREAD_H

// On Linux a thread's nice value is set through setpriority with its
// kernel thread id, which only the gettid system call gives (syscall() is
// variadic and cannot be called from Swift). Returns 0 on success, else -1
// with errno set.
int CLinux_setCurrentThreadNiceness(int niceness);

#endif

#ifndef CLINUX_THREAD_H
#define CLINUX_THREAD_H

// On Linux a thread's nice value is set through setpriority with its
// kernel thread id, which only the gettid system call gives (syscall() is
// variadic and cannot be called from Swift). Returns 0 on success, else -1
// with errno set.
int CLinux_setCurrentThreadNiceness(int niceness);

// Names the calling thread for ps and debuggers; the kernel keeps 15
// bytes, longer names are cut (pthread_setname_np would refuse them). Glibc
// declares it only under _GNU_SOURCE, which Swift's Glibc module lacks.
// Returns 0 or an error number.
int CLinux_nameCurrentThread(const char *name);

#endif

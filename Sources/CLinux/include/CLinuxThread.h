#ifndef CLINUX_THREAD_H
#define CLINUX_THREAD_H

// On Linux a thread's nice value is set through setpriority with its
// kernel thread id, which only the gettid system call gives (syscall() is
// variadic and cannot be called from Swift). Returns 0 on success, else -1
// with errno set.
int CLinux_setCurrentThreadNiceness(int niceness);

// Puts the calling thread in the SCHED_IDLE policy: it runs only on a
// processor nothing else wants, and any other thread waking up takes the
// processor from it at once (a nice value only shares it less). Lowering
// a thread's policy needs no privilege. Returns 0 on success, else -1.
int CLinux_setCurrentThreadIdlePolicy(void);

// Names the calling thread for ps and debuggers; the kernel keeps 15
// bytes, longer names are cut (pthread_setname_np would refuse them). Glibc
// declares it only under _GNU_SOURCE, which Swift's Glibc module lacks.
// Returns 0 or an error number.
int CLinux_nameCurrentThread(const char *name);

// The calling thread's kernel id (its entry in /proc/self/task).
int CLinux_currentThreadID(void);

// Processors this thread may run on (its affinity mask, which a cgroup
// or taskset narrows), at least 1. CPU_COUNT is a macro Swift cannot call.
int CLinux_availableProcessors(void);

#endif

#ifndef CLINUX_AFFINITY_H
#define CLINUX_AFFINITY_H

// A thread's affinity mask (cpu_set_t, whose CPU_* macros Swift cannot
// call) kept as bytes, so a caller can narrow it for a while and give it
// back: a process started meanwhile inherits the narrowed mask.

// The bytes a mask takes.
int CLinux_affinityMaskSize(void);

// Copies the calling thread's mask into `mask` (CLinux_affinityMaskSize
// bytes). Returns 0, else -1 with errno set.
int CLinux_saveCurrentThreadAffinity(unsigned char *mask);

// Sets the calling thread's mask from `mask`. Returns 0, else -1.
int CLinux_restoreCurrentThreadAffinity(const unsigned char *mask);

// Pins the calling thread to the processor it runs on now. Returns that
// processor, else -1 with errno set.
int CLinux_pinCurrentThreadToItsProcessor(void);

#endif

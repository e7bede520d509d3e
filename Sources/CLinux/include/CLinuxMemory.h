#ifndef CLINUX_MEMORY_H
#define CLINUX_MEMORY_H

// glibc's malloc_trim lives in <malloc.h>, which Swift's Glibc module does
// not import: free pages inside the heap stay resident until it is called.
// Returns 1 when memory was given back.
int CLinux_returnFreeMemory(void);

// mallopt is in <malloc.h> too. A fixed mmap threshold stops glibc from
// raising it after a large block is freed; otherwise every later page-size
// buffer comes from the heap and stays resident after it is freed.
// Returns 1 on success.
int CLinux_mapLargeAllocationsAbove(int bytes);

// mallopt again: by default glibc gives threads arenas of their own (up to
// eight per core), each keeping its own free memory resident. Returns 1 on
// success.
int CLinux_limitAllocatorArenas(int count);

#endif

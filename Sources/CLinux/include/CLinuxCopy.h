#ifndef CLINUX_COPY_H
#define CLINUX_COPY_H

#include <stddef.h>
#include <string.h>

// Composing a frame copies two parts of every row, a few kilobytes each.
// On x86-64 `rep movsb` (fast strings) moves them with less memory traffic
// than vector loops or memcpy, which use vectors below 4 KB; Swift cannot
// emit it. Elsewhere memcpy. Inline, so the call costs nothing per row.
static inline void CLinux_copyRow(void *destination, const void *source, size_t bytes) {
#if defined(__x86_64__)
    __asm__ volatile("rep movsb" : "+D"(destination), "+S"(source), "+c"(bytes) : : "memory");
#else
    memcpy(destination, source, bytes);
#endif
}

#endif

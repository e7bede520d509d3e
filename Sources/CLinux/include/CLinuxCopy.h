#ifndef CLINUX_COPY_H
#define CLINUX_COPY_H

#include <stddef.h>
#include <string.h>
#include <stdint.h>

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

// A display's scanout buffer is written and never read back by the
// processor (it may be write-combined memory): non-temporal stores write
// it without first reading each line into the cache, and leave the cache
// to the page buffers the next row is read from. Rows of 32-bit pixels,
// 4-byte aligned; a fence at the end of a frame (CLinux_finishStreaming)
// orders them before the flip. Elsewhere a plain copy or fill.
#if defined(__x86_64__)
#include <emmintrin.h>
#include <stdint.h>
#endif

static inline void CLinux_streamRow(void *destination, const void *source, size_t bytes) {
#if defined(__x86_64__)
    uint8_t *to = (uint8_t *)destination;
    const uint8_t *from = (const uint8_t *)source;
    while (bytes >= 4 && ((uintptr_t)to & 15) != 0) {
        int value;
        memcpy(&value, from, 4);
        _mm_stream_si32((int *)to, value);
        to += 4; from += 4; bytes -= 4;
    }
    while (bytes >= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)from);
        __m128i b = _mm_loadu_si128((const __m128i *)(from + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(from + 32));
        __m128i d = _mm_loadu_si128((const __m128i *)(from + 48));
        _mm_stream_si128((__m128i *)to, a);
        _mm_stream_si128((__m128i *)(to + 16), b);
        _mm_stream_si128((__m128i *)(to + 32), c);
        _mm_stream_si128((__m128i *)(to + 48), d);
        to += 64; from += 64; bytes -= 64;
    }
    while (bytes >= 16) {
        _mm_stream_si128((__m128i *)to, _mm_loadu_si128((const __m128i *)from));
        to += 16; from += 16; bytes -= 16;
    }
    while (bytes >= 4) {
        int value;
        memcpy(&value, from, 4);
        _mm_stream_si32((int *)to, value);
        to += 4; from += 4; bytes -= 4;
    }
#else
    memcpy(destination, source, bytes);
#endif
}

static inline void CLinux_streamFill(void *destination, uint32_t pixel, size_t count) {
#if defined(__x86_64__)
    uint8_t *to = (uint8_t *)destination;
    while (count > 0 && ((uintptr_t)to & 15) != 0) {
        _mm_stream_si32((int *)to, (int)pixel);
        to += 4; count--;
    }
    __m128i value = _mm_set1_epi32((int)pixel);
    while (count >= 16) {
        _mm_stream_si128((__m128i *)to, value);
        _mm_stream_si128((__m128i *)(to + 16), value);
        _mm_stream_si128((__m128i *)(to + 32), value);
        _mm_stream_si128((__m128i *)(to + 48), value);
        to += 64; count -= 16;
    }
    while (count >= 4) {
        _mm_stream_si128((__m128i *)to, value);
        to += 16; count -= 4;
    }
    while (count > 0) {
        _mm_stream_si32((int *)to, (int)pixel);
        to += 4; count--;
    }
#else
    uint32_t *to = (uint32_t *)destination;
    for (size_t i = 0; i < count; i++) to[i] = pixel;
#endif
}

// The same with 32-byte AVX2 stores, where the processor has AVX2 and the
// kernel keeps its registers (CLinux_hasWideStreaming, asked once by the
// caller: cpuid traps to the hypervisor in a virtual machine). A frame's
// rows stream some 15% faster than with 16-byte stores.
int CLinux_hasWideStreaming(void);
void CLinux_streamRowWide(void *destination, const void *source, size_t bytes);
void CLinux_streamFillWide(void *destination, uint32_t pixel, size_t count);

static inline void CLinux_finishStreaming(void) {
#if defined(__x86_64__)
    _mm_sfence();
#endif
}

#endif

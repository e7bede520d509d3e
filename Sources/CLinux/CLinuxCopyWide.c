#include "CLinuxCopy.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

int CLinux_hasWideStreaming(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    // AVX, and the kernel saving the YMM registers (OSXSAVE, XCR0 bits 1-2).
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0;
    unsigned int low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) != 0; // AVX2
}

__attribute__((target("avx2")))
void CLinux_streamRowWide(void *destination, const void *source, size_t bytes) {
    uint8_t *to = (uint8_t *)destination;
    const uint8_t *from = (const uint8_t *)source;
    while (bytes >= 4 && ((uintptr_t)to & 31) != 0) {
        int value;
        memcpy(&value, from, 4);
        _mm_stream_si32((int *)to, value);
        to += 4; from += 4; bytes -= 4;
    }
    while (bytes >= 128) {
        __m256i a = _mm256_loadu_si256((const __m256i *)from);
        __m256i b = _mm256_loadu_si256((const __m256i *)(from + 32));
        __m256i c = _mm256_loadu_si256((const __m256i *)(from + 64));
        __m256i d = _mm256_loadu_si256((const __m256i *)(from + 96));
        _mm256_stream_si256((__m256i *)to, a);
        _mm256_stream_si256((__m256i *)(to + 32), b);
        _mm256_stream_si256((__m256i *)(to + 64), c);
        _mm256_stream_si256((__m256i *)(to + 96), d);
        to += 128; from += 128; bytes -= 128;
    }
    while (bytes >= 32) {
        _mm256_stream_si256((__m256i *)to, _mm256_loadu_si256((const __m256i *)from));
        to += 32; from += 32; bytes -= 32;
    }
    while (bytes >= 4) {
        int value;
        memcpy(&value, from, 4);
        _mm_stream_si32((int *)to, value);
        to += 4; from += 4; bytes -= 4;
    }
}

__attribute__((target("avx2")))
void CLinux_streamFillWide(void *destination, uint32_t pixel, size_t count) {
    uint8_t *to = (uint8_t *)destination;
    while (count > 0 && ((uintptr_t)to & 31) != 0) {
        _mm_stream_si32((int *)to, (int)pixel);
        to += 4; count--;
    }
    __m256i value = _mm256_set1_epi32((int)pixel);
    while (count >= 32) {
        _mm256_stream_si256((__m256i *)to, value);
        _mm256_stream_si256((__m256i *)(to + 32), value);
        _mm256_stream_si256((__m256i *)(to + 64), value);
        _mm256_stream_si256((__m256i *)(to + 96), value);
        to += 128; count -= 32;
    }
    while (count >= 8) {
        _mm256_stream_si256((__m256i *)to, value);
        to += 32; count -= 8;
    }
    while (count > 0) {
        _mm_stream_si32((int *)to, (int)pixel);
        to += 4; count--;
    }
}

#else

int CLinux_hasWideStreaming(void) { return 0; }

void CLinux_streamRowWide(void *destination, const void *source, size_t bytes) {
    CLinux_streamRow(destination, source, bytes);
}

void CLinux_streamFillWide(void *destination, uint32_t pixel, size_t count) {
    CLinux_streamFill(destination, pixel, count);
}

#endif

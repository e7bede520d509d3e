#include "CPixelCopy.h"
#include <string.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

void CPixelCopy_copy_rows(uint8_t *destination, size_t destination_stride,
                          const uint8_t *source, size_t source_stride,
                          size_t row_bytes, size_t rows) {
#if defined(__x86_64__)
    for (size_t row = 0; row < rows; row++) {
        uint8_t *to = destination + row * destination_stride;
        const uint8_t *from = source + row * source_stride;
        size_t left = row_bytes;
        // Head up to 16-byte alignment of the destination.
        size_t head = (16 - ((uintptr_t)to & 15)) & 15;
        if (head > left) head = left;
        memcpy(to, from, head);
        to += head; from += head; left -= head;
        while (left >= 64) {
            __m128i a = _mm_loadu_si128((const __m128i *)(from));
            __m128i b = _mm_loadu_si128((const __m128i *)(from + 16));
            __m128i c = _mm_loadu_si128((const __m128i *)(from + 32));
            __m128i d = _mm_loadu_si128((const __m128i *)(from + 48));
            _mm_stream_si128((__m128i *)(to), a);
            _mm_stream_si128((__m128i *)(to + 16), b);
            _mm_stream_si128((__m128i *)(to + 32), c);
            _mm_stream_si128((__m128i *)(to + 48), d);
            to += 64; from += 64; left -= 64;
        }
        while (left >= 16) {
            _mm_stream_si128((__m128i *)to, _mm_loadu_si128((const __m128i *)from));
            to += 16; from += 16; left -= 16;
        }
        memcpy(to, from, left);
    }
    _mm_sfence();
#else
    for (size_t row = 0; row < rows; row++) {
        memcpy(destination + row * destination_stride, source + row * source_stride, row_bytes);
    }
#endif
}

#ifndef CPIXELCOPY_H
#define CPIXELCOPY_H
#include <stddef.h>
#include <stdint.h>

// Copies `rows` rows of `row_bytes` bytes between two pixel buffers with
// streaming (non-temporal) stores where the CPU has them. A frame is
// written once and read by the display, never by us, so its cache lines
// need not be fetched first: this is what lets a composed frame cost about
// as much as one large memcpy, which glibc does the same way.
void CPixelCopy_copy_rows(uint8_t *destination, size_t destination_stride,
                          const uint8_t *source, size_t source_stride,
                          size_t row_bytes, size_t rows);

#endif

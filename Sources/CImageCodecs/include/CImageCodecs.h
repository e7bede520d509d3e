#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H
// PNG (libpng) and JPEG (libjpeg-turbo) read row by row. Both libraries
// report errors by longjmp, which Swift cannot catch: these functions set
// the jump point, and errors come back as a return value and a message.
#include <stddef.h>
#include <stdint.h>

/// Results of the functions below.
enum {
    CImageCodecs_ok = 0,
    /// The image is damaged or not what it claims; `message` says why.
    CImageCodecs_failed = 1,
    /// The sink asked to stop (it has every row it needs).
    CImageCodecs_stopped = 2,
};

/// Takes one decoded row, RGBA with 8 bits a channel, `width` pixels of an
/// image `height` rows high (at the size decoded), rows in order from the
/// top. Returns 0 to stop decoding.
typedef int (*CImageCodecs_RowSink)(void *context, const uint8_t *rgba, uint32_t width, uint32_t height, uint32_t row);

/// Decodes a PNG into `sink`. An interlaced image is decoded whole first,
/// when its RGBA bytes are at most `maxInterlacedBytes`.
int CImageCodecs_pngDecode(const uint8_t *data, size_t size, uint64_t maxInterlacedBytes, CImageCodecs_RowSink sink,
                           void *context, char *message, size_t messageSize);

/// The size a JPEG's headers give.
int CImageCodecs_jpegHeader(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                            char *message, size_t messageSize);

/// Decodes a JPEG scaled by `eighths`/8 (1...8) while decoding, into `sink`.
int CImageCodecs_jpegDecode(const uint8_t *data, size_t size, unsigned eighths, CImageCodecs_RowSink sink,
                            void *context, char *message, size_t messageSize);

#endif

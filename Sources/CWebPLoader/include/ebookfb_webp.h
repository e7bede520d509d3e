#ifndef EBOOKFB_WEBP_H
#define EBOOKFB_WEBP_H

// libwebp's decoder, loaded when the first WebP image is read rather than
// with every reader. The types come from libwebp's own header; the calls
// go through these prefixed functions.
#include <webp/decode.h>

// Loads libwebp once; 0 when it is not installed (every other function
// below may be called only after this returned 1).
int ebookfb_webp_load(void);

int ebookfb_WebPGetInfo(const uint8_t *data, size_t size, int *width, int *height);
// The header's WebPInitDecoderConfig: the library's own, told the header's ABI version.
int ebookfb_WebPInitDecoderConfig(WebPDecoderConfig *config);
VP8StatusCode ebookfb_WebPDecode(const uint8_t *data, size_t size, WebPDecoderConfig *config);
void ebookfb_WebPFreeDecBuffer(WebPDecBuffer *buffer);

#endif

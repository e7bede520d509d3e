// WebP decoding through libwebp, cropped and scaled while it decodes
// (the encoder's header is for tests that make images to decode).
#include <webp/decode.h>
#include <webp/encode.h>

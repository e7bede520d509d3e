#ifndef EBOOKFB_NETTLE_H
#define EBOOKFB_NETTLE_H

// Nettle's SHA-1 (the IDPF font obfuscation key) and base64 (images
// given inline as data: URLs), loaded when the first EPUB is opened
// rather than with every reader. The types come from nettle's own
// headers; the calls go through these prefixed functions.
#include <nettle/base64.h>
#include <nettle/sha1.h>

// Loads nettle once; 0 when it is not installed (every other function
// below may be called only after this returned 1).
int ebookfb_nettle_load(void);

void ebookfb_nettle_sha1_init(struct sha1_ctx *context);
void ebookfb_nettle_sha1_update(struct sha1_ctx *context, size_t length, const uint8_t *data);
void ebookfb_nettle_sha1_digest(struct sha1_ctx *context, size_t length, uint8_t *digest);
void ebookfb_nettle_base64_decode_init(struct base64_decode_ctx *context);
int ebookfb_nettle_base64_decode_update(struct base64_decode_ctx *context, size_t *destination_length,
                                        uint8_t *destination, size_t source_length, const char *source);
int ebookfb_nettle_base64_decode_final(struct base64_decode_ctx *context);

#endif

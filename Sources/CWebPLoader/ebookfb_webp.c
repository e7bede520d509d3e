#include "ebookfb_webp.h"

#include <dlfcn.h>
#include <pthread.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    int (*WebPGetInfo)(const uint8_t *, size_t, int *, int *);
    int (*WebPInitDecoderConfigInternal)(WebPDecoderConfig *, int);
    VP8StatusCode (*WebPDecode)(const uint8_t *, size_t, WebPDecoderConfig *);
    void (*WebPFreeDecBuffer)(WebPDecBuffer *);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(WebPGetInfo, "WebPGetInfo")
    BIND(WebPInitDecoderConfigInternal, "WebPInitDecoderConfigInternal")
    BIND(WebPDecode, "WebPDecode")
    BIND(WebPFreeDecBuffer, "WebPFreeDecBuffer")
#undef BIND
    library.loaded = 1;
}

int ebookfb_webp_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

int ebookfb_WebPGetInfo(const uint8_t *data, size_t size, int *width, int *height) {
    return library.WebPGetInfo(data, size, width, height);
}
int ebookfb_WebPInitDecoderConfig(WebPDecoderConfig *config) {
    return library.WebPInitDecoderConfigInternal(config, WEBP_DECODER_ABI_VERSION);
}
VP8StatusCode ebookfb_WebPDecode(const uint8_t *data, size_t size, WebPDecoderConfig *config) {
    return library.WebPDecode(data, size, config);
}
void ebookfb_WebPFreeDecBuffer(WebPDecBuffer *buffer) { library.WebPFreeDecBuffer(buffer); }

#include "ebookfb_nettle.h"

#include <dlfcn.h>
#include <pthread.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    void (*sha1_init)(struct sha1_ctx *);
    void (*sha1_update)(struct sha1_ctx *, size_t, const uint8_t *);
    void (*sha1_digest)(struct sha1_ctx *, size_t, uint8_t *);
    void (*base64_decode_init)(struct base64_decode_ctx *);
    int (*base64_decode_update)(struct base64_decode_ctx *, size_t *, uint8_t *, size_t, const char *);
    int (*base64_decode_final)(struct base64_decode_ctx *);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libnettle.so.8", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(sha1_init, "nettle_sha1_init")
    BIND(sha1_update, "nettle_sha1_update")
    BIND(sha1_digest, "nettle_sha1_digest")
    BIND(base64_decode_init, "nettle_base64_decode_init")
    BIND(base64_decode_update, "nettle_base64_decode_update")
    BIND(base64_decode_final, "nettle_base64_decode_final")
#undef BIND
    library.loaded = 1;
}

int ebookfb_nettle_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

void ebookfb_nettle_sha1_init(struct sha1_ctx *context) { library.sha1_init(context); }
void ebookfb_nettle_sha1_update(struct sha1_ctx *context, size_t length, const uint8_t *data) {
    library.sha1_update(context, length, data);
}
void ebookfb_nettle_sha1_digest(struct sha1_ctx *context, size_t length, uint8_t *digest) {
    library.sha1_digest(context, length, digest);
}
void ebookfb_nettle_base64_decode_init(struct base64_decode_ctx *context) { library.base64_decode_init(context); }
int ebookfb_nettle_base64_decode_update(struct base64_decode_ctx *context, size_t *destination_length,
                                        uint8_t *destination, size_t source_length, const char *source) {
    return library.base64_decode_update(context, destination_length, destination, source_length, source);
}
int ebookfb_nettle_base64_decode_final(struct base64_decode_ctx *context) { return library.base64_decode_final(context); }

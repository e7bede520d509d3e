#include "ebookfb_gif.h"

#include <dlfcn.h>
#include <pthread.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    GifFileType *(*DGifOpen)(void *, InputFunc, int *);
    int (*DGifCloseFile)(GifFileType *, int *);
    int (*DGifGetRecordType)(GifFileType *, GifRecordType *);
    int (*DGifGetImageDesc)(GifFileType *);
    int (*DGifGetLine)(GifFileType *, GifPixelType *, int);
    int (*DGifGetExtension)(GifFileType *, int *, GifByteType **);
    int (*DGifGetExtensionNext)(GifFileType *, GifByteType **);
    const char *(*GifErrorString)(int);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libgif.so.7", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(DGifOpen, "DGifOpen")
    BIND(DGifCloseFile, "DGifCloseFile")
    BIND(DGifGetRecordType, "DGifGetRecordType")
    BIND(DGifGetImageDesc, "DGifGetImageDesc")
    BIND(DGifGetLine, "DGifGetLine")
    BIND(DGifGetExtension, "DGifGetExtension")
    BIND(DGifGetExtensionNext, "DGifGetExtensionNext")
    BIND(GifErrorString, "GifErrorString")
#undef BIND
    library.loaded = 1;
}

int ebookfb_gif_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

GifFileType *ebookfb_DGifOpen(void *user, InputFunc reader, int *error) {
    return library.DGifOpen(user, reader, error);
}
int ebookfb_DGifCloseFile(GifFileType *gif, int *error) { return library.DGifCloseFile(gif, error); }
int ebookfb_DGifGetRecordType(GifFileType *gif, GifRecordType *type) { return library.DGifGetRecordType(gif, type); }
int ebookfb_DGifGetImageDesc(GifFileType *gif) { return library.DGifGetImageDesc(gif); }
int ebookfb_DGifGetLine(GifFileType *gif, GifPixelType *line, int length) {
    return library.DGifGetLine(gif, line, length);
}
int ebookfb_DGifGetExtension(GifFileType *gif, int *code, GifByteType **extension) {
    return library.DGifGetExtension(gif, code, extension);
}
int ebookfb_DGifGetExtensionNext(GifFileType *gif, GifByteType **extension) {
    return library.DGifGetExtensionNext(gif, extension);
}
const char *ebookfb_GifErrorString(int error) { return library.GifErrorString(error); }

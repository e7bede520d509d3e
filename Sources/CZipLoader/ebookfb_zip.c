#include "ebookfb_zip.h"

#include <dlfcn.h>
#include <pthread.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    zip_t *(*open)(const char *, int, int *);
    zip_int64_t (*get_num_entries)(zip_t *, zip_flags_t);
    void (*discard)(zip_t *);
    void (*stat_init)(zip_stat_t *);
    int (*stat_index)(zip_t *, zip_uint64_t, zip_flags_t, zip_stat_t *);
    void (*error_init_with_code)(zip_error_t *, int);
    void (*error_fini)(zip_error_t *);
    const char *(*error_strerror)(zip_error_t *);
    zip_file_t *(*fopen_index)(zip_t *, zip_uint64_t, zip_flags_t);
    const char *(*strerror)(zip_t *);
    int (*fclose)(zip_file_t *);
    zip_int64_t (*fread)(zip_file_t *, void *, zip_uint64_t);
    const char *(*file_strerror)(zip_file_t *);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libzip.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(open, "zip_open")
    BIND(get_num_entries, "zip_get_num_entries")
    BIND(discard, "zip_discard")
    BIND(stat_init, "zip_stat_init")
    BIND(stat_index, "zip_stat_index")
    BIND(error_init_with_code, "zip_error_init_with_code")
    BIND(error_fini, "zip_error_fini")
    BIND(error_strerror, "zip_error_strerror")
    BIND(fopen_index, "zip_fopen_index")
    BIND(strerror, "zip_strerror")
    BIND(fclose, "zip_fclose")
    BIND(fread, "zip_fread")
    BIND(file_strerror, "zip_file_strerror")
#undef BIND
    library.loaded = 1;
}

int ebookfb_zip_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

zip_t *ebookfb_zip_open(const char *path, int flags, int *errorp) { return library.open(path, flags, errorp); }
zip_int64_t ebookfb_zip_get_num_entries(zip_t *archive, zip_flags_t flags) { return library.get_num_entries(archive, flags); }
void ebookfb_zip_discard(zip_t *archive) { library.discard(archive); }
void ebookfb_zip_stat_init(zip_stat_t *status) { library.stat_init(status); }
int ebookfb_zip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *status) {
    return library.stat_index(archive, index, flags, status);
}
void ebookfb_zip_error_init_with_code(zip_error_t *error, int code) { library.error_init_with_code(error, code); }
void ebookfb_zip_error_fini(zip_error_t *error) { library.error_fini(error); }
const char *ebookfb_zip_error_strerror(zip_error_t *error) { return library.error_strerror(error); }
zip_file_t *ebookfb_zip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags) {
    return library.fopen_index(archive, index, flags);
}
const char *ebookfb_zip_strerror(zip_t *archive) { return library.strerror(archive); }
int ebookfb_zip_fclose(zip_file_t *file) { return library.fclose(file); }
zip_int64_t ebookfb_zip_fread(zip_file_t *file, void *buffer, zip_uint64_t count) { return library.fread(file, buffer, count); }
const char *ebookfb_zip_file_strerror(zip_file_t *file) { return library.file_strerror(file); }

#include "ebookfb_archive.h"

#include <dlfcn.h>
#include <pthread.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    struct archive *(*archive_read_new)(void);
    int (*archive_read_support_filter_all)(struct archive *);
    int (*archive_read_support_format_all)(struct archive *);
    int (*archive_read_support_format_zip_streamable)(struct archive *);
    int (*archive_read_open_filename)(struct archive *, const char *, size_t);
    int (*archive_read_open)(struct archive *, void *, archive_open_callback *, archive_read_callback *,
                             archive_close_callback *);
    int (*archive_read_free)(struct archive *);
    int (*archive_read_next_header)(struct archive *, struct archive_entry **);
    la_ssize_t (*archive_read_data)(struct archive *, void *, size_t);
    const char *(*archive_error_string)(struct archive *);
    int (*archive_format)(struct archive *);
    int (*archive_filter_count)(struct archive *);
    int (*archive_filter_code)(struct archive *, int);
    la_int64_t (*archive_filter_bytes)(struct archive *, int);
    const char *(*archive_entry_pathname)(struct archive_entry *);
    const char *(*archive_entry_pathname_utf8)(struct archive_entry *);
    __LA_MODE_T (*archive_entry_filetype)(struct archive_entry *);
    la_int64_t (*archive_entry_size)(struct archive_entry *);
    int (*archive_entry_size_is_set)(struct archive_entry *);
    int (*archive_entry_sparse_count)(struct archive_entry *);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(archive_read_new, "archive_read_new")
    BIND(archive_read_support_filter_all, "archive_read_support_filter_all")
    BIND(archive_read_support_format_all, "archive_read_support_format_all")
    BIND(archive_read_support_format_zip_streamable, "archive_read_support_format_zip_streamable")
    BIND(archive_read_open_filename, "archive_read_open_filename")
    BIND(archive_read_open, "archive_read_open")
    BIND(archive_read_free, "archive_read_free")
    BIND(archive_read_next_header, "archive_read_next_header")
    BIND(archive_read_data, "archive_read_data")
    BIND(archive_error_string, "archive_error_string")
    BIND(archive_format, "archive_format")
    BIND(archive_filter_count, "archive_filter_count")
    BIND(archive_filter_code, "archive_filter_code")
    BIND(archive_filter_bytes, "archive_filter_bytes")
    BIND(archive_entry_pathname, "archive_entry_pathname")
    BIND(archive_entry_pathname_utf8, "archive_entry_pathname_utf8")
    BIND(archive_entry_filetype, "archive_entry_filetype")
    BIND(archive_entry_size, "archive_entry_size")
    BIND(archive_entry_size_is_set, "archive_entry_size_is_set")
    BIND(archive_entry_sparse_count, "archive_entry_sparse_count")
#undef BIND
    library.loaded = 1;
}

int ebookfb_archive_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

struct archive *ebookfb_archive_read_new(void) { return library.archive_read_new(); }
int ebookfb_archive_read_support_filter_all(struct archive *archive) {
    return library.archive_read_support_filter_all(archive);
}
int ebookfb_archive_read_support_format_all(struct archive *archive) {
    return library.archive_read_support_format_all(archive);
}
int ebookfb_archive_read_support_format_zip_streamable(struct archive *archive) {
    return library.archive_read_support_format_zip_streamable(archive);
}
int ebookfb_archive_read_open_filename(struct archive *archive, const char *path, size_t block_size) {
    return library.archive_read_open_filename(archive, path, block_size);
}
int ebookfb_archive_read_open(struct archive *archive, void *client, archive_open_callback *opener,
                              archive_read_callback *reader, archive_close_callback *closer) {
    return library.archive_read_open(archive, client, opener, reader, closer);
}
int ebookfb_archive_read_free(struct archive *archive) { return library.archive_read_free(archive); }
int ebookfb_archive_read_next_header(struct archive *archive, struct archive_entry **entry) {
    return library.archive_read_next_header(archive, entry);
}
la_ssize_t ebookfb_archive_read_data(struct archive *archive, void *buffer, size_t size) {
    return library.archive_read_data(archive, buffer, size);
}
const char *ebookfb_archive_error_string(struct archive *archive) { return library.archive_error_string(archive); }
int ebookfb_archive_format(struct archive *archive) { return library.archive_format(archive); }
int ebookfb_archive_filter_count(struct archive *archive) { return library.archive_filter_count(archive); }
int ebookfb_archive_filter_code(struct archive *archive, int filter) {
    return library.archive_filter_code(archive, filter);
}
la_int64_t ebookfb_archive_filter_bytes(struct archive *archive, int filter) {
    return library.archive_filter_bytes(archive, filter);
}
const char *ebookfb_archive_entry_pathname(struct archive_entry *entry) {
    return library.archive_entry_pathname(entry);
}
const char *ebookfb_archive_entry_pathname_utf8(struct archive_entry *entry) {
    return library.archive_entry_pathname_utf8(entry);
}
__LA_MODE_T ebookfb_archive_entry_filetype(struct archive_entry *entry) {
    return library.archive_entry_filetype(entry);
}
la_int64_t ebookfb_archive_entry_size(struct archive_entry *entry) { return library.archive_entry_size(entry); }
int ebookfb_archive_entry_size_is_set(struct archive_entry *entry) { return library.archive_entry_size_is_set(entry); }
int ebookfb_archive_entry_sparse_count(struct archive_entry *entry) {
    return library.archive_entry_sparse_count(entry);
}

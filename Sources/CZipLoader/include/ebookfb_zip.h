#ifndef EBOOKFB_ZIP_H
#define EBOOKFB_ZIP_H

// libzip, loaded when the first EPUB is opened rather than with the
// reader: libzip brings libcrypto, whose relocations alone cost a text
// book's reader some 1.5 MB of resident memory. The types come from
// libzip's own header; the calls go through these prefixed functions.
#include <zip.h>

// Loads libzip once; 0 when it is not installed (every other function
// below may be called only after this returned 1).
int ebookfb_zip_load(void);

zip_t *ebookfb_zip_open(const char *path, int flags, int *errorp);
zip_int64_t ebookfb_zip_get_num_entries(zip_t *archive, zip_flags_t flags);
void ebookfb_zip_discard(zip_t *archive);
void ebookfb_zip_stat_init(zip_stat_t *status);
int ebookfb_zip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *status);
void ebookfb_zip_error_init_with_code(zip_error_t *error, int code);
void ebookfb_zip_error_fini(zip_error_t *error);
const char *ebookfb_zip_error_strerror(zip_error_t *error);
zip_file_t *ebookfb_zip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags);
const char *ebookfb_zip_strerror(zip_t *archive);
int ebookfb_zip_fclose(zip_file_t *file);
zip_int64_t ebookfb_zip_fread(zip_file_t *file, void *buffer, zip_uint64_t count);
const char *ebookfb_zip_file_strerror(zip_file_t *file);

#endif

#ifndef EBOOKFB_ARCHIVE_H
#define EBOOKFB_ARCHIVE_H

// libarchive, loaded when the first comic book archive is opened rather
// than with every reader: it brings libzstd, liblz4, libbz2, liblzma and
// libacl, which a reader of other books never uses. The types come from
// libarchive's own headers; the calls go through these prefixed functions.
#include <archive.h>
#include <archive_entry.h>

// Loads libarchive once; 0 when it is not installed (every other function
// below may be called only after this returned 1).
int ebookfb_archive_load(void);

struct archive *ebookfb_archive_read_new(void);
int ebookfb_archive_read_support_filter_all(struct archive *archive);
int ebookfb_archive_read_support_format_all(struct archive *archive);
int ebookfb_archive_read_support_format_zip_streamable(struct archive *archive);
int ebookfb_archive_read_open_filename(struct archive *archive, const char *path, size_t block_size);
int ebookfb_archive_read_open(struct archive *archive, void *client, archive_open_callback *opener,
                              archive_read_callback *reader, archive_close_callback *closer);
int ebookfb_archive_read_free(struct archive *archive);
int ebookfb_archive_read_next_header(struct archive *archive, struct archive_entry **entry);
la_ssize_t ebookfb_archive_read_data(struct archive *archive, void *buffer, size_t size);
const char *ebookfb_archive_error_string(struct archive *archive);
int ebookfb_archive_format(struct archive *archive);
int ebookfb_archive_filter_count(struct archive *archive);
int ebookfb_archive_filter_code(struct archive *archive, int filter);
la_int64_t ebookfb_archive_filter_bytes(struct archive *archive, int filter);
const char *ebookfb_archive_entry_pathname(struct archive_entry *entry);
const char *ebookfb_archive_entry_pathname_utf8(struct archive_entry *entry);
__LA_MODE_T ebookfb_archive_entry_filetype(struct archive_entry *entry);
la_int64_t ebookfb_archive_entry_size(struct archive_entry *entry);
int ebookfb_archive_entry_size_is_set(struct archive_entry *entry);
int ebookfb_archive_entry_sparse_count(struct archive_entry *entry);

#endif

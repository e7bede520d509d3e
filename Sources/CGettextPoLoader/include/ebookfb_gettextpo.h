#ifndef EBOOKFB_GETTEXTPO_H
#define EBOOKFB_GETTEXTPO_H

// gettext .po catalogs read through libgettextpo, loaded when the first
// catalog is read rather than with every reader (it brings libunistring;
// English needs no catalog). Its error handler must not return on a fatal
// error (a damaged file), which Swift cannot honour: the reading and the
// jump out of it stay in C. The types come from libgettextpo's own header;
// the calls go through these prefixed functions.
#include <gettext-po.h>
#include <stddef.h>

// Loads libgettextpo once; 0 when it is not installed (every other
// function below may be called only after this returned 1).
int ebookfb_gettextpo_load(void);

// Reads the catalog at `path`. On failure returns NULL and writes the
// first problem into `error` as "FILE:LINE: what" (at most `capacity`
// bytes, always terminated). Free the result with `ebookfb_po_file_free`.
po_file_t ebookfb_po_file_read(const char *path, char *error, size_t capacity);

void ebookfb_po_file_free(po_file_t file);
const char *ebookfb_po_file_domain_header(po_file_t file, const char *domain);
char *ebookfb_po_header_field(const char *header, const char *field);
po_message_iterator_t ebookfb_po_message_iterator(po_file_t file, const char *domain);
void ebookfb_po_message_iterator_free(po_message_iterator_t iterator);
po_message_t ebookfb_po_next_message(po_message_iterator_t iterator);
int ebookfb_po_message_is_obsolete(po_message_t message);
int ebookfb_po_message_is_fuzzy(po_message_t message);
const char *ebookfb_po_message_msgctxt(po_message_t message);
const char *ebookfb_po_message_msgid(po_message_t message);
const char *ebookfb_po_message_msgid_plural(po_message_t message);
const char *ebookfb_po_message_msgstr(po_message_t message);
const char *ebookfb_po_message_msgstr_plural(po_message_t message, int index);

#endif

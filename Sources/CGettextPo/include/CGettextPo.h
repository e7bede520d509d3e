#ifndef CGETTEXTPO_H
#define CGETTEXTPO_H
// Reading gettext .po catalogs through libgettextpo. Its error handler
// must not return on a fatal error (a damaged file), which Swift cannot
// honour: the reading and the jump out of it stay in C.
#include <gettext-po.h>
#include <stddef.h>

/// Reads the catalog at `path`. On failure returns NULL and writes the
/// first problem into `error` as "FILE:LINE: what" (at most `capacity`
/// bytes, always terminated). Free the result with `po_file_free`.
po_file_t CGettextPo_read(const char *path, char *error, size_t capacity);

#endif

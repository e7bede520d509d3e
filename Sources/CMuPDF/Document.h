#ifndef CMUPDF_DOCUMENT_H
#define CMUPDF_DOCUMENT_H
// The document behind CMuPDF.h's opaque handle, shared by its C files.
#include "CMuPDF.h"
#include <mupdf/fitz.h>
#include <mupdf/pdf.h>
#include <pthread.h>

/// Display lists kept for the pages drawn last: a page on screen, its
/// neighbours and the page zoomed are drawn again and again. One more
/// slot keeps the page read last, so that reading every page's text does
/// not push out the pages being drawn.
#define CMuPDF_keptLists 6
#define CMuPDF_readSlot CMuPDF_keptLists

typedef struct {
    int page; // -1: empty
    fz_display_list *list;
    fz_rect bounds;
    unsigned long lastUse;
} CMuPDF_keptList;

struct CMuPDF_document {
    /// MuPDF's own locks (its store, glyph cache, allocations), shared by
    /// every context cloned from `context`.
    pthread_mutex_t mupdfLocks[FZ_LOCK_MAX];
    fz_locks_context locks;
    /// Held while `context` or `pdf` is used.
    pthread_mutex_t lock;
    fz_context *context;
    pdf_document *pdf;
    int pageCount;
    CMuPDF_keptList lists[CMuPDF_keptLists + 1];
    unsigned long uses;
};

/// Writes `text` into `message` (NUL-terminated, cut to fit).
void CMuPDF_setMessage(char *message, size_t size, const char *text);

/// MuPDF warns on stderr about what it repairs; the reader reports its own errors.
void CMuPDF_quiet(void *user, const char *message);

/// The display list and bounds of page `index`, kept for the caller (who
/// drops it), and kept among the lists drawn last when `forDrawing`.
/// Called with the document's lock held; throws as MuPDF does.
fz_display_list *CMuPDF_pageList(CMuPDF_document *document, int index, int forDrawing, fz_rect *bounds);

#endif

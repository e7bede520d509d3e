#ifndef CMUPDF_H
#define CMUPDF_H
// PDF documents through MuPDF. MuPDF reports errors by longjmp, which
// Swift cannot catch: every call into it is made here, inside fz_try, and
// errors come back as return values and messages.
//
// A document may be used from any thread. Whatever reads the file (pages,
// text, links, the outline) holds the document's lock; drawing renders a
// page's display list (made once under the lock, kept for the pages drawn
// last) with a MuPDF context of the drawing call's own, outside the lock.
#include <stddef.h>
#include <stdint.h>

typedef struct CMuPDF_document CMuPDF_document;

/// Results of the functions below.
enum {
    CMuPDF_ok = 0,
    /// MuPDF could not do it; the message says why.
    CMuPDF_failed = 1,
    /// The document is encrypted with a password it was not given.
    CMuPDF_needsPassword = 2,
};

/// Opens the PDF at `path`, keeping at most `storeBytes` of decoded
/// resources (images, fonts) between calls. NULL on failure, with `status`
/// and `message` saying why. MuPDF repairs a damaged file as far as it can.
CMuPDF_document *CMuPDF_open(const char *path, size_t storeBytes, int *status, char *message, size_t messageSize);
void CMuPDF_close(CMuPDF_document *document);

int CMuPDF_pageCount(CMuPDF_document *document);

/// A metadata entry ("info:Title", "info:Author") into `buffer` as UTF-8;
/// 0 when there is none.
int CMuPDF_metadata(CMuPDF_document *document, const char *key, char *buffer, size_t size);

/// The document's XMP metadata stream (malloc'd; free with CMuPDF_free),
/// NULL when it has none. `length` is its byte count.
char *CMuPDF_xmp(CMuPDF_document *document, size_t *length);

/// Takes each outline entry in reading order: its title (UTF-8), level
/// (1 for the top) and the 0-based page it goes to (-1 for none).
typedef void (*CMuPDF_OutlineSink)(void *context, const char *title, int level, int page);
int CMuPDF_outline(CMuPDF_document *document, CMuPDF_OutlineSink sink, void *context);

/// Takes each range of the page-label number tree: the 0-based first
/// page, the numbering style ('D', 'R', 'r', 'A', 'a', or 0 for none), the
/// prefix (UTF-8) and the first number.
typedef void (*CMuPDF_LabelSink)(void *context, int firstPage, int style, const char *prefix, int start);
int CMuPDF_pageLabels(CMuPDF_document *document, CMuPDF_LabelSink sink, void *context);

/// An area of a page, in points from the page's top-left corner, that
/// links to a page of the same document (0-based).
typedef struct {
    float x, y, width, height;
    int page;
} CMuPDF_link;

/// What is read of a page: its size in points, its text (UTF-8, lines and
/// blocks joined by spaces; malloc'd) and its links to other pages
/// (malloc'd). Free with CMuPDF_freePage.
typedef struct {
    float width, height;
    char *text;
    CMuPDF_link *links;
    int linkCount;
} CMuPDF_page;

/// Reads page `index` (0-based): its size and links, and its text when `withText`.
int CMuPDF_readPage(CMuPDF_document *document, int index, int withText, CMuPDF_page *page, char *message,
                    size_t messageSize);
void CMuPDF_freePage(CMuPDF_page *page);

/// Draws the part of page `index` at `scale` pixels per point that starts
/// `x`, `y` pixels from the scaled page's top-left and is `width` x
/// `height` pixels, on white: premultiplied 0xAARRGGBB words into `pixels`
/// (width * height of them, no padding).
int CMuPDF_draw(CMuPDF_document *document, int index, float scale, int x, int y, int width, int height,
                uint32_t *pixels, char *message, size_t messageSize);

/// Page `index` drawn to fit `maxWidth` x `maxHeight` pixels, as PNG
/// bytes (malloc'd; `length` is their count); NULL when it cannot be drawn.
unsigned char *CMuPDF_pagePNG(CMuPDF_document *document, int index, int maxWidth, int maxHeight, size_t *length);

void CMuPDF_free(void *pointer);

#endif

// A page: its size, text and links read under the document's lock, and
// drawing a part of it from its display list with a context of its own.
#include "Document.h"
#include <stdlib.h>
#include <string.h>

fz_display_list *CMuPDF_pageList(CMuPDF_document *document, int index, int forDrawing, fz_page *loaded, fz_rect *bounds) {
    fz_context *context = document->context;
    document->uses += 1;
    int oldest = 0;
    for (int kept = 0; kept < CMuPDF_keptLists; kept++) {
        if (document->lists[kept].lastUse < document->lists[oldest].lastUse) oldest = kept;
    }
    for (int kept = 0; kept <= CMuPDF_readSlot; kept++) {
        CMuPDF_keptList *entry = &document->lists[kept];
        if (entry->page != index) continue;
        *bounds = entry->bounds;
        if (kept == CMuPDF_readSlot && forDrawing) {
            // Read, and now drawn: kept with the pages drawn.
            CMuPDF_keptList moved = *entry;
            entry->page = -1;
            entry->list = NULL;
            fz_drop_display_list(context, document->lists[oldest].list);
            document->lists[oldest] = moved;
            entry = &document->lists[oldest];
        }
        entry->lastUse = document->uses;
        return fz_keep_display_list(context, entry->list);
    }
    fz_page *page = loaded ? fz_keep_page(context, loaded) : fz_load_page(context, &document->pdf->super, index);
    fz_display_list *list = NULL;
    fz_var(list);
    fz_try(context) {
        *bounds = fz_bound_page(context, page);
        list = fz_new_display_list_from_page(context, page);
    }
    fz_always(context) {
        fz_drop_page(context, page);
    }
    fz_catch(context) {
        fz_rethrow(context);
    }
    CMuPDF_keptList *entry = &document->lists[forDrawing ? oldest : CMuPDF_readSlot];
    fz_drop_display_list(context, entry->list);
    entry->page = index;
    entry->list = list;
    entry->bounds = *bounds;
    entry->lastUse = document->uses;
    return fz_keep_display_list(context, list);
}

/// A growing UTF-8 string.
typedef struct {
    char *bytes;
    size_t count, capacity;
} Text;

static void append(fz_context *context, Text *text, const char *bytes, size_t count) {
    if (text->count + count + 1 > text->capacity) {
        size_t capacity = (text->capacity + count + 1) * 2;
        char *grown = realloc(text->bytes, capacity);
        if (grown == NULL) fz_throw(context, FZ_ERROR_GENERIC, "out of memory");
        text->bytes = grown;
        text->capacity = capacity;
    }
    memcpy(text->bytes + text->count, bytes, count);
    text->count += count;
    text->bytes[text->count] = 0;
}

/// The page's text as MuPDF extracts it, a space between lines and blocks.
static void readText(fz_context *context, fz_display_list *list, Text *text) {
    fz_stext_page *page = fz_new_stext_page_from_display_list(context, list, NULL);
    fz_try(context) {
        for (fz_stext_block *block = page->first_block; block != NULL; block = block->next) {
            if (block->type != FZ_STEXT_BLOCK_TEXT) continue;
            for (fz_stext_line *line = block->u.t.first_line; line != NULL; line = line->next) {
                if (text->count > 0) append(context, text, " ", 1);
                for (fz_stext_char *character = line->first_char; character != NULL; character = character->next) {
                    char utf8[FZ_UTFMAX];
                    append(context, text, utf8, (size_t)fz_runetochar(utf8, character->c));
                }
            }
        }
    }
    fz_always(context) {
        fz_drop_stext_page(context, page);
    }
    fz_catch(context) {
        fz_rethrow(context);
    }
}

/// The links of `page` to other pages of the document, from `origin`.
static void readLinks(fz_context *context, fz_document *document, fz_page *page, fz_point origin,
                      CMuPDF_page *facts) {
    fz_link *links = fz_load_links(context, page);
    fz_try(context) {
        int count = 0;
        for (fz_link *link = links; link != NULL; link = link->next) count++;
        facts->links = calloc(count > 0 ? (size_t)count : 1, sizeof(CMuPDF_link));
        if (facts->links == NULL) fz_throw(context, FZ_ERROR_GENERIC, "out of memory");
        for (fz_link *link = links; link != NULL; link = link->next) {
            if (link->uri == NULL || fz_is_external_link(context, link->uri)) continue;
            int target = fz_page_number_from_location(context, document, fz_resolve_link(context, document, link->uri, NULL, NULL));
            if (target < 0) continue;
            CMuPDF_link *entry = &facts->links[facts->linkCount++];
            entry->x = link->rect.x0 - origin.x;
            entry->y = link->rect.y0 - origin.y;
            entry->width = link->rect.x1 - link->rect.x0;
            entry->height = link->rect.y1 - link->rect.y0;
            entry->page = target;
        }
    }
    fz_always(context) {
        fz_drop_link(context, links);
    }
    fz_catch(context) {
        fz_rethrow(context);
    }
}

int CMuPDF_readPage(CMuPDF_document *document, int index, int withText, CMuPDF_page *page, char *message,
                    size_t messageSize) {
    fz_context *context = document->context;
    int status = CMuPDF_ok;
    fz_display_list *list = NULL;
    fz_page *loaded = NULL;
    Text text = {NULL, 0, 0};
    memset(page, 0, sizeof *page);
    pthread_mutex_lock(&document->lock);
    fz_var(list);
    fz_var(loaded);
    fz_try(context) {
        fz_rect bounds;
        // Loaded once for its display list and its links.
        loaded = fz_load_page(context, &document->pdf->super, index);
        list = CMuPDF_pageList(document, index, 0, loaded, &bounds);
        page->width = bounds.x1 - bounds.x0;
        page->height = bounds.y1 - bounds.y0;
        if (withText) readText(context, list, &text);
        readLinks(context, &document->pdf->super, loaded, fz_make_point(bounds.x0, bounds.y0), page);
    }
    fz_always(context) {
        fz_drop_page(context, loaded);
        fz_drop_display_list(context, list);
    }
    fz_catch(context) {
        status = CMuPDF_failed;
        CMuPDF_setMessage(message, messageSize, fz_caught_message(context));
    }
    pthread_mutex_unlock(&document->lock);
    page->text = text.bytes;
    if (status != CMuPDF_ok) CMuPDF_freePage(page);
    return status;
}

void CMuPDF_freePage(CMuPDF_page *page) {
    free(page->text);
    free(page->links);
    page->text = NULL;
    page->links = NULL;
    page->linkCount = 0;
}

int CMuPDF_draw(CMuPDF_document *document, int index, float scale, int x, int y, int width, int height,
                uint32_t *pixels, char *message, size_t messageSize) {
    fz_display_list *list = NULL;
    fz_context *context = NULL;
    fz_rect bounds;
    int status = CMuPDF_ok;
    pthread_mutex_lock(&document->lock);
    fz_var(list);
    fz_try(document->context) {
        list = CMuPDF_pageList(document, index, 1, NULL, &bounds);
        context = fz_clone_context(document->context);
    }
    fz_catch(document->context) {
        status = CMuPDF_failed;
        CMuPDF_setMessage(message, messageSize, fz_caught_message(document->context));
    }
    pthread_mutex_unlock(&document->lock);
    if (status != CMuPDF_ok || context == NULL) {
        if (list != NULL) {
            pthread_mutex_lock(&document->lock);
            fz_drop_display_list(document->context, list);
            pthread_mutex_unlock(&document->lock);
        }
        if (status == CMuPDF_ok) CMuPDF_setMessage(message, messageSize, "MuPDF could not start (out of memory)");
        return CMuPDF_failed;
    }
    fz_set_warning_callback(context, CMuPDF_quiet, NULL);
    fz_set_error_callback(context, CMuPDF_quiet, NULL);
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    fz_var(pixmap);
    fz_var(device);
    fz_try(context) {
        fz_irect area = {x, y, x + width, y + height};
        pixmap = fz_new_pixmap_with_bbox_and_data(context, fz_device_bgr(context), area, NULL, 1, (unsigned char *)pixels);
        fz_clear_pixmap_with_value(context, pixmap, 0xFF);
        fz_matrix placed = fz_pre_translate(fz_scale(scale, scale), -bounds.x0, -bounds.y0);
        device = fz_new_draw_device(context, fz_identity, pixmap);
        fz_run_display_list(context, list, device, placed, fz_rect_from_irect(area), NULL);
        fz_close_device(context, device);
    }
    fz_always(context) {
        fz_drop_device(context, device);
        fz_drop_pixmap(context, pixmap);
        fz_drop_display_list(context, list);
    }
    fz_catch(context) {
        status = CMuPDF_failed;
        CMuPDF_setMessage(message, messageSize, fz_caught_message(context));
    }
    fz_drop_context(context);
    return status;
}

unsigned char *CMuPDF_pagePNG(CMuPDF_document *document, int index, int maxWidth, int maxHeight, size_t *length) {
    fz_context *context = document->context;
    fz_display_list *list = NULL;
    fz_pixmap *pixmap = NULL;
    fz_buffer *buffer = NULL;
    unsigned char *bytes = NULL;
    *length = 0;
    pthread_mutex_lock(&document->lock);
    fz_var(list);
    fz_var(pixmap);
    fz_var(buffer);
    fz_var(bytes);
    fz_try(context) {
        fz_rect bounds;
        list = CMuPDF_pageList(document, index, 0, NULL, &bounds);
        float width = fz_max(1, bounds.x1 - bounds.x0), height = fz_max(1, bounds.y1 - bounds.y0);
        float scale = fz_min(maxWidth / width, maxHeight / height);
        fz_matrix placed = fz_pre_translate(fz_scale(scale, scale), -bounds.x0, -bounds.y0);
        pixmap = fz_new_pixmap_from_display_list(context, list, placed, fz_device_rgb(context), 0);
        buffer = fz_new_buffer_from_pixmap_as_png(context, pixmap, fz_default_color_params);
        unsigned char *data = NULL;
        size_t count = fz_buffer_storage(context, buffer, &data);
        bytes = malloc(count > 0 ? count : 1);
        if (bytes == NULL) fz_throw(context, FZ_ERROR_GENERIC, "out of memory");
        memcpy(bytes, data, count);
        *length = count;
    }
    fz_always(context) {
        fz_drop_buffer(context, buffer);
        fz_drop_pixmap(context, pixmap);
        fz_drop_display_list(context, list);
    }
    fz_catch(context) {
        free(bytes);
        bytes = NULL;
        *length = 0;
    }
    pthread_mutex_unlock(&document->lock);
    return bytes;
}

// Opening a PDF, and what is read of the whole document: metadata, the
// outline and the page labels.
#include "Document.h"
#include <stdlib.h>
#include <string.h>

void CMuPDF_setMessage(char *message, size_t size, const char *text) {
    if (message == NULL || size == 0) return;
    snprintf(message, size, "%s", text ? text : "unknown error");
}

void CMuPDF_quiet(void *user, const char *message) {
    (void)user;
    (void)message;
}

static void lockMuPDF(void *user, int lock) {
    pthread_mutex_lock(&((pthread_mutex_t *)user)[lock]);
}

static void unlockMuPDF(void *user, int lock) {
    pthread_mutex_unlock(&((pthread_mutex_t *)user)[lock]);
}

static void destroyLocks(CMuPDF_document *document) {
    for (int lock = 0; lock < FZ_LOCK_MAX; lock++) pthread_mutex_destroy(&document->mupdfLocks[lock]);
    pthread_mutex_destroy(&document->lock);
}

CMuPDF_document *CMuPDF_open(const char *path, size_t storeBytes, int *status, char *message, size_t messageSize) {
    CMuPDF_document *document = calloc(1, sizeof *document);
    if (document == NULL) {
        *status = CMuPDF_failed;
        CMuPDF_setMessage(message, messageSize, "out of memory");
        return NULL;
    }
    for (int lock = 0; lock < FZ_LOCK_MAX; lock++) pthread_mutex_init(&document->mupdfLocks[lock], NULL);
    pthread_mutex_init(&document->lock, NULL);
    for (int kept = 0; kept <= CMuPDF_readSlot; kept++) document->lists[kept].page = -1;
    document->locks.user = document->mupdfLocks;
    document->locks.lock = lockMuPDF;
    document->locks.unlock = unlockMuPDF;
    fz_context *context = fz_new_context(NULL, &document->locks, storeBytes);
    if (context == NULL) {
        destroyLocks(document);
        free(document);
        *status = CMuPDF_failed;
        CMuPDF_setMessage(message, messageSize, "MuPDF could not start (out of memory)");
        return NULL;
    }
    fz_set_warning_callback(context, CMuPDF_quiet, NULL);
    fz_set_error_callback(context, CMuPDF_quiet, NULL);
    document->context = context;
    *status = CMuPDF_ok;
    fz_try(context) {
        document->pdf = pdf_open_document(context, path);
        if (pdf_needs_password(context, document->pdf)) {
            *status = CMuPDF_needsPassword;
        } else {
            document->pageCount = pdf_count_pages(context, document->pdf);
        }
    }
    fz_catch(context) {
        *status = CMuPDF_failed;
        CMuPDF_setMessage(message, messageSize, fz_caught_message(context));
    }
    if (*status == CMuPDF_needsPassword) {
        CMuPDF_setMessage(message, messageSize, "the document is encrypted with a password");
    }
    if (*status != CMuPDF_ok) {
        CMuPDF_close(document);
        return NULL;
    }
    return document;
}

void CMuPDF_close(CMuPDF_document *document) {
    if (document == NULL) return;
    fz_context *context = document->context;
    for (int kept = 0; kept <= CMuPDF_readSlot; kept++) fz_drop_display_list(context, document->lists[kept].list);
    pdf_drop_document(context, document->pdf);
    fz_drop_context(context);
    destroyLocks(document);
    free(document);
}

int CMuPDF_pageCount(CMuPDF_document *document) {
    return document->pageCount;
}

int CMuPDF_metadata(CMuPDF_document *document, const char *key, char *buffer, size_t size) {
    fz_context *context = document->context;
    int found = 0;
    pthread_mutex_lock(&document->lock);
    fz_try(context) {
        found = fz_lookup_metadata(context, &document->pdf->super, key, buffer, (int)size) > 0;
    }
    fz_catch(context) {
        found = 0;
    }
    pthread_mutex_unlock(&document->lock);
    return found;
}

char *CMuPDF_xmp(CMuPDF_document *document, size_t *length) {
    fz_context *context = document->context;
    char *bytes = NULL;
    fz_buffer *buffer = NULL;
    *length = 0;
    pthread_mutex_lock(&document->lock);
    fz_var(buffer);
    fz_var(bytes);
    fz_try(context) {
        pdf_obj *root = pdf_dict_get(context, pdf_trailer(context, document->pdf), PDF_NAME(Root));
        pdf_obj *metadata = pdf_dict_get(context, root, PDF_NAME(Metadata));
        if (pdf_is_stream(context, metadata)) {
            buffer = pdf_load_stream(context, metadata);
            unsigned char *data = NULL;
            size_t count = fz_buffer_storage(context, buffer, &data);
            bytes = malloc(count + 1);
            if (bytes != NULL) {
                if (count > 0) memcpy(bytes, data, count);
                bytes[count] = 0;
                *length = count;
            }
        }
    }
    fz_always(context) {
        fz_drop_buffer(context, buffer);
    }
    fz_catch(context) {
        free(bytes);
        bytes = NULL;
        *length = 0;
    }
    pthread_mutex_unlock(&document->lock);
    return bytes;
}

/// Deeper outlines and label trees are damage (or a loop), not structure.
#define CMuPDF_deepest 64

static void visitOutline(fz_context *context, pdf_document *pdf, fz_outline *item, int level,
                         CMuPDF_OutlineSink sink, void *sinkContext) {
    for (; item != NULL && level <= CMuPDF_deepest; item = item->next) {
        int page = -1;
        if (item->page.page >= 0) {
            page = fz_page_number_from_location(context, &pdf->super, item->page);
        } else if (item->uri != NULL && !fz_is_external_link(context, item->uri)) {
            page = fz_page_number_from_location(context, &pdf->super,
                                                fz_resolve_link(context, &pdf->super, item->uri, NULL, NULL));
        }
        sink(sinkContext, item->title ? item->title : "", level, page);
        visitOutline(context, pdf, item->down, level + 1, sink, sinkContext);
    }
}

int CMuPDF_outline(CMuPDF_document *document, CMuPDF_OutlineSink sink, void *sinkContext) {
    fz_context *context = document->context;
    fz_outline *outline = NULL;
    int status = CMuPDF_ok;
    pthread_mutex_lock(&document->lock);
    fz_var(outline);
    fz_try(context) {
        outline = fz_load_outline(context, &document->pdf->super);
        visitOutline(context, document->pdf, outline, 1, sink, sinkContext);
    }
    fz_always(context) {
        fz_drop_outline(context, outline);
    }
    fz_catch(context) {
        status = CMuPDF_failed;
    }
    pthread_mutex_unlock(&document->lock);
    return status;
}

static void visitLabels(fz_context *context, pdf_obj *node, int depth, CMuPDF_LabelSink sink, void *sinkContext) {
    if (node == NULL || depth > CMuPDF_deepest) return;
    pdf_obj *numbers = pdf_dict_get(context, node, PDF_NAME(Nums));
    int count = pdf_array_len(context, numbers);
    for (int entry = 0; entry + 1 < count; entry += 2) {
        pdf_obj *label = pdf_array_get(context, numbers, entry + 1);
        const char *style = pdf_to_name(context, pdf_dict_get(context, label, PDF_NAME(S)));
        pdf_obj *start = pdf_dict_gets(context, label, "St");
        sink(sinkContext, pdf_to_int(context, pdf_array_get(context, numbers, entry)), style[0],
             pdf_dict_get_text_string(context, label, PDF_NAME(P)), pdf_is_int(context, start) ? pdf_to_int(context, start) : 1);
    }
    pdf_obj *kids = pdf_dict_get(context, node, PDF_NAME(Kids));
    int kidCount = pdf_array_len(context, kids);
    for (int kid = 0; kid < kidCount; kid++) {
        visitLabels(context, pdf_array_get(context, kids, kid), depth + 1, sink, sinkContext);
    }
}

int CMuPDF_pageLabels(CMuPDF_document *document, CMuPDF_LabelSink sink, void *sinkContext) {
    fz_context *context = document->context;
    int status = CMuPDF_ok;
    pthread_mutex_lock(&document->lock);
    fz_try(context) {
        pdf_obj *root = pdf_dict_get(context, pdf_trailer(context, document->pdf), PDF_NAME(Root));
        visitLabels(context, pdf_dict_gets(context, root, "PageLabels"), 0, sink, sinkContext);
    }
    fz_catch(context) {
        status = CMuPDF_failed;
    }
    pthread_mutex_unlock(&document->lock);
    return status;
}

void CMuPDF_free(void *pointer) {
    free(pointer);
}

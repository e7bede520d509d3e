#include "ebookfb_svg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

// The parts of GLib's, cairo's and librsvg's interfaces used here, as their
// headers declare them.
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct { double x, y, width, height; } RsvgRectangle;
enum { CAIRO_FORMAT_ARGB32 = 0, CAIRO_STATUS_SUCCESS = 0 };

// Bound once by `load` under `once`; read-only after that.
static struct {
    void *(*handle_new_from_data)(const unsigned char *, size_t, GError **);
    int (*render_document)(void *, void *, const RsvgRectangle *, GError **);
    void (*object_unref)(void *);
    void (*error_free)(GError *);
    void *(*surface_create_for_data)(unsigned char *, int, int, int, int);
    int (*surface_status)(void *);
    void (*surface_flush)(void *);
    void (*surface_destroy)(void *);
    void *(*create)(void *);
    void (*translate)(void *, double, double);
    void (*destroy)(void *);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    // dlsym searches the library's own dependencies too: GLib, GObject and cairo.
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(handle_new_from_data, "rsvg_handle_new_from_data")
    BIND(render_document, "rsvg_handle_render_document")
    BIND(object_unref, "g_object_unref")
    BIND(error_free, "g_error_free")
    BIND(surface_create_for_data, "cairo_image_surface_create_for_data")
    BIND(surface_status, "cairo_surface_status")
    BIND(surface_flush, "cairo_surface_flush")
    BIND(surface_destroy, "cairo_surface_destroy")
    BIND(create, "cairo_create")
    BIND(translate, "cairo_translate")
    BIND(destroy, "cairo_destroy")
#undef BIND
    library.loaded = 1;
}

static void keep_message(GError *error, char *message, size_t capacity) {
    if (error == NULL) return;
    if (capacity > 0 && error->message != NULL) {
        strncpy(message, error->message, capacity - 1);
        message[capacity - 1] = '\0';
    }
    library.error_free(error);
}

int ebookfb_svg_draw(const unsigned char *data, size_t length, double width, double height, int region_x, int region_y,
                     int region_width, int region_height, uint32_t *pixels, char *message, size_t message_capacity) {
    if (message_capacity > 0) message[0] = '\0';
    pthread_once(&once, load);
    if (!library.loaded) return EBOOKFB_SVG_LIBRARY_MISSING;
    GError *error = NULL;
    void *handle = library.handle_new_from_data(data, length, &error);
    if (handle == NULL) {
        keep_message(error, message, message_capacity);
        return EBOOKFB_SVG_DAMAGED;
    }
    memset(pixels, 0, (size_t)region_width * (size_t)region_height * 4);
    // ARGB32 rows of width * 4 bytes are aligned as cairo asks.
    void *surface = library.surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32, region_width,
                                                    region_height, region_width * 4);
    if (library.surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        library.surface_destroy(surface);
        library.object_unref(handle);
        return EBOOKFB_SVG_TOO_LARGE;
    }
    void *context = library.create(surface);
    library.translate(context, -(double)region_x, -(double)region_y);
    RsvgRectangle viewport = {0, 0, width, height};
    int drawn = library.render_document(handle, context, &viewport, &error);
    library.destroy(context);
    library.surface_flush(surface);
    library.surface_destroy(surface);
    library.object_unref(handle);
    if (!drawn) {
        keep_message(error, message, message_capacity);
        return EBOOKFB_SVG_DAMAGED;
    }
    return EBOOKFB_SVG_DRAWN;
}

#include "ebookfb_gettextpo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    po_file_t (*file_read)(const char *, po_xerror_handler_t);
    void (*file_free)(po_file_t);
    const char *(*file_domain_header)(po_file_t, const char *);
    char *(*header_field)(const char *, const char *);
    po_message_iterator_t (*message_iterator)(po_file_t, const char *);
    void (*message_iterator_free)(po_message_iterator_t);
    po_message_t (*next_message)(po_message_iterator_t);
    int (*message_is_obsolete)(po_message_t);
    int (*message_is_fuzzy)(po_message_t);
    const char *(*message_msgctxt)(po_message_t);
    const char *(*message_msgid)(po_message_t);
    const char *(*message_msgid_plural)(po_message_t);
    const char *(*message_msgstr)(po_message_t);
    const char *(*message_msgstr_plural)(po_message_t, int);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libgettextpo.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    // The header's po_file_read names this version of it.
    BIND(file_read, "po_file_read_v3")
    BIND(file_free, "po_file_free")
    BIND(file_domain_header, "po_file_domain_header")
    BIND(header_field, "po_header_field")
    BIND(message_iterator, "po_message_iterator")
    BIND(message_iterator_free, "po_message_iterator_free")
    BIND(next_message, "po_next_message")
    BIND(message_is_obsolete, "po_message_is_obsolete")
    BIND(message_is_fuzzy, "po_message_is_fuzzy")
    BIND(message_msgctxt, "po_message_msgctxt")
    BIND(message_msgid, "po_message_msgid")
    BIND(message_msgid_plural, "po_message_msgid_plural")
    BIND(message_msgstr, "po_message_msgstr")
    BIND(message_msgstr_plural, "po_message_msgstr_plural")
#undef BIND
    library.loaded = 1;
}

int ebookfb_gettextpo_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

// The handler has no context argument: the reading thread's own record
// of where to write the problem and where to jump back to, set only
// while ebookfb_po_file_read runs.
typedef struct Reading {
    char *error;
    size_t capacity;
    int failed;
    jmp_buf fatal;
} Reading;

static _Thread_local Reading *current;

static void note(const char *filename, size_t lineno, const char *text) {
    if (current == NULL || current->failed) return;
    current->failed = 1;
    const char *file = filename != NULL ? filename : "catalog";
    // The first line of the text only: the error is one line.
    size_t length = strcspn(text != NULL ? text : "", "\n");
    if (lineno != (size_t)-1 && filename != NULL) {
        snprintf(current->error, current->capacity, "%s:%zu: %.*s", file, lineno, (int)length, text);
    } else {
        snprintf(current->error, current->capacity, "%s: %.*s", file, (int)length, text != NULL ? text : "");
    }
}

static void xerror(int severity, po_message_t message, const char *filename, size_t lineno, size_t column,
                   int multiline, const char *text) {
    (void)message; (void)column; (void)multiline;
    if (severity == PO_SEVERITY_WARNING) return;
    note(filename, lineno, text);
    if (severity == PO_SEVERITY_FATAL_ERROR && current != NULL) longjmp(current->fatal, 1);
}

static void xerror2(int severity, po_message_t message1, const char *filename1, size_t lineno1, size_t column1,
                    int multiline1, const char *text1, po_message_t message2, const char *filename2, size_t lineno2,
                    size_t column2, int multiline2, const char *text2) {
    (void)message2; (void)filename2; (void)lineno2; (void)column2; (void)multiline2; (void)text2;
    xerror(severity, message1, filename1, lineno1, column1, multiline1, text1);
}

static const struct po_xerror_handler handler = { xerror, xerror2 };

po_file_t ebookfb_po_file_read(const char *path, char *error, size_t capacity) {
    Reading reading = { error, capacity, 0 };
    if (capacity > 0) error[0] = 0;
    current = &reading;
    po_file_t volatile file = NULL;
    if (setjmp(reading.fatal) == 0) {
        file = library.file_read(path, &handler);
    }
    current = NULL;
    if (reading.failed) {
        // A file read past an error is incomplete; what it holds is not used.
        if (file != NULL) library.file_free(file);
        return NULL;
    }
    if (file == NULL && capacity > 0) snprintf(error, capacity, "%s: cannot be read", path);
    return file;
}

void ebookfb_po_file_free(po_file_t file) { library.file_free(file); }
const char *ebookfb_po_file_domain_header(po_file_t file, const char *domain) {
    return library.file_domain_header(file, domain);
}
char *ebookfb_po_header_field(const char *header, const char *field) { return library.header_field(header, field); }
po_message_iterator_t ebookfb_po_message_iterator(po_file_t file, const char *domain) {
    return library.message_iterator(file, domain);
}
void ebookfb_po_message_iterator_free(po_message_iterator_t iterator) { library.message_iterator_free(iterator); }
po_message_t ebookfb_po_next_message(po_message_iterator_t iterator) { return library.next_message(iterator); }
int ebookfb_po_message_is_obsolete(po_message_t message) { return library.message_is_obsolete(message); }
int ebookfb_po_message_is_fuzzy(po_message_t message) { return library.message_is_fuzzy(message); }
const char *ebookfb_po_message_msgctxt(po_message_t message) { return library.message_msgctxt(message); }
const char *ebookfb_po_message_msgid(po_message_t message) { return library.message_msgid(message); }
const char *ebookfb_po_message_msgid_plural(po_message_t message) { return library.message_msgid_plural(message); }
const char *ebookfb_po_message_msgstr(po_message_t message) { return library.message_msgstr(message); }
const char *ebookfb_po_message_msgstr_plural(po_message_t message, int index) {
    return library.message_msgstr_plural(message, index);
}

#include "CGettextPo.h"
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

// The handler has no context argument: the reading thread's own record
// of where to write the problem and where to jump back to, set only
// while CGettextPo_read runs.
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

po_file_t CGettextPo_read(const char *path, char *error, size_t capacity) {
    Reading reading = { error, capacity, 0 };
    if (capacity > 0) error[0] = 0;
    current = &reading;
    po_file_t volatile file = NULL;
    if (setjmp(reading.fatal) == 0) {
        file = po_file_read(path, &handler);
    }
    current = NULL;
    if (reading.failed) {
        // A file read past an error is incomplete; what it holds is not used.
        if (file != NULL) po_file_free(file);
        return NULL;
    }
    if (file == NULL && capacity > 0) snprintf(error, capacity, "%s: cannot be read", path);
    return file;
}

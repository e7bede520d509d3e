// ALSA's PCM interface: the sound card the spoken book is played on.
#include <alsa/asoundlib.h>

// alsa-lib writes its own lines to standard error for every failed open;
// the reader says what went wrong in one line of its own instead, so
// alsa-lib's are dropped (the handler is variadic: it can only be C).
static void CALSA_dropError(const char *file, int line, const char *function, int error, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)error; (void)format;
}

static inline void CALSA_silenceLibraryErrors(void) {
    snd_lib_error_set_handler(CALSA_dropError);
}

#include "ebookfb_speech.h"

#include <dlfcn.h>
#include <pthread.h>

// Each library's functions, bound once by its `load` under its `once`;
// read-only after that, like the library mapping they point into.
static struct {
    int (*Initialize)(espeak_AUDIO_OUTPUT, int, const char *, int);
    void (*SetSynthCallback)(t_espeak_callback *);
    espeak_ERROR (*SetVoiceByProperties)(espeak_VOICE *);
    espeak_ERROR (*SetParameter)(espeak_PARAMETER, int, int);
    espeak_ERROR (*Synth)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int, unsigned int,
                          unsigned int *, void *);
    int loaded;
} espeak;

static struct {
    int (*pcm_open)(snd_pcm_t **, const char *, snd_pcm_stream_t, int);
    int (*pcm_set_params)(snd_pcm_t *, snd_pcm_format_t, snd_pcm_access_t, unsigned int, unsigned int, int, unsigned int);
    int (*pcm_close)(snd_pcm_t *);
    int (*pcm_drain)(snd_pcm_t *);
    int (*pcm_drop)(snd_pcm_t *);
    int (*pcm_prepare)(snd_pcm_t *);
    int (*pcm_recover)(snd_pcm_t *, int, int);
    snd_pcm_sframes_t (*pcm_writei)(snd_pcm_t *, const void *, snd_pcm_uframes_t);
    const char *(*strerror)(int);
    int (*lib_error_set_handler)(snd_lib_error_handler_t);
    int loaded;
} alsa;

static pthread_once_t espeakOnce = PTHREAD_ONCE_INIT, alsaOnce = PTHREAD_ONCE_INIT;

#define BIND(library, handle, field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;

static void loadEspeak(void) {
    void *handle = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    BIND(espeak, handle, Initialize, "espeak_Initialize")
    BIND(espeak, handle, SetSynthCallback, "espeak_SetSynthCallback")
    BIND(espeak, handle, SetVoiceByProperties, "espeak_SetVoiceByProperties")
    BIND(espeak, handle, SetParameter, "espeak_SetParameter")
    BIND(espeak, handle, Synth, "espeak_Synth")
    espeak.loaded = 1;
}

// alsa-lib writes its own lines to standard error for every failed open;
// they are dropped (the handler is variadic: it can only be C).
static void dropError(const char *file, int line, const char *function, int error, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)error; (void)format;
}

static void loadAlsa(void) {
    void *handle = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    BIND(alsa, handle, pcm_open, "snd_pcm_open")
    BIND(alsa, handle, pcm_set_params, "snd_pcm_set_params")
    BIND(alsa, handle, pcm_close, "snd_pcm_close")
    BIND(alsa, handle, pcm_drain, "snd_pcm_drain")
    BIND(alsa, handle, pcm_drop, "snd_pcm_drop")
    BIND(alsa, handle, pcm_prepare, "snd_pcm_prepare")
    BIND(alsa, handle, pcm_recover, "snd_pcm_recover")
    BIND(alsa, handle, pcm_writei, "snd_pcm_writei")
    BIND(alsa, handle, strerror, "snd_strerror")
    BIND(alsa, handle, lib_error_set_handler, "snd_lib_error_set_handler")
    alsa.lib_error_set_handler(dropError);
    alsa.loaded = 1;
}

#undef BIND

int ebookfb_espeak_load(void) {
    pthread_once(&espeakOnce, loadEspeak);
    return espeak.loaded;
}

int ebookfb_espeak_Initialize(espeak_AUDIO_OUTPUT output, int buflength, const char *path, int options) {
    return espeak.Initialize(output, buflength, path, options);
}
void ebookfb_espeak_SetSynthCallback(t_espeak_callback *callback) { espeak.SetSynthCallback(callback); }
espeak_ERROR ebookfb_espeak_SetVoiceByProperties(espeak_VOICE *voice) { return espeak.SetVoiceByProperties(voice); }
espeak_ERROR ebookfb_espeak_SetParameter(espeak_PARAMETER parameter, int value, int relative) {
    return espeak.SetParameter(parameter, value, relative);
}
espeak_ERROR ebookfb_espeak_Synth(const void *text, size_t size, unsigned int position, espeak_POSITION_TYPE position_type,
                                  unsigned int end_position, unsigned int flags, unsigned int *unique_identifier,
                                  void *user_data) {
    return espeak.Synth(text, size, position, position_type, end_position, flags, unique_identifier, user_data);
}

int ebookfb_alsa_load(void) {
    pthread_once(&alsaOnce, loadAlsa);
    return alsa.loaded;
}

int ebookfb_snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode) {
    return alsa.pcm_open(pcm, name, stream, mode);
}
int ebookfb_snd_pcm_set_params(snd_pcm_t *pcm, snd_pcm_format_t format, snd_pcm_access_t access, unsigned int channels,
                               unsigned int rate, int soft_resample, unsigned int latency) {
    return alsa.pcm_set_params(pcm, format, access, channels, rate, soft_resample, latency);
}
int ebookfb_snd_pcm_close(snd_pcm_t *pcm) { return alsa.pcm_close(pcm); }
int ebookfb_snd_pcm_drain(snd_pcm_t *pcm) { return alsa.pcm_drain(pcm); }
int ebookfb_snd_pcm_drop(snd_pcm_t *pcm) { return alsa.pcm_drop(pcm); }
int ebookfb_snd_pcm_prepare(snd_pcm_t *pcm) { return alsa.pcm_prepare(pcm); }
int ebookfb_snd_pcm_recover(snd_pcm_t *pcm, int error, int silent) { return alsa.pcm_recover(pcm, error, silent); }
snd_pcm_sframes_t ebookfb_snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size) {
    return alsa.pcm_writei(pcm, buffer, size);
}
const char *ebookfb_snd_strerror(int error) { return alsa.strerror(error); }

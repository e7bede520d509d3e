#ifndef EBOOKFB_SPEECH_H
#define EBOOKFB_SPEECH_H

// espeak-ng and ALSA, loaded when a book is first read aloud rather than
// with every reader: espeak-ng brings PulseAudio, libsndfile and its
// codecs, X11, D-Bus and systemd, some thirty libraries whose mapping and
// relocation cost a reader that never speaks megabytes of resident memory
// and milliseconds at each start. The types come from the libraries' own
// headers; the calls go through these prefixed functions.
#include <alsa/asoundlib.h>
#include <espeak-ng/speak_lib.h>

// Loads espeak-ng once; 0 when it is not installed (the espeak functions
// below may be called only after this returned 1).
int ebookfb_espeak_load(void);

int ebookfb_espeak_Initialize(espeak_AUDIO_OUTPUT output, int buflength, const char *path, int options);
void ebookfb_espeak_SetSynthCallback(t_espeak_callback *callback);
espeak_ERROR ebookfb_espeak_SetVoiceByProperties(espeak_VOICE *voice);
espeak_ERROR ebookfb_espeak_SetParameter(espeak_PARAMETER parameter, int value, int relative);
espeak_ERROR ebookfb_espeak_Synth(const void *text, size_t size, unsigned int position, espeak_POSITION_TYPE position_type,
                                  unsigned int end_position, unsigned int flags, unsigned int *unique_identifier,
                                  void *user_data);

// Loads alsa-lib once and silences its own error lines (the reader says
// what went wrong in one line of its own); 0 when it is not installed (the
// snd functions below may be called only after this returned 1).
int ebookfb_alsa_load(void);

int ebookfb_snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode);
int ebookfb_snd_pcm_set_params(snd_pcm_t *pcm, snd_pcm_format_t format, snd_pcm_access_t access, unsigned int channels,
                               unsigned int rate, int soft_resample, unsigned int latency);
int ebookfb_snd_pcm_close(snd_pcm_t *pcm);
int ebookfb_snd_pcm_drain(snd_pcm_t *pcm);
int ebookfb_snd_pcm_drop(snd_pcm_t *pcm);
int ebookfb_snd_pcm_prepare(snd_pcm_t *pcm);
int ebookfb_snd_pcm_recover(snd_pcm_t *pcm, int error, int silent);
snd_pcm_sframes_t ebookfb_snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size);
const char *ebookfb_snd_strerror(int error);

#endif

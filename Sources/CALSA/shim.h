// ALSA's PCM interface: the sound card the spoken book is played on.
#include <alsa/asoundlib.h>

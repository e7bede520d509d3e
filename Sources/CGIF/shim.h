// GIF decoding through giflib, one row at a time.
#include <gif_lib.h>

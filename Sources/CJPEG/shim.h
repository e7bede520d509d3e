// JPEG decoding through libjpeg-turbo's libjpeg API (scaled, row by row).
// jpeglib.h needs stdio.h's FILE and size_t before it.
#include <stdio.h>
#include <jpeglib.h>

#ifndef EBOOKFB_GIF_H
#define EBOOKFB_GIF_H

// giflib's decoder, loaded when the first GIF image is read rather than
// with every reader. The types come from giflib's own header; the calls
// go through these prefixed functions.
#include <gif_lib.h>

// Loads giflib once; 0 when it is not installed (every other function
// below may be called only after this returned 1).
int ebookfb_gif_load(void);

GifFileType *ebookfb_DGifOpen(void *user, InputFunc reader, int *error);
int ebookfb_DGifCloseFile(GifFileType *gif, int *error);
int ebookfb_DGifGetRecordType(GifFileType *gif, GifRecordType *type);
int ebookfb_DGifGetImageDesc(GifFileType *gif);
int ebookfb_DGifGetLine(GifFileType *gif, GifPixelType *line, int length);
int ebookfb_DGifGetExtension(GifFileType *gif, int *code, GifByteType **extension);
int ebookfb_DGifGetExtensionNext(GifFileType *gif, GifByteType **extension);
const char *ebookfb_GifErrorString(int error);

#endif

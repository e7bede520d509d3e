#include "CImageCodecs.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// The bytes being read and where the reader is in them, with the message
// of the error that ended the read.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
    char *message;
    size_t messageSize;
} PNGSource;

static void copyMessage(char *to, size_t capacity, const char *text) {
    if (capacity == 0) return;
    strncpy(to, text, capacity - 1);
    to[capacity - 1] = 0;
}

static void readBytes(png_structp png, png_bytep out, png_size_t count) {
    PNGSource *source = png_get_io_ptr(png);
    if (count > source->size - source->position) png_error(png, "the file ends inside the image");
    memcpy(out, source->data + source->position, count);
    source->position += count;
}

static void onError(png_structp png, png_const_charp text) {
    PNGSource *source = png_get_error_ptr(png);
    copyMessage(source->message, source->messageSize, text);
    png_longjmp(png, 1);
}

static void onWarning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static png_structp openReader(PNGSource *source, png_infop *info) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, onError, onWarning);
    if (!png) return NULL;
    *info = png_create_info_struct(png);
    if (!*info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return NULL;
    }
    png_set_read_fn(png, source, readBytes);
    // The claimed size is checked by the caller; these stop a damaged header early.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    return png;
}

int CImageCodecs_pngDecode(const uint8_t *data, size_t size, uint64_t maxInterlacedBytes, CImageCodecs_RowSink sink,
                           void *context, char *message, size_t messageSize) {
    PNGSource source = {data, size, 0, message, messageSize};
    png_infop info = NULL;
    png_structp png = openReader(&source, &info);
    if (!png) {
        copyMessage(message, messageSize, "libpng cannot start");
        return CImageCodecs_failed;
    }
    // Changed after setjmp and read after a longjmp, so kept out of registers.
    png_bytep volatile row = NULL;
    png_bytep volatile whole = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        free(whole);
        png_destroy_read_struct(&png, &info, NULL);
        return CImageCodecs_failed;
    }
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int colorType = png_get_color_type(png, info);
    // Every kind of PNG becomes RGBA with 8 bits a channel.
    png_set_expand(png);
    png_set_scale_16(png);
    if (colorType == PNG_COLOR_TYPE_GRAY || colorType == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(colorType & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t rowBytes = png_get_rowbytes(png, info);
    if (rowBytes != (size_t)width * 4) png_error(png, "unexpected row layout after conversion");
    int result = CImageCodecs_ok;
    if (passes > 1) {
        // Adam7 spreads every row over seven passes: the whole image is needed.
        if ((uint64_t)rowBytes * height > maxInterlacedBytes) png_error(png, "interlaced image too large to decode");
        whole = malloc(rowBytes * height);
        if (!whole) png_error(png, "out of memory");
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) png_read_row(png, whole + rowBytes * y, NULL);
        }
        for (png_uint_32 y = 0; y < height; y++) {
            if (!sink(context, whole + rowBytes * y, width, height, y)) {
                result = CImageCodecs_stopped;
                break;
            }
        }
    } else {
        row = malloc(rowBytes);
        if (!row) png_error(png, "out of memory");
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            if (!sink(context, row, width, height, y)) {
                result = CImageCodecs_stopped;
                break;
            }
        }
    }
    free(row);
    free(whole);
    png_destroy_read_struct(&png, &info, NULL);
    return result;
}

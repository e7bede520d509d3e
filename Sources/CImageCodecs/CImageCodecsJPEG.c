#include "CImageCodecs.h"
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libjpeg's error manager with the jump point its errors return to.
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t messageSize;
} JPEGErrors;

static void onError(j_common_ptr info) {
    JPEGErrors *errors = (JPEGErrors *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    if (errors->messageSize > 0) {
        strncpy(errors->message, text, errors->messageSize - 1);
        errors->message[errors->messageSize - 1] = 0;
    }
    longjmp(errors->jump, 1);
}

// Warnings (a few corrupt bytes) are not errors: the image is drawn as decoded.
static void onMessage(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static void silent(j_common_ptr info) { (void)info; }

// Progressive images keep all their coefficients in memory; past this the
// library fails (it has no backing store) instead of growing.
static const long maximumWorkingMemory = 64L << 20;

static void start(struct jpeg_decompress_struct *info, JPEGErrors *errors, const uint8_t *data, size_t size) {
    info->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = onError;
    errors->manager.emit_message = onMessage;
    errors->manager.output_message = silent;
    jpeg_create_decompress(info);
    info->mem->max_memory_to_use = maximumWorkingMemory;
    jpeg_mem_src(info, data, (unsigned long)size);
}

int CImageCodecs_jpegHeader(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                            char *message, size_t messageSize) {
    struct jpeg_decompress_struct info;
    JPEGErrors errors = {.message = message, .messageSize = messageSize};
    memset(&info, 0, sizeof info);
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        return CImageCodecs_failed;
    }
    start(&info, &errors, data, size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    jpeg_destroy_decompress(&info);
    return CImageCodecs_ok;
}

// CMYK as stored by Adobe's applications (inverted) or plainly, to RGBA.
static void cmykToRGBA(const uint8_t *cmyk, uint8_t *rgba, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        rgba[4 * x] = (uint8_t)(c * k / 255);
        rgba[4 * x + 1] = (uint8_t)(m * k / 255);
        rgba[4 * x + 2] = (uint8_t)(y * k / 255);
        rgba[4 * x + 3] = 255;
    }
}

int CImageCodecs_jpegDecode(const uint8_t *data, size_t size, unsigned eighths, CImageCodecs_RowSink sink,
                            void *context, char *message, size_t messageSize) {
    struct jpeg_decompress_struct info;
    JPEGErrors errors = {.message = message, .messageSize = messageSize};
    memset(&info, 0, sizeof info);
    // Changed after setjmp and read after a longjmp, so kept out of registers.
    uint8_t *volatile row = NULL;
    uint8_t *volatile converted = NULL;
    if (setjmp(errors.jump)) {
        free(row);
        free(converted);
        jpeg_destroy_decompress(&info);
        return CImageCodecs_failed;
    }
    start(&info, &errors, data, size);
    jpeg_read_header(&info, TRUE);
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info.scale_num = eighths < 1 ? 1 : eighths > 8 ? 8 : eighths;
    info.scale_denom = 8;
    jpeg_start_decompress(&info);
    uint32_t width = info.output_width, height = info.output_height;
    row = malloc((size_t)width * 4);
    if (cmyk) converted = malloc((size_t)width * 4);
    if (!row || (cmyk && !converted)) {
        free(row);
        free(converted);
        jpeg_destroy_decompress(&info);
        if (messageSize > 0) strncpy(message, "out of memory", messageSize - 1);
        return CImageCodecs_failed;
    }
    int result = CImageCodecs_ok;
    while (info.output_scanline < height) {
        uint32_t y = info.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
        const uint8_t *rgba = row;
        if (cmyk) {
            cmykToRGBA(row, converted, width, info.saw_Adobe_marker);
            rgba = converted;
        }
        if (!sink(context, rgba, width, height, y)) {
            result = CImageCodecs_stopped;
            break;
        }
    }
    if (result == CImageCodecs_ok) {
        jpeg_finish_decompress(&info);
    } else {
        jpeg_abort_decompress(&info);
    }
    free(row);
    free(converted);
    jpeg_destroy_decompress(&info);
    return result;
}

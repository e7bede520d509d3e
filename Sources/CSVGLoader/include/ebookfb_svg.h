#ifndef EBOOKFB_SVG_H
#define EBOOKFB_SVG_H

#include <stddef.h>
#include <stdint.h>

// SVG drawn by librsvg into premultiplied 0xAARRGGBB pixels. librsvg (and
// the cairo, GLib and Pango it brings) is loaded when the first SVG is
// drawn, not with every reader: most books have none.

enum {
    EBOOKFB_SVG_DRAWN = 0,
    EBOOKFB_SVG_LIBRARY_MISSING = 1,
    EBOOKFB_SVG_DAMAGED = 2,
    EBOOKFB_SVG_TOO_LARGE = 3,
};

// Draws the document `data` into a viewport of `width` x `height` pixels
// and keeps the part `region_width` x `region_height` starting at
// (`region_x`, `region_y`) in `pixels` (row by row, no padding). On
// EBOOKFB_SVG_DAMAGED, `message` holds librsvg's reason when it gives one.
int ebookfb_svg_draw(const unsigned char *data, size_t length, double width, double height, int region_x, int region_y,
                     int region_width, int region_height, uint32_t *pixels, char *message, size_t message_capacity);

#endif

// SVG drawn by librsvg into a cairo image surface (premultiplied ARGB32).
#include <librsvg/rsvg.h>
#include <cairo.h>

// FreeType's public headers are reached through ft2build.h and its macros,
// which Swift's importer cannot follow; this header names them directly.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_TRUETYPE_TABLES_H

// EPUB documents and OPDS catalogs are parsed through libxml2: its XML
// parser, and its HTML parser for documents that are not well-formed.
//
// Debian builds libxml2 with ICU, and its encoding.h then includes ICU's
// headers, whose types clash with Foundation's own copy of ICU in any
// module that sees both. The reader never touches libxml2's encoding
// handlers by value (only through pointers), so ICU is left out here.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
#include <libxml/uri.h>

// xmlFree is a global function pointer, which Swift 6 refuses to read.
static inline void CXML2_free(void *pointer) {
    xmlFree(pointer);
}

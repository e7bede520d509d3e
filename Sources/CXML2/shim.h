// EPUB package and content documents are parsed through libxml2: its XML
// parser, and its HTML parser for documents that are not well-formed.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>

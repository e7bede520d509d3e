#ifndef EBOOKFB_XML_H
#define EBOOKFB_XML_H

// libxml2, loaded when the first EPUB, catalog or dictionary definition
// is parsed rather than with every reader: a plain-text book never
// parses markup. The types come from libxml2's own headers (found
// through the `libxml` link beside this file, as Debian installs them
// under libxml2/); the calls go through these prefixed functions.
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

// Loads libxml2 once and initialises its parser; 0 when it is not
// installed (every other function below may be called only after this
// returned 1).
int ebookfb_xml_load(void);

xmlParserCtxtPtr ebookfb_xmlNewParserCtxt(void);
void ebookfb_xmlFreeParserCtxt(xmlParserCtxtPtr context);
xmlDocPtr ebookfb_xmlCtxtReadMemory(xmlParserCtxtPtr context, const char *buffer, int size, const char *url,
                                    const char *encoding, int options);
xmlDocPtr ebookfb_xmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options);
htmlDocPtr ebookfb_htmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options);
void ebookfb_xmlFreeDoc(xmlDocPtr document);
xmlErrorPtr ebookfb_xmlCtxtGetLastError(void *context);
xmlNodePtr ebookfb_xmlDocGetRootElement(const xmlDoc *document);
const htmlEntityDesc *ebookfb_htmlEntityLookup(const xmlChar *name);
xmlChar *ebookfb_xmlGetProp(const xmlNode *node, const xmlChar *name);
xmlChar *ebookfb_xmlBuildURI(const xmlChar *uri, const xmlChar *base);
// libxml2's xmlFree, for what xmlGetProp and xmlBuildURI return.
void ebookfb_xmlFree(void *pointer);

#endif

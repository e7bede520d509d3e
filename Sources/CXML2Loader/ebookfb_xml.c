#include "ebookfb_xml.h"

#include <dlfcn.h>
#include <pthread.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    xmlParserCtxtPtr (*new_parser_ctxt)(void);
    void (*free_parser_ctxt)(xmlParserCtxtPtr);
    xmlDocPtr (*ctxt_read_memory)(xmlParserCtxtPtr, const char *, int, const char *, const char *, int);
    xmlDocPtr (*read_memory)(const char *, int, const char *, const char *, int);
    htmlDocPtr (*html_read_memory)(const char *, int, const char *, const char *, int);
    void (*free_doc)(xmlDocPtr);
    xmlErrorPtr (*ctxt_get_last_error)(void *);
    xmlNodePtr (*doc_get_root_element)(const xmlDoc *);
    const htmlEntityDesc *(*html_entity_lookup)(const xmlChar *);
    xmlChar *(*get_prop)(const xmlNode *, const xmlChar *);
    xmlChar *(*build_uri)(const xmlChar *, const xmlChar *);
    // xmlFree is a variable of the library holding the free function.
    xmlFreeFunc *free;
    void (*init_parser)(void);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(new_parser_ctxt, "xmlNewParserCtxt")
    BIND(free_parser_ctxt, "xmlFreeParserCtxt")
    BIND(ctxt_read_memory, "xmlCtxtReadMemory")
    BIND(read_memory, "xmlReadMemory")
    BIND(html_read_memory, "htmlReadMemory")
    BIND(free_doc, "xmlFreeDoc")
    BIND(ctxt_get_last_error, "xmlCtxtGetLastError")
    BIND(doc_get_root_element, "xmlDocGetRootElement")
    BIND(html_entity_lookup, "htmlEntityLookup")
    BIND(get_prop, "xmlGetProp")
    BIND(build_uri, "xmlBuildURI")
    BIND(free, "xmlFree")
    BIND(init_parser, "xmlInitParser")
#undef BIND
    // Its global state set up once here, before threads parse at the same time.
    library.init_parser();
    library.loaded = 1;
}

int ebookfb_xml_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

xmlParserCtxtPtr ebookfb_xmlNewParserCtxt(void) { return library.new_parser_ctxt(); }
void ebookfb_xmlFreeParserCtxt(xmlParserCtxtPtr context) { library.free_parser_ctxt(context); }
xmlDocPtr ebookfb_xmlCtxtReadMemory(xmlParserCtxtPtr context, const char *buffer, int size, const char *url,
                                    const char *encoding, int options) {
    return library.ctxt_read_memory(context, buffer, size, url, encoding, options);
}
xmlDocPtr ebookfb_xmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options) {
    return library.read_memory(buffer, size, url, encoding, options);
}
htmlDocPtr ebookfb_htmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options) {
    return library.html_read_memory(buffer, size, url, encoding, options);
}
void ebookfb_xmlFreeDoc(xmlDocPtr document) { library.free_doc(document); }
xmlErrorPtr ebookfb_xmlCtxtGetLastError(void *context) { return library.ctxt_get_last_error(context); }
xmlNodePtr ebookfb_xmlDocGetRootElement(const xmlDoc *document) { return library.doc_get_root_element(document); }
const htmlEntityDesc *ebookfb_htmlEntityLookup(const xmlChar *name) { return library.html_entity_lookup(name); }
xmlChar *ebookfb_xmlGetProp(const xmlNode *node, const xmlChar *name) { return library.get_prop(node, name); }
xmlChar *ebookfb_xmlBuildURI(const xmlChar *uri, const xmlChar *base) { return library.build_uri(uri, base); }
void ebookfb_xmlFree(void *pointer) { (*library.free)(pointer); }

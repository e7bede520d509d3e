#include "ebookfb_hunspell.h"

#include <dlfcn.h>
#include <pthread.h>

// The library's functions, bound once by `load` under `once`; read-only
// after that, like the library mapping they point into.
static struct {
    Hunhandle *(*Hunspell_create)(const char *, const char *);
    void (*Hunspell_destroy)(Hunhandle *);
    char *(*Hunspell_get_dic_encoding)(Hunhandle *);
    int (*Hunspell_stem)(Hunhandle *, char ***, const char *);
    void (*Hunspell_free_list)(Hunhandle *, char ***, int);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libhunspell-1.7.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(Hunspell_create, "Hunspell_create")
    BIND(Hunspell_destroy, "Hunspell_destroy")
    BIND(Hunspell_get_dic_encoding, "Hunspell_get_dic_encoding")
    BIND(Hunspell_stem, "Hunspell_stem")
    BIND(Hunspell_free_list, "Hunspell_free_list")
#undef BIND
    library.loaded = 1;
}

int ebookfb_hunspell_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

Hunhandle *ebookfb_Hunspell_create(const char *affix_path, const char *words_path) {
    return library.Hunspell_create(affix_path, words_path);
}
void ebookfb_Hunspell_destroy(Hunhandle *handle) { library.Hunspell_destroy(handle); }
char *ebookfb_Hunspell_get_dic_encoding(Hunhandle *handle) { return library.Hunspell_get_dic_encoding(handle); }
int ebookfb_Hunspell_stem(Hunhandle *handle, char ***list, const char *word) {
    return library.Hunspell_stem(handle, list, word);
}
void ebookfb_Hunspell_free_list(Hunhandle *handle, char ***list, int count) {
    library.Hunspell_free_list(handle, list, count);
}

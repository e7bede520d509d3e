#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>

// libcurl's functions, bound once by `load` under `once`; read-only after.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    int loaded;
} library;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define BIND(field, name) \
    if ((*(void **)&library.field = dlsym(handle, name)) == NULL) return;
    BIND(global_init, "curl_global_init")
    BIND(easy_init, "curl_easy_init")
    BIND(easy_cleanup, "curl_easy_cleanup")
    BIND(easy_perform, "curl_easy_perform")
    BIND(easy_strerror, "curl_easy_strerror")
    BIND(easy_setopt, "curl_easy_setopt")
    BIND(easy_getinfo, "curl_easy_getinfo")
    BIND(slist_append, "curl_slist_append")
    BIND(slist_free_all, "curl_slist_free_all")
#undef BIND
    library.loaded = 1;
}

int CCurl_load(void) {
    pthread_once(&once, load);
    return library.loaded;
}

// Every call below comes after CCurl_load returned 1 (the Swift side
// loads first and fails with one line otherwise).
CURLcode CCurl_globalInit(long flags) { return library.global_init(flags); }
CURL *CCurl_easyInit(void) { return library.easy_init(); }
void CCurl_easyCleanup(CURL *handle) { library.easy_cleanup(handle); }
CURLcode CCurl_easyPerform(CURL *handle) { return library.easy_perform(handle); }
const char *CCurl_easyStrerror(CURLcode code) { return library.easy_strerror(code); }
struct curl_slist *CCurl_slistAppend(struct curl_slist *list, const char *text) { return library.slist_append(list, text); }
void CCurl_slistFreeAll(struct curl_slist *list) { library.slist_free_all(list); }

CURLcode CCurl_setLong(CURL *handle, CURLoption option, long value) { return library.easy_setopt(handle, option, value); }
CURLcode CCurl_setOffset(CURL *handle, CURLoption option, curl_off_t value) { return library.easy_setopt(handle, option, value); }
CURLcode CCurl_setString(CURL *handle, CURLoption option, const char *value) { return library.easy_setopt(handle, option, value); }
CURLcode CCurl_setPointer(CURL *handle, CURLoption option, void *value) { return library.easy_setopt(handle, option, value); }
CURLcode CCurl_setList(CURL *handle, CURLoption option, struct curl_slist *value) { return library.easy_setopt(handle, option, value); }
CURLcode CCurl_setDataCallback(CURL *handle, CURLoption option, CCurl_DataCallback callback) {
    return library.easy_setopt(handle, option, callback);
}
CURLcode CCurl_setProgressCallback(CURL *handle, CCurl_ProgressCallback callback) {
    return library.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode CCurl_getLong(CURL *handle, CURLINFO info, long *value) { return library.easy_getinfo(handle, info, value); }
CURLcode CCurl_getOffset(CURL *handle, CURLINFO info, curl_off_t *value) { return library.easy_getinfo(handle, info, value); }
CURLcode CCurl_getString(CURL *handle, CURLINFO info, char **value) { return library.easy_getinfo(handle, info, value); }
CURLcode CCurl_getDouble(CURL *handle, CURLINFO info, double *value) { return library.easy_getinfo(handle, info, value); }

#ifndef CCURL_H
#define CCURL_H
// libcurl, loaded with the first transfer: linked at start it would bring
// OpenSSL, Kerberos, LDAP and SSH libraries that every start of the reader
// relocates before its first page, though only catalogs use them. The
// option and info calls are variadic, which Swift cannot call: each
// argument type has a function of its own.
#include <curl/curl.h>

/// Loads libcurl.so.4 once (thread-safe); 1 when its functions are bound, else 0.
int CCurl_load(void);

CURLcode CCurl_globalInit(long flags);
CURL *CCurl_easyInit(void);
void CCurl_easyCleanup(CURL *handle);
CURLcode CCurl_easyPerform(CURL *handle);
const char *CCurl_easyStrerror(CURLcode code);
struct curl_slist *CCurl_slistAppend(struct curl_slist *list, const char *text);
void CCurl_slistFreeAll(struct curl_slist *list);

CURLcode CCurl_setLong(CURL *handle, CURLoption option, long value);
CURLcode CCurl_setOffset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode CCurl_setString(CURL *handle, CURLoption option, const char *value);
CURLcode CCurl_setPointer(CURL *handle, CURLoption option, void *value);
CURLcode CCurl_setList(CURL *handle, CURLoption option, struct curl_slist *value);

typedef size_t (*CCurl_DataCallback)(char *data, size_t size, size_t count, void *context);
CURLcode CCurl_setDataCallback(CURL *handle, CURLoption option, CCurl_DataCallback callback);

/// CURLOPT_XFERINFOFUNCTION's callback: nonzero aborts the transfer.
typedef int (*CCurl_ProgressCallback)(void *context, curl_off_t downloadTotal, curl_off_t downloaded,
                                      curl_off_t uploadTotal, curl_off_t uploaded);
CURLcode CCurl_setProgressCallback(CURL *handle, CCurl_ProgressCallback callback);

CURLcode CCurl_getLong(CURL *handle, CURLINFO info, long *value);
CURLcode CCurl_getOffset(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode CCurl_getString(CURL *handle, CURLINFO info, char **value);
CURLcode CCurl_getDouble(CURL *handle, CURLINFO info, double *value);

#endif

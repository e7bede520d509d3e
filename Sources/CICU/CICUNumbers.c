#include "CICUNumbers.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <unicode/udat.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>
#include <unicode/uvernum.h>

#define CICU_STRING(name) #name
#define CICU_SYMBOL(name) CICU_STRING(name) // expands ICU's renaming macro first

struct CICU_NumberFormats {
    void *library;
    __typeof__(&unum_open) unumOpen;
    __typeof__(&unum_close) unumClose;
    __typeof__(&unum_formatInt64) formatInt64;
    __typeof__(&unum_formatDouble) formatDouble;
    __typeof__(&udat_open) udatOpen;
    __typeof__(&udat_close) udatClose;
    __typeof__(&udat_format) udatFormat;
    __typeof__(&uplrules_open) pluralOpen;
    __typeof__(&uplrules_close) pluralClose;
    __typeof__(&uplrules_select) pluralSelect;
    UNumberFormat *integers;
    UNumberFormat *percents;
    UDateFormat *dates;
    UPluralRules *plurals;
};

CICU_NumberFormats *CICU_numberFormatsOpen(const char *locale) {
    // The formatters live in libicui18n, loaded when the interface first
    // shows a number, not with every reader (RTLD_NODELETE as for charsets).
    void *library = dlopen("libicui18n.so." U_ICU_VERSION_SHORT, RTLD_LAZY | RTLD_LOCAL | RTLD_NODELETE);
    if (library == NULL) return NULL;
    CICU_NumberFormats *f = calloc(1, sizeof *f);
    if (f == NULL) { dlclose(library); return NULL; }
    f->library = library;
    f->unumOpen = (__typeof__(f->unumOpen))dlsym(library, CICU_SYMBOL(unum_open));
    f->unumClose = (__typeof__(f->unumClose))dlsym(library, CICU_SYMBOL(unum_close));
    f->formatInt64 = (__typeof__(f->formatInt64))dlsym(library, CICU_SYMBOL(unum_formatInt64));
    f->formatDouble = (__typeof__(f->formatDouble))dlsym(library, CICU_SYMBOL(unum_formatDouble));
    f->udatOpen = (__typeof__(f->udatOpen))dlsym(library, CICU_SYMBOL(udat_open));
    f->udatClose = (__typeof__(f->udatClose))dlsym(library, CICU_SYMBOL(udat_close));
    f->udatFormat = (__typeof__(f->udatFormat))dlsym(library, CICU_SYMBOL(udat_format));
    f->pluralOpen = (__typeof__(f->pluralOpen))dlsym(library, CICU_SYMBOL(uplrules_open));
    f->pluralClose = (__typeof__(f->pluralClose))dlsym(library, CICU_SYMBOL(uplrules_close));
    f->pluralSelect = (__typeof__(f->pluralSelect))dlsym(library, CICU_SYMBOL(uplrules_select));
    int complete = f->unumOpen && f->unumClose && f->formatInt64 && f->formatDouble && f->udatOpen && f->udatClose
        && f->udatFormat && f->pluralOpen && f->pluralClose && f->pluralSelect;
    UErrorCode status = U_ZERO_ERROR;
    if (complete) f->integers = f->unumOpen(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    if (complete && U_SUCCESS(status)) f->percents = f->unumOpen(UNUM_PERCENT, NULL, 0, locale, NULL, &status);
    if (complete && U_SUCCESS(status)) {
        f->dates = f->udatOpen(UDAT_NONE, UDAT_MEDIUM, locale, u"UTC", -1, NULL, 0, &status);
    }
    if (complete && U_SUCCESS(status)) f->plurals = f->pluralOpen(locale, &status);
    if (!complete || U_FAILURE(status)) {
        CICU_numberFormatsClose(f);
        return NULL;
    }
    return f;
}

void CICU_numberFormatsClose(CICU_NumberFormats *f) {
    if (f == NULL) return;
    if (f->integers) f->unumClose(f->integers);
    if (f->percents) f->unumClose(f->percents);
    if (f->dates) f->udatClose(f->dates);
    if (f->plurals) f->pluralClose(f->plurals);
    dlclose(f->library);
    free(f);
}

/// UTF-16 from ICU as UTF-8 into `out`.
static int32_t utf8(const UChar *text, int32_t length, UErrorCode status, char *out, int32_t capacity) {
    if (U_FAILURE(status) || length < 0) return -1;
    int32_t written = 0;
    u_strToUTF8(out, capacity, &written, text, length, &status);
    if (U_FAILURE(status) || written >= capacity) return -1;
    out[written] = 0;
    return written;
}

int32_t CICU_formatInteger(CICU_NumberFormats *f, int64_t value, char *out, int32_t capacity) {
    UChar text[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = f->formatInt64(f->integers, value, text, 64, NULL, &status);
    return utf8(text, length, status, out, capacity);
}

int32_t CICU_formatPercent(CICU_NumberFormats *f, double fraction, char *out, int32_t capacity) {
    UChar text[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = f->formatDouble(f->percents, fraction, text, 64, NULL, &status);
    return utf8(text, length, status, out, capacity);
}

int32_t CICU_formatDate(CICU_NumberFormats *f, double seconds, char *out, int32_t capacity) {
    UChar text[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = f->udatFormat(f->dates, seconds * 1000.0, text, 128, NULL, &status);
    return utf8(text, length, status, out, capacity);
}

int32_t CICU_pluralCategory(CICU_NumberFormats *f, int64_t value, char *out, int32_t capacity) {
    UChar text[16];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = f->pluralSelect(f->plurals, (double)value, text, 16, &status);
    return utf8(text, length, status, out, capacity);
}

int32_t CICU_isRightToLeft(const char *locale) {
    return uloc_isRightToLeft(locale) ? 1 : 0;
}

#include "CICUCharsets.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucsdet.h>
#include <unicode/uvernum.h>

// The charset detector lives in libicui18n, which only books in a legacy
// charset need: it is loaded on first use instead of at every start (a
// millisecond and more of relocations a UTF-8 book would pay for
// nothing). Each use opens and closes it; RTLD_NODELETE keeps it loaded
// after the first, as ICU registers cleanup functions across libraries.
#define CICU_STRING(name) #name
#define CICU_SYMBOL(name) CICU_STRING(name) // expands ICU's renaming macro first

typedef struct DetectorFunctions {
    __typeof__(&ucsdet_open) open;
    __typeof__(&ucsdet_close) close;
    __typeof__(&ucsdet_setText) setText;
    __typeof__(&ucsdet_detectAll) detectAll;
    __typeof__(&ucsdet_getName) getName;
    __typeof__(&ucsdet_getLanguage) getLanguage;
    __typeof__(&ucsdet_getConfidence) getConfidence;
} DetectorFunctions;

/// The library's handle with its functions in `functions`, or NULL.
static void *loadDetector(DetectorFunctions *functions) {
    void *library = dlopen("libicui18n.so." U_ICU_VERSION_SHORT, RTLD_LAZY | RTLD_LOCAL | RTLD_NODELETE);
    if (library == NULL) return NULL;
    functions->open = (__typeof__(functions->open))dlsym(library, CICU_SYMBOL(ucsdet_open));
    functions->close = (__typeof__(functions->close))dlsym(library, CICU_SYMBOL(ucsdet_close));
    functions->setText = (__typeof__(functions->setText))dlsym(library, CICU_SYMBOL(ucsdet_setText));
    functions->detectAll = (__typeof__(functions->detectAll))dlsym(library, CICU_SYMBOL(ucsdet_detectAll));
    functions->getName = (__typeof__(functions->getName))dlsym(library, CICU_SYMBOL(ucsdet_getName));
    functions->getLanguage = (__typeof__(functions->getLanguage))dlsym(library, CICU_SYMBOL(ucsdet_getLanguage));
    functions->getConfidence = (__typeof__(functions->getConfidence))dlsym(library, CICU_SYMBOL(ucsdet_getConfidence));
    int complete = functions->open && functions->close && functions->setText && functions->detectAll
        && functions->getName && functions->getLanguage && functions->getConfidence;
    if (!complete) { dlclose(library); return NULL; }
    return library;
}

static void copyName(const char *name, char *out, int32_t capacity) {
    if (capacity <= 0) return;
    strncpy(out, name != NULL ? name : "", (size_t)capacity - 1);
    out[capacity - 1] = 0;
}

int32_t CICU_detectCharsets(const uint8_t *bytes, int32_t length, CICU_CharsetMatch *matches, int32_t capacity) {
    DetectorFunctions ucsdet;
    void *library = loadDetector(&ucsdet);
    if (library == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet.open(&status);
    if (U_FAILURE(status)) { dlclose(library); return -1; }
    ucsdet.setText(detector, (const char *)bytes, length, &status);
    int32_t found = 0;
    const UCharsetMatch **all = ucsdet.detectAll(detector, &found, &status);
    if (U_FAILURE(status)) { ucsdet.close(detector); dlclose(library); return -1; }
    int32_t count = 0;
    for (int32_t index = 0; index < found && count < capacity; index++) {
        UErrorCode matchStatus = U_ZERO_ERROR;
        const char *name = ucsdet.getName(all[index], &matchStatus);
        const char *language = ucsdet.getLanguage(all[index], &matchStatus);
        int32_t confidence = ucsdet.getConfidence(all[index], &matchStatus);
        if (U_FAILURE(matchStatus) || name == NULL) continue;
        copyName(name, matches[count].name, sizeof matches[count].name);
        copyName(language, matches[count].language, sizeof matches[count].language);
        matches[count].confidence = confidence;
        count++;
    }
    // The matches point into the detector: copied before it closes.
    ucsdet.close(detector);
    dlclose(library);
    return count;
}

int32_t CICU_standardName(const char *name, const char *standard, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *found = ucnv_getStandardName(name, standard, &status);
    if (U_FAILURE(status) || found == NULL) return -1;
    copyName(found, out, capacity);
    return 0;
}

enum { pivotLength = 1024 };

struct CICU_Decoder {
    UConverter *converter;
    UConverter *utf8;
    // ucnv_convertEx goes through UTF-16 here; what it holds carries over between calls.
    UChar pivot[pivotLength];
    UChar *pivotSource, *pivotTarget;
    UBool started;
};

// ICU's own substitute for an unmapped byte of a single-byte charset is
// U+001A, a control character the text would drop silently.
static void substituteReplacementCharacter(const void *context, UConverterToUnicodeArgs *arguments,
                                           const char *codeUnits, int32_t length,
                                           UConverterCallbackReason reason, UErrorCode *status) {
    (void)context; (void)codeUnits; (void)length;
    if (reason > UCNV_IRREGULAR) return; // reset, close, clone: nothing to write
    const UChar replacement = 0xFFFD;
    *status = U_ZERO_ERROR;
    ucnv_cbToUWriteUChars(arguments, &replacement, 1, 0, status);
}

CICU_Decoder *CICU_decoderOpen(const char *name) {
    if (name == NULL || name[0] == 0) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(name, &status);
    if (U_FAILURE(status) || converter == NULL) return NULL;
    ucnv_setToUCallBack(converter, substituteReplacementCharacter, NULL, NULL, NULL, &status);
    if (U_FAILURE(status)) { ucnv_close(converter); return NULL; }
    UConverter *utf8 = ucnv_open("UTF-8", &status);
    if (U_FAILURE(status) || utf8 == NULL) { ucnv_close(converter); return NULL; }
    CICU_Decoder *decoder = malloc(sizeof *decoder);
    if (decoder == NULL) { ucnv_close(converter); ucnv_close(utf8); return NULL; }
    decoder->converter = converter;
    decoder->utf8 = utf8;
    decoder->pivotSource = decoder->pivotTarget = decoder->pivot;
    decoder->started = 0;
    return decoder;
}

void CICU_decoderClose(CICU_Decoder *decoder) {
    if (decoder == NULL) return;
    ucnv_close(decoder->converter);
    ucnv_close(decoder->utf8);
    free(decoder);
}

int32_t CICU_decode(CICU_Decoder *decoder, const uint8_t *bytes, int32_t length, int32_t *consumed,
                    uint8_t *out, int32_t capacity, int32_t flush, int32_t *more) {
    UErrorCode status = U_ZERO_ERROR;
    const char *source = (const char *)bytes, *sourceLimit = source + length;
    char *target = (char *)out, *targetLimit = target + capacity;
    ucnv_convertEx(decoder->utf8, decoder->converter, &target, targetLimit, &source, sourceLimit,
                   decoder->pivot, &decoder->pivotSource, &decoder->pivotTarget, decoder->pivot + pivotLength,
                   (UBool)!decoder->started, (UBool)(flush != 0), &status);
    decoder->started = 1;
    *consumed = (int32_t)(source - (const char *)bytes);
    *more = status == U_BUFFER_OVERFLOW_ERROR;
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return (int32_t)(target - (char *)out);
}

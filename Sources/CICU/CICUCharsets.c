#include "CICUCharsets.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucsdet.h>

static void copyName(const char *name, char *out, int32_t capacity) {
    if (capacity <= 0) return;
    strncpy(out, name != NULL ? name : "", (size_t)capacity - 1);
    out[capacity - 1] = 0;
}

int32_t CICU_detectCharsets(const uint8_t *bytes, int32_t length, CICU_CharsetMatch *matches, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet_open(&status);
    if (U_FAILURE(status)) return -1;
    ucsdet_setText(detector, (const char *)bytes, length, &status);
    int32_t found = 0;
    const UCharsetMatch **all = ucsdet_detectAll(detector, &found, &status);
    if (U_FAILURE(status)) { ucsdet_close(detector); return -1; }
    int32_t count = 0;
    for (int32_t index = 0; index < found && count < capacity; index++) {
        UErrorCode matchStatus = U_ZERO_ERROR;
        const char *name = ucsdet_getName(all[index], &matchStatus);
        const char *language = ucsdet_getLanguage(all[index], &matchStatus);
        int32_t confidence = ucsdet_getConfidence(all[index], &matchStatus);
        if (U_FAILURE(matchStatus) || name == NULL) continue;
        copyName(name, matches[count].name, sizeof matches[count].name);
        copyName(language, matches[count].language, sizeof matches[count].language);
        matches[count].confidence = confidence;
        count++;
    }
    // The matches point into the detector: copied before it closes.
    ucsdet_close(detector);
    return count;
}

int32_t CICU_standardName(const char *name, const char *standard, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *found = ucnv_getStandardName(name, standard, &status);
    if (U_FAILURE(status) || found == NULL) return -1;
    copyName(found, out, capacity);
    return 0;
}

struct CICU_Decoder {
    UConverter *converter;
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
    CICU_Decoder *decoder = malloc(sizeof *decoder);
    if (decoder == NULL) { ucnv_close(converter); return NULL; }
    decoder->converter = converter;
    return decoder;
}

void CICU_decoderClose(CICU_Decoder *decoder) {
    if (decoder == NULL) return;
    ucnv_close(decoder->converter);
    free(decoder);
}

int32_t CICU_decode(CICU_Decoder *decoder, const uint8_t *bytes, int32_t length, int32_t *consumed,
                    uint16_t *out, int32_t capacity, int32_t flush, int32_t *more) {
    UErrorCode status = U_ZERO_ERROR;
    const char *source = (const char *)bytes, *sourceLimit = source + length;
    UChar *target = (UChar *)out, *targetLimit = target + capacity;
    ucnv_toUnicode(decoder->converter, &target, targetLimit, &source, sourceLimit, NULL, (UBool)(flush != 0), &status);
    *consumed = (int32_t)(source - (const char *)bytes);
    *more = status == U_BUFFER_OVERFLOW_ERROR;
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return (int32_t)(target - (UChar *)out);
}

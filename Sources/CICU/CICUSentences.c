#include "CICUSentences.h"
#include <unicode/ubrk.h>

int32_t CICU_sentenceEnds(const char *locale, const uint16_t *text, int32_t length, int32_t *ends, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_SENTENCE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t count = 0;
    for (int32_t end = ubrk_following(iterator, 0); end != UBRK_DONE; end = ubrk_next(iterator)) {
        if (count < capacity) ends[count] = end;
        count += 1;
    }
    ubrk_close(iterator);
    return count;
}

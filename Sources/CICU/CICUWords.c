#include "CICUWords.h"
#include <unicode/ubrk.h>

int32_t CICU_wordBounds(const char *locale, const uint16_t *text, int32_t length, int32_t index,
                        int32_t *start, int32_t *end) {
    if (index < 0 || index >= length) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t after = ubrk_following(iterator, index);
    int32_t kind = ubrk_getRuleStatus(iterator);
    int32_t before = ubrk_preceding(iterator, after == UBRK_DONE ? length : after);
    ubrk_close(iterator);
    *start = before == UBRK_DONE ? 0 : before;
    *end = after == UBRK_DONE ? length : after;
    return kind >= UBRK_WORD_NONE_LIMIT ? 1 : 0;
}

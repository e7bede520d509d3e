#include "CICU.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar must be a 16-bit unit");

struct CICU_LineBreaker {
    UBreakIterator *iterator;
};

CICU_LineBreaker *CICU_lineBreakerOpen(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) return NULL;
    CICU_LineBreaker *breaker = malloc(sizeof *breaker);
    if (breaker == NULL) { ubrk_close(iterator); return NULL; }
    breaker->iterator = iterator;
    return breaker;
}

void CICU_lineBreakerClose(CICU_LineBreaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker);
}

int32_t CICU_lineBreaks(CICU_LineBreaker *breaker, const uint16_t *text, int32_t length, uint8_t *out) {
    memset(out, 0, (size_t)length);
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    for (int32_t boundary = ubrk_following(breaker->iterator, 0); boundary != UBRK_DONE;
         boundary = ubrk_next(breaker->iterator)) {
        int32_t status = ubrk_getRuleStatus(breaker->iterator);
        out[boundary - 1] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 2 : 1;
    }
    // Detach the text: the caller's buffer does not outlive this call.
    ubrk_setText(breaker->iterator, NULL, 0, &status);
    return 0;
}

int32_t CICU_isEastAsianWideNotHangul(uint32_t scalar) {
    int32_t width = u_getIntPropertyValue((UChar32)scalar, UCHAR_EAST_ASIAN_WIDTH);
    if (width != U_EA_WIDE && width != U_EA_FULLWIDTH && width != U_EA_HALFWIDTH) return 0;
    UErrorCode status = U_ZERO_ERROR;
    return uscript_getScript((UChar32)scalar, &status) == USCRIPT_HANGUL ? 0 : 1;
}

int32_t CICU_startsNoLine(uint32_t scalar) {
    switch (u_getIntPropertyValue((UChar32)scalar, UCHAR_LINE_BREAK)) {
    case U_LB_CLOSE_PUNCTUATION: case U_LB_CLOSE_PARENTHESIS: case U_LB_EXCLAMATION: case U_LB_INFIX_NUMERIC:
    case U_LB_NONSTARTER: case U_LB_CONDITIONAL_JAPANESE_STARTER:
        return 1;
    default:
        return 0;
    }
}

int32_t CICU_endsNoLine(uint32_t scalar) {
    return u_getIntPropertyValue((UChar32)scalar, UCHAR_LINE_BREAK) == U_LB_OPEN_PUNCTUATION ? 1 : 0;
}

int32_t CICU_isClosingMark(uint32_t scalar) {
    int32_t value = u_getIntPropertyValue((UChar32)scalar, UCHAR_LINE_BREAK);
    return value == U_LB_CLOSE_PUNCTUATION || value == U_LB_CLOSE_PARENTHESIS ? 1 : 0;
}

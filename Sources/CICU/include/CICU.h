#ifndef CICU_H
#define CICU_H
// UAX #14 line breaking through ICU. ICU's C functions are renamed with a
// version suffix by macros (ubrk_open -> ubrk_open_72) that Swift's
// importer cannot follow, so the calls we need are wrapped here with a
// CICU_ prefix and a version-free signature.
#include <stdint.h>
#include "CICUCharsets.h"
#include "CICUFolding.h"
#include "CICUNumbers.h"
#include "CICUSentences.h"
#include "CICUWords.h"
#include "CICUVertical.h"

/// An ICU line break iterator; reused across paragraphs because opening one is costly.
typedef struct CICU_LineBreaker CICU_LineBreaker;

/// Opens a line break iterator for a locale ("" for the root rules); NULL on failure.
CICU_LineBreaker *CICU_lineBreakerOpen(const char *locale);
void CICU_lineBreakerClose(CICU_LineBreaker *breaker);

/// Break opportunities of UTF-16 text. out[i] tells what may happen
/// between unit i and unit i + 1: 0 no break, 1 a break is allowed,
/// 2 a break is mandatory. Returns 0, or -1 when ICU fails.
int32_t CICU_lineBreaks(CICU_LineBreaker *breaker, const uint16_t *text, int32_t length, uint8_t *out);

/// True for a character East Asian wide, fullwidth or halfwidth and not
/// Hangul: between two such, a line end in the source is no space (CSS
/// Text 3's segment break rule).
int32_t CICU_isEastAsianWideNotHangul(uint32_t scalar);

/// 1 when ICU's strict rules start no line with the character (UAX #14
/// classes CL, CP, EX, IS, NS and CJ: closing marks, 、。，．・：；？！,
/// small kana, ー, iteration marks), else 0.
int32_t CICU_startsNoLine(uint32_t scalar);
/// 1 when no line ends with the character (class OP: opening brackets), else 0.
int32_t CICU_endsNoLine(uint32_t scalar);
/// 1 for a closing mark of class CL or CP (closing brackets, 、。，．), else 0.
int32_t CICU_isClosingMark(uint32_t scalar);

#endif

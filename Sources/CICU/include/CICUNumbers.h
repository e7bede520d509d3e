#ifndef CICU_NUMBERS_H
#define CICU_NUMBERS_H
// Numbers, percentages, dates and plural categories in a language's own
// way, through ICU (libicui18n, loaded on first use, as for charsets).
#include <stdint.h>

/// A formatter of one locale ("ar", "de", "zh_Hant"); NULL when ICU has none.
typedef struct CICU_NumberFormats CICU_NumberFormats;

CICU_NumberFormats *CICU_numberFormatsOpen(const char *locale);
void CICU_numberFormatsClose(CICU_NumberFormats *formats);

/// `value` as the locale writes a whole number, as UTF-8 into `out`;
/// returns the bytes written, or -1.
int32_t CICU_formatInteger(CICU_NumberFormats *formats, int64_t value, char *out, int32_t capacity);
/// `fraction` (0.42) as the locale writes a percentage ("42 %", "٤٢٪").
int32_t CICU_formatPercent(CICU_NumberFormats *formats, double fraction, char *out, int32_t capacity);
/// A moment (seconds since 1970, UTC) as the locale writes a medium date.
int32_t CICU_formatDate(CICU_NumberFormats *formats, double seconds, char *out, int32_t capacity);
/// The CLDR plural category of `value` in the locale ("one", "few", ...).
int32_t CICU_pluralCategory(CICU_NumberFormats *formats, int64_t value, char *out, int32_t capacity);

/// 1 when the locale's script is written right to left ("ar", "he"), else 0.
int32_t CICU_isRightToLeft(const char *locale);

#endif

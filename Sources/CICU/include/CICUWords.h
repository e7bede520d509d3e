#ifndef CICU_WORDS_H
#define CICU_WORDS_H
#include <stdint.h>

/// The word holding UTF-16 unit `index` of `text`, by ICU's word rules for
/// `locale` (with its dictionaries for Chinese, Japanese, Thai and the
/// like): writes its bounds to `start` and `end`; returns 1 when the unit
/// is in a word (letters, numbers, kana, ideographs), 0 when it is not
/// (white space, punctuation), -1 when ICU fails.
int32_t CICU_wordBounds(const char *locale, const uint16_t *text, int32_t length, int32_t index,
                        int32_t *start, int32_t *end);

#endif

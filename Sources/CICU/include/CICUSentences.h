#ifndef CICU_SENTENCES_H
#define CICU_SENTENCES_H
#include <stdint.h>

/// The ends of the sentences of UTF-16 text by ICU's sentence rules for
/// `locale`, in order, the last being `length`: at most `capacity` are
/// written to `ends`. Returns how many there are (more than `capacity`
/// when `ends` was too short), or -1 when ICU fails.
int32_t CICU_sentenceEnds(const char *locale, const uint16_t *text, int32_t length, int32_t *ends, int32_t capacity);

#endif

#ifndef CICU_CHARSETS_H
#define CICU_CHARSETS_H
// Charset detection and conversion through ICU, wrapped for the same
// reason as line breaking: ICU's renamed symbols (ucsdet_open_72).
#include <stdint.h>

/// One guess of ICU's charset detector: ICU's charset name, the language
/// its model is for ("" when none) and a confidence from 0 to 100.
typedef struct CICU_CharsetMatch {
    char name[32];
    char language[8];
    int32_t confidence;
} CICU_CharsetMatch;

/// ICU's guesses for `bytes`, best first, at most `capacity` of them into
/// `matches`. Returns how many, or -1 when ICU fails.
int32_t CICU_detectCharsets(const uint8_t *bytes, int32_t length, CICU_CharsetMatch *matches, int32_t capacity);

/// The name `standard` ("MIME", "IANA") gives the charset called `name`,
/// copied into `out`; returns 0, or -1 when the standard has no name for it.
int32_t CICU_standardName(const char *name, const char *standard, char *out, int32_t capacity);

/// A converter from a charset to UTF-8 that writes U+FFFD for every
/// byte sequence that is illegal or unmapped.
typedef struct CICU_Decoder CICU_Decoder;

/// Opens the converter of `name` (any alias ICU knows); NULL when ICU has none.
CICU_Decoder *CICU_decoderOpen(const char *name);
void CICU_decoderClose(CICU_Decoder *decoder);

/// Converts `bytes[0..<length]` into at most `capacity` bytes of UTF-8 at
/// `out`; `*consumed` is how many bytes were read. With `flush`, the input
/// ends here (an incomplete sequence at its end becomes U+FFFD). Returns
/// the bytes written, or -1 when ICU fails; when the output filled up
/// (`*more` set), call again with the rest, which may be empty.
int32_t CICU_decode(CICU_Decoder *decoder, const uint8_t *bytes, int32_t length, int32_t *consumed,
                    uint8_t *out, int32_t capacity, int32_t flush, int32_t *more);

#endif

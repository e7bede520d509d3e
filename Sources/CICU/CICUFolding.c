#include "CICUFolding.h"
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

// The longest decomposition is 18 characters (U+FDFA); full case folding
// at most triples a character.
enum { CICU_foldCapacity = 96 };

int32_t CICU_foldScalar(uint32_t scalar, int32_t exact, uint32_t *out, int32_t capacity) {
    if (scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = exact ? unorm2_getNFDInstance(&status) : unorm2_getNFKDInstance(&status);
    if (U_FAILURE(status)) return -1;
    UChar source[2];
    int32_t sourceLength = 0;
    U16_APPEND_UNSAFE(source, sourceLength, (UChar32)scalar);
    UChar decomposed[CICU_foldCapacity];
    int32_t length = unorm2_normalize(normalizer, source, sourceLength, decomposed, CICU_foldCapacity, &status);
    if (U_FAILURE(status)) return -1;

    UChar kept[CICU_foldCapacity];
    int32_t keptLength = 0;
    for (int32_t index = 0; index < length;) {
        UChar32 character;
        U16_NEXT(decomposed, index, length, character);
        if (!exact && u_getCombiningClass(character) != 0) continue;
        U16_APPEND_UNSAFE(kept, keptLength, character);
    }
    UChar folded[CICU_foldCapacity * 3];
    const UChar *result = kept;
    if (!exact && keptLength > 0) {
        keptLength = u_strFoldCase(folded, CICU_foldCapacity * 3, kept, keptLength, U_FOLD_CASE_DEFAULT, &status);
        if (U_FAILURE(status)) return -1;
        result = folded;
    }

    int32_t count = 0;
    for (int32_t index = 0; index < keptLength;) {
        UChar32 character;
        U16_NEXT(result, index, keptLength, character);
        if (count == capacity) return -1;
        out[count++] = u_isUWhiteSpace(character) ? 0x20 : (uint32_t)character;
    }
    return count;
}

#ifndef CICU_FOLDING_H
#define CICU_FOLDING_H
// Folding characters for search through ICU, wrapped for the same reason
// as line breaking: ICU's renamed symbols (unorm2_normalize_72).
#include <stdint.h>

/// What one character becomes for search, as scalars into `out` (at most
/// `capacity`). Ignoring case and accents (`exact` 0): its compatibility
/// decomposition (NFKD) without the marks that have a combining class,
/// then case folded in full (ß and ẞ become ss). Exact (`exact` 1): its
/// canonical decomposition (NFD) alone. Either way every White_Space
/// character of the result becomes U+0020. Returns how many scalars (0
/// for a mark dropped), or -1 when ICU fails or `out` is too small.
int32_t CICU_foldScalar(uint32_t scalar, int32_t exact, uint32_t *out, int32_t capacity);

#endif

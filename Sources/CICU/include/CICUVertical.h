#ifndef CICU_VERTICAL_H
#define CICU_VERTICAL_H
// The Unicode Vertical_Orientation property (UAX #50) through ICU, wrapped
// for the same reason as line breaking: ICU's renamed symbols.
#include <stdint.h>

/// A character's Vertical_Orientation: 0 rotated (R), 1 transformed
/// rotated (Tr), 2 transformed upright (Tu), 3 upright (U).
int32_t CICU_verticalOrientation(uint32_t scalar);

#endif

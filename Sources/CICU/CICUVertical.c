#include "CICUVertical.h"
#include <unicode/uchar.h>

int32_t CICU_verticalOrientation(uint32_t scalar) {
    switch (u_getIntPropertyValue((UChar32)scalar, UCHAR_VERTICAL_ORIENTATION)) {
    case U_VO_TRANSFORMED_ROTATED: return 1;
    case U_VO_TRANSFORMED_UPRIGHT: return 2;
    case U_VO_UPRIGHT: return 3;
    default: return 0;
    }
}

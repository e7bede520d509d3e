#include "CLinux.h"

// Struct layouts the Swift side reads byte for byte.
_Static_assert(sizeof(struct input_event) == 24, "struct input_event must be 24 bytes on 64-bit Linux");

// Font lookup: the default face and fallbacks come from fontconfig.
#include <fontconfig/fontconfig.h>

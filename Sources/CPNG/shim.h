// PNG output through libpng's simplified write API.
#include <png.h>

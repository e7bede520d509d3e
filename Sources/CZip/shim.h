// EPUB containers are read through libzip.
#include <zip.h>

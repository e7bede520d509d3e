// Dictionaries compressed with dictzip (gzip with random-access chunks) are
// inflated a chunk at a time through zlib.
#include <zlib.h>

// UAX #14 line breaking (libunibreak).
#include <linebreak.h>
#include <linebreakdef.h>

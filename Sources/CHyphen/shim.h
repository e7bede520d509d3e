// Hyphenation patterns (libhyphen, the hyphen-* dictionaries' reader).
// libhyphen-dev ships no pkg-config file; its header sits in /usr/include.
#include <hyphen.h>

// Stems of inflected words ("whales" -> "whale") from hunspell's
// dictionaries, for finding a word's headword in a dictionary.
#include <hunspell.h>

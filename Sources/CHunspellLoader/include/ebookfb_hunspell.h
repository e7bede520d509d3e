#ifndef EBOOKFB_HUNSPELL_H
#define EBOOKFB_HUNSPELL_H

// hunspell, loaded when the first dictionary lookup asks for a word's
// stems rather than with every reader. The types come from hunspell's own
// header; the calls go through these prefixed functions.
#include <hunspell/hunspell.h>

// Loads hunspell once; 0 when it is not installed (every other function
// below may be called only after this returned 1).
int ebookfb_hunspell_load(void);

Hunhandle *ebookfb_Hunspell_create(const char *affix_path, const char *words_path);
void ebookfb_Hunspell_destroy(Hunhandle *handle);
char *ebookfb_Hunspell_get_dic_encoding(Hunhandle *handle);
int ebookfb_Hunspell_stem(Hunhandle *handle, char ***list, const char *word);
void ebookfb_Hunspell_free_list(Hunhandle *handle, char ***list, int count);

#endif

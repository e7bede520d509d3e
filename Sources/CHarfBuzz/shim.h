// HarfBuzz shapes over FreeType faces through hb-ft.
#include <hb.h>
#include <hb-ft.h>

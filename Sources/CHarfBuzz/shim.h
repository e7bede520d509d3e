// HarfBuzz shapes over FreeType faces through hb-ft; hb-ot reads the
// fonts' OpenType baselines.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

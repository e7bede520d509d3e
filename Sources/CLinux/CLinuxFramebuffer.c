#include "CLinuxFramebuffer.h"

unsigned long CLinux_FBIOGET_VSCREENINFO(void) { return FBIOGET_VSCREENINFO; }
unsigned long CLinux_FBIOGET_FSCREENINFO(void) { return FBIOGET_FSCREENINFO; }
unsigned long CLinux_FBIOPAN_DISPLAY(void) { return FBIOPAN_DISPLAY; }
unsigned long CLinux_FBIOBLANK(void) { return FBIOBLANK; }
int CLinux_FB_BLANK_UNBLANK(void) { return FB_BLANK_UNBLANK; }
int CLinux_FB_BLANK_POWERDOWN(void) { return FB_BLANK_POWERDOWN; }

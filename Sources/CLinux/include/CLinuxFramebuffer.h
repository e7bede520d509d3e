#ifndef CLINUX_FRAMEBUFFER_H
#define CLINUX_FRAMEBUFFER_H
// The fbdev interface (/dev/fbN) for Swift: the screen-info structs come
// straight from the kernel header; the request numbers and blanking levels
// are exported as functions like the other CLinux requests.
#include <linux/fb.h>

unsigned long CLinux_FBIOGET_VSCREENINFO(void);
unsigned long CLinux_FBIOGET_FSCREENINFO(void);
unsigned long CLinux_FBIOPAN_DISPLAY(void);
unsigned long CLinux_FBIOBLANK(void);
int CLinux_FB_BLANK_UNBLANK(void);
int CLinux_FB_BLANK_POWERDOWN(void);

#endif

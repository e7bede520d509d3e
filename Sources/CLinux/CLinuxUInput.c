#include "CLinuxUInput.h"
#include <linux/uinput.h>

// The Swift side writes struct uinput_user_dev field by field: name, input_id,
// ff_effects_max, then absmax/absmin/absfuzz/absflat of ABS_CNT entries each.
_Static_assert(sizeof(struct uinput_user_dev) == UINPUT_MAX_NAME_SIZE + 8 + 4 + 4 * 4 * ABS_CNT,
               "uinput_user_dev is name, id, ff_effects_max and four axis arrays");

unsigned long CLinux_UI_SET_EVBIT(void) { return UI_SET_EVBIT; }
unsigned long CLinux_UI_SET_KEYBIT(void) { return UI_SET_KEYBIT; }
unsigned long CLinux_UI_SET_ABSBIT(void) { return UI_SET_ABSBIT; }
unsigned long CLinux_UI_SET_PROPBIT(void) { return UI_SET_PROPBIT; }
unsigned long CLinux_UI_DEV_CREATE(void) { return UI_DEV_CREATE; }
unsigned long CLinux_UI_DEV_DESTROY(void) { return UI_DEV_DESTROY; }
unsigned long CLinux_UI_GET_SYSNAME64(void) { return UI_GET_SYSNAME(64); }
int CLinux_uinputUserDevSize(void) { return (int)sizeof(struct uinput_user_dev); }
int CLinux_uinputMaxNameSize(void) { return UINPUT_MAX_NAME_SIZE; }
int CLinux_absoluteAxisCount(void) { return ABS_CNT; }

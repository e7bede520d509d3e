#ifndef CLINUX_INPUT_H
#define CLINUX_INPUT_H
// evdev interfaces for Swift. The EVIOC* request numbers are built by the
// _IOR/_IOW/_IOC macros (some take a length or code argument), which the
// Swift importer cannot expand, so each one is a function here.
#include <linux/input.h>
#include <time.h>

/// EVIOCGBIT(ev, len): the capability bitmap of one event type (or of all types when ev is 0).
unsigned long CLinux_EVIOCGBIT(unsigned int eventType, unsigned int length);
/// EVIOCGABS(abs): the struct input_absinfo of one absolute axis.
unsigned long CLinux_EVIOCGABS(unsigned int axis);
/// EVIOCGPROP(len): the INPUT_PROP_* bitmap.
unsigned long CLinux_EVIOCGPROP(unsigned int length);
/// EVIOCGKEY(len): the bitmap of keys currently down, needed to resync after SYN_DROPPED.
unsigned long CLinux_EVIOCGKEY(unsigned int length);
/// EVIOCGMTSLOTS(len): one ABS_MT_* value for every slot, needed to resync after SYN_DROPPED.
unsigned long CLinux_EVIOCGMTSLOTS(unsigned int length);
/// EVIOCGNAME(len): the device name, as a NUL-terminated string.
unsigned long CLinux_EVIOCGNAME(unsigned int length);
/// EVIOCGID: bus, vendor, product and version.
unsigned long CLinux_EVIOCGID(void);
/// EVIOCSCLOCKID: which clock stamps the events (we want CLOCK_MONOTONIC).
unsigned long CLinux_EVIOCSCLOCKID(void);
/// EVIOCGRAB: exclusive access, so a kiosk's touches reach no other reader.
unsigned long CLinux_EVIOCGRAB(void);

/// ioctl(2) is variadic, and Swift cannot call C variadic functions:
/// these two fix the third argument's type.
int CLinux_ioctlPointer(int fd, unsigned long request, void *argument);
int CLinux_ioctlInt(int fd, unsigned long request, int argument);

/// CLOCK_MONOTONIC as an int, for EVIOCSCLOCKID (the macro's type differs between libcs).
int CLinux_clockMonotonic(void);

#endif

#include "CLinuxInput.h"
#include <sys/ioctl.h>

// Layouts the Swift side reads byte for byte (24-byte input_event is asserted in CLinux.c).
_Static_assert(sizeof(struct input_absinfo) == 24, "struct input_absinfo must be 6 x 32 bits");
_Static_assert(sizeof(struct input_id) == 8, "struct input_id must be 4 x 16 bits");

unsigned long CLinux_EVIOCGBIT(unsigned int eventType, unsigned int length) { return EVIOCGBIT(eventType, length); }
unsigned long CLinux_EVIOCGABS(unsigned int axis) { return EVIOCGABS(axis); }
unsigned long CLinux_EVIOCGPROP(unsigned int length) { return EVIOCGPROP(length); }
unsigned long CLinux_EVIOCGKEY(unsigned int length) { return EVIOCGKEY(length); }
unsigned long CLinux_EVIOCGMTSLOTS(unsigned int length) { return EVIOCGMTSLOTS(length); }
unsigned long CLinux_EVIOCGNAME(unsigned int length) { return EVIOCGNAME(length); }
unsigned long CLinux_EVIOCGID(void) { return EVIOCGID; }
unsigned long CLinux_EVIOCSCLOCKID(void) { return EVIOCSCLOCKID; }
unsigned long CLinux_EVIOCGRAB(void) { return EVIOCGRAB; }

int CLinux_ioctlPointer(int fd, unsigned long request, void *argument) { return ioctl(fd, request, argument); }
int CLinux_ioctlInt(int fd, unsigned long request, int argument) { return ioctl(fd, request, argument); }

int CLinux_clockMonotonic(void) { return CLOCK_MONOTONIC; }

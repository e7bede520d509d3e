#ifndef CLINUX_UINPUT_H
#define CLINUX_UINPUT_H
// uinput interfaces for Swift: the UI_* request numbers are built by _IOW
// and _IO, which Swift's importer cannot expand. Used to create a virtual
// touchscreen that replays recordings (the virtual kiosk's touches).

/// UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_ABSBIT, UI_SET_PROPBIT: declare a capability.
unsigned long CLinux_UI_SET_EVBIT(void);
unsigned long CLinux_UI_SET_KEYBIT(void);
unsigned long CLinux_UI_SET_ABSBIT(void);
unsigned long CLinux_UI_SET_PROPBIT(void);
/// UI_DEV_CREATE and UI_DEV_DESTROY: the device appears in /dev/input and goes away.
unsigned long CLinux_UI_DEV_CREATE(void);
unsigned long CLinux_UI_DEV_DESTROY(void);
/// UI_GET_SYSNAME for a 64-byte buffer: the device's name in sysfs ("input7").
unsigned long CLinux_UI_GET_SYSNAME64(void);
/// sizeof(struct uinput_user_dev), written once before UI_DEV_CREATE.
int CLinux_uinputUserDevSize(void);
/// UINPUT_MAX_NAME_SIZE and ABS_CNT, to lay out that struct.
int CLinux_uinputMaxNameSize(void);
int CLinux_absoluteAxisCount(void);

#endif

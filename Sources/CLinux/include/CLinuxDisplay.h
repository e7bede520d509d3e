#ifndef CLINUX_DISPLAY_H
#define CLINUX_DISPLAY_H
// DRM, virtual terminal and signal interfaces for Swift. Request numbers
// built by _IOWR and friends, fourcc codes built by a function-like macro,
// and signalfd (whose header Swift's Glibc module does not include) are
// exported here as functions with a CLinux_ prefix.
#include <signal.h>
#include <stdint.h>

/// DRM_IOCTL_MODE_CREATE_DUMB: allocate a dumb scanout buffer (libdrm 2.4.114 has no wrapper).
unsigned long CLinux_DRM_IOCTL_MODE_CREATE_DUMB(void);
/// DRM_IOCTL_MODE_MAP_DUMB: the offset to mmap a dumb buffer at.
unsigned long CLinux_DRM_IOCTL_MODE_MAP_DUMB(void);
/// DRM_IOCTL_MODE_DESTROY_DUMB: free a dumb buffer.
unsigned long CLinux_DRM_IOCTL_MODE_DESTROY_DUMB(void);
/// DRM_FORMAT_XRGB8888 ('XR24'), the pixel format of our buffers.
uint32_t CLinux_DRM_FORMAT_XRGB8888(void);

/// struct drm_mode_create_dumb, mirrored with fixed-width fields so Swift
/// fills it without depending on the kernel header's spelling.
typedef struct CLinux_DumbBufferRequest {
    uint32_t height;
    uint32_t width;
    uint32_t bitsPerPixel;
    uint32_t flags;
    uint32_t handle;
    uint32_t pitch;
    uint64_t size;
} CLinux_DumbBufferRequest;

/// struct drm_mode_map_dumb.
typedef struct CLinux_DumbBufferMapRequest {
    uint32_t handle;
    uint32_t padding;
    uint64_t offset;
} CLinux_DumbBufferMapRequest;

/// struct drm_mode_destroy_dumb.
typedef struct CLinux_DumbBufferDestroyRequest {
    uint32_t handle;
} CLinux_DumbBufferDestroyRequest;

/// Virtual terminal requests (linux/kd.h, linux/vt.h) and their arguments.
unsigned long CLinux_KDSETMODE(void);
unsigned long CLinux_KDGETMODE(void);
unsigned long CLinux_KDGKBMODE(void);
unsigned long CLinux_KDSKBMODE(void);
unsigned long CLinux_VT_GETMODE(void);
unsigned long CLinux_VT_SETMODE(void);
unsigned long CLinux_VT_RELDISP(void);
unsigned long CLinux_VT_GETSTATE(void);
unsigned long CLinux_VT_ACTIVATE(void);
unsigned long CLinux_VT_OPENQRY(void);
int CLinux_KD_TEXT(void);
int CLinux_KD_GRAPHICS(void);
int CLinux_K_OFF(void);
int CLinux_VT_AUTO(void);
int CLinux_VT_PROCESS(void);
int CLinux_VT_ACKACQ(void);

/// struct vt_mode, mirrored with fixed-width fields.
typedef struct CLinux_VTMode {
    char mode;
    char waitv;
    int16_t releaseSignal;
    int16_t acquireSignal;
    int16_t frsig;
} CLinux_VTMode;

/// struct vt_stat.
typedef struct CLinux_VTState {
    uint16_t active;
    uint16_t signal;
    uint16_t state;
} CLinux_VTState;

/// Blocks `signals` for the process and returns a non-blocking,
/// close-on-exec signalfd that reads them, or -1 with errno set. Blocking
/// and the fd must be set up together, or a signal could be lost between.
int CLinux_signalfdOpen(const int *signals, int count);
/// Unblocks `signals` again (after the signalfd is closed).
int CLinux_signalsUnblock(const int *signals, int count);
/// sizeof(struct signalfd_siginfo), and the offset of ssi_signo in it.
int CLinux_signalfdInfoSize(void);

/// After a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) the
/// kernel gives the screen back to the console when the DRM fd closes, but
/// leaves the VT in graphics mode with the keyboard off: this handler puts
/// text mode, `keyboardMode` and VT_AUTO back on `terminalFd`, then lets the
/// signal take its default course. Swift cannot run in a signal handler, so
/// the state lives here. Pass keyboardMode -1 to leave the keyboard alone.
int CLinux_installCrashRestore(int terminalFd, int keyboardMode);
/// Removes the handler (after a normal restore).
void CLinux_removeCrashRestore(void);

#endif

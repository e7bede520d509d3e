#include "CLinuxDisplay.h"
// The kernel's DRM uapi headers ship with libdrm-dev on Debian, under libdrm/.
#include <libdrm/drm.h>
#include <libdrm/drm_fourcc.h>
#include <libdrm/drm_mode.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>

// The mirrors in CLinuxDisplay.h must match the kernel's structs byte for byte.
_Static_assert(sizeof(CLinux_DumbBufferRequest) == sizeof(struct drm_mode_create_dumb), "create_dumb size");
_Static_assert(offsetof(CLinux_DumbBufferRequest, handle) == offsetof(struct drm_mode_create_dumb, handle), "create_dumb handle");
_Static_assert(offsetof(CLinux_DumbBufferRequest, pitch) == offsetof(struct drm_mode_create_dumb, pitch), "create_dumb pitch");
_Static_assert(offsetof(CLinux_DumbBufferRequest, size) == offsetof(struct drm_mode_create_dumb, size), "create_dumb size field");
_Static_assert(sizeof(CLinux_DumbBufferMapRequest) == sizeof(struct drm_mode_map_dumb), "map_dumb size");
_Static_assert(offsetof(CLinux_DumbBufferMapRequest, offset) == offsetof(struct drm_mode_map_dumb, offset), "map_dumb offset");
_Static_assert(sizeof(CLinux_DumbBufferDestroyRequest) == sizeof(struct drm_mode_destroy_dumb), "destroy_dumb size");
_Static_assert(sizeof(CLinux_VTMode) == sizeof(struct vt_mode), "vt_mode size");
_Static_assert(offsetof(CLinux_VTMode, releaseSignal) == offsetof(struct vt_mode, relsig), "vt_mode relsig");
_Static_assert(offsetof(CLinux_VTMode, acquireSignal) == offsetof(struct vt_mode, acqsig), "vt_mode acqsig");
_Static_assert(sizeof(CLinux_VTState) == sizeof(struct vt_stat), "vt_stat size");
_Static_assert(sizeof(struct signalfd_siginfo) == 128, "signalfd_siginfo is 128 bytes");
_Static_assert(offsetof(struct signalfd_siginfo, ssi_signo) == 0, "ssi_signo comes first");

unsigned long CLinux_DRM_IOCTL_MODE_CREATE_DUMB(void) { return DRM_IOCTL_MODE_CREATE_DUMB; }
unsigned long CLinux_DRM_IOCTL_MODE_MAP_DUMB(void) { return DRM_IOCTL_MODE_MAP_DUMB; }
unsigned long CLinux_DRM_IOCTL_MODE_DESTROY_DUMB(void) { return DRM_IOCTL_MODE_DESTROY_DUMB; }
uint32_t CLinux_DRM_FORMAT_XRGB8888(void) { return DRM_FORMAT_XRGB8888; }

unsigned long CLinux_KDSETMODE(void) { return KDSETMODE; }
unsigned long CLinux_KDGETMODE(void) { return KDGETMODE; }
unsigned long CLinux_KDGKBMODE(void) { return KDGKBMODE; }
unsigned long CLinux_KDSKBMODE(void) { return KDSKBMODE; }
unsigned long CLinux_VT_GETMODE(void) { return VT_GETMODE; }
unsigned long CLinux_VT_SETMODE(void) { return VT_SETMODE; }
unsigned long CLinux_VT_RELDISP(void) { return VT_RELDISP; }
unsigned long CLinux_VT_GETSTATE(void) { return VT_GETSTATE; }
unsigned long CLinux_VT_ACTIVATE(void) { return VT_ACTIVATE; }
unsigned long CLinux_VT_OPENQRY(void) { return VT_OPENQRY; }
int CLinux_KD_TEXT(void) { return KD_TEXT; }
int CLinux_KD_GRAPHICS(void) { return KD_GRAPHICS; }
int CLinux_K_OFF(void) { return K_OFF; }
int CLinux_VT_AUTO(void) { return VT_AUTO; }
int CLinux_VT_PROCESS(void) { return VT_PROCESS; }
int CLinux_VT_ACKACQ(void) { return VT_ACKACQ; }

static void fillSet(sigset_t *set, const int *signals, int count) {
    sigemptyset(set);
    for (int i = 0; i < count; i++) sigaddset(set, signals[i]);
}

int CLinux_signalfdOpen(const int *signals, int count) {
    sigset_t set;
    fillSet(&set, signals, count);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int CLinux_signalsUnblock(const int *signals, int count) {
    sigset_t set;
    fillSet(&set, signals, count);
    return sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int CLinux_signalfdInfoSize(void) { return (int)sizeof(struct signalfd_siginfo); }

// The crash handler's state: set once before the VT leaves text mode, read
// only inside the handler (a signal handler can reach nothing else).
static volatile sig_atomic_t crashTerminal = -1;
static volatile sig_atomic_t crashKeyboardMode = -1;
static const int crashSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};

static void restoreTerminalOnCrash(int signal) {
    int fd = crashTerminal;
    if (fd >= 0) {
        struct vt_mode automatic;
        memset(&automatic, 0, sizeof automatic);
        automatic.mode = VT_AUTO;
        if (crashKeyboardMode >= 0) ioctl(fd, KDSKBMODE, (int)crashKeyboardMode);
        ioctl(fd, VT_SETMODE, &automatic);
        ioctl(fd, KDSETMODE, KD_TEXT);
    }
    // SA_RESETHAND put the default action back: raising again ends the process as the signal would have.
    raise(signal);
}

int CLinux_installCrashRestore(int terminalFd, int keyboardMode) {
    crashTerminal = terminalFd;
    crashKeyboardMode = keyboardMode;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restoreTerminalOnCrash;
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < sizeof crashSignals / sizeof crashSignals[0]; i++) {
        if (sigaction(crashSignals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

void CLinux_removeCrashRestore(void) {
    crashTerminal = -1;
    crashKeyboardMode = -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (unsigned i = 0; i < sizeof crashSignals / sizeof crashSignals[0]; i++) sigaction(crashSignals[i], &action, NULL);
}

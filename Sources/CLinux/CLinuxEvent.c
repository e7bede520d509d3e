#include "CLinux.h"
#include <sys/eventfd.h>

int CLinux_eventfdCreate(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

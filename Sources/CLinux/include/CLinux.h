#ifndef CLINUX_H
#define CLINUX_H
// Kernel interfaces for Swift: ioctl request numbers are built by macros
// that Swift's importer cannot expand, so each is exported here as a
// function with a CLinux_ prefix.
#include <linux/input.h>
#include "CLinuxInput.h"
#include "CLinuxDisplay.h"
#include "CLinuxUInput.h"
#include "CLinuxNotify.h"
#include "CLinuxTimer.h"
#include "CLinuxEvent.h"
#include "CLinuxFuzz.h"
#include "CLinuxMemory.h"
#include "CLinuxThread.h"
#include "CLinuxCopy.h"
#include "CLinuxAffinity.h"
#include "CLinuxFramebuffer.h"

#endif

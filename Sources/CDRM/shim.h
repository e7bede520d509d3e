#ifndef CDRM_SHIM_H
#define CDRM_SHIM_H
// libdrm: the DRM core calls and the KMS (mode setting) API.
#include <xf86drm.h>
#include <xf86drmMode.h>
#endif

#ifndef CLINUX_NOTIFY_H
#define CLINUX_NOTIFY_H
#include <stddef.h>

// Sends `message` as one datagram to the AF_UNIX socket at `socket_path`
// (a leading '@' names an abstract socket), as systemd's sd_notify does.
// Exists because filling a sockaddr_un's fixed char array and passing its
// true length is clumsy and easy to get wrong from Swift.
// Returns 0, or -errno (-ENAMETOOLONG when the path does not fit).
int CLinux_notify_send(const char *socket_path, const char *message, size_t length);

#endif

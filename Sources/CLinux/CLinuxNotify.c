#include "CLinuxNotify.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

// The address must hold a path of up to 107 bytes and its terminator.
_Static_assert(sizeof(((struct sockaddr_un *)0)->sun_path) == 108, "sun_path is 108 bytes on Linux");

int CLinux_notify_send(const char *socket_path, const char *message, size_t length) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof(address));
    address.sun_family = AF_UNIX;
    size_t path_length = strlen(socket_path);
    if (path_length == 0 || path_length >= sizeof(address.sun_path)) return -ENAMETOOLONG;
    memcpy(address.sun_path, socket_path, path_length);
    socklen_t address_length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + path_length);
    if (socket_path[0] == '@') {
        address.sun_path[0] = '\0'; // abstract namespace: no terminator, exact length
    } else {
        address_length += 1;
    }
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    ssize_t sent;
    do {
        sent = sendto(fd, message, length, MSG_NOSIGNAL, (struct sockaddr *)&address, address_length);
    } while (sent < 0 && errno == EINTR);
    int result = sent < 0 ? -errno : 0;
    close(fd);
    return result;
}

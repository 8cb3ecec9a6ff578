#include "CFontdSystem.h"
#include <errno.h>

int fontd_accept_nonblocking(int listener, struct sockaddr *address, socklen_t *length) {
    return accept4(listener, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int fontd_errno(void) { return errno; }

#ifndef FONTD_CSYSTEM_H
#define FONTD_CSYSTEM_H
// Glibc's Swift module exports no epoll, eventfd or signalfd; these headers declare them
// without _GNU_SOURCE. Everything else comes from Glibc, so no type is defined twice.
// accept4 does need _GNU_SOURCE: it is wrapped below and compiled with it (Package.swift).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>

/// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC: no window where the descriptor blocks or leaks into a child.
int fontd_accept_nonblocking(int listener, struct sockaddr *address, socklen_t *length);

/// The errno of the calling thread (a macro in C, so not importable as a variable).
int fontd_errno(void);
#endif

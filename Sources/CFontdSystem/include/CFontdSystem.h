#ifndef FONTD_CSYSTEM_H
#define FONTD_CSYSTEM_H
// Glibc's Swift module exports no epoll, eventfd or signalfd; these headers declare them
// without _GNU_SOURCE. Everything else comes from Glibc, so no type is defined twice.
// accept4, pipe2 and posix_spawn_file_actions_addclosefrom_np do need _GNU_SOURCE: they are
// wrapped below and compiled with it (Package.swift).
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>

/// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC: no window where the descriptor blocks or leaks into a child.
int fontd_accept_nonblocking(int listener, struct sockaddr *address, socklen_t *length);

/// pipe2 with O_CLOEXEC: no window where another thread's child inherits either end.
int fontd_pipe_cloexec(int ends[2]);

/// Has a spawned child close every descriptor from `lowest` up, so that it holds only the
/// three it is given (glibc 2.34's posix_spawn_file_actions_addclosefrom_np).
int fontd_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE): swaps two names at once, so that
/// what stood at `to` is kept under `from` and can be compared (docs/DESIGN.md §35 (Editing a
/// reader's file)). -1 with errno EINVAL where the file system cannot.
int fontd_rename_exchange(const char *from, const char *to);

/// renameat2 with RENAME_NOREPLACE: -1 with errno EEXIST when `to` exists, never replacing it.
int fontd_rename_noreplace(const char *from, const char *to);

/// The errno of the calling thread (a macro in C, so not importable as a variable).
int fontd_errno(void);
#endif

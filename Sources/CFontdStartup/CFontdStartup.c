#include "CFontdStartup.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>

static int blocked_at_start = 0;

// `fontd serve` reads SIGTERM and SIGINT (and SIGHUP) from a signalfd (docs/DESIGN.md §15 (Timeouts, overload and shutdown)), which
// only works if no thread can take them the default way. Threads inherit the signal mask of the
// thread that creates them, and the Swift runtime and libraries start threads before `main`'s
// first line runs (an async main hands the main thread to libdispatch), so the mask is set here,
// in a constructor, before any of them exist. glibc passes constructors the program's arguments;
// `fontd` has no options before its subcommand, so `serve` is the first. Other commands keep the
// default handling (Ctrl-C stops `fontd watch`).
__attribute__((constructor)) static void fontd_block_serve_signals(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || argv == NULL || argv[1] == NULL || strcmp(argv[1], "serve") != 0) return;
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGHUP);
    if (pthread_sigmask(SIG_BLOCK, &signals, NULL) == 0) blocked_at_start = 1;
}

int fontd_serve_signals_blocked_at_start(void) { return blocked_at_start; }

#include <dlfcn.h>
#include <string.h>
#include <unistd.h>

#pragma GCC visibility push(hidden)
#include "LazyLibrary.h"

// Written with write(2) alone: the forwarding function may be called on any thread, with stdio in any state.
static void fontd_lazy_say(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

__attribute__((noreturn)) static void fontd_lazy_fail(fontd_lazy_library *library, const char *what, const char *reason) {
    fontd_lazy_say("fontd: ");
    fontd_lazy_say(library->soname);
    fontd_lazy_say(what);
    fontd_lazy_say(reason != NULL ? reason : "no reason given");
    fontd_lazy_say("); it comes with Debian's ");
    fontd_lazy_say(library->package);
    fontd_lazy_say("\n");
    // As the loader does when a library a program needs is missing.
    _exit(127);
}

void *fontd_lazy_symbol(fontd_lazy_library *library, const char *name) {
    void *handle = __atomic_load_n(&library->handle, __ATOMIC_ACQUIRE);
    if (handle == NULL) {
        // RTLD_LOCAL: the library's symbols stay its own, as the forwarding functions are fontd's.
        handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL);
        if (handle == NULL) fontd_lazy_fail(library, " does not load (", dlerror());
        __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
    }
    void *symbol = dlsym(handle, name);
    if (symbol == NULL) fontd_lazy_fail(library, " lacks a function fontd calls (", dlerror());
    return symbol;
}

#pragma GCC visibility pop

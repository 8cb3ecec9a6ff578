#ifndef FONTD_LAZY_LIBRARY_H
#define FONTD_LAZY_LIBRARY_H

#include <stddef.h>

// The machinery of the forwarding functions in Fontconfig.c, FreeType.c and SQLite.c: each defines, under the C
// library's own name and with its prototype (the compiler checks the two agree), a function that opens the library
// on its first call and calls the library's function of that name. A command that calls none of them, an answer
// from the command line's cache, never loads the libraries (docs/DESIGN.md §18 (The command line)).
//
// The forwarding functions are hidden (never in fontd's dynamic symbol table), so that the real libraries, once
// loaded, call each other directly, and nothing outside fontd's own code ever reaches them.

/// A shared library fontd opens with dlopen the first time one of its functions is called.
typedef struct fontd_lazy_library {
    /// Its file name as the loader looks it up (its SONAME, as linking against it would have recorded).
    const char *soname;
    /// The Debian package that has it, for the message when it does not load.
    const char *package;
    /// Its handle once opened (written once; dlopen of an open library returns the same handle).
    void *handle;
} fontd_lazy_library;

/// The address of `name` in `library`, which is opened first if it is not yet. When either fails, fontd cannot
/// go on, as when the loader could not find a library at start: one line on stderr and exit status 127.
void *fontd_lazy_symbol(fontd_lazy_library *library, const char *name);

// The parameters and the arguments of a function of 1 to 9 parameters, from its parameter types.
#define FONTD_LAZY_COUNT(...) FONTD_LAZY_COUNT_(__VA_ARGS__, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define FONTD_LAZY_COUNT_(_1, _2, _3, _4, _5, _6, _7, _8, _9, count, ...) count
#define FONTD_LAZY_JOIN(a, b) FONTD_LAZY_JOIN_(a, b)
#define FONTD_LAZY_JOIN_(a, b) a##b
#define FONTD_LAZY_PARAMETERS(...) FONTD_LAZY_JOIN(FONTD_LAZY_P, FONTD_LAZY_COUNT(__VA_ARGS__))(__VA_ARGS__)
#define FONTD_LAZY_ARGUMENTS(...) FONTD_LAZY_JOIN(FONTD_LAZY_A, FONTD_LAZY_COUNT(__VA_ARGS__))
#define FONTD_LAZY_P1(t1) __typeof__(t1) a1
#define FONTD_LAZY_P2(t1, t2) FONTD_LAZY_P1(t1), __typeof__(t2) a2
#define FONTD_LAZY_P3(t1, t2, t3) FONTD_LAZY_P2(t1, t2), __typeof__(t3) a3
#define FONTD_LAZY_P4(t1, t2, t3, t4) FONTD_LAZY_P3(t1, t2, t3), __typeof__(t4) a4
#define FONTD_LAZY_P5(t1, t2, t3, t4, t5) FONTD_LAZY_P4(t1, t2, t3, t4), __typeof__(t5) a5
#define FONTD_LAZY_P6(t1, t2, t3, t4, t5, t6) FONTD_LAZY_P5(t1, t2, t3, t4, t5), __typeof__(t6) a6
#define FONTD_LAZY_P7(t1, t2, t3, t4, t5, t6, t7) FONTD_LAZY_P6(t1, t2, t3, t4, t5, t6), __typeof__(t7) a7
#define FONTD_LAZY_P8(t1, t2, t3, t4, t5, t6, t7, t8) FONTD_LAZY_P7(t1, t2, t3, t4, t5, t6, t7), __typeof__(t8) a8
#define FONTD_LAZY_P9(t1, t2, t3, t4, t5, t6, t7, t8, t9) FONTD_LAZY_P8(t1, t2, t3, t4, t5, t6, t7, t8), __typeof__(t9) a9
#define FONTD_LAZY_A1 a1
#define FONTD_LAZY_A2 FONTD_LAZY_A1, a2
#define FONTD_LAZY_A3 FONTD_LAZY_A2, a3
#define FONTD_LAZY_A4 FONTD_LAZY_A3, a4
#define FONTD_LAZY_A5 FONTD_LAZY_A4, a5
#define FONTD_LAZY_A6 FONTD_LAZY_A5, a6
#define FONTD_LAZY_A7 FONTD_LAZY_A6, a7
#define FONTD_LAZY_A8 FONTD_LAZY_A7, a8
#define FONTD_LAZY_A9 FONTD_LAZY_A8, a9

// The library's function `name`, found on the first call and kept (two threads finding it at once find the same).
#define FONTD_LAZY_RESOLVED(library, name)                                                                   \
    static __typeof__(&name) resolved;                                                                       \
    __typeof__(&name) function = __atomic_load_n(&resolved, __ATOMIC_ACQUIRE);                               \
    if (function == NULL) {                                                                                  \
        function = (__typeof__(&name))fontd_lazy_symbol(&library, #name);                                    \
        __atomic_store_n(&resolved, function, __ATOMIC_RELEASE);                                             \
    }

/// `Return name(parameter types…)` of `library`, forwarded.
#define FONTD_FORWARD(library, Return, name, ...)                                                            \
    Return name(FONTD_LAZY_PARAMETERS(__VA_ARGS__)) {                                                        \
        FONTD_LAZY_RESOLVED(library, name)                                                                   \
        return function(FONTD_LAZY_ARGUMENTS(__VA_ARGS__));                                                  \
    }

/// `void name(parameter types…)` of `library`, forwarded.
#define FONTD_FORWARD_VOID(library, name, ...)                                                               \
    void name(FONTD_LAZY_PARAMETERS(__VA_ARGS__)) {                                                          \
        FONTD_LAZY_RESOLVED(library, name)                                                                   \
        function(FONTD_LAZY_ARGUMENTS(__VA_ARGS__));                                                         \
    }

/// `Return name(void)` of `library`, forwarded.
#define FONTD_FORWARD_NO_PARAMETERS(library, Return, name)                                                   \
    Return name(void) {                                                                                      \
        FONTD_LAZY_RESOLVED(library, name)                                                                   \
        return function();                                                                                   \
    }

#endif

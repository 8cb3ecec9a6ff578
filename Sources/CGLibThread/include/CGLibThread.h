#ifndef FONTD_CGLIBTHREAD_H
#define FONTD_CGLIBTHREAD_H
// A GLib main context on a thread of its own, for the C libraries fontd loads with dlopen
// (libfontd-gnome.so, libfontd-bus.so; docs/DESIGN.md §26 (The desktop bridge), §27 (The session bus)).
// Linked into each of them.
//
// GIO delivers an object's events (a GSettings key's changes, a GDBus method call) to the main
// context that was the thread default when the object was made, so each library makes its objects
// on this thread, in `setup`, after the context is pushed; only this thread iterates the context,
// and work from other threads reaches it as idle sources, run in the order they were attached.

#include <glib.h>

// Linked into each library on its own: not exported from either.
#pragma GCC visibility push(hidden)

typedef struct fontd_glib_thread fontd_glib_thread;

/// Run on the thread with its context pushed, before the loop: makes what the owner watches or
/// serves. FALSE (the owner keeps why) ends the thread without running the loop.
typedef gboolean (*fontd_glib_thread_setup)(void *owner);

/// Run on the thread once the loop has quit, when `setup` succeeded: releases what it made.
typedef void (*fontd_glib_thread_teardown)(void *owner);

/// A function run on the thread.
typedef void (*fontd_glib_thread_task)(void *owner, void *data);

/// Starts a thread called `name` (Linux keeps 15 characters), runs `setup(owner)` on it and
/// returns once setup has returned: the caller may then read what setup left in `owner`. NULL,
/// with `*error` set, when no thread could be started.
fontd_glib_thread *fontd_glib_thread_start(
    const char *name, fontd_glib_thread_setup setup, fontd_glib_thread_teardown teardown, void *owner, GError **error);

/// Runs `task(owner, data)` on the thread after the tasks given before it (g_main_context_invoke
/// would run it on the calling thread when that thread could acquire the context). `release(data)`
/// runs once, after the task ran or when stopping drops it. From any thread.
void fontd_glib_thread_perform(fontd_glib_thread *thread, fontd_glib_thread_task task, void *data, GDestroyNotify release);

/// Runs `task(owner, data)` on the thread as `fontd_glib_thread_perform` does, and returns once it
/// has run. Not from the thread itself.
void fontd_glib_thread_perform_and_wait(fontd_glib_thread *thread, fontd_glib_thread_task task, void *data);

/// Quits the loop (from a task: a quit before the thread has entered the loop would be lost),
/// waits for the thread to end, and frees it; the tasks still pending are dropped and released.
/// Also after a `setup` that failed, whose thread has already ended.
void fontd_glib_thread_stop(fontd_glib_thread *thread);

#pragma GCC visibility pop

#endif

#ifndef FONTD_BUS_INTERNAL_H
#define FONTD_BUS_INTERNAL_H
// What the two files of libfontd-bus.so share: the connection's state, the tasks that run on its
// thread, and the method calls' handlers (docs/DESIGN.md §27 (The session bus)). Not installed; not part of the table.

#include <gio/gio.h>

#include "CBusService.h"
#include "CGLibThread.h"

// Shared by the library's files only: not exported (the table is the library's one symbol).
#pragma GCC visibility push(hidden)

/// An object served: its path and introspection XML.
typedef struct fontd_bus_export {
    char *path;
    char *xml;
} fontd_bus_export;

struct fontd_bus {
    char *address;
    fontd_bus_callbacks callbacks;
    /// The bus thread (CGLibThread).
    fontd_glib_thread *thread;
    /// Made, used and released on the bus thread only; NULL while the bus is away.
    GDBusConnection *connection;
    /// The registered objects' interfaces, by "path\ninterface", for typing replies, signals and
    /// set answers; and the registration ids. Written on the bus thread while exporting only.
    GHashTable *interfaces;
    GArray *registrations;

    /// The answers given at once (BusAnswers.c), by call: replaced whole under `answers_lock`,
    /// read on GDBus's worker thread.
    GMutex answers_lock;
    GHashTable *answers;
    /// The serialized size of the largest arguments `answers` holds.
    gsize answers_largest_arguments;
    guint filter;

    /// What the connection served, to serve again on a new one when the bus comes back: each
    /// object's path and XML (`fontd_bus_export`), and each name taken. Bus thread only.
    GPtrArray *exports;
    GPtrArray *names;
    /// The handler of the connection's `closed`; the attempt to connect again that is pending, and
    /// the wait before the next one. Bus thread only.
    gulong closed_handler;
    GSource *retry;
    guint retry_milliseconds;

    /// Why the thread could not connect, written by it before the start returns.
    fontd_bus_failure failure;
};

struct fontd_bus_call {
    fontd_bus *bus;
    GDBusMethodInvocation *invocation;
};

/// A function run on the bus thread by `fontd_bus_perform`.
typedef void (*bus_task)(fontd_bus *bus, gpointer data);

/// Runs `task` on the bus thread after the tasks given before it; `release` runs once, after the
/// task ran or when closing drops it. From any thread.
void fontd_bus_perform(fontd_bus *bus, bus_task task, gpointer data, GDestroyNotify release);

/// Logs `message` as a warning through fontd's logger.
void fontd_bus_log_warning(fontd_bus *bus, const char *message);

/// The key of `bus->interfaces`: "path\ninterface".
char *fontd_bus_interface_key(const char *path, const char *interface);

/// The type of `arguments` as a tuple (BusMessages.c).
GVariantType *fontd_bus_tuple_type(GDBusArgInfo **arguments);

/// The table's `set_answers`, and the connection's filter that answers from them (BusAnswers.c).
bool fontd_bus_set_answers(fontd_bus *bus, const fontd_bus_answer *answers, size_t count);
GDBusMessage *fontd_bus_answer_filter(GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data);

/// Calls and properties of the registered objects, delivered to Swift (BusMessages.c).
extern const GDBusInterfaceVTable fontd_bus_vtable;

/// The table's `reply`, `fail` and `emit` (BusMessages.c).
void fontd_bus_reply(fontd_bus_call *call, const char *text);
void fontd_bus_fail_call(fontd_bus_call *call, const char *name, const char *text);
void fontd_bus_emit(fontd_bus *bus, const char *path, const char *interface, const char *signal, const char *text);
void fontd_bus_emit_signal(
    fontd_bus *bus, const char *path, const char *interface, const char *signal, const char *signature, const char *text);

#pragma GCC visibility pop

#endif

// libfontd-bus.so: one session-bus connection served on a thread of its own (CGLibThread), behind the table of
// CSessionBus.h (docs/DESIGN.md §27 (The session bus)). The connection and every registration are made on that
// thread after its own main context is pushed as the thread's default: GDBus delivers method calls
// to the context that was the thread default when the object was registered, and only that thread
// iterates this one. Replies and signals given from other threads are handed to it as idle sources,
// which run in the order they were attached.

#include <string.h>

#include "BusInternal.h"
#include "CGLibLog.h"
#include "CGLibThread.h"

// MARK: GLib's log messages, through fontd's logger (CGLibLog)

static void forward_log(int level, const char *domain, const char *message, void *context) {
    fontd_bus_callbacks *callbacks = context;
    callbacks->log((fontd_bus_log_level)level, domain, message, callbacks->context);
}

void fontd_bus_log_warning(fontd_bus *bus, const char *message) {
    bus->callbacks.log(FONTD_BUS_LOG_WARNING, "fontd-bus", message, bus->callbacks.context);
}

static void fail(fontd_bus_failure *failure, fontd_bus_failure_kind kind, const char *detail) {
    failure->kind = kind;
    g_strlcpy(failure->detail, detail ? detail : "", sizeof failure->detail);
}

char *fontd_bus_interface_key(const char *path, const char *interface) { return g_strconcat(path, "\n", interface, NULL); }

// MARK: Tasks on the bus thread (CGLibThread)

/// A task of the library's, with what it is given.
typedef struct pending_task {
    bus_task task;
    gpointer data;
    GDestroyNotify release;
} pending_task;

static void run_task(void *owner, void *data) {
    pending_task *pending = data;
    pending->task(owner, pending->data);
}

static void release_task(gpointer data) {
    pending_task *pending = data;
    if (pending->release) pending->release(pending->data);
    g_free(pending);
}

/// Runs `task` on the bus thread after the tasks given before it. `release` runs once, after the
/// task ran or when closing drops it.
void fontd_bus_perform(fontd_bus *bus, bus_task task, gpointer data, GDestroyNotify release) {
    pending_task *pending = g_new(pending_task, 1);
    *pending = (pending_task){task, data, release};
    fontd_glib_thread_perform(bus->thread, run_task, pending, release_task);
}

/// A task the caller waits for, and what it says.
typedef struct waited_task {
    gboolean (*body)(fontd_bus *bus, gpointer data, fontd_bus_failure *failure);
    gpointer data;
    gboolean succeeded;
    fontd_bus_failure failure;
} waited_task;

static void run_waited(void *owner, void *data) {
    waited_task *waited = data;
    waited->succeeded = waited->body(owner, waited->data, &waited->failure);
}

static gboolean perform_and_wait(
    fontd_bus *bus, gboolean (*body)(fontd_bus *, gpointer, fontd_bus_failure *), gpointer data, fontd_bus_failure *failure) {
    waited_task waited = {body, data, FALSE, {0}};
    fontd_glib_thread_perform_and_wait(bus->thread, run_waited, &waited);
    if (!waited.succeeded && failure) *failure = waited.failure;
    return waited.succeeded;
}

// MARK: Objects and names, served again on each new connection

/// Registers every interface of `export` on the connection.
static gboolean register_interfaces(fontd_bus *bus, const fontd_bus_export *export, fontd_bus_failure *failure) {
    if (bus->connection == NULL) {
        fail(failure, FONTD_BUS_NOT_EXPORTED, "the bus went away");
        return FALSE;
    }
    GError *error = NULL;
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(export->xml, &error);
    if (node == NULL) {
        fail(failure, FONTD_BUS_NOT_EXPORTED, error->message);
        g_clear_error(&error);
        return FALSE;
    }
    gboolean registered = TRUE;
    for (GDBusInterfaceInfo **info = node->interfaces; info && *info; info++) {
        guint id = g_dbus_connection_register_object(bus->connection, export->path, *info, &fontd_bus_vtable, bus, NULL, &error);
        if (id == 0) {
            fail(failure, FONTD_BUS_NOT_EXPORTED, error->message);
            g_clear_error(&error);
            registered = FALSE;
            break;
        }
        g_array_append_val(bus->registrations, id);
        g_hash_table_insert(bus->interfaces, fontd_bus_interface_key(export->path, (*info)->name), g_dbus_interface_info_ref(*info));
    }
    g_dbus_node_info_unref(node);
    return registered;
}

/// Registers `data` (a `fontd_bus_export`), kept to be registered again on a new connection.
static gboolean register_object(fontd_bus *bus, gpointer data, fontd_bus_failure *failure) {
    const fontd_bus_export *given = data;
    if (!register_interfaces(bus, given, failure)) return FALSE;
    fontd_bus_export *export = g_new(fontd_bus_export, 1);
    *export = (fontd_bus_export){g_strdup(given->path), g_strdup(given->xml)};
    g_ptr_array_add(bus->exports, export);
    return TRUE;
}

static void free_export(gpointer data) {
    fontd_bus_export *export = data;
    g_free(export->path);
    g_free(export->xml);
    g_free(export);
}

static gboolean request_name(fontd_bus *bus, gpointer data, fontd_bus_failure *failure) {
    const char *name = data;
    if (bus->connection == NULL) {
        fail(failure, FONTD_BUS_NAME_NOT_REQUESTED, "the bus went away");
        return FALSE;
    }
    GError *error = NULL;
    // DBUS_NAME_FLAG_DO_NOT_QUEUE (4): taken now, or refused.
    GVariant *answer = g_dbus_connection_call_sync(
        bus->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
        g_variant_new("(su)", name, 4), G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
    if (answer == NULL) {
        fail(failure, FONTD_BUS_NAME_NOT_REQUESTED, error->message);
        g_clear_error(&error);
        return FALSE;
    }
    guint32 result = 0;
    g_variant_get(answer, "(u)", &result);
    g_variant_unref(answer);
    // 1: the primary owner now; 4: it was already.
    if (result == 1 || result == 4) return TRUE;
    fail(failure, FONTD_BUS_NAME_TAKEN, name);
    return FALSE;
}

/// Takes `data` (a name), kept to be taken again on a new connection.
static gboolean take_name(fontd_bus *bus, gpointer data, fontd_bus_failure *failure) {
    if (!request_name(bus, data, failure)) return FALSE;
    g_ptr_array_add(bus->names, g_strdup(data));
    return TRUE;
}

// MARK: The bus thread: the connection, and another when the bus comes back

/// The waits before connecting again after the bus went away: the first, doubled after each
/// attempt that fails, up to the last.
enum { RETRY_FIRST_MILLISECONDS = 100, RETRY_LAST_MILLISECONDS = 10000 };

static void connection_closed(GDBusConnection *connection, gboolean vanished, GError *error, gpointer data);

static gboolean connect_bus(fontd_bus *bus, GError **error) {
    bus->connection = g_dbus_connection_new_for_address_sync(
        bus->address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL,
        error);
    if (bus->connection == NULL) return FALSE;
    // fontd leaves on its own signals, not when the bus goes away: it joins the bus again.
    g_dbus_connection_set_exit_on_close(bus->connection, FALSE);
    bus->filter = g_dbus_connection_add_filter(bus->connection, fontd_bus_answer_filter, bus, NULL);
    // Emitted on this thread: the connection was made with its context the thread's default.
    bus->closed_handler = g_signal_connect(bus->connection, "closed", G_CALLBACK(connection_closed), bus);
    return TRUE;
}

/// Lets the connection go: its close handler, filter and registrations; closed first when fontd
/// is the one leaving (`close`).
static void drop_connection(fontd_bus *bus, gboolean close) {
    g_signal_handler_disconnect(bus->connection, bus->closed_handler);
    g_dbus_connection_remove_filter(bus->connection, bus->filter);
    for (guint index = 0; index < bus->registrations->len; index++) {
        g_dbus_connection_unregister_object(bus->connection, g_array_index(bus->registrations, guint, index));
    }
    g_array_set_size(bus->registrations, 0);
    if (close) {
        g_dbus_connection_flush_sync(bus->connection, NULL, NULL);
        g_dbus_connection_close_sync(bus->connection, NULL, NULL);
    }
    g_clear_object(&bus->connection);
}

static gboolean start_serving(void *owner) {
    fontd_bus *bus = owner;
    GError *error = NULL;
    if (connect_bus(bus, &error)) return TRUE;
    fail(&bus->failure, FONTD_BUS_NOT_CONNECTED, error->message);
    g_clear_error(&error);
    return FALSE;
}

/// Once the loop has quit: the pending attempt to connect again, or the connection.
static void stop_serving(void *owner) {
    fontd_bus *bus = owner;
    if (bus->retry) {
        g_source_destroy(bus->retry);
        g_clear_pointer(&bus->retry, g_source_unref);
    }
    if (bus->connection) drop_connection(bus, TRUE);
}

static gboolean connect_again(gpointer data);

/// Tries to connect again after the current wait.
static void retry_later(fontd_bus *bus) {
    bus->retry = g_timeout_source_new(bus->retry_milliseconds);
    g_source_set_callback(bus->retry, connect_again, bus, NULL);
    g_source_attach(bus->retry, g_main_context_get_thread_default());
}

/// The bus went away (the daemon stopped, or dropped fontd): said once. Until it is back, no call
/// arrives and nothing is sent (BusMessages.c drops signals without a word).
static void connection_closed(GDBusConnection *connection, gboolean vanished, GError *error, gpointer data) {
    (void)connection;
    (void)vanished;
    fontd_bus *bus = data;
    char *warning = g_strdup_printf(
        "the session bus at %s went away (%s); joining it again when it is back", bus->address, error ? error->message : "closed");
    fontd_bus_log_warning(bus, warning);
    g_free(warning);
    drop_connection(bus, FALSE);
    bus->retry_milliseconds = RETRY_FIRST_MILLISECONDS;
    retry_later(bus);
}

/// One attempt to connect again, silent when it fails; once connected, the objects and names of
/// before, each refusal said once, and a notice that fontd is back.
static gboolean connect_again(gpointer data) {
    fontd_bus *bus = data;
    g_clear_pointer(&bus->retry, g_source_unref);
    if (!connect_bus(bus, NULL)) {
        bus->retry_milliseconds = MIN(bus->retry_milliseconds * 2, RETRY_LAST_MILLISECONDS);
        retry_later(bus);
        return G_SOURCE_REMOVE;
    }
    fontd_bus_failure failure = {0};
    for (guint index = 0; index < bus->exports->len; index++) {
        const fontd_bus_export *export = g_ptr_array_index(bus->exports, index);
        if (register_interfaces(bus, export, &failure)) continue;
        char *warning = g_strdup_printf("the object %s is not served on the bus again: %s", export->path, failure.detail);
        fontd_bus_log_warning(bus, warning);
        g_free(warning);
    }
    for (guint index = 0; index < bus->names->len; index++) {
        const char *name = g_ptr_array_index(bus->names, index);
        if (request_name(bus, (gpointer)name, &failure)) continue;
        char *warning = g_strdup_printf(
            "the name %s is not fontd's on the bus again: %s", name,
            failure.kind == FONTD_BUS_NAME_TAKEN ? "another program owns it" : failure.detail);
        fontd_bus_log_warning(bus, warning);
        g_free(warning);
    }
    char *notice = g_strdup_printf("joined the session bus at %s again", bus->address);
    bus->callbacks.log(FONTD_BUS_LOG_NOTICE, "fontd-bus", notice, bus->callbacks.context);
    g_free(notice);
    return G_SOURCE_REMOVE;
}

// MARK: The interface

static void free_bus(fontd_bus *bus) {
    g_hash_table_unref(bus->interfaces);
    g_array_unref(bus->registrations);
    g_ptr_array_unref(bus->exports);
    g_ptr_array_unref(bus->names);
    if (bus->answers) g_hash_table_unref(bus->answers);
    g_mutex_clear(&bus->answers_lock);
    g_free(bus->address);
    g_free(bus);
}

static fontd_bus *open_bus(const char *address, fontd_bus_callbacks callbacks, fontd_bus_failure *failure) {
    fontd_bus *bus = g_new0(fontd_bus, 1);
    bus->address = g_strdup(address);
    bus->callbacks = callbacks;
    fontd_glib_log_route(forward_log, &bus->callbacks);
    bus->interfaces = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_dbus_interface_info_unref);
    bus->registrations = g_array_new(FALSE, FALSE, sizeof(guint));
    bus->exports = g_ptr_array_new_with_free_func(free_export);
    bus->names = g_ptr_array_new_with_free_func(g_free);
    g_mutex_init(&bus->answers_lock);

    GError *error = NULL;
    bus->thread = fontd_glib_thread_start("fontd-bus", start_serving, stop_serving, bus, &error);
    if (bus->thread == NULL) {
        fail(failure, FONTD_BUS_NO_THREAD, error->message);
        g_clear_error(&error);
        free_bus(bus);
        fontd_glib_log_unroute();
        return NULL;
    }
    if (bus->connection == NULL) {
        fontd_glib_thread_stop(bus->thread);
        *failure = bus->failure;
        free_bus(bus);
        fontd_glib_log_unroute();
        return NULL;
    }
    return bus;
}

static bool export_object(fontd_bus *bus, const char *path, const char *xml, fontd_bus_failure *failure) {
    fontd_bus_export request = {(char *)path, (char *)xml};
    return perform_and_wait(bus, register_object, &request, failure);
}

static bool own_name(fontd_bus *bus, const char *name, fontd_bus_failure *failure) {
    return perform_and_wait(bus, take_name, (gpointer)name, failure);
}

static void close_bus(fontd_bus *bus) {
    fontd_glib_thread_stop(bus->thread);
    fontd_glib_log_unroute();
    free_bus(bus);
}

static const fontd_bus_interface interface = {
    .version = FONTD_BUS_VERSION,
    .open = open_bus,
    .export_object = export_object,
    .own_name = own_name,
    .reply = fontd_bus_reply,
    .fail = fontd_bus_fail_call,
    .emit = fontd_bus_emit,
    .emit_signal = fontd_bus_emit_signal,
    .set_answers = fontd_bus_set_answers,
    .close = close_bus,
};

const fontd_bus_interface *fontd_bus_table(void) { return &interface; }

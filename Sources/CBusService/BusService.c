// libfontd-bus.so: one session-bus connection served on a thread of its own, behind the table of
// CSessionBus.h (docs/DESIGN.md §27 (The session bus)). The connection and every registration are made on that
// thread after its own main context is pushed as the thread's default: GDBus delivers method calls
// to the context that was the thread default when the object was registered, and only that thread
// iterates this one. Replies and signals given from other threads are handed to it as idle sources,
// which run in the order they were attached.

#include <string.h>

#include "BusInternal.h"
#include "CGLibLog.h"

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

// MARK: Tasks on the bus thread

typedef struct pending_task {
    fontd_bus *bus;
    bus_task task;
    gpointer data;
    GDestroyNotify release;
} pending_task;

static gboolean run_task(gpointer data) {
    pending_task *pending = data;
    pending->task(pending->bus, pending->data);
    return G_SOURCE_REMOVE;
}

static void release_task(gpointer data) {
    pending_task *pending = data;
    if (pending->release) pending->release(pending->data);
    g_free(pending);
}

/// Runs `task` on the bus thread after the tasks given before it (g_main_context_invoke would run
/// it on the calling thread when that thread could acquire the context). `release` runs once,
/// after the task ran or when closing drops it.
void fontd_bus_perform(fontd_bus *bus, bus_task task, gpointer data, GDestroyNotify release) {
    pending_task *pending = g_new(pending_task, 1);
    *pending = (pending_task){bus, task, data, release};
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, run_task, pending, release_task);
    g_source_attach(source, bus->context);
    g_source_unref(source);
}

/// A task the caller waits for.
typedef struct waited_task {
    gboolean (*body)(fontd_bus *bus, gpointer data, fontd_bus_failure *failure);
    gpointer data;
    gboolean done;
    gboolean succeeded;
    fontd_bus_failure failure;
} waited_task;

static void run_waited(fontd_bus *bus, gpointer data) {
    waited_task *waited = data;
    gboolean succeeded = waited->body(bus, waited->data, &waited->failure);
    g_mutex_lock(&bus->lock);
    waited->succeeded = succeeded;
    waited->done = TRUE;
    g_cond_broadcast(&bus->started);
    g_mutex_unlock(&bus->lock);
}

static gboolean perform_and_wait(
    fontd_bus *bus, gboolean (*body)(fontd_bus *, gpointer, fontd_bus_failure *), gpointer data, fontd_bus_failure *failure) {
    waited_task waited = {body, data, FALSE, FALSE, {0}};
    fontd_bus_perform(bus, run_waited, &waited, NULL);
    g_mutex_lock(&bus->lock);
    while (!waited.done) g_cond_wait(&bus->started, &bus->lock);
    g_mutex_unlock(&bus->lock);
    if (!waited.succeeded && failure) *failure = waited.failure;
    return waited.succeeded;
}

// MARK: The bus thread

static gboolean connect_bus(fontd_bus *bus) {
    GError *error = NULL;
    bus->connection = g_dbus_connection_new_for_address_sync(
        bus->address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL,
        &error);
    if (bus->connection == NULL) {
        fail(&bus->failure, FONTD_BUS_NOT_CONNECTED, error->message);
        g_clear_error(&error);
        return FALSE;
    }
    // fontd leaves on its own signals, not when the bus goes away.
    g_dbus_connection_set_exit_on_close(bus->connection, FALSE);
    bus->filter = g_dbus_connection_add_filter(bus->connection, fontd_bus_answer_filter, bus, NULL);
    return TRUE;
}

static gpointer run_bus_thread(gpointer data) {
    fontd_bus *bus = data;
    g_main_context_push_thread_default(bus->context);
    gboolean connected = connect_bus(bus);
    g_mutex_lock(&bus->lock);
    bus->ready = TRUE;
    g_cond_broadcast(&bus->started);
    g_mutex_unlock(&bus->lock);
    if (connected) {
        g_main_loop_run(bus->loop);
        g_dbus_connection_remove_filter(bus->connection, bus->filter);
        for (guint index = 0; index < bus->registrations->len; index++) {
            g_dbus_connection_unregister_object(bus->connection, g_array_index(bus->registrations, guint, index));
        }
        g_dbus_connection_flush_sync(bus->connection, NULL, NULL);
        g_dbus_connection_close_sync(bus->connection, NULL, NULL);
        g_clear_object(&bus->connection);
    }
    g_main_context_pop_thread_default(bus->context);
    return NULL;
}

// MARK: The interface

static void free_bus(fontd_bus *bus) {
    // Unreferencing the context destroys the tasks still attached to it, which releases them.
    g_main_loop_unref(bus->loop);
    g_main_context_unref(bus->context);
    g_hash_table_unref(bus->interfaces);
    g_array_unref(bus->registrations);
    if (bus->answers) g_hash_table_unref(bus->answers);
    g_mutex_clear(&bus->answers_lock);
    g_mutex_clear(&bus->lock);
    g_cond_clear(&bus->started);
    g_free(bus->address);
    g_free(bus);
}

static fontd_bus *open_bus(const char *address, fontd_bus_callbacks callbacks, fontd_bus_failure *failure) {
    fontd_bus *bus = g_new0(fontd_bus, 1);
    bus->address = g_strdup(address);
    bus->callbacks = callbacks;
    fontd_glib_log_route(forward_log, &bus->callbacks);
    bus->context = g_main_context_new();
    bus->loop = g_main_loop_new(bus->context, FALSE);
    bus->interfaces = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_dbus_interface_info_unref);
    bus->registrations = g_array_new(FALSE, FALSE, sizeof(guint));
    g_mutex_init(&bus->answers_lock);
    g_mutex_init(&bus->lock);
    g_cond_init(&bus->started);

    GError *error = NULL;
    bus->thread = g_thread_try_new("fontd-bus", run_bus_thread, bus, &error);
    if (bus->thread == NULL) {
        fail(failure, FONTD_BUS_NO_THREAD, error->message);
        g_clear_error(&error);
        free_bus(bus);
        fontd_glib_log_unroute();
        return NULL;
    }
    g_mutex_lock(&bus->lock);
    while (!bus->ready) g_cond_wait(&bus->started, &bus->lock);
    g_mutex_unlock(&bus->lock);
    if (bus->connection == NULL) {
        g_thread_join(bus->thread);
        *failure = bus->failure;
        free_bus(bus);
        fontd_glib_log_unroute();
        return NULL;
    }
    return bus;
}

typedef struct export_request {
    const char *path;
    const char *xml;
} export_request;

static gboolean register_object(fontd_bus *bus, gpointer data, fontd_bus_failure *failure) {
    export_request *request = data;
    GError *error = NULL;
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(request->xml, &error);
    if (node == NULL) {
        fail(failure, FONTD_BUS_NOT_EXPORTED, error->message);
        g_clear_error(&error);
        return FALSE;
    }
    gboolean registered = TRUE;
    for (GDBusInterfaceInfo **info = node->interfaces; info && *info; info++) {
        guint id = g_dbus_connection_register_object(bus->connection, request->path, *info, &fontd_bus_vtable, bus, NULL, &error);
        if (id == 0) {
            fail(failure, FONTD_BUS_NOT_EXPORTED, error->message);
            g_clear_error(&error);
            registered = FALSE;
            break;
        }
        g_array_append_val(bus->registrations, id);
        g_hash_table_insert(bus->interfaces, fontd_bus_interface_key(request->path, (*info)->name), g_dbus_interface_info_ref(*info));
    }
    g_dbus_node_info_unref(node);
    return registered;
}

static bool export_object(fontd_bus *bus, const char *path, const char *xml, fontd_bus_failure *failure) {
    export_request request = {path, xml};
    return perform_and_wait(bus, register_object, &request, failure);
}

static gboolean request_name(fontd_bus *bus, gpointer data, fontd_bus_failure *failure) {
    const char *name = data;
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

static bool own_name(fontd_bus *bus, const char *name, fontd_bus_failure *failure) {
    return perform_and_wait(bus, request_name, (gpointer)name, failure);
}

static void quit_loop(fontd_bus *bus, gpointer data) {
    (void)data;
    g_main_loop_quit(bus->loop);
}

static void close_bus(fontd_bus *bus) {
    // Quit from a task, not directly: a quit before the thread has entered the loop would be lost.
    fontd_bus_perform(bus, quit_loop, NULL, NULL);
    g_thread_join(bus->thread);
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

// libfontd-gnome.so: one GSettings key watched on a thread of its own (CGLibThread), behind the table of
// CDesktopSettings.h (docs/DESIGN.md §26 (The desktop bridge)). Everything GIO makes — the backend, the GSettings
// object, the key's signal — is made on that thread after its own main context is pushed as the
// thread's default: GIO delivers a change to the context that was the thread default when the
// object was made (the keyfile backend's file monitor included), and only that thread iterates
// this one. A backend made first on another thread never reports another process's change.

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>
#include <string.h>

#include "CGLibLog.h"
#include "CGLibThread.h"
#include "CGnomeSettings.h"

struct fontd_desktop_settings {
    char *schema_id;
    char *key;
    fontd_desktop_settings_callbacks callbacks;
    /// The settings thread (CGLibThread).
    fontd_glib_thread *thread;
    /// Made, used and released on the settings thread only.
    GSettings *settings;
    GSettingsSchemaKey *schema_key;
    const char *backend;
    /// Why the thread could not watch the key, written by it before the start returns.
    fontd_desktop_settings_failure failure;
};

// MARK: GLib's log messages, through fontd's logger (CGLibLog)

static void forward_log(int level, const char *domain, const char *message, void *context) {
    fontd_desktop_settings_callbacks *callbacks = context;
    callbacks->log((fontd_desktop_settings_log_level)level, domain, message, callbacks->context);
}

// MARK: The settings thread

static void fail(fontd_desktop_settings *settings, fontd_desktop_settings_failure_kind kind, const char *detail) {
    settings->failure.kind = kind;
    g_strlcpy(settings->failure.detail, detail ? detail : "", sizeof settings->failure.detail);
}

static void key_changed(GSettings *object, const char *key, gpointer data) {
    fontd_desktop_settings *settings = data;
    settings->callbacks.changed(settings, g_settings_get_double(object, key), settings->callbacks.context);
}

/// A short name for the backend GIO chose (its GType name otherwise).
static const char *backend_name(GSettingsBackend *backend) {
    const char *type = G_OBJECT_TYPE_NAME(backend);
    if (strcmp(type, "GKeyfileSettingsBackend") == 0) return "keyfile";
    if (strcmp(type, "DConfSettingsBackend") == 0) return "dconf";
    if (strcmp(type, "GMemorySettingsBackend") == 0) return "memory";
    if (strcmp(type, "GNullSettingsBackend") == 0) return "null";
    return type;
}

/// Checks the schema, the key and the backend, then makes the GSettings object and connects to the
/// key's changes; on the settings thread. False, with the failure filled in, when it cannot.
static gboolean watch_key(fontd_desktop_settings *settings) {
    // NULL when no schema at all is installed where GIO looks (XDG_DATA_DIRS, GSETTINGS_SCHEMA_DIR).
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    // g_settings_new on a missing schema aborts the process: look it up first.
    GSettingsSchema *schema = source ? g_settings_schema_source_lookup(source, settings->schema_id, TRUE) : NULL;
    if (schema == NULL) {
        fail(settings, FONTD_DESKTOP_SETTINGS_NO_SCHEMA, settings->schema_id);
        return FALSE;
    }
    if (!g_settings_schema_has_key(schema, settings->key)) {
        fail(settings, FONTD_DESKTOP_SETTINGS_NO_KEY, settings->key);
        g_settings_schema_unref(schema);
        return FALSE;
    }
    GSettingsSchemaKey *schema_key = g_settings_schema_get_key(schema, settings->key);
    if (!g_variant_type_equal(g_settings_schema_key_get_value_type(schema_key), G_VARIANT_TYPE_DOUBLE)) {
        fail(settings, FONTD_DESKTOP_SETTINGS_NO_KEY, settings->key);
        g_settings_schema_key_unref(schema_key);
        g_settings_schema_unref(schema);
        return FALSE;
    }

    GSettingsBackend *backend = g_settings_backend_get_default();
    const char *name = backend_name(backend);
    gboolean shared = strcmp(name, "memory") != 0 && strcmp(name, "null") != 0;
    // dconf reads its database file directly, but writes through dconf-service and hears of other
    // programs' changes on the session bus: without the bus it would only ever see the start.
    // The keyfile backend needs no bus: it watches its file.
    GError *error = NULL;
    GDBusConnection *bus = NULL;
    if (shared && strcmp(name, "dconf") == 0) bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!shared || error != NULL) {
        if (!shared) fail(settings, FONTD_DESKTOP_SETTINGS_UNSHARED_BACKEND, name);
        else fail(settings, FONTD_DESKTOP_SETTINGS_NO_SESSION_BUS, error->message);
        g_clear_error(&error);
        g_object_unref(backend);
        g_settings_schema_key_unref(schema_key);
        g_settings_schema_unref(schema);
        return FALSE;
    }
    g_clear_object(&bus);

    settings->settings = g_settings_new_full(schema, backend, NULL);
    settings->schema_key = schema_key;
    settings->backend = name;
    g_object_unref(backend);
    g_settings_schema_unref(schema);
    char *signal = g_strconcat("changed::", settings->key, NULL);
    g_signal_connect(settings->settings, signal, G_CALLBACK(key_changed), settings);
    g_free(signal);
    return TRUE;
}

static gboolean start_watching(void *owner) { return watch_key(owner); }

/// Once the loop has quit: the key's signal and the objects watch_key made.
static void stop_watching(void *owner) {
    fontd_desktop_settings *settings = owner;
    g_signal_handlers_disconnect_by_data(settings->settings, settings);
    g_clear_object(&settings->settings);
    g_settings_schema_key_unref(settings->schema_key);
}

// MARK: The interface

static void free_settings(fontd_desktop_settings *settings) {
    g_free(settings->schema_id);
    g_free(settings->key);
    g_free(settings);
}

static fontd_desktop_settings *open_settings(
    const char *schema_id, const char *key, fontd_desktop_settings_callbacks callbacks,
    fontd_desktop_settings_failure *failure) {
    fontd_desktop_settings *settings = g_new0(fontd_desktop_settings, 1);
    settings->schema_id = g_strdup(schema_id);
    settings->key = g_strdup(key);
    settings->callbacks = callbacks;
    fontd_glib_log_route(forward_log, &settings->callbacks);

    GError *error = NULL;
    settings->thread = fontd_glib_thread_start("fontd-desktop", start_watching, stop_watching, settings, &error);
    if (settings->thread == NULL) {
        fail(settings, FONTD_DESKTOP_SETTINGS_NO_THREAD, error->message);
        g_clear_error(&error);
        *failure = settings->failure;
        free_settings(settings);
        fontd_glib_log_unroute();
        return NULL;
    }
    if (settings->settings == NULL) {
        fontd_glib_thread_stop(settings->thread);
        *failure = settings->failure;
        free_settings(settings);
        fontd_glib_log_unroute();
        return NULL;
    }
    return settings;
}

/// A task of the table's, with what it is given.
typedef struct pending_task {
    fontd_desktop_settings_task task;
    void *context;
    fontd_desktop_settings_release release;
} pending_task;

static void run_task(void *owner, void *data) {
    pending_task *pending = data;
    pending->task(owner, pending->context);
}

static void release_task(gpointer data) {
    pending_task *pending = data;
    if (pending->release) pending->release(pending->context);
    g_free(pending);
}

static void perform(
    fontd_desktop_settings *settings, fontd_desktop_settings_task task, void *context,
    fontd_desktop_settings_release release) {
    pending_task *pending = g_new(pending_task, 1);
    *pending = (pending_task){task, context, release};
    fontd_glib_thread_perform(settings->thread, run_task, pending, release_task);
}

static double read_key(fontd_desktop_settings *settings) {
    return g_settings_get_double(settings->settings, settings->key);
}

static bool write_key(fontd_desktop_settings *settings, double value) {
    GVariant *variant = g_variant_ref_sink(g_variant_new_double(value));
    // Outside the schema's range g_settings_set_value would log a critical and refuse.
    gboolean in_range = g_settings_schema_key_range_check(settings->schema_key, variant);
    gboolean written = in_range && g_settings_set_value(settings->settings, settings->key, variant);
    g_variant_unref(variant);
    return written;
}

static bool user_value(fontd_desktop_settings *settings, double *value) {
    GVariant *variant = g_settings_get_user_value(settings->settings, settings->key);
    if (variant == NULL) return false;
    if (value) *value = g_variant_get_double(variant);
    g_variant_unref(variant);
    return true;
}

static bool reset_key(fontd_desktop_settings *settings) {
    if (!g_settings_is_writable(settings->settings, settings->key)) return false;
    g_settings_reset(settings->settings, settings->key);
    return true;
}

static const char *backend(fontd_desktop_settings *settings) { return settings->backend; }

static void close_settings(fontd_desktop_settings *settings) {
    fontd_glib_thread_stop(settings->thread);
    fontd_glib_log_unroute();
    free_settings(settings);
}

static const fontd_desktop_settings_interface interface = {
    .version = FONTD_DESKTOP_SETTINGS_VERSION,
    .open = open_settings,
    .perform = perform,
    .read = read_key,
    .write = write_key,
    .user_value = user_value,
    .reset = reset_key,
    .backend = backend,
    .close = close_settings,
};

const fontd_desktop_settings_interface *fontd_desktop_settings_table(void) {
    return &interface;
}

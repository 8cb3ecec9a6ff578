#ifndef FONTD_CDESKTOPSETTINGS_H
#define FONTD_CDESKTOPSETTINGS_H
// The interface between fontd and libfontd-gnome.so, the library that watches one GSettings key
// on a thread of its own (docs/DESIGN.md §26 (The desktop bridge)). fontd loads the library with dlopen only when
// `serve --desktop` asks for it, so that no other command pays for loading GIO; the library
// exports one symbol, FONTD_DESKTOP_SETTINGS_ENTRY_POINT, a function returning the table below.
// Both sides compile against this header; only plain C types cross it.

#include <stdbool.h>

/// The version of the table; fontd refuses a library whose table carries another.
#define FONTD_DESKTOP_SETTINGS_VERSION 2

/// The name of the function the library exports.
#define FONTD_DESKTOP_SETTINGS_ENTRY_POINT "fontd_desktop_settings_table"

/// Why a key cannot be watched.
typedef enum fontd_desktop_settings_failure_kind {
    /// No schema of that id is installed (`detail`: the schema id).
    FONTD_DESKTOP_SETTINGS_NO_SCHEMA = 1,
    /// The schema has no such key, or it does not hold a double (`detail`: the key).
    FONTD_DESKTOP_SETTINGS_NO_KEY = 2,
    /// GIO chose a backend no other program shares, its memory or null one (`detail`: its name).
    FONTD_DESKTOP_SETTINGS_UNSHARED_BACKEND = 3,
    /// The backend (dconf) needs the session bus, and it cannot be reached (`detail`: GIO's reason).
    FONTD_DESKTOP_SETTINGS_NO_SESSION_BUS = 4,
    /// The thread could not be started (`detail`: GLib's reason).
    FONTD_DESKTOP_SETTINGS_NO_THREAD = 5,
} fontd_desktop_settings_failure_kind;

/// What `open` fills in when it fails.
typedef struct fontd_desktop_settings_failure {
    fontd_desktop_settings_failure_kind kind;
    char detail[512];
} fontd_desktop_settings_failure;

/// A GLib log message's level, as fontd logs it.
typedef enum fontd_desktop_settings_log_level {
    FONTD_DESKTOP_SETTINGS_LOG_WARNING = 1,
    FONTD_DESKTOP_SETTINGS_LOG_NOTICE = 2,
    FONTD_DESKTOP_SETTINGS_LOG_INFO = 3,
} fontd_desktop_settings_log_level;

/// One watched key and the thread that watches it.
typedef struct fontd_desktop_settings fontd_desktop_settings;

/// What the library calls, always with `context`.
typedef struct fontd_desktop_settings_callbacks {
    /// The key's value changed (read after the change); on the settings thread, where `settings`
    /// may be read and written. A write from the settings thread itself is reported from within it.
    void (*changed)(fontd_desktop_settings *settings, double value, void *context);
    /// GLib or a GIO module logged a message (its domain may be NULL); on any thread.
    void (*log)(fontd_desktop_settings_log_level level, const char *domain, const char *message, void *context);
    void *context;
} fontd_desktop_settings_callbacks;

/// A function run on the settings thread by `perform`.
typedef void (*fontd_desktop_settings_task)(fontd_desktop_settings *settings, void *context);
/// Called exactly once per `perform`, after the task ran or when it is dropped by `close`.
typedef void (*fontd_desktop_settings_release)(void *context);

typedef struct fontd_desktop_settings_interface {
    int version;
    /// Starts the settings thread, which makes the GSettings object of `schema_id` on its own main
    /// context and watches `key` (a double). Returns once it watches, or NULL with `failure` filled in.
    fontd_desktop_settings *(*open)(
        const char *schema_id, const char *key, fontd_desktop_settings_callbacks callbacks,
        fontd_desktop_settings_failure *failure);
    /// Runs `task` on the settings thread, after the tasks performed before it; from any thread.
    void (*perform)(
        fontd_desktop_settings *settings, fontd_desktop_settings_task task, void *context,
        fontd_desktop_settings_release release);
    /// The key's value; on the settings thread only.
    double (*read)(fontd_desktop_settings *settings);
    /// Sets the key; on the settings thread only. False when the key is not writable or the value
    /// is outside the schema's range.
    bool (*write)(fontd_desktop_settings *settings, double value);
    /// Whether the key holds a value of the user's own (not the schema's default), filling in
    /// `value` when it does; on the settings thread only. (Version 2.)
    bool (*user_value)(fontd_desktop_settings *settings, double *value);
    /// Resets the key to the schema's default (g_settings_reset); on the settings thread only.
    /// False when the key is not writable. (Version 2.)
    bool (*reset)(fontd_desktop_settings *settings);
    /// The backend GIO chose: "keyfile", "dconf" or its type name.
    const char *(*backend)(fontd_desktop_settings *settings);
    /// Stops the thread and frees everything; no callback runs after it returns. Not on the settings thread.
    void (*close)(fontd_desktop_settings *settings);
} fontd_desktop_settings_interface;

/// The table's type, as the library exports it.
typedef const fontd_desktop_settings_interface *(*fontd_desktop_settings_entry_point)(void);

#endif

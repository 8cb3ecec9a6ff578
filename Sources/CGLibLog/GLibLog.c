// GLib's log messages through fontd's logger (CGLibLog.h).
#include <glib.h>
#include <string.h>

#include "CGLibLog.h"

/// Set when this copy of the code installed GLib's writer.
static gboolean owns_writer = FALSE;
static GMutex log_lock;
static fontd_glib_log_sink log_sink = NULL;
static void *log_context = NULL;

static GLogWriterOutput write_log(GLogLevelFlags flags, const GLogField *fields, gsize count, gpointer data) {
    (void)data;
    if (flags & G_LOG_LEVEL_DEBUG) return G_LOG_WRITER_HANDLED;
    const char *message = NULL, *domain = NULL;
    for (gsize index = 0; index < count; index++) {
        // Text fields have length -1 (NUL-terminated).
        if (fields[index].length != -1) continue;
        if (strcmp(fields[index].key, "MESSAGE") == 0) message = fields[index].value;
        if (strcmp(fields[index].key, "GLIB_DOMAIN") == 0) domain = fields[index].value;
    }
    int level = flags & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING) ? 1 : flags & G_LOG_LEVEL_MESSAGE ? 2 : 3;
    g_mutex_lock(&log_lock);
    if (log_sink == NULL || message == NULL) {
        g_mutex_unlock(&log_lock);
        return g_log_writer_default(flags, fields, count, NULL);
    }
    log_sink(level, domain, message, log_context);
    g_mutex_unlock(&log_lock);
    return G_LOG_WRITER_HANDLED;
}

void fontd_glib_log_route(fontd_glib_log_sink sink, void *context) {
    // A quark is GLib's, so every copy of this code (one per library) sees it: the first to
    // make it installs the writer. fontd opens its libraries one after the other.
    static const char *installed = "fontd-glib-log-writer";
    if (!owns_writer && g_quark_try_string(installed) != 0) return;
    if (!owns_writer) {
        g_quark_from_static_string(installed);
        g_log_set_writer_func(write_log, NULL, NULL);
        owns_writer = TRUE;
    }
    g_mutex_lock(&log_lock);
    log_sink = sink;
    log_context = context;
    g_mutex_unlock(&log_lock);
}

void fontd_glib_log_unroute(void) {
    g_mutex_lock(&log_lock);
    log_sink = NULL;
    log_context = NULL;
    g_mutex_unlock(&log_lock);
}

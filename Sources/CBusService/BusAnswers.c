// libfontd-bus.so's answers given at once (docs/DESIGN.md §27 (The session bus)): calls whose answer Swift has set
// ahead, answered by a filter on GDBus's worker thread, where the message arrives, without going to
// the bus thread and back. The answers are one table of immutable GVariants, replaced whole under
// a lock, so a reply is always from one table: Swift sets a change's table before it emits the
// change's signals. A call the table does not hold passes on to the registered objects unchanged.

#include <string.h>

#include "BusInternal.h"

/// The table's key of a call: its path, interface, member, arguments' type and arguments' text.
static char *answer_key(const char *path, const char *interface, const char *member, GVariant *arguments) {
    char *text = g_variant_print(arguments, FALSE);
    char *key = g_strjoin("\n", path, interface, member, g_variant_get_type_string(arguments), text, NULL);
    g_free(text);
    return key;
}

/// The in (`in` TRUE) or out arguments' type of `member`: declared by the exported interface, or
/// the standard Properties.Get's.
static GVariantType *arguments_type(fontd_bus *bus, const fontd_bus_answer *answer, gboolean in) {
    if (strcmp(answer->interface, "org.freedesktop.DBus.Properties") == 0 && strcmp(answer->member, "Get") == 0) {
        return g_variant_type_new(in ? "(ss)" : "(v)");
    }
    char *key = fontd_bus_interface_key(answer->path, answer->interface);
    GDBusInterfaceInfo *info = g_hash_table_lookup(bus->interfaces, key);
    g_free(key);
    GDBusMethodInfo *method = info ? g_dbus_interface_info_lookup_method(info, answer->member) : NULL;
    return method ? fontd_bus_tuple_type(in ? method->in_args : method->out_args) : NULL;
}

/// `text` parsed as `type`, or NULL with a warning naming `what`.
static GVariant *parsed(fontd_bus *bus, GVariantType *type, const char *text, const fontd_bus_answer *answer, const char *what) {
    GError *error = NULL;
    GVariant *value = type ? g_variant_parse(type, text, NULL, NULL, &error) : NULL;
    if (value == NULL) {
        char *warning = g_strdup_printf(
            "the answer of %s.%s at %s is not set: its %s %s", answer->interface, answer->member, answer->path, what,
            error ? error->message : "belong to no exported method");
        fontd_bus_log_warning(bus, warning);
        g_free(warning);
        g_clear_error(&error);
    }
    return value;
}

bool fontd_bus_set_answers(fontd_bus *bus, const fontd_bus_answer *answers, size_t count) {
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_variant_unref);
    gsize largest = 0;
    bool complete = true;
    for (size_t index = 0; index < count; index++) {
        const fontd_bus_answer *answer = &answers[index];
        GVariantType *in = arguments_type(bus, answer, TRUE), *out = arguments_type(bus, answer, FALSE);
        GVariant *arguments = parsed(bus, in, answer->arguments, answer, "arguments");
        GVariant *reply = arguments ? parsed(bus, out, answer->reply, answer, "reply") : NULL;
        if (reply) {
            g_hash_table_insert(table, answer_key(answer->path, answer->interface, answer->member, arguments), reply);
            largest = MAX(largest, g_variant_get_size(arguments));
        } else {
            complete = false;
        }
        if (arguments) g_variant_unref(arguments);
        if (in) g_variant_type_free(in);
        if (out) g_variant_type_free(out);
    }
    g_mutex_lock(&bus->answers_lock);
    GHashTable *old = bus->answers;
    bus->answers = table;
    bus->answers_largest_arguments = largest;
    g_mutex_unlock(&bus->answers_lock);
    if (old) g_hash_table_unref(old);
    return complete;
}

/// The set answer of `message`, a method call, or NULL.
static GVariant *answer_of(fontd_bus *bus, GDBusMessage *message) {
    GVariant *body = g_dbus_message_get_body(message);
    g_mutex_lock(&bus->answers_lock);
    // Arguments larger than every set answer's match none: passed on without printing them, so
    // that a megabyte's argument costs this thread, which reads every message, nothing.
    gboolean fits = body == NULL || g_variant_get_size(body) <= bus->answers_largest_arguments;
    GHashTable *table = bus->answers && fits ? g_hash_table_ref(bus->answers) : NULL;
    g_mutex_unlock(&bus->answers_lock);
    if (table == NULL) return NULL;
    GVariant *empty = body ? NULL : g_variant_ref_sink(g_variant_new_tuple(NULL, 0));
    char *key = answer_key(
        g_dbus_message_get_path(message), g_dbus_message_get_interface(message), g_dbus_message_get_member(message), body ? body : empty);
    GVariant *reply = g_hash_table_lookup(table, key);
    if (reply) g_variant_ref(reply);
    g_free(key);
    if (empty) g_variant_unref(empty);
    g_hash_table_unref(table);
    return reply;
}

GDBusMessage *fontd_bus_answer_filter(GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data) {
    if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL) return message;
    // A call without an interface or a path is the registered objects' to resolve (or refuse).
    if (g_dbus_message_get_interface(message) == NULL || g_dbus_message_get_path(message) == NULL) return message;
    GVariant *value = answer_of(data, message);
    if (value == NULL) return message;
    if (!(g_dbus_message_get_flags(message) & G_DBUS_MESSAGE_FLAGS_NO_REPLY_EXPECTED)) {
        GDBusMessage *reply = g_dbus_message_new_method_reply(message);
        g_dbus_message_set_body(reply, value);
        g_dbus_connection_send_message(connection, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
        g_object_unref(reply);
    }
    g_variant_unref(value);
    g_object_unref(message);
    return NULL;
}

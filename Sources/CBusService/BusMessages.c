// libfontd-bus.so's messages (docs/DESIGN.md §27 (The session bus)): method calls flattened to strings for Swift,
// properties asked of Swift, and Swift's replies and signals, given as GVariant text from any
// thread and sent from the bus thread in the order given.

#include <string.h>

#include "BusInternal.h"

// MARK: Method calls, flattened


/// Appends the strings `value` flattens to (CSessionBus.h says how).
static void flatten(GVariant *value, GPtrArray *strings) {
    const GVariantType *type = g_variant_get_type(value);
    if (g_variant_type_equal(type, G_VARIANT_TYPE_STRING) || g_variant_type_equal(type, G_VARIANT_TYPE_OBJECT_PATH)
        || g_variant_type_equal(type, G_VARIANT_TYPE_SIGNATURE)) {
        g_ptr_array_add(strings, g_variant_dup_string(value, NULL));
    } else if (g_variant_type_equal(type, G_VARIANT_TYPE_STRING_ARRAY)) {
        gsize count = g_variant_n_children(value);
        for (gsize index = 0; index < count; index++) {
            GVariant *item = g_variant_get_child_value(value, index);
            g_ptr_array_add(strings, g_variant_dup_string(item, NULL));
            g_variant_unref(item);
        }
    } else if (g_variant_type_equal(type, G_VARIANT_TYPE("a{ss}")) || g_variant_type_equal(type, G_VARIANT_TYPE_VARDICT)) {
        gboolean variants = g_variant_type_equal(type, G_VARIANT_TYPE_VARDICT);
        gsize count = g_variant_n_children(value);
        for (gsize index = 0; index < count; index++) {
            GVariant *entry = g_variant_get_child_value(value, index);
            GVariant *key = g_variant_get_child_value(entry, 0);
            GVariant *item = g_variant_get_child_value(entry, 1);
            g_ptr_array_add(strings, g_variant_dup_string(key, NULL));
            if (variants) {
                GVariant *inner = g_variant_get_variant(item);
                g_ptr_array_add(strings, g_strdup(g_variant_get_type_string(inner)));
                g_ptr_array_add(strings, g_variant_is_of_type(inner, G_VARIANT_TYPE_STRING) ? g_variant_dup_string(inner, NULL)
                                                                                            : g_variant_print(inner, FALSE));
                g_variant_unref(inner);
            } else {
                g_ptr_array_add(strings, g_variant_dup_string(item, NULL));
            }
            g_variant_unref(item);
            g_variant_unref(key);
            g_variant_unref(entry);
        }
    } else {
        g_ptr_array_add(strings, g_variant_print(value, TRUE));
    }
}

static void method_called(
    GDBusConnection *connection, const char *sender, const char *path, const char *interface, const char *member,
    GVariant *parameters, GDBusMethodInvocation *invocation, gpointer data) {
    (void)connection;
    (void)sender;
    fontd_bus *bus = data;
    gsize count = g_variant_n_children(parameters);
    GDBusArgInfo **declared = g_dbus_method_invocation_get_method_info(invocation)->in_args;
    fontd_bus_argument *arguments = g_new0(fontd_bus_argument, count + 1);
    GPtrArray **lists = g_new0(GPtrArray *, count + 1);
    for (gsize index = 0; index < count; index++) {
        GVariant *child = g_variant_get_child_value(parameters, index);
        lists[index] = g_ptr_array_new_with_free_func(g_free);
        flatten(child, lists[index]);
        // GDBus checked the call's type against the declaration, so there is one declared argument per child.
        arguments[index].name = declared[index]->name;
        arguments[index].signature = g_strdup(g_variant_get_type_string(child));
        arguments[index].count = lists[index]->len;
        arguments[index].values = (const char *const *)lists[index]->pdata;
        g_variant_unref(child);
    }
    fontd_bus_call *call = g_new(fontd_bus_call, 1);
    *call = (fontd_bus_call){bus, invocation};
    bus->callbacks.call(call, path, interface, member, arguments, count, bus->callbacks.context);
    for (gsize index = 0; index < count; index++) {
        g_free((char *)arguments[index].signature);
        g_ptr_array_unref(lists[index]);
    }
    g_free(lists);
    g_free(arguments);
}

static GVariant *property_read(
    GDBusConnection *connection, const char *sender, const char *path, const char *interface, const char *name, GError **error,
    gpointer data) {
    (void)connection;
    (void)sender;
    fontd_bus *bus = data;
    char *key = fontd_bus_interface_key(path, interface);
    GDBusInterfaceInfo *info = g_hash_table_lookup(bus->interfaces, key);
    g_free(key);
    GDBusPropertyInfo *property = info ? g_dbus_interface_info_lookup_property(info, name) : NULL;
    char *text = property ? bus->callbacks.property(path, interface, name, bus->callbacks.context) : NULL;
    if (text == NULL) {
        g_set_error(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_PROPERTY, "No property %s.%s", interface, name);
        return NULL;
    }
    GVariant *value = g_variant_parse(G_VARIANT_TYPE(property->signature), text, NULL, NULL, error);
    free(text);
    return value;
}

const GDBusInterfaceVTable fontd_bus_vtable = {method_called, property_read, NULL, {0}};

/// A reply or a signal on its way to the bus thread.
typedef struct outgoing {
    fontd_bus_call *call;
    char *path;
    char *interface;
    char *member;
    char *text;
    char *error_name;
    /// The signal's type, given with it (`emit_signal`); NULL: the exported declaration's.
    char *signature;
} outgoing;

static void free_outgoing(gpointer data) {
    outgoing *message = data;
    // A call whose answer was dropped by close is answered now (GDBus sends it if it still can).
    if (message->call) {
        g_dbus_method_invocation_return_dbus_error(message->call->invocation, "org.freedesktop.DBus.Error.Failed", "fontd is stopping");
        g_free(message->call);
    }
    g_free(message->path);
    g_free(message->interface);
    g_free(message->member);
    g_free(message->text);
    g_free(message->signature);
    g_free(message->error_name);
    g_free(message);
}

GVariantType *fontd_bus_tuple_type(GDBusArgInfo **arguments) {
    GString *signature = g_string_new("(");
    for (GDBusArgInfo **argument = arguments; argument && *argument; argument++) g_string_append(signature, (*argument)->signature);
    g_string_append_c(signature, ')');
    GVariantType *type = g_variant_type_new(signature->str);
    g_string_free(signature, TRUE);
    return type;
}

static void send_reply(fontd_bus *bus, gpointer data) {
    outgoing *message = data;
    GDBusMethodInvocation *invocation = message->call->invocation;
    g_free(message->call);
    message->call = NULL;
    if (message->error_name) {
        g_dbus_method_invocation_return_dbus_error(invocation, message->error_name, message->text);
        return;
    }
    GVariantType *type = fontd_bus_tuple_type(g_dbus_method_invocation_get_method_info(invocation)->out_args);
    GError *error = NULL;
    GVariant *value = g_variant_parse(type, message->text, NULL, NULL, &error);
    g_variant_type_free(type);
    if (value == NULL) {
        char *warning = g_strdup_printf("fontd answered %s with text that is not its type: %s", message->member, error->message);
        fontd_bus_log_warning(bus, warning);
        g_free(warning);
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", error->message);
        g_clear_error(&error);
        return;
    }
    // A parsed value is not floating: the invocation takes a reference of its own.
    g_dbus_method_invocation_return_value(invocation, value);
    g_variant_unref(value);
}

void fontd_bus_reply(fontd_bus_call *call, const char *text) {
    outgoing *message = g_new0(outgoing, 1);
    message->call = call;
    message->member = g_strdup(g_dbus_method_invocation_get_method_name(call->invocation));
    message->text = g_strdup(text);
    fontd_bus_perform(call->bus, send_reply, message, free_outgoing);
}

void fontd_bus_fail_call(fontd_bus_call *call, const char *name, const char *text) {
    outgoing *message = g_new0(outgoing, 1);
    message->call = call;
    message->error_name = g_strdup(name);
    message->text = g_strdup(text);
    fontd_bus_perform(call->bus, send_reply, message, free_outgoing);
}

static void send_signal(fontd_bus *bus, gpointer data) {
    outgoing *message = data;
    // The bus is away (said once, BusService.c): no one hears it, and no warning per signal.
    if (bus->connection == NULL) return;
    GVariantType *type = NULL;
    if (message->signature != NULL) {
        if (!g_variant_type_string_is_valid(message->signature)) {
            char *warning = g_strdup_printf("the signal %s was not sent: %s is not a D-Bus type", message->member, message->signature);
            fontd_bus_log_warning(bus, warning);
            g_free(warning);
            return;
        }
        type = g_variant_type_new(message->signature);
    } else {
        char *key = fontd_bus_interface_key(message->path, message->interface);
        GDBusInterfaceInfo *info = g_hash_table_lookup(bus->interfaces, key);
        g_free(key);
        GDBusSignalInfo *signal = info ? g_dbus_interface_info_lookup_signal(info, message->member) : NULL;
        if (signal == NULL) {
            char *warning = g_strdup_printf("no signal %s.%s is exported at %s", message->interface, message->member, message->path);
            fontd_bus_log_warning(bus, warning);
            g_free(warning);
            return;
        }
        type = fontd_bus_tuple_type(signal->args);
    }
    GError *error = NULL;
    GVariant *value = g_variant_parse(type, message->text, NULL, NULL, &error);
    g_variant_type_free(type);
    // A parsed value is not floating: emitting takes a reference of its own, so this one is released.
    gboolean sent = value && g_dbus_connection_emit_signal(bus->connection, NULL, message->path, message->interface, message->member, value, &error);
    if (value) g_variant_unref(value);
    if (!sent) {
        char *warning = g_strdup_printf("the signal %s was not sent: %s", message->member, error->message);
        fontd_bus_log_warning(bus, warning);
        g_free(warning);
        g_clear_error(&error);
    }
}

void fontd_bus_emit(fontd_bus *bus, const char *path, const char *interface, const char *signal, const char *text) {
    outgoing *message = g_new0(outgoing, 1);
    message->path = g_strdup(path);
    message->interface = g_strdup(interface);
    message->member = g_strdup(signal);
    message->text = g_strdup(text);
    fontd_bus_perform(bus, send_signal, message, free_outgoing);
}

void fontd_bus_emit_signal(
    fontd_bus *bus, const char *path, const char *interface, const char *signal, const char *signature, const char *text) {
    outgoing *message = g_new0(outgoing, 1);
    message->path = g_strdup(path);
    message->interface = g_strdup(interface);
    message->member = g_strdup(signal);
    message->signature = g_strdup(signature);
    message->text = g_strdup(text);
    fontd_bus_perform(bus, send_signal, message, free_outgoing);
}

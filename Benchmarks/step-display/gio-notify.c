/* The reference for Benchmarks/step-display.sh: what `fontd category bigger` would pay to show a step
 * with GIO loaded by dlopen on that path instead of two `gdbus call` children — load libgio, connect
 * to the session bus, ask NameHasOwner("org.gnome.Shell"), send one Notify — in one process. */
#include <dlfcn.h>
#include <gio/gio.h>
#include <stdio.h>

int main(void) {
    void *gio = dlopen("libgio-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!gio) { fprintf(stderr, "%s\n", dlerror()); return 1; }
    GDBusConnection *(*bus_get)(GBusType, GCancellable *, GError **) = dlsym(gio, "g_bus_get_sync");
    GVariant *(*call)(GDBusConnection *, const gchar *, const gchar *, const gchar *, const gchar *, GVariant *,
                      const GVariantType *, GDBusCallFlags, gint, GCancellable *, GError **) =
        dlsym(gio, "g_dbus_connection_call_sync");
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    GVariant *(*new_parsed)(const gchar *, ...) = dlsym(glib, "g_variant_new_parsed");
    GError *error = NULL;
    GDBusConnection *bus = bus_get(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) { fprintf(stderr, "no bus\n"); return 1; }
    GVariant *owned = call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                           new_parsed("('org.gnome.Shell',)"), NULL, G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (!owned) { fprintf(stderr, "NameHasOwner failed\n"); return 1; }
    GVariant *id = call(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                        "Notify",
                        new_parsed("('fontd', uint32 0, 'preferences-desktop-font', 'Text size', 'Extra Large (xl)', @as [], "
                                   "{'transient': <true>}, 2000)"),
                        NULL, G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (!id) { fprintf(stderr, "Notify failed\n"); return 1; }
    return 0;
}

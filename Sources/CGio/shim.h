#ifndef FONTD_CGIO_SHIM_H
#define FONTD_CGIO_SHIM_H
// GIO for libfontd-gnome.so (CGnomeSettings), the one target that uses it (docs/DESIGN.md §26 (The desktop bridge)).
// GSettingsBackend's header is public only with G_SETTINGS_ENABLE_BACKEND defined: the library
// asks which backend GIO chose.
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>
#endif

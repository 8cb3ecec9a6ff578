#ifndef FONTD_CGNOMESETTINGS_H
#define FONTD_CGNOMESETTINGS_H
#include "CDesktopSettings.h"

/// libfontd-gnome.so's one exported symbol, FONTD_DESKTOP_SETTINGS_ENTRY_POINT: its table, whose
/// key is watched through GIO on a thread of its own (docs/DESIGN.md §26 (The desktop bridge)).
__attribute__((visibility("default"))) const fontd_desktop_settings_interface *fontd_desktop_settings_table(void);

#endif

// The introspection XML fontd registers, embedded from the files committed in data/ (installed
// as they are), so the two cannot differ (docs/DESIGN.md §27 (The session bus), §28 (The Settings portal backend)).
#include "CSessionBus.h"

static const char fontd1[] = {
#embed "../../data/org.fontd.Fontd1.xml"
    , 0};

static const char portal[] = {
#embed "../../data/org.freedesktop.impl.portal.Settings.xml"
    , 0};

const char *fontd_bus_fontd1_introspection(void) { return fontd1; }
const char *fontd_bus_portal_introspection(void) { return portal; }

#ifndef FONTD_CBUSSERVICE_H
#define FONTD_CBUSSERVICE_H
#include "CSessionBus.h"

/// libfontd-bus.so's one exported symbol, FONTD_BUS_ENTRY_POINT: its table, which serves fontd's
/// objects on the session bus through GDBus on a thread of its own (docs/DESIGN.md §27 (The session bus)).
__attribute__((visibility("default"))) const fontd_bus_interface *fontd_bus_table(void);

#endif

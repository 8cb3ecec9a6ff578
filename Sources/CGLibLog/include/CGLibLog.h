#ifndef FONTD_CGLIBLOG_H
#define FONTD_CGLIBLOG_H
// GLib's log messages through fontd's logger, for the C libraries fontd loads with dlopen
// (libfontd-gnome.so, libfontd-bus.so; docs/DESIGN.md §26 (The desktop bridge), §27 (The session bus)). Linked into each of them.

// Linked into each library on its own: not exported from either.
#pragma GCC visibility push(hidden)

/// A message's level, as fontd logs it: 1 warning, 2 notice, 3 info (the libraries' own enums
/// have the same values).
typedef void (*fontd_glib_log_sink)(int level, const char *domain, const char *message, void *context);

/// Sends GLib's messages to `sink` from now on. GLib takes one writer per process, and aborts on a
/// second: the first of fontd's libraries to route installs it, and a later one's messages go to
/// the first one's sink (fontd gives both the same logger); a later one's routing then does nothing.
void fontd_glib_log_route(fontd_glib_log_sink sink, void *context);

/// Stops sending to the sink `fontd_glib_log_route` set here (GLib's default writer takes over).
void fontd_glib_log_unroute(void);

#pragma GCC visibility pop

#endif

#ifndef FONTD_CSTARTUP_H
#define FONTD_CSTARTUP_H
/// Whether this process blocked SIGTERM, SIGINT and SIGHUP before any thread started, as it does
/// when its first argument is `serve` (see CFontdStartup.c).
int fontd_serve_signals_blocked_at_start(void);
#endif

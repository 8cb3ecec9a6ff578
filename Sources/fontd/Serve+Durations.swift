/// `fontd serve`'s duration options: each one's range, stated in its help and checked in
/// `validate()` whatever the store (docs/DESIGN.md §18 (The command line); §15 (Timeouts, overload and
/// shutdown)).
extension Serve {
    /// `--header-timeout` and `--body-timeout`. Under a tenth of a second a client on a slow
    /// link could never send a request; over a day, a connection that sends nothing is kept.
    static let requestTimeoutRange = SecondsRange(least: 0.1, most: 86_400)

    /// `--idle-timeout`: as the request timeouts.
    static let idleTimeoutRange = SecondsRange(least: 0.1, most: 86_400)

    /// `--sse-keepalive`. A tenth of a second is already ten comments a second to every
    /// subscriber; proxies close a stream idle for about a minute, so hours are pointless.
    static let keepAliveRange = SecondsRange(least: 0.1, most: 86_400)

    /// `--font-rescan-seconds`; 0 checks never (SIGHUP still reads the fonts again).
    static let fontRescanRange = SecondsRange(least: 0.1, most: 86_400, zeroTurnsOff: true)

    /// `--store-timeout`: a PostgreSQL call slower than ten minutes is as good as none.
    static let storeTimeoutRange = SecondsRange(least: 0.1, most: 600)

    /// Every duration option in seconds, each checked against its range: once by `validate()`,
    /// again by `run()`, which cannot receive what `validate()` found. The store timeout is
    /// checked even when the store is an SQLite file, which does not use it.
    func durations() throws -> (header: Double, body: Double, idle: Double, keepAlive: Double, fontRescan: Double, store: Double) {
        (
            try headerTimeout.checked("--header-timeout", in: Self.requestTimeoutRange),
            try bodyTimeout.checked("--body-timeout", in: Self.requestTimeoutRange),
            try idleTimeout.checked("--idle-timeout", in: Self.idleTimeoutRange),
            try sseKeepalive.checked("--sse-keepalive", in: Self.keepAliveRange),
            try fontRescanSeconds.checked("--font-rescan-seconds", in: Self.fontRescanRange),
            try storeTimeout.checked("--store-timeout", in: Self.storeTimeoutRange)
        )
    }
}

import ArgumentParser
import FontdCommandLine

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

    /// Every duration option in seconds, each within its range.
    struct Durations: Sendable {
        var header: Double
        var body: Double
        var idle: Double
        var keepAlive: Double
        var fontRescan: Double
        var store: Double
    }

    /// Every duration option checked against its range, in the order of the options' help. The
    /// store timeout is checked even when the store is an SQLite file, which does not use it.
    func checkDurations() throws(ValidationError) -> Durations {
        Durations(
            header: try headerTimeout.checked("--header-timeout", in: Self.requestTimeoutRange),
            body: try bodyTimeout.checked("--body-timeout", in: Self.requestTimeoutRange),
            idle: try idleTimeout.checked("--idle-timeout", in: Self.idleTimeoutRange),
            keepAlive: try sseKeepalive.checked("--sse-keepalive", in: Self.keepAliveRange),
            fontRescan: try fontRescanSeconds.checked("--font-rescan-seconds", in: Self.fontRescanRange),
            store: try storeTimeout.checked("--store-timeout", in: Self.storeTimeoutRange))
    }

    /// The durations `validate()` checked; checked now only for a `Serve` that was not validated.
    func durations() throws(ValidationError) -> Durations {
        if let durations = validatedDurations.value { return durations }
        return try checkDurations()
    }
}

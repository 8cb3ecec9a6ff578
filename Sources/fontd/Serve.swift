import ArgumentParser
import DesktopBridge
import DynamicType
import FontdCommandLine
import Logging

/// `fontd serve`: the HTTP API on raw sockets (docs/DESIGN.md §7 (HTTP endpoints) to §16 (The answer cache)).
struct Serve: ParsableCommand {
    /// The shortest server token taken beyond loopback, in bytes: as long as an HS256 secret must be.
    static let minimumTokenBytes = 32

    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the fontd HTTP API.",
        discussion: """
            Prints one line, "fontd listening on http://HOST:PORT", on stdout once ready; logs go to stderr. \
            SIGTERM or SIGINT stop it gracefully: requests under way finish, then it exits 0. \
            Started by systemd, it serves on the socket of fontd.socket when given one (--host and --port are then not used) \
            and tells systemd when it is ready, when it stops, and that it still answers (Type=notify, WatchdogSec=).
            """)

    // Optional, so that a --host or --port given beside a socket systemd passed can be said to be unused.
    @Option(help: "The address to listen on (default: \(Serve.defaultHost)).")
    var host: String?

    @Option(help: "The TCP port (default: \(Serve.defaultPort)); 0 lets the system choose (read it from the ready line).")
    var port: Int?

    @Option(help: ArgumentHelp(StyleTableOption.help))
    var styles: String?

    // Optional rather than defaulting to processorCount, so help says "one per processor"
    // once instead of adding this machine's count as a second default.
    @Option(help: "Event-loop threads (default: one per processor).")
    var threads: Int?

    @Option(help: "Open connections past which new ones are answered 503.")
    var maxConnections = 16_384

    @Option(help: "Seconds a request's head may take to arrive (408 after): \(Serve.requestTimeoutRange).")
    var headerTimeout: Seconds = "10"

    @Option(help: "Seconds a request's body may take to arrive (408 after): \(Serve.requestTimeoutRange).")
    var bodyTimeout: Seconds = "10"

    @Option(help: "Seconds an idle keep-alive connection stays open: \(Serve.idleTimeoutRange).")
    var idleTimeout: Seconds = "60"

    @Option(help: "Resolved answers kept ready to send (least recently used go first).")
    var cacheEntries = 10_000

    @Option(help: "Bytes of answers kept ready to send, stylesheets included (least recently used go first).")
    var cacheBytes = 64 << 20

    @Option(
        help: ArgumentHelp(
            "An origin whose pages may change the reader's preferences and read every scope, as the server's own pages may "
                + "(scheme://host[:port]; repeat for more). Any page may read the typography that follows the reader.",
            valueName: "origin"),
        transform: { try WebOrigin(parsing: $0) })
    var corsOrigin: [WebOrigin] = []

    @Option(
        help: ArgumentHelp(
            "A host name requests may name in Host, besides localhost and addresses (repeat for more); any other name is 421 (DNS rebinding).",
            valueName: "name"),
        transform: { try ServerName(parsing: $0) })
    var serverName: [ServerName] = []

    @Option(
        help:
            "The preferences store: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DB shared by replicas; else $FONTD_STORE, else beside --state as NAME.sqlite, else $XDG_STATE_HOME/fontd/fontd.sqlite (default)."
    )
    var store: String?

    @Option(
        help:
            "Seconds a PostgreSQL store's call may take before the store counts as unreachable (503 for a change): \(Serve.storeTimeoutRange)."
    )
    var storeTimeout: Seconds = "10"

    @Option(help: "A state file of earlier versions, imported once into a new store (default: $XDG_STATE_HOME/fontd/state.json).")
    var state: String?

    @Option(
        help:
            "The bearer token PUTs must carry (default: $FONTD_TOKEN). Every user of this machine sees it in ps: prefer --token-file or FONTD_TOKEN."
    )
    var token: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the bearer token (one trailing newline ignored), instead of --token, which ps shows.", valueName: "file"))
    var tokenFile: String?

    @Flag(help: "Listen beyond loopback without a token (anyone who can connect may change the preferences).")
    var allowUnauthenticated = false

    @Option(help: "The HS256 secret of scoped tokens, at least 32 bytes; needs --token (default: $FONTD_JWT_SECRET).")
    var jwtSecret: String?

    @Option(help: "A PEM file with the ES256 public key of scoped tokens; needs --token.")
    var jwtPublicKey: String?

    @Option(help: ArgumentHelp("The furthest from now a scoped token's exp may be: Ns, Nm, Nh or Nd, at most 366d.", valueName: "ttl"))
    var maxTokenTtl: Checked<MaximumTokenLifetime> = "366d"

    @Option(help: "Scopes other than the root that may hold preferences of their own (409 scopeLimit past it).")
    var maxScopes = 1_000_000

    @Option(help: "Scopes one reader (a scope's first segment) may hold preferences for, within --max-scopes (409 scopeLimit past it).")
    var maxScopesPerReader = 64

    @Option(
        help: "Changes one reader (or the root scope) may make a second, on average, with bursts of as many (429 with Retry-After past it)."
    )
    var maxWritesPerSecond = 20.0

    @Option(help: "The store's newest changes kept for Last-Event-ID replays (at least 1).")
    var keptChanges = 100_000

    @Option(help: "Each scope's newest changes kept even when older than --kept-changes (at least 1).")
    var keptChangesPerScope = 1024

    @Option(help: "Unsent bytes an event stream may queue before its subscriber is cut off.")
    var subscriberQueueBytes = 256 * 1024

    @Option(help: "The kernel send buffer of event streams, in bytes (default: the system's).")
    var sseSndbuf: Int?

    @Option(help: "Seconds between keep-alive comments on idle event streams: \(Serve.keepAliveRange).")
    var sseKeepalive: Seconds = "15"

    @Option(help: "Seconds between checks for fonts installed or removed: \(Serve.fontRescanRange). SIGHUP reads the fonts again at once.")
    var fontRescanSeconds: Seconds = "10"

    @Option(
        help: ArgumentHelp(
            "Keep the reader's text size and the desktop's in step: gnome (GNOME's text-scaling-factor, which Large Text sets, both ways; "
                + "fontd stops at start when it cannot reach it), kde (KDE Plasma's font sizes in kdeglobals, both ways), x11 (Xft.dpi "
                + "through xrdb, and a running xsettingsd's Xft/DPI, one way; fontd stops at start without DISPLAY), qt5ct and qt6ct (their "
                + "[Fonts] sizes, which Qt applications themed by them apply live, one way) or auto (kde when "
                + "XDG_CURRENT_DESKTOP names KDE, else gnome, when it can be reached, x11 when DISPLAY is set and xrdb is installed, and "
                + "qt5ct and qt6ct when installed or named by QT_QPA_PLATFORMTHEME); "
                + "several comma-separated, as gnome,x11 (one of gnome and kde). Default: no desktop.",
            valueName: "desktop"))
    var desktop: DesktopChoices?

    @Option(
        help: ArgumentHelp(
            "The scope whose category follows and sets the desktop's text size (default: the root scope).", valueName: "scope"))
    var desktopScope: Checked<PreferenceScope>?

    @Option(
        help: ArgumentHelp(
            "Tell terminals and editors the reader's text size (body's monospace point size at the category of each one's "
                + "target scope, DESKTOP-SCOPE/desktop/PROGRAM): kitty, alacritty, foot, wezterm, ghostty, vscode, several "
                + "comma-separated, or auto (each the reader configured: its configuration folder exists). Default: none.",
            valueName: "programs"),
        completion: .list(["auto"] + TerminalPrograms.names),
        transform: { try BridgeChoices(parsing: $0) })
    var bridge: BridgeChoices?

    @Option(
        help: ArgumentHelp(
            "Serve org.fontd.Fontd1 and the Settings portal backend on the session bus: auto (when DBUS_SESSION_BUS_ADDRESS names one that "
                + "can be reached; else said once in the log), on (fontd stops at start when it cannot) or off.",
            valueName: "dbus"))
    var dbus: BusChoice = .auto

    @Option(
        help: ArgumentHelp(
            "The scope org.fontd.Fontd1 serves (default: --desktop-scope with a desktop bridge, else the root scope); without --desktop, "
                + "the Settings portal serves desktop/portal below it.", valueName: "scope"))
    var dbusScope: Checked<PreferenceScope>?

    @Flag(
        help: ArgumentHelp(
            "Answer org.gnome.desktop.interface text-scaling-factor in the Settings portal too (the desktop bridge's value for the category). "
                + "Also on when fontd desktop install --text-scaling-factor chose it."))
    var portalTextScalingFactor = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Checked<Logger.Level> = "info"

    /// The durations `validate()` checked, kept for `run()` (`Validated`).
    var validatedDurations = Validated<Durations>()

    static let defaultHost = "127.0.0.1"
    static let defaultPort = 8686

    static func defaultStatePath(_ environment: [String: String]) -> String? {
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") { return base + "/fontd/state.json" }
        return environment["HOME"].map { $0 + "/.local/state/fontd/state.json" }
    }
}

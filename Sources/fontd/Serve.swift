import ArgumentParser
import CFontdStartup
import DesktopBridge
import DynamicType
import ScopedPreferences
import FontResolution
import FontService
import FontdCommandLine
import Glibc
import HTTPServer
import JWTKit
import Logging
import PostgresStore
import SessionBus
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `fontd serve`: the HTTP API on raw sockets (docs/DESIGN.md §7 (HTTP endpoints) to §16 (The answer cache)).
struct Serve: ParsableCommand {
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

    @Option(help: "The preferences store: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DB shared by replicas; else $FONTD_STORE, else beside --state as NAME.sqlite, else $XDG_STATE_HOME/fontd/fontd.sqlite (default).")
    var store: String?

    @Option(help: "Seconds a PostgreSQL store's call may take before the store counts as unreachable (503 for a change): \(Serve.storeTimeoutRange).")
    var storeTimeout: Seconds = "10"

    @Option(help: "A state file of earlier versions, imported once into a new store (default: $XDG_STATE_HOME/fontd/state.json).")
    var state: String?

    @Option(help: "The bearer token PUTs must carry (default: $FONTD_TOKEN). Every user of this machine sees it in ps: prefer --token-file or FONTD_TOKEN.")
    var token: String?

    @Option(help: ArgumentHelp("A file holding the bearer token (one trailing newline ignored), instead of --token, which ps shows.", valueName: "file"))
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

    @Option(help: "Changes one reader (or the root scope) may make a second, on average, with bursts of as many (429 with Retry-After past it).")
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

    @Option(help: ArgumentHelp(
        "Keep the reader's text size and the desktop's in step: gnome (GNOME's text-scaling-factor, which Large Text sets, both ways; "
            + "fontd stops at start when it cannot reach it), kde (KDE Plasma's font sizes in kdeglobals, both ways), x11 (Xft.dpi "
            + "through xrdb, and a running xsettingsd's Xft/DPI, one way; fontd stops at start without DISPLAY) or auto (kde when "
            + "XDG_CURRENT_DESKTOP names KDE, else gnome, when it can be reached, and x11 when DISPLAY is set and xrdb is installed); "
            + "several comma-separated, as gnome,x11 (one of gnome and kde). Default: no desktop.",
        valueName: "desktop"))
    var desktop: DesktopChoices?

    @Option(help: ArgumentHelp("The scope whose category follows and sets the desktop's text size (default: the root scope).", valueName: "scope"))
    var desktopScope: Checked<PreferenceScope>?

    @Option(
        help: ArgumentHelp(
            "Tell terminals and editors the reader's text size (body's monospace point size at the category of each one's "
                + "target scope, DESKTOP-SCOPE/desktop/PROGRAM): kitty, alacritty, foot, wezterm, ghostty, vscode, several "
                + "comma-separated, or auto (each whose program or configuration folder is found). Default: none.",
            valueName: "programs"),
        transform: { try BridgeChoices(parsing: $0) })
    var bridge: BridgeChoices?

    @Option(help: ArgumentHelp(
        "Serve org.fontd.Fontd1 and the Settings portal backend on the session bus: auto (when DBUS_SESSION_BUS_ADDRESS names one that "
            + "can be reached; else said once in the log), on (fontd stops at start when it cannot) or off.",
        valueName: "dbus"))
    var dbus: BusChoice = .auto

    @Option(help: ArgumentHelp(
        "The scope org.fontd.Fontd1 serves (default: --desktop-scope with a desktop bridge, else the root scope); without --desktop, "
            + "the Settings portal serves desktop/portal below it.", valueName: "scope"))
    var dbusScope: Checked<PreferenceScope>?

    @Flag(help: ArgumentHelp(
        "Answer org.gnome.desktop.interface text-scaling-factor in the Settings portal too (the desktop bridge's value for the category). "
            + "Also on when fontd desktop install --text-scaling-factor chose it."))
    var portalTextScalingFactor = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Checked<Logger.Level> = "info"

    static let defaultHost = "127.0.0.1"
    static let defaultPort = 8686

    func run() throws {
        let level = try logLevel.value()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "fontd")
        // First, so that no child inherits them and a socket fontd cannot serve stops it before anything is opened.
        let inherited = try inheritedListener(logger: logger)
        let serviceManager = ServiceManager.take(logger: logger)
        let host = host ?? Self.defaultHost
        let port = port ?? Self.defaultPort
        let threads = threads ?? HTTPServerConfiguration.processorCount
        let environment = ProcessInfo.processInfo.environment
        let token = try TokenSource(option: token, file: tokenFile).resolved(environment: environment)
        // An inherited socket is judged on the address it is bound to, as --host is on the address it names.
        let loopback = try inherited?.isLoopback ?? HTTPServer.isLoopback(host: host)
        if token == nil, !allowUnauthenticated, !loopback {
            let place = inherited.map { "\(Self.address(host: $0.host, port: $0.port)) (the socket systemd passed)" } ?? host
            throw ValidationError("Refusing to listen on \(place) without a token: anyone who can connect could change the reader's preferences. Give --token-file (or FONTD_TOKEN, or --token), or --allow-unauthenticated.")
        }
        let maximumTokenLifetime = try maxTokenTtl.value()
        let scopedTokenKey = try Self.scopedTokenKey(
            secret: jwtSecret ?? environment["FONTD_JWT_SECRET"], secretFromEnvironment: jwtSecret == nil, publicKeyPath: jwtPublicKey,
            token: token)
        let store = store ?? environment["FONTD_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        // Any URL is the PostgreSQL store's to read, never a file name: `POSTGRES://u:pw@h/db` would
        // otherwise be an SQLite file in the directory `POSTGRES:/u:pw@h`. `PostgresURL` takes the
        // scheme in any case (RFC 3986 §3.1) and refuses another without quoting the URL.
        let sharedStore = store.flatMap { $0.contains("://") ? $0 : nil }
        guard let location = StoreLocation(store: store, state: state, environment: environment) else {
            throw ValidationError("No preferences store location: set --store, XDG_STATE_HOME or HOME.")
        }

        // Bound before anything else is opened: on an address in use, fontd stops with that one
        // line, having touched neither the store nor the desktop.
        let listener: HTTPListener
        if let inherited {
            listener = inherited
        } else {
            do {
                listener = try HTTPListener(host: host, port: port)
            } catch {
                guard case .addressInUse = error else { throw error }
                Output.writeLine(error.description, to: STDERR_FILENO)
                throw ExitCode.failure
            }
        }

        Self.raiseDescriptorLimit()
        var server = HTTPServerConfiguration()
        server.threads = threads
        server.maxConnections = maxConnections
        let durations = try durations()
        server.headerTimeoutSeconds = durations.header
        server.bodyTimeoutSeconds = durations.body
        server.idleTimeoutSeconds = durations.idle
        server.streamBacklogLimitBytes = subscriberQueueBytes
        server.streamSendBufferBytes = sseSndbuf
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: cacheEntries)
        var serviceConfiguration = FontServiceConfiguration(cacheEntries: cacheEntries, trustedOrigins: corsOrigin.map(\.text))
        serviceConfiguration.serverNames = serverName.map(\.text)
        serviceConfiguration.maximumScopesPerReader = maxScopesPerReader
        serviceConfiguration.maximumWritesPerSecond = maxWritesPerSecond
        serviceConfiguration.cacheBytes = cacheBytes
        serviceConfiguration.token = token
        serviceConfiguration.keepAliveSeconds = durations.keepAlive
        serviceConfiguration.scopedTokenKey = scopedTokenKey
        serviceConfiguration.maximumTokenLifetimeSeconds = maximumTokenLifetime.seconds
        serviceConfiguration.maximumScopes = maxScopes
        serviceConfiguration.keptChanges = keptChanges
        serviceConfiguration.keptChangesPerScope = keptChangesPerScope
        serviceConfiguration.fontRescanSeconds = durations.fontRescan
        // docs/DESIGN.md §23 (Reader scopes and scoped tokens): with no token, every scope is open on loopback only (a single-user desktop).
        serviceConfiguration.scopesOpenWithoutToken = loopback
        // PostgreSQL when the store is a URL (docs/DESIGN.md §24 (Replicas on PostgreSQL)), else the SQLite file.
        let storage: any PreferenceStorage = if let sharedStore {
            try PostgresPreferenceStore.open(url: sharedStore, timeoutSeconds: durations.store, logger: logger)
        } else {
            try location.open(logger: logger)
        }
        let service = try FontService(resolver: resolver, configuration: serviceConfiguration, storage: storage, logger: logger)
        try service.prewarm()
        let http = try HTTPServer(listener: listener, configuration: server, responder: service, logger: logger)
        if fontd_serve_signals_blocked_at_start() == 0 {
            logger.warning("SIGTERM, SIGINT and SIGHUP were not blocked before threads started; a signal may end fontd without a graceful stop")
        }
        // Before the ready line: the desktop's value is the category when the first request arrives.
        let stateFolder = TargetExclusions.stateFolder(environment: environment)
        let exclusions = stateFolder.map { TargetExclusions.read($0 + "/" + TargetExclusions.fileName) } ?? TargetExclusions()
        let bridge = try joinDesktop(service: service, table: resolver.table, environment: environment, exclusions: exclusions, logger: logger)
        defer { bridge?.stop() }
        // After GNOME's: at start its key sets the category that X11 then carries.
        let x11 = try joinX11(table: resolver.table, environment: environment, stateFolder: stateFolder, logger: logger)
        let terminals = try terminalTargets(resolver: resolver, environment: environment, logger: logger)
        let bus = try joinSessionBus(
            service: service, table: resolver.table, bridgeScope: bridge?.scope ?? (x11 == nil ? nil : try desktopScopeParsed()), token: token,
            portalExcluded: desktop != nil && exclusions.contains("portal"), environment: environment, logger: logger)
        defer { bus?.stop() }
        // The portal is a target (excludable, with a status) only with --desktop, which keeps the
        // targets' state; without it, it still serves desktop/portal below --dbus-scope.
        let portal = desktop == nil ? nil : bus.map { PortalTarget(service: $0) }
        let targets = try startTargets(
            [bridge?.target, x11, portal].compactMap { $0 } + terminals, service: service, stateFolder: stateFolder, logger: logger)
        defer { targets?.stop() }

        let ready = Array("fontd listening on \(http.url)\n".utf8)
        _ = ready.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        logger.info("listening", metadata: ["url": "\(http.url)", "threads": "\(threads)", "socket": "\(inherited == nil ? "bound" : "inherited")"])
        // READY=1 once every loop has turned: the bus names are owned and the desktop joined above.
        try http.run(
            onHangUp: { service.refreshFonts(force: true) },
            onStarted: { serviceManager?.notify(.ready) },
            onStopping: { serviceManager?.notify(.stopping) },
            heartbeat: serviceManager?.watchdog)
    }

    /// The desktop bridge `--desktop` asks for (docs/DESIGN.md §26 (The desktop bridge), §30 (KDE Plasma, X11, and per-target limits)),
    /// started; nil for none, or with `auto` when the desktop cannot be reached (said once in the log).
    private func joinDesktop(
        service: FontService, table: StyleTable, environment: [String: String], exclusions: TargetExclusions, logger: Logger
    ) throws -> JoinedDesktop? {
        guard let desktop, let (bothWays, need) = desktop.bothWays(environment: environment) else { return nil }
        do {
            let scope = try desktopScopeParsed()
            let ratios = try TextScalingRatios.of(table)
            switch bothWays {
            case .kde:
                let signals: KDESignals?
                do {
                    signals = try KDESignals.connect(environment: environment, logger: logger)
                } catch {
                    logger.warning("KDE programs will not be told when fontd sets their fonts", metadata: ["reason": "\(error)"])
                    signals = nil
                }
                do {
                    let bridge = try KDEBridge.start(
                        scope: scope, targetScope: try TargetRunner.scope(of: "kde", below: scope), hub: service.hub, ratios: ratios,
                        paths: try KDEBridge.Paths(environment: environment), excluded: exclusions.contains("kde"), logger: logger,
                        fontsChanged: { signals?.fontsChanged() })
                    return .kde(bridge, signals)
                } catch {
                    signals?.close()
                    throw error
                }
            case .gnome, .x11, .auto:
                return .gnome(try DesktopBridge.start(
                    scope: scope, targetScope: try TargetRunner.scope(of: "gnome", below: scope), hub: service.hub, ratios: ratios,
                    originalPath: TargetExclusions.stateFolder(environment: environment).map { $0 + "/gnome-base.json" },
                    excluded: exclusions.contains("gnome"), logger: logger))
            }
        } catch where need == .optional {
            logger.notice("serving without a desktop bridge (--desktop auto)", metadata: ["reason": "\(error)"])
            return nil
        }
    }

    /// `--desktop-scope` as a scope (read when the command line was parsed); the root scope when
    /// it is not given.
    func desktopScopeParsed() throws -> PreferenceScope {
        guard let desktopScope else { return .root }
        do {
            return try desktopScope.value()
        } catch {
            throw ValidationError("--desktop-scope: \(error)")
        }
    }

    /// The key of scoped tokens: exactly one of the secret and the public key, either only with
    /// the server's token (which is what may issue and revoke them: without it nobody is admin).
    static func scopedTokenKey(
        secret: String?, secretFromEnvironment: Bool, publicKeyPath: String?, token: String?
    ) throws -> FontServiceConfiguration.ScopedTokenKey? {
        let secretName = secretFromEnvironment ? "FONTD_JWT_SECRET" : "--jwt-secret"
        switch (secret, publicKeyPath) {
        case (nil, nil):
            return nil
        case (.some, .some):
            throw ValidationError("Give one of \(secretName) (HS256) and --jwt-public-key (ES256), not both.")
        case (let secret?, nil):
            guard token != nil else { throw ValidationError("\(secretName) needs --token (or FONTD_TOKEN): the server's token is the admin of every scope.") }
            let bytes = Array(secret.utf8)
            let minimum = FontServiceConfiguration.ScopedTokenKey.minimumSecretBytes
            guard bytes.count >= minimum else {
                throw ValidationError("\(secretName) is \(bytes.count) bytes; an HS256 secret needs at least \(minimum) (openssl rand -hex 32 makes one).")
            }
            return .secret(bytes)
        case (nil, let path?):
            guard token != nil else { throw ValidationError("--jwt-public-key needs --token (or FONTD_TOKEN): the server's token is the admin of every scope.") }
            let pem: String
            do { pem = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ValidationError("--jwt-public-key \(path) cannot be read (\(error.localizedDescription)).")
            }
            do { _ = try ES256PublicKey(pem: pem) } catch {
                throw ValidationError("--jwt-public-key \(path) is not a PEM ES256 (P-256) public key (\(error)).")
            }
            return .publicKey(pem: pem)
        }
    }

    /// Raises the soft limit on open descriptors to the hard one, as Go's runtime does for every
    /// program: each connection is a descriptor, and shells and services often start programs with
    /// a soft limit of 1024 under a hard one hundreds of times larger (docs/DESIGN.md §15 (Timeouts, overload and shutdown)).
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    static func defaultStatePath(_ environment: [String: String]) -> String? {
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") { return base + "/fontd/state.json" }
        return environment["HOME"].map { $0 + "/.local/state/fontd/state.json" }
    }
}

import ArgumentParser
import CFontdStartup
import DesktopBridge
import DynamicType
import FontResolution
import FontService
import FontdCommandLine
import Glibc
import HTTPServer
import Logging
import PostgresStore
import ScopedPreferences
import SessionBus

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Serve {
    func run() throws {
        let level = try logLevel.value()
        LoggingSystem.bootstrap { label in ServeLogHandler(label: label, logLevel: level) }
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
            throw ValidationError(
                "Refusing to listen on \(place) without a token: anyone who can connect could change the reader's preferences. Give --token-file (or FONTD_TOKEN, or --token), or --allow-unauthenticated."
            )
        }
        // Beyond loopback anyone who can connect may guess it: as long as an HS256 secret (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
        if let token, !loopback, token.utf8.count < Self.minimumTokenBytes {
            throw ValidationError(
                "The server's token is \(token.utf8.count) bytes; a server that listens beyond loopback needs one of at least \(Self.minimumTokenBytes), "
                    + "as anyone who can connect may guess it (openssl rand -hex 32 > FILE makes one; give it with --token-file FILE or FONTD_TOKEN)."
            )
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
                Output.writeLine("fontd: error: " + Self.addressInUse(host: host, port: port), to: STDERR_FILENO)
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
        let storage: any PreferenceStorage =
            if let sharedStore {
                try PostgresPreferenceStore.open(url: sharedStore, timeoutSeconds: durations.store, logger: logger)
            } else {
                try location.open(logger: logger)
            }
        // The composition root (docs/DESIGN.md §38 (One domain in the middle)): the hub and the reader
        // API over it are built here, and handed to HTTP, the session bus and the desktop bridges.
        let hub = try ScopeHub(
            storage: storage, retention: serviceConfiguration.retention, limits: serviceConfiguration.scopeLimits,
            keepAliveSeconds: serviceConfiguration.keepAliveSeconds, logger: logger)
        let reader = FontService.reader(over: hub, resolver, serviceConfiguration)
        let service = try FontService(resolver: resolver, configuration: serviceConfiguration, reader: reader, logger: logger)
        try service.prewarm()
        let http = try HTTPServer(listener: listener, configuration: server, responder: service, logger: logger)
        if fontd_serve_signals_blocked_at_start() == 0 {
            logger.warning(
                "SIGTERM, SIGINT and SIGHUP were not blocked before threads started; a signal may end fontd without a graceful stop")
        }
        // Before the ready line: the desktop's value is the category when the first request arrives.
        let stateFolder = TargetExclusions.stateFolder(environment: environment)
        let exclusions = stateFolder.map { TargetExclusions.read($0 + "/" + TargetExclusions.fileName) } ?? TargetExclusions()
        let bridge = try joinDesktop(
            hub: hub, table: resolver.table, environment: environment, exclusions: exclusions, logger: logger)
        defer { bridge?.stop() }
        // After GNOME's: at start its key sets the category that X11 then carries.
        let x11 = try joinX11(table: resolver.table, environment: environment, stateFolder: stateFolder, logger: logger)
        let qt = try joinQt(table: resolver.table, environment: environment, stateFolder: stateFolder, logger: logger)
        let terminals = try terminalTargets(resolver: resolver, environment: environment, stateFolder: stateFolder, logger: logger)
        let bus = try joinSessionBus(
            reader: reader, service: service, table: resolver.table,
            bridgeScope: bridge?.scope ?? (x11 == nil ? nil : try desktopScopeParsed()),
            portalExcluded: desktop != nil && exclusions.contains("portal"), environment: environment, logger: logger)
        defer { bus?.stop() }
        // The portal is a target (excludable, with a status) only with --desktop, which keeps the
        // targets' state; without it, it still serves desktop/portal below --dbus-scope.
        let portal = desktop == nil ? nil : bus.map { PortalTarget(service: $0) }
        let targets = try startTargets(
            [bridge?.target, x11, portal].compactMap { $0 } + qt + terminals, hub: hub, stateFolder: stateFolder, logger: logger)
        defer { targets?.stop() }
        service.serveDesktopBoard(
            ServedDesktopBoard(
                board: targets?.board, scope: try desktopScopeParsed(), stateFolder: stateFolder, clients: service.streamClients))

        let ready = Array("fontd listening on \(http.url)\n".utf8)
        _ = ready.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        logger.info(
            "listening", metadata: ["url": "\(http.url)", "threads": "\(threads)", "socket": "\(inherited == nil ? "bound" : "inherited")"])
        // READY=1 once every loop has turned: the bus names are owned and the desktop joined above.
        try http.run(
            onHangUp: { service.refreshFonts(force: true) },
            onStarted: { serviceManager?.notify(.ready) },
            onStopping: { serviceManager?.notify(.stopping) },
            heartbeat: serviceManager?.watchdog)
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
}

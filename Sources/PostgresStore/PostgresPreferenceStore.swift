import DynamicType
import Logging
import PostgresNIO
import ScopedPreferences
import Synchronization

/// The scopes' preferences and their history (docs/DESIGN.md §23 (Reader scopes and scoped tokens), §24 (Replicas on PostgreSQL)) in a PostgreSQL database
/// that several fontd replicas share, through postgres-nio.
///
/// The same contract as the SQLite store: a commit is one transaction that refuses, writing
/// nothing, entries that do not follow the stored position one by one. Each commit first locks
/// the one `preferences` row, so positions and ids are handed out in commit order across
/// replicas; a refused position means another replica committed first (catch up with
/// `entries(after:)`, plan again). Each commit also sends `NOTIFY fontd` with its position, which
/// `listen(_:)` delivers to the other replicas.
///
/// Calls are synchronous: each runs on postgres-nio's event loops while the calling thread
/// waits, at most `timeoutSeconds`, so they must come from a thread of the caller's own (the
/// service's preferences queue), never from Swift concurrency's pool or an event loop. Any
/// thread may call; the connection pool serves them.
public final class PostgresPreferenceStore: Sendable {
    /// The URL without its password (`postgres://user@host:port/database?sslmode=…`): for logs.
    public let redactedURL: String
    /// How long a call waits for the database before it fails with `.unavailable`.
    public let timeoutSeconds: Double

    private let url: PostgresURL
    private let client: PostgresClient
    private let connectionConfiguration: PostgresConnection.Configuration
    /// For postgres-nio and the listeners (`connectionsLogger(_:)`).
    private let logger: Logger
    /// What the listeners find of the database, for `watchReachability(_:)`.
    private let reachability = StoreReachability()

    /// What `close()` ends: the client's run task and the listeners; nil once closed.
    private struct Running {
        var clientTask: Task<Void, Never>
        var listeners: [ChangeListener] = []
    }
    private let running: Mutex<Running?>

    private init(
        url: PostgresURL, client: PostgresClient, connectionConfiguration: PostgresConnection.Configuration, timeoutSeconds: Double,
        logger: Logger
    ) {
        self.url = url
        redactedURL = url.description
        self.client = client
        self.connectionConfiguration = connectionConfiguration
        self.timeoutSeconds = timeoutSeconds
        self.logger = logger
        running = Mutex(Running(clientTask: Task(executorPreference: StoreExecutor.shared) { await client.run() }))
    }

    deinit { close() }

    /// Connects to the database `url` names and makes its tables when they are missing (in one
    /// transaction under an advisory lock, so replicas starting together make them once).
    ///
    /// - Parameters:
    ///   - url: `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE`; its password is never
    ///     shown in an error or a log.
    ///   - timeoutSeconds: how long any call, this one included, waits for the database.
    /// - Throws: `.invalidURL`, `.unavailable` (unreachable, or no answer in time),
    ///   `.authenticationFailed`, `.noSuchDatabase`, `.damaged` (another application's tables),
    ///   `.newerSchema`.
    public static func open(url text: String, timeoutSeconds: Double = 10, logger: Logger) throws(PostgresStoreError)
        -> PostgresPreferenceStore
    {
        try open(url: text, timeoutSeconds: timeoutSeconds, logger: logger, columns: StoreColumn.declared)
    }

    /// `open(url:timeoutSeconds:logger:)` with tables that hold `columns` (the declared preferences'
    /// unless a test says otherwise).
    static func open(url text: String, timeoutSeconds: Double = 10, logger: Logger, columns: [StoreColumn]) throws(PostgresStoreError)
        -> PostgresPreferenceStore
    {
        let url = try PostgresURL(parsing: text)
        let tls = try TLSSettings(url.sslMode, rootCertificates: url.rootCertificates)
        var connectionConfiguration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls.connection)
        connectionConfiguration.options.connectTimeout = .milliseconds(Int64(timeoutSeconds * 1000))
        var clientConfiguration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls.client)
        clientConfiguration.options.connectTimeout = .milliseconds(Int64(timeoutSeconds * 1000))
        clientConfiguration.options.maximumConnections = 4

        // The first connection is made here rather than by the pool, whose lease would only time
        // out: connecting directly tells a wrong password from an unreachable server.
        let logger = logger
        try BlockingCall.run(timeoutSeconds: timeoutSeconds, url: url) { [connectionConfiguration] in
            let connection = try await PostgresConnection.connect(configuration: connectionConfiguration, id: 0, logger: logger)
            do {
                try await PostgresSchema.prepare(connection, columns: columns, logger: logger)
            } catch {
                try? await connection.close()
                throw error
            }
            try? await connection.close()
        }
        let connectionsLogger = Self.connectionsLogger(logger)
        let client = PostgresClient(configuration: clientConfiguration, backgroundLogger: connectionsLogger)
        logger.info("opened the PostgreSQL store", metadata: ["store": "\(url)"])
        return PostgresPreferenceStore(
            url: url, client: client, connectionConfiguration: connectionConfiguration, timeoutSeconds: timeoutSeconds,
            logger: connectionsLogger)
    }

    /// `logger` as the store's connections are given it: at `notice` when it is at `info`, since
    /// postgres-nio says each failed attempt to connect at `info` — twice a second while the
    /// database is away — and the service already says once that it is unreachable. At `debug`
    /// or `trace`, as it is.
    private static func connectionsLogger(_ logger: Logger) -> Logger {
        var quieter = logger
        if logger.logLevel == .info { quieter.logLevel = .notice }
        return quieter
    }

    /// Everything the store holds, in one snapshot: the root scope first, then every other scope
    /// with a value of its own by path, the kept history by position, the dropped-through
    /// sequences, the store's sequence and position.
    ///
    /// - Throws: `.unavailable`; `.damaged` for a row fontd would not have written.
    public func load() throws(PostgresStoreError) -> StoredScopes {
        try call { client, logger in
            try await client.withConnection { connection in
                try await Transaction.run(on: connection, mode: "ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger) { connection in
                    let root = try await Self.root(connection, locked: false, logger: logger)
                    let scopes = try await connection.query(
                        "SELECT \(unescaped: StoredRows.scopeColumns) FROM scopes ORDER BY scope", logger: logger
                    ).collect().map(StoredRows.scope)
                    let history = try await connection.query(
                        "SELECT \(unescaped: StoredRows.historyColumns) FROM history ORDER BY position", logger: logger
                    ).collect().map(StoredRows.entry)
                    var droppedThrough: [PreferenceScope: Int] = [:]
                    for row in try await connection.query("SELECT scope, through_sequence FROM dropped_history", logger: logger).collect() {
                        let (name, sequence) = try row.decode((String, Int).self)
                        guard let scope = name.isEmpty ? .root : try? PreferenceScope(parsing: name) else {
                            throw PostgresStoreError.damaged("its dropped_history table names the scope '\(name)', which is not a scope")
                        }
                        droppedThrough[scope] = try StoredRows.bounded(
                            sequence, "dropped_history.through_sequence", of: scope.isRoot ? "the root scope" : "the scope '\(name)'")
                    }
                    return StoredScopes(
                        sequence: root.sequence, position: root.position, scopes: [root.record] + scopes, history: history,
                        droppedThrough: droppedThrough)
                }
            }
        }
    }

    /// The kept history entries after `position`, by position: what another replica committed
    /// since this one last looked (a replica catching up after a notification or an outage).
    public func entries(after position: Int) throws(PostgresStoreError) -> [ScopeHistoryEntry] {
        try call { client, logger in
            try await client.query(
                "SELECT \(unescaped: StoredRows.historyColumns) FROM history WHERE position > \(position) ORDER BY position", logger: logger
            ).collect().map(StoredRows.entry)
        }
    }

    /// The records of those of `scopes` that hold a value of their own (the root always does):
    /// the root first, then by path. With `entries(after:)`, what a catching-up replica needs.
    public func records(of scopes: [PreferenceScope]) throws(PostgresStoreError) -> [ScopeRecord] {
        let paths = scopes.filter { !$0.isRoot }.map(\.path)
        let includesRoot = scopes.contains(.root)
        return try call { client, logger in
            try await client.withConnection { connection in
                try await Transaction.run(on: connection, mode: "ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger) { connection in
                    let root = includesRoot ? [try await Self.root(connection, locked: false, logger: logger).record] : []
                    let others =
                        paths.isEmpty
                        ? []
                        : try await connection.query(
                            "SELECT \(unescaped: StoredRows.scopeColumns) FROM scopes WHERE scope = ANY(\(paths)) ORDER BY scope",
                            logger: logger
                        ).collect().map(StoredRows.scope)
                    return root + others
                }
            }
        }
    }

    /// Keeps `commit` in one transaction, committed when this returns: the preferences row
    /// locked first, its entries appended, its scopes written (the root's values in the
    /// preferences row, another scope upserted, or deleted when it holds no value of its own),
    /// the store's sequence and position advanced, its drops made, and `NOTIFY fontd` with the
    /// new position. Nothing is written when the commit is refused.
    ///
    /// - Throws: `.positionOutOfOrder` when the entries do not follow the stored position one by
    ///   one (another replica committed first; checked before the sequence); `.sequenceBehind` for a sequence lower than the
    ///   stored one; `.invalidCommit` for a root value cleared or an entry whose sequence is
    ///   beyond the commit's; `.unavailable` when it is not known to be kept.
    public func commit(_ commit: ScopeCommit) throws(PostgresStoreError) {
        for entry in commit.entries where entry.sequence > commit.sequence {
            throw .invalidCommit("history entry \(entry.position) has sequence \(entry.sequence), beyond the commit's \(commit.sequence)")
        }
        for record in commit.scopes where record.scope.isRoot {
            if let cleared = record.values.preferences(where: { $0 == nil }).first {
                throw .invalidCommit("the root scope's \(cleared.declaration.noun) cannot be cleared; it has nothing to inherit from")
            }
        }
        try call { client, logger in
            try await client.withConnection { connection in
                try await Transaction.run(on: connection, logger: logger) { connection in
                    try await Self.write(commit, on: connection, logger: logger)
                }
            }
        }
    }

    /// Every revocation of scoped tokens kept, by scope.
    ///
    /// - Throws: `.unavailable`; `.damaged` for a row that names no scope.
    public func revocations() throws(PostgresStoreError) -> [TokenRevocation] {
        try call { client, logger in
            try await client.query("SELECT scope, revoked_before FROM revocations ORDER BY scope", logger: logger).collect().map { row in
                let (name, before) = try row.decode((String, Int).self)
                guard let scope = try? PreferenceScope(parsing: name) else {
                    throw PostgresStoreError.damaged("its revocations table names the scope '\(name)', which is not a scope")
                }
                return TokenRevocation(scope: scope, revokedBefore: before)
            }
        }
    }

    /// Keeps `revocation` (unless a later one of its scope is kept) and, at its commit,
    /// `NOTIFY fontd, 'revocations'`, so every replica reads the revocations again.
    ///
    /// - Throws: `.unavailable` when it is not known to be kept.
    public func revoke(_ revocation: TokenRevocation) throws(PostgresStoreError) {
        try call { client, logger in
            try await client.withConnection { connection in
                try await Transaction.run(on: connection, logger: logger) { connection in
                    _ = try await connection.query(
                        """
                        INSERT INTO revocations (scope, revoked_before) VALUES (\(revocation.scope.path), \(revocation.revokedBefore))
                        ON CONFLICT (scope) DO UPDATE SET revoked_before = GREATEST(revocations.revoked_before, excluded.revoked_before)
                        """, logger: logger
                    ).collect()
                    _ = try await connection.query(
                        "SELECT pg_notify('fontd', \(StoreNotice.revocationsPayload))", logger: logger
                    ).collect()
                }
            }
        }
    }

    /// Calls `handler` with the position of every commit any replica makes from now on (the
    /// payload of `NOTIFY fontd`), and with the store's position each time the listening
    /// connection is (re)established, so a replica catches up after an outage. One connection
    /// of its own; after losing it, reconnects with a growing delay (0.1 s doubling to 1 s), until `close()`.
    /// `handler` runs on the store's own queue, one call at a time, and must not block: hand the
    /// work to the service's queue.
    public func listen(_ handler: @escaping @Sendable (Int) -> Void) {
        listen(notices: { notice in if case .position(let position) = notice { handler(position) } })
    }

    /// Calls `handler` with every notice of one `LISTEN fontd` connection of its own: the
    /// positions `listen(_:)` reports, and `.revocations` whenever a replica keeps a revocation
    /// (and after each (re)connection). Runs as `listen(_:)`'s handler does.
    public func listen(notices handler: @escaping @Sendable (StoreNotice) -> Void) {
        let listener = ChangeListener(
            configuration: connectionConfiguration, url: url, timeoutSeconds: timeoutSeconds, reachability: reachability, logger: logger,
            handler: handler)
        let started = running.withLock { running -> Bool in
            guard running != nil else { return false }
            running?.listeners.append(listener)
            return true
        }
        if started { listener.start() }
    }

    /// Calls `changed` each time the database stops being reachable, with why (a reason without
    /// the password), and with nil each time it is back: as the `listen` connections find it,
    /// within about two seconds either way (docs/DESIGN.md §24 (Replicas on PostgreSQL)). A
    /// connection the server closes or refuses counts at once; one that goes silent, once a
    /// `SELECT 1` sent on it every second is not answered within a second (or the store's
    /// timeout, when shorter). With no listener, nothing is watched. Called from the store's own
    /// queue, one change at a time (and at once from the caller's thread when the database is
    /// unreachable already); must not block.
    public func watchReachability(_ changed: @escaping @Sendable (_ unreachableReason: String?) -> Void) {
        reachability.watch(changed)
    }

    /// Stops the listeners and closes the connections; calls after this throw `.closed`. Again does nothing.
    public func close() {
        let stopped = running.withLock { running in
            defer { running = nil }
            return running
        }
        guard let stopped else { return }
        for listener in stopped.listeners { listener.stop() }
        stopped.clientTask.cancel()
    }

    /// Runs `operation` with the client, waiting for it at most `timeoutSeconds`.
    private func call<T: Sendable>(_ operation: @escaping @Sendable (PostgresClient, Logger) async throws -> T) throws(PostgresStoreError)
        -> T
    {
        guard running.withLock({ $0 != nil }) else { throw .closed }
        let (client, logger) = (client, logger)
        return try BlockingCall.run(timeoutSeconds: timeoutSeconds, url: url) { try await operation(client, logger) }
    }

    /// The preferences row; `locked` takes its row lock for the transaction's length.
    private static func root(_ connection: PostgresConnection, locked: Bool, logger: Logger) async throws -> (
        record: ScopeRecord, sequence: Int, position: Int
    ) {
        let rows = try await connection.query(
            "SELECT \(unescaped: StoredRows.rootColumns) FROM preferences WHERE id = 1 \(unescaped: locked ? "FOR UPDATE" : "")",
            logger: logger
        ).collect()
        guard let row = rows.first else { throw PostgresStoreError.damaged("its preferences row is missing") }
        return try StoredRows.root(row)
    }

    /// `INSERT … ON CONFLICT DO UPDATE` of a scope's row: its values and marks, each preference in its declared columns.
    private static func upsert(_ record: ScopeRecord) throws -> PostgresQuery {
        var binds = PostgresBindings()
        try binds.append(record.scope.path)
        var columns = ["scope"]
        for preference in ReaderPreference.allCases {
            try binds.append(record.values[preference])
            try binds.append(record.marks[preference])
            columns += [preference.declaration.column, preference.declaration.markColumn]
        }
        let placeholders = columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return PostgresQuery(
            unsafeSQL:
                "INSERT INTO scopes (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) ON CONFLICT (scope) DO UPDATE SET \(updates)",
            binds: binds)
    }

    /// `UPDATE preferences`: the root's values and marks, the store's sequence and position.
    private static func update(root: ScopeRecord, sequence: Int, position: Int) throws -> PostgresQuery {
        var binds = PostgresBindings()
        var assignments: [String] = []
        for preference in ReaderPreference.allCases {
            try binds.append(root.values[preference])
            try binds.append(root.marks[preference])
            assignments += [
                "\(preference.declaration.column) = $\(assignments.count + 1)",
                "\(preference.declaration.markColumn) = $\(assignments.count + 2)",
            ]
        }
        try binds.append(sequence)
        try binds.append(position)
        assignments += ["sequence = $\(assignments.count + 1)", "position = $\(assignments.count + 2)"]
        return PostgresQuery(unsafeSQL: "UPDATE preferences SET \(assignments.joined(separator: ", ")) WHERE id = 1", binds: binds)
    }

    /// The statements of one commit, inside its transaction.
    private static func write(_ commit: ScopeCommit, on connection: PostgresConnection, logger: Logger) async throws {
        // Locked first: a second replica's commit waits here until this one ends, then reads the
        // position this one left, so positions and ids follow commit order.
        var (root, sequence, position) = try await root(connection, locked: true, logger: logger)
        for entry in commit.entries {
            let (next, overflow) = position.addingReportingOverflow(1)
            guard !overflow, entry.position == next else {
                throw PostgresStoreError.positionOutOfOrder(expected: next, got: entry.position)
            }
            let (kind, value, previous) = (entry.change.preference.wireName, entry.change.value, entry.change.previous)
            _ = try await connection.query(
                """
                INSERT INTO history (position, sequence, is_event, scope, kind, value, previous)
                VALUES (\(entry.position), \(entry.sequence), \(entry.isEvent), \(entry.scope.path), \(kind), \(value), \(previous))
                """, logger: logger
            ).collect()
            position = next
        }
        // After the positions: a commit behind in both is one another writer got ahead of, which
        // the caller catches up on; nothing written above is kept when this throws.
        guard commit.sequence >= sequence else { throw PostgresStoreError.sequenceBehind(stored: sequence, got: commit.sequence) }
        for record in commit.scopes {
            if record.scope.isRoot {
                root = record
            } else if record.isEmpty {
                _ = try await connection.query("DELETE FROM scopes WHERE scope = \(record.scope.path)", logger: logger).collect()
            } else {
                _ = try await connection.query(try Self.upsert(record), logger: logger).collect()
            }
        }
        _ = try await connection.query(try Self.update(root: root, sequence: commit.sequence, position: position), logger: logger).collect()
        for drop in commit.drops {
            _ = try await connection.query(
                "DELETE FROM history WHERE scope = \(drop.scope.path) AND position <= \(drop.throughPosition)", logger: logger
            ).collect()
            _ = try await connection.query(
                """
                INSERT INTO dropped_history (scope, through_sequence) VALUES (\(drop.scope.path), \(drop.throughSequence))
                ON CONFLICT (scope) DO UPDATE SET through_sequence = GREATEST(dropped_history.through_sequence, excluded.through_sequence)
                """, logger: logger
            ).collect()
        }
        // Delivered to the listeners only when the transaction commits.
        _ = try await connection.query("SELECT pg_notify('fontd', \(String(position)))", logger: logger).collect()
    }
}

/// postgres-nio's TLS settings for an `sslmode`, for a single connection and for the client's pool.
private struct TLSSettings {
    var connection: PostgresConnection.Configuration.TLS
    var client: PostgresClient.Configuration.TLS

    /// - Parameter rootCertificates: a PEM file whose certificates are the only roots trusted
    ///   (`sslrootcert`); nil: the system's.
    init(_ mode: PostgresURL.SSLMode, rootCertificates: String? = nil) throws(PostgresStoreError) {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let rootCertificates {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificates))
            } catch {
                throw .invalidURL("sslrootcert \(rootCertificates) cannot be read as PEM certificates (\(error))")
            }
        }
        switch mode {
        case .disable:
            (connection, client) = (.disable, .disable)
            return
        case .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        let context: NIOSSLContext
        do { context = try NIOSSLContext(configuration: configuration) } catch {
            throw .invalidURL("sslmode=\(mode.rawValue) needs TLS, which cannot be set up here (\(error))")
        }
        if mode == .prefer {
            (connection, client) = (.prefer(context), .prefer(configuration))
        } else {
            (connection, client) = (.require(context), .require(configuration))
        }
    }
}

import Logging
import PostgresNIO
import Synchronization

/// One `LISTEN fontd` connection of a store (docs/DESIGN.md §24 (Replicas on PostgreSQL)): hands each notified position
/// to its handler, and the store's position after each (re)connection, reconnecting with a
/// growing delay until stopped; and each notice that revocations changed (payload
/// `revocations`), with one after each (re)connection too, as one may have been missed.
///
/// It tells the store's `StoreReachability` when it is listening and when it lost its
/// connection: closed or refused by the server (at once), or silent — a `SELECT 1` probe sent
/// every `probeIntervalSeconds` on the listening connection that goes unanswered for
/// `probeTimeoutSeconds` closes it. Each retry is logged at debug level only: the service says
/// once that the store is unreachable, and once that it is back.
///
/// Its task runs the loop; `stop()` (any thread) cancels the task and closes the connection it holds.
final class ChangeListener: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let url: PostgresURL
    private let timeoutSeconds: Double
    private let reachability: StoreReachability
    private let logger: Logger
    private let handler: @Sendable (StoreNotice) -> Void

    private struct State {
        var task: Task<Void, Never>?
        var connection: PostgresConnection?
        var isStopped = false
    }
    private let state = Mutex(State())

    /// The delays between attempts to reconnect: doubling from 0.1 s up to 1 s, so a database
    /// that is back is found listening again within about a second.
    static let firstDelaySeconds = 0.1, longestDelaySeconds = 1.0

    /// How often the listening connection is probed with `SELECT 1`, and how long an answer may
    /// take (at most the store's timeout) before the connection counts as lost: a connection the
    /// network dropped without a word is found within their sum.
    static let probeIntervalSeconds = 1.0, longestProbeTimeoutSeconds = 1.0

    init(
        configuration: PostgresConnection.Configuration, url: PostgresURL, timeoutSeconds: Double, reachability: StoreReachability,
        logger: Logger, handler: @escaping @Sendable (StoreNotice) -> Void
    ) {
        self.configuration = configuration
        self.url = url
        self.timeoutSeconds = timeoutSeconds
        self.reachability = reachability
        self.logger = logger
        self.handler = handler
    }

    func start() {
        state.withLock { state in
            guard state.task == nil, !state.isStopped else { return }
            state.task = Task(executorPreference: StoreExecutor.shared) { await self.run() }
        }
    }

    func stop() {
        let (task, connection) = state.withLock { state in
            state.isStopped = true
            defer { (state.task, state.connection) = (nil, nil) }
            return (state.task, state.connection)
        }
        task?.cancel()
        connection?.close().whenComplete { _ in }
        reachability.forget(ObjectIdentifier(self))
    }

    private func run() async {
        var delay = Self.firstDelaySeconds
        var connectionID = 1
        while !Task.isCancelled {
            let reason: String
            do {
                try await listenOnce(id: connectionID)
                reason = "the connection to \(url.server) ended"
                delay = Self.firstDelaySeconds
            } catch {
                if Task.isCancelled { break }
                reason = Self.reason(PostgresStoreError.from(error, url: url))
            }
            if Task.isCancelled { break }
            reachability.lost(ObjectIdentifier(self), reason: reason)
            logger.debug(
                "the PostgreSQL store's notification connection is lost; retrying",
                metadata: ["store": "\(url)", "reason": "\(reason)", "retryInSeconds": "\(delay)"])
            connectionID += 1
            try? await Task.sleep(for: .milliseconds(Int64(delay * 1000)))
            delay = min(delay * 2, Self.longestDelaySeconds)
        }
    }

    /// What `/healthz` and the log say of `error`: an unreachable server's reason as it is, any
    /// other refusal (a password changed meanwhile) as the store's whole description.
    private static func reason(_ error: PostgresStoreError) -> String {
        if case .unavailable(let reason) = error { return reason }
        return error.description
    }

    /// One connection's life: connect, LISTEN, report the store's position, then every
    /// notification until the connection ends (returns) or fails (throws).
    private func listenOnce(id: Int) async throws {
        let connection = try await connect(id: id)
        let isStopped = state.withLock { state in
            if !state.isStopped { state.connection = connection }
            return state.isStopped
        }
        do {
            if !isStopped { try await consume(connection) }
        } catch {
            await forget(connection)
            throw error
        }
        await forget(connection)
    }

    /// LISTEN, the store's position, then every notification until the connection ends, while
    /// a child task probes it; a probe that goes unanswered closes it and is what is thrown.
    private func consume(_ connection: PostgresConnection) async throws {
        try await connection.listen(on: "fontd") { notifications in
            // Read after LISTEN is in place: a commit after this read is notified, one before it is in the position.
            let rows = try await connection.query("SELECT position FROM preferences WHERE id = 1", logger: logger).collect()
            guard let position = try rows.first?.decode(Int.self) else {
                throw PostgresStoreError.damaged("its preferences row is missing")
            }
            reachability.listening(ObjectIdentifier(self))
            handler(.position(position))
            handler(.revocations)
            try await withThrowingTaskGroup(of: PostgresStoreError?.self) { group in
                group.addTask { await self.probe(connection) }
                var ended: (any Error)?
                do {
                    for try await notification in notifications {
                        if let position = Int(notification.payload) {
                            handler(.position(position))
                        } else if notification.payload == StoreNotice.revocationsPayload {
                            handler(.revocations)
                        }
                    }
                } catch {
                    ended = error
                }
                group.cancelAll()
                // The probe's finding first: the connection it closed ended the notifications.
                if case .some(.some(let unanswered)) = try? await group.next() { throw unanswered }
                if let ended { throw ended }
            }
        }
    }

    /// Sends `SELECT 1` on `connection` every `probeIntervalSeconds` until cancelled (nil); one
    /// that fails, or is not answered in time, closes the connection and is returned.
    private func probe(_ connection: PostgresConnection) async -> PostgresStoreError? {
        let waitSeconds = min(timeoutSeconds, Self.longestProbeTimeoutSeconds)
        let (logger, url) = (logger, url)
        while !Task.isCancelled {
            do { try await Task.sleep(for: .milliseconds(Int64(Self.probeIntervalSeconds * 1000))) } catch { return nil }
            // nil: answered, or cancelled; else why not, the connection then closed. The first
            // child to finish decides.
            let unanswered = await withTaskGroup(of: PostgresStoreError?.self) { group -> PostgresStoreError? in
                group.addTask {
                    do {
                        _ = try await connection.query("SELECT 1", logger: logger).collect()
                        return nil
                    } catch {
                        return PostgresStoreError.from(error, url: url)
                    }
                }
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(Int64(waitSeconds * 1000)))
                    return .unavailable("\(url.server) did not answer a probe within \(waitSeconds.formatted()) s")
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                guard let first, !Task.isCancelled else { return nil }
                // Told now: closing it (which fails a query still waiting, so that the group can
                // end) ends the notifications, and this task is then cancelled.
                reachability.lost(ObjectIdentifier(self), reason: Self.reason(first))
                try? await connection.close()
                return first
            }
            if let unanswered { return unanswered }
        }
        return nil
    }

    /// Closes `connection` and waits until it is (postgres-nio asserts that a connection is
    /// closed before it goes), and forgets it.
    private func forget(_ connection: PostgresConnection) async {
        state.withLock { state in if state.connection === connection { state.connection = nil } }
        try? await connection.close()
    }

    /// A new connection, or `.unavailable` after `timeoutSeconds`: a connection made after
    /// that is closed at once.
    private func connect(id: Int) async throws -> PostgresConnection {
        let (configuration, logger, timeoutSeconds, url) = (configuration, logger, timeoutSeconds, url)
        return try await withThrowingTaskGroup(of: PostgresConnection?.self) { group in
            group.addTask { try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger) }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64(timeoutSeconds * 1000)))
                return nil
            }
            var made: PostgresConnection?
            var failure: (any Error)?
            do { made = try await group.next() ?? nil } catch { failure = error }
            group.cancelAll()
            // The other task's outcome: a connection that came too late, or an error to drop.
            while let late = try? await group.next() {
                if let late, late !== made { try? await late.close() }
            }
            if let made { return made }
            throw failure ?? PostgresStoreError.unavailable("\(url.server) did not answer within \(timeoutSeconds) s")
        }
    }
}

import Logging
import PostgresNIO
import Synchronization

/// One `LISTEN fontd` connection of a store (docs/DESIGN.md §24): hands each notified position
/// to its handler, and the store's position after each (re)connection, reconnecting with a
/// growing delay until stopped; and each notice that revocations changed (payload
/// `revocations`), with one after each (re)connection too, as one may have been missed.
///
/// Its task runs the loop; `stop()` (any thread) cancels the task and closes the connection it holds.
final class ChangeListener: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let url: PostgresURL
    private let timeoutSeconds: Double
    private let logger: Logger
    private let handler: @Sendable (StoreNotice) -> Void

    private struct State {
        var task: Task<Void, Never>?
        var connection: PostgresConnection?
        var isStopped = false
    }
    private let state = Mutex(State())

    /// The delays between attempts to reconnect: doubling from 0.1 s up to 5 s.
    static let firstDelaySeconds = 0.1, longestDelaySeconds = 5.0

    init(
        configuration: PostgresConnection.Configuration, url: PostgresURL, timeoutSeconds: Double, logger: Logger,
        handler: @escaping @Sendable (StoreNotice) -> Void
    ) {
        self.configuration = configuration
        self.url = url
        self.timeoutSeconds = timeoutSeconds
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
    }

    private func run() async {
        var delay = Self.firstDelaySeconds
        var connectionID = 1
        while !Task.isCancelled {
            do {
                try await listenOnce(id: connectionID)
                logger.warning("the PostgreSQL store's notification connection ended; reconnecting", metadata: ["store": "\(url)"])
                delay = Self.firstDelaySeconds
            } catch {
                if Task.isCancelled { break }
                logger.warning(
                    "the PostgreSQL store's notification connection failed; retrying",
                    metadata: ["store": "\(url)", "reason": "\(PostgresStoreError.from(error, url: url))", "retryInSeconds": "\(delay)"])
            }
            connectionID += 1
            try? await Task.sleep(for: .milliseconds(Int64(delay * 1000)))
            delay = min(delay * 2, Self.longestDelaySeconds)
        }
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

    /// LISTEN, the store's position, then every notification until the connection ends.
    private func consume(_ connection: PostgresConnection) async throws {
        try await connection.listen(on: "fontd") { notifications in
            // Read after LISTEN is in place: a commit after this read is notified, one before it is in the position.
            let rows = try await connection.query("SELECT position FROM preferences WHERE id = 1", logger: logger).collect()
            guard let position = try rows.first?.decode(Int.self) else { throw PostgresStoreError.damaged("its preferences row is missing") }
            handler(.position(position))
            handler(.revocations)
            for try await notification in notifications {
                if let position = Int(notification.payload) {
                    handler(.position(position))
                } else if notification.payload == StoreNotice.revocationsPayload {
                    handler(.revocations)
                }
            }
        }
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

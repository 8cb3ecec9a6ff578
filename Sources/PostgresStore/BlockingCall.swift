import Dispatch
import Synchronization

/// Runs async work to completion from a plain thread, which waits on a semaphore: how the
/// store's synchronous calls reach postgres-nio. Only for threads that are not Swift
/// concurrency's own (the service calls the store from a dedicated DispatchQueue): a pool
/// thread blocked here could starve the very task it waits for.
enum BlockingCall {
    /// The result of `operation`, or `.unavailable` when it has not finished within
    /// `timeoutSeconds`; the operation's task is then cancelled (a lease still waiting for a
    /// connection gives up; a transaction not yet committed rolls back) and its result dropped.
    static func run<T: Sendable>(
        timeoutSeconds: Double, url: PostgresURL, _ operation: @escaping @Sendable () async throws -> T
    ) throws(PostgresStoreError) -> T {
        let outcome = Outcome<T>()
        let task = Task(executorPreference: StoreExecutor.shared) {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            outcome.finish(result)
        }
        guard let result = outcome.wait(timeoutSeconds: timeoutSeconds) else {
            task.cancel()
            throw .unavailable("\(url.server) did not answer within \(timeoutSeconds.formatted()) s")
        }
        do { return try result.get() } catch { throw .from(error, url: url) }
    }
}

/// One call's result, set by its task and read by the waiting thread.
private final class Outcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ value: Result<T, any Error>) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// The result, or nil when none came within the time.
    func wait(timeoutSeconds: Double) -> Result<T, any Error>? {
        guard done.wait(timeout: .now() + timeoutSeconds) == .success else { return nil }
        return result.withLock { $0 }
    }
}

extension Double {
    /// `3`, `0.5`: a number of seconds as a person writes it.
    func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}

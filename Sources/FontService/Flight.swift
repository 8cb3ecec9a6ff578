import Dispatch
import Synchronization

/// An answer being computed, which identical concurrent misses wait for instead of
/// computing it again (single-flight).
///
/// The leader — the thread whose miss created it — calls `finish(_:)` exactly once;
/// any number of loop threads call `wait()`.
final class Flight: Sendable {
    private let done = DispatchGroup()
    private let outcome = Mutex<Result<CachedAnswer, FontServiceError>?>(nil)

    init() { done.enter() }

    /// Publishes the leader's outcome and wakes every waiter.
    func finish(_ result: Result<CachedAnswer, FontServiceError>) {
        outcome.withLock { $0 = result }
        done.leave()
    }

    /// Blocks until the leader finishes, then gives its outcome.
    func wait() -> Result<CachedAnswer, FontServiceError> {
        done.wait()
        return outcome.withLock { $0 }
            ?? .failure(.resolutionFailed(what: "a shared request", reason: "the resolving thread gave no answer."))
    }
}

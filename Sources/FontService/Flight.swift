import Synchronization

/// An answer being computed, which identical concurrent misses wait for instead of
/// computing it again (single-flight) — without blocking: they leave a handler that runs when
/// it is done, and their event loops go on with other connections.
///
/// The leader — the thread whose miss created it — calls `finish(_:)` exactly once; any thread
/// calls `onFinish(_:)`.
final class Flight: Sendable {
    private enum Progress {
        case running(waiting: [@Sendable (Result<CachedAnswer, FontServiceError>) -> Void])
        case finished(Result<CachedAnswer, FontServiceError>)
    }

    private let progress = Mutex(Progress.running(waiting: []))
    /// The font epoch it was begun in (`ServiceState.fontEpoch`).
    let fontEpoch: Int

    init(fontEpoch: Int = 0) {
        self.fontEpoch = fontEpoch
    }

    /// Publishes the leader's outcome and runs every handler left so far, on this thread.
    func finish(_ result: Result<CachedAnswer, FontServiceError>) {
        let waiting = progress.withLock { progress -> [@Sendable (Result<CachedAnswer, FontServiceError>) -> Void] in
            guard case .running(let waiting) = progress else { return [] }
            progress = .finished(result)
            return waiting
        }
        for handler in waiting { handler(result) }
    }

    /// Runs `handler` with the outcome once the leader finishes (at once, here, if it has).
    func onFinish(_ handler: @escaping @Sendable (Result<CachedAnswer, FontServiceError>) -> Void) {
        let outcome = progress.withLock { progress -> Result<CachedAnswer, FontServiceError>? in
            switch progress {
            case .running(let waiting):
                progress = .running(waiting: waiting + [handler])
                return nil
            case .finished(let result):
                return result
            }
        }
        if let outcome { handler(outcome) }
    }
}

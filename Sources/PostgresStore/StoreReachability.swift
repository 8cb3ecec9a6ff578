import Synchronization

/// Whether the store's database can be reached, as its `LISTEN` connections find it
/// (docs/DESIGN.md §24 (Replicas on PostgreSQL)): unreachable from the moment one of them loses
/// its connection, fails to make one or goes unanswered by a probe; reachable again once every
/// one of them is listening again. Watchers hear the changes only, never the same state twice.
///
/// The listeners report from the store's executor, one job at a time, so watchers hear the
/// changes in the order they happened; `watch` may be called from any thread.
final class StoreReachability: Sendable {
    /// A change of the store's reachability: nil when it is back, else why it cannot be reached.
    typealias Watcher = @Sendable (_ unreachableReason: String?) -> Void

    private struct State {
        /// Why each listener that is not listening lost its connection, by listener.
        var lost: [ObjectIdentifier: String] = [:]
        /// The reason watchers were last told, nil when they were told (or assume) reachable.
        var told: String?
        var watchers: [Watcher] = []
    }
    private let state = Mutex(State())

    /// Calls `watcher` with every later change, and at once with the reason when the store is
    /// unreachable now.
    func watch(_ watcher: @escaping Watcher) {
        let now = state.withLock { state in
            state.watchers.append(watcher)
            return state.told
        }
        if let now { watcher(now) }
    }

    /// `listener` is listening: its connection is up and answered.
    func listening(_ listener: ObjectIdentifier) {
        update(listener, lostFor: nil)
    }

    /// `listener` has no connection: it failed, ended or went unanswered, for `reason`.
    func lost(_ listener: ObjectIdentifier, reason: String) {
        update(listener, lostFor: reason)
    }

    /// `listener` was stopped: whatever it found no longer counts.
    func forget(_ listener: ObjectIdentifier) {
        update(listener, lostFor: nil)
    }

    /// Notes `listener`'s state, then tells the watchers when the store's changed with it: the
    /// first reason when one listener is lost, nil once none is. Outside the lock: a watcher logs.
    private func update(_ listener: ObjectIdentifier, lostFor reason: String?) {
        let (watchers, news) = state.withLock { state -> ([Watcher], String??) in
            state.lost[listener] = reason
            if state.told == nil, let reason {
                state.told = reason
                return (state.watchers, .some(reason))
            }
            if state.told != nil, state.lost.isEmpty {
                state.told = nil
                return (state.watchers, .some(nil))
            }
            return ([], nil)
        }
        guard case .some(let reason) = news else { return }
        for watcher in watchers { watcher(reason) }
    }
}

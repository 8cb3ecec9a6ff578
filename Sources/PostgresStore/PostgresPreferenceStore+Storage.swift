import ScopedPreferences

/// The PostgreSQL store is the storage several replicas share as it is (docs/DESIGN.md §24 (Replicas on PostgreSQL)).
extension PostgresPreferenceStore: PreferenceStorage {
    /// Shared: every replica commits to it.
    public var isShared: Bool { true }

    /// Through a `LISTEN fontd` connection of its own: on every replica's commit, and after each (re)connection.
    public func watch(_ changed: @escaping @Sendable () -> Void) {
        listen { (_: Int) in changed() }
    }

    /// Through a second `LISTEN fontd` connection, for its revocation notices only.
    public func watchRevocations(_ changed: @escaping @Sendable () -> Void) {
        listen(notices: { notice in if notice == .revocations { changed() } })
    }
}

extension PostgresStoreError: StorageFailureReporting {
    /// Another replica committed first (catch up and plan again), or the database cannot be
    /// reached (503, `/healthz` degraded).
    public var storageFailure: PreferenceStorageFailure? {
        switch self {
        case .positionOutOfOrder(let expected, _): .behind(storedPosition: expected - 1)
        case .unavailable(let reason): .unavailable(reason)
        default: nil
        }
    }
}

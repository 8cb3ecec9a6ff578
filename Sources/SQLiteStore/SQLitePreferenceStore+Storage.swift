import ScopedPreferences

/// The SQLite store is the service's storage as it is (docs/DESIGN.md §12 (The store and the state file)): its `load`, `commit`,
/// `revocations` and `revoke` are the protocol's.
extension SQLitePreferenceStore: PreferenceStorage {}

extension SQLiteStoreError: StorageFailureReporting {
    /// A full disk, or a write-ahead log removed under the store, is a change refused for now
    /// (503 `unavailable` with this sentence, said once in the log and by `/healthz`; docs/DESIGN.md §12 (The store and the state file)).
    public var storageFailure: PreferenceStorageFailure? {
        switch self {
        case .diskFull(let path): .refusing(PreferenceStorageFailure.diskFull(holding: path))
        case .writeAheadLogReplaced: .refusing(description)
        default: nil
        }
    }
}

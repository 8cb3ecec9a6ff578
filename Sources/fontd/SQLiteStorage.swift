import DynamicType
import FontService
import ScopedPreferences
import Logging
import SQLiteStore

/// The SQLite store as the service's storage (docs/DESIGN.md §12): its refusals in the terms the
/// service acts on — a full disk, or a write-ahead log removed under it, is a change refused for
/// now (503 `unavailable` with the store's sentence, said once in the log and by `/healthz`).
final class SQLiteStorage: PreferenceStorage {
    let store: SQLitePreferenceStore

    init(_ store: SQLitePreferenceStore) {
        self.store = store
    }

    /// The store at `location` (the state file imported into a new one), said in the log when a
    /// full disk made it open without its shared-memory index.
    static func open(_ location: StoreLocation, logger: Logger) throws -> SQLiteStorage {
        let store = try location.open()
        if store.isExclusive {
            logger.warning(
                "the disk holding the store is full: SQLite's shared-memory index cannot be made, so fontd holds the store in exclusive mode (no other program can read it while fontd runs) and refuses changes until there is room",
                metadata: ["store": "\(store.path)"])
        }
        return SQLiteStorage(store)
    }

    func load() throws -> StoredScopes {
        try store.load()
    }

    func commit(_ commit: ScopeCommit) throws {
        do { try store.commit(commit) } catch { throw Self.failure(error) }
    }

    func revocations() throws -> [TokenRevocation] {
        try store.revocations()
    }

    func revoke(_ revocation: TokenRevocation) throws {
        do { try store.revoke(revocation) } catch { throw Self.failure(error) }
    }

    /// `error` as the service reads it; other errors pass as they are (500).
    private static func failure(_ error: SQLiteStoreError) -> any Error {
        switch error {
        case .diskFull(let path): PreferenceStorageFailure.refusing(PreferenceStorageFailure.diskFull(holding: path))
        case .writeAheadLogReplaced: PreferenceStorageFailure.refusing(error.description)
        default: error
        }
    }
}

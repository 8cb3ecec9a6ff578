import DynamicType
import ScopedPreferences
import FontService
import PostgresStore

/// The PostgreSQL store as the service's shared storage (docs/DESIGN.md §24): its refusals in the
/// terms the service acts on — another replica committed first (catch up and plan again), or the
/// database cannot be reached (503, `/healthz` degraded).
final class PostgresStorage: SharedPreferenceStorage {
    let store: PostgresPreferenceStore

    init(_ store: PostgresPreferenceStore) {
        self.store = store
    }

    func load() throws -> StoredScopes {
        do { return try store.load() } catch { throw Self.failure(error) }
    }

    func commit(_ commit: ScopeCommit) throws {
        do { try store.commit(commit) } catch { throw Self.failure(error) }
    }

    func entries(after position: Int) throws -> [ScopeHistoryEntry] {
        do { return try store.entries(after: position) } catch { throw Self.failure(error) }
    }

    func watch(_ changed: @escaping @Sendable () -> Void) {
        store.listen { (_: Int) in changed() }
    }

    func revocations() throws -> [TokenRevocation] {
        do { return try store.revocations() } catch { throw Self.failure(error) }
    }

    func revoke(_ revocation: TokenRevocation) throws {
        do { try store.revoke(revocation) } catch { throw Self.failure(error) }
    }

    /// A second `LISTEN fontd` connection, for its revocation notices only.
    func watchRevocations(_ changed: @escaping @Sendable () -> Void) {
        store.listen(notices: { notice in if notice == .revocations { changed() } })
    }

    /// As the store's `LISTEN` connections find the database: within about two seconds either way.
    func watchReachability(_ changed: @escaping @Sendable (_ unreachableReason: String?) -> Void) {
        store.watchReachability(changed)
    }

    /// `error` as the service reads it; other errors pass as they are.
    private static func failure(_ error: PostgresStoreError) -> any Error {
        switch error {
        case .positionOutOfOrder(let expected, _): PreferenceStorageFailure.behind(storedPosition: expected - 1)
        case .unavailable(let reason): PreferenceStorageFailure.unavailable(reason)
        default: error
        }
    }
}

import DynamicType

/// Where the scopes' preferences and their history are kept between runs (docs/DESIGN.md §10):
/// an SQLite database, the §4 state file of old (the root scope only), later PostgreSQL.
/// `FontService` is given one and never knows which.
///
/// The service calls it from its preferences queue only, one call at a time, never from an event loop.
public protocol PreferenceStorage: AnyObject, Sendable {
    /// Every scope with a value of its own, the store's sequence and the kept history, as the service starts.
    func load() throws -> StoredScopes

    /// Keeps `commit` durably (committed and on disk) before it is acknowledged or announced;
    /// on a throw nothing of it is kept.
    func commit(_ commit: ScopeCommit) throws
}

import DynamicType

/// Where the reader's preferences and their history are kept between runs (docs/DESIGN.md §10):
/// the state file of old, an SQLite database, later PostgreSQL. `FontService` is given one and
/// never knows which.
///
/// The store calls it from its own queue only, one call at a time, never from an event loop.
public protocol PreferenceStorage: AnyObject, Sendable {
    /// The preferences and the newest `historyLimit` changes, as the store starts.
    func load(historyLimit: Int) throws -> StoredPreferences

    /// Keeps `changes` durably (committed and on disk) before they are acknowledged or
    /// announced; `state` is what the store holds after them (a whole-file store writes it).
    /// On a throw nothing of them is kept.
    func commit(_ changes: [PreferenceEvent], resulting state: StoredPreferences) throws
}
